"""One search over a roll's anagrams for first, all and count: the same generator of distinct
solutions (`engines.dispatch`), stopped at the first, run to the end, or counted.

Every engine yields each distinct solution (canonical board) exactly once, so "first",
"all" and "count" are one code path that stops at a different place.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.qless.board import Board
from puzzlesmith.qless.engines.counters import SearchStats
from puzzlesmith.qless.engines.dispatch import count_solutions as engine_count
from puzzlesmith.qless.engines.dispatch import ordered_anagrams, solutions

OnSolution = Callable[[Board], None]


@dataclass
class Outcome:
    """How one search over one word list ended."""

    status: str  # "solved" | "unsolvable" | "timeout"
    board: Board | None  # the first solution found
    solutions: int  # distinct solutions found
    complete: bool  # the search was exhaustive, so `solutions` is exact
    timed_out: bool = False


def search(
    letters: str,
    words: list[str],
    deadline: Deadline,
    seed: int,
    stats: SearchStats,
    count: bool,
    max_solutions: int | None = None,
    on_solution: OnSolution | None = None,
) -> Outcome:
    """Stop at the first solution, or with `count` go on to the last (or max_solutions).

    A plain count (no streaming, no cap) finds the first board and then counts with the
    engine's counter, which need not build every board.
    """
    if set(letters) - set("".join(words)):
        # Every cell of a solution lies in a word of 3+ letters (the board is connected and
        # has 3+ cells), so a letter that is in no anagram can go nowhere: no solution.
        return Outcome("unsolvable", None, 0, True)
    if count and on_solution is None and max_solutions is None:
        head = search(letters, words, deadline, seed, stats, False)
        if head.status != "solved":
            return Outcome(head.status, None, 0, head.status == "unsolvable", head.timed_out)
        try:
            total = engine_count(letters, ordered_anagrams(words, seed), deadline=deadline,
                                 stats=stats)
        except SearchTimeout as cut:
            # At least the first solution; the fast counter says how many it got through.
            return Outcome("solved", head.board, max(1, getattr(cut, "partial", 1)), False, True)
        return Outcome("solved", head.board, total, True)
    first: Board | None = None
    found = 0
    gen: Generator[Board, None, None] = solutions(
        letters, ordered_anagrams(words, seed), deadline=deadline, seed=seed, stats=stats,
        first_only=not count,
    )
    try:
        for board in gen:
            if first is None:
                first = board
            found += 1
            if count:
                stats.progress(found)
            if on_solution is not None:
                on_solution(board)
            if not count or (max_solutions is not None and found >= max_solutions):
                return Outcome("solved", first, found, False)
    except SearchTimeout:
        return Outcome("solved" if first else "timeout", first, found, False, True)
    finally:
        gen.close()
    return Outcome("solved" if first else "unsolvable", first, found, True)


def count_solutions(
    letters: str, words: list[str], *, deadline: Deadline, max_solutions: int | None = None
) -> Outcome:
    """The exact number of distinct solutions over these anagrams (unless cut short)."""
    return search(letters, words, deadline, 0, SearchStats(), True, max_solutions)
