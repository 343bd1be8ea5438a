"""A quick first solution for most rolls: a tree of words, grown one crossing word at a time.

Most rolls have a solution that is a *word tree*: a main word across, words crossing it at
one letter each, words crossing those, and so on, no two words touching anywhere but at
their one crossing cell. Such a board is valid by construction (every run on it is one of
its words), and finding one needs no skeletons and no anagram list, only one table of the
word list keyed by letter multiset: `words[key(M)]`, the words with exactly the letters M,
where key(M) is the sum of random 64-bit units of M's letters (mod 2^64), so that the key
of a roll minus some letters is one subtraction, and numpy sums a whole batch at once.

- Main words: every sub-multiset of each roll of a batch is summed by one matrix product
  (rolls x letters times letters x subsets), its key tested against a bitmap of the table's
  keys; the hits, longest first, are the roll's candidate main words.
- Crossing words: the main word's remainder R must be covered. R's first letter goes into
  some crossing word: a word of P plus c, for a P of R holding that letter, laid through a
  board cell holding c that lies in one word only, clear of every other cell.

It is incomplete on purpose (boards where words touch side by side, or whose words cross
in cycles, are never built) and bounded by `budget` tries: when it answers, the board is a
solution (the caller's validator checks it again); when it does not, the exhaustive
engine decides. The table is built once per word list (about a second) and kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from puzzlesmith.limits import Deadline
from puzzlesmith.qless.board import Board

if TYPE_CHECKING:
    from puzzlesmith.lexicon import Lexicon, LexiconIndex

MAX_LETTERS = 16  # the longest roll (65,536 subsets of its letters at 16)
MASK = (1 << 64) - 1
_rng = np.random.default_rng(0x0BADC0DE)
UNIT = {chr(97 + i): int(u) for i, u in enumerate(_rng.integers(0, 2**63, 26, dtype=np.int64))}
BITMAP_BITS = 24  # the key bitmap: 2^24 slots (16 MB), sparse enough to answer most misses
# Crossing words tried per roll before giving up, and per main word: a long main word whose
# remainder cannot hang spends the whole budget otherwise, where a shorter one would do.
# Both were chosen on census batches (the figures are in docs/qless.md, Speed).
DEFAULT_BUDGET = 5000
MAIN_BUDGET = 100
Pos = tuple[int, int]


def key(letters: Iterable[str]) -> int:
    """A letter multiset's key: the sum of its letters' units, mod 2^64."""
    unit = UNIT
    return sum(unit[ch] for ch in letters) & MASK


class WordTables:
    """The multiset table of one word list (words of 3 to MAX_LETTERS letters)."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words: dict[int, list[str]] = {}
        self.members: set[str] = set()  # every word, for the board check
        # How many words hold each letter: a roll's letters are ordered rarest first, so that
        # the letter a crossing word must take next is the hardest to place (fail first).
        self.rarity: dict[str, int] = dict.fromkeys(UNIT, 0)
        unit = UNIT.__getitem__
        for w in words:
            if not 3 <= len(w) <= MAX_LETTERS:
                continue
            self.members.add(w)
            for ch in set(w):
                self.rarity[ch] += 1
            k = sum(map(unit, w)) & MASK
            same = self.words.get(k)
            if same is None:
                self.words[k] = [w]
            else:
                same.append(w)
        self.bitmap = np.zeros(1 << BITMAP_BITS, dtype=np.bool_)
        keys = np.fromiter(self.words, dtype=np.uint64, count=len(self.words))
        self.bitmap[keys >> np.uint64(64 - BITMAP_BITS)] = True
        self._parts: dict[str, list[tuple[int, str]]] = {}
        self._hangs: dict[tuple[str, str], list[tuple[str, str]]] = {}

    def hangs(self, rest: str, ch: str) -> list[tuple[str, str]]:
        """(word, letters left after it) for each word through a cell holding `ch` that takes
        `rest`'s first letter and more of `rest` (letters in rarity order, equal ones
        together), longer words first.

        A leftover of one letter is never offered (it could not be hung on its own). Cached:
        rolls share remainders.
        """
        found = self._hangs.get((rest, ch))
        if found is not None:
            return found
        parts = self._parts.get(rest)
        if parts is None:
            unit = UNIT.__getitem__
            base = UNIT[rest[0]]
            parts = [(base + sum(map(unit, part)), left) for part, left in _splits(rest[1:])
                     if part and len(left) != 1]
            self._parts[rest] = parts
        words = self.words
        u = UNIT[ch]
        found = [(w, left) for k, left in parts for w in words.get((k + u) & MASK, ())]
        found.sort(key=lambda o: -len(o[0]))
        if len(self._hangs) >= 1 << 19:
            self._hangs.clear()
            self._parts.clear()
        self._hangs[rest, ch] = found
        return found


def _splits(letters: str) -> list[tuple[str, str]]:
    """Each distinct way to split `letters` (equal ones together) in two: (part, the rest),
    both in the same order."""
    out = [("", "")]
    i = 0
    while i < len(letters):
        ch = letters[i]
        n = 1
        while i + n < len(letters) and letters[i + n] == ch:
            n += 1
        out = [(a + ch * k, b + ch * (n - k)) for a, b in out for k in range(n + 1)]
        i += n
    return out


@cache
def _subsets(n: int) -> tuple[Any, list[int]]:
    """The subsets of n letter positions that can be a main word (3+ letters, leaving none
    or 2+), longest first: as an n x subsets 0/1 matrix, and as bit masks."""
    every = np.arange(1 << n, dtype=np.uint64)
    bits = (every[None, :] >> np.arange(n, dtype=np.uint64)[:, None]) & np.uint64(1)
    size = bits.sum(axis=0)
    keep = (size >= 3) & (size != n - 1)
    order = np.lexsort((every[keep], -size[keep].astype(np.int64)))  # longest, then by mask
    return bits[:, keep][:, order], every[keep][order].tolist()


# A dict by content hash, not functools.lru_cache over the argument: two Lexicon objects of
# one word list (a reload, a lexicon and its index) share one table.
_tables: dict[str, WordTables] = {}


def tables(source: Lexicon | LexiconIndex) -> WordTables:
    """The table of a word list, built once per content hash (kept for a few lists)."""
    found = _tables.get(source.content_hash)
    if found is None:
        words = getattr(source, "words", None)
        if words is None:
            words = [w for b in source.buckets.values() for w in b.words]  # type: ignore[union-attr]
        found = WordTables(words)
        if len(_tables) >= 4:
            _tables.pop(next(iter(_tables)))
        _tables[source.content_hash] = found
    return found


def quick_boards(rolls: Sequence[str], source: Lexicon | LexiconIndex | WordTables,
                 budget: int = DEFAULT_BUDGET,
                 time_limit: float | Deadline | None = None,
                 main_budget: int = MAIN_BUDGET) -> list[Board | None]:
    """A word-tree solution of each roll (3 to 16 letters), or None where none was found
    within `budget` tries (`main_budget` under any one main word) and `time_limit` seconds
    (each roll's own), or before a Deadline given as `time_limit` (shared, on its clock)."""
    t = source if isinstance(source, WordTables) else tables(source)
    rank = t.rarity.__getitem__
    keys = ["".join(sorted(sorted(r), key=rank)) for r in rolls]
    out: list[Board | None] = [None] * len(keys)
    by_length: dict[int, list[int]] = {}
    for i, k in enumerate(keys):
        if 3 <= len(k) <= MAX_LETTERS:
            by_length.setdefault(len(k), []).append(i)
    shift = np.uint64(64 - BITMAP_BITS)
    for n, members in by_length.items():
        matrix, masks = _subsets(n)
        units = np.array([[UNIT[ch] for ch in keys[i]] for i in members], dtype=np.uint64)
        with np.errstate(over="ignore"):
            sums = units @ matrix  # wraps mod 2^64, as `key` does
        hits = t.bitmap[sums >> shift]
        for row, i in enumerate(members):
            where = np.flatnonzero(hits[row])
            found = zip(where.tolist(), sums[row, where].tolist(), strict=True)
            limit = time_limit if isinstance(time_limit, Deadline) else Deadline(time_limit)
            out[i] = _grow(keys[i], found, masks, t, budget, main_budget, limit)
    return out


def quick_board(letters: str, source: Lexicon | LexiconIndex | WordTables,
                budget: int = DEFAULT_BUDGET) -> Board | None:
    """A word-tree solution of one roll, or None (none found within `budget` tries)."""
    return quick_boards([letters], source, budget)[0]


class _Budget(Exception):
    """The tries or the time of one roll ran out."""


class _MainBudget(Exception):
    """The tries of one main word ran out: on to the next."""


def _grow(roll: str, mains: Iterable[tuple[int, int]], masks: list[int],
          t: WordTables, budget: int, main_budget: int, deadline: Deadline) -> Board | None:
    """Try each candidate main word (subset index, key), longest first, then cover the rest."""
    grid: dict[Pos, str] = {}
    # Cells in one word only, as cell -> direction of that word (0 across, 1 down).
    free: dict[Pos, int] = {}
    left = [budget]
    main_left = [main_budget]

    def place(w: str, r: int, c: int, down: int) -> tuple[list[Pos], list[Pos]] | None:
        """Lay w from (r, c): (its new cells, the cells it crosses), or None if it would
        touch another cell."""
        dr, dc = (1, 0) if down else (0, 1)
        if (r - dr, c - dc) in grid or (r + dr * len(w), c + dc * len(w)) in grid:
            return None
        new: list[Pos] = []
        crossed: list[Pos] = []
        for k, ch in enumerate(w):
            p = (r + dr * k, c + dc * k)
            have = grid.get(p)
            if have is not None:
                if have != ch or free.get(p) != 1 - down:
                    return None
                crossed.append(p)
                continue
            # A new cell's side neighbours must be empty: it touches only its own word.
            if (p[0] + dc, p[1] + dr) in grid or (p[0] - dc, p[1] - dr) in grid:
                return None
            new.append(p)
        if not new or len(crossed) > 1:
            # A second crossing would take a letter from the board that the remainder
            # still counts as its own (and make a cycle): trees only.
            return None
        for p in crossed:
            del free[p]  # now in two words
        for p in new:
            grid[p] = w[(p[0] - r) + (p[1] - c)]
            free[p] = down
        return new, crossed

    def remove(new: list[Pos], crossed: list[Pos], down: int) -> None:
        for p in new:
            del grid[p]
            del free[p]
        for p in crossed:
            free[p] = 1 - down

    def cover(rest: str) -> bool:
        if not rest:
            return True
        anchors: dict[str, list[tuple[Pos, int]]] = {}
        for p, d in free.items():
            anchors.setdefault(grid[p], []).append((p, d))
        options = [(w, after, ch) for ch in anchors for w, after in t.hangs(rest, ch)]
        if len(anchors) > 1:
            options.sort(key=lambda o: -len(o[0]))
        for w, after, ch in options:
            for (r, c), d in anchors[ch]:
                down = 1 - d
                for j, wc in enumerate(w):
                    if wc != ch:
                        continue
                    left[0] -= 1
                    main_left[0] -= 1
                    if left[0] < 0 or not left[0] & 127 and deadline.expired():
                        raise _Budget
                    if main_left[0] < 0:
                        raise _MainBudget
                    r0, c0 = (r - j, c) if down else (r, c - j)
                    laid = place(w, r0, c0, down)
                    if laid is None:
                        continue
                    if cover(after):
                        return True
                    remove(*laid, down)
        return False

    seen: set[int] = set()
    want = "".join(sorted(roll))
    try:
        for subset, k in mains:
            ws = t.words.get(k)
            if ws is None or k in seen:  # a bitmap false positive, or a repeat (equal letters)
                continue
            seen.add(k)
            mask = masks[subset]
            rest = "".join(ch for i, ch in enumerate(roll) if not (mask >> i) & 1)
            if "".join(sorted(ws[0] + rest)) != want:
                continue  # keys of different multisets collided (2^-64 per pair)
            for w in ws:
                grid.clear()
                free.clear()
                place(w, 0, 0, 0)
                main_left[0] = main_budget
                try:
                    if not cover(rest):
                        continue
                except _MainBudget:
                    continue
                if deadline.expired():  # like every search: nothing after the limit
                    return None
                return Board.of((r, c, ch) for (r, c), ch in grid.items()).canonical()
    except _Budget:
        return None
    return None
