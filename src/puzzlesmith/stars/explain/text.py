"""How a reason is worded: cells as r3c5, plurals, and the phrases the rules share."""

from __future__ import annotations

from collections.abc import Callable

from puzzlesmith.stars.board import Board
from puzzlesmith.stars.model import Cell


def _rc(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _tiling_text(cover: list[tuple[int, int, int]], star: int, empty: int, need: int, b: Board) -> str:
    names = ", ".join(f"{_rc((r, c))}-{_rc((r + 1, c + 1))}" for r, c, _ in cover)
    parts = []
    if empty:
        parts.append(f"{_cells_text(b.cells(empty))} "
                     f"{'is' if empty.bit_count() == 1 else 'are'} empty")
    if star:
        parts.append(f"{_cells_text(b.cells(star))} "
                     f"{'is a star' if star.bit_count() == 1 else 'are stars'} (the only open cell "
                     f"left for {'its block' if star.bit_count() == 1 else 'their blocks'})")
    blocks = "the 2x2 block" if need == 1 else f"{_NUMBER_WORDS.get(need, need)} 2x2 blocks"
    return (f"its open cells fit in {blocks} {names}; a 2x2 block holds at most one "
            f"star, so each block holds exactly one of them: " + " and ".join(parts) + ".")


# "fit in two 2x2 blocks", not "in the 2 2x2 blocks": two numbers side by side misread.
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


def _fits(why: str) -> str:
    return f"{why}, and they fit in that many 2x2 blocks"


def _all_open(why: Callable[[], str]) -> str:
    return f"{why()}, all of its open cells"


def _sees_text(why: Callable[[], str], common: int, b: Board) -> str:
    return f"{why()}, and {_cells_text(b.cells(common))} touch all its open cells"


def _decided_text(b: Board, star: int, empty: int) -> str:
    """ "r1c2 is a star and r3c4, r5c6 are empty" """
    parts = []
    if star:
        parts.append(f"{_cells_text(b.cells(star))} "
                     f"{'is a star' if star.bit_count() == 1 else 'are stars'}")
    if empty:
        parts.append(f"{_cells_text(b.cells(empty))} {'is' if empty.bit_count() == 1 else 'are'} empty")
    return " and ".join(parts)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _uncap(text: str) -> str:
    return text[:1].lower() + text[1:]


def _cells_text(cells: list[Cell]) -> str:
    return ", ".join(_rc(c) for c in cells)
