"""The fast engine: fill the precomputed skeletons' slots with the roll's anagrams.

The search walks the plan trie of the roll's size (see `skeletons`). Arriving at a node
means one more slot to fill: its candidates are the anagrams of its length that agree with
the cells it crosses (an AND of position/letter bitsets over the roll's anagrams), and that
the letters still on the dice can complete. That last test is also bitsets: for each letter
and count k, the words using that letter more than k times, OR-ed over the roll's letters
once per (node, slot length, crossed letters). The dice left are one integer of packed
letter counts, so taking a word's new letters is one subtraction.

A skeleton ends at a node: all n cells are filled with exactly the roll's letters, its slots
hold words, and nothing else is on the board, so it is a solution. Different (skeleton,
filling) pairs are different solutions; for a skeleton that is its own transposition, a
filling and its mirror image are one solution, reported once.

States are remembered by (node, dice left, letters of the filled cells that slots below
cross): two states with the same key have the same solutions below, so counting adds a
remembered number, and a search for the first solution skips a state known to be dead.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from operator import itemgetter

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.qless.board import Board
from puzzlesmith.qless.engines.counters import SearchStats
from puzzlesmith.qless.shapes.skeletons import Ending, Node, trie

FIELD = 6  # bits per letter count in a packed integer: counts up to 31, a guard bit above
GUARD = sum(1 << (FIELD * i + FIELD - 1) for i in range(26))
UNIT = {chr(97 + i): 1 << (FIELD * i) for i in range(26)}
CHECK_EVERY = 2048  # placements between deadline checks
# Candidate lists longer than this are filtered by the letter-budget bitsets before they are
# walked. Measured (benchmarks/atlas_throughput): filtering every list, however short, is
# faster on solvable rolls too (the filter is cached per letters left) and halves the time
# to prove a roll unsolvable, where most candidates fail the letter test.
FILTER_ABOVE = 0
MEMO_LIMIT = 500_000  # remembered search states per roll (about 100 MB at most)


def packed(letters: str) -> int:
    """Letter counts packed into one integer, FIELD bits per letter."""
    return sum(UNIT[ch] for ch in letters)


class Candidates:
    """A roll's anagrams of one length, with their position/letter bitsets and packed counts."""

    def __init__(self, words: Sequence[str], letters: str) -> None:
        self.words = tuple(words)
        self.every = (1 << len(words)) - 1  # the bitset of all of them
        # [position] -> letter -> bitset of the words with that letter there (built on first
        # use: a first word is never crossed, and most slots cross at one or two positions)
        self._at: list[dict[str, int] | None] = [None] * len(words[0])
        unit = UNIT.__getitem__
        self.counts = [sum(map(unit, w)) for w in words]  # packed letter counts of each word
        self.letters = letters
        self._over: list[tuple[int, tuple[int, ...]]] | None = None
        self._fitting: dict[int, int] = {}
        self._letters_at: dict[tuple[int, ...], list[list[str]]] = {}

    def at(self, p: int) -> dict[str, int]:
        """Letter -> bitset of the words with that letter at position p."""
        found = self._at[p]
        if found is None:
            found = {}
            for i, w in enumerate(self.words):
                ch = w[p]
                found[ch] = found.get(ch, 0) | (1 << i)
            self._at[p] = found
        return found

    def letters_at(self, positions: tuple[int, ...]) -> list[list[str]]:
        """Each word's letters at these positions (cached per positions)."""
        found = self._letters_at.get(positions)
        if found is None:
            found = self._letters_at[positions] = [[w[p] for p in positions] for w in self.words]
        return found

    @property
    def over(self) -> list[tuple[int, tuple[int, ...]]]:
        """(bit shift of a letter's count, [k] -> bitset of words using it more than k times)."""
        if self._over is None:
            over = {ch: [0] * (self.letters.count(ch) + 1) for ch in set(self.letters)}
            for i, w in enumerate(self.words):
                bit = 1 << i
                for ch in set(w):
                    row = over[ch]
                    for k in range(w.count(ch)):
                        row[k] |= bit
            self._over = [(FIELD * (ord(ch) - 97), tuple(row)) for ch, row in sorted(over.items())]
        return self._over

    def fitting(self, available: int) -> int:
        """The words whose letters the packed counts `available` hold (cached per value)."""
        bits = self._fitting.get(available)
        if bits is None:
            mask = (1 << FIELD) - 1
            greedy = 0
            for shift, over in self.over:
                greedy |= over[(available >> shift) & mask]
            bits = self._fitting[available] = self.every & ~greedy
        return bits


def has_skeletons(n: int) -> bool:
    return trie(n) is not None


class Move:
    """One child slot of a trie node, with the roll's data for it looked up in advance."""

    __slots__ = ("child", "table", "every", "crossings", "only_leaves", "fitting_cache",
                 "new_positions", "base", "counts", "words", "endings", "deeper", "needs",
                 "number", "new_letters", "new_slice", "plain_endings", "mirror_endings",
                 "needed_letters", "last_before_leaves")

    def __init__(self, child: Node, table: Candidates,
                 crossings: tuple[tuple[dict[str, int], int], ...], only_leaves: bool) -> None:
        self.child = child
        self.table = table
        self.every = table.every
        self.crossings = crossings  # (letter -> bitset at that position, crossed cell id)
        self.only_leaves = only_leaves  # no slot after it, no self-transposed skeleton
        self.fitting_cache = table._fitting
        self.new_positions = child.new_positions
        self.base = child.first_id
        self.counts = table.counts
        self.words = table.words
        self.endings = child.endings
        self.deeper = bool(child.children)
        # Every slot after this one ends a skeleton with nothing after it (and none is
        # self-transposed): `count` then counts them inline instead of descending.
        self.last_before_leaves = child.last_before_leaves
        self.needs = child.needs
        self.number = child.number
        # Each word's letters for the new cells, written into the cells list as one slice
        # (built by `letters` when counting first needs it, shared by equal slots).
        self.new_letters: list[list[str]] | None = None
        self.new_slice = slice(child.first_id, child.first_id + len(child.new_positions))
        self.plain_endings = child.plain_endings
        self.mirror_endings = child.mirror_endings
        # The letters of the cells the slots below cross, as a memo key part.
        needs = child.needs
        if not needs:
            self.needed_letters: Callable[[list[str]], object] = lambda cells: ""
        else:
            self.needed_letters = itemgetter(*needs)

    def letters(self) -> list[list[str]]:
        if self.new_letters is None:
            self.new_letters = self.table.letters_at(self.child.new_positions)
        return self.new_letters


class Filler:
    """One roll's search state over the plan trie of its size."""

    def __init__(self, letters: str, words: Sequence[str], deadline: Deadline,
                 stats: SearchStats, root: Node | None = None) -> None:
        n = len(letters)
        # Another trie of n-cell shapes may be given (extend: the cores of 13-16 cells).
        root = root if root is not None else trie(n)
        if root is None:
            raise ValueError(f"no stored skeletons of {n} cells")
        self.root = root
        self.letters = letters
        self.by_length: dict[int, list[str]] = {}
        for w in words:
            if 3 <= len(w) <= n:
                self.by_length.setdefault(len(w), []).append(w)
        # Built on first use: a first solution often needs only a few lengths.
        self.tables: dict[int, Candidates] = {}
        self.shifts = [(ch, FIELD * (ord(ch) - 97)) for ch in sorted(set(letters))]
        self.cells = [""] * n  # letter of each cell id on the current path
        self.deadline = deadline
        self.stats = stats
        self.budget = CHECK_EVERY
        # (node, dice left, letters of the cells it needs) -> solutions below: equal keys
        # have equal futures, so each is searched once. The generator keeps only the zeros.
        self.memo: dict[tuple[int, int, object], int] = {}
        self.compiled: dict[int, Move | None] = {}
        self.slots: dict[int, tuple[Candidates, tuple[tuple[dict[str, int], int], ...]] | None]
        self.slots = {}
        # Keys (as in `memo`) of states the first-solution search found to have no solution.
        self.dead: set[tuple[int, int, str]] = set()
        self.calls = 0
        self.partial = 0
        self.move_lists: dict[int, list[Move]] = {}

    def table(self, length: int) -> Candidates | None:
        """The anagrams of one length and their bitsets (None if the roll has none)."""
        found = self.tables.get(length)
        if found is None:
            words = self.by_length.get(length)
            if words is None:
                return None
            found = self.tables[length] = Candidates(words, self.letters)
        return found

    def move(self, child: Node) -> Move | None:
        """A child slot with this roll's data looked up once (None: no word of its length)."""
        if child.number in self.compiled:
            return self.compiled[child.number]
        found: Move | None = None
        step = child.step
        assert step is not None
        table = self.table(step.length)
        if table is not None:
            crossings = tuple((table.at(p), cid) for p, cid in step.crossings)
            found = Move(child, table, crossings, child.only_leaves)
        self.compiled[child.number] = found
        return found

    def moves(self, node: Node) -> list[Move]:
        """The node's child slots that the roll has words for, in trie order (cached)."""
        found = self.move_lists.get(node.number)
        if found is None:
            found = self.move_lists[node.number] = [
                m for m in map(self.move, node.children.values()) if m is not None
            ]
        return found

    def tick(self, placements: int) -> None:
        """Count placements and look at the clock every CHECK_EVERY of them."""
        self.stats.placements += placements
        self.budget -= placements
        if self.budget <= 0:
            self.budget = CHECK_EVERY
            if self.deadline.expired():
                raise SearchTimeout

    def slot(self, child: Node) -> tuple[Candidates, tuple[tuple[dict[str, int], int], ...]] | None:
        """A child's word table and (letter -> bitset, crossed cell id) pairs, or None.

        The light form of `move` for the first-solution search, which visits few children.
        """
        if child.number in self.slots:
            return self.slots[child.number]
        step = child.step
        assert step is not None
        table = self.table(step.length)
        found = None
        if table is not None:
            found = (table, tuple((table.at(p), cid) for p, cid in step.crossings))
        self.slots[child.number] = found
        return found

    def endings(self, node: Node, rem: int) -> Iterator[tuple[Ending, list[str]]]:
        """Each solution below `node` as (skeleton ending, letters by cell id).

        Children are looked up one at a time, so a first solution found early never builds
        the tables of the lengths it skipped.
        """
        cells = self.cells
        for child in node.children.values():
            slot = self.slot(child)
            if slot is None:
                continue
            table, crossings = slot
            bits = table.every
            crossed = 0
            for at, cid in crossings:
                ch = cells[cid]
                bits &= at.get(ch, 0)
                if not bits:
                    break
                crossed += UNIT[ch]
            if bits.bit_count() > FILTER_ABOVE:
                bits &= table.fitting(rem + crossed)
            if not bits:
                continue
            new_positions = child.new_positions
            base = child.first_id
            counts = table.counts
            table_words = table.words
            endings = child.endings
            deeper = bool(child.children)
            while bits:
                low = bits & -bits
                bits ^= low
                i = low.bit_length() - 1
                # Packed subtraction with a guard bit per letter: a cleared guard means the
                # dice lack some letter of the word. Cheaper than the bitset filter of
                # `count` when only the first few candidates are ever tried.
                left = (rem | GUARD) - (counts[i] - crossed)
                if left & GUARD != GUARD:
                    continue
                left ^= GUARD
                self.tick(1)
                w = table_words[i]
                for k, p in enumerate(new_positions):
                    cells[base + k] = w[p]
                for ending in endings:
                    if ending.mirror is not None:
                        mirrored = [cells[j] for j in ending.mirror]
                        if mirrored < cells:
                            continue  # its mirror image is the one reported
                    yield ending, cells
                if deeper:
                    key = (child.number, left, "".join([cells[j] for j in child.needs]))
                    if key in self.dead:
                        continue
                    self.stats.states += 1
                    found = False
                    for solution in self.endings(child, left):
                        found = True
                        yield solution
                    if not found and len(self.dead) < MEMO_LIMIT:
                        self.dead.add(key)

    def count(self, node: Node, rem: int) -> int:
        """How many solutions lie below `node`, without listing the last slot's words.

        The hot loop of counting, so `options` is written out here (hence nested so deep).
        `self.partial` keeps the solutions counted so far (a lower bound if the deadline cuts
        the count short).
        """
        self.calls += 1
        if not self.calls & 1023:
            if self.deadline.expired():
                raise SearchTimeout
            self.stats.progress(self.partial)
        cells = self.cells
        memo = self.memo
        total = 0
        placements = 0
        for move in self.moves(node):
            bits = move.every
            crossed = 0
            for at, cid in move.crossings:
                ch = cells[cid]
                bits &= at.get(ch, 0)
                if not bits:
                    break
                crossed += UNIT[ch]
            if not bits:
                continue
            available = rem + crossed
            fitting = move.fitting_cache.get(available)
            if fitting is None:
                fitting = move.table.fitting(available)
            bits &= fitting
            if not bits:
                continue
            if move.only_leaves:
                # Every fitting word completes each skeleton ending here: count them at once.
                fits = bits.bit_count()
                placements += fits
                total += fits * move.plain_endings
                self.partial += fits * move.plain_endings
                continue
            new_letters = move.letters()
            new_slice = move.new_slice
            counts = move.counts
            plain = move.plain_endings
            mirrors = move.mirror_endings
            deeper = move.deeper
            needed_letters = move.needed_letters
            number = move.number
            child = move.child
            last = move.last_before_leaves
            grand = self.moves(child) if last else []
            while bits:
                low = bits & -bits
                bits ^= low
                i = low.bit_length() - 1
                placements += 1
                cells[new_slice] = new_letters[i]
                if plain:
                    total += plain
                    self.partial += plain
                for mirror in mirrors:
                    if [cells[j] for j in mirror] >= cells:
                        total += 1
                        self.partial += 1
                if last:
                    # The slots below are all last slots: count their fitting words here
                    # (the body of the loop above, written out again to save a call and a
                    # memo entry per state; such states are cheap and rarely repeat).
                    left = rem - (counts[i] - crossed)
                    for g in grand:
                        gbits = g.every
                        gcrossed = 0
                        for at, cid in g.crossings:
                            ch = cells[cid]
                            gbits &= at.get(ch, 0)
                            if not gbits:
                                break
                            gcrossed += UNIT[ch]
                        if not gbits:
                            continue
                        available = left + gcrossed
                        fitting = g.fitting_cache.get(available)
                        if fitting is None:
                            fitting = g.table.fitting(available)
                        gbits &= fitting
                        if gbits:
                            fits = gbits.bit_count()
                            placements += fits
                            total += fits * g.plain_endings
                            self.partial += fits * g.plain_endings
                elif deeper:
                    left = rem - (counts[i] - crossed)
                    key = (number, left, needed_letters(cells))
                    below = memo.get(key)
                    if below is None:
                        self.stats.states += 1
                        below = self.count(child, left)
                        if len(memo) < MEMO_LIMIT:
                            memo[key] = below
                    else:
                        self.partial += below
                    total += below
        self.stats.placements += placements
        return total


def fill_endings(
    letters: str, words: Sequence[str], *, deadline: Deadline, stats: SearchStats,
    root: Node | None = None,
) -> Iterator[tuple[Ending, list[str]]]:
    """Each solution as (skeleton ending, letters by cell id); the list is reused, copy it."""
    filler = Filler(letters, words, deadline, stats, root)
    if deadline.expired():
        raise SearchTimeout
    return filler.endings(filler.root, packed(letters))


def fill_solutions(
    letters: str, words: Sequence[str], *, deadline: Deadline, stats: SearchStats,
    root: Node | None = None,
) -> Generator[Board, None, None]:
    """Every distinct solution as a canonical board (of the stored skeletons, or `root`'s)."""
    for ending, cells in fill_endings(letters, words, deadline=deadline, stats=stats,
                                      root=root):
        yield Board.of(
            (r, c, ch) for (r, c), ch in zip(ending.coords, cells, strict=True)
        ).canonical()


def fill_count(
    letters: str, words: Sequence[str], *, deadline: Deadline, stats: SearchStats,
    root: Node | None = None,
) -> int:
    """The exact number of distinct solutions; CountTimeout if the deadline passes first."""
    filler = Filler(letters, words, deadline, stats, root)
    try:
        total = filler.count(filler.root, packed(letters))
        stats.progress(total)
        return total
    except SearchTimeout:
        raise CountTimeout(max(filler.partial, 1)) from None


class CountTimeout(SearchTimeout):
    """The deadline cut a count short; `partial` solutions had been counted (a lower bound)."""

    def __init__(self, partial: int) -> None:
        super().__init__(f"count cut short after {partial} solutions")
        self.partial = partial
