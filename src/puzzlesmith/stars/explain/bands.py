"""Bands: sets of rows (columns) that still need stars, with the regions inside them and the
regions reaching into them, as confinement and counting use them (the last found kept in the
state's memo)."""

from __future__ import annotations

from typing import Any, NamedTuple

from puzzlesmith.stars.board import bits
from puzzlesmith.stars.explain.state import State, union_of


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


class _Last:
    """The bands last found for a state (`bands`), with the state they were found in and the
    needs and reach they depend on."""

    def __init__(self, st: State) -> None:
        self.key: tuple[int, int] = (-1, -1)
        self.found: list[Band] = []
        self.shape: tuple[Any, ...] = ()


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


# Complex on purpose: one pass grows each band's sums line by line (see the docstring);
# split further, the running sums would be passed around.
def bands(st: State, stars: int, open_: int, singles: bool = False) -> list[Band]:
    """Sets of rows (columns) that still need stars, with the regions inside them and the
    regions reaching into them (cached per state): every band of consecutive lines, then
    the lines one region or two regions together reach (consecutive or not).

    A band's regions and their needs and cells are sums grown line by line as the band
    grows (a region is inside a band of consecutive lines from the band's line where its
    reach ends, if it starts there or later): a 25 x 25 grid has some 1,300 bands a
    state, and going through every region for each of them cost more than the rules
    that use them."""
    kept = st.memo(_Last)
    if not singles and (stars, open_) == kept.key:
        return kept.found
    b = st.b
    n = b.n
    units = b.units
    needs = st.needs(stars)
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
        if shape == kept.shape:
            kept.key = (stars, open_)
            return kept.found
    out: list[Band] = []
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
                out.append(Band(rows, (i,), lines[i], line_need[i], in_set, in_need, in_mask,
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
                    out.append(Band(rows, tuple(range(first, last + 1)), mask, band_need,
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
            out.append(Band(rows, idx, union_of(lines, list(idx)), band_need, in_set, in_need,
                            in_mask, t_set, t_need, t_mask, base))
    if not singles:
        kept.key = (stars, open_)
        kept.shape = shape
        kept.found = out
    return out
