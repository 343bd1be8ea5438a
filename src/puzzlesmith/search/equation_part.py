"""One part of an equation: the words that may fill it, and every way a word splits into it.

Given which of its variables are bound, a part is planned once (`_Plan`): the letters whose
position is fixed once the word's length is (before the first element of free length, after
the last) are looked up in the index, by bisection for a known prefix and by the (length,
position, letter) bitsets for the rest; whatever the index cannot say (a repeated or
reversed free variable, letters between two free runs) is put to a regex with
backreferences, run in C over those words; and only the words that pass are split in
Python, by a loop over the lengths of at most two free runs (a recursive walk past that).
"""

from __future__ import annotations

import bisect
import re
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from puzzlesmith.lexicon import LexiconIndex
from puzzlesmith.search.equation_parse import STAR, PatternPart, Shape, Var
from puzzlesmith.search.pattern import ALL

Range = tuple[int, int | None]

# Kinds of a planned element.
_LIT, _SET, _BOUND, _FIXED, _RUN = range(5)


@dataclass(frozen=True)
class _Plan:
    """A part with some of its variables bound: what is known before any word is seen."""

    kinds: tuple[int, ...]  # per element
    runs: tuple[Any, ...]  # the elements of free length: a variable name or STAR
    run_times: tuple[int, ...]  # how often each run's variable appears (1 for a star)
    run_ranges: tuple[Range, ...]
    fixed_size: int  # letters taken by literal letters, sets and fixed-length free variables
    head: int  # elements before the first run
    tail: int  # elements after the last run
    regex: _Regex | None
    free: frozenset[str]

    @property
    def anchored(self) -> bool:
        """Whether letters (given or bound) are anchored at the start or the end."""
        ends = self.kinds[:self.head] + self.kinds[len(self.kinds) - self.tail:]
        return _LIT in ends or _BOUND in ends


@dataclass(frozen=True)
class _Regex:
    """A part as a regex, a piece an element, with a named group where each free variable
    first appears (its value, reversed if that place is `~A`)."""

    pieces: tuple[str | None, ...]  # None where a bound value goes
    gaps: tuple[Var, ...]  # the bound variables filling those places, in order
    binds: tuple[tuple[str, str, bool], ...]  # (variable, group, reversed there)
    mirrors: tuple[tuple[str, str], ...]  # (group, group): the first is the second reversed
    mirrored: frozenset[str]  # the variables with such a group (its size free in the regex)
    # The pieces of the first free run (its first place and its mirrors), whose size is
    # fixed to list every split.
    pins: tuple[int, ...]


class PartSolver:
    """The words of one part and their splits, for any set of bound variables."""

    def __init__(self, index: LexiconIndex, part: PatternPart, ranges: dict[str, Range],
                 shapes: dict[str, Shape], longest: int) -> None:
        self.index = index
        self.part = part
        self.elements: tuple[Any, ...] = part.elements  # read by `_Plan.kinds`
        self.ranges = ranges
        self.shapes = shapes
        self.longest = longest
        self.plans: dict[frozenset[str], _Plan] = {}
        # Per part, cleared whole when full: functools.lru_cache on a method would be one cache
        # for every part, keeping each part (and its index) alive.
        self.cache: dict[tuple[str, ...], tuple[str, ...]] = {}
        self.regexes: dict[str, Callable[[str], Any]] = {}
        self.splitters: dict[_Plan, Callable[[str], list[dict[str, str]]]] = {}

    # -- planning -----------------------------------------------------------------------

    def plan(self, bound: frozenset[str]) -> _Plan:
        found = self.plans.get(bound)
        if found is None:
            found = self.plans[bound] = self._plan(bound)
        return found

    def _plan(self, bound: frozenset[str]) -> _Plan:
        kinds: list[int] = []
        runs: list[Any] = []
        times: list[int] = []
        run_ranges: list[Range] = []
        fixed = 0
        counts: dict[str, int] = {}
        for e in self.elements:
            if isinstance(e, Var) and e.name not in bound:
                counts[e.name] = counts.get(e.name, 0) + 1
        for e in self.elements:
            if isinstance(e, str):
                kinds.append(_LIT)
                fixed += len(e)
            elif isinstance(e, int):
                kinds.append(_SET)
                fixed += 1
            elif e is STAR:
                kinds.append(_RUN)
                runs.append(STAR)
                times.append(1)
                run_ranges.append((0, None))
            elif e.name in bound:
                kinds.append(_BOUND)
            else:
                lo, hi = self.ranges[e.name]
                if lo == hi:
                    kinds.append(_FIXED)
                    fixed += lo
                else:
                    kinds.append(_RUN)
                    if e.name not in runs:
                        runs.append(e.name)
                        times.append(counts[e.name])
                        run_ranges.append((lo, hi))
        run_at = [k for k, kind in enumerate(kinds) if kind == _RUN]
        head = run_at[0] if run_at else len(kinds)
        tail = len(kinds) - 1 - run_at[-1] if run_at else 0
        free = frozenset(counts)
        regex = self._regex(bound, counts, head, len(kinds) - tail)
        return _Plan(tuple(kinds), tuple(runs), tuple(times), tuple(run_ranges), fixed, head,
                     tail, regex, free)

    def _regex(self, bound: frozenset[str], counts: dict[str, int], head: int, end: int
               ) -> _Regex | None:
        """The part as a regex with a group for each free variable's first place, or None
        when the index's answer is exact already (`_exact`)."""
        if _exact(self.elements, bound, counts, self.shapes, head, end):
            return None
        pieces: list[str | None] = []
        gaps: list[Var] = []
        first: dict[str, tuple[str, bool]] = {}  # name -> (group, reversed there)
        mirrors: list[tuple[str, str]] = []
        mirror_at: dict[str, list[int]] = {}  # a variable's mirror groups, by piece
        pin = -1
        pin_name = ""
        for k, e in enumerate(self.elements):
            if isinstance(e, str):
                pieces.append(e)
            elif isinstance(e, int):
                pieces.append(_set_class(e))
            elif e is STAR:
                if pin < 0:
                    pin = len(pieces)
                pieces.append(".*")
            elif e.name in bound:
                pieces.append(None)
                gaps.append(e)
            else:
                lo, hi = self.ranges[e.name]
                size = f".{{{lo},{'' if hi is None else hi}}}"
                label = f"g{k}"
                if e.name in first:
                    group, turned_there = first[e.name]
                    if turned_there == e.reverse:
                        pieces.append(f"(?P={group})")
                    else:  # a reversed backreference is not in Python's re: checked after
                        mirror_at.setdefault(e.name, []).append(len(pieces))
                        pieces.append(f"(?P<{label}>{size})")
                        mirrors.append((label, group))
                    continue
                first[e.name] = (label, e.reverse)
                if pin < 0 and lo != hi:
                    pin = len(pieces)
                    pin_name = e.name
                shape = self.shapes.get(e.name)
                # A shape stands for the size of a run only (whose size the word's length
                # decides, or a pinned regex does): a fixed size must stay fixed.
                if (shape is not None and not e.reverse and lo != hi
                        and "(" not in shape.regex.pattern):
                    size = f"(?:{shape.regex.pattern})"  # its length is checked after
                pieces.append(f"(?P<{label}>{size})")
        binds = tuple((name, group, rev) for name, (group, rev) in first.items())
        mirrored = frozenset(name for name, (group, _) in first.items()
                             if any(g == group for _, g in mirrors))
        pins = () if pin < 0 else (pin, *mirror_at.get(pin_name, ()))
        return _Regex(tuple(pieces), tuple(gaps), binds, tuple(mirrors), mirrored, pins)

    # -- words --------------------------------------------------------------------------

    def answers(self, bound: dict[str, str]) -> Iterator[tuple[str, dict[str, str]]]:
        """(word, new bindings) for each way the part is a word, given `bound`."""
        names = frozenset(n for n in self.part.variables if n in bound)
        plan = self.plan(names)
        if names:
            split = self._splitter(plan, bound)
        else:  # no bound value in it: made once
            split = self.splitters.get(plan) or self.splitters.setdefault(
                plan, self._splitter(plan, bound))
        ana = self.part.anagram
        for word in self.candidates(plan, bound):
            if ana is not None and not is_anagram(word, ana.letters, ana.blanks):
                continue
            yield from ((word, new) for new in split(word))

    def lengths(self, plan: _Plan, bound: dict[str, str]) -> tuple[int, int]:
        size = plan.fixed_size
        for kind, e in zip(plan.kinds, self.elements, strict=True):
            if kind == _BOUND:
                size += len(bound[e.name])
        lo = hi = size
        for times, (a, b) in zip(plan.run_times, plan.run_ranges, strict=True):
            lo += a * times
            hi = self.longest if b is None else hi + b * times
        return max(lo, 1), min(hi, self.longest)

    def most(self, plan: _Plan, bound: dict[str, str]) -> int | None:
        """How many candidates the part has, when that is cheap to say without finding them
        (nothing anchored and no regex: every word of its lengths); None otherwise."""
        if plan.anchored or plan.regex is not None:
            return None
        lo, hi = self.lengths(plan, bound)
        return sum(len(b.words) for n in range(lo, hi + 1) if (b := self.index.bucket(n)))

    def candidates(self, plan: _Plan, bound: dict[str, str]) -> tuple[str, ...]:
        """The words of the right lengths with the part's anchored letters, and past its regex
        if it has one (a superset of the words that split, when none)."""
        lo, hi = self.lengths(plan, bound)
        if lo > hi:
            return ()
        head = self._spelled(plan, bound, 0, plan.head)
        tail = self._spelled(plan, bound, len(plan.kinds) - plan.tail, len(plan.kinds))
        key = (*head, "|", *tail, str(lo), str(hi))
        rx_text = None
        if plan.regex is not None:
            rx_text = self._regex_text(plan, bound)
            key = (*key, rx_text)
        found = self.cache.get(key)
        if found is not None:
            return found
        out: list[str] = []
        if rx_text is not None and not any(c.isalpha() or c.startswith("[")
                                           for c in (*head, *tail)):
            # Nothing for the index: the regex reads each length's words as one text, one
            # call into C a length rather than one a word.
            lines = re.compile(f"^(?:{rx_text})$", re.MULTILINE).finditer
            for n in range(lo, hi + 1):
                bucket = self.index.bucket(n)
                if bucket is not None:
                    out.extend(m.group() for m in lines(_text_of(bucket)))
        else:
            for n in range(lo, hi + 1):
                bucket = self.index.bucket(n)
                if bucket is not None:
                    out.extend(_anchored_words(bucket, head, tail, n))
            if rx_text is not None:
                out = list(filter(self._compiled(rx_text), out))
        result = tuple(out)
        if len(self.cache) > 20_000:
            self.cache.clear()
        self.cache[key] = result
        return result

    def _spelled(self, plan: _Plan, bound: dict[str, str], start: int, end: int) -> list[str]:
        """Elements start..end as index cells: letters, '[mask]' sets, '?' for unknowns."""
        out: list[str] = []
        for k in range(start, end):
            kind, e = plan.kinds[k], self.elements[k]
            if kind == _LIT:
                out.append(e)
            elif kind == _SET:
                out.append("?" if e == ALL else f"[{e}]")
            elif kind == _BOUND:
                value = bound[e.name]
                out.append(value[::-1] if e.reverse else value)
            else:  # a fixed-length free variable
                out.append("?" * self.ranges[e.name][0])
        return out

    def _regex_text(self, plan: _Plan, bound: dict[str, str], pinned: int = -1) -> str:
        """The plan's regex with the bound values spelled; `pinned` >= 0 fixes the size of
        the first free run."""
        assert plan.regex is not None
        gaps = iter(plan.regex.gaps)
        out = []
        for k, piece in enumerate(plan.regex.pieces):
            if piece is None:
                e = next(gaps)
                value = bound[e.name]
                out.append(value[::-1] if e.reverse else value)
            elif pinned >= 0 and k in plan.regex.pins:
                out.append(f"{piece[:piece.index('>') + 1]}.{{{pinned}}})"
                           if piece.startswith("(") else f".{{{pinned}}}")
            else:
                out.append(piece)
        return "".join(out)

    def _compiled(self, text: str) -> Callable[[str], Any]:
        rx = self.regexes.get(text)
        if rx is None:
            if len(self.regexes) > 4096:
                self.regexes.clear()
            rx = self.regexes[text] = re.compile(text).fullmatch
        return rx

    # -- splits -------------------------------------------------------------------------

    def _splitter(self, plan: _Plan, bound: dict[str, str]
                  ) -> Callable[[str], list[dict[str, str]]]:
        """A function giving every binding of the plan's free variables that makes a word."""
        elements = self.elements
        kinds = plan.kinds
        shapes = [(n, s) for n, s in self.shapes.items() if n in plan.free]
        known = plan.fixed_size + sum(len(bound[e.name]) for k, e in zip(kinds, elements,
                                                                          strict=True)
                                      if k == _BOUND)
        runs, times, ranges = plan.runs, plan.run_times, plan.run_ranges
        fixed_len = {e.name: self.ranges[e.name][0] for k, e in zip(kinds, elements, strict=True)
                     if k == _FIXED}

        def lay(word: str, sizes: dict[Any, int]) -> dict[str, str] | None:
            """The bindings when each run has its size; None if the word does not fit."""
            new: dict[str, str] = {}
            at = 0
            for kind, e in zip(kinds, elements, strict=True):
                if kind == _LIT:
                    if not word.startswith(e, at):
                        return None
                    at += len(e)
                elif kind == _SET:
                    if not e >> (ord(word[at]) - 97) & 1:
                        return None
                    at += 1
                elif kind == _BOUND:
                    value = bound[e.name]
                    piece = value[::-1] if e.reverse else value
                    if not word.startswith(piece, at):
                        return None
                    at += len(piece)
                elif e is STAR:
                    at += sizes[STAR]
                else:
                    n = fixed_len[e.name] if kind == _FIXED else sizes[e.name]
                    piece = word[at:at + n]
                    at += n
                    value = piece[::-1] if e.reverse else piece
                    old = new.get(e.name)
                    if old is None:
                        new[e.name] = value
                    elif old != value:
                        return None
            for name, shape in shapes:
                if not shape.regex.fullmatch(new[name]):
                    return None
            return new

        if plan.regex is None and _FIXED not in kinds and STAR not in runs and 0 < len(runs) <= 2:
            return _cutter(self, plan, bound)
        # A regex's groups give the split when the layout is one for each size of the first
        # run, pinned: a mirror group (`~A` after `A`) has a size of its own in the regex, so
        # its variable must be that pinned run or of a fixed size.
        rx = plan.regex
        if rx is not None and (
                len(runs) == 1 and (runs[0] not in rx.mirrored or not rx.gaps)
                or len(runs) == 2 and not rx.gaps and runs[1] not in rx.mirrored
                and runs.count(STAR) < 2):  # (two stars' sizes bind nothing: _walk)
            return _regex_splitter(self, plan, bound)
        if len(runs) > 2 or runs.count(STAR) > 1:
            return lambda word: _walk(elements, word, bound, self.ranges, self.shapes)

        def split(word: str) -> list[dict[str, str]]:
            room = len(word) - known
            out = []
            if not runs:
                if room == 0:
                    got = lay(word, {})
                    if got is not None:
                        out.append(got)
                return out
            lo, hi = ranges[-1]
            t = times[-1]
            if len(runs) == 1:
                if room % t == 0 and lo <= room // t and (hi is None or room // t <= hi):
                    got = lay(word, {runs[0]: room // t})
                    if got is not None:
                        out.append(got)
                return out
            lo0, hi0 = ranges[0]
            t0 = times[0]
            top = room // t0 if hi0 is None else min(hi0, room // t0)
            for size in range(lo0, top + 1):
                rest = room - size * t0
                if rest % t or rest // t < lo or (hi is not None and rest // t > hi):
                    continue
                got = lay(word, {runs[0]: size, runs[1]: rest // t})
                if got is not None:
                    out.append(got)
            return out

        return split



def _cutter(solver: PartSolver, plan: _Plan, bound: dict[str, str]
            ) -> Callable[[str], list[dict[str, str]]]:
    """Splits of a part whose candidates are exact (no regex): one or two free runs side
    by side, each once and forward, between letters the index has checked, so a split
    is a cut of the word and nothing more."""
    def size(k: int) -> int:
        kind, e = plan.kinds[k], solver.elements[k]
        return len(e) if kind == _LIT else 1 if kind == _SET else len(bound[e.name])

    start = sum(size(k) for k in range(plan.head))
    end = sum(size(k) for k in range(len(plan.kinds) - plan.tail, len(plan.kinds)))
    first = plan.runs[0]
    if len(plan.runs) == 1:
        return lambda word: [{first: word[start:len(word) - end]}]
    second = plan.runs[1]
    (lo, hi), (lo2, hi2) = plan.run_ranges

    def cut(word: str) -> list[dict[str, str]]:
        stop = len(word) - end
        room = stop - start
        top = room - lo2 if hi is None else min(hi, room - lo2)
        least = lo if hi2 is None else max(lo, room - hi2)
        return [{first: word[start:start + n], second: word[start + n:stop]}
                for n in range(least, top + 1)]

    return cut

def _regex_splitter(solver: PartSolver, plan: _Plan, bound: dict[str, str]
                    ) -> Callable[[str], list[dict[str, str]]]:
    """Splits read from the groups of the plan's regex, in C: with two free runs (or a
    mirrored one), one regex a size of the first (the rest follows from the word's
    length)."""
    rx = plan.regex
    assert rx is not None
    known = plan.fixed_size + sum(len(bound[e.name]) for k, e in zip(
        plan.kinds, solver.elements, strict=True) if k == _BOUND)
    first_lo, t0 = plan.run_ranges[0][0], plan.run_times[0]
    pinned = len(plan.runs) == 2 or plan.runs[0] in rx.mirrored
    if not pinned:
        tries = [solver._compiled(solver._regex_text(plan, bound))]
    else:
        hi = plan.run_ranges[0][1]
        top = solver.longest if hi is None else min(hi, solver.longest)
        tries = [solver._compiled(solver._regex_text(plan, bound, size))
                 for size in range(first_lo, top + 1)]
    # The other run's least size and the letters known bound the first run's size (and
    # with one run, decide it).
    other = known + (plan.run_ranges[1][0] * plan.run_times[1] if len(plan.runs) == 2 else 0)

    def choices(word: str) -> list[Callable[[str], Any]]:
        if not pinned:
            return tries
        if len(plan.runs) == 2:
            return tries[:(len(word) - other) // t0 - first_lo + 1]
        room = len(word) - other
        at = room // t0 - first_lo
        return [tries[at]] if room % t0 == 0 and 0 <= at < len(tries) else []
    ranges = solver.ranges
    shapes = [(n, s) for n, s in solver.shapes.items() if n in plan.free]
    binds, mirrors = rx.binds, rx.mirrors

    def split(word: str) -> list[dict[str, str]]:
        out = []
        for fits in choices(word):
            m = fits(word)
            if m is None:
                continue
            new = {}
            for name, group, turned in binds:
                value = m.group(group)
                new[name] = value[::-1] if turned else value
                lo, hi = ranges[name]
                if len(value) < lo or (hi is not None and len(value) > hi):
                    break
            else:
                if all(m.group(a) == m.group(b)[::-1] for a, b in mirrors) and all(
                        shape.regex.fullmatch(new[name]) for name, shape in shapes):
                    out.append(new)
        return out

    return split

def _exact(elements: tuple[Any, ...], bound: frozenset[str], counts: dict[str, int],
           shapes: dict[str, Shape], head: int, end: int) -> bool:
    """Whether the index's candidates for a part are exactly its words: every free variable
    once, forward and of any shape, and nothing known between the first and last free run
    (elements head..end)."""
    floating = any(not (isinstance(e, Var) and e.name not in bound) and e is not STAR
                   for e in elements[head:end])
    repeated = any(n > 1 for n in counts.values())
    turned = any(isinstance(e, Var) and e.reverse and e.name not in bound for e in elements)
    shaped = any(name in shapes for name in counts)
    return not (floating or repeated or turned or shaped)


_texts: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()


def _text_of(bucket: Any) -> str:
    """A bucket's words as lines of one text, made once per bucket."""
    text = _texts.get(bucket)
    if text is None:
        text = _texts[bucket] = "\n".join(bucket.words)
    return text


def _anchored_words(bucket: Any, head: list[str], tail: list[str], n: int) -> list[str]:
    """The bucket's words with the head's cells from the start and the tail's at the end."""
    words = bucket.words
    prefix = ""
    for cell in head:
        if cell.isalpha():
            prefix += cell
        else:
            break
    if len(prefix) > n:
        return []
    i, j = 0, len(words)
    if prefix:
        i = bisect.bisect_left(words, prefix)
        j = bisect.bisect_left(words, prefix + "{", i)  # '{' follows 'z'
        if i == j:
            return []
    cells: list[tuple[int, int]] = []  # (position, mask) past the prefix
    pos = 0
    for cell in head:
        pos = _cells(cell, pos, cells)
    end_cells: list[tuple[int, int]] = []
    size = sum(_cell_size(c) for c in tail)
    if size > n:
        return []
    _at = n - size
    for cell in tail:
        _at = _cells(cell, _at, end_cells)
    checks = [(p, m) for p, m in cells if p >= len(prefix)] + end_cells
    if not checks:
        return list(words[i:j])
    table = bucket.position_letter
    bits = ((1 << (j - i)) - 1) << i
    for p, mask in checks:
        if mask & (mask - 1) == 0:
            bits &= table[p][mask.bit_length() - 1]
        else:
            union = 0
            for b in range(26):
                if mask >> b & 1:
                    union |= table[p][b]
            bits &= union
        if not bits:
            return []
    return bucket.words_of(bits)


def _cell_size(cell: str) -> int:
    return 1 if cell.startswith("[") else len(cell)


def _cells(cell: str, pos: int, out: list[tuple[int, int]]) -> int:
    """Adds the (position, mask) of the cell's letters from `pos`; returns the next position."""
    if cell.startswith("["):
        mask = int(cell[1:-1])
        if mask != ALL:
            out.append((pos, mask))
        return pos + 1
    for ch in cell:
        if ch != "?":
            out.append((pos, 1 << (ord(ch) - 97)))
        pos += 1
    return pos


def _walk(elements: tuple[Any, ...], word: str, bound: dict[str, str],
          ranges: dict[str, Range], shapes: dict[str, Shape]) -> list[dict[str, str]]:
    """Every binding of the free variables that makes `word`, by a recursive walk (for parts
    with more than two free runs)."""
    n = len(word)
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
            size = ranges[e.name][0]
        least[k] = least[k + 1] + size
    local: dict[str, str] = {}
    found: list[dict[str, str]] = []
    seen: set[tuple[tuple[str, str], ...]] = set()

    def walk(k: int, at: int) -> None:
        if k == len(elements):
            if at == n:
                key = tuple(sorted(local.items()))
                if key not in seen:
                    seen.add(key)
                    found.append(dict(local))
            return
        e = elements[k]
        if isinstance(e, str):
            if word.startswith(e, at):
                walk(k + 1, at + len(e))
        elif isinstance(e, int):
            if at < n and e >> (ord(word[at]) - 97) & 1:
                walk(k + 1, at + 1)
        elif e is STAR:
            for end in range(at, n - least[k + 1] + 1):
                walk(k + 1, end)
        else:
            value = local.get(e.name)
            if value is None:
                value = bound.get(e.name)
            if value is not None:
                piece = value[::-1] if e.reverse else value
                if word.startswith(piece, at):
                    walk(k + 1, at + len(piece))
                return
            a, b = ranges[e.name]
            top = n - at - least[k + 1]
            if b is not None:
                top = min(top, b)
            shape = shapes.get(e.name)
            for size in range(a, top + 1):
                piece = word[at:at + size]
                value = piece[::-1] if e.reverse else piece
                if shape is not None and not shape.regex.fullmatch(value):
                    continue
                local[e.name] = value
                walk(k + 1, at + size)
                del local[e.name]

    walk(0, 0)
    return found


def _set_class(mask: int) -> str:
    if mask == ALL:
        return "."
    return "[" + "".join(chr(97 + b) for b in range(26) if mask >> b & 1) + "]"


def is_anagram(word: str, letters: str, blanks: int) -> bool:
    if len(word) != len(letters) + blanks:
        return False
    from collections import Counter

    short = Counter(word)
    short.subtract(letters)
    return all(v >= 0 for v in short.values())
