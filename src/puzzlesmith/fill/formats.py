"""Crossword grid files: plain text, Across Lite `.puz` (through puzpy) and `.ipuz` JSON.

Text: one line a row, `#` a block, `.` or `?` an empty cell, a-z (any case) a fixed letter;
blank lines, spaces and comment lines starting `;` or `//` are ignored; one line may also
hold every row, split by `/`.

`.puz` and `.ipuz`: the blocks come from the grid, the fixed letters from its solution (the
setter's letters); a solution cell that holds no letter (`-`, blank, null) is empty. Written
files hold the filled grid as their solution, numbered, with empty clues.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from puzzlesmith.errors import InputError
from puzzlesmith.fill.model import BLOCK, EMPTY, Grid, parse_grid

SUFFIXES = (".puz", ".ipuz")


def split_rows(text: str) -> list[str]:
    """The grid rows of a text: lines (or `/`-separated rows on one line), comments dropped."""
    rows: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith(("//", ";")):
            continue
        rows.extend(part.strip() for part in line.split("/") if part.strip())
    return rows


def parse_text(text: str, *, allow_2: bool = False) -> Grid:
    return parse_grid(split_rows(text), allow_2=allow_2)


def read_grid_file(path: Path, *, allow_2: bool = False) -> Grid:
    """The grid in the file at `path` (text, .puz or .ipuz by its suffix)."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".puz":
            return _read_puz(path, allow_2)
        if suffix == ".ipuz":
            return _read_ipuz(path.read_text("utf-8"), allow_2)
        return parse_text(path.read_text("utf-8"), allow_2=allow_2)
    except FileNotFoundError:
        raise InputError(f"grid file not found: {path}") from None
    except IsADirectoryError:
        raise InputError(f"grid file is a directory: {path}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read grid file {path}: {e}") from None
    except InputError as e:
        raise InputError(f"{path}: {e}") from None


def _read_puz(path: Path, allow_2: bool) -> Grid:
    import puz

    try:
        p = puz.read(str(path))
    except Exception as e:  # puzpy raises its own and struct errors on damaged files
        raise InputError(f"not a readable .puz file: {e}") from None
    w, h = p.width, p.height
    cells = []
    for ch in p.solution[: w * h]:
        if ch == ".":
            cells.append(BLOCK)
        elif ch.isascii() and ch.isalpha():
            cells.append(ch.lower())
        else:
            cells.append(EMPTY)
    return parse_grid(["".join(cells[r * w : (r + 1) * w]) for r in range(h)], allow_2=allow_2)


def _ipuz_value(cell: Any) -> str | None:
    if isinstance(cell, dict):
        cell = cell.get("value", cell.get("cell"))
    return cell if isinstance(cell, str) else None


def _read_ipuz(text: str, allow_2: bool) -> Grid:
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise InputError(f"not ipuz JSON: {e}") from None
    if not isinstance(doc, dict) or "puzzle" not in doc:
        raise InputError("not an ipuz crossword (no \"puzzle\" grid)")
    block = str(doc.get("block", "#"))
    puzzle = doc["puzzle"]
    solution = doc.get("solution") or [[None] * len(r) for r in puzzle]
    rows = []
    try:
        for prow, srow in zip(puzzle, solution, strict=True):
            row = []
            for pcell, scell in zip(prow, srow, strict=True):
                if _ipuz_value(pcell) == block or pcell is None:
                    row.append(BLOCK)
                    continue
                letter = _ipuz_value(scell)
                row.append(letter.lower() if letter and len(letter) == 1 and letter.isalpha()
                           and letter.isascii() else EMPTY)
            rows.append("".join(row))
    except (TypeError, ValueError):
        raise InputError("ipuz puzzle and solution grids differ in shape") from None
    return parse_grid(rows, allow_2=allow_2)


def _clue_numbers(grid: Grid) -> tuple[list[int], list[int]]:
    across = [s.number for s in grid.slots if s.direction == "across"]
    down = [s.number for s in grid.slots if s.direction == "down"]
    return across, down


def dump_text(grid: Grid) -> str:
    return "\n".join(grid.rows) + "\n"


def dump_ipuz(grid: Grid, title: str = "") -> str:
    numbers = grid.numbers
    w = grid.width
    puzzle: list[list[Any]] = []
    solution: list[list[Any]] = []
    for r, row in enumerate(grid.rows):
        puzzle.append([BLOCK if ch == BLOCK else numbers.get(r * w + c, 0) for c, ch in enumerate(row)])
        solution.append([BLOCK if ch == BLOCK else (ch.upper() if ch != EMPTY else None) for ch in row])
    across, down = _clue_numbers(grid)
    doc = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "title": title,
        "dimensions": {"width": grid.width, "height": grid.height},
        "block": BLOCK,
        "empty": 0,
        "puzzle": puzzle,
        "solution": solution,
        "clues": {"Across": [[n, ""] for n in across], "Down": [[n, ""] for n in down]},
    }
    return json.dumps(doc, indent=1)


def dump_puz(grid: Grid, title: str = "") -> bytes:
    import puz

    p = puz.Puzzle()
    p.width, p.height = grid.width, grid.height
    p.solution = "".join("." if ch == BLOCK else ("-" if ch == EMPTY else ch.upper()) for ch in grid.cells)
    p.fill = "".join("." if ch == BLOCK else "-" for ch in grid.cells)
    p.title = title
    # .puz lists clues cell by cell, the across clue before the down clue of a cell.
    p.clues = ["" for _ in grid.slots]
    return bytes(p.tobytes())


def write_grid_file(path: Path, grid: Grid, title: str = "") -> None:
    """Write `grid` to `path` as .puz, .ipuz or text, by the suffix."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".puz":
            if EMPTY in grid.cells:
                raise InputError(".puz needs a full grid (every cell a letter)")
            path.write_bytes(dump_puz(grid, title))
        elif suffix == ".ipuz":
            path.write_text(dump_ipuz(grid, title), "utf-8")
        else:
            path.write_text(dump_text(grid), "utf-8")
    except OSError as e:
        raise InputError(f"cannot write {path}: {e}") from None


def grid_rows_from_args(rows: Sequence[str]) -> list[str]:
    """Grid rows from the command line: one argument a row, or one argument holding the rows
    split by `/` or newlines."""
    out: list[str] = []
    for arg in rows:
        out.extend(split_rows(arg))
    return out
