"""A quick first solution for most rolls: a tree of words, grown one crossing word at a time.

Most rolls have a solution that is a *word tree*: a main word across, words crossing it at
one letter each, words crossing those, and so on, no two words touching anywhere but at
their one crossing cell. Such a board is valid by construction (every run on it is one of
its words), and finding one needs no skeletons and no anagram list, only one table of the
word list keyed by letter multiset (a sum of per-letter units, one integer):

- `words[M]`: the words with exactly the letters M;
- and through it, the words whose letters are P plus one letter c: the words that hang the
  letters P on a board cell holding c (looked up for each c, kept per P's letters).

The search takes the roll's longest words first as the main word (M minus a removed
multiset R), then covers R: R's first letter must go into some crossing word, which is
a word of P plus c for a P of R holding that letter, through a board cell with its c that
lies in one word only and leaves the new word clear of every other cell.

It is incomplete on purpose (boards where words touch side by side, or whose words cross
in cycles, are never built) and bounded by `budget` nodes: when it answers, the board is a
solution (the caller's validator checks it again); when it does not, the exhaustive
engine decides. The tables are built once per word list (about a second) and kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from puzzlesmith.qless.board import Board

if TYPE_CHECKING:
    from puzzlesmith.lexicon import Lexicon, LexiconIndex

FIELD = 4  # bits per letter count: multisets of at most 15 of a letter (rolls have <= 16)
UNIT = {chr(97 + i): 1 << (FIELD * i) for i in range(26)}
DEFAULT_BUDGET = 400  # crossing words tried per roll before giving up
Pos = tuple[int, int]


def code(letters: Iterable[str]) -> int:
    """A letter multiset as one integer: the sum of its letters' units."""
    unit = UNIT
    return sum(unit[ch] for ch in letters)


class WordTables:
    """The multiset table of one word list (words of 3 to `max_len` letters)."""

    def __init__(self, words: Iterable[str], max_len: int = 16) -> None:
        self.words: dict[int, list[str]] = {}
        self.members: set[str] = set()  # every word, for the board check
        unit = UNIT.__getitem__
        for w in words:
            if not 3 <= len(w) <= max_len:
                continue
            self.members.add(w)
            k = sum(map(unit, w))
            same = self.words.get(k)
            if same is None:
                self.words[k] = [w]
            else:
                same.append(w)
        self._options: dict[str, list[tuple[str, str, str]]] = {}

    def options(self, rest: str) -> list[tuple[str, str, str]]:
        """(anchor letter, word, letters left after it) for each way to hang a word holding
        `rest`'s first letter, the rest of its new letters from `rest` (sorted letters).

        Shorter words first: they leave the board freer. A leftover of one letter is never
        offered (it could not be hung on its own). Cached per `rest`: rolls share remainders.
        """
        found = self._options.get(rest)
        if found is not None:
            return found
        found = []
        first, tail = rest[0], rest[1:]
        words = self.words
        unit = UNIT.__getitem__
        base = UNIT[first]
        for part, left in _splits(tail):
            if len(left) == 1 or not part:
                continue
            k = base + sum(map(unit, part))
            for ch, u in UNIT.items():
                for w in words.get(k + u, ()):
                    found.append((ch, w, left))
        found.sort(key=lambda o: len(o[1]))
        if len(self._options) >= 1 << 18:
            self._options.clear()
        self._options[rest] = found
        return found


def _splits(letters: str) -> list[tuple[str, str]]:
    """Each distinct way to split sorted `letters` in two: (part, the rest), both sorted."""
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


_tables: dict[str, WordTables] = {}


def tables(source: Lexicon | LexiconIndex) -> WordTables:
    """The tables of a word list, built once per content hash (kept for a few lists)."""
    key = source.content_hash
    found = _tables.get(key)
    if found is None:
        words = getattr(source, "words", None)
        if words is None:
            words = [w for b in source.buckets.values() for w in b.words]  # type: ignore[union-attr]
        found = WordTables(words)
        if len(_tables) >= 4:
            _tables.pop(next(iter(_tables)))
        _tables[key] = found
    return found


class _Budget(Exception):
    pass


def quick_board(letters: str, source: Lexicon | LexiconIndex | WordTables,
                budget: int = DEFAULT_BUDGET) -> Board | None:
    """A word-tree solution of the roll, or None (none found within `budget` tries)."""
    t = source if isinstance(source, WordTables) else tables(source)
    key = "".join(sorted(letters))
    n = len(key)
    whole = code(key)
    grid: dict[Pos, str] = {}
    # Cells in one word only, as cell -> direction of that word (0 across, 1 down).
    free: dict[Pos, int] = {}
    left = [budget]

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
        if not new:
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
        for ch, w, after in t.options(rest):
            anchors = [(p, d) for p, d in free.items() if grid[p] == ch]
            for (r, c), d in anchors:
                down = 1 - d
                for j, wc in enumerate(w):
                    if wc != ch:
                        continue
                    left[0] -= 1
                    if left[0] < 0:
                        raise _Budget
                    r0, c0 = (r - j, c) if down else (r, c - j)
                    laid = place(w, r0, c0, down)
                    if laid is None:
                        continue
                    if cover(after):
                        return True
                    remove(*laid, down)
        return False

    units = [UNIT[ch] for ch in key]
    words = t.words
    try:
        for size in range(0, n - 2):
            if size == 1:
                continue
            # The main words of n - size letters: every removal of `size` letters, summed
            # and looked up in C (itertools, set algebra); most rolls stop at a small size.
            removed = set(map(sum, combinations(units, size)))
            mains = words.keys() & set(map(whole.__sub__, removed))
            for main in sorted(mains):
                rest = Counter(key)
                for w in words[main]:
                    rest.subtract(w)
                    break
                rest_key = "".join(sorted(rest.elements()))
                for w in words[main]:
                    grid.clear()
                    free.clear()
                    place(w, 0, 0, 0)
                    if cover(rest_key):
                        return Board.of((r, c, ch) for (r, c), ch in grid.items()).canonical()
    except _Budget:
        return None
    return None
