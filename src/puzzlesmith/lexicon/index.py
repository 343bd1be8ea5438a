"""Indexes over a lexicon, built once and cached on disk by the lexicon's content hash.

Per word length L the index holds:
- the words of that length, sorted;
- for each (position, letter) a bitset (a Python int, bit i = word i) of the words with that
  letter there, so a pattern of fixed letters is the AND of a few ints;
- every word's 26-bit letter mask and its 26 letter counts, so "can this word be built from
  these letters" is one bitwise test and then an exact count test;
- every word's frequency rank in wordfreq's English list (0 = not in it).

The disk cache holds each length's bucket as its own pickle behind a small table of offsets,
and a bucket is unpickled only when first asked for: `match a?p?e` reads the 5-letter words
and nothing else, which is most of what makes the command start at once.
"""

from __future__ import annotations

import bisect
import gzip
import pickle
import sys
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources
from itertools import compress
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from puzzlesmith.files import CacheDamaged, Sections, cache_dir, discard, write_sections
from puzzlesmith.lexicon.model import DEFAULT_COMMON_TOP, Lexicon

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

FORMAT_VERSION = 4
_T = TypeVar("_T")
ALPHABET = "abcdefghijklmnopqrstuvwxyz"


_DERIVED = ("masks", "counts", "ranks", "word_array", "all_bits", "quoted")


@dataclass(frozen=True, eq=False)
class LengthBucket:
    """The words of one length and their per-word data, all aligned by position.

    The per-word numbers are kept as plain arrays and bytes, so loading a bucket needs no
    numpy; `masks`, `counts` and `ranks` are numpy views made on first use (anagram search
    wants them, pattern search mostly does not).
    """

    length: int
    words: tuple[str, ...] = field(repr=False)
    # [pos][letter] -> bitset over words
    position_letter: tuple[tuple[int, ...], ...] = field(repr=False)
    mask_data: array = field(repr=False)  # "I": 26-bit letter mask of each word
    count_data: bytes = field(repr=False)  # 26 letter counts of each word, row after row
    rank_data: array = field(repr=False)  # "i": wordfreq rank of each word, 0 = unranked

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in _DERIVED}

    @cached_property
    def masks(self) -> npt.NDArray[np.uint32]:
        import numpy as np

        return np.frombuffer(self.mask_data, dtype=np.uint32)

    @cached_property
    def counts(self) -> npt.NDArray[np.uint8]:
        """Shape (len(words), 26)."""
        import numpy as np

        return np.frombuffer(self.count_data, dtype=np.uint8).reshape(len(self.words), 26)

    @cached_property
    def ranks(self) -> npt.NDArray[np.int32]:
        import numpy as np

        return np.frombuffer(self.rank_data, dtype=np.int32)

    @cached_property
    def all_bits(self) -> int:
        return (1 << len(self.words)) - 1

    @cached_property
    def word_array(self) -> npt.NDArray[np.object_]:
        """The words as a numpy array of str objects, for reading many answers at once."""
        import numpy as np

        return np.array(self.words, dtype=object)

    def words_of(self, bits: int) -> list[str]:
        """The words whose bits are set, in bucket (alphabetical) order."""
        return _pick(bits, self.words, lambda: self.word_array)

    @cached_property
    def quoted(self) -> npt.NDArray[np.void]:
        """Item i is the text `"word",` of word i, as one fixed-width item (a bucket's words are
        of one length), for writing answers as JSON without a Python string per word."""
        import numpy as np

        n, width = len(self.words), self.length
        rows = np.empty((n, width + 3), dtype=np.uint8)
        rows[:, 0] = rows[:, width + 1] = ord('"')
        rows[:, width + 2] = ord(",")
        rows[:, 1 : width + 1] = np.frombuffer("".join(self.words).encode("ascii"),
                                               dtype=np.uint8).reshape(n, width)
        return rows.view(f"V{width + 3}").ravel()

    def json_of(self, bits: int) -> str:
        """`words_of(bits)` as a JSON array, the same text `json.dumps` writes with no spaces.

        A dense answer (a `match --from` run's thousands of words a query) is copied as bytes
        from `quoted` once numpy is loaded; writing the text, not building the strings and
        then encoding them, was most of such a run's time.
        """
        np = sys.modules.get("numpy")
        if bits.bit_count() > _SPARSE_BITS and np is not None and hasattr(np, "unpackbits"):
            n = len(self.words)
            raw = np.frombuffer(bits.to_bytes((n + 7) >> 3, "little"), dtype=np.uint8)
            chosen = np.unpackbits(raw, count=n, bitorder="little").view(bool)
            text: str = self.quoted[chosen].tobytes()[:-1].decode("ascii")
            return f"[{text}]"
        words = self.words_of(bits)  # (which counts toward numpy's import, as any answer)
        return '["' + '","'.join(words) + '"]' if words else "[]"


# Reading the set bits of a bucket-wide bitset is where a pattern query spends its time once
# the ANDs are done. Three routes, each fastest somewhere:
# - few bits, or bits far apart and no numpy: a Python loop over the set bits of the nonzero
#   64-bit words (the zero words are skipped in C by `compress`);
# - many bits, numpy loaded: unpack the bits to a boolean mask and index a numpy array (of
#   the words, or of the positions) with it, with no Python loop;
# - many bits close together, no numpy: `bin` writes the bits as text in C, `translate` turns
#   the digits into 0/1 bytes, and `compress` keeps the selected items, with no Python loop.
# numpy's import costs a command more than a single dense answer takes without it
# (docs/architecture.md, Start-up figures); so it is imported only once the other ways have cost about as much
# (a `--from` run of many patterns, a long-lived server): the rent-or-buy rule.
_SPARSE_BITS = 48  # set bits up to which the loop beats numpy's fixed cost
_BIT_COST = 12  # word positions `compress` reads in the time the loop reads one set bit
_TO_BYTES = bytes.maketrans(b"01", b"\x00\x01")
_NUMPY_RENT = 300_000  # word positions read without numpy before it is worth importing
_rented = 0


def _numpy_paid_for(positions: int) -> Any:
    """numpy if it is loaded or has now paid for its import, else None (and `positions` more
    word positions are counted against its cost)."""
    global _rented
    np = sys.modules.get("numpy")
    if np is not None and hasattr(np, "unpackbits"):
        return np
    _rented += positions
    if _rented < _NUMPY_RENT:
        return None
    import numpy

    return numpy


def _pick(bits: int, items: Sequence[_T], as_array: Callable[[], npt.NDArray[Any]] | None = None,
          ) -> list[_T]:
    """`items[i]` for every set bit i of `bits`, ascending (len(items) bits at most).

    `as_array` gives `items` as a numpy array, for the numpy route; without it the numpy route
    returns the positions themselves (so `items` must then be a range starting at 0).
    """
    if not bits:
        return []
    n = len(items)
    out: list[_T] = []
    k = bits.bit_count()
    if k > _SPARSE_BITS:
        low = (bits & -bits).bit_length() - 1
        span = bits.bit_length() - low
        np = _numpy_paid_for(min(span, k * _BIT_COST))
        if np is not None:
            raw = np.frombuffer(bits.to_bytes((n + 7) >> 3, "little"), dtype=np.uint8)
            mask = np.unpackbits(raw, count=n, bitorder="little").view(bool)
            picked = as_array()[mask] if as_array is not None else np.flatnonzero(mask)
            result: list[_T] = picked.tolist()
            return result
        if k * _BIT_COST >= span:
            # bin() writes the highest bit first: reversed, character i is bit low + i.
            chosen = bin(bits >> low).encode("ascii")[:1:-1].translate(_TO_BYTES)
            out.extend(compress(items[low : low + span], chosen))
            return out
    raw = array("Q", bits.to_bytes(((bits.bit_length() + 63) >> 6) << 3, "little"))
    if sys.byteorder == "big":
        raw.byteswap()
    add = out.append
    for i in compress(range(len(raw)), raw):
        w, base = raw[i], i << 6
        while w:
            low = w & -w
            add(items[base + low.bit_length() - 1])
            w ^= low
    return out


def bits_to_indices(bits: int, n: int) -> list[int]:
    """Positions of the set bits (all below n), ascending."""
    return _pick(bits, range(n))


def bits_to_index_array(bits: int, n: int) -> npt.NDArray[np.intp]:
    """`bits_to_indices` as a numpy array, for callers that filter with numpy anyway."""
    import numpy as np

    raw = np.frombuffer(bits.to_bytes((n + 7) // 8, "little"), dtype=np.uint8)
    return np.flatnonzero(np.unpackbits(raw, bitorder="little")[:n])


def indices_to_bits(mask: npt.NDArray[np.bool_]) -> int:
    import numpy as np

    return int.from_bytes(np.packbits(mask, bitorder="little").tobytes(), "little")


def letter_counts(letters: str) -> npt.NDArray[np.uint8]:
    import numpy as np

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
    buckets: Mapping[int, LengthBucket] = field(repr=False)
    transient: bool = False  # of a transient lexicon: nothing built from it is cached on disk

    @cached_property
    def rank_of(self) -> dict[str, int]:
        """Word -> its rank among wordfreq's English words (1 = most frequent), if ranked."""
        return {
            w: r
            for b in self.buckets.values()
            for w, r in zip(b.words, b.rank_data, strict=True)
            if r
        }

    @cached_property
    def word_set(self) -> frozenset[str]:
        """Every word, for searches that look up many words (equations); it reads every
        length, so single lookups use `in` instead."""
        return frozenset(w for b in self.buckets.values() for w in b.words)

    def bucket(self, length: int) -> LengthBucket | None:
        return self.buckets.get(length)

    @property
    def lengths(self) -> list[int]:
        return sorted(self.buckets)

    def common_words(self, top: int = DEFAULT_COMMON_TOP) -> frozenset[str]:
        """Words among wordfreq's `top` most frequent English words, leaving out the words a
        person does not use (`not_common`: proper names, crosswordese, foreign words)."""
        return _common_words(self, top)

    def _find(self, word: str) -> tuple[LengthBucket, int] | None:
        """The word's bucket and position there, by bisection (None: not in the lexicon)."""
        bucket = self.buckets.get(len(word))
        if bucket is None:
            return None
        i = bisect.bisect_left(bucket.words, word)
        return (bucket, i) if i < len(bucket.words) and bucket.words[i] == word else None

    def __contains__(self, word: object) -> bool:
        """Whether the word is in the lexicon (no set of all the words is built)."""
        return isinstance(word, str) and self._find(word) is not None

    def rank(self, word: str) -> int:
        """The word's wordfreq rank (1 = most frequent), 0 if unranked or not in the lexicon."""
        found = self._find(word)
        return 0 if found is None else found[0].rank_data[found[1]]

    def common_among(self, words: Iterable[str], top: int = DEFAULT_COMMON_TOP) -> frozenset[str]:
        """The common words (as in `common_words`) among `words`, reading only their lengths."""
        names = not_common()
        return frozenset(w for w in words if 0 < self.rank(w) <= top and w not in names)


@lru_cache(maxsize=8)
def _common_words(index: LexiconIndex, top: int) -> frozenset[str]:
    names = not_common()
    return frozenset(
        w
        for b in index.buckets.values()
        for w, r in zip(b.words, b.rank_data, strict=True)
        if 0 < r <= top and w not in names
    )


@lru_cache(maxsize=1)
def proper_names() -> frozenset[str]:
    """Lowercase forms of words SCOWL lists only capitalized (built by scripts/build_data.py)."""
    data = resources.files("puzzlesmith.lexicon").joinpath("data", "proper_names.txt.gz")
    return frozenset(gzip.decompress(data.read_bytes()).decode().split())


@lru_cache(maxsize=1)
def not_common() -> frozenset[str]:
    """The words the common cut leaves out: the proper names, and the frequent words that are
    no words a person uses (data/uncommon.txt.gz, built by scripts/build_data.py uncommon:
    foreign, a name first, or used across languages as names and abbreviations are, which is
    how crosswordese like `lea`, `sol` and `eta` ranks high; docs/common.md)."""
    data = resources.files("puzzlesmith.lexicon").joinpath("data", "uncommon.txt.gz")
    lines = gzip.decompress(data.read_bytes()).decode().split("\n")[1:]  # after the header
    return proper_names() | frozenset(w for w in lines if w)


@lru_cache(maxsize=1)
def wordfreq_ranks() -> dict[str, int]:
    """Every wordfreq English word of a-z letters -> its 1-based frequency rank (from the
    ranking scripts/build_data.py derives from wordfreq and ships)."""
    data = resources.files("puzzlesmith.lexicon").joinpath("data", "english_ranks.txt.gz")
    lines = gzip.decompress(data.read_bytes()).decode().split("\n")[1:]  # after the header
    return {w: i for i, w in enumerate(lines, start=1) if w}


def _check_letters(words: list[str]) -> None:
    """Index words are a-z only: the tables are indexed by letter, and answers read from an
    index are written out as JSON without escapes (`MatchResult.plain`)."""
    joined = "".join(words)
    if not (joined.isascii() and joined.isalpha() and joined.islower()):
        bad = next(w for w in words if not (w.isascii() and w.isalpha() and w.islower()))
        raise ValueError(f"index words must be a-z only, not {bad!r}")


def build_bucket(length: int, words: list[str], ranks: dict[str, int]) -> LengthBucket:
    _check_letters(words)
    if len(words) <= _SMALL_BUCKET:
        return _build_small_bucket(length, words, ranks)
    import numpy as np

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
    return LengthBucket(
        length, tuple(words), position_letter, array("I", masks.tobytes()), counts.tobytes(),
        array("i", [ranks.get(w, 0) for w in words]),
    )


_SMALL_BUCKET = 4096  # words: up to here a bucket is built in plain Python


def _build_small_bucket(length: int, words: list[str], ranks: dict[str, int]) -> LengthBucket:
    """`build_bucket` without numpy, for the few words of a meaning filter's sub-index: the
    numpy import alone costs more than building such a bucket."""
    n = len(words)
    rows = [[bytearray((n + 7) // 8) for _ in range(26)] for _ in range(length)]
    masks = array("I")
    counts = bytearray(26 * n)
    for i, w in enumerate(words):
        byte, bit = i >> 3, 1 << (i & 7)
        m = 0
        for p, ch in enumerate(w):
            c = ord(ch) - 97
            rows[p][c][byte] |= bit
            counts[26 * i + c] += 1
            m |= 1 << c
        masks.append(m)
    position_letter = tuple(tuple(int.from_bytes(b, "little") for b in row) for row in rows)
    return LengthBucket(length, tuple(words), position_letter, masks, bytes(counts),
                        array("i", [ranks.get(w, 0) for w in words]))


def build_index(lexicon: Lexicon) -> LexiconIndex:
    by_length: dict[int, list[str]] = {}
    for w in lexicon.words:
        by_length.setdefault(len(w), []).append(w)
    ranks = wordfreq_ranks()
    buckets = {n: build_bucket(n, ws, ranks) for n, ws in sorted(by_length.items())}
    return LexiconIndex(lexicon.name, lexicon.content_hash, buckets, lexicon.transient)


class _LazyBuckets(Mapping[int, LengthBucket]):
    """Buckets unpickled from the mapped cache file one length at a time, on first use.

    A bucket whose section fails its checksum (or does not unpickle) is built again from the
    word list by `rebuild`; the file is removed so the next process writes a whole one.
    """

    def __init__(self, sections: Sections, where: dict[int, int],
                 rebuild: Callable[[int], LengthBucket]) -> None:
        self._sections = sections
        self._where = where  # length -> section number
        self._rebuild = rebuild
        self._loaded: dict[int, LengthBucket] = {}

    def __getitem__(self, length: int) -> LengthBucket:
        bucket = self._loaded.get(length)
        if bucket is None:
            section = self._where[length]  # KeyError for a length with no words
            try:
                bucket = pickle.loads(self._sections[section])
                if not isinstance(bucket, LengthBucket) or bucket.length != length:
                    raise CacheDamaged(f"section {section} holds no bucket of {length}")
            except Exception:  # CacheDamaged, or anything a damaged pickle raises
                discard(self._sections.path)
                bucket = self._rebuild(length)
            self._loaded[length] = bucket
        return bucket

    def __iter__(self) -> Iterator[int]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self.items()),))  # a map of the file cannot travel: send the buckets


def _dump(index: LexiconIndex, path: Path) -> None:
    """The cache file: a pickled header (version, hash, lengths), then a section per bucket."""
    parts = [pickle.dumps(index.buckets[n], protocol=pickle.HIGHEST_PROTOCOL) for n in index.lengths]
    header = pickle.dumps((FORMAT_VERSION, index.content_hash, tuple(index.lengths)),
                          protocol=pickle.HIGHEST_PROTOCOL)
    write_sections(path, [header, *parts])


def _load(path: Path, lexicon: Lexicon, content_hash: str) -> LexiconIndex | None:
    """The cached index at `path`, mapped rather than read: only the buckets used are paged in
    (and checked). None when it is missing, damaged or of another version."""
    try:
        sections = Sections(path)
        version, stored_hash, lengths = pickle.loads(sections[0])
        if version != FORMAT_VERSION or stored_hash != content_hash or len(lengths) != len(
                sections) - 1:
            return None
    except OSError:
        return None
    except Exception:  # CacheDamaged, or anything a damaged header raises
        discard(path)
        return None

    def rebuild(length: int) -> LengthBucket:
        return build_bucket(length, [w for w in lexicon.words if len(w) == length],
                            wordfreq_ranks())

    where = {n: i + 1 for i, n in enumerate(lengths)}
    return LexiconIndex(lexicon.name, content_hash, _LazyBuckets(sections, where, rebuild))


def _cache_path(lexicon: Lexicon) -> Path:
    return cache_dir() / f"index-v{FORMAT_VERSION}-{lexicon.content_hash}.bin"


@lru_cache(maxsize=8)
def _get_index(content_hash: str, lexicon: Lexicon) -> LexiconIndex:
    if lexicon.transient:  # built for this process only (model.Lexicon)
        return build_index(lexicon)
    path = _cache_path(lexicon)
    # The same words may be cached under another name; the caller's name is kept.
    cached = _load(path, lexicon, content_hash)
    if cached is not None:
        return cached
    index = build_index(lexicon)
    _dump(index, path)
    return index


def index_cached(lexicon: Lexicon) -> bool:
    """Whether `lexicon`'s index is in the disk cache (or needs none: a transient lexicon's is
    built from its parent's in memory), so that `get_index` will not build it: a command whose
    time limit is the user's whole wait builds it outside the limit, saying so."""
    return lexicon.transient or _cache_path(lexicon).exists()


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
    buckets = {n: build_bucket(n, ws, {w: parent.rank(w) for w in ws}) for n, ws in sorted(by_length.items())}
    return LexiconIndex(lexicon.name, lexicon.content_hash, buckets, lexicon.transient)
