"""Crossword pattern search: a small pattern language answered from the position bitsets.

Pattern language (case-insensitive):
    a-z            that letter
    ? . _          any one letter
    *              any run of letters, possibly empty
    [abc] [a-e]    one letter from the set; [^abc] or [!abc]: any letter but these
    @  #           a vowel (aeiou), a consonant
    1-9            a letter that repeats: equal digits are equal letters, different digits
                   are different letters (`1231`: 1st = 4th, and 1st, 2nd, 3rd all differ)
    PATTERN/LETTERS  the word must also be an anagram of LETTERS ('?' there is a blank tile)

Cells anchored to the start (before the first `*`) or the end (after the last `*`) are answered
by AND-ing the (length, position, letter) bitsets of the index; what the bitsets
cannot express (floating cells between stars, repeated digits) is checked by a compiled regex
on the few words that survive.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from typing import Any, Literal

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import LexiconIndex, letter_counts
from puzzlesmith.lexicon.index import LengthBucket, bits_to_index_array
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.search.letters import Rack, parse_rack

ALL = (1 << 26) - 1
VOWELS = sum(1 << (ord(c) - 97) for c in "aeiou")
CONSONANTS = ALL & ~VOWELS
MAX_PATTERN = 64

SortOrder = Literal["alpha", "freq"]


@dataclass(frozen=True)
class Cell:
    """One letter of the word: the letters allowed there, and its repeat digit if any."""

    allowed: int
    digit: int = 0


STAR = None
Token = Cell | None


@dataclass(frozen=True)
class Pattern:
    """A parsed pattern: its tokens (cells and stars) and its anagram constraint."""

    text: str
    tokens: tuple[Token, ...]
    anagram: Rack | None = None

    @cached_property
    def cells(self) -> int:
        return sum(1 for t in self.tokens if t is not STAR)

    @cached_property
    def has_star(self) -> bool:
        return any(t is STAR for t in self.tokens)


def _letter_bit(ch: str) -> int:
    return 1 << (ord(ch) - 97)


def parse_letter_set(text: str, start: int) -> tuple[int, int]:
    """Parse `[...]` at text[start]; returns (allowed mask, index after the `]`)."""
    end = text.find("]", start + 1)
    if end < 0:
        raise InputError(f"pattern {text!r}: '[' at position {start + 1} is never closed")
    body = text[start + 1 : end]
    negate = body[:1] in ("^", "!")
    if negate:
        body = body[1:]
    if not body:
        raise InputError(f"pattern {text!r}: empty letter set at position {start + 1}")
    mask = 0
    i = 0
    while i < len(body):
        ch = body[i]
        if not "a" <= ch <= "z":
            raise InputError(f"pattern {text!r}: {ch!r} cannot appear in a letter set")
        if i + 2 < len(body) and body[i + 1] == "-":
            hi = body[i + 2]
            if not "a" <= hi <= "z" or hi < ch:
                raise InputError(f"pattern {text!r}: bad letter range {ch}-{hi}")
            for code in range(ord(ch), ord(hi) + 1):
                mask |= 1 << (code - 97)
            i += 3
        else:
            mask |= _letter_bit(ch)
            i += 1
    return (ALL & ~mask if negate else mask), end + 1


def parse_pattern(text: str) -> Pattern:
    """Parse a pattern; InputError with the reason for anything malformed."""
    raw = text.strip().lower()
    if not raw:
        raise InputError("empty pattern")
    body, slash, letters = raw.partition("/")
    anagram = parse_rack(letters) if slash else None
    if not body:
        # "/letters" alone asks for the anagrams of the letters
        body = "?" * len(anagram) if anagram else ""
    if len(body) > MAX_PATTERN:
        raise InputError(f"pattern too long: {len(body)} characters (at most {MAX_PATTERN})")
    tokens: list[Token] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if "a" <= ch <= "z":
            tokens.append(Cell(_letter_bit(ch)))
        elif ch in "?._":
            tokens.append(Cell(ALL))
        elif ch == "*":
            if not tokens or tokens[-1] is not STAR:  # ** is the same as *
                tokens.append(STAR)
        elif ch == "@":
            tokens.append(Cell(VOWELS))
        elif ch == "#":
            tokens.append(Cell(CONSONANTS))
        elif "1" <= ch <= "9":
            tokens.append(Cell(ALL, int(ch)))
        elif ch == "[":
            mask, i = parse_letter_set(body, i)
            tokens.append(Cell(mask))
            continue
        elif ch == "]":
            raise InputError(f"pattern {text!r}: ']' at position {i + 1} has no '['")
        else:
            from puzzlesmith.search.equation_parse import looks_like_equation

            if looks_like_equation(text):
                raise InputError(f"{text.strip()!r} is an equation: use equation mode "
                                 "(match --equation)")
            raise InputError(
                f"pattern {text!r}: unknown symbol {ch!r} "
                "(use a-z ? . _ * [set] @ # 1-9, and /LETTERS for an anagram)"
            )
        i += 1
    if not any(t is not STAR for t in tokens) and anagram is None and tokens != [STAR]:
        raise InputError(f"pattern {text!r} has no letters or wildcards")
    return Pattern(raw, tuple(tokens), anagram)


def _regex(pattern: Pattern) -> re.Pattern[str]:
    """The whole pattern as a regex (backreferences for digits), for what bitsets can't say."""
    parts: list[str] = []
    seen: list[int] = []
    for tok in pattern.tokens:
        if tok is STAR:
            parts.append("[a-z]*")
            continue
        cls = "[" + "".join(chr(97 + b) for b in range(26) if tok.allowed >> b & 1) + "]"
        if tok.digit and tok.digit in seen:
            parts.append(f"(?P=d{tok.digit})")
        elif tok.digit:
            # A new digit differs from every digit already bound.
            parts.append("".join(f"(?!(?P=d{d}))" for d in seen))
            parts.append(f"(?P<d{tok.digit}>{cls})")
            seen.append(tok.digit)
        else:
            parts.append(cls)
    return re.compile("".join(parts))


def compile_pattern(pattern: Pattern) -> re.Pattern[str]:
    """The pattern's cells and stars as a regex over whole words (its /LETTERS left out)."""
    return _regex(pattern)


def _union(bucket: LengthBucket, pos: int, allowed: int) -> int:
    """Bitset of the bucket's words with a letter from `allowed` at `pos`."""
    table = bucket.position_letter[pos]
    if allowed & (allowed - 1) == 0:  # a single letter: the common crossword case
        return table[allowed.bit_length() - 1] if allowed else 0
    if allowed.bit_count() > 13:  # fewer ORs through the complement
        bits = 0
        for b in range(26):
            if not allowed >> b & 1:
                bits |= table[b]
        return bucket.all_bits & ~bits
    bits = 0
    for b in range(26):
        if allowed >> b & 1:
            bits |= table[b]
    return bits


def _anchored(pattern: Pattern, length: int) -> list[tuple[int, int]]:
    """(position, allowed) for cells whose position is fixed at this word length."""
    toks = pattern.tokens
    if not pattern.has_star:
        return [(p, t.allowed) for p, t in enumerate(toks) if t is not STAR]
    first = toks.index(STAR)
    last = len(toks) - 1 - toks[::-1].index(STAR)
    fixed = [(p, t.allowed) for p, t in enumerate(toks[:first]) if t is not STAR]
    tail = toks[last + 1 :]
    fixed += [(length - len(tail) + p, t.allowed) for p, t in enumerate(tail) if t is not STAR]
    return fixed


def _needs_regex(pattern: Pattern) -> bool:
    toks = pattern.tokens
    if any(t is not STAR and t.digit for t in toks):
        return True
    if not pattern.has_star:
        return False
    first = toks.index(STAR)
    last = len(toks) - 1 - toks[::-1].index(STAR)
    return any(t is not STAR for t in toks[first:last])


_FEW = 1000  # answers up to which a list of words is made without the bucket's numpy array
_PLAIN = re.compile(r"[a-z?._]{1,64}")


def _plain_bits(index: LexiconIndex, query: str) -> tuple[LengthBucket, int] | None:
    """The crossword case, fixed letters and one-letter wildcards: only an AND of bitsets
    (None: no words of that length)."""
    bucket = index.bucket(len(query))
    if bucket is None:
        return None
    bits = bucket.all_bits
    table = bucket.position_letter
    for pos, ch in enumerate(query):
        if "a" <= ch <= "z":
            bits &= table[pos][ord(ch) - 97]
    return bucket, bits


def _match_plain(index: LexiconIndex, query: str) -> list[str]:
    found = _plain_bits(index, query)
    return [] if found is None else found[0].words_of(found[1])


def _by_frequency(index: LexiconIndex, words: list[str]) -> list[str]:
    return sorted(words, key=lambda w: (index.rank(w) or 1 << 30, w))


@dataclass(frozen=True)
class MatchResult:
    query: str
    words: tuple[str, ...]
    count: int  # matches before --limit
    lexicon: str
    extra: dict[str, Any] = field(default_factory=dict)
    # Every word is an index word (a-z only, checked when the index is built), so the words
    # can be written as JSON strings as they are (`print_json`'s `plain`).
    plain: bool = field(default=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "count": self.count,
            "words": list(self.words),
            "truncated": len(self.words) < self.count,
            "lexicon": self.lexicon,
            **self.extra,
        }


def plain_match_json(index: LexiconIndex, query: str) -> str | None:
    """The compact JSON text of `match(index, query).to_json()` (no other option), written
    straight from the bitset (`LengthBucket.json_of`); None unless the query is the crossword
    case of fixed letters and one-letter wildcards. For runs of many patterns, whose time
    went mostly into making and encoding the answers' strings."""
    if not _PLAIN.fullmatch(query):
        return None
    found = _plain_bits(index, query)
    count, words = (0, "[]") if found is None else (found[1].bit_count(), found[0].json_of(found[1]))
    return (f'{{"query":"{query}","count":{count},"words":{words},"truncated":false,'
            f'"lexicon":{json.dumps(index.name)}}}')


def parse_length(text: str | None) -> tuple[int, int] | None:
    """`--length N` or `N-M`."""
    if text is None:
        return None
    m = re.fullmatch(r"\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?", text)
    if not m:
        raise InputError(f"--length must be N or N-M, not {text!r}")
    lo = int(m.group(1))
    hi = int(m.group(2) or lo)
    if lo < 1 or hi < lo:
        raise InputError(f"--length {text}: need 1 <= N <= M")
    return lo, hi


def match(
    index: LexiconIndex,
    query: str,
    *,
    contains: str = "",
    excludes: str = "",
    length: tuple[int, int] | None = None,
    sort: SortOrder = "alpha",
    limit: int | None = None,
    deadline: Deadline | None = None,
) -> MatchResult:
    """Every word of the index that fits the pattern and the letter constraints."""
    if not (contains or excludes or length) and _PLAIN.fullmatch(query):
        words = _match_plain(index, query)
        if sort == "freq":
            words = _by_frequency(index, words)
        return MatchResult(query, tuple(words if limit is None else words[:limit]), len(words),
                           index.name, plain=True)
    pattern = parse_pattern(query)
    need = parse_rack(contains).letters if contains else ""
    banned = 0
    for ch in parse_rack(excludes, allow_blanks=False).letters if excludes else "":
        banned |= _letter_bit(ch)
    deadline = deadline or Deadline(10.0)
    regex = _regex(pattern) if _needs_regex(pattern) else None
    counting = _Counting.of(need, pattern.anagram)
    runs: list[list[str]] = []  # one alphabetical run per length bucket
    for n in _lengths(index, pattern, length):
        if deadline.expired():
            raise SearchTimeout
        bucket = index.bucket(n)
        if bucket is None:
            continue
        bits = _fitting_bits(bucket, pattern, n, banned)
        found = bucket.words_of(bits) if counting is None else counting.words(bucket, bits)
        if regex is not None:
            found = list(filter(regex.fullmatch, found))
        if found:
            runs.append(found)

    words = runs[0] if len(runs) == 1 else list(chain.from_iterable(runs))
    if sort == "freq":
        words = _by_frequency(index, words)
    elif len(runs) > 1:
        words.sort()  # timsort merges the per-length runs
    shown = words if limit is None else words[:limit]
    return MatchResult(pattern.text, tuple(shown), len(words), index.name, plain=True)


def _lengths(index: LexiconIndex, pattern: Pattern, length: tuple[int, int] | None) -> list[int]:
    """The word lengths the pattern can fit, within `--length` and its anagram's length."""
    lengths = [pattern.cells] if not pattern.has_star else [
        n for n in index.lengths if n >= pattern.cells
    ]
    if pattern.anagram is not None:
        lengths = [n for n in lengths if n == len(pattern.anagram)]
    if length is not None:
        lengths = [n for n in lengths if length[0] <= n <= length[1]]
    return lengths


def _fitting_bits(bucket: LengthBucket, pattern: Pattern, n: int, banned: int) -> int:
    """The words of one length bucket whose letters fit the pattern's anchored cells and use
    none of the `banned` letters (a bitset over the bucket)."""
    bits = bucket.all_bits
    for pos, allowed in _anchored(pattern, n):
        if allowed & ~banned == ALL:
            continue
        bits &= _union(bucket, pos, allowed & ~banned)
        if not bits:
            return 0
    if banned:
        for b in range(26):
            if banned >> b & 1:
                for pos in range(n):
                    bits &= ~bucket.position_letter[pos][b]
    return bits


@dataclass(frozen=True)
class _Counting:
    """Letter-count filters (`--contains`, an anagram's letters): positions and counts stay in
    numpy, since a rack leaves a whole bucket's bits set."""

    need_counts: Any
    anagram: Rack | None
    anagram_counts: Any

    @staticmethod
    def of(need: str, anagram: Rack | None) -> _Counting | None:
        if not (need or anagram):
            return None
        import numpy as np  # letter counting is vectorised; plain patterns never load numpy

        return _Counting(
            letter_counts(need).astype(np.int16) if need else None,
            anagram,
            letter_counts(anagram.letters).astype(np.int16) if anagram else None,
        )

    def words(self, bucket: LengthBucket, bits: int) -> list[str]:
        import numpy as np

        arr = bits_to_index_array(bits, len(bucket.words))
        if self.need_counts is not None and arr.size:
            arr = arr[np.all(bucket.counts[arr] >= self.need_counts, axis=1)]
        if self.anagram is not None and arr.size:
            counts = bucket.counts if arr.size == len(bucket.words) else bucket.counts[arr]
            short = np.maximum(counts.astype(np.int16) - self.anagram_counts, 0).sum(axis=1)
            arr = arr[short <= self.anagram.blanks]
        ws = bucket.words
        return [ws[i] for i in arr.tolist()] if arr.size < _FEW else bucket.word_array[arr].tolist()
