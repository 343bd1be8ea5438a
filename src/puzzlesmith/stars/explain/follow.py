"""Following a supposed state: the easy rules' knock-ons (and, for expert exclusion, counting
and 2 x 2 tiling) until a unit is left short or nothing more follows."""

from __future__ import annotations

from collections.abc import Callable

from puzzlesmith.stars.board import bits
from puzzlesmith.stars.explain.knock_ons import line_region_knock_on, tile_knock_on
from puzzlesmith.stars.explain.state import State, union_of
from puzzlesmith.stars.explain.text import plural, rc


class Settled:
    """Per (1 for hard exclusion, 2 for expert, cell), where the supposed star there last led
    without a contradiction: (its stars, its stars and open cells). `still_settled` reads it;
    the exclusion rules write it, and deep trial keeps it per supposed star of its own."""

    def __init__(self, st: State) -> None:
        self.at: dict[tuple[int, int], tuple[int, int]] = {}


def left_short(st: State, s2: int, o2: int, touched: int) -> tuple[str, int, list[int]] | None:
    """A unit, or pair of neighbouring lines, meeting `touched` that lacks room for its
    stars in state (s2, o2): (what to say, its cells, its units), or None."""
    b = st.b
    n = b.n
    for u, m in enumerate(b.units):
        if not m & touched:
            continue
        need = st.need(s2, u)
        if need > 0:
            room = st.capacity(u, o2, need)
            if room < need:
                return (f"{st.refs[u].name} "
                        + (f"no room for the {plural(need, 'star')} it still needs" if room == 0
                           else f"room for only {plural(room, 'star')} of the {need} it "
                                "still needs"), m, [u])
    need2 = 2 * b.k
    for rows in (True, False):
        for first in range(n - 1):
            lines = [first, first + 1] if rows else [n + first, n + first + 1]
            band = b.units[lines[0]] | b.units[lines[1]]
            if not band & touched:
                continue
            have = (s2 & band).bit_count()
            room = st.band_capacity(s2 | o2, first, rows, need2)
            if room < need2:
                kind = "rows" if rows else "columns"
                return (f"{kind} {first + 1}-{first + 2} room for only {room - have} more of "
                        f"the {need2 - have} stars they need (two neighbouring {kind} put "
                        f"their stars in different, non-touching "
                        f"{'columns' if rows else 'rows'})", band, lines)
    return None


def still_settled(st: State, level: int, stars: int, open_: int, i: int) -> bool:
    """Whether a star at i still leads, by `follow_through` (with the 2 x 2 knock-ons at level
    2, without at level 1), to no contradiction: known from where it led in an earlier
    state, without following it again from the start."""
    b = st.b
    memo = st.memo(Settled).at
    settled = memo.get((level, i))
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
    s2, o2, _, broken = follow_through(st, s_f | stars, o0, (open_ & ~o0) | b.nbr[i],
                                       [] if level == 2 else None, o_f)
    if broken is not None:
        return False
    memo[(level, i)] = (s2, s2 | o2)
    return True


def follow_through(st: State, s2: int, o2: int, touched: int,
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
    were there are passed over.

    Complex on purpose: the rules run to a fixed point over one state held in locals,
    the inner loop of every supposition."""
    b = st.b
    k = b.k
    forced: list[int] = []
    broken: tuple[str, int, list[int]] | None = None
    # The open cells when the 2 x 2 knock-ons last found something, and where (see
    # `tile_knock_on`): the sets before that place were all quiet there.
    recent: tuple[int, tuple[int, ...]] | None = None
    changed = True
    while changed and broken is None:
        changed = False
        for u, m in enumerate(b.units):
            om = o2 & m
            need = k - (s2 & m).bit_count()
            if not om:
                if need > 0:
                    broken = (f"{st.refs[u].name} no room for the "
                              f"{plural(need, 'star')} it still needs", m, [u])
                    break
                continue
            if need == 0:
                o2 &= ~m
                touched |= om
                changed = True
            elif need == 1 and om.bit_count() > 1:
                common = st.sees_all_of(om, o2 & ~m)
                if common:
                    o2 &= ~common
                    touched |= common
                    changed = True
            elif om.bit_count() <= need:
                if om.bit_count() < need or any(b.nbr[j] & om for j in bits(om)):
                    broken = (f"{st.refs[u].name} no room for the "
                              f"{plural(need, 'star')} it still needs", m, [u])
                    break
                for j in bits(om):
                    forced.append(j)
                    s2 |= 1 << j
                    o2 &= ~((1 << j) | b.nbr[j])
                    touched |= (1 << j) | b.nbr[j]
                changed = True
        if not changed and broken is None:
            gone, bad = line_region_knock_on(st, s2, o2)
            if bad >= 0:
                broken = (f"{st.refs[bad].name} and the regions in it unable to give it "
                          "exactly the stars it needs", b.units[bad], [bad])
            elif gone:
                o2 &= ~gone
                touched |= gone
                changed = True
        if not changed and broken is None and tiled is not None:
            found = tile_knock_on(st, s2, o2, settled, recent)
            if found is not None:
                why, units, star, gone, place = found
                recent = (o2, place)
                if star < 0:
                    broken = (f"{why()} in fewer 2x2 blocks than that, so no room for them",
                              union_of(b.units, units), units)
                else:
                    tiled.append((why, units))
                    for j in bits(star):
                        forced.append(j)
                        s2 |= 1 << j
                        o2 &= ~((1 << j) | b.nbr[j])
                        touched |= (1 << j) | b.nbr[j]
                    o2 &= ~gone
                    touched |= gone
                    changed = True
    if broken is None:
        broken = left_short(st, s2, o2, touched)
    return s2, o2, forced, broken


def broken_unit(st: State, s2: int, o2: int) -> tuple[str, int, list[int]] | None:
    """Some unit of state (s2, o2) over-full or without room for its stars (or two
    stars touching): what to say, its cells, its units; None when there is none."""
    b = st.b
    for j in bits(s2):
        if s2 & b.nbr[j]:
            other = (s2 & b.nbr[j]).bit_length() - 1
            return (f"stars at {rc(b.cell(j))} and {rc(b.cell(other))} touching",
                    (1 << j) | (1 << other), [])
    for u, m in enumerate(b.units):
        if (s2 & m).bit_count() > b.k:
            return (f"{st.refs[u].name} with more than {plural(b.k, 'star')}", m, [u])
    return left_short(st, s2, o2, b.full)
