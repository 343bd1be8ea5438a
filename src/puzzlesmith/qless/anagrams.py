"""A roll's anagrams: every lexicon word of 3+ letters its letters can build.

The same test as `search.anagram.buildable_words` (a 26-bit letter mask, then exact letter
counts), arranged for one small rack at a time with no per-word pass over the lexicon: the
words are grouped by letter mask, the distinct masks sorted in one array, and a roll looks
up each sub-mask of its own mask (a 12-letter roll has at most 4,096) by binary search.
Only the words whose letters all occur in the roll are ever touched.

The table is a few flat arrays and one string, built once per word list (by content hash)
and kept in the disk cache, so a command loads it in milliseconds and needs no numpy.
"""

from __future__ import annotations

import marshal
from array import array
from bisect import bisect_left
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from puzzlesmith.files import cache_dir, load_cache, write_cache
from puzzlesmith.lexicon.index import letter_mask

if TYPE_CHECKING:
    from puzzlesmith.lexicon import Lexicon, LexiconIndex

MIN_WORD, MAX_WORD = 3, 16
TABLE_FORMAT = 1
# Beyond this many distinct letters, walking every sub-mask costs more than one pass over
# the distinct masks.
SUBMASK_LIMIT = 14


class RollWords:
    """The words of 3..16 letters of one word list, grouped by letter mask."""

    def __init__(self, masks: array[int], first: array[int], ends: array[int], text: str,
                 repeats: bytes) -> None:
        self.masks = masks  # distinct letter masks, ascending
        self.first = first  # [j] -> index of the first word with masks[j]; one extra at the end
        self.ends = ends  # [i] -> end of word i in text (word i starts at ends[i - 1])
        self.text = text  # every word, concatenated in mask order
        self.repeats = repeats  # [i] -> 1 if word i uses some letter twice
        self.distinct = list(masks)

    @classmethod
    def build(cls, words: Iterable[str]) -> RollWords:
        keyed = sorted((letter_mask(w), w) for w in words if MIN_WORD <= len(w) <= MAX_WORD)
        masks, first, ends = array("I"), array("I"), array("I")
        parts: list[str] = []
        repeats = bytearray()
        end = 0
        for i, (m, w) in enumerate(keyed):
            if not masks or masks[-1] != m:
                masks.append(m)
                first.append(i)
            end += len(w)
            ends.append(end)
            parts.append(w)
            repeats.append(len(set(w)) != len(w))
        first.append(len(keyed))
        return cls(masks, first, ends, "".join(parts), bytes(repeats))

    def to_bytes(self) -> bytes:
        return marshal.dumps((TABLE_FORMAT, self.masks.tobytes(), self.first.tobytes(),
                              self.ends.tobytes(), self.text, self.repeats))

    @classmethod
    def from_bytes(cls, raw: bytes) -> RollWords:
        version, masks, first, ends, text, repeats = marshal.loads(raw)
        if version != TABLE_FORMAT:
            raise ValueError("old table format")
        arrays = []
        for data in (masks, first, ends):
            a = array("I")
            a.frombytes(data)
            arrays.append(a)
        return cls(arrays[0], arrays[1], arrays[2], text, repeats)

    def groups(self, letters: str) -> list[int]:
        """Indexes into `masks` of the masks made only of the roll's letters."""
        m = letter_mask(letters)
        masks = self.masks
        found = []
        if m.bit_count() <= SUBMASK_LIMIT:
            n = len(masks)
            s = m
            while s:
                j = bisect_left(masks, s)
                if j < n and masks[j] == s:
                    found.append(j)
                s = (s - 1) & m
        else:
            outside = ~m
            found = [j for j, x in enumerate(self.distinct) if not x & outside]
        return found

    def anagrams(self, letters: str) -> list[str]:
        """Every word buildable from the letters: longest first, then alphabetical."""
        have = {ch: letters.count(ch) for ch in set(letters)}
        n = len(letters)
        first, ends, text, repeats = self.first, self.ends, self.text, self.repeats
        out = []
        for j in self.groups(letters):
            for i in range(first[j], first[j + 1]):
                start = ends[i - 1] if i else 0
                end = ends[i]
                if end - start > n:
                    continue
                w = text[start:end]
                if repeats[i] and any(w.count(ch) > k for ch, k in have.items() if k < end - start):
                    continue
                out.append(w)
        out.sort(key=lambda w: (-len(w), w))
        return out


def _words(source: Lexicon | LexiconIndex) -> Iterable[str]:
    words = getattr(source, "words", None)
    if words is not None:
        return words
    return (w for b in source.buckets.values() for w in b.words)  # type: ignore[union-attr]


# A dict by content hash, not functools.lru_cache over the argument: two Lexicon objects of
# one word list share one table, and a transient list's table is kept only in memory.
_tables: dict[str, RollWords] = {}


def table(source: Lexicon | LexiconIndex) -> RollWords:
    """The anagram table of a word list: from memory, else the disk cache, else built."""
    key = source.content_hash
    found = _tables.get(key)
    if found is not None:
        return found
    path = cache_dir() / f"qless-words-v{TABLE_FORMAT}-{key}.marshal"
    transient = source.transient  # a word list a request picked: never kept (lexicon.Lexicon)
    found = None if transient else load_cache(path, RollWords.from_bytes)
    if found is None:
        found = RollWords.build(_words(source))
        if not transient:
            write_cache(path, found.to_bytes())
    if len(_tables) >= 8:
        _tables.pop(next(iter(_tables)))
    _tables[key] = found
    return found


def roll_anagrams(letters: str, source: Lexicon | LexiconIndex) -> list[str]:
    """Every word of 3+ letters buildable from the letters: longest first, then alphabetical.

    Two routes to the same list. Given a plain Lexicon (one command-line roll), the table
    above: no numpy to import. Given a LexiconIndex (the atlas and the web workers, which
    solve roll after roll with numpy loaded anyway), one vectorized pass over the index's
    arrays, faster a roll. tests/qless check both against a plain letter
    count.
    """
    if hasattr(source, "buckets"):
        return _vectorized(letters, source)  # type: ignore[arg-type]
    return table(source).anagrams(letters)


@lru_cache(maxsize=8)  # LexiconIndex hashes by identity (eq=False)
def _joined(index: LexiconIndex) -> tuple[Any, ...]:
    """The index's words of every length in one run, longest first, with their letter masks,
    letter counts and lengths as arrays."""
    import numpy as np

    present = [b for n in range(MAX_WORD, MIN_WORD - 1, -1)
               if (b := index.bucket(n)) is not None and len(b.words)]
    words = tuple(w for b in present for w in b.words)  # longest first, then a-z
    masks = np.concatenate([b.masks for b in present]) if present else np.zeros(0, np.uint32)
    counts = (np.concatenate([b.counts for b in present]) if present
              else np.zeros((0, 26), np.uint8))
    lengths = np.array([len(w) for w in words], dtype=np.int64)
    return words, masks, counts, lengths


def _vectorized(letters: str, index: LexiconIndex) -> list[str]:
    import numpy as np

    from puzzlesmith.lexicon.index import letter_counts

    words, masks, counts, lengths = _joined(index)
    outside = np.uint32(~letter_mask(letters) & 0x3FFFFFF)
    candidates = np.flatnonzero((masks & outside) == 0)
    if len(candidates) == 0:
        return []
    fits = (counts[candidates] <= letter_counts(letters)).all(axis=1)
    fits &= lengths[candidates] <= len(letters)
    return [words[i] for i in candidates[fits].tolist()]
