"""Random maps around a planned solution, and making one unique (steps 1 to 3 of
`generate`): stars placed, regions grown around them and merged, and other solutions
broken by handing their stars to neighbouring regions."""

from __future__ import annotations

import random
from collections import deque

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.model import Cell, StarPuzzle
from puzzlesmith.stars.solve import solutions

_FIX_ROUNDS_PER_SIDE = 4  # rounds of reshaping per grid side before starting afresh
_MAX_PATH = 6  # longest run of cells moved together to break another solution


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
