"""Counting: sets of open cells that hold an exact number of stars (bands of lines against
the regions inside them or reaching into them, neighbouring regions together), and the
counting rule over them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from itertools import chain

from puzzlesmith.stars.explain.bands import Band, bands
from puzzlesmith.stars.explain.state import State
from puzzlesmith.stars.explain.steps import Step
from puzzlesmith.stars.explain.text import cap_first, cells_text, plural, tiling_text
from puzzlesmith.stars.explain.tiling import tiling_of

# A set of open cells holding an exact number of stars: (cells, stars, its units, why); the
# units and the why are made only for a set a step uses (most are never used).
_Counted = tuple[int, int, Callable[[], list[int]], Callable[[], str]]


def counting_units(st: State, stars: int, open_: int) -> Iterator[_Counted]:
    """Sets of open cells that hold an exact number of stars, found by counting: (cells,
    stars, units looked at, why), the why ending where a sentence can go on (a function, as
    most sets are never used)."""
    n = st.b.n
    for band in bands(st, stars, open_):
        if band.width == 2 and band.consecutive:
            yield (open_ & band.mask, band.need, partial(band.lines, n),
                   partial(why_band, band))
        if band.in_set and band.in_need < band.need:
            got = band.in_need
            rest = band.need - got
            x = open_ & band.mask & ~band.in_mask
            if x:
                yield (x, rest, partial(band.units, n, True),
                       partial(why_inside, st, band, got, rest))
        if band.t_set and band.t_need > band.need and band.t_set.bit_count() <= 4:
            got = band.t_need
            rest = got - band.need
            x = open_ & band.t_mask & ~band.mask
            if x:
                yield (x, rest, partial(band.units, n, False),
                       partial(why_touching, st, band, got, rest))


def why_band(band: Band) -> str:
    return f"{cap_first(band.name())} need {plural(band.need, 'star')}"


def why_inside(st: State, band: Band, got: int, rest: int) -> str:
    what, one = band.name(), band.width == 1
    return (f"{cap_first(what)} need{'s' if one else ''} {plural(band.need, 'star')} and "
            f"{st.names(band.inside)} inside {'it' if one else 'them'} "
            f"need{'s' if len(band.inside) == 1 else ''} {got}, so {what}'s other cells hold "
            f"exactly {plural(rest, 'star')}")


def why_touching(st: State, band: Band, got: int, rest: int) -> str:
    what, one = band.name(), len(band.touching) == 1
    return (f"{cap_first(st.names(band.touching))} hold{'s' if one else ''} every open cell of "
            f"{what} and need{'s' if one else ''} {plural(got, 'star')}, {band.need} of them "
            f"in {what}, so {'its' if one else 'their'} cells outside {what} hold exactly "
            f"{plural(rest, 'star')}")


def why_units(st: State, units: list[int], need: int) -> str:
    if len(units) == 1:
        return f"{st.refs[units[0]].name.capitalize()} needs {plural(need, 'star')}"
    return f"{cap_first(st.names(units))} together need {plural(need, 'star')}"


class _Neighbours:
    """The pairs of neighbouring regions of a state's map, as their units (for
    `region_pairs`)."""

    def __init__(self, st: State) -> None:
        n = st.b.n
        regs = st.puzzle.regions
        pairs = {
            (2 * n + min(regs[r][c], regs[rr][cc]), 2 * n + max(regs[r][c], regs[rr][cc]))
            for r in range(n) for c in range(n)
            for rr, cc in ((r + 1, c), (r, c + 1))
            if rr < n and cc < n and regs[r][c] != regs[rr][cc]
        }
        self.pairs = sorted(pairs)


def region_pairs(st: State, stars: int, open_: int) -> Iterator[_Counted]:
    """Two neighbouring regions together, for 2 x 2 tiling across their border."""
    b = st.b
    needs = st.needs(stars)
    for g, h in st.memo(_Neighbours).pairs:
        if needs[g] and needs[h] and open_ & b.units[g] and open_ & b.units[h]:
            total = needs[g] + needs[h]
            yield (open_ & (b.units[g] | b.units[h]), total, partial(list, (g, h)),
                   partial(why_units, st, [g, h], total))


def counting(st: State, stars: int, open_: int) -> Step | None:
    b = st.b
    for x, count, units, why in chain(counting_units(st, stars, open_),
                                      region_pairs(st, stars, open_)):
        if st.deadline.expired():
            return None
        if x.bit_count() == count:
            cells = b.cells(x)
            return st.step(
                counting, x, 0, x, units(),
                f"{why()}, and there are only {len(cells)} open: {cells_text(cells)}; so "
                f"{'it is a star' if count == 1 else 'all are stars'}.",
            )
        if count == 1:
            common = st.sees_all_of(x, open_ & ~x)
            if common:
                cells = b.cells(x)
                return st.step(
                    counting, 0, common, x, units(),
                    f"{why()}, in one of {cells_text(cells)}; "
                    f"{cells_text(b.cells(common))} touch{'es' if common.bit_count() == 1 else ''}"
                    f" all of them, so {'it is' if common.bit_count() == 1 else 'they are'} empty.",
                )
            continue
        found = tiling_of(st, x, count, open_)
        if found is not None:
            cover, star, empty = found
            return st.step(
                counting, star, empty, x, units(),
                f"{why()}; " + tiling_text(cover, star, empty, count, b),
            )
    return None


def case_sets(st: State, stars: int, open_: int, min_count: int
              ) -> Iterator[_Counted]:
    """Sets of open cells holding an exact number (at least `min_count`) of stars: the
    rows, columns and regions, then the sets found by counting."""
    needs = st.needs(stars)
    for u, m in enumerate(st.b.units):
        if needs[u] >= min_count and open_ & m:
            yield open_ & m, needs[u], partial(list, (u,)), partial(why_units, st, [u], needs[u])
    for x, count, units, why in counting_units(st, stars, open_):
        # On big grids, sets of four or more stars have too many ways to go through
        # (the enumeration would cost seconds and rarely end under the cap).
        if count >= min_count and (count <= 3 or st.b.n <= 12):
            yield x, count, units, why
