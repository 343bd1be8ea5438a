"""The knock-ons a supposed state is followed by beyond the easy rules: the one-line
confinement rule, and for expert exclusion the 2 x 2 rule (and fill and sees-all) on units
and on the sets counting gives an exact number of stars, looked at only where they changed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from itertools import chain
from typing import Any

from puzzlesmith.stars.explain.bands import Band
from puzzlesmith.stars.explain.counting import (
    region_pairs,
    why_band,
    why_inside,
    why_touching,
    why_units,
)
from puzzlesmith.stars.explain.state import State, union_of
from puzzlesmith.stars.explain.text import all_open, fits, sees_text
from puzzlesmith.stars.explain.tiling import tiling_of


def _tight(stars: int) -> int:
    """Most open cells a counted set of `stars` stars may have for a knock-on to be possible:
    four per star (2 x 2 tiling), or a 3 x 3 square's eight for one star (sees-all)."""
    return 8 if stars == 1 else 4 * stars


def _bands_before(before: tuple[int, ...], line_kind: int, n: int) -> int:
    """Bands (a, last) of lines of `line_kind` (0 rows, 1 columns) with a * n + last below
    this come before the place `before` in the order (-1: none, n * n: all)."""
    if not before or before[0] == 0:
        return -1
    if before[0] == 2 or before[1] > line_kind:
        return n * n
    return -1 if before[1] < line_kind else before[2] * n + before[3]


def tile_knock_on(st: State, s2: int, o2: int, settled: int | None = None,
                  recent: tuple[int, tuple[int, ...]] | None = None,
                   ) -> tuple[Callable[[], str], list[int], int, int, tuple[int, ...]] | None:
    """The first unit, or set of cells counting gives an exact number of stars, that the
    2 x 2 rule (or, for a counted set, the fill or the sees-all rule) decides something
    in, in state (s2, o2): (what it says, its units, stars, empty cells, its place in
    the order the sets are looked at), with stars -1 when its open cells fit in fewer
    2 x 2 blocks than its stars (a contradiction); or None.

    With `settled` (see `follow_through`), only the sets that changed since are looked at: a
    set with the same open cells and stars to place decides nothing in a state with
    fewer open cells either (its tilings are the same, and they empty a subset). With
    `recent` (open cells, place) from the last call that found something, in a state
    with more open cells on the way here: the sets before that place decided nothing
    there, so of those only the ones that changed since are looked at."""
    b = st.b
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
        found = tiling_of(st, x, need, o2)
        if found is not None:
            cover, star, empty = found
            text = partial(fits, why_units(st, [u], need))
            return text, [u], (-1 if len(cover) < need else star), empty, (0, u)
    pairs = ((x, need, (pair, why), (2, pair[0], pair[1]))
             for x, need, pair, why in ((x, need, units(), why)
                                        for x, need, units, why in region_pairs(st, s2, o2))
             if (changed_recent if (2, pair[0], pair[1]) < before else changed)
             & (b.units[pair[0]] | b.units[pair[1]]))
    recent_tight = (recent[0], before) if recent is not None else None
    for x, need, meta, place in chain(_tight_counted(st, s2, o2, settled, recent_tight),
                                      pairs):
        cnt = x.bit_count()
        if cnt == need:
            units, why = _counted_meta(st, meta)
            return partial(all_open, why), units, x, 0, place
        if need == 1:
            common = st.sees_all_of(x, o2 & ~x)
            if common:
                units, why = _counted_meta(st, meta)
                return partial(sees_text, why, common, b), units, 0, common, place
            continue
        if cnt > 4 * need:
            continue
        found = tiling_of(st, x, need, o2)
        if found is not None:
            cover, star, empty = found
            units, why = _counted_meta(st, meta)
            return (partial(fits, why()), units, (-1 if len(cover) < need else star), empty,
                    place)
    return None


def _counted_meta(st: State, meta: Any) -> tuple[list[int], Callable[[], str]]:
    """The units and the reason of a set from `_tight_counted` (or `region_pairs`)."""
    if len(meta) == 2:
        return meta
    # (The lists grow as `_tight_counted` goes on: the set's are their first entries.)
    kind, rows, a, last, grown_in, n_in, grown_t, n_t, got, rest = meta
    idx = tuple(range(a, last + 1))
    inside, touching = grown_in[:n_in], grown_t[:n_t]
    n = st.b.n
    mask = union_of(st.b.units[0 if rows else n:], list(idx))
    band = Band.of_units(rows, idx, mask, got if kind != "touching" else got - rest,
                         inside, touching, 2 * n)
    if kind == "band":
        return band.lines(n), partial(why_band, band)
    if kind == "inside":
        band = Band.of_units(rows, idx, mask, got + rest, inside, [], 2 * n)
        return band.lines(n) + list(inside), partial(why_inside, st, band, got, rest)
    return band.lines(n) + list(touching), partial(why_touching, st, band, got, rest)


def _tight_counted(st: State, s2: int, o2: int, settled: int | None = None,
                   recent: tuple[int, tuple[int, ...]] | None = None,
                   ) -> Iterator[tuple[int, int, Any, tuple[int, ...]]]:
    """The sets of `counting_units` over bands of consecutive lines, only those with few
    enough open cells per star for a knock-on (`_tight`), found by counting open cells
    as each band grows (a supposed state is looked at once: the reasons are made only
    for the set used, by `_counted_meta`): (cells, stars, what to make the reason of,
    its place in the order). `settled`, `recent`: as in `tile_knock_on`."""
    # Complex: one pass grows every band a line at a time, counting the regions inside
    # and touching it as it goes; split into a function a band, each band would recount.
    b = st.b
    n, k, units = b.n, b.k, b.units
    regs, span = _open_regions(st, s2, o2)
    spread = _spread(st, settled, o2)
    spread_recent = _spread(st, recent[0], o2) if recent is not None else 0
    before = recent[1] if recent is not None else ()
    for off in (0, n):
        rows = off == 0
        lines = units[off:off + n]
        # A band's sets are as they were in the settled state unless one of its lines,
        # or a region reaching into it there, has changed since; the same for the state
        # of `recent`, for the bands before its place.
        dirty = [True] * n if spread < 0 else [bool(spread & m) for m in lines]
        dirty_recent = [bool(spread_recent & m) for m in lines]
        upto = _bands_before(before, off // n, n)
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


def _open_regions(st: State, s2: int, o2: int) -> tuple[
    list[tuple[int, int, int, int]], list[tuple[tuple[int, int], tuple[int, int]]]
]:
    """The regions with open cells in state (s2, o2), as (unit, open cells, how many, stars
    still needed), and beside each the first and last row, and column, its open cells reach."""
    b = st.b
    n, k, units, row0 = b.n, b.k, b.units, b.row0
    regs = []
    span: list[tuple[tuple[int, int], tuple[int, int]]] = []
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
    return regs, span


def _spread(st: State, ref: int | None, o2: int) -> int:
    """The cells that changed since the state with open cells `ref` (-1 for all, when
    None), with every cell open there of a region that changed."""
    if ref is None:
        return -1
    units, n = st.b.units, st.b.n
    changed = ref & ~o2
    spread = changed
    for g in range(n):
        m = units[2 * n + g]
        if changed & m:
            spread |= ref & m
    return spread


def line_region_knock_on(st: State, s2: int, o2: int) -> tuple[int, int]:
    """Cells the one-line confinement rule empties in state (s2, o2), and -1 or the line
    whose regions cannot give it exactly its stars (a contradiction)."""
    b = st.b
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
