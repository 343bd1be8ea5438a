"""Solve a Star Battle puzzle, prove its solution unique, or count its solutions.

Two engines sit behind `solve`: "python" (constraint propagation and depth-first search over
bitmasks, `propagate.py`) and "sat" (PySAT's Glucose 4, `sat.py`). `engine="auto"` picks by
size: see `choose_engine`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any, Literal

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.stars.board import Board
from puzzlesmith.stars.model import Cell, StarPuzzle, check_solution
from puzzlesmith.stars.propagate import search

Engine = Literal["auto", "python", "sat"]
ENGINES = ("auto", "python", "sat")

# Measured (benchmarks/stars.py and docs/stars.md): the Python search answers small grids
# in well under a millisecond and enumerates many solutions faster than blocking clauses;
# the SAT solver proves uniqueness of 10x10 and larger grids faster, and far faster from 12x12 up.
SAT_FROM_SIZE = 9
COUNT_SAT_FROM_SIZE = 11


def choose_engine(puzzle: StarPuzzle, engine: str = "auto", counting: bool = False) -> str:
    """The engine `auto` means for this puzzle: Python search below SAT_FROM_SIZE (or below
    COUNT_SAT_FROM_SIZE when counting every solution), SAT from there up."""
    if engine not in ENGINES:
        raise InputError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    if engine != "auto":
        return engine
    return "sat" if puzzle.size >= (COUNT_SAT_FROM_SIZE if counting else SAT_FROM_SIZE) else "python"


def solutions(
    puzzle: StarPuzzle,
    deadline: Deadline | None = None,
    engine: str = "auto",
    hint: tuple[Cell, ...] = (),
    state: tuple[int, int] | None = None,
    conflicts: int | None = None,
) -> Iterator[tuple[Cell, ...]]:
    """Every solution as sorted star cells, each checked by the validator; SearchTimeout when
    the deadline passes. `hint` (stars to guess first) steers the SAT engine only. `state`:
    (stars, open cells) as `Board` bit masks: only the solutions that have those stars and
    no star outside the open cells. `conflicts`: the SAT engine's budget per solve
    (SearchTimeout beyond it; the Python search has none)."""
    deadline = deadline or Deadline(None)
    if choose_engine(puzzle, engine) == "sat":
        # Imported here: PySAT is loaded only when a puzzle needs it.
        from puzzlesmith.stars.sat import sat_solutions

        for stars in sat_solutions(puzzle, deadline, hint=hint, state=state,
                                   conflicts=conflicts):
            yield check_solution(puzzle, stars)
        return
    board = Board.of(puzzle)
    start = state or (0, board.full)
    for mask in search(board, deadline, start[0], start[1]):
        yield check_solution(puzzle, board.cells(mask))


@dataclass(frozen=True)
class SolveResult:
    """The answer for one puzzle.

    status: "solved", "unsolvable" or "timeout". unique: True/False once a second solution
    was looked for to the end, None on timeout. count: the number of solutions found when
    counting was asked (a lower bound when `count_complete` is False: capped by `max` or cut
    by the time limit).
    """

    size: int
    stars: int
    status: str
    solution: tuple[Cell, ...] | None
    unique: bool | None
    count: int | None
    count_complete: bool
    engine: str
    elapsed: float
    second: tuple[Cell, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "size": self.size,
            "stars": self.stars,
            "status": self.status,
            "solution": [list(c) for c in self.solution] if self.solution else None,
            "unique": self.unique,
        }
        if self.count is not None:
            doc["count"] = self.count
            doc["count_complete"] = self.count_complete
        doc["engine"] = self.engine
        doc["elapsed_ms"] = round(self.elapsed * 1000, 1)
        return doc


def solve(
    puzzle: StarPuzzle,
    *,
    count: bool = False,
    max_count: int | None = None,
    deadline: Deadline | None = None,
    engine: str = "auto",
) -> SolveResult:
    """Solve a puzzle and look for a second solution (uniqueness is part of every answer).

    With `count`, enumerate solutions (up to `max_count` if given) and report how many.
    `engine` is "auto", "python" or "sat". Never raises on a hard puzzle: a passed
    `deadline` (default: 10 seconds from the call) gives status "timeout" with whatever was
    found.
    """
    if max_count is not None and max_count < 1:
        raise InputError(f"--max must be at least 1, got {max_count}")
    deadline = deadline or Deadline(10.0)
    used = choose_engine(puzzle, engine, counting=count)
    limit = max_count if count else 2
    found: list[tuple[Cell, ...]] = []
    n_found = 0
    timed_out = False
    try:
        for sol in islice(solutions(puzzle, deadline, used), limit):
            if len(found) < 2:
                found.append(sol)
            n_found += 1
    except SearchTimeout:
        timed_out = True
    capped = limit is not None and n_found >= limit
    status = "timeout" if timed_out else "solved" if found else "unsolvable"
    unique: bool | None
    if n_found >= 2:
        unique = False
    elif timed_out or (count and capped):
        unique = None
    else:
        unique = n_found == 1
    return SolveResult(
        size=puzzle.size,
        stars=puzzle.stars,
        status=status,
        solution=found[0] if found else None,
        unique=unique,
        count=n_found if count else None,
        count_complete=not timed_out and not (count and capped),
        engine=used,
        elapsed=deadline.elapsed(),
        second=found[1] if len(found) > 1 else None,
    )
