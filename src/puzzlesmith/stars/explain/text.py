"""How a reason is worded: cells as r3c5, plurals, lists, and the phrases the rules share
(and the hints, `stars/hints.py`)."""

from __future__ import annotations

from collections.abc import Callable

from puzzlesmith.stars.board import Board
from puzzlesmith.stars.model import Cell


def rc(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def tiling_text(cover: list[tuple[int, int, int]], star: int, empty: int, need: int, b: Board) -> str:
    names = ", ".join(f"{rc((r, c))}-{rc((r + 1, c + 1))}" for r, c, _ in cover)
    parts = []
    if empty:
        parts.append(empty_text(b, empty))
    if star:
        parts.append(f"{stars_text(b, star)} (the only open cell "
                     f"left for {'its block' if star.bit_count() == 1 else 'their blocks'})")
    blocks = "the 2x2 block" if need == 1 else f"{_NUMBER_WORDS.get(need, need)} 2x2 blocks"
    return (f"its open cells fit in {blocks} {names}; a 2x2 block holds at most one "
            f"star, so each block holds exactly one of them: " + " and ".join(parts) + ".")


# "fit in two 2x2 blocks", not "in the 2 2x2 blocks": two numbers side by side misread.
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


def fits(why: str) -> str:
    return f"{why}, and they fit in that many 2x2 blocks"


def all_open(why: Callable[[], str]) -> str:
    return f"{why()}, all of its open cells"


def sees_text(why: Callable[[], str], common: int, b: Board) -> str:
    return f"{why()}, and {cells_text(b.cells(common))} touch all its open cells"


def decided_text(b: Board, star: int, empty: int) -> str:
    """ "r1c2 is a star and r3c4, r5c6 are empty" """
    parts = []
    if star:
        parts.append(stars_text(b, star))
    if empty:
        parts.append(empty_text(b, empty))
    return " and ".join(parts)


def stars_text(b: Board, star: int) -> str:
    """ "r1c2 is a star", "r1c2, r3c4 are stars" """
    return f"{cells_text(b.cells(star))} {'is a star' if star.bit_count() == 1 else 'are stars'}"


def empty_text(b: Board, empty: int) -> str:
    """ "r1c2 is empty", "r1c2, r3c4 are empty" """
    return f"{cells_text(b.cells(empty))} {'is' if empty.bit_count() == 1 else 'are'} empty"


def cap_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def uncap_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def cells_text(cells: list[Cell]) -> str:
    return ", ".join(rc(c) for c in cells)


def and_list(words: list[str]) -> str:
    """ "a", "a and b", "a, b and c" """
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
