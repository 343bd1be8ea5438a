"""The per-cell rules that suppose a star (or an empty cell) and look for a contradiction:
would-leave-short, exclusion (hard and expert) and trial, and the scan that runs them."""

from __future__ import annotations

from collections.abc import Callable

from puzzlesmith.stars.board import bits
from puzzlesmith.stars.explain.follow import Settled, follow_through, left_short, still_settled
from puzzlesmith.stars.explain.knock_ons import tile_knock_on
from puzzlesmith.stars.explain.state import RuleFn, State, past_half
from puzzlesmith.stars.explain.steps import Step
from puzzlesmith.stars.explain.text import cells_text, rc, uncap_first
from puzzlesmith.stars.propagate import propagate

SCAN_CELLS = 60  # cells a per-cell scan checks on grids over 15 x 15 (the most promising)


class Scans:
    """What the per-cell rules keep of a state: the cells a scan (would-leave-short,
    exclusion, trial) decided in its last full scan and has not used yet, per rule, checked
    again first so that a scan is not repeated every step; and the state in which expert
    exclusion's 2 x 2 knock-ons last decided nothing (`quiet`)."""

    def __init__(self, st: State) -> None:
        self.pending: dict[str, list[int]] = {}
        self.quiet_key: tuple[int, int] = (-1, -1)
        self.quiet: int | None = None


def _scan(st: State, rule: RuleFn, check: Callable[[State, int, int, int], Step | None],
          stars: int, open_: int, stop: int | None = None, cap: int | None = None) -> Step | None:
    """Run a per-cell rule: cells it decided in an earlier scan first, then a full scan
    (remembering every cell it decides there), or with `stop`, a scan that ends that many
    cells after its first find (`cap`: and checks at most that many cells)."""
    name = rule.__name__
    scans = st.memo(Scans)
    queue = scans.pending.get(name, [])
    # (A trial supposes either way, so only it may check the solution's stars.)
    useful = open_ & ~st.answer if rule in _STAR_SUPPOSED else open_
    while queue:
        i = queue.pop(0)
        if useful >> i & 1:
            found = check(st, stars, open_, i)
            if found is not None:
                return found
    hits: list[int] = []
    first: Step | None = None
    left = -1
    # (`cap` counts open cells, the useful ones or not, so that knowing the solution
    # changes which cells are checked only by skipping the ones that cannot succeed.)
    order = (scan_order(st, rule, stars, open_, useful, ranked=stop is not None)
             if cap is None else
             [i for i in scan_order(st, rule, stars, open_, open_, ranked=True)[:cap]
              if useful >> i & 1])
    for i in order:
        if st.deadline.expired() or left == 0:
            break
        left -= 1
        found = check(st, stars, open_, i)
        if found is not None:
            if first is None:
                first = found
                if stop is not None:
                    left = stop
            else:
                hits.append(i)
    scans.pending[name] = hits
    return first


def scan_order(st: State, rule: RuleFn, stars: int, open_: int, useful: int,
               ranked: bool = False) -> list[int]:
    """The cells of `useful` a scan checks: all of them on grids up to 15 x 15; on bigger
    ones, where a full scan of exclusion or trial costs seconds, the most promising
    `SCAN_CELLS`: those in the units with the fewest open cells per missing star
    (`ranked`: all of them, the most promising first)."""
    cells = bits(useful)
    if (st.b.n <= 15 or rule is would_leave_short
            or len(cells) <= SCAN_CELLS) and not ranked:
        return cells
    needs = st.needs(stars)
    units = st.b.units
    tight = [needs[u] / max(1, (open_ & m).bit_count()) for u, m in enumerate(units)]
    cu = st.b.cell_units
    cells.sort(key=lambda i: -(tight[cu[i][0]] + tight[cu[i][1]] + tight[cu[i][2]]))
    late = past_half(st.deadline)
    # Past `_LATE` of the time limit, a ranked scan too checks only the most promising
    # cells: a stuck state then goes to search sooner, so the rules still end the grid
    # (with search steps) instead of the time limit cutting them off.
    return cells if ranked and not late else cells[:SCAN_CELLS]


def would_leave_short(st: State, stars: int, open_: int) -> Step | None:
    return _scan(st, would_leave_short, leave_short_at, stars, open_)


def leave_short_at(st: State, stars: int, open_: int, i: int) -> Step | None:
    b = st.b
    bit = 1 << i
    s2 = stars | bit
    o2 = open_ & ~(bit | b.nbr[i])
    for u in b.cell_units[i]:
        if st.need(s2, u) == 0:
            o2 &= ~b.units[u]
    short = left_short(st, s2, o2, bit | b.nbr[i])
    if short is None:
        return None
    r, c = b.cell(i)
    text, cells, units = short
    return st.step(
        would_leave_short, 0, bit, (open_ & cells) | bit, units,
        f"A star at {rc((r, c))} would leave {text}, so {rc((r, c))} is empty.",
    )


def exclusion(st: State, stars: int, open_: int) -> Step | None:
    return _scan(st, exclusion, exclusion_at, stars, open_)


def exclusion_at(st: State, stars: int, open_: int, i: int) -> Step | None:
    """A star at i, followed through the easy rules, leaves some unit short."""
    b = st.b
    bit = 1 << i
    if still_settled(st, 1, stars, open_, i):
        return None
    start = open_ & ~(bit | b.nbr[i])
    s2, o2, forced, broken = follow_through(st, stars | bit, start, bit | b.nbr[i])
    if broken is None:
        st.memo(Settled).at[(1, i)] = (s2, s2 | o2)
    if o2 == start or broken is None:
        # (When nothing followed from the star, would-leave-short already looked at it.)
        return None
    text, cells, units = broken
    cell = b.cell(i)
    then = (f"then need stars at {cells_text([b.cell(j) for j in forced])}" if forced
            else "close more cells")
    return st.step(
        exclusion, 0, bit, [cell, *(b.cell(j) for j in forced), *b.cells(open_ & cells)],
        units,
        f"Suppose {rc(cell)} were a star: its neighbours go empty, and the easy rules (full "
        f"units, units with just enough open cells, a unit's last star, a region inside one "
        f"line) {then}; that would leave {text}. So {rc(cell)} is empty.",
    )


def exclusion_tiled(st: State, stars: int, open_: int) -> Step | None:
    # Every open cell, the most promising first (on grids over 15 x 15 the scan stops
    # `SCAN_CELLS` cells after its first find, as each cell costs milliseconds there).
    # Inside deep trial's supposed states it stops at its first find: the chain moves on
    # after every step, so the later finds a scan remembers are checked again in a
    # changed state, and finding them cost more than it saved (deep trial on the
    # collection's 17x17 and 21x21 puzzles faster, with the same deep-trial steps).
    stop = 0 if st.supposing else SCAN_CELLS if st.b.n > 15 else None
    return _scan(st, exclusion_tiled, exclusion_tiled_at, stars, open_, stop=stop)


def exclusion_tiled_at(st: State, stars: int, open_: int, i: int) -> Step | None:
    """A star at i, followed through the easy rules and the 2 x 2 rule, leaves some unit
    short."""
    b = st.b
    bit = 1 << i
    if still_settled(st, 2, stars, open_, i):
        return None
    start = open_ & ~(bit | b.nbr[i])
    tiled: list[tuple[Callable[[], str], list[int]]] = []
    scans = st.memo(Scans)
    if scans.quiet_key != (stars, open_):
        # The 2 x 2 knock-ons decide nothing in the state itself (as when every earlier
        # rule is stuck): the supposed states need look only at what the star changed.
        scans.quiet_key = (stars, open_)
        scans.quiet = open_ if tile_knock_on(st, stars, open_) is None else None
    s2, o2, forced, broken = follow_through(st, stars | bit, start, bit | b.nbr[i], tiled,
                                            scans.quiet)
    if not tiled or broken is None:
        # (Without a 2 x 2 step, exclusion already looked at it.)
        if broken is None:
            st.memo(Settled).at[(2, i)] = (s2, s2 | o2)
        return None
    text, cells, units = broken
    cell = b.cell(i)
    said = [uncap_first(why()) for why, us in tiled[:3]]
    if len(tiled) > 3:
        said.append(f"{len(tiled) - 3} more such counting steps follow")
    then = (f"; stars at {cells_text([b.cell(j) for j in forced])} follow" if forced
            else "")
    looked = [u for _, us in tiled for u in us]
    return st.step(
        exclusion_tiled, 0, bit,
        [cell, *(b.cell(j) for j in forced), *b.cells(open_ & cells)],
        list(dict.fromkeys([*looked, *units])),
        f"Suppose {rc(cell)} were a star: its neighbours go empty, and the easy rules go "
        f"on, with counting and the 2x2 rule (cells that hold as many stars as the 2x2 "
        f"blocks they fit in have one star in each block): {'; '.join(said)}{then}. That "
        f"would leave "
        f"{text}. So {rc(cell)} is empty.",
    )


def trial(st: State, stars: int, open_: int) -> Step | None:
    return _scan(st, trial, trial_at, stars, open_)


def trial_at(st: State, stars: int, open_: int, i: int) -> Step | None:
    b = st.b
    bit = 1 << i
    cell = b.cell(i)
    star_there = bool(st.answer & bit)  # (in the solution, when it is known)
    if not star_there and propagate(
            b, stars | bit, open_ & ~(bit | b.nbr[i]), confine=True) is None:
        return st.step(
            trial, 0, bit, [cell], [],
            f"Suppose {rc(cell)} were a star: following the counting rules from there "
            f"leaves some row, column or region without room for its stars, so "
            f"{rc(cell)} is empty.",
        )
    if (star_there or not st.answer) and propagate(
            b, stars, open_ & ~bit, confine=True) is None:
        return st.step(
            trial, bit, 0, [cell], [],
            f"Suppose {rc(cell)} were empty: following the counting rules from there "
            f"leaves some row, column or region without room for its stars, so "
            f"{rc(cell)} is a star.",
        )
    return None


# The scans that suppose a star.
_STAR_SUPPOSED: set[RuleFn] = {would_leave_short, exclusion, exclusion_tiled}
