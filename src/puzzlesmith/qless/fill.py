"""The fast engine: fill the precomputed skeletons' slots with the roll's anagrams.

The search walks the plan trie of the roll's size (see `skeletons`). Arriving at a node
means one more slot to fill: its candidates are the anagrams of its length that agree with
the cells it crosses (an AND of position/letter bitsets over the roll's anagrams), and that
the letters still on the dice can complete. The dice are one integer holding 26 six-bit
letter counts, so "are these letters still available" and "take them" are one subtraction
and one mask test. A skeleton ends at a node: all n cells are filled with exactly the
roll's letters, its slots hold words, and nothing else is on the board, so it is a solution.
Different (skeleton, filling) pairs are different solutions; for a skeleton that is its own
transposition, a filling and its mirror image are one solution, reported once.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.qless.board import Board
from puzzlesmith.qless.skeletons import Ending, Node, trie
from puzzlesmith.qless.stats import SearchStats

FIELD = 6  # bits per letter count: counts up to 31, and a guard bit above each
GUARD = sum(1 << (FIELD * i + FIELD - 1) for i in range(26))
UNIT = {chr(97 + i): 1 << (FIELD * i) for i in range(26)}
CHECK_EVERY = 2048  # placements between deadline checks


def packed(letters: str) -> int:
    """Letter counts packed into one integer, FIELD bits per letter."""
    return sum(UNIT[ch] for ch in letters)


@dataclass(frozen=True)
class Candidates:
    """A roll's anagrams of one length, with their position/letter bitsets and packed counts."""

    words: tuple[str, ...]
    every: int  # the bitset of all of them
    at: dict[tuple[int, str], int]  # (position, letter) -> bitset of words with it there
    counts: tuple[int, ...]  # packed letter counts of each word

    @classmethod
    def of(cls, words: Sequence[str]) -> Candidates:
        at: dict[tuple[int, str], int] = {}
        for i, w in enumerate(words):
            bit = 1 << i
            for p, ch in enumerate(w):
                at[p, ch] = at.get((p, ch), 0) | bit
        return cls(tuple(words), (1 << len(words)) - 1, at, tuple(packed(w) for w in words))


def has_skeletons(n: int) -> bool:
    return trie(n) is not None


def fill_endings(
    letters: str, words: Sequence[str], *, deadline: Deadline, stats: SearchStats
) -> Generator[tuple[Ending, list[str]], None, None]:
    """Each solution as (skeleton ending, letters by cell id); the list is reused, copy it."""
    n = len(letters)
    root = trie(n)
    if root is None:
        raise ValueError(f"no stored skeletons of {n} cells")
    by_length: dict[int, list[str]] = {}
    for w in words:
        if 3 <= len(w) <= n:
            by_length.setdefault(len(w), []).append(w)
    tables = {length: Candidates.of(ws) for length, ws in by_length.items()}
    cells = [""] * n
    budget = [CHECK_EVERY]

    def visit(node: Node, rem: int) -> Generator[tuple[Ending, list[str]], None, None]:
        for child in node.children.values():
            step = child.step
            assert step is not None
            table = tables.get(step.length)
            if table is None:
                continue
            bits = table.every
            crossed = 0
            for p, cid in step.crossings:
                ch = cells[cid]
                bits &= table.at.get((p, ch), 0)
                if not bits:
                    break
                crossed += UNIT[ch]
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
                left = (rem | GUARD) - (counts[i] - crossed)
                if left & GUARD != GUARD:
                    continue  # some letter of the word is no longer on the dice
                left ^= GUARD
                stats.placements += 1
                budget[0] -= 1
                if budget[0] <= 0:
                    budget[0] = CHECK_EVERY
                    if deadline.expired():
                        raise SearchTimeout
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
                    stats.states += 1
                    yield from visit(child, left)

    if deadline.expired():
        raise SearchTimeout
    yield from visit(root, packed(letters))


def fill_solutions(
    letters: str, words: Sequence[str], *, deadline: Deadline, stats: SearchStats
) -> Generator[Board, None, None]:
    """Every distinct solution as a canonical board."""
    for ending, cells in fill_endings(letters, words, deadline=deadline, stats=stats):
        yield Board.of(
            (r, c, ch) for (r, c), ch in zip(ending.coords, cells, strict=True)
        ).canonical()


def fill_count(
    letters: str,
    words: Sequence[str],
    *,
    deadline: Deadline,
    stats: SearchStats,
    max_solutions: int | None = None,
) -> int:
    """How many distinct solutions there are (up to max_solutions); SearchTimeout if cut."""
    found = 0
    for _ in fill_endings(letters, words, deadline=deadline, stats=stats):
        found += 1
        if max_solutions is not None and found >= max_solutions:
            break
    return found
