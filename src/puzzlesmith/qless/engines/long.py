"""Long rolls (13 to 16 letters): stored cores, plus smaller solutions with a word hung on.

A solution's *leaf word* crosses the rest of the board at exactly one cell, its other cells
touching nothing else. Taking it away leaves a solution of the remaining letters (the
crossing letter stays). A solution without a leaf word is a filling of a *core* skeleton
(`cores`: one word, or every word crossing two others). So the solutions of a long roll
are exactly

- the fillings of the stored cores of its size (the skeleton engine, `skeleton`), and
- for each anagram w and letter c of it, the boards made by hanging w through a c of a
  solution of the roll less w's other letters (at most 14 letters, and at most 12 once w
  has 5 letters; smaller rolls are solved the same way down to 12, where the skeleton
  engine takes over).

Both parts are exhaustive, so a roll none of whose smaller rolls takes its word and whose
cores have no filling is proved unsolvable. A first solution is looked for with a few
solutions of each smaller roll first (most long rolls hang a long word on a small board),
then exhaustively. Counting adds the cores' count to the distinct hung boards.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Generator, Iterator, Sequence

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.qless.board import Board
from puzzlesmith.qless.engines.attach import attach_solutions
from puzzlesmith.qless.engines.counters import SearchStats
from puzzlesmith.qless.engines.skeleton import (
    GUARD,
    CountTimeout,
    fill_count,
    fill_endings,
    fill_solutions,
    packed,
)
from puzzlesmith.qless.shapes.cores import all_skeletons, has_cores, long_trie
from puzzlesmith.qless.shapes.skeletons import Ending, Node, Pos, trie

MAX_SMALL = 12  # the largest roll the stored skeletons cover
BOARDS_PER_REST = 40  # solutions of one smaller roll tried in the quick first pass
ATTACH_SHARE = 0.15  # share of a 15-16-letter roll's time the attach search may use first
QUICK_SHARE = 0.3  # then the share of what is left the quick pass may use
# Share of the time a roll filled over one trie gives the first-solution search before
# the counter decides whether it has a solution at all (`LongRoll.first`).
FIRST_SHARE = 0.2


def hang(board: Board, word: str, at: int) -> Iterator[Board]:
    """Every way to lay `word` across one cell of the board holding word[at], crossing
    nothing else and touching no other cell."""
    cells = {(r, c): ch for r, c, ch in board.cells}
    for (r, c), ch in cells.items():
        if ch != word[at]:
            continue
        for dr, dc in ((0, 1), (1, 0)):
            start = (r - dr * at, c - dc * at)
            before = (start[0] - dr, start[1] - dc)
            after = (start[0] + dr * len(word), start[1] + dc * len(word))
            if before in cells or after in cells:
                continue
            ok = True
            for k in range(len(word)):
                if k == at:
                    continue
                p = (start[0] + dr * k, start[1] + dc * k)
                # A new cell must be empty and have no neighbour beside it (across the line).
                if p in cells or (p[0] + dc, p[1] + dr) in cells or (p[0] - dc, p[1] - dr) in cells:
                    ok = False
                    break
            if ok:
                new = [(start[0] + dr * k, start[1] + dc * k, word[k])
                       for k in range(len(word)) if k != at]
                yield Board.of([*board.cells, *new])


class LongRoll:
    """The search for one roll of more than 12 letters, and what it learns on the way.

    `dead` holds the smaller rolls (sorted letters) proved to have no solution, shared by
    the quick pass, the exhaustive pass and the smaller long rolls they recurse into.
    """

    def __init__(self, words: Sequence[str], deadline: Deadline, stats: SearchStats) -> None:
        self.words = list(dict.fromkeys(words))  # the caller's order (see engine.ordered_anagrams)
        self.packs = {w: packed(w) for w in self.words}
        self.deadline = deadline
        self.stats = stats
        self.dead: set[str] = set()
        self._spots: dict[tuple[bytes, int, int], list[tuple[int, list[Pos]]]] = {}

    def words_of(self, letters: str, pool: Sequence[str]) -> list[str]:
        """The words of `pool` that the letters hold (longest first)."""
        # Subtracting a word's packed counts clears a guard bit (fill.GUARD) exactly when
        # the letters lack one of its letters.
        room = packed(letters) | GUARD
        n = len(letters)
        return [w for w in pool if len(w) <= n and (room - self.packs[w]) & GUARD == GUARD]

    def rests(self, letters: str, words: Sequence[str]) -> Iterator[tuple[str, str, str]]:
        """(leaf word w, crossing letter c, the roll less w plus c) for every leaf w could
        be, in the words' order (longest first: they leave the smallest rolls, the fastest
        to solve)."""
        have = Counter(letters)
        n = len(letters)
        for w in words:
            if n - len(w) + 1 < 3:
                continue
            for c in sorted(set(w)):
                private = Counter(w)
                private[c] -= 1
                if private - have:
                    continue
                yield w, c, "".join(sorted((have - private).elements()))

    def solutions(self, letters: str, words: Sequence[str],
                  cap: int | None = None) -> Generator[Board, None, None]:
        """The distinct solutions (canonical boards) of a roll of any size over `words`.

        With `cap`, a quick and incomplete pass for a long roll: leaf words only, hung on
        the first `cap` solutions of each smaller roll, smaller long rolls solved the same
        way (not over their tries), and no cores.
        """
        if self.deadline.expired():
            raise SearchTimeout
        n = len(letters)
        if n <= MAX_SMALL:
            yield from fill_solutions(letters, words, deadline=self.deadline, stats=self.stats)
            return
        if not has_cores(n):
            raise ValueError(f"rolls of {n} letters are beyond the stored shapes")
        if cap is not None:
            yield from self.hung(letters, words, cap)
            return
        if all_skeletons(n):
            yield from fill_solutions(letters, words, deadline=self.deadline, stats=self.stats,
                                      root=long_trie(n))
            return
        # Hung words first: most solutions have a leaf word, and the cores are slow to fill.
        yield from self.hung(letters, words, cap)
        if cap is None and self.alive(letters, words, long_trie(n)):
            yield from fill_solutions(letters, words, deadline=self.deadline, stats=self.stats,
                                      root=long_trie(n))

    def first(self, letters: str, words: Sequence[str],
              root: Node) -> Generator[Board, None, None]:
        """The first solution of a roll filled over `root`, or none (exhaustively).

        The first-solution search finds most boards at once but is slow to prove there are
        none, so past a share of the time the counter (`alive`) decides, and only a roll
        it finds solvable is searched again for the board.
        """
        share = part_of(self.deadline, FIRST_SHARE)
        try:
            yield from fill_solutions(letters, words, deadline=share, stats=self.stats,
                                      root=root)
            return
        except SearchTimeout:
            if self.deadline.expired():
                raise
        if self.alive(letters, words, root):
            yield from fill_solutions(letters, words, deadline=self.deadline, stats=self.stats,
                                      root=root)

    def trie_for(self, n: int) -> Node | None:
        """The trie a roll of n letters is filled over directly, or None if it has none
        holding every skeleton (the stored ones up to 12 cells, then `cores.long_trie`)."""
        if n <= MAX_SMALL:
            return trie(n)
        return long_trie(n) if all_skeletons(n) else None

    def alive(self, letters: str, words: Sequence[str], root: Node | None) -> bool:
        """Whether the roll has a solution: the skeleton engine's counter, stopped at the
        first one (it proves "none" faster than the first-solution search (docs/qless.md,
        Speed), which then finds the boards of the rolls that have some)."""
        probe = SearchStats(on_progress=_stop_at_first)
        try:
            total = fill_count(letters, words, deadline=self.deadline, stats=probe, root=root)
        except _Found:
            total = 1
        finally:
            self.stats.placements += probe.placements
        return total > 0

    def spots(self, ending: Ending, length: int, at: int) -> list[tuple[int, list[Pos]]]:
        """Where a word of `length` letters hangs on the ending's shape by its letter `at`:
        (cell id, the new cells), as `hang` lays it (the same geometry, worked out once
        per shape)."""
        key = (ending.places, length, at)
        found = self._spots.get(key)
        if found is None:
            coords = ending.coords
            cells = set(coords)
            found = []
            for cid, (r, c) in enumerate(coords):
                for dr, dc in ((0, 1), (1, 0)):
                    r0, c0 = r - dr * at, c - dc * at
                    if (r0 - dr, c0 - dc) in cells or (
                            (r0 + dr * length, c0 + dc * length) in cells):
                        continue
                    new = [(r0 + dr * k, c0 + dc * k) for k in range(length) if k != at]
                    if all(q not in cells and (q[0] + dc, q[1] + dr) not in cells
                           and (q[0] - dc, q[1] - dr) not in cells for q in new):
                        found.append((cid, new))
            self._spots[key] = found
        return found

    def hung(self, letters: str, words: Sequence[str],
             cap: int | None) -> Generator[Board, None, None]:
        """The distinct solutions with a leaf word (all of them unless `cap`).

        Leaf words that leave the same smaller roll are hung on its solutions together,
        so each smaller roll is solved once.
        """
        groups: dict[str, list[tuple[str, int]]] = {}
        for w, c, rest in self.rests(letters, words):
            groups.setdefault(rest, []).extend((w, p) for p, ch in enumerate(w) if ch == c)
        seen: set[Board] = set()
        for rest, hangs in groups.items():
            if self.deadline.expired():
                raise SearchTimeout
            if rest in self.dead:
                continue
            rest_words = self.words_of(rest, words)
            if set(rest) - set("".join(rest_words)):
                self.dead.add(rest)  # a letter no word of the smaller roll has
                continue
            n = len(rest)
            if n > MAX_SMALL and (cap is not None or not all_skeletons(n)):
                yield from self._hung_on_long(rest, rest_words, hangs, cap, seen)
                continue
            root = self.trie_for(n)
            if not self.alive(rest, rest_words, root):
                self.dead.add(rest)
                continue
            found = 0
            for ending, cells in fill_endings(rest, rest_words, deadline=self.deadline,
                                              stats=self.stats, root=root):
                found += 1
                for w, at in hangs:
                    for cid, new in self.spots(ending, len(w), at):
                        if cells[cid] != w[at]:
                            continue
                        self.stats.placements += 1
                        letters_new = [ch for k, ch in enumerate(w) if k != at]
                        whole = Board.of([
                            *((r, c, ch) for (r, c), ch in zip(ending.coords, cells, strict=True)),
                            *((r, c, ch) for (r, c), ch in zip(new, letters_new, strict=True)),
                        ]).canonical()
                        if whole not in seen:
                            seen.add(whole)
                            yield whole
                if cap is not None and found >= cap:
                    break

    def _hung_on_long(self, rest: str, rest_words: Sequence[str], hangs: list[tuple[str, int]],
                      cap: int | None, seen: set[Board]) -> Generator[Board, None, None]:
        """`hung` for a smaller roll that is itself long (from a 15 or 16-letter roll)."""
        found = 0
        for board in self.solutions(rest, rest_words, cap):
            found += 1
            for w, p in hangs:
                for whole in hang(board, w, p):
                    self.stats.placements += 1
                    whole = whole.canonical()
                    if whole not in seen:
                        seen.add(whole)
                        yield whole
            if cap is not None and found >= cap:
                return
        if not found and cap is None:
            self.dead.add(rest)  # searched to the end without a solution


def part_of(deadline: Deadline, fraction: float) -> Deadline:
    """A deadline at `fraction` of what is left of this one, on the same clock."""
    if deadline.seconds is None:
        return deadline
    part = copy.copy(deadline)
    part.seconds = deadline.elapsed() + max(deadline.remaining() * fraction, 1e-3)
    return part


class _Found(Exception):
    """A probe (`LongRoll.alive`) counted its first solution."""


def _stop_at_first(stats: SearchStats) -> None:
    if stats.solutions:
        raise _Found


def long_solutions(letters: str, words: Sequence[str], *, deadline: Deadline,
                   stats: SearchStats, first_only: bool = False) -> Generator[Board, None, None]:
    """Every distinct solution of a roll of 13 to 16 letters (canonical boards).

    With `first_only` (the caller stops at the first board) a quick pass comes first, so
    boards it finds may come again later.
    """
    search = LongRoll(words, deadline, stats)
    n = len(letters)
    if first_only and not all_skeletons(n):
        # The seed's attach search and the quick pass, each for a share of the time: both
        # often find a first board at once where the exhaustive search is slow to reach it
        # (and what the quick pass proves dead stays proved).
        try:
            yield from attach_solutions(letters, search.words,
                                        deadline=part_of(deadline, ATTACH_SHARE), stats=stats)
            return  # the attach search is exhaustive too: it finished without a board
        except SearchTimeout:
            if deadline.expired():
                raise
        search.deadline = part_of(deadline, QUICK_SHARE)
        try:
            yield from search.solutions(letters, search.words, cap=BOARDS_PER_REST)
        except SearchTimeout:
            if deadline.expired():
                raise
        search.deadline = deadline
    if first_only and all_skeletons(n):
        yield from search.first(letters, search.words, long_trie(n))
        return
    yield from search.solutions(letters, search.words)


def long_count(letters: str, words: Sequence[str], *, deadline: Deadline,
               stats: SearchStats) -> int:
    """The exact number of distinct solutions of a roll of 13 to 16 letters; CountTimeout
    (with the solutions counted so far) if the deadline passes first."""
    n = len(letters)
    if all_skeletons(n):
        return fill_count(letters, words, deadline=deadline, stats=stats, root=long_trie(n))
    search = LongRoll(words, deadline, stats)
    cores = 0
    hung = 0
    try:
        cores = fill_count(letters, search.words, deadline=deadline, stats=stats,
                           root=long_trie(n))
        for _ in search.hung(letters, search.words, None):
            hung += 1
            if not hung & 255:
                stats.progress(cores + hung)
    except CountTimeout as cut:
        raise CountTimeout(max(cut.partial, 1)) from None
    except SearchTimeout:
        raise CountTimeout(max(cores + hung, 1)) from None
    stats.progress(cores + hung)
    return cores + hung
