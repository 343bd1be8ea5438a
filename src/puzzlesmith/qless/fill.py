"""The fast engine: fill the precomputed skeletons' slots with the roll's anagrams.

The search walks the plan trie of the roll's size (see `skeletons`). Arriving at a node
means one more slot to fill: its candidates are the anagrams of its length that agree with
the cells it crosses (an AND of position/letter bitsets over the roll's anagrams), and that
the letters still on the dice can complete. That last test is also bitsets: for each letter
and count k, the words using that letter more than k times, OR-ed over the roll's letters
once per (node, slot length, crossed letters). The dice left are one integer of packed
letter counts, so taking a word's new letters is one subtraction.
A skeleton ends at a node: all n cells are filled with exactly the
roll's letters, its slots hold words, and nothing else is on the board, so it is a solution.
Different (skeleton, filling) pairs are different solutions; for a skeleton that is its own
transposition, a filling and its mirror image are one solution, reported once.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.qless.board import Board
from puzzlesmith.qless.skeletons import Ending, Node, trie
from puzzlesmith.qless.stats import SearchStats

FIELD = 5  # bits per letter count in a packed integer (a roll has at most 16 letters)
UNIT = {chr(97 + i): 1 << (FIELD * i) for i in range(26)}
CHECK_EVERY = 2048  # placements between deadline checks


def packed(letters: str) -> int:
    """Letter counts packed into one integer, FIELD bits per letter."""
    return sum(UNIT[ch] for ch in letters)


class Candidates:
    """A roll's anagrams of one length, with their position/letter bitsets and packed counts."""

    def __init__(self, words: Sequence[str], letters: str) -> None:
        self.words = tuple(words)
        self.every = (1 << len(words)) - 1  # the bitset of all of them
        length = len(words[0])
        # [position][letter] -> bitset of the words with that letter there
        self.at: list[dict[str, int]] = [{} for _ in range(length)]
        for i, w in enumerate(words):
            for p, ch in enumerate(w):
                self.at[p][ch] = self.at[p].get(ch, 0) | (1 << i)
        self.counts = tuple(packed(w) for w in words)  # packed letter counts of each word
        # (bit shift of a letter's count, [k] -> bitset of words using it more than k times)
        self.over: list[tuple[int, tuple[int, ...]]] = []
        for ch in sorted(set(letters)):
            uses = [w.count(ch) for w in words]
            self.over.append((
                FIELD * (ord(ch) - 97),
                tuple(
                    sum(1 << i for i, u in enumerate(uses) if u > k)
                    for k in range(letters.count(ch) + 1)
                ),
            ))
        self._fitting: dict[int, int] = {}

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


class Filler:
    """One roll's search state over the plan trie of its size."""

    def __init__(self, letters: str, words: Sequence[str], deadline: Deadline,
                 stats: SearchStats) -> None:
        n = len(letters)
        root = trie(n)
        if root is None:
            raise ValueError(f"no stored skeletons of {n} cells")
        self.root = root
        self.letters = letters
        by_length: dict[int, list[str]] = {}
        for w in words:
            if 3 <= len(w) <= n:
                by_length.setdefault(len(w), []).append(w)
        self.tables = {length: Candidates(ws, letters) for length, ws in by_length.items()}
        self.shifts = [(ch, FIELD * (ord(ch) - 97)) for ch in sorted(set(letters))]
        self.cells = [""] * n  # letter of each cell id on the current path
        self.deadline = deadline
        self.stats = stats
        self.budget = CHECK_EVERY
        # (node, dice left, letters of the cells it needs) -> solutions below: equal keys
        # have equal futures, so each is searched once. The generator keeps only the zeros.
        self.memo: dict[tuple[int, int, str], int] = {}

    def tick(self, placements: int) -> None:
        """Count placements and look at the clock every CHECK_EVERY of them."""
        self.stats.placements += placements
        self.budget -= placements
        if self.budget <= 0:
            self.budget = CHECK_EVERY
            if self.deadline.expired():
                raise SearchTimeout

    def options(self, node: Node, rem: int) -> Iterator[tuple[Node, Candidates, int, int]]:
        """For each child slot: (child, its table, bitset of fitting words, crossed letters).

        A word fits when it agrees with every cell it crosses and the dice left (plus the
        crossed letters) hold all of its letters.
        """
        cells = self.cells
        for child in node.children.values():
            step = child.step
            assert step is not None
            table = self.tables.get(step.length)
            if table is None:
                continue
            bits = table.every
            crossed = 0
            at = table.at
            for p, cid in step.crossings:
                ch = cells[cid]
                bits &= at[p].get(ch, 0)
                if not bits:
                    break
                crossed += UNIT[ch]
            if not bits:
                continue
            bits &= table.fitting(rem + crossed)
            if bits:
                yield child, table, bits, crossed

    def endings(self, node: Node, rem: int) -> Iterator[tuple[Ending, list[str]]]:
        """Each solution below `node` as (skeleton ending, letters by cell id)."""
        cells = self.cells
        for child, table, bits, crossed in self.options(node, rem):
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
                    left = rem - (counts[i] - crossed)
                    key = (child.number, left, "".join([cells[j] for j in child.needs]))
                    if key in self.memo:
                        continue
                    self.stats.states += 1
                    found = False
                    for solution in self.endings(child, left):
                        found = True
                        yield solution
                    if not found:
                        self.memo[key] = 0

    def count(self, node: Node, rem: int) -> int:
        """How many solutions lie below `node`, without listing the last slot's words.

        The hot loop of counting, so `options` is written out here.
        """
        cells = self.cells
        tables = self.tables
        memo = self.memo
        total = 0
        for child in node.children.values():
            step = child.step
            assert step is not None
            table = tables.get(step.length)
            if table is None:
                continue
            bits = table.every
            crossed = 0
            at = table.at
            for p, cid in step.crossings:
                ch = cells[cid]
                bits &= at[p].get(ch, 0)
                if not bits:
                    break
                crossed += UNIT[ch]
            if not bits:
                continue
            bits &= table.fitting(rem + crossed)
            if not bits:
                continue
            endings = child.endings
            if not child.children and all(e.mirror is None for e in endings):
                # Every fitting word completes each skeleton ending here: count them at once.
                fits = bits.bit_count()
                self.tick(fits)
                total += fits * len(endings)
                continue
            new_positions = child.new_positions
            base = child.first_id
            counts = table.counts
            table_words = table.words
            deeper = bool(child.children)
            needs = child.needs
            number = child.number
            while bits:
                low = bits & -bits
                bits ^= low
                i = low.bit_length() - 1
                self.tick(1)
                w = table_words[i]
                for k, p in enumerate(new_positions):
                    cells[base + k] = w[p]
                for ending in endings:
                    if ending.mirror is None or [cells[j] for j in ending.mirror] >= cells:
                        total += 1
                if deeper:
                    left = rem - (counts[i] - crossed)
                    key = (number, left, "".join([cells[j] for j in needs]))
                    below = memo.get(key)
                    if below is None:
                        self.stats.states += 1
                        below = memo[key] = self.count(child, left)
                    total += below
        return total


def fill_endings(
    letters: str, words: Sequence[str], *, deadline: Deadline, stats: SearchStats
) -> Iterator[tuple[Ending, list[str]]]:
    """Each solution as (skeleton ending, letters by cell id); the list is reused, copy it."""
    filler = Filler(letters, words, deadline, stats)
    if deadline.expired():
        raise SearchTimeout
    return filler.endings(filler.root, packed(letters))


def fill_solutions(
    letters: str, words: Sequence[str], *, deadline: Deadline, stats: SearchStats
) -> Generator[Board, None, None]:
    """Every distinct solution as a canonical board."""
    for ending, cells in fill_endings(letters, words, deadline=deadline, stats=stats):
        yield Board.of(
            (r, c, ch) for (r, c), ch in zip(ending.coords, cells, strict=True)
        ).canonical()


def fill_count(
    letters: str, words: Sequence[str], *, deadline: Deadline, stats: SearchStats
) -> int:
    """The exact number of distinct solutions; SearchTimeout if the deadline passes first."""
    filler = Filler(letters, words, deadline, stats)
    return filler.count(filler.root, packed(letters))
