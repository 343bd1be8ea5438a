"""Column-word grids: the puzzle, its limits and the validator every answer passes through.

A puzzle is a rectangle of rows, top to bottom. A cell is a lowercase letter or `?` (unknown).
A row holding any `?` is an *unknown row*: the solver must make it a word of the row lexicon.
Fully given rows need not be words (the calendar puzzles fill them with any letters).
Every column, read downwards, must be a word of the column lexicon once the grid is filled.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from puzzlesmith.errors import InputError

UNKNOWN = "?"
MIN_WIDTH, MAX_WIDTH = 3, 15
MIN_HEIGHT, MAX_HEIGHT = 2, 15
# `wordgrid create` makes a puzzle with one answer unless asked otherwise (`--no-unique`,
# `"unique": false`, the page's box unticked): a friend who finds another word that fits has
# solved it too, and a hidden answer is only fair when it is the only one. Here, in this light
# module, so the CLI and the API take it without loading the creator.
UNIQUE_DEFAULT = True


@dataclass(frozen=True)
class Puzzle:
    """A column-word grid: rows of letters and `?`, all of one width. Build with `parse_rows`."""

    rows: tuple[str, ...]
    title: str | None = None

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    @cached_property
    def unknown_rows(self) -> tuple[int, ...]:
        """Indexes (0-based) of the rows that must become words."""
        return tuple(r for r, row in enumerate(self.rows) if UNKNOWN in row)

    @property
    def columns(self) -> tuple[str, ...]:
        """The columns read downwards, `?` kept."""
        return tuple("".join(col) for col in zip(*self.rows, strict=True))

    def to_json(self) -> dict[str, Any]:
        return {"rows": list(self.rows), "title": self.title}


def parse_rows(rows: Iterable[str], title: str | None = None) -> Puzzle:
    """The puzzle of `rows` (any case, `?` = unknown); InputError naming the first problem."""
    clean = tuple(r.strip().lower() for r in rows)
    if not clean:
        raise InputError("no rows given: give the rows top to bottom, e.g. ?????? ortrca tethil")
    if not MIN_HEIGHT <= len(clean) <= MAX_HEIGHT:
        raise InputError(
            f"a grid needs {MIN_HEIGHT} to {MAX_HEIGHT} rows, got {len(clean)}"
        )
    for i, row in enumerate(clean, start=1):
        bad = sorted({c for c in row if not ("a" <= c <= "z" or c == UNKNOWN)})
        if bad or not row:
            what = f"characters {''.join(bad)!r}" if bad else "nothing"
            raise InputError(f"row {i} {row!r} holds {what}: use letters a-z and ? only")
    widths = {len(r) for r in clean}
    if len(widths) > 1:
        shown = ", ".join(f"{r} ({len(r)})" for r in clean)
        raise InputError(f"rows have different lengths: {shown}")
    width = widths.pop()
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise InputError(f"a grid needs {MIN_WIDTH} to {MAX_WIDTH} columns, got {width}")
    if not any(UNKNOWN in r for r in clean):
        raise InputError("no unknown cell: mark the cells to find with ?, e.g. ??????")
    return Puzzle(clean, title)


def fill(puzzle: Puzzle, words: Sequence[str]) -> tuple[str, ...]:
    """The grid with the unknown rows replaced by `words` (one per unknown row, top to bottom)."""
    rows = list(puzzle.rows)
    for r, w in zip(puzzle.unknown_rows, words, strict=True):
        rows[r] = w
    return tuple(rows)


def check_solution(
    puzzle: Puzzle,
    grid: Sequence[str],
    row_words: frozenset[str],
    column_words: frozenset[str],
    distinct: bool = False,
) -> None:
    """Raise AssertionError unless `grid` fills `puzzle` by its rules (with `distinct`, no two
    unknown rows hold the same word).

    The engines call this on every grid they return, so a bug shows up as a loud failure
    rather than a wrong answer.
    """
    if len(grid) != puzzle.height:
        raise AssertionError(f"grid has {len(grid)} rows, puzzle {puzzle.height}")
    for r, (given, row) in enumerate(zip(puzzle.rows, grid, strict=True)):
        if len(row) != puzzle.width or not row.isascii() or not row.isalpha():
            raise AssertionError(f"row {r + 1} {row!r} is not {puzzle.width} letters")
        if UNKNOWN not in given:
            changed = row != given
        else:
            changed = any(g != UNKNOWN and g != c for g, c in zip(given, row, strict=True))
            if not changed and row not in row_words:
                raise AssertionError(f"row {r + 1} {row!r} is not a word")
        if changed:
            raise AssertionError(f"row {r + 1} {row!r} changes given letters of {given!r}")
    for c, word in enumerate(map("".join, zip(*grid, strict=True))):
        if word not in column_words:
            raise AssertionError(f"column {c + 1} {word!r} is not a word")
    if distinct:
        filled = [grid[r] for r in puzzle.unknown_rows]
        if len(set(filled)) != len(filled):
            raise AssertionError(f"an unknown row repeats a word: {filled}")
