"""Whether a player's marks are right so far, without giving the answer away.

Stars that follow every rule are "solved" whatever else the puzzle allows (the model's own
validator says so). Otherwise the marks are compared with the puzzle's solution, which is
only "the" solution when it is the only one: a puzzle with several (or one the time limit
kept from proving unique) gets no verdict on its marks, since a star may be right for one
solution and wrong for another.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.model import Cell, StarPuzzle, solution_problems
from puzzlesmith.stars.solve import solve

# status: "solved" (the stars follow every rule: a solution), "right" (no mark differs from the solution,
# some stars still to place), "wrong" (some mark differs), "several" (more than one solution:
# nothing to compare with), "unsolvable", or "timeout" (the solution, or that it is the only
# one, was not found in time).
STATUSES = ("solved", "right", "wrong", "several", "unsolvable", "timeout")


@dataclass(frozen=True)
class MarksCheck:
    """The verdict on one board of marks: how many are wrong, never which."""

    size: int
    stars: int
    status: str
    wrong: int
    placed: int
    marked_empty: int
    elapsed: float

    def to_json(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "stars": self.stars,
            "status": self.status,
            "wrong": self.wrong,
            "placed": self.placed,
            "marked_empty": self.marked_empty,
            "elapsed_ms": round(self.elapsed * 1000, 1),
        }


def check_marks(
    puzzle: StarPuzzle,
    *,
    given_stars: Iterable[Cell] = (),
    given_empty: Iterable[Cell] = (),
    deadline: Deadline | None = None,
) -> MarksCheck:
    """Compare the stars and empty marks with the puzzle's only solution.

    `deadline`: for the solver (default: 10 seconds from the call). Raises InputError for a
    cell off the grid or marked both a star and empty.
    """
    stars, empty = _marks(puzzle, given_stars, "star"), _marks(puzzle, given_empty, "empty")
    both = sorted(stars & empty)
    if both:
        r, c = both[0]
        raise InputError(f"r{r + 1}c{c + 1} is marked both a star and empty: choose one")
    if len(stars) == puzzle.size * puzzle.stars and not solution_problems(puzzle, stars):
        # Stars that follow every rule are a solution, whichever one the puzzle has.
        return MarksCheck(size=puzzle.size, stars=puzzle.stars, status="solved", wrong=0,
                          placed=len(stars), marked_empty=len(empty), elapsed=0.0)
    solved = solve(puzzle, deadline=deadline or Deadline(10.0))

    def verdict(status: str, wrong: int = 0) -> MarksCheck:
        return MarksCheck(size=puzzle.size, stars=puzzle.stars, status=status, wrong=wrong,
                          placed=len(stars), marked_empty=len(empty), elapsed=solved.elapsed)

    if solved.status == "unsolvable":
        return verdict("unsolvable")
    if solved.solution is None or solved.unique is None:
        return verdict("timeout")
    if not solved.unique:
        return verdict("several")
    answer = set(solved.solution)
    wrong = len(stars - answer) + len(empty & answer)
    if wrong:
        return verdict("wrong", wrong)
    return verdict("solved" if stars == answer else "right")


def _marks(puzzle: StarPuzzle, cells: Iterable[Cell], what: str) -> set[Cell]:
    n = puzzle.size
    out = set()
    for r, c in cells:
        if not (0 <= r < n and 0 <= c < n):
            raise InputError(f"{what} r{r + 1}c{c + 1} is off the {n}x{n} grid")
        out.add((r, c))
    return out
