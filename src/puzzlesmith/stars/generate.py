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
   only testing it (`steer_map`): the rules up to that level (`explain`) run on the map, and
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

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.stars.formats import relabel, to_text, to_url
from puzzlesmith.stars.maps import make_unique, random_regions, random_stars
from puzzlesmith.stars.model import Cell, StarPuzzle, check_solution, max_stars_per_line
from puzzlesmith.stars.steer import _grade_steps, _grade_upto, grade_map, steer_map

if TYPE_CHECKING:
    from puzzlesmith.stars.explain import Step

DIFFICULTIES = ("easy", "medium", "hard", "expert")
Progress = Callable[[dict[str, Any]], None]
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
    deadline: Deadline | None = None,
    progress: Progress | None = None,
) -> GeneratedPuzzle:
    """A random puzzle with exactly one solution (and the given difficulty and score range
    (inclusive), if any: then only puzzles the rules solve without a search step; a score
    range alone takes puzzles up to hard).

    Deterministic for a given seed. Raises InputError for impossible sizes and SearchTimeout
    when the `deadline` (by default 60 seconds from the call) passes without a puzzle.
    `progress`, if given, hears how far the current try got: {"attempt": tries so far,
    "undecided": cells the rules leave open, "cells": N*N} (undecided only while steering
    towards a level).
    """
    check_request(size, stars, difficulty, score)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    deadline = deadline or Deadline(60.0)
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
            grade, points, steps, complete = grade_map(puzzle, deadline, planned)
        else:
            tried = _steered_try(grid, stars, planned, cap, difficulty, score, rng, deadline,
                                 report, attempts)
            if tried is None:
                continue
            puzzle, grade, points, steps = tried
            complete = True
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


_UNIQUE_FIRST_UPTO = 15  # largest grid side whose steering starts from a unique map


def _steered_try(
    grid: list[list[int]], stars: int, planned: list[Cell], cap: int, difficulty: str | None,
    score: tuple[float, float] | None, rng: random.Random, deadline: Deadline,
    report: Progress, attempts: int,
) -> tuple[StarPuzzle, str, float, int] | None:
    """One try of `generate` that steers a fresh map up to level `cap`: the puzzle, its
    grade, score and number of steps, or None when this map gives no puzzle of the level and score."""
    size = len(grid)
    expert = cap == DIFFICULTIES.index("expert")
    unique = None
    if cap > 0 and (size <= _UNIQUE_FIRST_UPTO or expert):
        # A unique map is often at a harder level already; if it is not unique, the
        # rules the steering runs still show where it is stuck. Above 15x15 the
        # steering starts from the fresh map: there the solver's proof that a map
        # is unique takes seconds (25x25 6-star), the steering's rules prove
        # it anyway when they decide every cell, and the other solutions they stop
        # at are broken when the steering stalls (`steer_map`). Expert maps are only
        # tested (below), so they are always made unique first: a fresh map is
        # rarely unique over 15x15.
        unique = make_unique(grid, stars, planned, rng, deadline)
    if expert and unique is None:
        return None

    def left_open(cells: int, tries: int = attempts) -> None:
        report({"attempt": tries, "undecided": cells, "cells": size * size})

    # Expert steering would run trial over every open cell for every change it tries:
    # too slow to help, so expert puzzles are only tested.
    known: list[Step] | None = None
    if not expert:
        steered = steer_map(grid, stars, planned, cap, rng, deadline, left_open,
                         exact=difficulty is not None)
        if steered is None:
            return None
        known = steered or None
    puzzle = StarPuzzle.from_labels(grid, stars)
    # Steering at medium or hard ends with explain's own steps for this very map (the
    # rules up to the level, from the empty grid): no need to run them again.
    graded = _grade_steps(puzzle, known) if known else _grade_upto(puzzle, cap, deadline, planned)
    if graded is None:
        return None
    grade, points, steps = graded
    if difficulty is not None and grade != difficulty:
        return None
    if score is not None and not score[0] <= points <= score[1]:
        return None
    return puzzle, grade, points, steps


def parse_score_range(text: str) -> tuple[float, float]:
    """"20-60" -> (20.0, 60.0); "40" -> (40.0, 40.0)."""
    lo, sep, hi = text.partition("-")
    try:
        low = float(lo)
        high = float(hi) if sep else low
    except ValueError:
        raise InputError(f"--score wants MIN-MAX such as 20-60, got {text!r}") from None
    return low, high
