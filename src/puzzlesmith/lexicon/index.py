"""Indexes over a lexicon, built once and cached on disk by the lexicon's content hash.

Per word length L the index holds:
- the words of that length, sorted;
- for each (position, letter) a bitset (a Python int, bit i = word i) of the words with that
  letter there, so a pattern of fixed letters is the AND of a few ints (seed 003);
- every word's 26-bit letter mask and its 26 letter counts, so "can this word be built from
  these letters" is one bitwise test and then an exact count test (seed 002);
- every word's frequency rank in wordfreq's English list (0 = not in it).
"""

from __future__ import annotations

import gzip
import os
import pickle
import tempfile
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt
import platformdirs

from puzzlesmith.lexicon.model import Lexicon

FORMAT_VERSION = 2
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
DEFAULT_COMMON_TOP = 30_000


@dataclass(frozen=True, eq=False)
class LengthBucket:
    """The words of one length and their per-word data, all aligned by position."""

    length: int
    words: tuple[str, ...] = field(repr=False)
    # [pos][letter] -> bitset over words
    position_letter: tuple[tuple[int, ...], ...] = field(repr=False)
    masks: npt.NDArray[np.uint32] = field(repr=False)
    counts: npt.NDArray[np.uint8] = field(repr=False)  # shape (len(words), 26)
    ranks: npt.NDArray[np.int32] = field(repr=False)

    @property
    def all_bits(self) -> int:
        return (1 << len(self.words)) - 1

    def words_of(self, bits: int) -> list[str]:
        """The words whose bits are set, in bucket (alphabetical) order."""
        return [self.words[i] for i in bits_to_indices(bits, len(self.words))]


_BYTE_BITS = tuple(tuple(b for b in range(8) if v >> b & 1) for v in range(256))


def bits_to_indices(bits: int, n: int) -> npt.NDArray[np.intp]:
    """Positions of the set bits, ascending."""
    raw = bits.to_bytes((n + 7) // 8, "little")
    arr = np.frombuffer(raw, dtype=np.uint8)
    nonzero = np.flatnonzero(arr)
    if len(nonzero) * 8 > len(arr):
        return np.flatnonzero(np.unpackbits(arr, bitorder="little"))
    # Few bytes hold set bits: decode just those through a byte -> bit positions table.
    return np.array(
        [8 * i + b for i in nonzero.tolist() for b in _BYTE_BITS[raw[i]]], dtype=np.intp
    )


def indices_to_bits(mask: npt.NDArray[np.bool_]) -> int:
    return int.from_bytes(np.packbits(mask, bitorder="little").tobytes(), "little")


def letter_counts(letters: str) -> npt.NDArray[np.uint8]:
    counts = np.zeros(26, dtype=np.uint8)
    for ch in letters:
        counts[ord(ch) - 97] += 1
    return counts


def letter_mask(letters: str) -> int:
    m = 0
    for ch in letters:
        m |= 1 << (ord(ch) - 97)
    return m


@dataclass(frozen=True, eq=False)
class LexiconIndex:
    """All indexes of one lexicon. Build with `get_index`."""

    name: str
    content_hash: str
    buckets: dict[int, LengthBucket] = field(repr=False)

    @cached_property
    def rank_of(self) -> dict[str, int]:
        """Word -> its rank among wordfreq's English words (1 = most frequent), if ranked."""
        return {
            w: int(r)
            for b in self.buckets.values()
            for w, r in zip(b.words, b.ranks, strict=True)
            if r
        }

    def bucket(self, length: int) -> LengthBucket | None:
        return self.buckets.get(length)

    @property
    def lengths(self) -> list[int]:
        return sorted(self.buckets)

    def common_words(self, top: int = DEFAULT_COMMON_TOP) -> frozenset[str]:
        """Words among wordfreq's `top` most frequent English words, leaving out proper names."""
        return _common_words(self, top)


@lru_cache(maxsize=8)
def _common_words(index: LexiconIndex, top: int) -> frozenset[str]:
    names = proper_names()
    return frozenset(
        w
        for b in index.buckets.values()
        for w, r in zip(b.words, b.ranks.tolist(), strict=True)
        if 0 < r <= top and w not in names
    )


@lru_cache(maxsize=1)
def proper_names() -> frozenset[str]:
    """Lowercase forms of words SCOWL lists only capitalized (built by scripts/build_data.py)."""
    data = resources.files("puzzlesmith.lexicon").joinpath("data", "proper_names.txt.gz")
    return frozenset(gzip.decompress(data.read_bytes()).decode().split())


@lru_cache(maxsize=1)
def wordfreq_ranks() -> dict[str, int]:
    """Every wordfreq English word of a-z letters -> its 1-based frequency rank."""
    import wordfreq

    ranks: dict[str, int] = {}
    for i, w in enumerate(wordfreq.iter_wordlist("en"), start=1):
        if w.isascii() and w.isalpha() and w not in ranks:
            ranks[w] = i
    return ranks


def build_bucket(length: int, words: list[str], ranks: dict[str, int]) -> LengthBucket:
    n = len(words)
    arr = np.frombuffer("".join(words).encode(), dtype=np.uint8).reshape(n, length) - 97
    position_letter = tuple(
        tuple(indices_to_bits(arr[:, p] == c) for c in range(26)) for p in range(length)
    )
    counts = np.zeros((n, 26), dtype=np.uint8)
    for p in range(length):
        np.add.at(counts, (np.arange(n), arr[:, p]), 1)
    weights = (np.uint32(1) << np.arange(26, dtype=np.uint32)).astype(np.uint32)
    masks = ((counts > 0).astype(np.uint32) * weights).sum(axis=1).astype(np.uint32)
    rank_arr = np.array([ranks.get(w, 0) for w in words], dtype=np.int32)
    return LengthBucket(length, tuple(words), position_letter, masks, counts, rank_arr)


def build_index(lexicon: Lexicon) -> LexiconIndex:
    by_length: dict[int, list[str]] = {}
    for w in lexicon.words:
        by_length.setdefault(len(w), []).append(w)
    ranks = wordfreq_ranks()
    buckets = {n: build_bucket(n, ws, ranks) for n, ws in sorted(by_length.items())}
    return LexiconIndex(lexicon.name, lexicon.content_hash, buckets)


def cache_dir() -> Path:
    env = os.environ.get("PUZZLESMITH_CACHE_DIR")
    return Path(env) if env else Path(platformdirs.user_cache_dir("puzzlesmith"))


def _cache_path(lexicon: Lexicon) -> Path:
    return cache_dir() / f"index-v{FORMAT_VERSION}-{lexicon.content_hash}.pickle"


@lru_cache(maxsize=8)
def _get_index(content_hash: str, lexicon: Lexicon) -> LexiconIndex:
    path = _cache_path(lexicon)
    try:
        with open(path, "rb") as f:
            index = pickle.load(f)
        if isinstance(index, LexiconIndex) and index.content_hash == content_hash:
            # The same words may be cached under another name; keep the caller's name.
            return LexiconIndex(lexicon.name, content_hash, index.buckets)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
        pass
    index = build_index(lexicon)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Write-then-rename so a crash or a concurrent builder never leaves a torn cache file.
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(index, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only cache dir only costs a rebuild next time
    return index


def get_index(lexicon: Lexicon) -> LexiconIndex:
    """The index of `lexicon`: from memory, else the disk cache, else built (and cached)."""
    return _get_index(lexicon.content_hash, lexicon)


def sub_index(parent: LexiconIndex, lexicon: Lexicon) -> LexiconIndex:
    """The index of a sub-lexicon of `parent`'s words, built in memory with the parent's ranks.

    For narrow, short-lived sub-lexicons (a meaning filter's words): no wordfreq load and no
    cache file per filter.
    """
    by_length: dict[int, list[str]] = {}
    for w in lexicon.words:
        by_length.setdefault(len(w), []).append(w)
    buckets = {}
    for n, ws in sorted(by_length.items()):
        pb = parent.buckets[n]
        ranks = {w: int(pb.ranks[bisect_left(pb.words, w)]) for w in ws}
        buckets[n] = build_bucket(n, ws, ranks)
    return LexiconIndex(lexicon.name, lexicon.content_hash, buckets)
