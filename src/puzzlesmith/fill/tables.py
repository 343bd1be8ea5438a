"""The fill's word tables: the words of one length, best score first, with their (position,
letter) bitsets, cached in memory and on disk beside the lexicon index."""

from __future__ import annotations

import hashlib
import pickle
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from puzzlesmith.errors import InputError
from puzzlesmith.files import cache_dir, load_cache, write_cache
from puzzlesmith.fill.scores import KEEP_LEXICONS, scores_key, word_scores
from puzzlesmith.lexicon import Lexicon, LexiconIndex
from puzzlesmith.lexicon.index import build_bucket

DISK_CACHE_MIN = 2000  # smaller tables build faster than they load
LETTER_FIELD = 26  # bits per position in a word's letter code (see letter_codes)
TABLE_FORMAT = 4  # 2: ties of score broken by frequency, then _tie_break; 3: compact pickles; 4: tiers


@dataclass(frozen=True, eq=False)
class WordTable:
    """The words of one length, best score first, with their (position, letter) bitsets."""

    length: int
    words: tuple[str, ...]
    scores: tuple[int, ...]
    position_letter: tuple[tuple[int, ...], ...] = field(repr=False)
    # Where each run of ties starts: words of one score and about one frequency (tier_of),
    # which a seeded search picks among at random (Search.choose_value).
    tiers: tuple[int, ...] = field(default=(0,), repr=False)

    def tier(self, i: int) -> tuple[int, int]:
        """The run of ties [start, end) holding word i."""
        k = bisect_right(self.tiers, i) - 1
        return self.tiers[k], self.tiers[k + 1] if k + 1 < len(self.tiers) else len(self.words)

    def at_least(self, score: int) -> int:
        """Bitset of the words scoring `score` or more (a prefix: the list is best first;
        bisected through a key, not a negated copy, which cost more than the rest of a
        Problem's set-up)."""
        return (1 << bisect_left(self.scores, -score + 1, key=_negated)) - 1

    def bit(self, word: str) -> int:
        """The bit of `word`, 0 if the table lacks it: the AND of its letters' bitsets (a word
        is the only one of its length with all its letters in place). No word -> id dict: it
        took longer to load from the disk cache than the rest of the table."""
        if len(word) != self.length:
            return 0
        d = (1 << len(self.words)) - 1
        for p, ch in enumerate(word):
            o = ord(ch) - 97
            if not 0 <= o < 26:
                return 0
            d &= self.position_letter[p][o]
            if not d:
                return 0
        return d

    def __reduce__(self) -> tuple[object, ...]:
        # Compact on disk: the words as one string, the scores as machine ints; a tuple of
        # str objects and as many small ints unpickles far slower (docs/fill.md, Benchmarks).
        return (_table_from_parts, (self.length, "\n".join(self.words),
                                    array("i", self.scores).tobytes(), self.position_letter,
                                    array("i", self.tiers).tobytes()))


def _negated(score: int) -> int:
    return -score


def _table_from_parts(length: int, words: str, scores: bytes,
                      position_letter: tuple[tuple[int, ...], ...], tiers: bytes) -> WordTable:
    ints, starts = array("i"), array("i")
    ints.frombytes(scores)
    starts.frombytes(tiers)
    return WordTable(length, tuple(words.split("\n")) if words else (), tuple(ints),
                     position_letter, tuple(starts))


# Not functools.lru_cache: the tables go a lexicon at a time (all its lengths with it, the
# last KEEP_LEXICONS lexicons kept; scores.py), which a per-call cache cannot do.
_TABLES: dict[tuple[str, str, int], WordTable] = {}
_CODES: dict[WordTable, list[int]] = {}
_RECENT: dict[tuple[str, str], None] = {}  # lexicons of _TABLES, the most recently used last


def letter_codes(table: WordTable) -> list[int]:
    """Per word of `table`, its letters as one int: bit 26 * position + letter. The OR of a
    few words' codes holds, for every position at once, the letters those words put there,
    so a small domain's support is one OR a word. Filled on first use (0: not yet; no word
    codes to 0), since coding the whole list up front costs more than a fill uses."""
    codes = _CODES.get(table)
    if codes is None:
        codes = _CODES[table] = [0] * len(table.words)
    return codes


def word_code(word: str) -> int:
    return sum(1 << (LETTER_FIELD * p + b - 97) for p, b in enumerate(word.encode()))


def _tie_break(word: str) -> bytes:
    """A fixed pseudo-random order for words of one score and frequency: the alphabet would
    put AAS, AAA and ABABA first in every fill of a tiered `word;score` list."""
    return hashlib.blake2b(word.encode(), digest_size=8).digest()


def tier_of(score: int, rank: int) -> tuple[int, int]:
    """Words tie when they score the same and their frequency ranks are within a factor of
    two (a word wordfreq does not rank ties with the other unranked ones)."""
    return (score, rank.bit_length())


def _build_table(lexicon: Lexicon, index: LexiconIndex, length: int) -> WordTable:
    scores = word_scores(lexicon, index)
    bucket = index.bucket(length)
    rank: dict[str, int] = {}
    if bucket is None:
        words: list[str] = []
    else:
        # Ties of score broken by frequency (a word wordfreq ranks before one it does not),
        # then by _tie_break.
        rank = {w: (r if r > 0 else 1 << 30) for w, r in zip(bucket.words, bucket.ranks.tolist(),
                                                             strict=True)}
        words = sorted(bucket.words, key=lambda w: (-scores[w], rank[w], _tie_break(w)))
    keys = [tier_of(scores[w], rank[w]) for w in words]
    tiers = tuple(i for i, k in enumerate(keys) if i == 0 or k != keys[i - 1]) or (0,)
    if words:
        pl = build_bucket(length, words, {}).position_letter
    else:
        pl = tuple(tuple(0 for _ in range(26)) for _ in range(length))
    ws = tuple(words)
    return WordTable(length, ws, tuple(scores[w] for w in ws), pl, tiers)


def word_table(lexicon: Lexicon, index: LexiconIndex, length: int) -> WordTable:
    """The fill's view of the lexicon's words of one length: from memory, else the disk cache
    beside the lexicon index's, else built (and cached)."""
    key = (scores_key(lexicon), lexicon.source, length)
    table = _TABLES.get(key)
    if table is not None:
        return table
    path = table_path(lexicon, length)
    table = load_cache(path, pickle.loads)
    if not isinstance(table, WordTable) or table.length != length:
        table = _build_table(lexicon, index, length)
    if (table is not None and len(table.words) >= DISK_CACHE_MIN and not lexicon.transient
            and not path.exists()):
        write_cache(path, pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL))
    _TABLES[key] = table
    _keep_recent(key[:2])
    return table


def _keep_recent(lexicon_key: tuple[str, str]) -> None:
    """Drop from memory the tables (and their letter codes) of all but the KEEP_LEXICONS
    lexicons used last, `lexicon_key`'s the latest (scores.KEEP_LEXICONS says why)."""
    recent = _RECENT
    recent.pop(lexicon_key, None)
    recent[lexicon_key] = None
    while len(recent) > KEEP_LEXICONS:
        gone = next(iter(recent))
        del recent[gone]
        for key in [k for k in _TABLES if k[:2] == gone]:
            _CODES.pop(_TABLES.pop(key), None)



def sharing(table: WordTable, word: str, n: int, cache: dict[tuple[int, str], int]) -> int:
    """The words of `table` that hold a run of `n` letters of `word` (the shared-run rule,
    `--max-shared-substring`): for each such run, the OR over its places in the table's words
    of the AND of its letters' bitsets, kept in `cache` by table length and run. The one
    implementation the fill, the check, the region and the candidates use."""
    out = 0
    pl = table.position_letter
    for i in range(len(word) - n + 1):
        run = word[i:i + n]
        key = (table.length, run)
        bits = cache.get(key)
        if bits is None:
            bits = 0
            for q in range(table.length - n + 1):
                x = pl[q][ord(run[0]) - 97]
                for k in range(1, n):
                    if not x:
                        break
                    x &= pl[q + k][ord(run[k]) - 97]
                bits |= x
            cache[key] = bits
        out |= bits
    return out


INSIDE_MIN = 3  # the shortest entry the inside rule sees in another (ATE in LATE does not count)


def inside(table: WordTable, word: str) -> int:
    """The words of `table` that hold `word` whole at their start or end, or that `word` holds
    so: SET and CLOSESET, USE and USEFUL, OIL and OILWELL, which editors count as dupes.
    Entries of INSIDE_MIN letters or more; a word of `word`'s own length is no match (that is
    a repeat)."""
    n, m = table.length, len(word)
    if m < INSIDE_MIN or n < INSIDE_MIN or n == m:
        return 0
    if n < m:
        return table.bit(word[:n]) | table.bit(word[m - n:])
    pl = table.position_letter
    head = tail = (1 << len(table.words)) - 1
    for i, ch in enumerate(word):
        o = ord(ch) - 97
        if not 0 <= o < 26:
            return 0
        head &= pl[i][o]
        tail &= pl[n - m + i][o]
    return head | tail


def check_max_shared(n: int | None) -> None:
    """Refuse a shared-run length under 2 (every two words share runs of one letter)."""
    if n is not None and n < 2:
        raise InputError(f"the longest run of letters two entries may share is 2 or more, not {n}")


WARM_LENGTHS = range(3, 22)  # the entries of grids up to 21x21


def table_path(lexicon: Lexicon, length: int) -> Path:
    return cache_dir() / f"fill-v{TABLE_FORMAT}-{scores_key(lexicon)}-{length}.pickle"


def tables_missing(lexicon: Lexicon, index: LexiconIndex, lengths: Iterable[int]) -> list[int]:
    """The lengths among `lengths` whose table `word_table` would build, not read: in
    neither memory nor the disk cache, and big enough to take time (a small one, or any of a
    transient lexicon, is built every time, quickly)."""
    key = scores_key(lexicon), lexicon.source
    out = []
    for n in lengths:
        if (*key, n) in _TABLES or lexicon.transient or table_path(lexicon, n).exists():
            continue
        bucket = index.bucket(n)
        if bucket is not None and len(bucket.words) >= DISK_CACHE_MIN:
            out.append(n)
    return out


def warm_tables(lexicon: Lexicon, index: LexiconIndex, lengths: Iterable[int] = WARM_LENGTHS) -> int:
    """Build into the disk cache the tables it lacks (the server runs this in the background
    at start, so a fresh install's first fill does not spend its time limit on them); the
    number built."""
    built = 0
    for length in lengths:
        if not table_path(lexicon, length).exists():
            word_table(lexicon, index, length)
            built += 1
    return built
