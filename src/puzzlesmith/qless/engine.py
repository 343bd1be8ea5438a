"""Which search runs a roll, and in what order it tries the anagrams."""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence

from puzzlesmith.limits import Deadline
from puzzlesmith.qless.attach import attach_solutions
from puzzlesmith.qless.board import Board
from puzzlesmith.qless.stats import SearchStats


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
) -> Generator[Board, None, None]:
    """Every distinct solution (canonical boards) of the roll over these anagrams."""
    return attach_solutions(letters, words, deadline=deadline, stats=stats)
