"""Which search runs a roll, and in what order it tries the anagrams."""

from __future__ import annotations

import random
from collections.abc import Generator, Iterator, Sequence

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.qless.attach import attach_solutions
from puzzlesmith.qless.board import Board
from puzzlesmith.qless.extend import leaf_solutions
from puzzlesmith.qless.fill import fill_count, fill_solutions, has_skeletons
from puzzlesmith.qless.stats import SearchStats

# Share of a long roll's time limit the leaf-word search may use before the exhaustive one.
LEAF_SHARE = 0.5


def prepare(n_letters: int) -> None:
    """Load the skeletons for rolls of n letters now, so no time limit is spent on it."""
    has_skeletons(n_letters)


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

    Rolls of up to 12 letters fill the precomputed skeletons; longer ones (beyond the stored
    skeletons) use the seed's attach-and-undo search. With `first_only` (the caller stops at
    the first board) a long roll first looks for a smaller solution with one word hung on it
    (`extend`), which finds most long rolls' first solution far sooner.
    """
    stats = stats if stats is not None else SearchStats()
    if has_skeletons(len(letters)):
        return fill_solutions(letters, words, deadline=deadline, stats=stats)
    if first_only:
        return _long_first(letters, words, deadline, stats)
    return attach_solutions(letters, words, deadline=deadline, stats=stats)


def _small(letters: str, words: Sequence[str], deadline: Deadline,
           stats: SearchStats) -> Iterator[Board]:
    return fill_solutions(letters, words, deadline=deadline, stats=stats)


def _long_first(
    letters: str, words: Sequence[str], deadline: Deadline, stats: SearchStats
) -> Generator[Board, None, None]:
    """A long roll's first solution: leaf words for a share of the time, then exhaustively."""
    share = Deadline(max(deadline.remaining() * LEAF_SHARE, 1e-3))
    try:
        for board in leaf_solutions(letters, words, deadline=share, stats=stats, small=_small):
            yield board.canonical()
            return
    except SearchTimeout:
        if deadline.expired():
            raise
    yield from attach_solutions(letters, words, deadline=deadline, stats=stats)


def count_solutions(
    letters: str, words: Sequence[str], *, deadline: Deadline, stats: SearchStats | None = None
) -> int:
    """The exact number of distinct solutions; SearchTimeout if the deadline passes first."""
    stats = stats if stats is not None else SearchStats()
    if has_skeletons(len(letters)):
        return fill_count(letters, words, deadline=deadline, stats=stats)
    found = 0
    for _ in attach_solutions(letters, words, deadline=deadline, stats=stats):
        found += 1
        stats.progress(found)
    return found
