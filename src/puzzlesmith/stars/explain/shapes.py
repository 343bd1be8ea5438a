"""Shapes and cases: the ways a unit or a counted set can hold its stars, what all of them
agree on (shapes), and what all the ways that leave no unit short lead to (cases)."""

from __future__ import annotations

from puzzlesmith.stars.board import bits
from puzzlesmith.stars.explain.counting import case_sets
from puzzlesmith.stars.explain.follow import follow_through
from puzzlesmith.stars.explain.state import RuleFn, State
from puzzlesmith.stars.explain.steps import Step
from puzzlesmith.stars.explain.text import cells_text, decided_text, rc, stars_text


class Ways:
    """The ways found for a set of cells to hold its stars (`_placements`), per (cells,
    stars, cap, needs around it); deep trial's state shares its puzzle's."""

    def __init__(self, st: State) -> None:
        self.found: dict[tuple[int, int, int, tuple[int, ...]], list[int] | None] = {}


_FEW_WAYS = 6  # ways of placing a unit's stars that a person easily lists (medium, hard)


_MAX_SHAPES = 16  # ... and still lists with care (hard)


MAX_CASES = 24  # ... and follows one by one (expert)


_WIDE_CASES = 96  # ... and only as a last resort, after trial (expert)


def _placements(st: State, x: int, count: int, needs: list[int], cap: int) -> list[int] | None:
    """Every way to put `count` non-touching stars on the cells x without giving a row,
    column or region more than it needs (None when there are more than `cap`)."""
    b = st.b
    key = (x, count, cap, tuple(needs[u] for u, m in enumerate(b.units) if m & x))
    ways = st.memo(Ways).found
    if key in ways:
        return ways[key]
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
    ways[key] = found
    return found


def _ways_text(st: State, ways: list[int]) -> str:
    b = st.b
    shown = "; ".join("+".join(rc(c) for c in b.cells(w)) for w in ways[:4])
    more = f" and {len(ways) - 4} more" if len(ways) > 4 else ""
    return f"{shown}{more}"


def shapes(st: State, stars: int, open_: int) -> Step | None:
    return _shapes(st, stars, open_, _FEW_WAYS, shapes)


def shapes_many(st: State, stars: int, open_: int) -> Step | None:
    return _shapes(st, stars, open_, _MAX_SHAPES, shapes_many)


def _shapes(st: State, stars: int, open_: int, cap: int, rule: RuleFn) -> Step | None:
    """The ways a unit (or a counted set) can hold its stars: cells starred in every way
    are stars, cells touched by a star in every way, or used by none, are empty."""
    b = st.b
    nbr = b.nbr
    needs = st.needs(stars)
    for x, count, units, why in case_sets(st, stars, open_, 2):
        if st.deadline.expired():
            return None
        ways = _placements(st, x, count, needs, cap)
        if not ways:
            continue
        every = x
        used = 0
        touched = open_ & ~x
        for w in ways:
            every &= w
            used |= w
            t = 0
            for i in bits(w):
                t |= nbr[i]
            touched &= t
        star = every
        empty = (x & ~used) | touched
        if not star and not empty:
            continue
        facts = []
        if star:
            facts.append(f"{stars_text(b, star)} in every one")
        if touched:
            facts.append(f"{cells_text(b.cells(touched))} "
                         f"touch{'es' if touched.bit_count() == 1 else ''} a star in every one")
        if x & ~used:
            facts.append(f"{cells_text(b.cells(x & ~used))} "
                         f"{'is' if (x & ~used).bit_count() == 1 else 'are'} in none")
        ways_text = (f"the only way to place them without touching (and without giving a row, "
                     f"column or region more stars than it needs) is {_ways_text(st, ways)}"
                     if len(ways) == 1 else
                     f"the only {len(ways)} ways to place them without touching (and without "
                     f"giving a row, column or region more stars than it needs) are "
                     f"{_ways_text(st, ways)}")
        return st.step(
            rule, star, empty, x, units(),
            f"{why()}; {ways_text}: " + ", and ".join(facts) + "; so "
            + decided_text(b, star, empty) + ".",
        )
    return None


def cases(st: State, stars: int, open_: int) -> Step | None:
    return _cases(st, stars, open_, _FEW_WAYS, cases)


def cases_many(st: State, stars: int, open_: int) -> Step | None:
    return _cases(st, stars, open_, MAX_CASES, cases_many)


def cases_wide(st: State, stars: int, open_: int) -> Step | None:
    # The last rule before search, on grids up to 15 x 15 (on bigger ones it costs too
    # much, as each way is followed on its own).
    if st.b.n > 15:
        return None
    return _cases(st, stars, open_, _WIDE_CASES, cases_wide)


def _cases(st: State, stars: int, open_: int, cap: int, rule: RuleFn) -> Step | None:
    """The same ways, each followed through the easy rules: a way that leaves some unit
    short is out, and what every remaining way leads to holds."""
    b = st.b
    nbr = b.nbr
    needs = st.needs(stars)
    for x, count, units, why in case_sets(st, stars, open_, 1):
        if st.deadline.expired():
            return None
        ways = _placements(st, x, count, needs, cap)
        if not ways or len(ways) < 2:
            continue
        alive = []
        dead: list[tuple[int, str]] = []
        all_stars = b.full
        all_empty = open_
        for w in ways:
            t = 0
            for i in bits(w):
                t |= nbr[i]
            s2, o2, _, broken = follow_through(st, stars | w, open_ & ~x & ~t, x | t)
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
            told.append(f"{'+'.join(rc(c) for c in b.cells(w))} would leave {text}")
        if len(dead) > 3:
            told.append(f"{len(dead) - 3} more ways leave some unit short too")
        decided = decided_text(b, star, empty)
        left = ("In the one way left" if len(alive) == 1
                else f"In each of the {len(alive)} ways left")
        return st.step(
            rule, star, empty, x, units(),
            f"{why()}, in one of {len(ways)} ways ({_ways_text(st, ways)}). "
            + (f"Of these, {'; '.join(told)}. " if told else "")
            + f"{left} ({_ways_text(st, alive)}), following the easy rules, {decided}. "
            f"So {decided}.",
        )
    return None
