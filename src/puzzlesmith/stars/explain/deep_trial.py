"""Deep trial, tried last: a supposed star followed by the explainer's own rules up to expert
exclusion and cases, on a reasoner blind to the solution."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from puzzlesmith.stars.explain.reasoner import past_half
from puzzlesmith.stars.explain.steps import Rule, Step, apply_step
from puzzlesmith.stars.explain.supposition import _SCAN_CELLS, SuppositionRules
from puzzlesmith.stars.explain.text import _decided_text, _rc

if TYPE_CHECKING:
    from puzzlesmith.stars.explain.rules import Reasoner


_LEAD = 1  # cells deep trial tries in full before ranking the rest by the cheap rules


_FAR = 0.5  # (see `deep_trial`)


_BOOKKEEPING = {"star-neighbours", "unit-full"}  # steps a deep trial's reason leaves out


class _Supposed(NamedTuple):
    """Where deep trial's supposed star led without a contradiction: its stars, its stars
    and open cells, the steps that led there, the sub-reasoner's `pending` and `_settled`
    there, and whether every deep rule was followed (or only `cheap_rules`)."""

    stars: int
    stars_open: int
    chain: list[Step]
    pending: dict[str, list[int]]
    settled: dict[tuple[int, int], tuple[int, int]]
    done: bool



class DeepTrialRules(SuppositionRules):
    """Deep trial."""

    def deep_trial(self, stars: int, open_: int) -> Step | None:
        # Tried last: each cell runs the rules up to expert from its supposed star (up to
        # seconds on 17 x 17), so only the `_SCAN_CELLS` most promising cells are tried, and
        # the first find ends it. The `_LEAD` most promising go first, in full (emptying
        # those helps the rules most). Which of the others the rules lead to a contradiction
        # is foretold well by how far the cheap rules (up to counting, a hundredth of a second
        # a cell) take it: each is followed by those first, and the full rules go on from
        # there. Cells that led to no contradiction last time go last: they mostly lead to
        # none again.
        # Past `_LATE` of the time limit it is not tried (nor a follow carried on): the stuck
        # state goes to search, so a slow grid still ends with search steps rather than being
        # cut off at the limit.
        if past_half(self.deadline):
            return None
        useful = open_ & ~self.answer
        order = [i for i in self._scan_order("deep-trial", stars, open_, open_,
                                             ranked=True)[:_SCAN_CELLS] if useful >> i & 1]
        tried = [i for i in order if (m := self._deep_memo.get(i)) is not None and m.done]
        untried = [i for i in order if i not in tried]
        for i in untried[:_LEAD]:
            if self.deadline.expired():
                return None
            found = self.deep_trial_at(stars, open_, i)
            if found is not None:
                return found
        from puzzlesmith.stars.explain.rules import cheap_rules

        cheap = cheap_rules(self._sub())
        fresh: list[tuple[int, int]] = []
        for i in untried[_LEAD:]:
            found = self.deep_trial_at(stars, open_, i, cheap)
            if found is not None:
                return found
            if past_half(self.deadline) or self.deadline.expired():
                return None
            end = self._deep_memo.get(i)
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
            if self.deadline.expired():
                break
            found = self.deep_trial_at(stars, open_, i)
            if found is not None:
                return found
        return None

    def _sub(self) -> Reasoner:
        """The reasoner, blind to the solution, that deep trial follows supposed stars with."""
        from puzzlesmith.stars.explain.rules import Reasoner

        if self._deep is None:
            self._deep = Reasoner(self.puzzle, self.deadline)
            self._deep._supposing = True
            self._deep._ways_cache = self._ways_cache
        return self._deep

    def deep_trial_at(self, stars: int, open_: int, i: int,
                       rules: list[Rule] | None = None) -> Step | None:
        """A star at i, followed by every rule up to expert exclusion and cases (the
        explainer's own loop, on a reasoner that does not know the solution), leaves some
        unit short. (`rules`: only those, a first part of them.)"""
        b = self.b
        bit = 1 << i
        sub = self._sub()
        done = rules is None
        from puzzlesmith.stars.explain.rules import deep_rules

        rules = deep_rules(sub) if rules is None else rules
        memo = self._deep_memo.get(i)
        if memo is None:
            s2, o2 = stars | bit, open_ & ~(bit | b.nbr[i])
            chain: list[Step] = []
            sub.pending, sub._settled = {}, {}
        else:
            s_f, so_f, old, sub.pending, sub._settled, was_done = memo
            if not stars & ~s_f and not so_f & ~(stars | open_) and (was_done or not done):
                # The state is still on the way to where the star led without a
                # contradiction last time (each of its stars and empty cells is one there).
                return None
            # Go on from there with what the state has added since: the rules only add stars
            # and empty cells, so each step of that chain still follows from the star, and
            # what the sub-reasoner knew of its cells there still holds (a star or empty cell
            # the state and the chain disagree on is then a contradiction the rules find).
            # (Steps whose decisions the state has made since are left out of the reason.)
            s2, o2 = s_f | stars, so_f & ~s_f & open_
            empty = b.full & ~stars & ~open_
            chain = [st for st in old if (marks := self._marks(st))[0] & ~stars
                     or marks[1] & ~empty]
            done = done or was_done
        while True:
            broken = sub._broken(s2, o2)
            if broken is not None:
                break
            if past_half(self.deadline) or self.deadline.expired() or not o2:
                return None
            found = next((st for rule in rules if (st := rule(s2, o2)) is not None), None)
            if found is None:
                if not past_half(self.deadline) and not self.deadline.expired():
                    self._deep_memo[i] = _Supposed(s2, s2 | o2, chain, sub.pending, sub._settled,
                                                   done)
                return None
            chain.append(found)
            s2, o2 = apply_step(b, found, s2, o2)
        self._deep_memo.pop(i, None)
        text, cells, units = broken
        cell = b.cell(i)
        said = [f"{s.rule} ({s.level}): {_decided_text(b, *self._marks(s))}" for s in chain
                if s.rule not in _BOOKKEEPING]
        # Numbered, so that a person checking a long chain can keep their place.
        said = [f"({n}) {line}" for n, line in enumerate(said, 1)]
        stars_then = b.cells(s2 & ~stars & ~bit)
        return self.step(
            "deep-trial", 0, bit,
            [cell, *stars_then, *b.cells(o2 & cells)],
            units,
            f"Suppose {_rc(cell)} were a star, and follow it with the rules up to expert "
            f"exclusion and cases "
            f"(neighbours of stars and full units emptied as they come): "
            f"{'; '.join(said) if said else 'nothing more follows'}. That leaves {text}. "
            f"So {_rc(cell)} is empty.",
        )

    def _marks(self, step: Step) -> tuple[int, int]:
        """A step's stars and empty cells, as masks."""
        b = self.b
        star = b.mask([(r, c) for r, c, w in step.decided if w == "star"])
        empty = b.mask([(r, c) for r, c, w in step.decided if w != "star"])
        return star, empty
