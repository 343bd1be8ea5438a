"""Which search runs a roll, and in what order it tries the anagrams."""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence

from puzzlesmith.limits import Deadline
from puzzlesmith.qless.board import Board
from puzzlesmith.qless.engines import vowels
from puzzlesmith.qless.engines.counters import SearchStats
from puzzlesmith.qless.engines.long import long_count, long_solutions, part_of
from puzzlesmith.qless.engines.skeleton import fill_count, fill_solutions, has_skeletons
from puzzlesmith.qless.shapes.cores import has_cores, long_trie

# A long roll's word-tree pass: at most this many crossing words tried, in at most this share
# of the time. Its misses are mostly unsolvable rolls, which only the exhaustive search can
# answer, so the budget is what the long-roll benchmark's rolls need with room to spare
# (benchmarks/RESULTS.md, qless_long).
TREE_BUDGET = 50_000
TREE_SHARE = 0.2


def prepare(n_letters: int) -> None:
    """Load the skeletons (or cores) for rolls of n letters now, so no time limit is spent on it."""
    if not has_skeletons(n_letters) and has_cores(n_letters):
        long_trie(n_letters)


def prepare_cached(n_letters: int) -> bool:
    """Load the shapes for n letters if that is quick (they are in the disk cache); whether
    they are ready. A long roll's first trie takes up to a minute to build, which a caller
    with a short time limit (a web request) must not start."""
    from puzzlesmith.qless.shapes.cores import long_trie_cached

    if not long_trie_cached(n_letters):
        return False
    prepare(n_letters)
    return True


def build_long_tries() -> None:
    """Build every long-roll trie into the disk cache (the web server starts this in a
    background process, niced, so its workers find them there)."""
    import os

    from puzzlesmith.qless.shapes.cores import MAX_CELLS, MIN_CELLS

    os.nice(10)
    for n in range(MIN_CELLS, MAX_CELLS + 1):
        prepare(n)


def ordered_anagrams(words: Sequence[str], seed: int) -> list[str]:
    """Seed 0: longest first (most rolls are one long word plus crossers); else shuffled."""
    ordered = sorted(words, key=lambda w: (-len(w), w))
    if seed:
        random.Random(seed).shuffle(ordered)
        ordered.sort(key=len, reverse=True)
    return ordered


def solutions(
    letters: str,
    words: Sequence[str],
    *,
    deadline: Deadline,
    seed: int = 0,
    stats: SearchStats | None = None,
    first_only: bool = False,
) -> Generator[Board, None, None]:
    """Every distinct solution (canonical boards) of the roll over these anagrams.

    Rolls of up to 12 letters fill the precomputed skeletons; longer ones fill the stored
    cores and hang words on smaller rolls' solutions (`long`), exhaustively too. With
    `first_only` (the caller stops at the first board) a long roll first tries a quick pass.
    """
    stats = stats if stats is not None else SearchStats()
    if has_skeletons(len(letters)):
        if first_only and seed == 0 and vowels.applies(letters, words):
            return _few_vowels(letters, words, deadline, stats)
        return fill_solutions(letters, words, deadline=deadline, stats=stats)
    if first_only and seed == 0:
        return _tree_then_long(letters, words, deadline, stats)
    return long_solutions(letters, words, deadline=deadline, stats=stats, first_only=first_only)


def _few_vowels(letters: str, words: Sequence[str], deadline: Deadline,
                stats: SearchStats) -> Generator[Board, None, None]:
    """The first solution of a roll with two vowels from its word sets (`vowels`), or none.

    On the census rolls the word trees miss it proves none much faster than the skeleton
    search, and finds one about as fast (docs/atlas.md)."""
    board = vowels.first_board(letters, words, deadline, stats)
    if board is not None:
        yield board


def _tree_then_long(letters: str, words: Sequence[str], deadline: Deadline,
                    stats: SearchStats) -> Generator[Board, None, None]:
    """A long roll's first solution: a word tree (`tree`) for a share of the time, then the
    exhaustive search. On the long-roll benchmark (benchmarks/RESULTS.md, qless_long) word
    trees answer nearly every solvable roll far sooner than the exhaustive search's own
    first pass, which times out on a few (some 15-16-letter rolls have only a few
    solutions, all of them trees, which it reaches last)."""
    from puzzlesmith.qless.engines.tree import WordTables, quick_boards

    share = part_of(deadline, TREE_SHARE)
    board = quick_boards([letters], WordTables(words), budget=TREE_BUDGET,
                         time_limit=share, main_budget=TREE_BUDGET)[0]
    if board is not None:
        stats.placements += 1
        yield board
        return
    if vowels.applies(letters, words):
        # A long roll with two vowels: its word sets are exhaustive in seconds, where the
        # shapes of 13-16 cells take many minutes (docs/qless.md).
        yield from _few_vowels(letters, words, deadline, stats)
        return
    yield from long_solutions(letters, words, deadline=deadline, stats=stats, first_only=True)


def count_solutions(
    letters: str, words: Sequence[str], *, deadline: Deadline, stats: SearchStats | None = None
) -> int:
    """The exact number of distinct solutions; SearchTimeout if the deadline passes first."""
    stats = stats if stats is not None else SearchStats()
    if has_skeletons(len(letters)):
        return fill_count(letters, words, deadline=deadline, stats=stats)
    return long_count(letters, words, deadline=deadline, stats=stats)
