"""The state the rules share over one puzzle: the board, the units' needs and capacities, the
bands of lines, the caches (tilings, bands, ways, memos), and the rules it runs (`RuleSpec`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from puzzlesmith.limits import Deadline
from puzzlesmith.stars.board import Board, bits, line_capacity
from puzzlesmith.stars.explain.steps import Step, UnitRef
from puzzlesmith.stars.model import Cell, StarPuzzle

# A rule: given the shared state and a position (stars, open cells) as bit masks, its first
# Step, or None.
RuleFn = Callable[["State", int, int], Step | None]


@dataclass(frozen=True)
class RuleSpec:
    """One rule: `key` names it uniquely; `run` is its function (None for the search and
    mistake steps, which no rule makes); `name` is what a step shows (rules of one name
    differ by level, or by `variant`, the words docs/stars.md tells them apart by); `says`:
    what it decides, in one line."""

    key: str
    run: RuleFn | None
    name: str
    level: str
    weight: float
    says: str
    variant: str = ""


# A tiling of a set x by 2 x 2 blocks: (its cells outside x, cells of x in two blocks, cells
# of x alone in their block, the blocks).
_Cover = tuple[int, int, int, list[tuple[int, int, int]]]


# A set of open cells holding an exact number of stars: (cells, stars, its units, why); the
# units and the why are made only for a set a step uses (most are never used).
_Counted = tuple[int, int, Callable[[], list[int]], Callable[[], str]]


_LATE = 0.5  # share of the time limit after which no scan checks more than `_SCAN_CELLS`


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
        return [self.base + g for g in bits(self.in_set)]

    @property
    def touching(self) -> list[int]:
        """The units of the regions reaching into it."""
        if self.units_touching is not None:
            return list(self.units_touching)
        return [self.base + g for g in bits(self.t_set)]

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
    regions, so every state of that size shares them (the last size asked for: one grid
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



def _region_reach(open_: int, rmask: tuple[int, ...], n: int,
                  row0: int) -> tuple[dict[int, int], dict[int, int]]:
    """The lines each region's open cells reach, as bits: rows, and columns (regions with no
    open cell left out)."""
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
    return reach_rows, reach_cols


def past_half(deadline: Deadline) -> bool:
    """Whether `_LATE` of the time limit has passed: from then on the costliest rules give
    way, so the steps may be other than those of a longer limit."""
    return deadline.fraction_used() > _LATE



class _Supposed(NamedTuple):
    """Where deep trial's supposed star led without a contradiction: its stars, its stars
    and open cells, the steps that led there, the sub-state's `pending` and `settled`
    there, and whether every deep rule was followed (or only the cheap rules)."""

    stars: int
    stars_open: int
    chain: list[Step]
    pending: dict[str, list[int]]
    settled: dict[tuple[int, int], tuple[int, int]]
    done: bool


class State:
    """What every rule asks of the board and shares with the others: one per puzzle (and one
    more, blind to the solution, for deep trial's supposed stars). `rules`: the rules it runs,
    easiest first (`registry.RULES`), which deep trial follows supposed stars with and a
    step finds its name and level in."""

    def __init__(self, puzzle: StarPuzzle, deadline: Deadline,
                 solution: tuple[Cell, ...] | list[Cell] = (),
                 rules: tuple[RuleSpec, ...] = ()) -> None:
        self.puzzle = puzzle
        self.rules = rules
        self.spec_of: dict[RuleFn, RuleSpec] = {s.run: s for s in rules if s.run is not None}
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
            for i in bits(blk[2]):
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
        self.even_cols = even_cols
        self.row_halves = (even_rows, self.b.full & ~even_rows)
        self.col_halves = (even_cols, self.b.full & ~even_cols)
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
        self.settled: dict[tuple[int, int], tuple[int, int]] = {}
        self.quiet_key: tuple[int, int] = (-1, -1)
        self.quiet: int | None = None
        # Tilings found per (cells, stars): the same open cells come up step after step, and
        # map after map when the generator steers one (`_covers_of`).
        self.cover_cache, self.no_cover = _covers_of(n)
        # The ways a set of cells holds its stars, per (cells, stars, cap, needs around it).
        self.ways_cache: dict[tuple[int, int, int, tuple[int, ...]], list[int] | None] = {}
        # The state (blind to the solution) that deep trial follows supposed stars with.
        self.deep: State | None = None
        # Per cell, where deep trial's supposed star there last led without a contradiction,
        # so that the next try goes on from there.
        self.deep_memo: dict[int, _Supposed] = {}
        # Whether this is that state (see `exclusion_tiled`).
        self.supposing = False

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
        self, rule: RuleFn | RuleSpec, stars: int, empty: int, cells: int | list[Cell],
        units: list[int], reason: str,
    ) -> Step:
        """The step of this rule (one of `rules`, or the spec of search) that decides these
        stars and empty cells, looked at these cells and units, for this reason."""
        spec = rule if isinstance(rule, RuleSpec) else self.spec_of[rule]
        b = self.b
        decided = sorted(
            [(r, c, "star") for r, c in b.cells(stars)] + [(r, c, "empty") for r, c in b.cells(empty)]
        )
        looked = b.cells(cells) if isinstance(cells, int) else cells
        return Step(spec.name, spec.level, tuple(decided), tuple(looked), tuple(self.refs[u] for u in units),
                    reason, spec.weight)

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

    # Complex on purpose: one pass grows each band's sums line by line (see the docstring);
    # split further, the running sums would be passed around.
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
        reach_rows, reach_cols = _region_reach(open_, rmask, n, b.row0)
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
            for g, reach_g in reach.items():
                first_of[g] = (reach_g & -reach_g).bit_length() - 1
                by_last[reach_g.bit_length() - 1].append(g)
                for i in bits(reach_g):
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
                idx = tuple(bits(lineset))
                band_need = sum(line_need[i] for i in idx)
                if not band_need:
                    continue
                in_set = in_need = in_mask = t_set = t_need = t_mask = 0
                for g, reach_g in reach.items():
                    if reach_g & lineset:
                        t_set |= 1 << g
                        t_need += rneed[g]
                        t_mask |= rmask[g]
                        if not reach_g & ~lineset:
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

    def sees_all_of(self, om: int, open_: int) -> int:
        """Open cells outside `om` that touch every cell of it."""
        nbr = self.b.nbr
        common = open_ & ~om
        for i in bits(om):
            common &= nbr[i]
            if not common:
                break
        return common
