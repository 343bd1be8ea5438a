"""Make Star Battle puzzles with exactly one solution.

1. Place N*K non-touching stars, K per row and column, at random (the search on a board
   that has rows and columns but no regions yet).
2. Grow a blob around every star at random, then merge blobs into N connected regions of
   K stars each.
3. While a second solution exists (SAT or search, steered towards the plan), hand every
   star of it that the plan lacks to a neighbouring region it has not been in yet, with a
   short path of unplanned cells if it lies inside its region: the plan still fits, the
   other solution no longer does. Start again from step 1 if this does not settle. The
   final check is a full solver proof that no second solution exists.
4. With a difficulty (or a score range), steer the regions towards the level instead of
   only testing it (`_steer`): the rules up to that level (`explain`) run on the map, and
   where they get stuck, cells are handed from region to region (never a planned star, each
   region staying in one piece), a change kept only if the rules then leave no more cells
   undecided and the regions no looser. When the rules up to the level decide every cell
   the solution is unique (sound rules leave no other) and the explanation is at most that
   hard; the puzzle is kept when its hardest step is that level (and its score in range).
   Easy puzzles are grown this way from a fresh map; the harder levels start from a unique
   map (step 3), which is often at the level already, up to 15x15, and from a fresh map on
   bigger grids, where the proof of step 3 is the costly part. When the steering stalls,
   the solver looks for another solution where the rules stopped, and step 3's moves break
   it.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from itertools import takewhile
from typing import TYPE_CHECKING, Any

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.stars.board import bits
from puzzlesmith.stars.formats import relabel, to_text, to_url
from puzzlesmith.stars.model import Cell, StarPuzzle, check_solution, max_stars_per_line
from puzzlesmith.stars.solve import solutions

if TYPE_CHECKING:
    from puzzlesmith.stars.board import Board
    from puzzlesmith.stars.explain import Step

DIFFICULTIES = ("easy", "medium", "hard", "expert")
Progress = Callable[[dict[str, Any]], None]
_FIX_ROUNDS_PER_SIDE = 4  # rounds of reshaping per grid side before starting afresh
# Wall seconds for grading a puzzle made without a level (see _grade). Up to 15x15 a grade
# takes at most a few seconds of CPU; a full grade of a 25x25 6-star map can take longer
# than making one is allowed (docs/stars.md), so above 15x15 it is cut off sooner.
_GRADE_LIMIT = 20.0
_GRADE_LIMIT_BIG = 5.0
_MAX_PATH = 6  # longest run of cells moved together to break another solution
# The only shape with 3 or more stars a line where steering finds easy puzzles: 12x12
# 3-star, the tightest grid that holds 3 stars. On 13x13 and 14x14 3-star and 16x16 4-star
# no seed found one within a minute (docs/stars.md), so those are refused at once rather than
# left to run out of time.
_EASY_BEYOND_TWO_STARS = frozenset({(12, 3)})


@dataclass(frozen=True)
class GeneratedPuzzle:
    """A puzzle with its one solution; `to_json` gives text, URL, grade and solution."""

    puzzle: StarPuzzle
    solution: tuple[Cell, ...]
    difficulty: str
    score: float
    seed: int
    attempts: int
    elapsed: float
    steps: int | None = None  # of the explanation the grade comes from (None: not known)
    # False when the grade's explanation was cut off by its time budget (`_GRADE_LIMIT`,
    # `_GRADE_LIMIT_BIG` above 15x15), or ran past half of it (`Explanation.hurried`):
    # then "search" means only that the rules had not finished in time.
    grade_complete: bool = True

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
            "score": self.score,
            "text": self.text,
            "url": self.url,
            "regions": [list(row) for row in self.puzzle.regions],
            "solution": [list(c) for c in self.solution],
            "step_count": self.steps,
            "grade_complete": self.grade_complete,
            "attempts": self.attempts,
            "elapsed_ms": round(self.elapsed * 1000, 1),
        }


def random_stars(n: int, k: int, rng: random.Random, deadline: Deadline) -> list[Cell]:
    """K non-touching stars in every row and column, drawn at random (SAT: see
    `sat.random_line_stars`)."""
    from puzzlesmith.stars.sat import random_line_stars

    stars = random_line_stars(n, k, rng, deadline)
    if stars is None:
        raise InputError(f"no {n}x{n} grid holds {k} non-touching stars per row and column")
    return stars


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


def _neighbours(n: int, cell: Cell) -> list[Cell]:
    r, c = cell
    return [(rr, cc) for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def _connected_without(grid: list[list[int]], cells: Cell | set[Cell]) -> bool:
    """Whether the region of the given cell(s) stays in one non-empty piece once they leave it."""
    removed = {cells} if isinstance(cells, tuple) else cells
    n = len(grid)
    r0, c0 = next(iter(removed))
    g = grid[r0][c0]
    rest = [(r, c) for r in range(n) for c in range(n) if grid[r][c] == g and (r, c) not in removed]
    if not rest:
        return False
    seen = {rest[0]}
    stack = [rest[0]]
    while stack:
        for nb in _neighbours(n, stack.pop()):
            if nb not in seen and nb not in removed and grid[nb[0]][nb[1]] == g:
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
    """Reshape the regions until the planned stars are the only solution (None: gave up).

    Another solution has stars the plan lacks; moving any of those cells to another region
    (the plan keeps its counts, as the cell holds no planned star) leaves that region one
    star short for it. Every such cell is moved, each as the head of a short path of
    unplanned cells when it sits inside its region: the other solution is usually a few
    independent local swaps, and this breaks them all at once. Gives up when no cell can
    move or after a bounded number of rounds, so the caller starts afresh.
    """
    n = len(grid)
    plan = set(planned)
    history: dict[Cell, set[int]] = {}
    for _ in range(_FIX_ROUNDS_PER_SIDE * n):
        puzzle = StarPuzzle.from_labels(grid, k)
        found = _first_two(puzzle, deadline, tuple(planned))
        others = [s for s in found if set(s) != plan]
        if not others:
            return puzzle
        extra = [c for c in others[0] if c not in plan]
        rng.shuffle(extra)
        moved = 0
        for cell in extra:
            been = history.setdefault(cell, {grid[cell[0]][cell[1]]})
            # A region the cell has not been in first: handing it back and forth between two
            # regions only trades one other solution for another.
            if _move_path(grid, cell, plan, rng, been) or _move_path(grid, cell, plan, rng, set()):
                been.add(grid[cell[0]][cell[1]])
                moved += 1
        if not moved:
            return None
    return None


def _move_path(
    grid: list[list[int]], cell: Cell, plan: set[Cell], rng: random.Random, avoid: set[int]
) -> bool:
    """Hand `cell` to a neighbouring region not in `avoid`, with the fewest unplanned cells of its own region
    that link it to that neighbour (breadth first, at most _MAX_PATH), keeping its region
    connected. False if no such move exists."""
    n = len(grid)
    g = grid[cell[0]][cell[1]]
    came_from: dict[Cell, Cell | None] = {cell: None}
    queue = deque([cell])
    while queue:
        cur = queue.popleft()
        path: list[Cell] = []
        step: Cell | None = cur
        while step is not None:
            path.append(step)
            step = came_from[step]
        if len(path) > _MAX_PATH:
            return False
        targets = sorted({grid[r][c] for r, c in _neighbours(n, cur)} - avoid - {g})
        if targets and _connected_without(grid, set(path)):
            target = rng.choice(targets)
            for r, c in path:
                grid[r][c] = target
            return True
        nbs = _neighbours(n, cur)
        rng.shuffle(nbs)
        for nb in nbs:
            if nb not in came_from and nb not in plan and grid[nb[0]][nb[1]] == g:
                came_from[nb] = cur
                queue.append(nb)
    return False


def check_request(size: int, stars: int, difficulty: str | None = None,
                  score: tuple[float, float] | None = None) -> None:
    """Raise InputError, at once, for what `generate` cannot make."""
    if size < 1 or size > 40:
        raise InputError(f"size must be between 1 and 40, got {size}")
    if stars < 1 or stars > max_stars_per_line(size):
        raise InputError(
            f"{stars} stars per row cannot fit in a {size}x{size} grid without touching "
            f"(at most {max_stars_per_line(size)})"
        )
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise InputError(f"unknown difficulty {difficulty!r}: choose {', '.join(DIFFICULTIES)}")
    if difficulty == "easy" and stars >= 3 and (size, stars) not in _EASY_BEYOND_TWO_STARS:
        raise InputError(
            f"easy {size}x{size} puzzles with {stars} stars are out of reach: the easy rules "
            "alone do not finish such grids; try medium")
    if score is not None and not 0 <= score[0] <= score[1]:
        raise InputError(f"score range must be MIN-MAX with 0 <= MIN <= MAX, got {score[0]:g}-{score[1]:g}")


def generate(
    size: int,
    stars: int = 1,
    *,
    seed: int | None = None,
    difficulty: str | None = None,
    score: tuple[float, float] | None = None,
    time_limit: float | None = 60.0,
    progress: Progress | None = None,
) -> GeneratedPuzzle:
    """A random puzzle with exactly one solution (and the given difficulty and score range
    (inclusive), if any: then only puzzles the rules solve without a search step; a score
    range alone takes puzzles up to hard).

    Deterministic for a given seed. Raises InputError for impossible sizes and SearchTimeout
    when `time_limit` seconds pass without a puzzle. `progress`, if given, hears how far the
    current try got: {"attempt": tries so far, "undecided": cells the rules leave open,
    "cells": N*N} (undecided only while steering towards a level).
    """
    check_request(size, stars, difficulty, score)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    deadline = Deadline(time_limit)
    report: Progress = progress or (lambda _: None)
    # Without a level, grids over 15x15 that hold as many stars as fit are steered up to
    # hard too: there the solver's uniqueness proof and a full grade (see
    # `_GRADE_LIMIT_BIG`) cost more than steering, whose rules prove uniqueness and grade the
    # puzzle on the way.
    steer = (difficulty is not None or score is not None
             or (size > _UNIQUE_FIRST_UPTO and stars == max_stars_per_line(size)))
    cap = DIFFICULTIES.index(difficulty) if difficulty is not None else DIFFICULTIES.index("hard")
    attempts = 0
    while True:
        if deadline.expired():
            raise SearchTimeout
        attempts += 1
        report({"attempt": attempts, "cells": size * size})
        planned = random_stars(size, stars, rng, deadline)
        grid = random_regions(size, stars, planned, rng)
        if grid is None:
            continue
        if not steer:
            puzzle = make_unique(grid, stars, planned, rng, deadline)
            if puzzle is None:
                continue
            grade, points, steps, complete = _grade(puzzle, deadline, planned)
        else:
            expert = cap == DIFFICULTIES.index("expert")
            unique = None
            if cap > 0 and (size <= _UNIQUE_FIRST_UPTO or expert):
                # A unique map is often at a harder level already; if it is not unique, the
                # rules the steering runs still show where it is stuck. Above 15x15 the
                # steering starts from the fresh map: there the solver's proof that a map
                # is unique takes seconds (25x25 6-star), the steering's rules prove
                # it anyway when they decide every cell, and the other solutions they stop
                # at are broken when the steering stalls (`_steer`). Expert maps are only
                # tested (below), so they are always made unique first: a fresh map is
                # rarely unique over 15x15.
                unique = make_unique(grid, stars, planned, rng, deadline)
            if expert and unique is None:
                continue

            def left_open(cells: int, tries: int = attempts) -> None:
                report({"attempt": tries, "undecided": cells, "cells": size * size})

            # Expert steering would run trial over every open cell for every change it tries:
            # too slow to help, so expert puzzles are only tested.
            known: list[Step] | None = None
            if not expert:
                steered = _steer(grid, stars, planned, cap, rng, deadline, left_open,
                                 exact=difficulty is not None)
                if steered is None:
                    continue
                known = steered or None
            puzzle = StarPuzzle.from_labels(grid, stars)
            # Steering at medium or hard ends with explain's own steps for this very map (the
            # rules up to the level, from the empty grid): no need to run them again.
            graded = _grade_steps(puzzle, known) if known else _grade_upto(puzzle, cap, deadline, planned)
            if graded is None:
                continue
            grade, points, steps = graded
            complete = True
            if difficulty is not None and grade != difficulty:
                continue
            if score is not None and not score[0] <= points <= score[1]:
                continue
        return GeneratedPuzzle(
            puzzle=relabel(puzzle),
            solution=check_solution(puzzle, planned),
            difficulty=grade,
            score=points,
            seed=seed,
            attempts=attempts,
            elapsed=deadline.elapsed(),
            steps=steps,
            grade_complete=complete,
        )


_STEER_STALE = 150  # region changes in a row that gain nothing before a fresh map
# Changes in a row that gain nothing before the solver is asked whether the map has another
# solution where the rules stop (`_steer`).
_STALL_CHECK = 3
# The solver's budget for that, in conflicts (none found within it: steer on). Conflicts,
# not seconds, so that a seed gives the same puzzle under any load.
_STALL_CONFLICTS = 20_000
_BREAK_TRIES = 2  # ways tried to break such a solution before a fresh map
# ... each kept only if the rules then leave at most this many times N more undecided
# (measured in `_stuck`'s terms) than before.
_BREAK_SLACK = 1.0
_UNIQUE_FIRST_UPTO = 15  # largest grid side whose steering starts from a unique map
_LOOSENESS = 1.0  # weight of the regions' open placements against cells left undecided
_OPEN_PICK = 0.7  # how often a change moves a stuck region's open cells, not a random cell
# No region grows past this many times N cells. The regions that take the cells others give
# away would otherwise swell to 3-5 N; in the 2,417 real puzzles the largest region of a
# 10x10, 14x14 or 25x25 grid is 1.6-2.1 N (median by source), and over 2.5 N in 11 of
# those 282 puzzles.
_MOST_CELLS = 2.5


def _explain_upto(
    puzzle: StarPuzzle, cap: int, deadline: Deadline, planned: list[Cell]
) -> tuple[int, int, list[Step]] | None:
    """The explainer's steps up to level `cap`, until they get stuck: (stars, open cells,
    steps); None when the deadline passed (or, at expert, half of the time left). The rules
    are explain's own, in its order, cut at the first one above the level, and a step above
    the level ends the run as stuck: from the empty grid these are exactly `explain`'s first
    steps (it too takes the first rule that decides something), so when no cell is left
    open they are its whole explanation, and its grade is at most `cap`.
    """
    from puzzlesmith.stars.explain import LEVELS, RULES, apply_step, past_half, rules_in_order

    # Up to hard, no rule's work depends on time, and the rules get no time limit of their
    # own: on grids over 15x15 explain's scans narrow once half of a time limit has passed,
    # and the steps here must be those of `explain` with none. The deadline is checked
    # between steps instead. Expert's deep trial can run for long, so it gets the time
    # left, and a map still going past half of it is passed over (its steps, too, might
    # not be explain's).
    # (The plan is a solution of every map built around it: see `rules_in_order`.)
    own = (Deadline(None) if cap <= 2 or deadline.seconds is None
           else Deadline(max(deadline.remaining(), 0.001)))
    b, every = rules_in_order(puzzle, own, planned)
    # The rules (easiest first) up to the first one above the level asked. Only which rules
    # are run at all depends on this: a step above the level asked stops the run.
    rules = [rule for spec, rule in takewhile(lambda pair: LEVELS.index(pair[0].level) <= cap,
                                              zip(RULES, every, strict=True))]
    stars, open_ = 0, b.full
    steps: list[Step] = []
    while open_:
        if deadline.expired():
            return None
        found = next((step for rule in rules if (step := rule(stars, open_)) is not None), None)
        if found is None or LEVELS.index(found.level) > cap:
            break
        stars, open_ = apply_step(b, found, stars, open_)
        steps.append(found)
    if past_half(own):
        return None
    return stars, open_, steps


def _grade_upto(
    puzzle: StarPuzzle, cap: int, deadline: Deadline, planned: list[Cell]
) -> tuple[str, float, int] | None:
    """The grade, score and step count of a puzzle the rules up to level `cap` solve (None
    otherwise)."""
    done = _explain_upto(puzzle, cap, deadline, planned)
    if done is None or done[1]:
        return None
    return _grade_steps(puzzle, done[2])


def _grade_steps(puzzle: StarPuzzle, steps: list[Step]) -> tuple[str, float, int]:
    """The grade, score and step count of explain's steps that solve the puzzle."""
    from puzzlesmith.stars.explain import LEVELS, Explanation

    worst = max((LEVELS.index(s.level) for s in steps), default=0)
    # The score as `explain` adds it up.
    points = Explanation(size=puzzle.size, stars=puzzle.stars, status="solved",
                         difficulty=LEVELS[worst], used_search=False, unique=True,
                         steps=tuple(steps), solution=None, elapsed=0.0).score
    return LEVELS[worst], points, len(steps)


def _easy_closure(board: Board, regs: list[int]) -> tuple[int, int]:
    """What the easy rules decide from the empty grid, all at once (stars, open cells): a
    full unit's other cells are empty, a unit with as many open cells as stars missing fills,
    a star's neighbours are empty, cells touching every open cell of a unit that needs one
    more star are empty, and one-line confinement. `propagate` applies the first four too,
    but also checks every line and band for room, which a map grown around a planned solution
    never lacks; without those checks this runs twice as fast, and steering runs it for every
    change it tries."""
    n, k, nbr = board.n, board.k, board.nbr
    units = board.units[:2 * n] + tuple(regs)
    lines = units[:2 * n]
    stars, open_ = 0, board.full
    while True:
        before = open_
        for m in units:
            om = open_ & m
            if not om:
                continue
            need = k - (stars & m).bit_count()
            if need == 0:
                open_ &= ~m
            elif om.bit_count() == need:
                for i in bits(om):
                    stars |= 1 << i
                    open_ &= ~((1 << i) | nbr[i])
            elif need == 1:
                common = open_ & ~m
                while om and common:
                    low = om & -om
                    common &= nbr[low.bit_length() - 1]
                    om ^= low
                open_ &= ~common
        open_regs = [(open_ & m, k - (stars & m).bit_count()) for m in regs]
        open_regs = [(om, need) for om, need in open_regs if om]
        for line in lines:
            if not open_ & line:
                continue
            need = k - (stars & line).bit_count()
            inside_need = touch_need = inside = touch = 0
            for om, rneed in open_regs:
                if om & line:
                    touch_need += rneed
                    touch |= om
                    if not om & ~line:
                        inside_need += rneed
                        inside |= om
            if inside and inside_need == need:
                open_ &= ~(line & ~inside)
            if touch_need == need:
                open_ &= ~(touch & ~line)
        if open_ == before:
            return stars, open_


def _stuck(
    regs: list[int], k: int, base: Board, cap: int, deadline: Deadline, planned: list[Cell]
) -> tuple[float, int, list[int], list[Step] | None]:
    """Where the rules up to level `cap` get stuck on a map (region masks): (how far from
    solved, open cells, open cells per region, and above easy the steps). How far: the open
    cells, plus how loose the regions are (log2 of the ways each could still place its
    stars), so that a change that tightens a region counts before it lets a rule fire.
    Easy runs its rules all at once (`_easy_closure`); above easy, the rules run as explain
    runs them, from the empty grid, so when they leave nothing open their steps are the
    explanation (and grade) of the map."""
    steps: list[Step] | None = None
    if cap == 0:
        stars, open_ = _easy_closure(base, regs)
    else:
        n = base.n
        grid = [[0] * n for _ in range(n)]
        for g, m in enumerate(regs):
            for i in bits(m):
                grid[i // n][i % n] = g
        done = _explain_upto(StarPuzzle.from_labels(grid, k), cap, deadline, planned)
        if done is None:
            stars, open_ = _easy_closure(base, regs)
        else:
            stars, open_, steps = done
    loose = 0.0
    for m in regs:
        om = (open_ & m).bit_count()
        if om:
            loose += math.log2(math.comb(om, k - (stars & m).bit_count()))
    return open_.bit_count() + _LOOSENESS * loose, open_, [open_ & m for m in regs], steps


def _steer(
    grid: list[list[int]], k: int, planned: list[Cell], cap: int, rng: random.Random,
    deadline: Deadline, report: Callable[[int], None], exact: bool = False,
) -> list[Step] | None:
    """Reshape the regions (in place) until the rules up to level `cap` decide every cell;
    None when changes stop helping (or time runs out), else explain's steps for the map
    (above easy; an empty list at easy, where they are not worked out here).

    A change hands cells that hold no planned star to neighbouring regions, keeping their own
    regions in one piece, so every region keeps its K planned stars. Mostly the cells are all
    the open cells (after the rules) of one region, bar its stars, that can go: a region
    left with only its stars open is filled by the easy rules, and its stars' neighbours
    empty. Each cell goes to a neighbouring region with no open cell left if it can (the rules
    empty it there at once), and never to a region of _MOST_CELLS * N cells already (the
    receivers would swell, unlike real puzzles). The change stays if the map is then no
    further from solved
    (`_stuck`), and, with `exact` (a level asked), not solved by easier rules than level
    `cap`; after _STEER_STALE changes in a row that gain nothing, a fresh map is tried.
    Above easy, after _STALL_CHECK such changes, the solver looks for another solution where the rules
    stopped, and if there is one, it is broken (its stars outside the plan handed to other
    regions); a fresh map when that cannot be done.
    """
    from puzzlesmith.stars.board import Board

    n = len(grid)
    planbits = sum(1 << (r * n + c) for r, c in planned)
    base = Board.of(StarPuzzle.from_labels(grid, k))
    owner = [g for row in grid for g in row]
    regs = [0] * n
    for i, g in enumerate(owner):
        regs[g] |= 1 << i
    left_col = sum(1 << (r * n) for r in range(n))
    not_left, not_right = base.full & ~left_col, base.full & ~(left_col << (n - 1))

    def spread(x: int) -> int:
        return x | ((x << 1) & not_left) | ((x >> 1) & not_right) | (x << n) | (x >> n)

    def in_one_piece(m: int) -> bool:
        seen = m & -m
        while True:
            grown = spread(seen) & m
            if grown == seen:
                return seen == m
            seen = grown

    most = int(_MOST_CELLS * n)
    if max(m.bit_count() for m in regs) > most:
        return None  # rare in a fresh map; a fresh one is quicker than shrinking this one
    far, open_, open_in, steps = _stuck(regs, k, base, cap, deadline, planned)
    plan = set(planned)
    stale = 0
    while open_:
        report(open_.bit_count())
        if stale >= _STEER_STALE or deadline.expired():
            return None
        stale += 1
        if stale == _STALL_CHECK and cap > 0:
            # Sound rules cannot decide cells where the map has another solution, and no
            # change that leaves it in place helps. Changes found at random rarely break it
            # (on 25x25 6-star it was often a swap of two stars between two pairs of cells,
            # that the steering never broke), so when the steering stalls, the solver looks
            # for one among the open cells (every decided cell is the plan's, the rules being
            # sound; with few open cells this takes milliseconds, with most of a 25x25 grid
            # open up to seconds, hence a budget), and its stars outside the plan leave
            # their regions, as in `make_unique`. (Not at easy: that steering starts from
            # a fresh map, full of other solutions, and breaking them at every stall
            # threw away its progress: fewer easy 10x10 2-star maps within the time.)
            try:
                other = _other_solution(owner, k, planned, planbits & ~open_, open_, deadline)
            except SearchTimeout:
                other = None
            if other is None:
                continue
            extra = sorted(set(other) - plan)
            best = None
            for _ in range(_BREAK_TRIES):
                trial = [owner[r * n:(r + 1) * n] for r in range(n)]
                moved = False
                for cell in rng.sample(extra, len(extra)):
                    again = [row[:] for row in trial]
                    if _move_path(again, cell, plan, rng, set()) and max(
                            sum(row.count(g) for row in again) for g in range(n)) <= most:
                        trial, moved = again, True
                if not moved:
                    break
                owner2 = [g for row in trial for g in row]
                regs2 = [0] * n
                for i, g in enumerate(owner2):
                    regs2[g] |= 1 << i
                got = _stuck(regs2, k, base, cap, deadline, planned)
                if got[0] <= far + _BREAK_SLACK * n and not (exact and not got[1]
                                                             and _worst(got[3]) < cap):
                    best = owner2, regs2, got
                    break
            if best is None:
                return None  # it stays, or breaking it undoes the steering: a fresh map
            owner, regs, (far2, open_, open_in, steps) = best
            if far2 < far:
                stale = 0
            far = far2
            continue
        if rng.random() < _OPEN_PICK:
            # Every open cell of a region that the rules left stuck, bar its stars.
            live = [m & ~planbits for m in open_in if m & ~planbits]
            if not live:
                continue
            cells = bits(rng.choice(live))
            rng.shuffle(cells)
        else:
            cells = [rng.randrange(n * n)]
        undo = []
        for i in cells:
            bit = 1 << i
            g = owner[i]
            if bit & planbits or not in_one_piece(regs[g] & ~bit):
                continue
            near = spread(bit) & ~bit
            targets = [h for h in range(n) if h != g and regs[h] & near
                       and regs[h].bit_count() < most]
            if not targets:
                continue
            closed = [h for h in targets if not open_in[h]]
            h = rng.choice(closed or targets)
            owner[i] = h
            regs[g] &= ~bit
            regs[h] |= bit
            undo.append((i, g, h))
        if not undo:
            continue
        far2, open_2, open2, steps2 = _stuck(regs, k, base, cap, deadline, planned)
        if exact and not open_2 and _worst(steps2) < cap:
            # Solved, but by easier rules than asked: not the puzzle wanted, and a fresh map
            # would lose the steering done so far, so the change is undone instead.
            far2 = far + 1
        if far2 <= far:
            if far2 < far:
                stale = 0
            far, open_, open_in, steps = far2, open_2, open2, steps2
        else:
            for i, g, h in reversed(undo):
                owner[i] = g
                regs[h] &= ~(1 << i)
                regs[g] |= 1 << i
    for i, g in enumerate(owner):
        grid[i // n][i % n] = g
    return steps or []


def _worst(steps: list[Step] | None) -> int:
    """The level of the hardest of explain's steps (0 for none)."""
    from puzzlesmith.stars.explain import LEVELS

    return max((LEVELS.index(s.level) for s in steps or ()), default=0)


def _other_solution(owner: list[int], k: int, planned: list[Cell], stars: int, open_: int,
                    deadline: Deadline) -> tuple[Cell, ...] | None:
    """A solution of the map (region per cell, in reading order) other than the plan, with
    the given stars and no star outside the open cells (bit masks); None if there is none."""
    n = len(planned) // k
    puzzle = StarPuzzle.from_labels([owner[r * n:(r + 1) * n] for r in range(n)], k)
    plan = set(planned)
    for count, sol in enumerate(solutions(puzzle, deadline, hint=tuple(planned),
                                          state=(stars, open_), conflicts=_STALL_CONFLICTS)):
        if set(sol) != plan:
            return sol
        if count:
            break
    return None



def _grade(puzzle: StarPuzzle, deadline: Deadline, solution: list[Cell] | None = None,
           limit: float | None = None) -> tuple[str, float, int, bool]:
    """Grade, score, step count and whether the grade is complete, by a full explain.
    `solution`: the puzzle's only one, when `make_unique` has just proved it so (the
    explainer then does not solve again: a second or so on 25x25 with 6)."""
    from puzzlesmith.stars.explain import explain

    # On big grids (25x25 with 6) the step-by-step pass can take a minute: it gets at most
    # `limit` seconds, after which the rest is filled by search and the grade reads
    # "search", marked incomplete. The puzzle itself does not depend on this; only that
    # grade can, on timing.
    if limit is None:
        limit = _GRADE_LIMIT if puzzle.size <= 15 else _GRADE_LIMIT_BIG
    budget = max(min(deadline.remaining(), limit), 0.001)
    result = explain(puzzle, time_limit=budget,
                     known_solution=tuple(solution) if solution is not None else None)
    # Out of time, explain ends with one search step for the rest (`cut_short`), or with no
    # steps at all when its own solve ran out. Past half of its time it may take other steps
    # than `stars explain` with time to spare (`hurried`): a grade, but not the puzzle's own.
    cut = result.solution is None or result.cut_short
    grade = "search" if cut else result.difficulty
    return grade, result.score, len(result.steps), not (cut or result.hurried)


def parse_score_range(text: str) -> tuple[float, float]:
    """"20-60" -> (20.0, 60.0); "40" -> (40.0, 40.0)."""
    lo, sep, hi = text.partition("-")
    try:
        low = float(lo)
        high = float(hi) if sep else low
    except ValueError:
        raise InputError(f"--score wants MIN-MAX such as 20-60, got {text!r}") from None
    return low, high
