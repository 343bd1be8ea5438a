"""The state the rules share over one puzzle: the board, the units' needs and capacities, the
bands of lines, the caches (tilings, bands, ways, memos), and the rules it runs (`RuleSpec`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from puzzlesmith.limits import Deadline
from puzzlesmith.stars.board import Board, bits, line_capacity
from puzzlesmith.stars.explain.steps import Step, unit_refs
from puzzlesmith.stars.explain.text import and_list
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


_LATE = 0.5  # share of the time limit after which no scan checks more than `SCAN_CELLS`


class Band(NamedTuple):
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
                 inside: list[int], touching: list[int], base: int) -> Band:
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


def union_of(units: tuple[int, ...], which: list[int]) -> int:
    m = 0
    for u in which:
        m |= units[u]
    return m


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
        self.refs = unit_refs(puzzle)
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
        # The last bands found (`bands.bands`), for its state and for the needs and reach it
        # depends on.
        self.bands_key: tuple[int, int] = (-1, -1)
        self.bands_found: list[Band] = []
        self.bands_shape: tuple[Any, ...] = ()
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
        if len(refs) > 1 and len({r.kind for r in refs}) == 1:
            return f"{refs[0].kind}s " + and_list([r.name.split(" ", 1)[1] for r in refs])
        return and_list([r.name for r in refs])

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

    def sees_all_of(self, om: int, open_: int) -> int:
        """Open cells outside `om` that touch every cell of it."""
        nbr = self.b.nbr
        common = open_ & ~om
        for i in bits(om):
            common &= nbr[i]
            if not common:
                break
        return common
