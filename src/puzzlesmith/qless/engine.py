"""Which search runs a roll, and in what order it tries the anagrams."""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence

from puzzlesmith.limits import Deadline
from puzzlesmith.qless.board import Board
from puzzlesmith.qless.cores import has_cores, long_trie
from puzzlesmith.qless.extend import long_count, long_solutions
from puzzlesmith.qless.fill import fill_count, fill_solutions, has_skeletons
from puzzlesmith.qless.stats import SearchStats


def prepare(n_letters: int) -> None:
    """Load the skeletons (or cores) for rolls of n letters now, so no time limit is spent on it."""
    if not has_skeletons(n_letters) and has_cores(n_letters):
        long_trie(n_letters)


def prepare_cached(n_letters: int) -> bool:
    """Load the shapes for n letters if that is quick (they are in the disk cache); whether
    they are ready. A long roll's first trie takes up to a minute to build, which a caller
    with a short time limit (a web request) must not start."""
    from puzzlesmith.qless.cores import long_trie_cached

    if not long_trie_cached(n_letters):
        return False
    prepare(n_letters)
    return True


def build_long_tries() -> None:
    """Build every long-roll trie into the disk cache (the web server starts this in a
    background process, niced, so its workers find them there)."""
    import os

    from puzzlesmith.qless.cores import MAX_CELLS, MIN_CELLS

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
    cores and hang words on smaller rolls' solutions (`extend`), exhaustively too. With
    `first_only` (the caller stops at the first board) a long roll first tries a quick pass.
    """
    stats = stats if stats is not None else SearchStats()
    if has_skeletons(len(letters)):
        return fill_solutions(letters, words, deadline=deadline, stats=stats)
    return long_solutions(letters, words, deadline=deadline, stats=stats, first_only=first_only)


def count_solutions(
    letters: str, words: Sequence[str], *, deadline: Deadline, stats: SearchStats | None = None
) -> int:
    """The exact number of distinct solutions; SearchTimeout if the deadline passes first."""
    stats = stats if stats is not None else SearchStats()
    if has_skeletons(len(letters)):
        return fill_count(letters, words, deadline=deadline, stats=stats)
    return long_count(letters, words, deadline=deadline, stats=stats)
