"""A roll's anagrams: every lexicon word of 3+ letters its letters can build.

The same test as `search.anagram.buildable_words` (a 26-bit letter-mask test, then exact
letter counts), made for many small racks in a row: the index's buckets of 3 to 16 letters
are joined once per index into single arrays, so a roll costs one vectorized pass instead of
one per word length.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from puzzlesmith.lexicon import LexiconIndex, letter_counts, letter_mask

MIN_WORD, MAX_WORD = 3, 16


@dataclass(frozen=True, eq=False)
class Joined:
    """The words of 3..16 letters of one index, longest first, with masks and counts."""

    words: tuple[str, ...]
    masks: npt.NDArray[np.uint32]
    counts: npt.NDArray[np.uint8]  # shape (len(words), 26)
    lengths: npt.NDArray[np.int64]


@lru_cache(maxsize=8)
def joined(index: LexiconIndex) -> Joined:
    buckets = [index.bucket(n) for n in range(MAX_WORD, MIN_WORD - 1, -1)]
    present = [b for b in buckets if b is not None and len(b.words)]
    if not present:
        empty = np.zeros(0, dtype=np.uint32)
        return Joined((), empty, np.zeros((0, 26), dtype=np.uint8), np.zeros(0, dtype=np.int64))
    return Joined(
        tuple(w for b in present for w in b.words),
        np.concatenate([b.masks for b in present]),
        np.concatenate([b.counts for b in present]),
        np.concatenate([np.full(len(b.words), b.length, dtype=np.int64) for b in present]),
    )


def roll_anagrams(letters: str, index: LexiconIndex) -> list[str]:
    """Every word of 3+ letters buildable from the letters: longest first, then alphabetical."""
    j = joined(index)
    outside = np.uint32(~letter_mask(letters) & 0x3FFFFFF)
    candidates = np.flatnonzero((j.masks & outside) == 0)
    if len(candidates) == 0:
        return []
    fits = (j.counts[candidates] <= letter_counts(letters)).all(axis=1)
    fits &= j.lengths[candidates] <= len(letters)
    words = j.words
    return [words[i] for i in candidates[fits].tolist()]
