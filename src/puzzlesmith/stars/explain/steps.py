"""What the explainer gives: a Step (one deduction, with its rule's weight), an Explanation
(the steps, the grade and the score) and the levels they are graded by."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzlesmith.stars.board import Board
from puzzlesmith.stars.model import Cell, StarPuzzle

LEVELS = ("easy", "medium", "hard", "expert", "search")


Decision = tuple[int, int, str]


@dataclass(frozen=True)
class UnitRef:
    """A row, column or region, for highlighting: kind, 0-based index, and its name."""

    kind: str
    index: int
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "index": self.index, "name": self.name}


def unit_refs(puzzle: StarPuzzle) -> tuple[UnitRef, ...]:
    """The puzzle's rows, then its columns, then its regions (the board's units, in order)."""
    n = puzzle.size
    return tuple(
        UnitRef("row", u, f"row {u + 1}") if u < n
        else UnitRef("column", u - n, f"column {u - n + 1}") if u < 2 * n
        else UnitRef("region", u - 2 * n, f"region {puzzle.labels[u - 2 * n]}")
        for u in range(3 * n)
    )


@dataclass(frozen=True)
class Step:
    """One deduction: the rule, the cells it decides, what it looked at, and why. `weight`:
    what it adds to a puzzle's score, its rule's (`registry.WEIGHTS`); not in the JSON."""

    rule: str
    level: str
    decided: tuple[Decision, ...]
    cells: tuple[Cell, ...]
    units: tuple[UnitRef, ...]
    reason: str
    weight: float = field(default=0.0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "level": self.level,
            "decided": [list(d) for d in self.decided],
            "cells": [list(c) for c in self.cells],
            "units": [u.to_json() for u in self.units],
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Explanation:
    """Steps from the given state to the end, the grade, and the solution they reach.

    status: "solved" or "unsolvable". difficulty: the level of the hardest step ("search"
    when the rules ran out and the solver finished). score: the steps' weights added up
    (`registry.WEIGHTS`). The final stars always equal the solver's solution. cut_short: the time
    limit stopped the rules and the solver filled in the rest (one last "search" step), so
    difficulty and score are only those of the steps taken before: a lower bound. hurried:
    the rules were still going after half of the time limit, when the costliest of them give
    way (to search where the rules are stuck), so a longer limit might take other steps,
    grade and score the puzzle otherwise, and need no search.
    """

    size: int
    stars: int
    status: str
    difficulty: str
    used_search: bool
    unique: bool | None
    steps: tuple[Step, ...]
    solution: tuple[Cell, ...] | None
    elapsed: float
    cut_short: bool = False
    hurried: bool = False

    @property
    def score(self) -> float:
        taken = self.steps[:-1] if self.cut_short else self.steps
        return round(sum(s.weight for s in taken), 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "stars": self.stars,
            "status": self.status,
            "difficulty": self.difficulty,
            "score": self.score,
            "used_search": self.used_search,
            "cut_short": self.cut_short,
            "hurried": self.hurried,
            "unique": self.unique,
            "steps": [s.to_json() for s in self.steps],
            "solution": [list(c) for c in self.solution] if self.solution else None,
            "elapsed_ms": round(self.elapsed * 1000, 1),
        }


Rule = Callable[[int, int], Step | None]


def apply_step(b: Board, step: Step, stars: int, open_: int) -> tuple[int, int]:
    """The state (stars, open cells) after a step's decisions."""
    for r, c, what in step.decided:
        bit = 1 << (r * b.n + c)
        if what == "star":
            stars |= bit
        open_ &= ~bit
    return stars, open_
