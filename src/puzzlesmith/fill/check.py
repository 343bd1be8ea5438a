"""What can be said about a grid short of filling it: `check` (before any search: entries no
word fits, and whether arc consistency alone rules the grid out) and `fill_region` (a box of
the grid searched on its own, a relaxation whose "impossible" is a proof for the whole grid)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from puzzlesmith.errors import InputError
from puzzlesmith.fill.driver import Status
from puzzlesmith.fill.model import Grid, Slot, repeated
from puzzlesmith.fill.problem import Problem
from puzzlesmith.fill.search import Search
from puzzlesmith.lexicon import Lexicon, LexiconIndex
from puzzlesmith.limits import Deadline, SearchTimeout


@dataclass(frozen=True)
class RegionResult:
    """`fill_region`: whether the entries inside a box of the grid have a fill on their own."""

    grid: Grid
    box: tuple[int, int, int, int]  # top row, left column, bottom row, right column (0-based)
    status: Status  # "impossible": proved, so the whole grid has no fill either
    entries: tuple[str, ...]  # the entries searched ("12 across")
    nodes: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        top, left, bottom, right = self.box
        return {"grid": list(self.grid.rows), "rows": [top + 1, bottom + 1],
                "cols": [left + 1, right + 1], "status": self.status, "entries": list(self.entries),
                "nodes": self.nodes, "seconds": round(self.seconds, 3)}


def fill_region(grid: Grid, lexicon: Lexicon, index: LexiconIndex, box: tuple[int, int, int, int],
                *, min_score: int = 0, allow_repeats: bool = False,
                blocked: frozenset[str] = frozenset(),
                deadline: Deadline | None = None, allow_same_stem: bool = False,
                allow_inside: bool = False,
                min_score_by_length: Mapping[int, int] | None = None,
                max_shared_substring: int | None = None) -> RegionResult:
    """A relaxation proof: search the entries with two or more cells inside `box` on their
    own (their crossings with each other kept, those with the other entries and the
    no-repeat rule with them dropped), from the domains left by arc consistency on the whole
    grid. Every fill of the grid fills them, so "impossible" here proves the grid has no
    fill, and names where the trouble is. The search is the complete one (no restarts):
    on a corner of a 15x15 it can settle what the whole grid's search cannot. `max_shared_substring`
    (no two entries share a run of that many letters) holds among the box's entries and
    against the entries given whole, as in `fill`."""
    deadline = deadline or Deadline(10.0)
    start = time.perf_counter()
    top, left, bottom, right = box
    if not (0 <= top <= bottom < grid.height and 0 <= left <= right < grid.width):
        raise InputError(f"box rows {top + 1}-{bottom + 1}, columns {left + 1}-{right + 1} "
                         f"is not inside the {grid.width}x{grid.height} grid")
    problem = Problem(grid, lexicon, index, min_score=min_score, allow_repeats=allow_repeats,
                      blocked=blocked, allow_same_stem=allow_same_stem, allow_inside=allow_inside,
                      min_score_by_length=min_score_by_length,
                      max_shared_substring=max_shared_substring)
    inside = {r * grid.width + c for r in range(top, bottom + 1) for c in range(left, right + 1)}
    keep = [v for v, slot in enumerate(problem.vars) if len(inside & set(slot.cells)) >= 2]
    labels = tuple(problem.vars[v].label for v in keep)
    root = problem.root(problem.base)

    def result(status: Status, nodes: int = 0) -> RegionResult:
        return RegionResult(grid, box, status, labels, nodes, time.perf_counter() - start)

    given_twice = not allow_repeats and repeated(s.pattern(grid.word_cells)
                                                 for s in problem.fixed_given)
    if root is None or given_twice:
        return result("impossible")
    sub = problem.restricted(keep)
    r = sub.root([root[0][v] for v in keep])
    if r is None:
        return result("impossible")
    search = Search(sub, deadline, None, None)
    try:
        got = next(iter(search.solutions(*r)), None)
    except SearchTimeout:
        return result("timeout", search.nodes)
    return result("filled" if got is not None else "impossible", search.nodes)


@dataclass(frozen=True)
class SlotCheck:
    slot: Slot
    pattern: str
    candidates: int  # words that fit the pattern alone
    consistent: int  # words left once every crossing is taken into account (0 if over-constrained)
    examples: tuple[str, ...]
    in_list: bool = True  # False: typed whole by the setter, not a word of the list (kept as given)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.slot.number, "direction": self.slot.direction, "row": self.slot.row,
                "col": self.slot.col, "length": self.slot.length, "pattern": self.pattern,
                "candidates": self.candidates, "consistent": self.consistent,
                "examples": list(self.examples), "in_list": self.in_list}


@dataclass(frozen=True)
class CheckResult:
    """`fill check`: which entries no word fits, and where the crossings rule everything out."""

    grid: Grid
    status: Literal["ok", "unfillable", "overconstrained"]
    slots: tuple[SlotCheck, ...]
    unfillable: tuple[str, ...]  # entry labels ("12 across") no word fits
    conflict: dict[str, Any] | None  # the crossing where propagation ran out of words
    seconds: float
    lexicon: str
    not_in_list: tuple[str, ...] = ()  # entries typed whole that the list lacks ("1 across spqr")

    def to_json(self) -> dict[str, Any]:
        return {"grid": list(self.grid.rows), "status": self.status,
                "entries": [s.to_json() for s in self.slots], "unfillable": list(self.unfillable),
                "conflict": self.conflict, "not_in_list": list(self.not_in_list),
                "seconds": round(self.seconds, 3), "lexicon": self.lexicon}


def check(grid: Grid, lexicon: Lexicon, index: LexiconIndex, *, min_score: int = 0,
          allow_repeats: bool = False, examples: int = 3,
          blocked: frozenset[str] = frozenset(), allow_same_stem: bool = False,
          allow_inside: bool = False,
          min_score_by_length: Mapping[int, int] | None = None,
          max_shared_substring: int | None = None) -> CheckResult:
    """What can be said before a search: entries with no candidate word, and whether arc
    consistency alone already rules the grid out (and at which crossing). `max_shared_substring`: no
    two entries share a run of that many letters, as in `fill` (entries given whole take
    their runs out of the others' words before the counts)."""
    start = time.perf_counter()
    problem = Problem(grid, lexicon, index, min_score=min_score, allow_repeats=allow_repeats,
                      blocked=blocked, allow_same_stem=allow_same_stem, allow_inside=allow_inside,
                      min_score_by_length=min_score_by_length,
                      max_shared_substring=max_shared_substring)
    root = problem.root(problem.base)
    after = root[0] if root is not None else [0] * len(problem.vars)
    var_of = {s.label: v for v, s in enumerate(problem.vars)}  # word slots: labels match
    checks: list[SlotCheck] = []
    unfillable: list[str] = []
    not_in_list: list[str] = []
    for slot in grid.slots:
        pattern = grid.word(slot)
        v = var_of.get(slot.label)
        if v is None:  # given whole, not a listed word: the setter's own entry, flagged
            checks.append(SlotCheck(slot, pattern, 1, 1, (pattern,), in_list=False))
            not_in_list.append(f"{slot.label} {pattern}")
            continue
        n = problem.base[v].bit_count()
        d = after[v]
        shown: list[str] = []
        while d and len(shown) < examples:
            low = d & -d
            shown.append(problem.words[v][low.bit_length() - 1])
            d ^= low
        checks.append(SlotCheck(slot, pattern, n, after[v].bit_count(), tuple(shown)))
        if n == 0:
            unfillable.append(slot.label)
    conflict: dict[str, Any] | None = None
    status: Literal["ok", "unfillable", "overconstrained"] = "ok"
    if unfillable:
        status = "unfillable"
    elif root is None and problem.wipeout is not None:
        status = "overconstrained"
        w = problem.wipeout
        conflict = {"entry": problem.vars[w.var].label,
                    "because_of": problem.vars[w.source].label if w.source >= 0 else None}
        if w.cell >= 0:
            r, c = divmod(grid.grid_cell(problem.cell_of[w.cell]), grid.width)
            conflict["row"], conflict["col"] = r, c
    return CheckResult(grid, status, tuple(checks), tuple(unfillable), conflict,
                       time.perf_counter() - start, lexicon.name, tuple(not_in_list))
