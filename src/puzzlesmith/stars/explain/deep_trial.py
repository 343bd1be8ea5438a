"""Deep trial, tried last: a supposed star followed by the explainer's own rules up to expert
exclusion and cases, on a state blind to the solution."""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from puzzlesmith.stars.explain.basic import star_neighbours, unit_full
from puzzlesmith.stars.explain.follow import Settled, broken_unit
from puzzlesmith.stars.explain.shapes import Ways, shapes
from puzzlesmith.stars.explain.state import RuleFn, State, past_half
from puzzlesmith.stars.explain.steps import Rule, Step, apply_step
from puzzlesmith.stars.explain.supposition import SCAN_CELLS, Scans, scan_order, trial
from puzzlesmith.stars.explain.text import decided_text, rc

_LEAD = 1  # cells deep trial tries in full before ranking the rest by the cheap rules


_FAR = 0.5  # (see `deep_trial`)


_BOOKKEEPING = (star_neighbours, unit_full)  # rules whose steps a deep trial's reason leaves out


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


class _Deep:
    """What deep trial keeps of a state: the state, blind to the solution, that it follows
    supposed stars with (`_sub`), and per cell where the supposed star there last led without
    a contradiction, so that the next try goes on from there."""

    def __init__(self, st: State) -> None:
        self.sub: State | None = None
        self.memo: dict[int, _Supposed] = {}


def deep_trial(st: State, stars: int, open_: int) -> Step | None:
    # Tried last: each cell runs the rules up to expert from its supposed star (up to
    # seconds on 17 x 17), so only the `SCAN_CELLS` most promising cells are tried, and
    # the first find ends it. The `_LEAD` most promising go first, in full (emptying
    # those helps the rules most). Which of the others the rules lead to a contradiction
    # is foretold well by how far the cheap rules (up to counting, a hundredth of a second
    # a cell) take it: each is followed by those first, and the full rules go on from
    # there. Cells that led to no contradiction last time go last: they mostly lead to
    # none again.
    # Past `_LATE` of the time limit it is not tried (nor a follow carried on): the stuck
    # state goes to search, so a slow grid still ends with search steps rather than being
    # cut off at the limit.
    if past_half(st.deadline):
        return None
    deep = st.memo(_Deep)
    useful = open_ & ~st.answer
    order = [i for i in scan_order(st, deep_trial, stars, open_, open_,
                                   ranked=True)[:SCAN_CELLS] if useful >> i & 1]
    tried = [i for i in order if (m := deep.memo.get(i)) is not None and m.done]
    untried = [i for i in order if i not in tried]
    for i in untried[:_LEAD]:
        if st.deadline.expired():
            return None
        found = deep_trial_at(st, stars, open_, i)
        if found is not None:
            return found
    cheap = _cheap_rules(_sub(st))
    fresh: list[tuple[int, int]] = []
    for i in untried[_LEAD:]:
        found = deep_trial_at(st, stars, open_, i, cheap)
        if found is not None:
            return found
        if past_half(st.deadline) or st.deadline.expired():
            return None
        end = deep.memo.get(i)
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
        if st.deadline.expired():
            break
        found = deep_trial_at(st, stars, open_, i)
        if found is not None:
            return found
    return None


def _rules_before(st: State, rule: RuleFn) -> list[Rule]:
    """The state's rules tried before this one, bound to it."""
    runs = [spec.run for spec in st.rules]
    return [partial(run, st) for run in runs[:runs.index(rule)] if run is not None]


def _deep_rules(st: State) -> list[Rule]:
    """The rules deep trial follows a supposed star with: every rule before trial, up to
    expert exclusion and cases (7-24 ways); not trial, wide cases, or deep trial itself."""
    return _rules_before(st, trial)


def _cheap_rules(st: State) -> list[Rule]:
    """The rules before the per-cell ones (up to counting): what deep trial ranks cells by."""
    return _rules_before(st, shapes)


def _sub(st: State) -> State:
    """The state, blind to the solution, that deep trial follows supposed stars with."""
    deep = st.memo(_Deep)
    if deep.sub is None:
        deep.sub = State(st.puzzle, st.deadline, (), st.rules)
        deep.sub.supposing = True
        deep.sub.memos[Ways] = st.memo(Ways)
    return deep.sub


def deep_trial_at(st: State, stars: int, open_: int, i: int,
                   rules: list[Rule] | None = None) -> Step | None:
    """A star at i, followed by every rule up to expert exclusion and cases (the
    explainer's own loop, on a state that does not know the solution), leaves some
    unit short. (`rules`: only those, a first part of them.)"""
    b = st.b
    bit = 1 << i
    sub = _sub(st)
    done = rules is None
    rules = _deep_rules(sub) if rules is None else rules
    deep = st.memo(_Deep)
    scans, settled = sub.memo(Scans), sub.memo(Settled)
    memo = deep.memo.get(i)
    if memo is None:
        s2, o2 = stars | bit, open_ & ~(bit | b.nbr[i])
        chain: list[Step] = []
        scans.pending, settled.at = {}, {}
    else:
        s_f, so_f, old, scans.pending, settled.at, was_done = memo
        if not stars & ~s_f and not so_f & ~(stars | open_) and (was_done or not done):
            # The state is still on the way to where the star led without a
            # contradiction last time (each of its stars and empty cells is one there).
            return None
        # Go on from there with what the state has added since: the rules only add stars
        # and empty cells, so each step of that chain still follows from the star, and
        # what the sub-state knew of its cells there still holds (a star or empty cell
        # the state and the chain disagree on is then a contradiction the rules find).
        # (Steps whose decisions the state has made since are left out of the reason.)
        s2, o2 = s_f | stars, so_f & ~s_f & open_
        empty = b.full & ~stars & ~open_
        chain = [step for step in old if (marks := _marks(st, step))[0] & ~stars
                 or marks[1] & ~empty]
        done = done or was_done
    while True:
        broken = broken_unit(sub, s2, o2)
        if broken is not None:
            break
        if past_half(st.deadline) or st.deadline.expired() or not o2:
            return None
        found = next((step for rule in rules if (step := rule(s2, o2)) is not None), None)
        if found is None:
            if not past_half(st.deadline) and not st.deadline.expired():
                deep.memo[i] = _Supposed(s2, s2 | o2, chain, scans.pending, settled.at,
                                         done)
            return None
        chain.append(found)
        s2, o2 = apply_step(b, found, s2, o2)
    deep.memo.pop(i, None)
    text, cells, units = broken
    cell = b.cell(i)
    bookkeeping = _names_of(st, _BOOKKEEPING)
    said = [f"{s.rule} ({s.level}): {decided_text(b, *_marks(st, s))}" for s in chain
            if s.rule not in bookkeeping]
    # Numbered, so that a person checking a long chain can keep their place.
    said = [f"({n}) {line}" for n, line in enumerate(said, 1)]
    stars_then = b.cells(s2 & ~stars & ~bit)
    return st.step(
        deep_trial, 0, bit,
        [cell, *stars_then, *b.cells(o2 & cells)],
        units,
        f"Suppose {rc(cell)} were a star, and follow it with the rules up to expert "
        f"exclusion and cases "
        f"(neighbours of stars and full units emptied as they come): "
        f"{'; '.join(said) if said else 'nothing more follows'}. That leaves {text}. "
        f"So {rc(cell)} is empty.",
    )


def _names_of(st: State, rules: tuple[RuleFn, ...]) -> set[str]:
    """The names the steps of these rules show."""
    return {st.spec_of[rule].name for rule in rules}


def _marks(st: State, step: Step) -> tuple[int, int]:
    """A step's stars and empty cells, as masks."""
    b = st.b
    star = b.mask([(r, c) for r, c, w in step.decided if w == "star"])
    empty = b.mask([(r, c) for r, c, w in step.decided if w != "star"])
    return star, empty
