"""Anagrams: words that can be built from a rack, and multi-word anagrams that use it all."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from puzzlesmith.lexicon import LexiconIndex, letter_counts, letter_mask
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.search.letters import Rack


def buildable_mask(
    bucket_masks: npt.NDArray[np.uint32],
    bucket_counts: npt.NDArray[np.uint8],
    rack: Rack,
) -> npt.NDArray[np.bool_]:
    """Which words of a bucket the rack can build: a letter-mask test, then exact counts."""
    avail = np.uint32(letter_mask(rack.letters))
    outside = bucket_masks & ~avail
    if rack.blanks == 0:
        candidates = np.flatnonzero(outside == 0)
    else:
        # A word may use at most `blanks` letters the rack lacks, so at most that many kinds.
        kinds = np.bitwise_count(outside) if hasattr(np, "bitwise_count") else None
        candidates = (
            np.flatnonzero(kinds <= rack.blanks) if kinds is not None
            else np.arange(len(bucket_masks))
        )
    result = np.zeros(len(bucket_masks), dtype=bool)
    if len(candidates) == 0:
        return result
    need = bucket_counts[candidates].astype(np.int16) - letter_counts(rack.letters).astype(np.int16)
    short = np.clip(need, 0, None).sum(axis=1)
    result[candidates[short <= rack.blanks]] = True
    return result


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
        ok = buildable_mask(bucket.masks, bucket.counts, rack)
        words.extend(bucket.words[i] for i in np.flatnonzero(ok))
    return words


@dataclass(frozen=True)
class AnagramResult:
    query: str
    words: tuple[str, ...]
    full: tuple[str, ...]  # words (or word groups joined by spaces) that use every tile
    lexicon: str
    timed_out: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "count": len(self.words),
            "words": list(self.words),
            "full": list(self.full),
            "lexicon": self.lexicon,
            "timed_out": self.timed_out,
        }


def _multiword(
    words: list[str], rack: Rack, n_words: int, deadline: Deadline
) -> Iterator[tuple[str, ...]]:
    """Groups of n_words words (non-decreasing order) that together use exactly every tile."""
    counts = [letter_counts(w).astype(np.int16) for w in words]
    total = len(rack)

    def rec(start: int, left: npt.NDArray[np.int16], blanks: int, size: int,
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
            rest = left - counts[i]
            short = int(-rest[rest < 0].sum())
            if short > blanks:
                continue
            chosen.append(w)
            yield from rec(i, np.maximum(rest, 0), blanks - short, size + len(w), chosen)
            chosen.pop()

    yield from rec(0, letter_counts(rack.letters).astype(np.int16), rack.blanks, 0, [])


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
