"""Long rolls (13 to 16 letters) found fast: a smaller solution plus one word hung on it.

Most solutions of a long roll have a *leaf word*: a word that crosses the rest of the board
at exactly one cell, with its other cells touching nothing else. Taking it away leaves a
solution of the remaining letters (the crossing letter stays), which has at most 12 letters
once the leaf word is long enough, and those the skeleton engine solves in milliseconds.
So: for each anagram w and each letter c of it, solve the roll less w's other letters, and
hang w on a c of that board where it fits.

It finds solutions, never proves there are none (a board whose every word crosses two others
has no leaf word): `engine.solutions` runs it first for a share of the time and then the
exhaustive attach-and-undo search, which decides the rest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Generator, Iterator, Sequence

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.qless.board import Board
from puzzlesmith.qless.fill import GUARD, packed
from puzzlesmith.qless.stats import SearchStats

MAX_SMALL = 12  # the largest roll the skeleton engine takes
BOARDS_PER_REST = 40  # solutions of one smaller roll tried for a place to hang the word

Solver = Callable[[str, Sequence[str], Deadline, SearchStats], Iterator[Board]]


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


def leaf_solutions(
    letters: str,
    words: Sequence[str],
    *,
    deadline: Deadline,
    stats: SearchStats,
    small: Solver,
) -> Generator[Board, None, None]:
    """Solutions of a long roll made of a smaller solution and one leaf word (see above).

    May yield the same board more than once; every board yielded uses exactly the roll's
    letters and is connected, and its runs are checked by the caller's validator.
    """
    have = Counter(letters)
    n = len(letters)
    tried: dict[str, bool] = {}  # smaller roll -> whether it had any solution
    packs = [packed(v) for v in words]  # letter counts as one integer (see fill.packed)
    # Longest leaf words first: they leave the smallest rolls, which solve fastest.
    for w in sorted(words, key=lambda w: (-len(w), w)):
        rest_n = n - len(w) + 1
        if rest_n < 3:
            continue
        for at in range(len(w)):
            if w[at] in w[:at]:
                continue  # the same letter at another position gives the same rests
            private = Counter(w)
            private[w[at]] -= 1
            if private - have:
                continue
            rest = "".join(sorted((have - private).elements()))
            if tried.get(rest) is False:
                continue
            if deadline.expired():
                raise SearchTimeout
            # A word fits the smaller roll when subtracting its packed counts clears no
            # guard bit (fill.GUARD), as the skeleton engine tests a word against the dice.
            room = packed(rest) | GUARD
            rest_words = [v for v, pv in zip(words, packs, strict=True)
                          if len(v) <= rest_n and (room - pv) & GUARD == GUARD]
            found = False
            if set(rest) - set("".join(rest_words)):
                tried[rest] = False  # a letter no word of the smaller roll uses
                continue
            if rest_n <= MAX_SMALL:
                boards: Iterator[Board] = small(rest, rest_words, deadline, stats)
            else:
                boards = leaf_solutions(rest, rest_words, deadline=deadline, stats=stats,
                                        small=small)
            for i, board in enumerate(boards):
                found = True
                for p in range(len(w)):  # hang w through any cell holding its letter
                    if w[p] != w[at]:
                        continue
                    for whole in hang(board, w, p):
                        stats.placements += 1
                        yield whole
                if i + 1 >= BOARDS_PER_REST:
                    break
            tried[rest] = found
