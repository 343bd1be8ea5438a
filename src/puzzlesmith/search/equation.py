"""Equations: several patterns that share variables, solved over a lexicon index (Qat, Umiaq).

`AB;BA;|A|=2;|B|=2;!=AB` asks for two different 2-letter strings A and B such that AB and
BA are both words. The notation is in `equation_parse`.

The search binds variables part by part. At each step it takes the part that is cheapest to
answer given what is bound: a part whose variables are all bound is one word, looked up;
otherwise the part becomes a plain pattern (bound variables spelled out, free ones as runs of
`?` and `*` of their possible lengths), the index answers it with its bitsets (or, for a long
known prefix, by bisection), and each word it gives is split every way that fits the part,
binding its free variables. Constraints are checked as soon as their variables are bound.

A solution is the binding of every variable and the word each pattern part makes. Solutions
are listed in order of their words (the first part's word, then the second's, ...), then of
their variables; `count` counts them all, exactly when the search finished within its time
limit, else as a lower bound (`exact` false).
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from puzzlesmith.lexicon import LexiconIndex
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.search.equation_parse import STAR, Equation, PatternPart, Var, parse_equation
from puzzlesmith.search.pattern import ALL, match

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
) -> EquationResult:
    """Every solution of the equation over the index's words (the first `limit` listed).

    `stop_at_limit` ends the search at the `limit`-th solution found (count then a lower
    bound, the list the first found in search order, sorted): Umiaq's way of timing.
    """
    equation = parse_equation(query)
    deadline = deadline or Deadline(10.0)
    search = _Search(index, equation, deadline)
    kept: list[Solution] = []
    count = 0
    exact = True
    try:
        for solution in search.solutions():
            count += 1
            kept.append(solution)
            if limit is not None and len(kept) >= 2 * limit + 256:
                kept.sort(key=_order)
                del kept[limit:]
            if stop_at_limit and limit is not None and count >= limit:
                exact = False
                break
    except SearchTimeout:
        exact = False
    kept.sort(key=_order)
    if limit is not None:
        del kept[limit:]
    return EquationResult(equation.text, tuple(kept), count, exact, index.name)


def _order(s: Solution) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    return s.words, s.vars


class _Search:
    """One equation's search over one index."""

    def __init__(self, index: LexiconIndex, equation: Equation, deadline: Deadline) -> None:
        self.index = index
        self.words = index.word_set
        self.eq = equation
        self.deadline = deadline
        self.longest = max(index.lengths, default=0)
        self.ranges = _tightened({v: equation.ranges.get(v, (1, None)) for v in equation.variables},
                                 equation.joint)
        self.cache: dict[tuple[str, int, int], tuple[str, ...]] = {}
        self.ticks = 0
        # Parts of letters and variables only (no sets, stars): spelled out once bound.
        self.plain = [all(isinstance(e, str | Var) for e in p.elements) for p in equation.patterns]
        self.part_vars = [p.variables for p in equation.patterns]

    def solutions(self) -> Iterator[Solution]:
        parts = self.eq.patterns
        for bound, words in self._extend(frozenset(range(len(parts))), {}, {}):
            yield Solution(tuple(sorted(bound.items())),
                           tuple(words[i] for i in range(len(parts))))

    def _extend(self, left: frozenset[int], bound: dict[str, str], words: dict[int, str]
                ) -> Iterator[tuple[dict[str, str], dict[int, str]]]:
        # A part of letters and variables that are all bound is one word: looked up here, so
        # joins like AB;BA cost a lookup per binding, not a search.
        spelled = [k for k in left if self.plain[k] and self.part_vars[k] <= bound.keys()]
        for k in spelled:
            part = self.eq.patterns[k]
            word = _spell(part.elements, bound)
            if word not in self.words or (part.anagram is not None and not _is_anagram(
                    word, part.anagram.letters, part.anagram.blanks)):
                return
            words[k] = word
        if spelled:
            left = left.difference(spelled)
        if not left:
            yield bound, words
            return
        i = min(left, key=lambda k: self._cost(self.eq.patterns[k], bound))
        rest = left - {i}
        for word, new in self._answers(self.eq.patterns[i], bound):
            self.ticks += 1
            if self.ticks & 1023 == 0 and self.deadline.expired():
                raise SearchTimeout
            now = {**bound, **new} if new else bound
            if new and not self._consistent(now, new):
                continue
            words[i] = word
            yield from self._extend(rest, now, words)
        words.pop(i, None)

    def _cost(self, part: PatternPart, bound: dict[str, str]) -> tuple[int, int, int]:
        """Smaller first: fully known parts, then the most known letters, the fewest free
        variables."""
        known = free = 0
        for e in part.elements:
            if isinstance(e, str):
                known += len(e)
            elif isinstance(e, Var):
                if e.name in bound:
                    known += len(bound[e.name])
                else:
                    free += 1
            elif e is STAR:
                free += 1
        return (1 if free else 0, -known, free)

    def _consistent(self, bound: dict[str, str], new: dict[str, str]) -> bool:
        for names in self.eq.distinct:
            if any(n in new for n in names):
                values = [bound[n] for n in names if n in bound]
                if len(set(values)) < len(values):
                    return False
        for names, lo, hi in self.eq.joint:
            if not any(n in new for n in names):
                continue
            low = high = 0
            unbounded = False
            for n in names:
                if n in bound:
                    low += len(bound[n])
                    high += len(bound[n])
                else:
                    a, b = self._range(n)
                    low += a
                    if b is None:
                        unbounded = True
                    else:
                        high += b
            if (hi is not None and low > hi) or (not unbounded and high < lo):
                return False
        return True

    def _range(self, name: str) -> tuple[int, int | None]:
        return self.ranges[name]

    # -- one part's answers --------------------------------------------------------------

    def _answers(self, part: PatternPart, bound: dict[str, str]
                 ) -> Iterator[tuple[str, dict[str, str]]]:
        """(word, new bindings) for each way the part is a word, given `bound`."""
        cut = self._cutter(part, bound)
        for word in self._candidates(part, bound):
            if part.anagram is not None and not _is_anagram(word, part.anagram.letters,
                                                            part.anagram.blanks):
                continue
            if cut is not None:
                for new in cut(word):
                    yield word, new
                continue
            seen: set[tuple[tuple[str, str], ...]] = set()
            for new in self._splits(part.elements, word, bound):
                key = tuple(sorted(new.items()))
                if key not in seen:
                    seen.add(key)
                    yield word, new

    def _candidates(self, part: PatternPart, bound: dict[str, str]) -> tuple[str, ...]:
        """Words that may fit the part given `bound` (a superset: `_splits` decides)."""
        if self.deadline.expired():
            raise SearchTimeout
        pieces: list[str] = []
        lo = hi = 0
        for e in part.elements:
            if isinstance(e, str):
                pieces.append(e)
                lo += len(e)
                hi += len(e)
            elif isinstance(e, int):
                pieces.append(_set_text(e))
                lo += 1
                hi += 1
            elif e is STAR:
                pieces.append("*")
                hi += self.longest
            else:
                value = bound.get(e.name)
                if value is not None:
                    pieces.append(value[::-1] if e.reverse else value)
                    lo += len(value)
                    hi += len(value)
                else:
                    a, b = self._range(e.name)
                    b = self.longest if b is None else min(b, self.longest)
                    shape = self.eq.shapes.get(e.name)
                    # A shaped variable is spelled by its shape (its length is checked later).
                    if shape is not None and not e.reverse:
                        pieces.append(shape.text)
                    else:
                        pieces.append("?" * a + ("*" if b > a else ""))
                    lo += a
                    hi += b
        hi = min(hi, self.longest)
        lo = max(lo, 1)
        if lo > hi:
            return ()
        text = "".join(pieces)
        if text.isalpha():  # every letter known: one word to look up
            return (text,) if text in self.words else ()
        if lo == hi and "*" not in text and "?" not in text:
            # Known letters and a few letter sets: look each spelling up.
            spelled = _spellings(pieces)
            if spelled is not None:
                return tuple(w for w in spelled if w in self.words)
        if part.anagram is not None:
            text += "/" + part.anagram.letters + "?" * part.anagram.blanks
        key = (text, lo, hi)
        found = self.cache.get(key)
        if found is None:
            prefix = len(text) - len(text.lstrip("abcdefghijklmnopqrstuvwxyz"))
            if prefix >= 3 and "*" in text:
                found = self._by_prefix(text[:prefix], lo, hi)
            else:
                found = match(self.index, text, length=(lo, hi), deadline=self.deadline).words
            if len(self.cache) > 50_000:
                self.cache.clear()
            self.cache[key] = found
        return found

    def _by_prefix(self, prefix: str, lo: int, hi: int) -> tuple[str, ...]:
        """Words of lo..hi letters that start with `prefix`, by bisection of each length."""
        out: list[str] = []
        for n in range(max(lo, len(prefix)), hi + 1):
            bucket = self.index.bucket(n)
            if bucket is None:
                continue
            ws = bucket.words
            i = bisect.bisect_left(ws, prefix)
            j = bisect.bisect_left(ws, prefix + "{", i)  # '{' follows 'z'
            out.extend(ws[i:j])
        return tuple(out)

    def _cutter(self, part: PatternPart, bound: dict[str, str]
                ) -> Callable[[str], list[dict[str, str]]] | None:
        """For a part of letters and variables with one or two free variables, each once, a
        function giving every binding of them that makes a word (a loop over the first free
        variable's length, not `_splits`' recursion); None for other parts."""
        if not self.plain[self.eq.patterns.index(part)]:
            return None
        free = [e for e in part.elements if isinstance(e, Var) and e.name not in bound]
        if not 1 <= len(free) <= 2 or len({e.name for e in free}) < len(free):
            return None
        fixed = len(_spell(tuple(e for e in part.elements if e not in free), bound))
        elements = part.elements
        ranges = [self._range(e.name) for e in free]
        shapes = [self.eq.shapes.get(e.name) for e in free]
        first = free[0]

        def cut(word: str) -> list[dict[str, str]]:
            room = len(word) - fixed
            lo, hi = ranges[0]
            if len(free) == 1:
                sizes = [room] if lo <= room and (hi is None or room <= hi) else []
            else:
                lo2, hi2 = ranges[1]
                top = room - lo2 if hi is None else min(hi, room - lo2)
                sizes = [k for k in range(max(lo, room - hi2 if hi2 is not None else lo), top + 1)]
            out = []
            for size in sizes:
                new: dict[str, str] = {}
                at = 0
                for e in elements:
                    if isinstance(e, str):
                        if not word.startswith(e, at):
                            break
                        at += len(e)
                        continue
                    assert isinstance(e, Var)
                    value = bound.get(e.name)
                    if value is not None:
                        piece = value[::-1] if e.reverse else value
                        if not word.startswith(piece, at):
                            break
                        at += len(piece)
                        continue
                    n = size if e is first else room - size
                    piece = word[at:at + n]
                    new[e.name] = piece[::-1] if e.reverse else piece
                    at += n
                else:
                    if all(shape is None or shape.regex.fullmatch(new[e.name])
                           for e, shape in zip(free, shapes, strict=True)):
                        out.append(new)
            return out

        return cut

    def _splits(self, elements: tuple[Any, ...], word: str, bound: dict[str, str]
                ) -> Iterator[dict[str, str]]:
        """Every binding of the part's free variables that makes `word` (with `bound`)."""
        n = len(word)
        shapes = self.eq.shapes
        # The fewest letters the elements from k on can take, for cutting splits short.
        least = [0] * (len(elements) + 1)
        for k in range(len(elements) - 1, -1, -1):
            e = elements[k]
            if isinstance(e, str):
                size = len(e)
            elif isinstance(e, int):
                size = 1
            elif e is STAR:
                size = 0
            elif e.name in bound:
                size = len(bound[e.name])
            else:
                size = self._range(e.name)[0]
            least[k] = least[k + 1] + size
        local: dict[str, str] = {}

        def walk(k: int, at: int) -> Iterator[dict[str, str]]:
            if k == len(elements):
                if at == n:
                    yield dict(local)
                return
            e = elements[k]
            if isinstance(e, str):
                if word.startswith(e, at):
                    yield from walk(k + 1, at + len(e))
            elif isinstance(e, int):
                if at < n and e >> (ord(word[at]) - 97) & 1:
                    yield from walk(k + 1, at + 1)
            elif e is STAR:
                for end in range(at, n - least[k + 1] + 1):
                    yield from walk(k + 1, end)
            else:
                assert isinstance(e, Var)
                value = local.get(e.name)
                if value is None:
                    value = bound.get(e.name)
                if value is not None:
                    piece = value[::-1] if e.reverse else value
                    if word.startswith(piece, at):
                        yield from walk(k + 1, at + len(piece))
                    return
                a, b = self._range(e.name)
                top = n - at - least[k + 1]
                if b is not None:
                    top = min(top, b)
                for size in range(a, top + 1):
                    piece = word[at:at + size]
                    value = piece[::-1] if e.reverse else piece
                    shape = shapes.get(e.name)
                    if shape is not None and not shape.regex.fullmatch(value):
                        continue
                    local[e.name] = value
                    yield from walk(k + 1, at + size)
                    del local[e.name]

        yield from walk(0, 0)


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


def _spellings(pieces: list[str], most: int = 128) -> list[str] | None:
    """Every word the pieces (letters and [sets]) spell, in order; None past `most` of them."""
    words = [""]
    for piece in pieces:
        if piece.startswith("["):
            letters = piece[1:-1]
            if len(words) * len(letters) > most:
                return None
            words = [w + c for w in words for c in letters]
        else:
            words = [w + piece for w in words]
    return words


def _set_text(mask: int) -> str:
    if mask == ALL:
        return "?"
    return "[" + "".join(chr(97 + b) for b in range(26) if mask >> b & 1) + "]"


def _is_anagram(word: str, letters: str, blanks: int) -> bool:
    if len(word) != len(letters) + blanks:
        return False
    short = Counter(word)
    short.subtract(letters)
    return all(v >= 0 for v in short.values())
