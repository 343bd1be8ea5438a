"""Anagrams: words that can be built from a rack, and multi-word anagrams that use it all."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from puzzlesmith.lexicon import LengthBucket, LexiconIndex, letter_mask
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.search.letters import Rack

ALL_LETTERS = (1 << 26) - 1


def _fits(word: str, tiles: tuple[tuple[str, int], ...], blanks: int) -> bool:
    """Whether the tiles (letter, how many) and `blanks` blanks spell the word: the tiles
    cover all but at most `blanks` of its letters. (One str.count per kind of tile: a Counter
    per word was most of an anagram's time.)"""
    covered = 0
    for ch, n in tiles:
        c = word.count(ch)
        covered += c if c < n else n
    return covered + blanks >= len(word)


def buildable_in(bucket: LengthBucket, rack: Rack) -> list[int]:
    """Positions of the bucket's words the rack can build: a 26-bit letter-mask test over the
    packed masks, then exact counts for the few words that pass. Plain Python: a command
    answers before numpy would have finished importing."""
    outside = ALL_LETTERS & ~letter_mask(rack.letters)
    masks = bucket.mask_data
    if bucket.length <= rack.blanks:
        return list(range(len(masks)))  # blanks alone spell every word this short
    if rack.blanks == 0:
        candidates = [i for i, m in enumerate(masks) if not m & outside]
    else:
        # A word may use at most `blanks` letters the rack lacks, so at most that many kinds.
        blanks = rack.blanks
        candidates = [i for i, m in enumerate(masks) if (m & outside).bit_count() <= blanks]
    tiles = tuple(Counter(rack.letters).items())
    words = bucket.words
    return [i for i in candidates if _fits(words[i], tiles, rack.blanks)]


def buildable_words(
    index: LexiconIndex, rack: Rack | str, min_length: int = 3, max_length: int | None = None
) -> list[str]:
    """Every word of min_length.. letters that the rack can build (each tile used at most once).

    Sorted by length, then alphabetically.
    """
    if isinstance(rack, str):
        rack = Rack("".join(sorted(rack)))
    top = len(rack) if max_length is None else min(max_length, len(rack))
    words: list[str] = []
    for length in range(max(min_length, 1), top + 1):
        bucket = index.bucket(length)
        if bucket is None:
            continue
        words.extend(bucket.words[i] for i in buildable_in(bucket, rack))
    return words


@dataclass(frozen=True)
class AnagramResult:
    query: str
    words: tuple[str, ...]
    full: tuple[str, ...]  # words (or word groups joined by spaces) that use every tile
    lexicon: str
    timed_out: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    total: int | None = None  # words before --limit (None: all are listed)

    @property
    def count(self) -> int:
        return len(self.words) if self.total is None else self.total

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "count": self.count,
            "words": list(self.words),
            "full": list(self.full),
            "lexicon": self.lexicon,
            "timed_out": self.timed_out,
            "truncated": len(self.words) < self.count,
            **self.extra,
        }


def _multiword(
    words: list[str], rack: Rack, n_words: int, deadline: Deadline
) -> Iterator[tuple[str, ...]]:
    """Groups of n_words words (non-decreasing order) that together use exactly every tile."""
    counts = [Counter(w) for w in words]
    total = len(rack)

    def rec(start: int, left: Counter[str], blanks: int, size: int,
            chosen: list[str]) -> Iterator[tuple[str, ...]]:
        if deadline.expired():
            raise SearchTimeout
        if len(chosen) == n_words:
            if size == total:
                yield tuple(chosen)
            return
        remaining_words = n_words - len(chosen)
        for i in range(start, len(words)):
            w = words[i]
            if size + len(w) * remaining_words > total and remaining_words > 1:
                continue
            short = sum(max(0, n - left[ch]) for ch, n in counts[i].items())
            if short > blanks:
                continue
            rest = left - counts[i]  # Counter subtraction keeps only what is left over
            chosen.append(w)
            yield from rec(i, rest, blanks - short, size + len(w), chosen)
            chosen.pop()

    yield from rec(0, Counter(rack.letters), rack.blanks, 0, [])


def anagrams(
    index: LexiconIndex,
    rack: Rack,
    *,
    min_length: int = 3,
    n_words: int = 1,
    deadline: Deadline | None = None,
) -> AnagramResult:
    """Words buildable from the rack, and the full anagrams (n_words words using every tile)."""
    deadline = deadline or Deadline(10.0)
    words = buildable_words(index, rack, min_length)
    full: list[str] = []
    timed_out = False
    if n_words == 1:
        full = [w for w in words if len(w) == len(rack)]
    else:
        try:
            groups = _multiword(words, rack, n_words, deadline)
            full = sorted(" ".join(sorted(g, key=lambda w: (-len(w), w))) for g in groups)
        except SearchTimeout:
            timed_out = True
    return AnagramResult(str(rack), tuple(words), tuple(full), index.name, timed_out)
