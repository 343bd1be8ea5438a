"""Make Star Battle puzzles with exactly one solution.

1. Place N*K non-touching stars, K per row and column, at random (the search on a board
   that has rows and columns but no regions yet).
2. Grow a blob around every star at random, then merge blobs into N connected regions of
   K stars each.
3. While a second solution exists, take a star of it that the planned solution lacks and
   hand that cell to a neighbouring region: the planned solution still fits, the other no
   longer does. Start again from step 1 if this does not settle.
4. With a difficulty, keep only puzzles whose explanation (`explain.py`) grades as asked.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.stars.formats import relabel, to_text, to_url
from puzzlesmith.stars.model import Cell, StarPuzzle, check_solution, max_stars_per_line
from puzzlesmith.stars.solve import solutions

DIFFICULTIES = ("easy", "medium", "hard")
_FIX_STEPS_PER_CELL = 2


@dataclass(frozen=True)
class GeneratedPuzzle:
    """A puzzle with its one solution; `to_json` gives text, URL, grade and solution."""

    puzzle: StarPuzzle
    solution: tuple[Cell, ...]
    difficulty: str
    seed: int
    attempts: int
    elapsed: float

    @property
    def text(self) -> str:
        return to_text(self.puzzle)

    @property
    def url(self) -> str:
        return to_url(self.puzzle)

    def to_json(self) -> dict[str, Any]:
        return {
            "size": self.puzzle.size,
            "stars": self.puzzle.stars,
            "seed": self.seed,
            "difficulty": self.difficulty,
            "text": self.text,
            "url": self.url,
            "regions": [list(row) for row in self.puzzle.regions],
            "solution": [list(c) for c in self.solution],
            "attempts": self.attempts,
            "elapsed_ms": round(self.elapsed * 1000, 1),
        }


def random_stars(n: int, k: int, rng: random.Random, deadline: Deadline) -> list[Cell]:
    """K non-touching stars in every row and column, drawn at random.

    CP-SAT with a random objective, stopped at its first solution: on big tight grids
    (25 x 25 with 6) it finds one in well under a second where plain search wanders.
    """
    model = cp_model.CpModel()
    x = [[model.new_bool_var(f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        model.add(sum(x[r]) == k)
    for c in range(n):
        model.add(sum(x[r][c] for r in range(n)) == k)
    for r in range(n - 1):
        for c in range(n - 1):
            model.add(x[r][c] + x[r][c + 1] + x[r + 1][c] + x[r + 1][c + 1] <= 1)
    model.maximize(sum(rng.randrange(1000) * x[r][c] for r in range(n) for c in range(n)))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = rng.randrange(2**31)
    solver.parameters.stop_after_first_solution = True
    remaining = deadline.remaining()
    if remaining != float("inf"):
        solver.parameters.max_time_in_seconds = max(remaining, 0.01)
    status = solver.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return [(r, c) for r in range(n) for c in range(n) if solver.value(x[r][c])]
    if status == cp_model.INFEASIBLE:
        raise InputError(f"no {n}x{n} grid holds {k} non-touching stars per row and column")
    raise SearchTimeout


def _grow_blobs(n: int, seeds: list[Cell], rng: random.Random) -> list[list[int]]:
    """Every cell joined to one seed's blob, growing a random frontier cell at a time."""
    owner = [[-1] * n for _ in range(n)]
    frontier: list[tuple[int, int, int]] = []
    for b, (r, c) in enumerate(seeds):
        owner[r][c] = b
        frontier.append((r, c, b))
    while frontier:
        j = rng.randrange(len(frontier))
        r, c, b = frontier[j]
        free = [
            (rr, cc)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n and owner[rr][cc] < 0
        ]
        if not free:
            frontier[j] = frontier[-1]
            frontier.pop()
            continue
        rr, cc = rng.choice(free)
        owner[rr][cc] = b
        frontier.append((rr, cc, b))
    return owner


def _merge_blobs(
    owner: list[list[int]], blobs: int, k: int, rng: random.Random
) -> list[int] | None:
    """Blob -> region, each region K blobs that hang together; None if this try got stuck."""
    n = len(owner)
    adj: list[set[int]] = [set() for _ in range(blobs)]
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < n and cc < n and owner[r][c] != owner[rr][cc]:
                    adj[owner[r][c]].add(owner[rr][cc])
                    adj[owner[rr][cc]].add(owner[r][c])
    region = [-1] * blobs
    for g in range(blobs // k):
        free = [b for b in range(blobs) if region[b] < 0]
        # Start from the most hemmed-in blob, so none is left stranded at the end.
        degree = {b: sum(region[x] < 0 for x in adj[b]) for b in free}
        least = min(degree.values())
        start = rng.choice([b for b in free if degree[b] == least])
        group = [start]
        region[start] = g
        while len(group) < k:
            options = sorted({x for b in group for x in adj[b] if region[x] < 0})
            if not options:
                return None
            # Prefer blobs with few free neighbours left: they are the ones that get stranded.
            free_nbrs = {x: sum(region[y] < 0 for y in adj[x]) for x in options}
            fewest = min(free_nbrs.values())
            pick = rng.choice([x for x in options if free_nbrs[x] <= fewest + 1])
            region[pick] = g
            group.append(pick)
    return region


def random_regions(
    n: int, k: int, stars: list[Cell], rng: random.Random, tries: int = 200
) -> list[list[int]] | None:
    """Connected regions holding K of the given stars each, or None after `tries` failures."""
    for _ in range(tries):
        owner = _grow_blobs(n, stars, rng)
        region = _merge_blobs(owner, len(stars), k, rng) if k > 1 else list(range(len(stars)))
        if region is not None:
            return [[region[b] for b in row] for row in owner]
    return None


def _connected_without(grid: list[list[int]], cell: Cell) -> bool:
    """Whether the region of `cell` stays in one piece once `cell` leaves it."""
    n = len(grid)
    r0, c0 = cell
    g = grid[r0][c0]
    rest = [(r, c) for r in range(n) for c in range(n) if grid[r][c] == g and (r, c) != cell]
    if not rest:
        return False
    seen = {rest[0]}
    stack = [rest[0]]
    while stack:
        r, c = stack.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            rr, cc = nb
            if (
                0 <= rr < n and 0 <= cc < n and nb != cell
                and grid[rr][cc] == g and nb not in seen
            ):
                seen.add(nb)
                stack.append(nb)
    return len(seen) == len(rest)


def _first_two(
    puzzle: StarPuzzle, deadline: Deadline, planned: tuple[Cell, ...]
) -> list[tuple[Cell, ...]]:
    found = []
    for sol in solutions(puzzle, deadline, engine="auto", hint=planned):
        found.append(sol)
        if len(found) == 2:
            break
    return found


def make_unique(
    grid: list[list[int]],
    k: int,
    planned: list[Cell],
    rng: random.Random,
    deadline: Deadline,
) -> StarPuzzle | None:
    """Reshape the regions until the planned stars are the only solution (None: gave up)."""
    n = len(grid)
    plan = set(planned)
    for _ in range(_FIX_STEPS_PER_CELL * n * n):
        puzzle = StarPuzzle.from_labels(grid, k)
        found = _first_two(puzzle, deadline, tuple(planned))
        others = [s for s in found if set(s) != plan]
        if not others:
            return puzzle
        if not _move_one(grid, [c for c in others[0] if c not in plan], rng):
            # Every such cell holds its region together: reshape a random border instead.
            free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in plan]
            _move_one(grid, free, rng)
    return None


def _move_one(grid: list[list[int]], cells: list[Cell], rng: random.Random) -> bool:
    """Hand one of `cells` to a neighbouring region, keeping its own region connected."""
    n = len(grid)
    moves = []
    for r, c in cells:
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < n and 0 <= cc < n and grid[rr][cc] != grid[r][c]:
                moves.append(((r, c), grid[rr][cc]))
    rng.shuffle(moves)
    for cell, target in moves:
        if _connected_without(grid, cell):
            grid[cell[0]][cell[1]] = target
            return True
    return False


def generate(
    size: int,
    stars: int = 1,
    *,
    seed: int | None = None,
    difficulty: str | None = None,
    time_limit: float | None = 60.0,
) -> GeneratedPuzzle:
    """A random puzzle with exactly one solution (and the given difficulty, if any).

    Deterministic for a given seed. Raises InputError for impossible sizes and SearchTimeout
    when `time_limit` seconds pass without a puzzle.
    """
    if size < 1 or size > 40:
        raise InputError(f"size must be between 1 and 40, got {size}")
    if stars < 1 or stars > max_stars_per_line(size):
        raise InputError(
            f"{stars} stars per row cannot fit in a {size}x{size} grid without touching "
            f"(at most {max_stars_per_line(size)})"
        )
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise InputError(f"unknown difficulty {difficulty!r}: choose {', '.join(DIFFICULTIES)}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    deadline = Deadline(time_limit)
    attempts = 0
    while True:
        if deadline.expired():
            raise SearchTimeout
        attempts += 1
        planned = random_stars(size, stars, rng, deadline)
        grid = random_regions(size, stars, planned, rng)
        if grid is None:
            continue
        puzzle = make_unique(grid, stars, planned, rng, deadline)
        if puzzle is None:
            continue
        grade = _grade(puzzle, deadline)
        if difficulty is not None and grade != difficulty:
            continue
        return GeneratedPuzzle(
            puzzle=relabel(puzzle),
            solution=check_solution(puzzle, planned),
            difficulty=grade,
            seed=seed,
            attempts=attempts,
            elapsed=deadline.elapsed(),
        )


def _grade(puzzle: StarPuzzle, deadline: Deadline) -> str:
    from puzzlesmith.stars.explain import explain

    remaining = deadline.remaining()
    budget = None if remaining == float("inf") else max(remaining, 0.001)
    return explain(puzzle, time_limit=budget).difficulty
