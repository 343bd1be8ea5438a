"""Hints that teach: from a player's marks, the first real deduction (what the player's own
stars already show, applied silently), or the marks that are wrong, in three levels.

A player sees at once that the cells around a star are empty, and that a row, column or
region with all its stars has no more; a hint that says only that teaches nothing, and late
in a game (when a player places stars and leaves the dots out) it is what the explainer's
next step almost always is. So the hint first applies those two rules (star-neighbours,
unit-full) as far as they go, keeps their steps as `skipped` (applied with the hint, named
in one line), and gives the explainer's next step from there. Only when those rules decide
every open cell is their first step the hint.

Marks that differ from the puzzle's only solution come first: the hint names them (never
where the stars go instead), after a nudge that names only the regions they are in.

Each hint comes in three levels, as a person would give it: a nudge (where to look:
`nudge`), the rule in general words (`lesson`), and the step itself (its reason, the cells
it decides). The page shows one more each time Hint is pressed on the same marks; the CLI's
`--level` picks one; the JSON carries all three.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzlesmith.limits import Deadline
from puzzlesmith.stars.explain import (
    RULES,
    Explanation,
    Step,
    UnitRef,
    check_given,
    explain,
    rules_in_order,
)
from puzzlesmith.stars.explain import apply_step as _apply
from puzzlesmith.stars.explain.steps import unit_refs
from puzzlesmith.stars.explain.text import and_list, rc
from puzzlesmith.stars.model import Cell, StarPuzzle
from puzzlesmith.stars.solve import solve

# The rules a player sees without thinking: their steps are applied, not shown.
OBVIOUS = ("star-neighbours", "unit-full")

LEVELS = 3

# Each rule in a player's words, for the second level (what to look for, not where).
LESSONS = {
    "star-neighbours": "Stars never touch, not even at a corner, so every cell around a star "
                       "is empty.",
    "unit-full": "A row, column or region that has all its stars takes no more: its other "
                 "cells are empty.",
    "unit-fill": "When a row, column or region has exactly as many open cells left as stars "
                 "it still needs, every one of them is a star.",
    "sees-all": "When a unit needs one more star and some cell outside it touches every "
                "open cell the star could go in, that cell is empty: the star will touch it "
                "wherever it goes.",
    "confinement": "When some regions lie wholly inside some rows (or columns) and need "
                   "every star those lines still need, the rest of those lines is empty; "
                   "and when some lines can get their stars only from regions that need "
                   "exactly that many, those regions' cells outside the lines are empty.",
    "two-by-two": "A 2x2 block holds at most one star. When a unit's open cells fit in as "
                  "many 2x2 blocks as stars it still needs, each block holds exactly one: "
                  "a cell alone in its block is a star, and a cell outside the blocks is "
                  "empty.",
    "counting": "Count over several lines at once: the cells of some rows (or columns) "
                "outside the regions that lie inside them, or the other way round, hold an "
                "exact number of stars, and that set of cells works like a unit of its own.",
    "shapes": "List the few ways a unit can still hold its stars: a cell that is empty in "
              "every way (or touches a star in every way) is empty, and one that is a star "
              "in every way is a star.",
    "would-leave-short": "Suppose a cell were a star: if its neighbours going empty would "
                         "leave some unit without room for the stars it still needs, the "
                         "cell is empty.",
    "exclusion": "Suppose a cell were a star and follow what the easy rules then force: if "
                 "some unit is left without room for its stars, the cell is empty.",
    "cases": "List the ways a unit can hold its stars and follow each through the easy "
             "rules: what every way that works leads to holds.",
    "trial": "Suppose a cell were a star (or empty) and follow the counting rules: if that "
             "leads to a contradiction, the opposite is true.",
    "deep-trial": "Suppose a cell were a star and follow every rule from there: if some unit "
                  "is left without room for its stars, the cell is empty.",
    "search": "No rule we know decides anything here, so the next star comes from the "
              "solver's search, not from a deduction.",
}


@dataclass(frozen=True)
class Hint:
    """The next thing to tell a player: `explanation` has the hint's one step (none when
    every cell is decided), taken from the player's marks with the `skipped` steps (the
    obvious ones) applied first; `nudge` and `lesson` are its first two levels."""

    explanation: Explanation
    skipped: tuple[Step, ...]
    nudge: str
    lesson: str

    @property
    def step(self) -> Step | None:
        return self.explanation.steps[0] if self.explanation.steps else None

    def to_json(self) -> dict[str, Any]:
        doc = self.explanation.to_json()
        # A hint, not the answer: the solution stays out, so it is not one look away in the
        # page's network panel or the CLI's JSON.
        doc.pop("solution", None)
        return {
            **doc,
            "levels": LEVELS,
            "nudge": self.nudge,
            "lesson": self.lesson,
            "skipped": [s.to_json() for s in self.skipped],
        }


def teach(
    puzzle: StarPuzzle,
    *,
    given_stars: tuple[Cell, ...] = (),
    given_empty: tuple[Cell, ...] = (),
    deadline: Deadline | None = None,
) -> Hint:
    """The hint for these marks (cells 0-based): the wrong marks if any, else the first
    step past the obvious ones. `deadline`: 30 seconds from the call by default, for the
    solver and the rules together. Raises InputError for a cell off the grid or marked both
    a star and empty."""
    deadline = deadline or Deadline(30.0)
    n = puzzle.size
    check_given(n, given_stars, given_empty)  # before the solver, which takes the time
    solved = solve(puzzle, deadline=deadline)
    if solved.solution is None or solved.unique is not True:
        # No one solution to measure the marks against (none, several, or not proved in
        # time): the explainer's own next step, as it says it.
        return _plain(explain(puzzle, max_steps=1, deadline=deadline, given_stars=given_stars,
                              given_empty=given_empty), ())
    answer = set(solved.solution)
    wrong_stars = sorted(set(given_stars) - answer)
    wrong_empty = sorted(set(given_empty) & answer)
    if wrong_stars or wrong_empty:
        return _mistake(puzzle, solved.solution, given_stars, given_empty, wrong_stars,
                        wrong_empty, deadline)
    skipped, stars, empty = _obvious(puzzle, deadline, solved.solution, given_stars, given_empty)
    if skipped and len(stars) + len(empty) == n * n:
        # The obvious rules finish the board: their first step is the hint.
        skipped, stars, empty = (), tuple(given_stars), tuple(given_empty)
    found = explain(puzzle, max_steps=1, deadline=deadline, given_stars=stars,
                    given_empty=empty, known_solution=solved.solution)
    return _plain(found, skipped)


def _obvious(
    puzzle: StarPuzzle, deadline: Deadline, solution: tuple[Cell, ...],
    given_stars: tuple[Cell, ...], given_empty: tuple[Cell, ...],
) -> tuple[tuple[Step, ...], tuple[Cell, ...], tuple[Cell, ...]]:
    """The obvious rules' steps from the marks, as far as they go, and the marks after them."""
    board, rules = rules_in_order(puzzle, deadline, solution)
    obvious = [rule for spec, rule in zip(RULES, rules, strict=True) if spec.key in OBVIOUS]
    stars = board.mask(list(given_stars))
    open_ = board.full & ~stars & ~board.mask(list(given_empty))
    steps: list[Step] = []
    while open_:
        found = next((s for s in (rule(stars, open_) for rule in obvious) if s), None)
        if found is None:
            break
        stars, open_ = _apply(board, found, stars, open_)
        steps.append(found)
    empty = board.full & ~stars & ~open_
    return tuple(steps), tuple(board.cells(stars)), tuple(board.cells(empty))


def _plain(found: Explanation, skipped: tuple[Step, ...]) -> Hint:
    step = found.steps[0] if found.steps else None
    if step is None:
        return Hint(found, skipped, "Every cell is decided: nothing left to hint.", "")
    where = _where(step)
    kind = "a search, not a deduction" if step.level == "search" else f"an {step.level} step" \
        if step.level in ("easy", "expert") else f"a {step.level} step"
    nudge = f"Look at {where}: there is {kind} there."
    name = step.rule.replace("-", " ")
    lesson = f"{name.capitalize()} ({step.level}): {LESSONS.get(step.rule, '')} Look at {where}."
    return Hint(found, skipped, nudge, lesson)


def _where(step: Step) -> str:
    """The units a step concerns, in words ("region c and row 4"), or its cells."""
    if step.units:
        return _names(step.units)
    if len(step.cells) == 1:
        return f"the cells around {rc(step.cells[0])}"
    return and_list([rc(c) for c in step.cells]) if step.cells else "the board"


def _mistake(
    puzzle: StarPuzzle, solution: tuple[Cell, ...], given_stars: tuple[Cell, ...],
    given_empty: tuple[Cell, ...], wrong_stars: list[Cell], wrong_empty: list[Cell],
    deadline: Deadline,
) -> Hint:
    """The wrong marks: the regions they are in, any rule the player's stars break, then the
    marks themselves (not where the stars go instead)."""
    wrong = sorted(wrong_stars + wrong_empty)
    groups = sorted({puzzle.regions[r][c] for r, c in wrong})
    refs = unit_refs(puzzle)
    units = tuple(refs[2 * puzzle.size + g] for g in groups)
    count = len(wrong)
    regions = _names(units)
    nudge = (f"{'One' if count == 1 else count} of your marks {'is' if count == 1 else 'are'} "
             f"wrong, in {regions}: "
             f"the puzzle's one solution differs there.")
    broken = _broken(puzzle, given_stars, given_empty)
    if not broken:
        # Not in sight yet, but perhaps once the cells the stars rule out are empty.
        _, _, empty = _obvious(puzzle, deadline, solution, given_stars, given_empty)
        short = _short(puzzle, set(given_stars), set(empty))
        if short:
            broken = [f"Once the cells your stars rule out are empty (around them, and in "
                      f"rows, columns or regions with all their stars), {_names(short)} can no "
                      f"longer get {_their(short, puzzle.stars)}."]
    lesson = (" ".join(broken) + f" Look again at your marks in {regions}." if broken else
              f"A mark can agree with every rule around it and still be wrong: the puzzle has "
              f"only one solution. Look again at your marks in {regions}.")
    parts = []
    if wrong_stars:
        parts.append(f"your {'star' if len(wrong_stars) == 1 else 'stars'} at "
                     f"{and_list([rc(c) for c in wrong_stars])}")
    if wrong_empty:
        parts.append(f"your empty {'mark' if len(wrong_empty) == 1 else 'marks'} at "
                     f"{and_list([rc(c) for c in wrong_empty])}")
    reason = (f"{and_list(parts).capitalize()} {'is' if count == 1 else 'are'} wrong: the puzzle's "
              f"one solution differs there. Take {'it' if count == 1 else 'them'} back and ask "
              f"again.")
    step = Step("mistake", "easy", (), tuple(wrong), units, reason)
    found = Explanation(size=puzzle.size, stars=puzzle.stars, status="solved", difficulty="easy",
                        used_search=False, unique=True, steps=(step,), solution=solution,
                        elapsed=deadline.elapsed())
    return Hint(found, (), nudge, lesson)


def _broken(puzzle: StarPuzzle, given_stars: tuple[Cell, ...],
            given_empty: tuple[Cell, ...]) -> list[str]:
    """The rules the marks visibly break: stars that touch, a unit with too many stars, a
    unit with too few cells left for its stars (as the page's live marks say them)."""
    k = puzzle.stars
    stars = set(given_stars)
    out = [f"Your stars at {rc(a)} and {rc(b)} touch." for a in sorted(stars) for b in sorted(stars)
           if a < b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1]
    for u in unit_refs(puzzle):
        placed = sum(c in stars for c in _cells(puzzle, u))
        if placed > k:
            out.append(f"{u.name.capitalize()} has {placed} stars, more than {k}.")
    short = _short(puzzle, stars, set(given_empty))
    if short:
        out.append(f"{_names(short).capitalize()} can no longer get "
                   f"{_their(short, k)}.")
    return out


def _short(puzzle: StarPuzzle, stars: set[Cell], empty: set[Cell]) -> tuple[UnitRef, ...]:
    """The units with too few cells left (stars and unmarked cells) for their stars."""
    return tuple(u for u in unit_refs(puzzle)
                 if sum(c not in empty for c in _cells(puzzle, u)) < puzzle.stars
                 and sum(c in stars for c in _cells(puzzle, u)) <= puzzle.stars)


def _cells(puzzle: StarPuzzle, u: UnitRef) -> list[Cell]:
    n = puzzle.size
    if u.kind == "row":
        return [(u.index, c) for c in range(n)]
    if u.kind == "column":
        return [(r, u.index) for r in range(n)]
    return puzzle.cells_of(u.index)


def _their(units: tuple[UnitRef, ...], k: int) -> str:
    """ "its star", "its 2 stars", "their stars", "their 2 stars" """
    if len(units) == 1:
        return f"its {_stars(k)}"
    return "their stars" if k == 1 else f"their {k} stars"


def _stars(k: int) -> str:
    return "star" if k == 1 else f"{k} stars"


def _names(units: tuple[UnitRef, ...]) -> str:
    """Units in words, each kind once: "row 1 and regions a and c"."""
    kinds: dict[str, list[str]] = {}
    for u in units:
        kinds.setdefault(u.kind, []).append(u.name.split(" ", 1)[1])
    return and_list([f"{kind}{'s' if len(ids) > 1 else ''} {and_list(ids)}"
                 for kind, ids in kinds.items()])
