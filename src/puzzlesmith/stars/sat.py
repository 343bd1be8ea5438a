"""The SAT engine: the puzzle as CNF for PySAT, used where it beats the Python search.

One variable per cell; each row, column and region sums to K (a sequential-counter
encoding, or Minicard's native cardinality constraints); touching cells are never both
stars. Solutions are enumerated by blocking each one found. Glucose 4 is the default: it
matches Minicard on small grids and is far faster on the hard 25x25 6-star maps the
generator meets (docs/stars.md, "Which engine runs when"). `random_line_stars` is the
generator's first step (rows and columns only, no regions yet).

Only the modules that solve import this one, inside their functions: PySAT takes a tenth
of a second to load and most commands never need it.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable, Iterator

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.stars.model import StarPuzzle

SOLVER_NAME = "glucose4"


def _clauses(puzzle: StarPuzzle) -> tuple[list[list[int]], list[tuple[list[int], int]], int]:
    """Clauses, native at-most constraints (lits, bound), and the number of cell variables."""
    n, k = puzzle.size, puzzle.stars

    def var(r: int, c: int) -> int:
        return r * n + c + 1

    units: list[list[int]] = [[var(r, c) for c in range(n)] for r in range(n)]
    units += [[var(r, c) for r in range(n)] for c in range(n)]
    regs: list[list[int]] = [[] for _ in range(n)]
    for r in range(n):
        for c in range(n):
            regs[puzzle.regions[r][c]].append(var(r, c))
    units += regs
    clauses: list[list[int]] = []
    atmost: list[tuple[list[int], int]] = []
    for lits in units:
        atmost.append((lits, k))
        atmost.append(([-x for x in lits], len(lits) - k))
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
                if 0 <= rr < n and 0 <= cc < n:
                    clauses.append([-var(r, c), -var(rr, cc)])
    return clauses, atmost, n * n


def _cnf_only(puzzle: StarPuzzle) -> tuple[list[list[int]], int]:
    """The same model with cardinalities encoded as clauses (for solvers without native ones)."""
    clauses, atmost, nvars = _clauses(puzzle)
    _encode_atmost(clauses, atmost, nvars)
    return clauses, nvars


def _encode_atmost(clauses: list[list[int]], atmost: list[tuple[list[int], int]], nvars: int) -> None:
    pool = IDPool(start_from=nvars + 1)
    for lits, bound in atmost:
        if bound < 0:
            # A region smaller than K: no assignment works.
            clauses.extend([[1], [-1]])
        elif bound < len(lits):
            enc = CardEnc.atmost(lits=lits, bound=bound, vpool=pool, encoding=EncType.seqcounter)
            clauses.extend(enc.clauses)


def _solve_limited(solver: Solver, deadline: Deadline, assumptions: Iterable[int] = ()) -> bool:
    """One solve under the deadline (SearchTimeout when it passes, or a budget set on the
    solver runs out)."""
    remaining = deadline.remaining()
    if remaining <= 0:
        raise SearchTimeout
    # The C solver cannot see our deadline; a timer interrupts it from outside.
    timer = None
    if remaining != float("inf"):
        timer = threading.Timer(remaining, solver.interrupt)
        timer.start()
    try:
        found = solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
    finally:
        if timer is not None:
            timer.cancel()
    if found is None:
        raise SearchTimeout
    solver.clear_interrupt()
    return bool(found)


def sat_solutions(
    puzzle: StarPuzzle,
    deadline: Deadline,
    solver_name: str = SOLVER_NAME,
    *,
    hint: Iterable[tuple[int, int]] = (),
    state: tuple[int, int] | None = None,
    conflicts: int | None = None,
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every solution as sorted star cells, each found solution blocked before the next call.

    `hint`: stars the solver should guess first (the generator passes its planned solution,
    so the search for another one starts next to it, where other solutions usually are).
    `state`: (stars, open cells) as bit masks, cell i = row * N + col: only the solutions
    with those stars and no star outside the open cells. `conflicts`: the most conflicts
    each solve may take (SearchTimeout beyond): a limit that, unlike a time limit, gives
    the same answer on a busy machine.
    """
    n = puzzle.size
    if solver_name == "minicard":
        clauses, atmost, nvars = _clauses(puzzle)
    else:
        clauses, nvars = _cnf_only(puzzle)
        atmost = []
    with Solver(name=solver_name, bootstrap_with=clauses, use_timer=False) as solver:
        for lits, bound in atmost:
            solver.add_atmost(lits, bound)
        guess = {r * n + c + 1 for r, c in hint}
        if guess:
            solver.set_phases([v if v in guess else -v for v in range(1, nvars + 1)])
        fixed = []
        if state is not None:
            stars_in, open_in = state
            fixed = [i + 1 if stars_in >> i & 1 else -(i + 1)
                     for i in range(n * n) if not open_in >> i & 1]
        while True:
            if conflicts is not None:
                solver.conf_budget(conflicts)
            if not _solve_limited(solver, deadline, fixed):
                break
            model = solver.get_model() or []
            stars = [v - 1 for v in model if 0 < v <= nvars]
            yield tuple(divmod(i, n) for i in sorted(stars))
            solver.add_clause([-(i + 1) for i in stars])


def random_line_stars(n: int, k: int, rng: random.Random, deadline: Deadline) -> list[tuple[int, int]] | None:
    """K non-touching stars in every row and column, drawn at random; None if none exist.

    Stars are drawn one at a time among the cells the solver's unit propagation still
    leaves open (up to half of them), then the solver completes the grid under those
    assumptions; if they lead nowhere, the later half of them is dropped and it tries
    again. It is quick up to 14 x 14 with 3 and still bounded on 25 x 25 with 6, where plain
    search wanders (docs/stars.md has the figures, and CP-SAT's, which was slower).
    """
    def var(r: int, c: int) -> int:
        return r * n + c + 1

    atmost: list[tuple[list[int], int]] = []
    for i in range(n):
        for lits in ([var(i, c) for c in range(n)], [var(r, i) for r in range(n)]):
            atmost.append((lits, k))
            atmost.append(([-x for x in lits], n - k))
    clauses: list[list[int]] = []
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
                if 0 <= rr < n and 0 <= cc < n:
                    clauses.append([-var(r, c), -var(rr, cc)])
    _encode_atmost(clauses, atmost, n * n)
    cells = range(1, n * n + 1)
    with Solver(name=SOLVER_NAME, bootstrap_with=clauses, use_timer=False) as solver:
        chosen: list[int] = []
        for _ in range(n * k // 2):
            ok, implied = solver.propagate(assumptions=chosen)
            if not ok:
                chosen.pop()
                break
            decided = {abs(x) for x in implied}
            free = [v for v in cells if v not in decided]
            if not free:
                break
            chosen.append(rng.choice(free))
        while not _solve_limited(solver, deadline, chosen):
            if not chosen:
                return None
            chosen = chosen[: len(chosen) // 2]
        model = solver.get_model() or []
    return [divmod(v - 1, n) for v in model if 0 < v <= n * n]
