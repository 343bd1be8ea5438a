"""The first solver's search: place a word, attach words through shared letters, undo, repeat.

Kept as written up in the original solver so the fast engine has a baseline to be
measured against; 15-16-letter rolls also give it a first share of their time (it finds some
boards at once, `long.long_solutions`). It is complete: a solution's words always connect
through shared cells, so building from every starting word reaches every solution; board
states are remembered (up to translation and transposition) so none is explored twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Iterator, Sequence

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.qless.board import Board, is_solution
from puzzlesmith.qless.engines.counters import SearchStats

Pos = tuple[int, int]


def attach_solutions(
    letters: str,
    words: Sequence[str],
    *,
    deadline: Deadline,
    stats: SearchStats | None = None,
    memo_limit: int | None = None,
) -> Generator[Board, None, None]:
    """Every distinct solution (canonical boards), in the order the words are given.

    `memo_limit` caps how many board states are remembered (None: all of them); past it the
    search stays correct but may explore a state again.
    """
    stats = stats if stats is not None else SearchStats()
    n = len(letters)
    words = [w for w in words if 3 <= len(w) <= n]
    word_set = frozenset(words)
    # Every run on a partial board lies inside some run of the finished board, so it must be
    # a piece of some anagram.
    pieces = {w[i:j] for w in words for i in range(len(w)) for j in range(i + 2, len(w) + 1)}
    grid: dict[Pos, str] = {}
    remaining = Counter(letters)
    left = [n]
    seen: set[Board] = set()
    found: set[Board] = set()

    def run_through(r: int, c: int, dr: int, dc: int) -> str:
        while (r - dr, c - dc) in grid:
            r, c = r - dr, c - dc
        out = []
        while (r, c) in grid:
            out.append(grid[r, c])
            r, c = r + dr, c + dc
        return "".join(out)

    def try_place(w: str, r: int, c: int, dr: int, dc: int) -> list[Pos] | None:
        """Put w down at (r, c) going (dr, dc); the new cells, or None if it does not fit."""
        if (r - dr, c - dc) in grid or (r + dr * len(w), c + dc * len(w)) in grid:
            return None
        need: Counter[str] = Counter()
        new: list[Pos] = []
        for k, ch in enumerate(w):
            p = (r + dr * k, c + dc * k)
            have = grid.get(p)
            if have is None:
                need[ch] += 1
                new.append(p)
            elif have != ch:
                return None
        if not new or any(remaining[ch] < k for ch, k in need.items()):
            return None
        stats.placements += 1
        for k, ch in enumerate(w):
            grid[r + dr * k, c + dc * k] = ch
        remaining.subtract(need)
        left[0] -= len(new)
        for pr, pc in new:
            across = run_through(pr, pc, dc, dr)
            if len(across) >= 2 and across not in pieces:
                undo(new)
                return None
        return new

    def undo(new: list[Pos]) -> None:
        for p in new:
            remaining[grid.pop(p)] += 1
        left[0] += len(new)

    def crossings(anchors: list[tuple[Pos, str]]) -> Iterator[tuple[str, int, int, int, int]]:
        """Each word placed across or down through a placed letter it shares: (word, first
        row, first column, row step, column step)."""
        for w in words:
            for (r, c), ch in anchors:
                for k, wc in enumerate(w):
                    if wc == ch:
                        for dr, dc in ((0, 1), (1, 0)):
                            yield w, r - dr * k, c - dc * k, dr, dc

    def search() -> Iterator[Board]:
        if deadline.expired():
            raise SearchTimeout
        if left[0] == 0:
            board = Board.of((r, c, ch) for (r, c), ch in grid.items()).canonical()
            if board not in found and is_solution(board, letters, word_set):
                found.add(board)
                yield board
            return
        for w, r, c, dr, dc in crossings(list(grid.items())):
            new = try_place(w, r, c, dr, dc)
            if new is None:
                continue
            state = Board.of((r, c, ch) for (r, c), ch in grid.items()).canonical()
            if state not in seen:
                if memo_limit is None or len(seen) < memo_limit:
                    seen.add(state)
                stats.states += 1
                yield from search()
            undo(new)

    for w in words:
        if Counter(w) - remaining:
            continue
        # By transposition every solution has a layout with its first word across.
        new = try_place(w, 0, 0, 0, 1)
        if new is None:
            continue
        stats.states += 1
        yield from search()
        undo(new)
