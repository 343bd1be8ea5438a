"""Solve a puzzle the way a person does, one named rule at a time, and grade it.

Rules, easiest first (the grade of a puzzle is its hardest rule):

easy    star-neighbours   cells around a star are empty (stars never touch)
easy    unit-full         a row, column or region with its K stars has no more
easy    unit-fill         a unit with exactly as many open cells as missing stars fills them
medium  sees-all          a cell touching every open cell of a unit that needs one star is empty
medium  two-by-two        a unit whose open cells fit in as many 2 x 2 blocks as stars it
                          needs puts one star in each block, so the blocks' other cells are empty
medium  confinement       a region inside one row (column) fills it; a row inside one region
                          fills the region (a line and a region, one of each)
hard    confinement       N regions confined to N rows (columns) fill them, and the dual
hard    would-leave-short a cell whose star would leave some row, column, region, or pair of
                          neighbouring rows or columns without room for its stars is empty
expert  trial             a cell whose star (emptiness) leads, by the counting rules and
                          confinement, to a contradiction is empty (a star)
search  search            the rules ran out: one star comes from the solver's solution (and
                          we say so), then the rules go on

Cells in reasons are written r3c5: row 3, column 5, counted from 1. JSON cells are 0-based.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.board import Board, line_capacity
from puzzlesmith.stars.model import Cell, StarPuzzle, check_solution
from puzzlesmith.stars.propagate import propagate
from puzzlesmith.stars.solve import solve

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


@dataclass(frozen=True)
class Step:
    """One deduction: the rule, the cells it decides, what it looked at, and why."""

    rule: str
    level: str
    decided: tuple[Decision, ...]
    cells: tuple[Cell, ...]
    units: tuple[UnitRef, ...]
    reason: str

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
    when the rules ran out and the solver finished). The final stars always equal the
    solver's solution.
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

    def to_json(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "stars": self.stars,
            "status": self.status,
            "difficulty": self.difficulty,
            "used_search": self.used_search,
            "unique": self.unique,
            "steps": [s.to_json() for s in self.steps],
            "solution": [list(c) for c in self.solution] if self.solution else None,
            "elapsed_ms": round(self.elapsed * 1000, 1),
        }


def _rc(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class _Reasoner:
    """The rules over one puzzle; each rule returns the first step it finds, or None."""

    def __init__(self, puzzle: StarPuzzle, deadline: Deadline) -> None:
        self.puzzle = puzzle
        self.b = Board.of(puzzle)
        self.deadline = deadline
        n = self.b.n
        self.refs = tuple(
            UnitRef("row", u, f"row {u + 1}") if u < n
            else UnitRef("column", u - n, f"column {u - n + 1}") if u < 2 * n
            else UnitRef("region", u - 2 * n, f"region {puzzle.labels[u - 2 * n]}")
            for u in range(3 * n)
        )
        self.blocks = [
            (r, c, self.b.mask([(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]))
            for r in range(n - 1)
            for c in range(n - 1)
        ]

    # helpers

    def names(self, units: list[int]) -> str:
        """Units as a phrase: "region a", "regions a and b", "regions a, b and c"."""
        refs = [self.refs[u] for u in units]
        if len(refs) == 1:
            return refs[0].name
        kinds = {r.kind for r in refs}
        if len(kinds) == 1:
            ids = [r.name.split(" ", 1)[1] for r in refs]
            return f"{refs[0].kind}s {', '.join(ids[:-1])} and {ids[-1]}"
        return ", ".join(r.name for r in refs[:-1]) + " and " + refs[-1].name

    def need(self, stars: int, u: int) -> int:
        return self.b.k - (stars & self.b.units[u]).bit_count()

    def step(
        self, rule: str, level: str, stars: int, empty: int, cells: int | list[Cell],
        units: list[int], reason: str,
    ) -> Step:
        b = self.b
        decided = sorted(
            [(r, c, "star") for r, c in b.cells(stars)] + [(r, c, "empty") for r, c in b.cells(empty)]
        )
        looked = b.cells(cells) if isinstance(cells, int) else cells
        return Step(rule, level, tuple(decided), tuple(looked), tuple(self.refs[u] for u in units),
                    reason)

    def capacity(self, u: int, open_: int, need: int) -> int:
        """Most non-touching stars unit u's open cells take (capped at need)."""
        n = self.b.n
        if u < 2 * n:
            return line_capacity(open_ & self.b.units[u], 1 if u < n else n, need)
        return self._king_capacity(open_ & self.b.units[u], need)

    def _king_capacity(self, x: int, need: int) -> int:
        nbr = self.b.nbr
        best = 0

        def go(x: int, got: int) -> None:
            nonlocal best
            if got > best:
                best = got
            if best >= need or not x or got + x.bit_count() <= best:
                return
            low = x & -x
            i = low.bit_length() - 1
            go(x & ~(low | nbr[i]), got + 1)
            go(x & ~low, got)

        go(x, 0)
        return min(best, need)

    def band_capacity(self, open_: int, first: int, rows: bool, need: int) -> int:
        """Most stars two neighbouring rows (columns) `first`, `first`+1 can still hold."""
        b = self.b
        if rows:
            x = ((open_ >> (first * b.n)) | (open_ >> ((first + 1) * b.n))) & b.row0
            return line_capacity(x, 1, need)
        x = ((open_ >> first) | (open_ >> (first + 1))) & b.col0
        return line_capacity(x, b.n, need)

    # easy

    def star_neighbours(self, stars: int, open_: int) -> Step | None:
        b = self.b
        x = stars
        while x:
            low = x & -x
            i = low.bit_length() - 1
            hit = b.nbr[i] & open_
            if hit:
                cell = b.cell(i)
                return self.step(
                    "star-neighbours", "easy", 0, hit, [cell], [],
                    f"Stars never touch, so the cells around the star at {_rc(cell)} are empty.",
                )
            x ^= low
        return None

    def unit_full(self, stars: int, open_: int) -> Step | None:
        for u, m in enumerate(self.b.units):
            if open_ & m and self.need(stars, u) == 0:
                return self.step(
                    "unit-full", "easy", 0, open_ & m, stars & m, [u],
                    f"{self.refs[u].name.capitalize()} already has its "
                    f"{_plural(self.b.k, 'star')}, so its other cells are empty.",
                )
        return None

    def unit_fill(self, stars: int, open_: int) -> Step | None:
        for u, m in enumerate(self.b.units):
            need = self.need(stars, u)
            if need > 0 and (open_ & m).bit_count() == need:
                left = _plural(need, "open cell")
                return self.step(
                    "unit-fill", "easy", open_ & m, 0, open_ & m, [u],
                    f"{self.refs[u].name.capitalize()} still needs {_plural(need, 'star')} and "
                    f"has exactly {left} left, so {'it is a star' if need == 1 else 'all are stars'}.",
                )
        return None

    # medium

    def sees_all(self, stars: int, open_: int) -> Step | None:
        b = self.b
        for u, m in enumerate(b.units):
            om = open_ & m
            if not om or self.need(stars, u) != 1:
                continue
            common = open_ & ~m
            for i in _bits(om):
                common &= b.nbr[i]
                if not common:
                    break
            if common:
                return self.step(
                    "sees-all", "medium", 0, common, om, [u],
                    f"{self.refs[u].name.capitalize()} needs one more star, in one of "
                    f"{', '.join(_rc(c) for c in b.cells(om))}; "
                    f"{_cells_text(b.cells(common))} touch{'es' if common.bit_count() == 1 else ''} "
                    f"all of them, so {'it is' if common.bit_count() == 1 else 'they are'} empty.",
                )
        return None

    def two_by_two(self, stars: int, open_: int) -> Step | None:
        b = self.b
        for u, m in enumerate(b.units):
            om = open_ & m
            need = self.need(stars, u)
            if need < 2 or om.bit_count() > 4 * need:
                continue
            cover = self._cover(om, need)
            if cover is None:
                continue
            union = 0
            for blk in cover:
                union |= blk[2]
            empty = union & open_ & ~m
            if empty:
                names = " and ".join(f"{_rc((r, c))}-{_rc((r + 1, c + 1))}" for r, c, _ in cover)
                return self.step(
                    "two-by-two", "medium", 0, empty, union, [u],
                    f"{self.refs[u].name.capitalize()} needs {need} stars and its open cells lie "
                    f"in the {need} 2x2 blocks {names}; a 2x2 block holds at most one star, so "
                    f"each block holds one of them and its other cells are empty.",
                )
        return None

    def _cover(self, x: int, count: int) -> list[tuple[int, int, int]] | None:
        """`count` 2 x 2 blocks covering the cells x, or None."""
        if not x:
            return []
        if count == 0:
            return None
        low = x & -x
        for blk in self.blocks:
            if blk[2] & low:
                rest = self._cover(x & ~blk[2], count - 1)
                if rest is not None:
                    return [blk, *rest]
        return None

    def confinement_single(self, stars: int, open_: int) -> Step | None:
        return self._confinement(stars, open_, max_width=1)

    def confinement_bands(self, stars: int, open_: int) -> Step | None:
        return self._confinement(stars, open_, max_width=self.b.n - 1)

    def _confinement(self, stars: int, open_: int, max_width: int) -> Step | None:
        b = self.b
        n = b.n
        level = "medium" if max_width == 1 else "hard"
        reg_units = range(2 * n, 3 * n)
        for width in range(1, max_width + 1):
            for rows in (True, False):
                kind = "rows" if rows else "columns"
                for first in range(n - width + 1):
                    lines = [first + j + (0 if rows else n) for j in range(width)]
                    band = 0
                    for u in lines:
                        band |= b.units[u]
                    need = sum(self.need(stars, u) for u in lines)
                    if need == 0:
                        continue
                    inside = [u for u in reg_units
                              if open_ & b.units[u] and not open_ & b.units[u] & ~band]
                    touching = [u for u in reg_units if open_ & b.units[u] & band]
                    what = (f"{kind[:-1]} {first + 1}" if width == 1
                            else f"{kind} {first + 1}-{first + width}")
                    inside_m = 0
                    for u in inside:
                        inside_m |= b.units[u]
                    got = sum(self.need(stars, u) for u in inside)
                    empty = open_ & band & ~inside_m
                    if inside and got == need and empty:
                        names = self.names(inside)
                        return self.step(
                            "confinement", level, 0, empty, open_ & inside_m, lines + inside,
                            f"{_cap(names)} lie{'s' if len(inside) == 1 else ''} inside {what} and "
                            f"need{'s' if len(inside) == 1 else ''} {_plural(got, 'star')}, all that "
                            f"{what} still need{'s' if width == 1 else ''}; so the rest of {what} "
                            f"is empty.",
                        )
                    touch_m = 0
                    for u in touching:
                        touch_m |= b.units[u]
                    got = sum(self.need(stars, u) for u in touching)
                    empty = open_ & touch_m & ~band
                    if touching and got == need and empty:
                        names = self.names(touching)
                        return self.step(
                            "confinement", level, 0, empty, open_ & band, lines + touching,
                            f"The {need} stars {what} still need{'s' if width == 1 else ''} can only "
                            f"come from {names}, which need exactly that many; so "
                            f"{'its' if len(touching) == 1 else 'their'} cells outside {what} "
                            f"are empty.",
                        )
        return None

    # hard

    def would_leave_short(self, stars: int, open_: int) -> Step | None:
        b = self.b
        n = b.n
        for i in _bits(open_):
            if self.deadline.expired():
                return None
            bit = 1 << i
            s2 = stars | bit
            o2 = open_ & ~(bit | b.nbr[i])
            for u in b.cell_units[i]:
                if self.need(s2, u) == 0:
                    o2 &= ~b.units[u]
            touched = bit | b.nbr[i]
            r, c = b.cell(i)
            for u, m in enumerate(b.units):
                if not m & touched:
                    continue
                need = self.need(s2, u)
                if need > 0 and self.capacity(u, o2, need) < need:
                    room = self.capacity(u, o2, need)
                    return self.step(
                        "would-leave-short", "hard", 0, bit, (open_ & m) | bit, [u],
                        f"A star at {_rc((r, c))} would leave {self.refs[u].name} "
                        + (f"no room for the {_plural(need, 'star')} it still needs"
                           if room == 0 else
                           f"room for only {_plural(room, 'star')} of the {need} it still needs")
                        + f", so {_rc((r, c))} is empty.",
                    )
            need2 = 2 * b.k
            for rows, idx in ((True, r), (False, c)):
                for first in (idx - 2, idx - 1, idx, idx + 1):
                    if not 0 <= first < n - 1:
                        continue
                    lines = [first, first + 1] if rows else [n + first, n + first + 1]
                    have = sum(b.k - self.need(s2, u) for u in lines)
                    room = self.band_capacity(s2 | o2, first, rows, need2)
                    if room < need2:
                        kind = "rows" if rows else "columns"
                        band = b.units[lines[0]] | b.units[lines[1]]
                        return self.step(
                            "would-leave-short", "hard", 0, bit, (open_ & band) | bit, lines,
                            f"A star at {_rc((r, c))} would leave {kind} {first + 1}-{first + 2} "
                            f"room for only {room - have} more of the {need2 - have} stars they "
                            f"need (two neighbouring {kind} put their stars in different, "
                            f"non-touching {'columns' if rows else 'rows'}), so {_rc((r, c))} "
                            f"is empty.",
                        )
        return None

    # expert

    def trial(self, stars: int, open_: int) -> Step | None:
        b = self.b
        for i in _bits(open_):
            if self.deadline.expired():
                return None
            bit = 1 << i
            cell = b.cell(i)
            if propagate(b, stars | bit, open_ & ~(bit | b.nbr[i]), confine=True) is None:
                return self.step(
                    "trial", "expert", 0, bit, [cell], [],
                    f"Suppose {_rc(cell)} were a star: following the counting rules from there "
                    f"leaves some row, column or region without room for its stars, so "
                    f"{_rc(cell)} is empty.",
                )
            if propagate(b, stars, open_ & ~bit, confine=True) is None:
                return self.step(
                    "trial", "expert", bit, 0, [cell], [],
                    f"Suppose {_rc(cell)} were empty: following the counting rules from there "
                    f"leaves some row, column or region without room for its stars, so "
                    f"{_rc(cell)} is a star.",
                )
        return None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _bits(x: int) -> list[int]:
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


def _cells_text(cells: list[Cell]) -> str:
    return ", ".join(_rc(c) for c in cells)


Rule = Callable[[int, int], Step | None]


def _rules(r: _Reasoner) -> list[Rule]:
    return [
        r.star_neighbours, r.unit_full, r.unit_fill,
        r.sees_all, r.confinement_single, r.two_by_two,
        r.confinement_bands, r.would_leave_short,
        r.trial,
    ]


def _search_step(
    reasoner: _Reasoner, stars: int, open_: int, target: int, out_of_time: bool
) -> Step:
    """When the rules are stuck: take one star from the solver's solution (in the unit with
    the fewest open cells, where it helps the rules most), or everything when out of time."""
    b = reasoner.b
    if out_of_time:
        return reasoner.step(
            "search", "search", open_ & target, open_ & ~target, open_, [],
            "Time ran out for the rules, so the remaining cells come from the solver's search.",
        )
    best = min(
        (u for u, m in enumerate(b.units) if open_ & m & target),
        key=lambda u: (open_ & b.units[u]).bit_count(),
    )
    om = open_ & b.units[best]
    pick = om & target
    pick &= -pick
    cell = b.cell(pick.bit_length() - 1)
    return reasoner.step(
        "search", "search", pick, 0, om, [best],
        f"No rule applies any more. The solver's search (trial and error with backtracking) "
        f"puts one of the stars of {reasoner.refs[best].name} at {_rc(cell)}; the rules go on "
        f"from there.",
    )


def _state(board: Board, given_stars: tuple[Cell, ...], given_empty: tuple[Cell, ...]) -> tuple[int, int]:
    n = board.n
    for r, c in (*given_stars, *given_empty):
        if not (0 <= r < n and 0 <= c < n):
            raise InputError(f"cell ({r}, {c}) is off the {n}x{n} grid")
    stars = board.mask(list(given_stars))
    empty = board.mask(list(given_empty))
    if stars & empty:
        raise InputError("a cell cannot be both a star and empty")
    return stars, board.full & ~stars & ~empty


def explain(
    puzzle: StarPuzzle,
    *,
    max_steps: int | None = None,
    time_limit: float | None = 30.0,
    given_stars: tuple[Cell, ...] = (),
    given_empty: tuple[Cell, ...] = (),
) -> Explanation:
    """Step-by-step human solution of a puzzle (from a partial state if given).

    Each step applies the easiest rule that decides something. When no rule applies (or
    the time limit passes), one final "search" step fills the rest from the solver's
    solution. `max_steps` stops early (`hint` is max_steps=1). Given marks that contradict
    the solution get a single "mistake" step pointing at them.
    """
    deadline = Deadline(time_limit)
    solved = solve(puzzle, time_limit=time_limit)
    if solved.solution is None:
        return Explanation(
            size=puzzle.size, stars=puzzle.stars, unique=solved.unique, status=solved.status,
            difficulty="search", used_search=False, steps=(),
            solution=None, elapsed=deadline.elapsed(),
        )
    reasoner = _Reasoner(puzzle, deadline)
    b = reasoner.b
    target = b.mask(list(solved.solution))
    stars, open_ = _state(b, given_stars, given_empty)
    wrong = (stars & ~target) | (b.full & ~stars & ~open_ & target)
    if wrong:
        cells = b.cells(wrong)
        step = Step(
            "mistake", "easy", (), tuple(cells), (),
            f"{_cells_text(cells)} {'is' if len(cells) == 1 else 'are'} marked wrongly: "
            f"the solution differs there.",
        )
        return Explanation(
            size=puzzle.size, stars=puzzle.stars, unique=solved.unique, status="solved",
            difficulty="easy", used_search=False, steps=(step,),
            solution=solved.solution, elapsed=deadline.elapsed(),
        )
    steps: list[Step] = []
    rules = _rules(reasoner)
    worst = 0
    used_search = False
    while open_ and (max_steps is None or len(steps) < max_steps):
        found = None
        if not deadline.expired():
            for rule in rules:
                found = rule(stars, open_)
                if found is not None:
                    break
        if found is None:
            found = _search_step(reasoner, stars, open_, target, deadline.expired())
            used_search = True
        for r, c, what in found.decided:
            bit = 1 << (r * b.n + c)
            if what == "star":
                stars |= bit
            open_ &= ~bit
        worst = max(worst, LEVELS.index(found.level))
        steps.append(found)
    if not open_:
        # Sound rules can only reach the solution; anything else is an engine bug.
        assert stars == target, "explain reached a state that is not the solver's solution"
        check_solution(puzzle, b.cells(stars))
    return Explanation(
        size=puzzle.size, stars=puzzle.stars, unique=solved.unique, status="solved",
        difficulty=LEVELS[worst], used_search=used_search,
        steps=tuple(steps), solution=solved.solution, elapsed=deadline.elapsed(),
    )


def hint(
    puzzle: StarPuzzle,
    *,
    given_stars: tuple[Cell, ...] = (),
    given_empty: tuple[Cell, ...] = (),
    time_limit: float | None = 30.0,
) -> Explanation:
    """Only the next step from the start (or from the given marks)."""
    return explain(
        puzzle, max_steps=1, time_limit=time_limit, given_stars=given_stars,
        given_empty=given_empty,
    )
