"""Solve a puzzle the way a person does, one named rule at a time, and grade it.

Rules, easiest first. The grade of a puzzle is its hardest rule; its `score` adds up a
weight for every step (`WEIGHTS`: bookkeeping counts little, each harder rule more), so
two puzzles of one grade still compare.

easy    star-neighbours   cells around a star are empty (stars never touch)
easy    unit-full         a row, column or region with its K stars has no more
easy    unit-fill         a unit with exactly as many open cells as missing stars fills them
easy    sees-all          a cell touching every open cell of a unit that needs one star is empty
easy    confinement       a region inside one row (column) fills it; a row inside one region
                          fills the region (a line and a region, one of each)
medium  two-by-two        a unit whose open cells fit in as many 2 x 2 blocks as stars it
                          needs puts one star in each block: the blocks' other cells (and cells
                          where blocks overlap) are empty, a block meeting the unit in one
                          open cell has its star there
medium  confinement       N regions confined to N rows (columns) fill them, and the dual
                          (bands of neighbouring lines, or the lines one or two regions reach)
medium  counting          the cells of some rows (columns) outside the regions inside them, or
                          of the regions reaching into them outside them, hold an exact number
                          of stars (what the lines need minus what those regions need, or the
                          other way round); that count is then used like a unit's: fill,
                          sees-all, and 2 x 2 tiling (also of two neighbouring lines, and of
                          two neighbouring regions together)
medium  shapes            the ways (at most 6) a unit or counted set can hold its stars, none
                          touching and no line or region over its need: a cell starred in
                          every way is a star; touched by a star in every way, or in none, empty
hard    would-leave-short a cell whose star would leave some row, column, region, or pair of
                          neighbouring rows or columns without room for its stars is empty
hard    exclusion         the same, after following the star's knock-ons (neighbours empty,
                          full units closed, a unit's last star's common neighbours emptied,
                          units with as many open cells as stars filled)
hard    shapes            as medium shapes, with 7-16 ways
hard    cases             the ways of shapes (2-6 of them), each followed by the easy rules as
                          in exclusion: ways that leave a unit short are out; what all the
                          others lead to holds
expert  exclusion         a supposed star followed as in exclusion and further by counting and
                          2 x 2 tiling (units and counted sets whose open cells fit in as many
                          blocks as their stars, counted sets with just enough open cells or
                          needing one star): when that leaves a unit short, the cell is empty
                          (every open cell is tried; on grids over 15 x 15 the most promising
                          first, and the scan stops 60 cells after its first find)
expert  cases             as hard cases, with 7-24 ways
expert  trial             a cell whose star (emptiness) leads, by the counting rules and
                          confinement, to a contradiction is empty (a star)
expert  cases             as hard cases, with 25-96 ways: on grids up to 15 x 15
expert  deep-trial        tried last: a supposed star followed by every rule up to expert
                          exclusion and cases (the explainer's own loop) leaves a unit short, so
                          the cell is empty (the 60 tightest cells, those first; the scan ends
                          at its first find)

On grids over 15 x 15 the other per-cell rules check only the 60 most promising cells, and
so does expert exclusion once half the time limit has passed.
search  search            the rules ran out: one star comes from the solver's solution (and
                          we say so), then the rules go on

Cells in reasons are written r3c5: row 3, column 5, counted from 1. JSON cells are 0-based.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import chain, islice, takewhile
from typing import Any, NamedTuple

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.board import Board, line_capacity
from puzzlesmith.stars.model import Cell, StarPuzzle, check_solution
from puzzlesmith.stars.propagate import propagate
from puzzlesmith.stars.solve import SolveResult, solve

LEVELS = ("easy", "medium", "hard", "expert", "search")
# Score per step, by rule and level. Set by hand; scripts/stars_fit_weights.py fits them on
# half the labelled real puzzles and checks the other half, and the fitted weights did no
# better there (benchmarks/stars_real.py reports the concordance per half).
WEIGHTS = {
    ("star-neighbours", "easy"): 0.1, ("unit-full", "easy"): 0.1, ("unit-fill", "easy"): 0.5,
    ("sees-all", "easy"): 1.0, ("confinement", "easy"): 1.5,
    ("two-by-two", "medium"): 3.0, ("confinement", "medium"): 4.0, ("counting", "medium"): 5.0,
    ("would-leave-short", "hard"): 6.0, ("exclusion", "hard"): 10.0,
    ("shapes", "medium"): 5.0, ("shapes", "hard"): 8.0, ("cases", "hard"): 12.0,
    ("cases", "expert"): 25.0, ("exclusion", "expert"): 18.0,
    ("trial", "expert"): 20.0, ("deep-trial", "expert"): 30.0, ("search", "search"): 50.0,
    ("mistake", "easy"): 0.0,
}
Decision = tuple[int, int, str]
# A tiling of a set x by 2 x 2 blocks: (its cells outside x, cells of x in two blocks, cells
# of x alone in their block, the blocks).
_Cover = tuple[int, int, int, list[tuple[int, int, int]]]
# A set of open cells holding an exact number of stars: (cells, stars, its units, why); the
# units and the why are made only for a set a step uses (most are never used).
_Counted = tuple[int, int, Callable[[], list[int]], Callable[[], str]]


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
    when the rules ran out and the solver finished). score: the steps' weights added up
    (`WEIGHTS`). The final stars always equal the solver's solution. cut_short: the time
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
        return round(sum(WEIGHTS.get((s.rule, s.level), 0.0) for s in taken), 1)

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


def _rc(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class _Reasoner:
    """The rules over one puzzle; each rule returns the first step it finds, or None."""

    def __init__(self, puzzle: StarPuzzle, deadline: Deadline,
                 solution: tuple[Cell, ...] | list[Cell] = ()) -> None:
        self.puzzle = puzzle
        self.b = Board.of(puzzle)
        self.deadline = deadline
        # The solution's stars, when known (0: not known). A supposed star there never leads
        # to a contradiction (nor a supposed empty cell elsewhere), so the per-cell rules
        # skip those cells: they would be checked only to find nothing. The steps the rules
        # find are the same; the reasons never depend on it.
        self.answer = self.b.mask(list(solution))
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
        # The 2 x 2 blocks each cell lies in.
        self.blocks_of: list[list[tuple[int, int, int]]] = [[] for _ in range(n * n)]
        for blk in self.blocks:
            for i in _bits(blk[2]):
                self.blocks_of[i].append(blk)
        regs = puzzle.regions
        pairs = {
            (2 * n + min(regs[r][c], regs[rr][cc]), 2 * n + max(regs[r][c], regs[rr][cc]))
            for r in range(n) for c in range(n)
            for rr, cc in ((r + 1, c), (r, c + 1))
            if rr < n and cc < n and regs[r][c] != regs[rr][cc]
        }
        self.neighbour_regions = sorted(pairs)
        # The even and odd rows, and columns (for `_needs_more_blocks`): masking out every
        # other line keeps a run of cells from going on into the next line.
        even_rows = sum(self.b.units[r] for r in range(0, n, 2))
        even_cols = sum(self.b.units[n + c] for c in range(0, n, 2))
        self._even_cols = even_cols
        self._row_halves = (even_rows, self.b.full & ~even_rows)
        self._col_halves = (even_cols, self.b.full & ~even_cols)
        self._needs_key = -1
        self._needs: list[int] = []
        self._bands_key: tuple[int, int] = (-1, -1)
        self._bands: list[_Band] = []
        self._bands_shape: tuple[Any, ...] = ()
        # Cells a scanning rule (would-leave-short, exclusion, trial) decided in its last full
        # scan and not yet used: checked again first, so a scan is not repeated every step.
        self.pending: dict[str, list[int]] = {}
        # Per (1 for hard exclusion, 2 for expert, cell), where the supposed
        # star there last led without a contradiction: (its stars, its stars and open cells).
        self._settled: dict[tuple[int, int], tuple[int, int]] = {}
        self._quiet_key: tuple[int, int] = (-1, -1)
        self._quiet: int | None = None
        # Tilings found per (cells, stars): the same open cells come up step after step, and
        # map after map when the generator steers one (`_covers_of`).
        self._cover_cache, self._no_cover = _covers_of(n)
        # The ways a set of cells holds its stars, per (cells, stars, cap, needs around it).
        self._ways_cache: dict[tuple[int, int, int, tuple[int, ...]], list[int] | None] = {}
        # The reasoner (blind to the solution) that deep trial follows supposed stars with.
        self._deep: _Reasoner | None = None
        # Per cell, where deep trial's supposed star there last led without a contradiction,
        # so that the next try goes on from there.
        self._deep_memo: dict[int, _Supposed] = {}
        # Whether this is that reasoner (see `exclusion_tiled`).
        self._supposing = False

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

    def needs(self, stars: int) -> list[int]:
        """Stars every unit still needs (cached for the current stars)."""
        if stars != self._needs_key:
            k = self.b.k
            self._needs = [k - (stars & m).bit_count() for m in self.b.units]
            self._needs_key = stars
        return self._needs

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

    def bands(self, stars: int, open_: int, singles: bool = False) -> list[_Band]:
        """Sets of rows (columns) that still need stars, with the regions inside them and the
        regions reaching into them (cached per state): every band of consecutive lines, then
        the lines one region or two regions together reach (consecutive or not).

        A band's regions and their needs and cells are sums grown line by line as the band
        grows (a region is inside a band of consecutive lines from the band's line where its
        reach ends, if it starts there or later): a 25 x 25 grid has some 1,300 bands a
        state, and going through every region for each of them cost more than the rules
        that use them."""
        if not singles and (stars, open_) == self._bands_key:
            return self._bands
        b = self.b
        n = b.n
        units = b.units
        needs = self.needs(stars)
        base = 2 * n
        rneed = needs[base:]
        rmask = units[base:]
        row0 = b.row0
        # The lines each region's open cells reach, as bits: rows, and columns.
        reach_rows: dict[int, int] = {}
        reach_cols: dict[int, int] = {}
        for g in range(n):
            om = open_ & rmask[g]
            if not om:
                continue
            rbits = fold = 0
            for r in range(((om & -om).bit_length() - 1) // n, (om.bit_length() - 1) // n + 1):
                part = (om >> (r * n)) & row0
                if part:
                    rbits |= 1 << r
                    fold |= part
            reach_rows[g] = rbits
            reach_cols[g] = fold
        # A band holds only what the lines and regions need and the lines the regions reach,
        # so a step that changes neither (a cell emptied inside a region's reach, as most
        # 2 x 2 and sees-all steps do: about half the states) leaves every band as it was.
        shape: tuple[Any, ...] = ()
        if not singles:
            shape = (tuple(needs), tuple(reach_rows.items()), tuple(reach_cols.items()))
            if shape == self._bands_shape:
                self._bands_key = (stars, open_)
                return self._bands
        out: list[_Band] = []
        everything = (1 << n) - 1
        for rows in (True, False):
            off = 0 if rows else n
            lines = units[off:off + n]
            line_need = needs[off:off + n]
            reach = reach_rows if rows else reach_cols
            at: list[list[int]] = [[] for _ in range(n)]  # the regions reaching each line
            by_last: list[list[int]] = [[] for _ in range(n)]  # ... whose reach ends there
            first_of: dict[int, int] = {}
            for g, bits in reach.items():
                first_of[g] = (bits & -bits).bit_length() - 1
                by_last[bits.bit_length() - 1].append(g)
                for i in _bits(bits):
                    at[i].append(g)
            if singles:
                for i in range(n):
                    if not line_need[i]:
                        continue
                    in_set = in_need = in_mask = t_set = t_need = t_mask = 0
                    for g in at[i]:
                        t_set |= 1 << g
                        t_need += rneed[g]
                        t_mask |= rmask[g]
                        if reach[g] == 1 << i:
                            in_set |= 1 << g
                            in_need += rneed[g]
                            in_mask |= rmask[g]
                    out.append(_Band(rows, (i,), lines[i], line_need[i], in_set, in_need, in_mask,
                                     t_set, t_need, t_mask, base))
                continue
            seen: set[int] = set()
            for first in range(n):
                mask = band_need = in_set = in_need = in_mask = t_set = t_need = t_mask = 0
                for last in range(first, n if first else n - 1):
                    mask |= lines[last]
                    band_need += line_need[last]
                    for g in by_last[last]:
                        if first_of[g] >= first:
                            in_set |= 1 << g
                            in_need += rneed[g]
                            in_mask |= rmask[g]
                    for g in at[last]:
                        if not t_set >> g & 1:
                            t_set |= 1 << g
                            t_need += rneed[g]
                            t_mask |= rmask[g]
                    seen.add((1 << (last + 1)) - (1 << first))
                    if band_need:
                        out.append(_Band(rows, tuple(range(first, last + 1)), mask, band_need,
                                         in_set, in_need, in_mask, t_set, t_need, t_mask, base))
            reached = list(reach.values())
            extra = set(reached)
            extra |= {x | y for j, x in enumerate(reached) for y in reached[j + 1:]}
            for lineset in sorted(extra, key=lambda x: (x.bit_count(), x)):
                if lineset in seen or lineset == everything:
                    continue
                seen.add(lineset)
                idx = tuple(_bits(lineset))
                band_need = sum(line_need[i] for i in idx)
                if not band_need:
                    continue
                in_set = in_need = in_mask = t_set = t_need = t_mask = 0
                for g, bits in reach.items():
                    if bits & lineset:
                        t_set |= 1 << g
                        t_need += rneed[g]
                        t_mask |= rmask[g]
                        if not bits & ~lineset:
                            in_set |= 1 << g
                            in_need += rneed[g]
                            in_mask |= rmask[g]
                out.append(_Band(rows, idx, _union(lines, list(idx)), band_need, in_set, in_need,
                                 in_mask, t_set, t_need, t_mask, base))
        if not singles:
            self._bands_key = (stars, open_)
            self._bands_shape = shape
            self._bands = out
        return out

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
        needs = self.needs(stars)
        for u, m in enumerate(self.b.units):
            if open_ & m and needs[u] == 0:
                return self.step(
                    "unit-full", "easy", 0, open_ & m, stars & m, [u],
                    f"{self.refs[u].name.capitalize()} already has its "
                    f"{_plural(self.b.k, 'star')}, so its other cells are empty.",
                )
        return None

    def unit_fill(self, stars: int, open_: int) -> Step | None:
        needs = self.needs(stars)
        for u, m in enumerate(self.b.units):
            need = needs[u]
            if need > 0 and (open_ & m).bit_count() == need:
                left = _plural(need, "open cell")
                return self.step(
                    "unit-fill", "easy", open_ & m, 0, open_ & m, [u],
                    f"{self.refs[u].name.capitalize()} still needs {_plural(need, 'star')} and "
                    f"has exactly {left} left, so {'it is a star' if need == 1 else 'all are stars'}.",
                )
        return None

    # medium

    def _sees_all(self, om: int, open_: int) -> int:
        """Open cells outside `om` that touch every cell of it."""
        nbr = self.b.nbr
        common = open_ & ~om
        for i in _bits(om):
            common &= nbr[i]
            if not common:
                break
        return common

    def sees_all(self, stars: int, open_: int) -> Step | None:
        b = self.b
        needs = self.needs(stars)
        for u, m in enumerate(b.units):
            om = open_ & m
            if not om or needs[u] != 1:
                continue
            common = self._sees_all(om, open_ & ~m)
            if common:
                return self.step(
                    "sees-all", "easy", 0, common, om, [u],
                    f"{self.refs[u].name.capitalize()} needs one more star, in one of "
                    f"{', '.join(_rc(c) for c in b.cells(om))}; "
                    f"{_cells_text(b.cells(common))} touch{'es' if common.bit_count() == 1 else ''} "
                    f"all of them, so {'it is' if common.bit_count() == 1 else 'they are'} empty.",
                )
        return None

    def two_by_two(self, stars: int, open_: int) -> Step | None:
        b = self.b
        needs = self.needs(stars)
        for u, m in enumerate(b.units):
            need = needs[u]
            if need < 2:
                continue
            found = self._tiling(open_ & m, need, open_)
            if found is not None:
                cover, star, empty = found
                return self.step(
                    "two-by-two", "medium", star, empty, open_ & m, [u],
                    f"{self.refs[u].name.capitalize()} needs {need} stars and "
                    + _tiling_text(cover, star, empty, need, self.b),
                )
        return None

    def _tiling(self, x: int, need: int, open_: int) -> tuple[list[tuple[int, int, int]], int, int] | None:
        """A tiling of the open cells x (which hold exactly `need` stars) by `need` 2 x 2
        blocks that decides something: (blocks, stars, empties), or None.

        Each block then holds exactly one of the stars (a block holds at most one), so its
        cells outside x are empty, cells of x in two blocks are empty (a star there would
        count twice), and a block left with one open cell of x has its star there.
        """
        if not x or x.bit_count() > 4 * need:
            return None
        key = (x, need)
        entry = self._cover_cache.get(key)
        if entry is None:
            covers: list[_Cover] = []
            tilings = (islice(self._covers(x, need, [], _MAX_TILINGS), _MAX_COVERS)
                       if not self._needs_more_blocks(x, need) else ())
            outside_any = 0
            fixed = False
            for cover in tilings:
                union = twice = 0
                for blk in cover:
                    twice |= union & blk[2]
                    union |= blk[2]
                star = 0
                for blk in cover:
                    own = blk[2] & x & ~twice
                    if own.bit_count() == 1:
                        star |= own
                covers.append((union & ~x, twice & x, star, cover))
                outside_any |= union & ~x
                fixed = fixed or bool(twice & x or star)
            entry = (outside_any, fixed, covers) if covers else _NO_COVERS
            if len(self._cover_cache) >= _MAX_CACHED:
                self._cover_cache.clear()
            self._cover_cache[key] = entry
        outside_any, fixed, covers = entry
        if not fixed and not outside_any & open_:
            # (No tiling decides anything here: the common case, answered without the loop.)
            return None
        # (The cells outside x a tiling empties are the only part that depends on the state.)
        for outside, twice_x, star, cover in covers:
            empty = (outside & open_) | twice_x
            if empty or star:
                return cover, star, empty
        return None

    def _needs_more_blocks(self, x: int, count: int) -> bool:
        """Whether the cells x surely need more than `count` 2 x 2 blocks to cover them. A
        block covers cells of one even and one odd row, at most two neighbouring ones in
        each; so the blocks are at least the windows of two cells that cover the even rows'
        cells, and the odd rows' (and the same for columns). Most sets a tiling search is
        asked about in supposed states fail so, and this is far cheaper than the search.

        A run of L neighbouring cells along a line takes ceil(L / 2) windows: as many as
        its cells at an even distance from the run's start."""
        even_cols = self._even_cols
        for half in self._row_halves:
            y = x & half
            starts = y & ~(y << 1)
            # The runs that start in an even column: adding their first cells carries
            # through them and clears them.
            from_even = y & ~(y + (starts & even_cols))
            if ((from_even & even_cols).bit_count()
                    + (y & ~from_even & ~even_cols).bit_count()) > count:
                return True
        n = self.b.n
        for half in self._col_halves:
            # Cells with at least d cells of their run above them, d = 0, 1, 2, ...: the
            # alternating sum counts the cells at an even distance.
            run = x & half
            got = 0
            sign = 1
            while run:
                got += sign * run.bit_count()
                run &= run << n
                sign = -sign
            if got > count:
                return True
        return False

    def _covers(
        self, x: int, count: int, chosen: list[tuple[int, int, int]], budget: list[int] | int
    ) -> Iterator[list[tuple[int, int, int]]]:
        """Ways to cover the cells x with `count` 2 x 2 blocks (at most `budget` tried)."""
        left = [budget] if isinstance(budget, int) else budget
        if not x:
            yield list(chosen)
            return
        if count == 0 or x.bit_count() > 4 * count or left[0] <= 0:
            return
        # Cells no 2 x 2 block can share (they do not touch) each need their own block.
        spread = 0
        rest = x
        nbr = self.b.nbr
        while rest and spread <= count:
            low = rest & -rest
            rest &= ~(low | nbr[low.bit_length() - 1])
            spread += 1
        if spread > count:
            return
        # The same cells left to cover come up again and again, within a search and across
        # searches (the open cells of one state and the next differ by a few). Those that
        # have no cover are remembered with what the search for one cost, and that cost is
        # still taken from the budget, so every search ends just as it would without this.
        key = (x, count)
        cost = self._no_cover.get(key)
        if cost is not None:
            left[0] -= cost
            return
        start = left[0]
        found = False
        low = x & -x
        for blk in self.blocks_of[low.bit_length() - 1]:
            left[0] -= 1
            chosen.append(blk)
            for cover in self._covers(x & ~blk[2], count - 1, chosen, left):
                found = True
                yield cover
            chosen.pop()
        if not found and left[0] > 0:
            if len(self._no_cover) >= _MAX_CACHED:
                self._no_cover.clear()
            self._no_cover[key] = start - left[0]

    def confinement_single(self, stars: int, open_: int) -> Step | None:
        return self._confinement(stars, open_, max_width=1)

    def confinement_bands(self, stars: int, open_: int) -> Step | None:
        return self._confinement(stars, open_, max_width=self.b.n - 1)

    def _confinement(self, stars: int, open_: int, max_width: int) -> Step | None:
        b = self.b
        level = "easy" if max_width == 1 else "medium"
        for band in self.bands(stars, open_, singles=max_width == 1):
            need = band.need
            # (The counts first: the cell masks are 625-bit numbers on 25 x 25.)
            if band.in_need != need and band.t_need != need:
                continue
            width = band.width
            if width > max_width:
                continue
            empty = open_ & band.mask & ~band.in_mask if band.in_need == need else 0
            if band.in_set and empty:
                inside = band.inside
                got = band.in_need
                lines = band.lines(b.n)
                what = band.name()
                names = self.names(inside)
                return self.step(
                    "confinement", level, 0, empty, open_ & band.in_mask, lines + inside,
                    f"{_cap(names)} lie{'s' if len(inside) == 1 else ''} inside {what} and "
                    f"need{'s' if len(inside) == 1 else ''} {_plural(got, 'star')}, all that "
                    f"{what} still need{'s' if width == 1 else ''}; so the rest of {what} "
                    f"is empty.",
                )
            empty = open_ & band.t_mask & ~band.mask if band.t_need == need else 0
            if band.t_set and empty:
                touching = band.touching
                lines = band.lines(b.n)
                what = band.name()
                names = self.names(touching)
                return self.step(
                    "confinement", level, 0, empty, open_ & band.mask, lines + touching,
                    f"The {need} stars {what} still need{'s' if width == 1 else ''} can only "
                    f"come from {names}, which need exactly that many; so "
                    f"{'its' if len(touching) == 1 else 'their'} cells outside {what} "
                    f"are empty.",
                )
        return None

    # hard

    def counting_units(self, stars: int, open_: int) -> Iterator[_Counted]:
        """Sets of open cells that hold an exact number of stars, found by counting: (cells,
        stars, units looked at, why), the why ending where a sentence can go on (a function, as
        most sets are never used)."""
        n = self.b.n
        for band in self.bands(stars, open_):
            if band.width == 2 and band.consecutive:
                yield (open_ & band.mask, band.need, partial(band.lines, n),
                       partial(self._why_band, band))
            if band.in_set and band.in_need < band.need:
                got = band.in_need
                rest = band.need - got
                x = open_ & band.mask & ~band.in_mask
                if x:
                    yield (x, rest, partial(band.units, n, True),
                           partial(self._why_inside, band, got, rest))
            if band.t_set and band.t_need > band.need and band.t_set.bit_count() <= 4:
                got = band.t_need
                rest = got - band.need
                x = open_ & band.t_mask & ~band.mask
                if x:
                    yield (x, rest, partial(band.units, n, False),
                           partial(self._why_touching, band, got, rest))

    @staticmethod
    def _why_band(band: _Band) -> str:
        return f"{_cap(band.name())} need {_plural(band.need, 'star')}"

    def _why_inside(self, band: _Band, got: int, rest: int) -> str:
        what, one = band.name(), band.width == 1
        return (f"{_cap(what)} need{'s' if one else ''} {_plural(band.need, 'star')} and "
                f"{self.names(band.inside)} inside {'it' if one else 'them'} "
                f"need{'s' if len(band.inside) == 1 else ''} {got}, so {what}'s other cells hold "
                f"exactly {_plural(rest, 'star')}")

    def _why_touching(self, band: _Band, got: int, rest: int) -> str:
        what, one = band.name(), len(band.touching) == 1
        return (f"{_cap(self.names(band.touching))} hold{'s' if one else ''} every open cell of "
                f"{what} and need{'s' if one else ''} {_plural(got, 'star')}, {band.need} of them "
                f"in {what}, so {'its' if one else 'their'} cells outside {what} hold exactly "
                f"{_plural(rest, 'star')}")

    def _why_units(self, units: list[int], need: int) -> str:
        if len(units) == 1:
            return f"{self.refs[units[0]].name.capitalize()} needs {_plural(need, 'star')}"
        return f"{_cap(self.names(units))} together need {_plural(need, 'star')}"

    def region_pairs(self, stars: int, open_: int) -> Iterator[_Counted]:
        """Two neighbouring regions together, for 2 x 2 tiling across their border."""
        b = self.b
        needs = self.needs(stars)
        for g, h in self.neighbour_regions:
            if needs[g] and needs[h] and open_ & b.units[g] and open_ & b.units[h]:
                total = needs[g] + needs[h]
                yield (open_ & (b.units[g] | b.units[h]), total, partial(list, (g, h)),
                       partial(self._why_units, [g, h], total))

    def counting(self, stars: int, open_: int) -> Step | None:
        b = self.b
        for x, count, units, why in chain(self.counting_units(stars, open_),
                                          self.region_pairs(stars, open_)):
            if self.deadline.expired():
                return None
            if x.bit_count() == count:
                cells = b.cells(x)
                return self.step(
                    "counting", "medium", x, 0, x, units(),
                    f"{why()}, and there are only {len(cells)} open: {_cells_text(cells)}; so "
                    f"{'it is a star' if count == 1 else 'all are stars'}.",
                )
            if count == 1:
                common = self._sees_all(x, open_ & ~x)
                if common:
                    cells = b.cells(x)
                    return self.step(
                        "counting", "medium", 0, common, x, units(),
                        f"{why()}, in one of {_cells_text(cells)}; "
                        f"{_cells_text(b.cells(common))} touch{'es' if common.bit_count() == 1 else ''}"
                        f" all of them, so {'it is' if common.bit_count() == 1 else 'they are'} empty.",
                    )
                continue
            found = self._tiling(x, count, open_)
            if found is not None:
                cover, star, empty = found
                return self.step(
                    "counting", "medium", star, empty, x, units(),
                    f"{why()}; " + _tiling_text(cover, star, empty, count, b),
                )
        return None

    def case_sets(self, stars: int, open_: int, min_count: int
                  ) -> Iterator[_Counted]:
        """Sets of open cells holding an exact number (at least `min_count`) of stars: the
        rows, columns and regions, then the sets found by counting."""
        needs = self.needs(stars)
        for u, m in enumerate(self.b.units):
            if needs[u] >= min_count and open_ & m:
                yield open_ & m, needs[u], partial(list, (u,)), partial(self._why_units, [u], needs[u])
        for x, count, units, why in self.counting_units(stars, open_):
            # On big grids, sets of four or more stars have too many ways to go through
            # (the enumeration would cost seconds and rarely end under the cap).
            if count >= min_count and (count <= 3 or self.b.n <= 12):
                yield x, count, units, why

    def _placements(self, x: int, count: int, needs: list[int], cap: int) -> list[int] | None:
        """Every way to put `count` non-touching stars on the cells x without giving a row,
        column or region more than it needs (None when there are more than `cap`)."""
        b = self.b
        key = (x, count, cap, tuple(needs[u] for u, m in enumerate(b.units) if m & x))
        if key in self._ways_cache:
            return self._ways_cache[key]
        nbr, cell_units = b.nbr, b.cell_units
        used = [0] * len(b.units)
        out: list[int] = []
        budget = [40 * cap]

        def go(avail: int, chosen: int, left: int) -> bool:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            if left == 0:
                out.append(chosen)
                return len(out) <= cap
            if avail.bit_count() < left:
                return True
            low = avail & -avail
            i = low.bit_length() - 1
            r, c, g = cell_units[i]
            if used[r] < needs[r] and used[c] < needs[c] and used[g] < needs[g]:
                used[r] += 1
                used[c] += 1
                used[g] += 1
                ok = go(avail & ~(low | nbr[i]), chosen | low, left - 1)
                used[r] -= 1
                used[c] -= 1
                used[g] -= 1
                if not ok:
                    return False
            return go(avail & ~low, chosen, left)

        found = out if go(x, 0, count) else None
        self._ways_cache[key] = found
        return found

    def _ways_text(self, ways: list[int]) -> str:
        b = self.b
        shown = "; ".join("+".join(_rc(c) for c in b.cells(w)) for w in ways[:4])
        more = f" and {len(ways) - 4} more" if len(ways) > 4 else ""
        return f"{shown}{more}"

    def shapes(self, stars: int, open_: int) -> Step | None:
        return self._shapes(stars, open_, _FEW_WAYS, "medium")

    def shapes_many(self, stars: int, open_: int) -> Step | None:
        return self._shapes(stars, open_, _MAX_SHAPES, "hard")

    def _shapes(self, stars: int, open_: int, cap: int, level: str) -> Step | None:
        """The ways a unit (or a counted set) can hold its stars: cells starred in every way
        are stars, cells touched by a star in every way, or used by none, are empty."""
        b = self.b
        nbr = b.nbr
        needs = self.needs(stars)
        for x, count, units, why in self.case_sets(stars, open_, 2):
            if self.deadline.expired():
                return None
            ways = self._placements(x, count, needs, cap)
            if not ways:
                continue
            every = x
            used = 0
            touched = open_ & ~x
            for w in ways:
                every &= w
                used |= w
                t = 0
                for i in _bits(w):
                    t |= nbr[i]
                touched &= t
            star = every
            empty = (x & ~used) | touched
            if not star and not empty:
                continue
            facts = []
            if star:
                facts.append(f"{_cells_text(b.cells(star))} "
                             f"{'is a star' if star.bit_count() == 1 else 'are stars'} in every one")
            if touched:
                facts.append(f"{_cells_text(b.cells(touched))} "
                             f"touch{'es' if touched.bit_count() == 1 else ''} a star in every one")
            if x & ~used:
                facts.append(f"{_cells_text(b.cells(x & ~used))} "
                             f"{'is' if (x & ~used).bit_count() == 1 else 'are'} in none")
            ways_text = (f"the only way to place them without touching (and without giving a row, "
                         f"column or region more stars than it needs) is {self._ways_text(ways)}"
                         if len(ways) == 1 else
                         f"the only {len(ways)} ways to place them without touching (and without "
                         f"giving a row, column or region more stars than it needs) are "
                         f"{self._ways_text(ways)}")
            return self.step(
                "shapes", level, star, empty, x, units(),
                f"{why()}; {ways_text}: " + ", and ".join(facts) + "; so "
                + _decided_text(b, star, empty) + ".",
            )
        return None

    def cases(self, stars: int, open_: int) -> Step | None:
        return self._cases(stars, open_, _FEW_WAYS, "hard")

    def cases_many(self, stars: int, open_: int) -> Step | None:
        return self._cases(stars, open_, MAX_CASES, "expert")

    def cases_wide(self, stars: int, open_: int) -> Step | None:
        # The last rule before search, on grids up to 15 x 15 (on bigger ones it costs too
        # much, as each way is followed on its own).
        if self.b.n > 15:
            return None
        return self._cases(stars, open_, _WIDE_CASES, "expert")

    def _cases(self, stars: int, open_: int, cap: int, level: str) -> Step | None:
        """The same ways, each followed through the easy rules: a way that leaves some unit
        short is out, and what every remaining way leads to holds."""
        b = self.b
        nbr = b.nbr
        needs = self.needs(stars)
        for x, count, units, why in self.case_sets(stars, open_, 1):
            if self.deadline.expired():
                return None
            ways = self._placements(x, count, needs, cap)
            if not ways or len(ways) < 2:
                continue
            alive = []
            dead: list[tuple[int, str]] = []
            all_stars = b.full
            all_empty = open_
            for w in ways:
                t = 0
                for i in _bits(w):
                    t |= nbr[i]
                s2, o2, _, broken = self._follow(stars | w, open_ & ~x & ~t, x | t)
                if broken is not None:
                    dead.append((w, broken[0]))
                    continue
                alive.append(w)
                all_stars &= s2
                all_empty &= ~(s2 | o2)
            if not alive:
                continue  # (the solution's own way always stays: never reached)
            star = all_stars & open_
            empty = all_empty
            if not star and not empty:
                continue
            told = []
            for w, text in dead[:3]:
                told.append(f"{'+'.join(_rc(c) for c in b.cells(w))} would leave {text}")
            if len(dead) > 3:
                told.append(f"{len(dead) - 3} more ways leave some unit short too")
            decided = _decided_text(b, star, empty)
            left = ("In the one way left" if len(alive) == 1
                    else f"In each of the {len(alive)} ways left")
            return self.step(
                "cases", level, star, empty, x, units(),
                f"{why()}, in one of {len(ways)} ways ({self._ways_text(ways)}). "
                + (f"Of these, {'; '.join(told)}. " if told else "")
                + f"{left} ({self._ways_text(alive)}), following the easy rules, {decided}. "
                f"So {decided}.",
            )
        return None

    def _scan(self, name: str, check: Callable[[int, int, int], Step | None], stars: int,
              open_: int, stop: int | None = None, cap: int | None = None) -> Step | None:
        """Run a per-cell rule: cells it decided in an earlier scan first, then a full scan
        (remembering every cell it decides there), or with `stop`, a scan that ends that many
        cells after its first find (`cap`: and checks at most that many cells)."""
        queue = self.pending.get(name, [])
        # (A trial supposes either way, so only it may check the solution's stars.)
        useful = open_ & ~self.answer if name in _STAR_SUPPOSED else open_
        while queue:
            i = queue.pop(0)
            if useful >> i & 1:
                found = check(stars, open_, i)
                if found is not None:
                    return found
        hits: list[int] = []
        first: Step | None = None
        left = -1
        # (`cap` counts open cells, the useful ones or not, so that knowing the solution
        # changes which cells are checked only by skipping the ones that cannot succeed.)
        order = (self._scan_order(name, stars, open_, useful, ranked=stop is not None)
                 if cap is None else
                 [i for i in self._scan_order(name, stars, open_, open_, ranked=True)[:cap]
                  if useful >> i & 1])
        for i in order:
            if self.deadline.expired() or left == 0:
                break
            left -= 1
            found = check(stars, open_, i)
            if found is not None:
                if first is None:
                    first = found
                    if stop is not None:
                        left = stop
                else:
                    hits.append(i)
        self.pending[name] = hits
        return first

    def _scan_order(self, name: str, stars: int, open_: int, useful: int,
                    ranked: bool = False) -> list[int]:
        """The cells of `useful` a scan checks: all of them on grids up to 15 x 15; on bigger
        ones, where a full scan of exclusion or trial costs seconds, the most promising
        `_SCAN_CELLS`: those in the units with the fewest open cells per missing star
        (`ranked`: all of them, the most promising first)."""
        cells = _bits(useful)
        if (self.b.n <= 15 or name == "would-leave-short"
                or len(cells) <= _SCAN_CELLS) and not ranked:
            return cells
        needs = self.needs(stars)
        units = self.b.units
        tight = [needs[u] / max(1, (open_ & m).bit_count()) for u, m in enumerate(units)]
        cu = self.b.cell_units
        cells.sort(key=lambda i: -(tight[cu[i][0]] + tight[cu[i][1]] + tight[cu[i][2]]))
        late = past_half(self.deadline)
        # Past `_LATE` of the time limit, a ranked scan too checks only the most promising
        # cells: a stuck state then goes to search sooner, so the rules still end the grid
        # (with search steps) instead of the time limit cutting them off.
        return cells if ranked and not late else cells[:_SCAN_CELLS]

    def would_leave_short(self, stars: int, open_: int) -> Step | None:
        return self._scan("would-leave-short", self._leave_short_at, stars, open_)

    def _leave_short_at(self, stars: int, open_: int, i: int) -> Step | None:
        b = self.b
        bit = 1 << i
        s2 = stars | bit
        o2 = open_ & ~(bit | b.nbr[i])
        for u in b.cell_units[i]:
            if self.need(s2, u) == 0:
                o2 &= ~b.units[u]
        short = self._short(s2, o2, bit | b.nbr[i])
        if short is None:
            return None
        r, c = b.cell(i)
        text, cells, units = short
        return self.step(
            "would-leave-short", "hard", 0, bit, (open_ & cells) | bit, units,
            f"A star at {_rc((r, c))} would leave {text}, so {_rc((r, c))} is empty.",
        )

    def _short(self, s2: int, o2: int, touched: int) -> tuple[str, int, list[int]] | None:
        """A unit, or pair of neighbouring lines, meeting `touched` that lacks room for its
        stars in state (s2, o2): (what to say, its cells, its units), or None."""
        b = self.b
        n = b.n
        for u, m in enumerate(b.units):
            if not m & touched:
                continue
            need = self.need(s2, u)
            if need > 0:
                room = self.capacity(u, o2, need)
                if room < need:
                    return (f"{self.refs[u].name} "
                            + (f"no room for the {_plural(need, 'star')} it still needs" if room == 0
                               else f"room for only {_plural(room, 'star')} of the {need} it "
                                    "still needs"), m, [u])
        need2 = 2 * b.k
        for rows in (True, False):
            for first in range(n - 1):
                lines = [first, first + 1] if rows else [n + first, n + first + 1]
                band = b.units[lines[0]] | b.units[lines[1]]
                if not band & touched:
                    continue
                have = (s2 & band).bit_count()
                room = self.band_capacity(s2 | o2, first, rows, need2)
                if room < need2:
                    kind = "rows" if rows else "columns"
                    return (f"{kind} {first + 1}-{first + 2} room for only {room - have} more of "
                            f"the {need2 - have} stars they need (two neighbouring {kind} put "
                            f"their stars in different, non-touching "
                            f"{'columns' if rows else 'rows'})", band, lines)
        return None

    def exclusion(self, stars: int, open_: int) -> Step | None:
        return self._scan("exclusion", self._exclusion_at, stars, open_)

    def _still_settled(self, level: int, stars: int, open_: int, i: int) -> bool:
        """Whether a star at i still leads, by `_follow` (with the 2 x 2 knock-ons at level
        2, without at level 1), to no contradiction: known from where it led in an earlier
        state, without following it again from the start."""
        b = self.b
        settled = self._settled.get((level, i))
        if settled is None:
            return False
        # There, (stars, stars and open cells), no unit was left short.
        s_f, so_f = settled
        if not stars & ~s_f and not so_f & ~(stars | open_):
            # The state is still on the way there (every star and every empty cell of it is
            # one there too): the same rules from here end in the same place.
            return True
        if stars & ~so_f or s_f & ~(stars | open_):
            return False
        # Or it can go on from there with what the state added: the rules only ever add
        # stars and empty cells, so they reach the same end, and only the 2 x 2 knock-ons
        # of sets the additions changed are new. (A contradiction found so is followed from
        # the state itself, for the reason.)
        o_f = so_f & ~s_f
        o0 = o_f & open_
        s2, o2, _, broken = self._follow(s_f | stars, o0, (open_ & ~o0) | b.nbr[i],
                                         [] if level == 2 else None, o_f)
        if broken is not None:
            return False
        self._settled[(level, i)] = (s2, s2 | o2)
        return True

    def _exclusion_at(self, stars: int, open_: int, i: int) -> Step | None:
        """A star at i, followed through the easy rules, leaves some unit short."""
        b = self.b
        bit = 1 << i
        if self._still_settled(1, stars, open_, i):
            return None
        start = open_ & ~(bit | b.nbr[i])
        s2, o2, forced, broken = self._follow(stars | bit, start, bit | b.nbr[i])
        if broken is None:
            self._settled[(1, i)] = (s2, s2 | o2)
        if o2 == start or broken is None:
            # (When nothing followed from the star, would-leave-short already looked at it.)
            return None
        text, cells, units = broken
        cell = b.cell(i)
        then = (f"then need stars at {_cells_text([b.cell(j) for j in forced])}" if forced
                else "close more cells")
        return self.step(
            "exclusion", "hard", 0, bit, [cell, *(b.cell(j) for j in forced), *b.cells(open_ & cells)],
            units,
            f"Suppose {_rc(cell)} were a star: its neighbours go empty, and the easy rules (full "
            f"units, units with just enough open cells, a unit's last star, a region inside one "
            f"line) {then}; that would leave {text}. So {_rc(cell)} is empty.",
        )

    def _follow(self, s2: int, o2: int, touched: int,
                tiled: list[tuple[Callable[[], str], list[int]]] | None = None,
                settled: int | None = None,
                ) -> tuple[int, int, list[int], tuple[str, int, list[int]] | None]:
        """Follow a supposed state (s2, o2) through the easy rules (full units closed, a
        unit's last star's common neighbours emptied, units with just enough open cells
        filled, a region inside one line) and then check the units they touched for room:
        (stars, open cells, cells forced to be stars, the unit left short or None).

        With `tiled` (a list), also follow the 2 x 2 rule when those are stuck: a unit, or a
        set of cells counting gives an exact number of stars, whose open cells fit in as
        many 2 x 2 blocks as its stars has one in each (what was tiled, and its units, are
        appended to `tiled`, in order). `settled`: the open cells of a state (s2 is one
        more decided) where that rule decides nothing anywhere: sets of cells left as they
        were there are passed over."""
        b = self.b
        k = b.k
        forced: list[int] = []
        broken: tuple[str, int, list[int]] | None = None
        # The open cells when the 2 x 2 knock-ons last found something, and where (see
        # `_tile_knock_on`): the sets before that place were all quiet there.
        recent: tuple[int, tuple[int, ...]] | None = None
        changed = True
        while changed and broken is None:
            changed = False
            for u, m in enumerate(b.units):
                om = o2 & m
                need = k - (s2 & m).bit_count()
                if not om:
                    if need > 0:
                        broken = (f"{self.refs[u].name} no room for the "
                                  f"{_plural(need, 'star')} it still needs", m, [u])
                        break
                    continue
                if need == 0:
                    o2 &= ~m
                    touched |= om
                    changed = True
                elif need == 1 and om.bit_count() > 1:
                    common = self._sees_all(om, o2 & ~m)
                    if common:
                        o2 &= ~common
                        touched |= common
                        changed = True
                elif om.bit_count() <= need:
                    if om.bit_count() < need or any(b.nbr[j] & om for j in _bits(om)):
                        broken = (f"{self.refs[u].name} no room for the "
                                  f"{_plural(need, 'star')} it still needs", m, [u])
                        break
                    for j in _bits(om):
                        forced.append(j)
                        s2 |= 1 << j
                        o2 &= ~((1 << j) | b.nbr[j])
                        touched |= (1 << j) | b.nbr[j]
                    changed = True
            if not changed and broken is None:
                gone, bad = self._line_region_knock_on(s2, o2)
                if bad >= 0:
                    broken = (f"{self.refs[bad].name} and the regions in it unable to give it "
                              "exactly the stars it needs", b.units[bad], [bad])
                elif gone:
                    o2 &= ~gone
                    touched |= gone
                    changed = True
            if not changed and broken is None and tiled is not None:
                found = self._tile_knock_on(s2, o2, settled, recent)
                if found is not None:
                    why, units, star, gone, place = found
                    recent = (o2, place)
                    if star < 0:
                        broken = (f"{why()} in fewer 2x2 blocks than that, so no room for them",
                                  _union(b.units, units), units)
                    else:
                        tiled.append((why, units))
                        for j in _bits(star):
                            forced.append(j)
                            s2 |= 1 << j
                            o2 &= ~((1 << j) | b.nbr[j])
                            touched |= (1 << j) | b.nbr[j]
                        o2 &= ~gone
                        touched |= gone
                        changed = True
        if broken is None:
            broken = self._short(s2, o2, touched)
        return s2, o2, forced, broken

    def _tile_knock_on(self, s2: int, o2: int, settled: int | None = None,
                       recent: tuple[int, tuple[int, ...]] | None = None,
                       ) -> tuple[Callable[[], str], list[int], int, int, tuple[int, ...]] | None:
        """The first unit, or set of cells counting gives an exact number of stars, that the
        2 x 2 rule (or, for a counted set, the fill or the sees-all rule) decides something
        in, in state (s2, o2): (what it says, its units, stars, empty cells, its place in
        the order the sets are looked at), with stars -1 when its open cells fit in fewer
        2 x 2 blocks than its stars (a contradiction); or None.

        With `settled` (see `_follow`), only the sets that changed since are looked at: a
        set with the same open cells and stars to place decides nothing in a state with
        fewer open cells either (its tilings are the same, and they empty a subset). With
        `recent` (open cells, place) from the last call that found something, in a state
        with more open cells on the way here: the sets before that place decided nothing
        there, so of those only the ones that changed since are looked at."""
        b = self.b
        k = b.k
        changed = b.full if settled is None else settled & ~o2
        before: tuple[int, ...] = ()
        changed_recent = 0
        if recent is not None:
            changed_recent = recent[0] & ~o2
            before = recent[1]
        for u, m in enumerate(b.units):
            if not (changed_recent if (0, u) < before else changed) & m:
                continue
            need = k - (s2 & m).bit_count()
            x = o2 & m
            if need < 2 or x.bit_count() > 4 * need:
                continue
            found = self._tiling(x, need, o2)
            if found is not None:
                cover, star, empty = found
                text = partial(_fits, self._why_units([u], need))
                return text, [u], (-1 if len(cover) < need else star), empty, (0, u)
        pairs = ((x, need, (pair, why), (2, pair[0], pair[1]))
                 for x, need, pair, why in ((x, need, units(), why)
                                            for x, need, units, why in self.region_pairs(s2, o2))
                 if (changed_recent if (2, pair[0], pair[1]) < before else changed)
                 & (b.units[pair[0]] | b.units[pair[1]]))
        recent_tight = (recent[0], before) if recent is not None else None
        for x, need, meta, place in chain(self._tight_counted(s2, o2, settled, recent_tight),
                                          pairs):
            cnt = x.bit_count()
            if cnt == need:
                units, why = self._counted_meta(meta)
                return partial(_all_open, why), units, x, 0, place
            if need == 1:
                common = self._sees_all(x, o2 & ~x)
                if common:
                    units, why = self._counted_meta(meta)
                    return partial(_sees_text, why, common, b), units, 0, common, place
                continue
            if cnt > 4 * need:
                continue
            found = self._tiling(x, need, o2)
            if found is not None:
                cover, star, empty = found
                units, why = self._counted_meta(meta)
                return (partial(_fits, why()), units, (-1 if len(cover) < need else star), empty,
                        place)
        return None

    def _counted_meta(self, meta: Any) -> tuple[list[int], Callable[[], str]]:
        """The units and the reason of a set from `_tight_counted` (or `region_pairs`)."""
        if len(meta) == 2:
            return meta
        # (The lists grow as `_tight_counted` goes on: the set's are their first entries.)
        kind, rows, a, last, grown_in, n_in, grown_t, n_t, got, rest = meta
        idx = tuple(range(a, last + 1))
        inside, touching = grown_in[:n_in], grown_t[:n_t]
        n = self.b.n
        mask = _union(self.b.units[0 if rows else n:], list(idx))
        band = _Band.of_units(rows, idx, mask, got if kind != "touching" else got - rest,
                              inside, touching, 2 * n)
        if kind == "band":
            return band.lines(n), partial(self._why_band, band)
        if kind == "inside":
            band = _Band.of_units(rows, idx, mask, got + rest, inside, [], 2 * n)
            return band.lines(n) + list(inside), partial(self._why_inside, band, got, rest)
        return band.lines(n) + list(touching), partial(self._why_touching, band, got, rest)

    def _tight_counted(self, s2: int, o2: int, settled: int | None = None,
                       recent: tuple[int, tuple[int, ...]] | None = None,
                       ) -> Iterator[tuple[int, int, Any, tuple[int, ...]]]:
        """The sets of `counting_units` over bands of consecutive lines, only those with few
        enough open cells per star for a knock-on (`_tight`), found by counting open cells
        as each band grows (a supposed state is looked at once: the reasons are made only
        for the set used, by `_counted_meta`): (cells, stars, what to make the reason of,
        its place in the order). `settled`, `recent`: as in `_tile_knock_on`."""
        b = self.b
        n, k, units = b.n, b.k, b.units
        regs = []
        # The first and last row, and column, each region's open cells reach.
        span: list[tuple[tuple[int, int], tuple[int, int]]] = []
        row0 = b.row0
        for g in range(n):
            m = units[2 * n + g]
            om = o2 & m
            if om:
                regs.append((2 * n + g, om, om.bit_count(), k - (s2 & m).bit_count()))
                top = ((om & -om).bit_length() - 1) // n
                bottom = (om.bit_length() - 1) // n
                fold = 0
                for r in range(top, bottom + 1):
                    fold |= (om >> (r * n)) & row0
                span.append(((top, bottom), ((fold & -fold).bit_length() - 1, fold.bit_length() - 1)))
        spread = self._spread(settled, o2)
        spread_recent = self._spread(recent[0], o2) if recent is not None else 0
        before = recent[1] if recent is not None else ()
        for off in (0, n):
            rows = off == 0
            lines = units[off:off + n]
            # A band's sets are as they were in the settled state unless one of its lines,
            # or a region reaching into it there, has changed since; the same for the state
            # of `recent`, for the bands before its place.
            dirty = [True] * n if spread < 0 else [bool(spread & m) for m in lines]
            dirty_recent = [bool(spread_recent & m) for m in lines]
            # Bands (a, last) with a * n + last below this come before that place.
            if not before or before[0] == 0:
                upto = -1
            elif before[0] == 2 or before[1] > off // n:
                upto = n * n
            else:
                upto = -1 if before[1] < off // n else before[2] * n + before[3]
            line_open = [(o2 & m).bit_count() for m in lines]
            need = [k - (s2 & m).bit_count() for m in lines]
            by_lo: list[list[tuple[int, int, int, int, int]]] = [[] for _ in range(n)]
            by_hi: list[list[tuple[int, int, int, int, int]]] = [[] for _ in range(n)]
            for (u, om, cnt, rneed), spans in zip(regs, span, strict=True):
                reach_lo, reach_hi = spans[0] if rows else spans[1]
                by_lo[reach_lo].append((reach_hi, u, om, cnt, rneed))
                by_hi[reach_hi].append((reach_lo, u, om, cnt, rneed))
            last_dirty = max((i for i in range(n) if dirty[i]), default=-1)
            for a in range(last_dirty + 1):
                band_open = band_need = 0
                in_open = in_need = in_mask = 0
                inside: list[int] = []
                touching: list[int] = []
                t_open = t_need = t_mask = 0
                for lo in range(a):
                    for hi, u, om, cnt, rneed in by_lo[lo]:
                        if hi >= a:
                            touching.append(u)
                            t_open += cnt
                            t_need += rneed
                            t_mask |= om
                mask = 0
                dirty_settled = dirty_since = False
                for last in range(a, n - 1 if a == 0 else n):
                    band_open += line_open[last]
                    band_need += need[last]
                    mask |= lines[last]
                    dirty_settled = dirty_settled or dirty[last]
                    dirty_since = dirty_since or dirty_recent[last]
                    dirty_in = dirty_since if a * n + last < upto else dirty_settled
                    for _, u, om, cnt, rneed in by_lo[last]:
                        touching.append(u)
                        t_open += cnt
                        t_need += rneed
                        t_mask |= om
                    for lo, u, om, cnt, rneed in by_hi[last]:
                        if lo >= a:
                            inside.append(u)
                            in_open += cnt
                            in_need += rneed
                            in_mask |= om
                    if band_need == 0 or not dirty_in:
                        continue
                    place = (1, off // n, a, last)
                    if last == a + 1 and 0 < band_open <= _tight(band_need):
                        yield (o2 & mask, band_need,
                               ("band", rows, a, last, inside, 0, touching, 0, band_need, 0),
                               place)
                    rest = band_need - in_need
                    if inside and rest > 0 and 0 < band_open - in_open <= _tight(rest):
                        yield (o2 & mask & ~in_mask, rest,
                               ("inside", rows, a, last, inside, len(inside), touching, 0,
                                in_need, rest), place)
                    rest = t_need - band_need
                    if (rest > 0 and len(touching) <= 4
                            and 0 < t_open - band_open <= _tight(rest)):
                        yield (t_mask & ~mask, rest,
                               ("touching", rows, a, last, inside, len(inside), touching,
                                len(touching), t_need, rest), place)

    def _spread(self, ref: int | None, o2: int) -> int:
        """The cells that changed since the state with open cells `ref` (-1 for all, when
        None), with every cell open there of a region that changed."""
        if ref is None:
            return -1
        units, n = self.b.units, self.b.n
        changed = ref & ~o2
        spread = changed
        for g in range(n):
            m = units[2 * n + g]
            if changed & m:
                spread |= ref & m
        return spread

    def _line_region_knock_on(self, s2: int, o2: int) -> tuple[int, int]:
        """Cells the one-line confinement rule empties in state (s2, o2), and -1 or the line
        whose regions cannot give it exactly its stars (a contradiction)."""
        b = self.b
        n, k, units, row0 = b.n, b.k, b.units, b.row0
        # Per line: what the regions reaching into it need, and those inside it (each region
        # is looked at only in the lines it reaches, not every line against every region).
        touch_need = [0] * (2 * n)
        touch_m = [0] * (2 * n)
        inside_need = [0] * (2 * n)
        inside_m = [0] * (2 * n)
        for g in range(n):
            m = units[2 * n + g]
            rm = o2 & m
            if not rm:
                continue
            rneed = k - (s2 & m).bit_count()
            top = ((rm & -rm).bit_length() - 1) // n
            bottom = (rm.bit_length() - 1) // n
            fold = 0
            for r in range(top, bottom + 1):
                part = (rm >> (r * n)) & row0
                if part:
                    fold |= part
                    touch_need[r] += rneed
                    touch_m[r] |= rm
            if top == bottom:
                inside_need[top] += rneed
                inside_m[top] |= rm
            if not fold & (fold - 1):
                u = n + fold.bit_length() - 1
                inside_need[u] += rneed
                inside_m[u] |= rm
            while fold:
                low = fold & -fold
                u = n + low.bit_length() - 1
                touch_need[u] += rneed
                touch_m[u] |= rm
                fold ^= low
        gone = 0
        for u in range(2 * n):
            line = units[u]
            om = o2 & line
            if not om:
                continue
            need = k - (s2 & line).bit_count()
            if inside_need[u] > need or touch_need[u] < need:
                return 0, u
            if inside_need[u] == need and inside_m[u]:
                gone |= om & ~inside_m[u]
            if touch_need[u] == need:
                gone |= touch_m[u] & ~line
        return gone, -1

    # expert

    def exclusion_tiled(self, stars: int, open_: int) -> Step | None:
        # Every open cell, the most promising first (on grids over 15 x 15 the scan stops
        # `_SCAN_CELLS` cells after its first find, as each cell costs milliseconds there).
        # Inside deep trial's supposed states it stops at its first find: the chain moves on
        # after every step, so the later finds a scan remembers are checked again in a
        # changed state, and finding them cost more than it saved (deep trial on the
        # collection's 17x17 and 21x21 puzzles 15-28% faster, the same deep-trial steps).
        stop = 0 if self._supposing else _SCAN_CELLS if self.b.n > 15 else None
        return self._scan("exclusion-tiled", self._exclusion_tiled_at, stars, open_, stop=stop)

    def _exclusion_tiled_at(self, stars: int, open_: int, i: int) -> Step | None:
        """A star at i, followed through the easy rules and the 2 x 2 rule, leaves some unit
        short."""
        b = self.b
        bit = 1 << i
        if self._still_settled(2, stars, open_, i):
            return None
        start = open_ & ~(bit | b.nbr[i])
        tiled: list[tuple[Callable[[], str], list[int]]] = []
        if self._quiet_key != (stars, open_):
            # The 2 x 2 knock-ons decide nothing in the state itself (as when every earlier
            # rule is stuck): the supposed states need look only at what the star changed.
            self._quiet_key = (stars, open_)
            self._quiet = open_ if self._tile_knock_on(stars, open_) is None else None
        s2, o2, forced, broken = self._follow(stars | bit, start, bit | b.nbr[i], tiled,
                                              self._quiet)
        if not tiled or broken is None:
            # (Without a 2 x 2 step, exclusion already looked at it.)
            if broken is None:
                self._settled[(2, i)] = (s2, s2 | o2)
            return None
        text, cells, units = broken
        cell = b.cell(i)
        said = [_uncap(why()) for why, us in tiled[:3]]
        if len(tiled) > 3:
            said.append(f"{len(tiled) - 3} more such counting steps follow")
        then = (f"; stars at {_cells_text([b.cell(j) for j in forced])} follow" if forced
                else "")
        looked = [u for _, us in tiled for u in us]
        return self.step(
            "exclusion", "expert", 0, bit,
            [cell, *(b.cell(j) for j in forced), *b.cells(open_ & cells)],
            list(dict.fromkeys([*looked, *units])),
            f"Suppose {_rc(cell)} were a star: its neighbours go empty, and the easy rules go "
            f"on, with counting and the 2x2 rule (cells that hold as many stars as the 2x2 "
            f"blocks they fit in have one star in each block): {'; '.join(said)}{then}. That "
            f"would leave "
            f"{text}. So {_rc(cell)} is empty.",
        )

    def trial(self, stars: int, open_: int) -> Step | None:
        return self._scan("trial", self._trial_at, stars, open_)

    def _trial_at(self, stars: int, open_: int, i: int) -> Step | None:
        b = self.b
        bit = 1 << i
        cell = b.cell(i)
        star_there = bool(self.answer & bit)  # (in the solution, when it is known)
        if not star_there and propagate(
                b, stars | bit, open_ & ~(bit | b.nbr[i]), confine=True) is None:
            return self.step(
                "trial", "expert", 0, bit, [cell], [],
                f"Suppose {_rc(cell)} were a star: following the counting rules from there "
                f"leaves some row, column or region without room for its stars, so "
                f"{_rc(cell)} is empty.",
            )
        if (star_there or not self.answer) and propagate(
                b, stars, open_ & ~bit, confine=True) is None:
            return self.step(
                "trial", "expert", bit, 0, [cell], [],
                f"Suppose {_rc(cell)} were empty: following the counting rules from there "
                f"leaves some row, column or region without room for its stars, so "
                f"{_rc(cell)} is a star.",
            )
        return None


    def deep_trial(self, stars: int, open_: int) -> Step | None:
        # Tried last: each cell runs the rules up to expert from its supposed star (up to
        # seconds on 17 x 17), so only the `_SCAN_CELLS` most promising cells are tried, and
        # the first find ends it. The `_LEAD` most promising go first, in full (emptying
        # those helps the rules most). Which of the others the rules lead to a contradiction
        # is foretold well by how far the cheap rules (up to counting, a hundredth of a second
        # a cell) take it: each is followed by those first, and the full rules go on from
        # there. Cells that led to no contradiction last time go last: they mostly lead to
        # none again.
        # Past `_LATE` of the time limit it is not tried (nor a follow carried on): the stuck
        # state goes to search, so a slow grid still ends with search steps rather than being
        # cut off at the limit.
        if past_half(self.deadline):
            return None
        useful = open_ & ~self.answer
        order = [i for i in self._scan_order("deep-trial", stars, open_, open_,
                                             ranked=True)[:_SCAN_CELLS] if useful >> i & 1]
        tried = [i for i in order if (m := self._deep_memo.get(i)) is not None and m.done]
        untried = [i for i in order if i not in tried]
        for i in untried[:_LEAD]:
            if self.deadline.expired():
                return None
            found = self._deep_trial_at(stars, open_, i)
            if found is not None:
                return found
        cheap = _cheap_rules(self._sub())
        fresh: list[tuple[int, int]] = []
        for i in untried[_LEAD:]:
            found = self._deep_trial_at(stars, open_, i, cheap)
            if found is not None:
                return found
            if past_half(self.deadline) or self.deadline.expired():
                return None
            end = self._deep_memo.get(i)
            if end is None:
                continue  # (the star led to a whole solution: no contradiction to find)
            fresh.append(((open_ & ~(end.stars_open & ~end.stars)).bit_count(), i))
        # The cells the cheap rules took at least `_FAR` as far as the furthest, in the order
        # they came in (the most promising first: emptying those helps the rules most), then
        # the others, the furthest first, and last the cells tried before.
        most = max((d for d, _ in fresh), default=0)
        first = [i for d, i in fresh if d >= _FAR * most]
        rest = [i for d, i in sorted(fresh, key=lambda x: -x[0]) if d < _FAR * most]
        for i in first + rest + tried:
            if self.deadline.expired():
                break
            found = self._deep_trial_at(stars, open_, i)
            if found is not None:
                return found
        return None

    def _sub(self) -> _Reasoner:
        """The reasoner, blind to the solution, that deep trial follows supposed stars with."""
        if self._deep is None:
            self._deep = _Reasoner(self.puzzle, self.deadline)
            self._deep._supposing = True
            self._deep._ways_cache = self._ways_cache
        return self._deep

    def _deep_trial_at(self, stars: int, open_: int, i: int,
                       rules: list[Rule] | None = None) -> Step | None:
        """A star at i, followed by every rule up to expert exclusion and cases (the
        explainer's own loop, on a reasoner that does not know the solution), leaves some
        unit short. (`rules`: only those, a first part of them.)"""
        b = self.b
        bit = 1 << i
        sub = self._sub()
        done = rules is None
        rules = _deep_rules(sub) if rules is None else rules
        memo = self._deep_memo.get(i)
        if memo is None:
            s2, o2 = stars | bit, open_ & ~(bit | b.nbr[i])
            chain: list[Step] = []
            sub.pending, sub._settled = {}, {}
        else:
            s_f, so_f, old, sub.pending, sub._settled, was_done = memo
            if not stars & ~s_f and not so_f & ~(stars | open_) and (was_done or not done):
                # The state is still on the way to where the star led without a
                # contradiction last time (each of its stars and empty cells is one there).
                return None
            # Go on from there with what the state has added since: the rules only add stars
            # and empty cells, so each step of that chain still follows from the star, and
            # what the sub-reasoner knew of its cells there still holds (a star or empty cell
            # the state and the chain disagree on is then a contradiction the rules find).
            # (Steps whose decisions the state has made since are left out of the reason.)
            s2, o2 = s_f | stars, so_f & ~s_f & open_
            empty = b.full & ~stars & ~open_
            chain = [st for st in old if (marks := self._marks(st))[0] & ~stars
                     or marks[1] & ~empty]
            done = done or was_done
        while True:
            broken = sub._broken(s2, o2)
            if broken is not None:
                break
            if past_half(self.deadline) or self.deadline.expired() or not o2:
                return None
            found = next((st for rule in rules if (st := rule(s2, o2)) is not None), None)
            if found is None:
                if not past_half(self.deadline) and not self.deadline.expired():
                    self._deep_memo[i] = _Supposed(s2, s2 | o2, chain, sub.pending, sub._settled,
                                                   done)
                return None
            chain.append(found)
            s2, o2 = apply_step(b, found, s2, o2)
        self._deep_memo.pop(i, None)
        text, cells, units = broken
        cell = b.cell(i)
        said = [f"{s.rule} ({s.level}): {_decided_text(b, *self._marks(s))}" for s in chain
                if s.rule not in _BOOKKEEPING]
        # Numbered, so that a person checking a long chain can keep their place.
        said = [f"({n}) {line}" for n, line in enumerate(said, 1)]
        stars_then = b.cells(s2 & ~stars & ~bit)
        return self.step(
            "deep-trial", "expert", 0, bit,
            [cell, *stars_then, *b.cells(o2 & cells)],
            units,
            f"Suppose {_rc(cell)} were a star, and follow it with the rules up to expert "
            f"exclusion and cases "
            f"(neighbours of stars and full units emptied as they come): "
            f"{'; '.join(said) if said else 'nothing more follows'}. That leaves {text}. "
            f"So {_rc(cell)} is empty.",
        )

    def _marks(self, step: Step) -> tuple[int, int]:
        """A step's stars and empty cells, as masks."""
        b = self.b
        star = b.mask([(r, c) for r, c, w in step.decided if w == "star"])
        empty = b.mask([(r, c) for r, c, w in step.decided if w != "star"])
        return star, empty

    def _broken(self, s2: int, o2: int) -> tuple[str, int, list[int]] | None:
        """Some unit of state (s2, o2) over-full or without room for its stars (or two
        stars touching): what to say, its cells, its units; None when there is none."""
        b = self.b
        for j in _bits(s2):
            if s2 & b.nbr[j]:
                other = (s2 & b.nbr[j]).bit_length() - 1
                return (f"stars at {_rc(b.cell(j))} and {_rc(b.cell(other))} touching",
                        (1 << j) | (1 << other), [])
        for u, m in enumerate(b.units):
            if (s2 & m).bit_count() > b.k:
                return (f"{self.refs[u].name} with more than {_plural(b.k, 'star')}", m, [u])
        return self._short(s2, o2, b.full)


_NO_COVERS: tuple[int, bool, list[_Cover]] = (0, False, [])  # (shared: never appended to)
_MAX_TILINGS = 200  # blocks tried per tiling search: enough for the bands of 25x25 6-star
_MAX_COVERS = 16  # tilings kept per set of cells
_MAX_CACHED = 50_000  # sets of cells whose tilings are kept (supposed states add many)
_SCAN_CELLS = 60  # cells a per-cell scan checks on grids over 15 x 15 (the most promising)
# The scans that suppose a star.
_STAR_SUPPOSED = {"would-leave-short", "exclusion", "exclusion-tiled"}
_LATE = 0.5  # share of the time limit after which no scan checks more than those
_FEW_WAYS = 6  # ways of placing a unit's stars that a person easily lists (medium, hard)
_MAX_SHAPES = 16  # ... and still lists with care (hard)
MAX_CASES = 24  # ... and follows one by one (expert)
_WIDE_CASES = 96  # ... and only as a last resort, after trial (expert)
_LEAD = 1  # cells deep trial tries in full before ranking the rest by the cheap rules
_FAR = 0.5  # (see `deep_trial`)
_BOOKKEEPING = {"star-neighbours", "unit-full"}  # steps a deep trial's reason leaves out


class _Supposed(NamedTuple):
    """Where deep trial's supposed star led without a contradiction: its stars, its stars
    and open cells, the steps that led there, the sub-reasoner's `pending` and `_settled`
    there, and whether every deep rule was followed (or only `_cheap_rules`)."""

    stars: int
    stars_open: int
    chain: list[Step]
    pending: dict[str, list[int]]
    settled: dict[tuple[int, int], tuple[int, int]]
    done: bool


class _Band(NamedTuple):
    """Some rows (columns), 0-based indices, with what they still need, and the regions
    inside them and reaching into them: as bits (region g is bit g), what they need
    together, and their cells. (A tuple: `bands` makes some 1,300 of them a state on
    25 x 25.)"""

    rows: bool
    idx: tuple[int, ...]
    mask: int
    need: int
    in_set: int
    in_need: int
    in_mask: int
    t_set: int
    t_need: int
    t_mask: int
    base: int  # unit number of region 0 (2 N)
    # Set by `of_units`: the regions' units in the order a reason names them.
    units_in: tuple[int, ...] | None = None
    units_touching: tuple[int, ...] | None = None

    @classmethod
    def of_units(cls, rows: bool, idx: tuple[int, ...], mask: int, need: int,
                 inside: list[int], touching: list[int], base: int) -> _Band:
        """A band for its reason only (its regions' needs and cells left out)."""
        return cls(rows, idx, mask, need, sum(1 << (u - base) for u in inside), 0, 0,
                   sum(1 << (u - base) for u in touching), 0, 0, base, tuple(inside),
                   tuple(touching))

    @property
    def inside(self) -> list[int]:
        """The units of the regions inside it."""
        if self.units_in is not None:
            return list(self.units_in)
        return [self.base + g for g in _bits(self.in_set)]

    @property
    def touching(self) -> list[int]:
        """The units of the regions reaching into it."""
        if self.units_touching is not None:
            return list(self.units_touching)
        return [self.base + g for g in _bits(self.t_set)]

    @property
    def width(self) -> int:
        return len(self.idx)

    @property
    def consecutive(self) -> bool:
        return self.idx[-1] - self.idx[0] + 1 == len(self.idx)

    def lines(self, n: int) -> list[int]:
        off = 0 if self.rows else n
        return [off + i for i in self.idx]

    def units(self, n: int, inside: bool) -> list[int]:
        """Its lines, then the regions inside it (or reaching into it)."""
        return self.lines(n) + (self.inside if inside else self.touching)

    def name(self) -> str:
        kind = "rows" if self.rows else "columns"
        if self.width == 1:
            return f"{kind[:-1]} {self.idx[0] + 1}"
        if self.consecutive:
            return f"{kind} {self.idx[0] + 1}-{self.idx[-1] + 1}"
        ids = [str(i + 1) for i in self.idx]
        return f"{kind} {', '.join(ids[:-1])} and {ids[-1]}"


_CoverCache = dict[tuple[int, int], tuple[int, bool, list[_Cover]]]
_shared_covers: tuple[int, _CoverCache, dict[tuple[int, int], int]] = (0, {}, {})


def _covers_of(n: int) -> tuple[_CoverCache, dict[tuple[int, int], int]]:
    """The tilings found so far on an n x n grid. They depend on the grid alone, not on its
    regions, so every reasoner of that size shares them (the last size asked for: one grid
    size at a time is the common case, and it keeps memory bounded). Steering a 25 x 25 map
    runs the rules on a new map for every change it tries; building the tilings afresh for
    each was an eighth of its time."""
    global _shared_covers
    if _shared_covers[0] != n:
        _shared_covers = (n, {}, {})
    return _shared_covers[1], _shared_covers[2]


def _union(units: tuple[int, ...], which: list[int]) -> int:
    m = 0
    for u in which:
        m |= units[u]
    return m


def _tiling_text(cover: list[tuple[int, int, int]], star: int, empty: int, need: int, b: Board) -> str:
    names = ", ".join(f"{_rc((r, c))}-{_rc((r + 1, c + 1))}" for r, c, _ in cover)
    parts = []
    if empty:
        parts.append(f"{_cells_text(b.cells(empty))} "
                     f"{'is' if empty.bit_count() == 1 else 'are'} empty")
    if star:
        parts.append(f"{_cells_text(b.cells(star))} "
                     f"{'is a star' if star.bit_count() == 1 else 'are stars'} (the only open cell "
                     f"left for {'its block' if star.bit_count() == 1 else 'their blocks'})")
    blocks = "the 2x2 block" if need == 1 else f"{_NUMBER_WORDS.get(need, need)} 2x2 blocks"
    return (f"its open cells fit in {blocks} {names}; a 2x2 block holds at most one "
            f"star, so each block holds exactly one of them: " + " and ".join(parts) + ".")


# "fit in two 2x2 blocks", not "in the 2 2x2 blocks": two numbers side by side misread.
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


def _tight(stars: int) -> int:
    """Most open cells a counted set of `stars` stars may have for a knock-on to be possible:
    four per star (2 x 2 tiling), or a 3 x 3 square's eight for one star (sees-all)."""
    return 8 if stars == 1 else 4 * stars


def _fits(why: str) -> str:
    return f"{why}, and they fit in that many 2x2 blocks"


def _all_open(why: Callable[[], str]) -> str:
    return f"{why()}, all of its open cells"


def _sees_text(why: Callable[[], str], common: int, b: Board) -> str:
    return f"{why()}, and {_cells_text(b.cells(common))} touch all its open cells"


def _decided_text(b: Board, star: int, empty: int) -> str:
    """ "r1c2 is a star and r3c4, r5c6 are empty" """
    parts = []
    if star:
        parts.append(f"{_cells_text(b.cells(star))} "
                     f"{'is a star' if star.bit_count() == 1 else 'are stars'}")
    if empty:
        parts.append(f"{_cells_text(b.cells(empty))} {'is' if empty.bit_count() == 1 else 'are'} empty")
    return " and ".join(parts)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _uncap(text: str) -> str:
    return text[:1].lower() + text[1:]


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


def past_half(deadline: Deadline) -> bool:
    """Whether `_LATE` of the time limit has passed: from then on the costliest rules give
    way, so the steps may be other than those of a longer limit."""
    return deadline.seconds is not None and deadline.elapsed() > _LATE * deadline.seconds


def apply_step(b: Board, step: Step, stars: int, open_: int) -> tuple[int, int]:
    """The state (stars, open cells) after a step's decisions."""
    for r, c, what in step.decided:
        bit = 1 << (r * b.n + c)
        if what == "star":
            stars |= bit
        open_ &= ~bit
    return stars, open_


def _rules_before(r: _Reasoner, name: str) -> list[Rule]:
    """The rules of `_rules` before the one named `name`."""
    return list(takewhile(lambda rule: getattr(rule, "__name__", "") != name, _rules(r)))


def _deep_rules(r: _Reasoner) -> list[Rule]:
    """The rules deep trial follows a supposed star with: every rule before trial, up to
    expert exclusion and cases (7-24 ways); not trial, wide cases, or deep trial itself."""
    return _rules_before(r, "trial")


def _cheap_rules(r: _Reasoner) -> list[Rule]:
    """The rules before the per-cell ones (up to counting): what deep trial ranks cells by."""
    return _rules_before(r, "shapes")


def _rules(r: _Reasoner) -> list[Rule]:
    return [
        r.star_neighbours, r.unit_full, r.unit_fill,
        r.sees_all, r.confinement_single, r.two_by_two,
        r.confinement_bands, r.counting, r.shapes, r.would_leave_short, r.exclusion,
        r.shapes_many, r.cases, r.exclusion_tiled, r.cases_many, r.trial, r.cases_wide,
        r.deep_trial,
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
    known_solution: tuple[Cell, ...] | None = None,
) -> Explanation:
    """Step-by-step human solution of a puzzle (from a partial state if given).

    Each step applies the easiest rule that decides something. When no rule applies (or
    the time limit passes), one final "search" step fills the rest from the solver's
    solution. `max_steps` stops early (`hint` is max_steps=1). Given marks that contradict
    the solution get a single "mistake" step pointing at them. `known_solution`: the
    puzzle's only solution, when the caller has proved it is the only one (the generator
    has): the solver is then not run again.
    """
    deadline = Deadline(time_limit)
    if known_solution is not None:
        solved = SolveResult(size=puzzle.size, stars=puzzle.stars, status="solved",
                             solution=check_solution(puzzle, known_solution), unique=True,
                             count=None, count_complete=False, engine="known", elapsed=0.0)
    else:
        solved = solve(puzzle, time_limit=time_limit)
    if solved.solution is None:
        return Explanation(
            size=puzzle.size, stars=puzzle.stars, unique=solved.unique, status=solved.status,
            difficulty="search", used_search=False, steps=(),
            solution=None, elapsed=deadline.elapsed(),
        )
    reasoner = _Reasoner(puzzle, deadline, solved.solution)
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
    used_search = cut_short = False
    while open_ and (max_steps is None or len(steps) < max_steps):
        found = None
        if not deadline.expired():
            for rule in rules:
                found = rule(stars, open_)
                if found is not None:
                    break
        if found is None:
            cut_short = deadline.expired()
            found = _search_step(reasoner, stars, open_, target, cut_short)
            used_search = True
        stars, open_ = apply_step(b, found, stars, open_)
        if not cut_short:
            worst = max(worst, LEVELS.index(found.level))
        steps.append(found)
    # Past half of the time limit the costliest rules give way (`past_half`), so the steps
    # from then on are not those a longer limit takes: the grade is not the puzzle's own.
    hurried = bool(steps) and past_half(deadline)
    if not open_:
        # Sound rules can only reach the solution; anything else is an engine bug.
        assert stars == target, "explain reached a state that is not the solver's solution"
        check_solution(puzzle, b.cells(stars))
    return Explanation(
        size=puzzle.size, stars=puzzle.stars, unique=solved.unique, status="solved",
        difficulty=LEVELS[worst], used_search=used_search,
        steps=tuple(steps), solution=solved.solution, elapsed=deadline.elapsed(),
        cut_short=cut_short, hurried=hurried,
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


def rules_in_order(
    puzzle: StarPuzzle, deadline: Deadline, solution: list[Cell] | tuple[Cell, ...] = ()
) -> tuple[Board, list[Rule]]:
    """The board and the rules, easiest first, as `explain` tries them: each rule takes
    (stars, open cells) as bit masks and gives its first Step or None. For
    `stars/generate.py`, which runs the rules up to a level on the maps it builds.
    `solution`: one the map is known to have (the generator's plan). The per-cell rules then
    skip the checks it rules out, as `explain` does with the solver's, so that when it is
    the only one the steps are explain's on every size."""
    reasoner = _Reasoner(puzzle, deadline, solution)
    return reasoner.b, _rules(reasoner)
