"""Equations: several patterns that share variables, solved over a lexicon index (Qat, Umiaq).

`AB;BA;|A|=2;|B|=2;!=AB` asks for two different 2-letter strings A and B such that AB and
BA are both words. The notation is in `equation_parse`.

The search binds variables part by part. A part whose variables are all bound is one word,
looked up. Otherwise every remaining part's candidate words given what is bound are found
from the index (`equation_part`: bisection and bitsets for the letters whose place is known,
a regex with backreferences for the rest; cached), and the part with the fewest goes next,
each of its words split every way that fits it, binding its free variables (a part with no
candidate ends the branch). Constraints are checked as soon as their variables are bound.

A solution is the binding of every variable and the word each pattern part makes. Solutions
are listed in order of their words (the first part's word, then the second's, ...), then of
their variables, or with `sort="freq"` the solutions whose least common word is most common
first; `count` counts them all, exactly when the search finished within its time limit, else
as a lower bound (`exact` false).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import LexiconIndex
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.search.equation_parse import Equation, Var, parse_equation
from puzzlesmith.search.equation_part import PartSolver, is_anagram
from puzzlesmith.search.letters import Rack

DEFAULT_LIMIT = 100


@dataclass(frozen=True)
class Solution:
    vars: tuple[tuple[str, str], ...]  # (name, value), by name
    words: tuple[str, ...]  # one per pattern part, in the order of the query


@dataclass(frozen=True)
class EquationResult:
    query: str
    solutions: tuple[Solution, ...]
    count: int  # solutions found: all of them when `exact`, else a lower bound
    exact: bool  # the search finished within its time limit
    lexicon: str

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "count": self.count,
            "exact": self.exact,
            "solutions": [{"vars": dict(s.vars), "words": list(s.words)} for s in self.solutions],
            "truncated": len(self.solutions) < self.count or not self.exact,
            "lexicon": self.lexicon,
        }


def solve_equation(
    index: LexiconIndex,
    query: str,
    *,
    limit: int | None = DEFAULT_LIMIT,
    deadline: Deadline | None = None,
    stop_at_limit: bool = False,
    sort: Literal["alpha", "freq"] = "alpha",
) -> EquationResult:
    """Every solution of the equation over the index's words (the first `limit` listed).

    `stop_at_limit` ends the search at the `limit`-th solution found (count then a lower
    bound, the list the first found in search order, sorted): Umiaq's way of timing.
    """
    if sort not in ("alpha", "freq"):
        raise InputError(f"sort must be alpha or freq, not {sort!r}")
    equation = parse_equation(query)
    deadline = deadline or Deadline(10.0)
    search = _Search(index, equation, deadline)
    order = _order if sort == "alpha" else _by_frequency(index)
    kept: list[Solution] = []
    count = 0
    exact = True
    try:
        for solution in search.solutions():
            count += 1
            kept.append(solution)
            if limit is not None and len(kept) >= 2 * limit + 256:
                kept.sort(key=order)
                del kept[limit:]
            if stop_at_limit and limit is not None and count >= limit:
                exact = False
                break
    except SearchTimeout:
        exact = False
    kept.sort(key=order)
    if limit is not None:
        del kept[limit:]
    return EquationResult(equation.text, tuple(kept), count, exact, index.name)


def _order(s: Solution) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    return s.words, s.vars


_UNRANKED = 1 << 30


def _by_frequency(index: LexiconIndex) -> Callable[[Solution], Any]:
    """The sort key of `sort="freq"`: the wordfreq rank of the solution's least common word
    (unranked words last), then the alphabetical order."""
    ranks: dict[str, int] = {}

    def key(s: Solution) -> tuple[int, tuple[str, ...], tuple[tuple[str, str], ...]]:
        worst = 0
        for w in s.words:
            r = ranks.get(w)
            if r is None:
                r = ranks[w] = index.rank(w) or _UNRANKED
            worst = max(worst, r)
        return worst, s.words, s.vars

    return key


class _Search:
    """One equation's search over one index."""

    def __init__(self, index: LexiconIndex, equation: Equation, deadline: Deadline) -> None:
        self.index = index
        self.eq = equation
        self.deadline = deadline
        self.longest = max(index.lengths, default=0)
        self.ranges = _tightened({v: equation.ranges.get(v, (1, None)) for v in equation.variables},
                                 equation.joint)
        self.solvers = [PartSolver(index, p, self.ranges, equation.shapes, self.longest)
                        for p in equation.patterns]
        self.word_sets: dict[int, frozenset[str]] = {}
        self.steps: dict[tuple[frozenset[int], frozenset[str], frozenset[str]], _Step] = {}
        self.ticks = 0
        # Parts of letters and variables only (no sets, stars): spelled out once bound.
        self.plain = [all(isinstance(e, str | Var) for e in p.elements) for p in equation.patterns]
        self.part_vars = [p.variables for p in equation.patterns]

    def is_word(self, word: str) -> bool:
        """A lookup in a set of the words of that length, made on first use: a join may look
        up many words, and a set of every length would read the whole index."""
        words = self.word_sets.get(len(word))
        if words is None:
            bucket = self.index.bucket(len(word))
            words = self.word_sets[len(word)] = frozenset(bucket.words if bucket else ())
        return word in words

    def solutions(self) -> Iterator[Solution]:
        parts = self.eq.patterns
        if any(hi is not None and hi < lo for lo, hi in self.ranges.values()):
            return  # the lengths asked for leave some variable no length
        start = self._step(frozenset(range(len(parts))), frozenset(), frozenset())
        words: dict[int, str] = {}
        if not self._passes(start, {}, words):
            return
        found = self._extend(start.left, {}, words) if start.left else iter([({}, words)])
        for bound, got in found:
            yield Solution(tuple(sorted(bound.items())),
                           tuple(got[i] for i in range(len(parts))))

    def _extend(self, left: frozenset[int], bound: dict[str, str], words: dict[int, str]
                ) -> Iterator[tuple[dict[str, str], dict[int, str]]]:
        if self.deadline.expired():
            raise SearchTimeout
        # Join order by selectivity: the part with the fewest candidate words given what is
        # bound goes next (the lists are cached, so the others' are not lost); a part with
        # none ends this branch.
        # A part with nothing anchored and no regex has every word of its lengths: counted
        # from the buckets' sizes, its list is made only if it is chosen.
        names = frozenset(bound)
        best = min(left)
        if len(left) > 1:
            fewest = (1 << 62, True)
            sized = []
            for k in sorted(left):
                solver = self.solvers[k]
                plan = solver.plan(names & self.part_vars[k])
                most = solver.most(plan, bound)
                sized.append((-1 if most is None else most, k, plan))
            for most, k, plan in sorted(sized):
                found = most if most >= 0 else len(self.solvers[k].candidates(plan, bound))
                if found == 0:
                    return
                # (on a tie, a part split by cuts rather than by its regex)
                if (found, plan.regex is not None) < fewest:
                    best, fewest = k, (found, plan.regex is not None)
        step = self._step(left - {best}, names, names | self.part_vars[best])
        passes = self._passes
        for word, new in self.solvers[best].answers(bound):
            self.ticks += 1
            if self.ticks & 1023 == 0 and self.deadline.expired():
                raise SearchTimeout
            now = {**bound, **new} if new else bound
            if not passes(step, now, words):
                continue
            words[best] = word
            if step.left:
                yield from self._extend(step.left, now, words)
            else:
                yield now, words

    def _step(self, rest: frozenset[int], before: frozenset[str], now: frozenset[str]) -> _Step:
        """What binding `now` (from `before`) leaves to check: the constraints it decides and
        the parts it spells whole (each then one word, looked up: so joins like AB;BA cost a
        lookup a binding, not a search)."""
        key = (rest, before, now)
        found = self.steps.get(key)
        if found is not None:
            return found
        new = now - before
        spelled = tuple(sorted(k for k in rest if self.plain[k] and self.part_vars[k] <= now))
        lookups = tuple((k, _speller(self.eq.patterns[k].elements), self.eq.patterns[k].anagram)
                        for k in spelled)
        distinct = tuple(tuple(n for n in names if n in now) for names in self.eq.distinct
                         if new.intersection(names))
        unequal = tuple((_speller(a), _speller(b)) for a, b in self.eq.unequal
                        if _names(a + b) <= now and not _names(a + b) <= before)
        joint = tuple(j for j in self.eq.joint if new.intersection(j[0]))
        found = self.steps[key] = _Step(rest.difference(spelled), lookups, distinct, unequal,
                                        joint)
        return found

    def _passes(self, step: _Step, bound: dict[str, str], words: dict[int, str]) -> bool:
        """Whether a binding meets what `step` decides; its spelled parts' words go in
        `words`."""
        # The lookups first: a word spelled at random is seldom a word.
        for k, spell, anagram in step.lookups:
            word = spell(bound)
            if not self.is_word(word) or (anagram is not None and not is_anagram(
                    word, anagram.letters, anagram.blanks)):
                return False
            words[k] = word
        for names in step.distinct:
            values = {bound[n] for n in names}
            if len(values) < len(names):
                return False
        for spell_a, spell_b in step.unequal:
            if spell_a(bound) == spell_b(bound):
                return False
        return not step.joint or self._lengths_fit(step.joint, bound)

    def _lengths_fit(self, joint: tuple[tuple[tuple[str, ...], int, int | None], ...],
                     bound: dict[str, str]) -> bool:
        for names, lo, hi in joint:
            low = high = 0
            unbounded = False
            for n in names:
                if n in bound:
                    low += len(bound[n])
                    high += len(bound[n])
                else:
                    a, b = self.ranges[n]
                    low += a
                    if b is None:
                        unbounded = True
                    else:
                        high += b
            if (hi is not None and low > hi) or (not unbounded and high < lo):
                return False
        return True


@dataclass(frozen=True)
class _Step:
    """What a search step checks once a part's variables are bound (`_Search._step`)."""

    left: frozenset[int]  # the parts still to search
    lookups: tuple[tuple[int, Callable[[dict[str, str]], str], Rack | None], ...]
    distinct: tuple[tuple[str, ...], ...]  # !=AB: the bound names of each group touched
    unequal: tuple[tuple[Callable[[dict[str, str]], str], Callable[[dict[str, str]], str]], ...]
    joint: tuple[tuple[tuple[str, ...], int, int | None], ...]


def _names(elements: tuple[Any, ...]) -> frozenset[str]:
    return frozenset(e.name for e in elements if isinstance(e, Var))


def _speller(elements: tuple[Any, ...]) -> Callable[[dict[str, str]], str]:
    """A function spelling the elements (letters and variables) from a binding."""
    pieces = tuple((e, False) if isinstance(e, str) else (e.name, True) for e in elements)
    if len(elements) == 1 and isinstance(elements[0], Var):
        name = elements[0].name
        if elements[0].reverse:
            return lambda bound: bound[name][::-1]
        return lambda bound: bound[name]
    turned = {e.name for e in elements if isinstance(e, Var) and e.reverse}

    def spell(bound: dict[str, str]) -> str:
        return "".join((bound[p][::-1] if p in turned else bound[p]) if var else p
                       for p, var in pieces)

    if any(isinstance(e, Var) and not e.reverse and e.name in turned for e in elements):
        return lambda bound: _spell(elements, bound)  # A and ~A both: element by element
    return spell


def _tightened(ranges: dict[str, tuple[int, int | None]],
               joint: tuple[tuple[tuple[str, ...], int, int | None], ...],
               ) -> dict[str, tuple[int, int | None]]:
    """Each variable's length range narrowed by the joint lengths, until nothing changes
    (|ABC|=3 leaves each of A, B, C one letter)."""
    out = dict(ranges)
    changed = True
    while changed:
        changed = False
        for names, lo, hi in joint:
            uses = Counter(names)
            for name, times in uses.items():
                others_lo = sum(out[n][0] * k for n, k in uses.items() if n != name)
                others_hi: int | None = 0
                for n, k in uses.items():
                    if n != name:
                        b = out[n][1]
                        others_hi = None if b is None or others_hi is None else others_hi + b * k
                a, b = out[name]
                new_b = b
                if hi is not None:
                    cap = (hi - others_lo) // times
                    new_b = cap if b is None else min(b, cap)
                new_a = a
                if others_hi is not None:
                    new_a = max(a, -(-(lo - others_hi) // times))
                if (new_a, new_b) != (a, b):
                    out[name] = (new_a, new_b)
                    changed = True
                    if new_b is not None and new_b < new_a:
                        return out  # nothing fits: the search finds no solution
    return out


def _spell(elements: tuple[Any, ...], bound: dict[str, str]) -> str:
    """The text of elements that are letters and bound variables."""
    out = []
    for e in elements:
        if isinstance(e, str):
            out.append(e)
        else:
            assert isinstance(e, Var)
            out.append(bound[e.name][::-1] if e.reverse else bound[e.name])
    return "".join(out)
