"""The easy rules: star neighbours, full units, units to fill, sees-all, confinement."""

from __future__ import annotations

from puzzlesmith.stars.explain.bands import bands
from puzzlesmith.stars.explain.state import State
from puzzlesmith.stars.explain.steps import Step
from puzzlesmith.stars.explain.text import cap_first, cells_text, plural, rc


def star_neighbours(st: State, stars: int, open_: int) -> Step | None:
    b = st.b
    x = stars
    while x:
        low = x & -x
        i = low.bit_length() - 1
        hit = b.nbr[i] & open_
        if hit:
            cell = b.cell(i)
            return st.step(
                star_neighbours, 0, hit, [cell], [],
                f"Stars never touch, so the cells around the star at {rc(cell)} are empty.",
            )
        x ^= low
    return None


def unit_full(st: State, stars: int, open_: int) -> Step | None:
    needs = st.needs(stars)
    for u, m in enumerate(st.b.units):
        if open_ & m and needs[u] == 0:
            return st.step(
                unit_full, 0, open_ & m, stars & m, [u],
                f"{st.refs[u].name.capitalize()} already has its "
                f"{plural(st.b.k, 'star')}, so its other cells are empty.",
            )
    return None


def unit_fill(st: State, stars: int, open_: int) -> Step | None:
    needs = st.needs(stars)
    for u, m in enumerate(st.b.units):
        need = needs[u]
        if need > 0 and (open_ & m).bit_count() == need:
            left = plural(need, "open cell")
            return st.step(
                unit_fill, open_ & m, 0, open_ & m, [u],
                f"{st.refs[u].name.capitalize()} still needs {plural(need, 'star')} and "
                f"has exactly {left} left, so {'it is a star' if need == 1 else 'all are stars'}.",
            )
    return None


def sees_all(st: State, stars: int, open_: int) -> Step | None:
    b = st.b
    needs = st.needs(stars)
    for u, m in enumerate(b.units):
        om = open_ & m
        if not om or needs[u] != 1:
            continue
        common = st.sees_all_of(om, open_ & ~m)
        if common:
            return st.step(
                sees_all, 0, common, om, [u],
                f"{st.refs[u].name.capitalize()} needs one more star, in one of "
                f"{', '.join(rc(c) for c in b.cells(om))}; "
                f"{cells_text(b.cells(common))} touch{'es' if common.bit_count() == 1 else ''} "
                f"all of them, so {'it is' if common.bit_count() == 1 else 'they are'} empty.",
            )
    return None


def confinement_single(st: State, stars: int, open_: int) -> Step | None:
    return _confinement(st, stars, open_, max_width=1)


def confinement_bands(st: State, stars: int, open_: int) -> Step | None:
    return _confinement(st, stars, open_, max_width=st.b.n - 1)


def _confinement(st: State, stars: int, open_: int, max_width: int) -> Step | None:
    b = st.b
    rule = confinement_single if max_width == 1 else confinement_bands
    for band in bands(st, stars, open_, singles=max_width == 1):
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
            names = st.names(inside)
            return st.step(
                rule, 0, empty, open_ & band.in_mask, lines + inside,
                f"{cap_first(names)} lie{'s' if len(inside) == 1 else ''} inside {what} and "
                f"need{'s' if len(inside) == 1 else ''} {plural(got, 'star')}, all that "
                f"{what} still need{'s' if width == 1 else ''}; so the rest of {what} "
                f"is empty.",
            )
        empty = open_ & band.t_mask & ~band.mask if band.t_need == need else 0
        if band.t_set and empty:
            touching = band.touching
            lines = band.lines(b.n)
            what = band.name()
            names = st.names(touching)
            return st.step(
                rule, 0, empty, open_ & band.mask, lines + touching,
                f"The {plural(need, 'star')} {what} still need{'s' if width == 1 else ''} "
                f"can only come from {names}, which need{'s' if len(touching) == 1 else ''} "
                f"exactly that many; so "
                f"{'its' if len(touching) == 1 else 'their'} cells outside {what} "
                f"are empty.",
            )
    return None
