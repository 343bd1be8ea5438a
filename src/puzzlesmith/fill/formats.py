"""Crossword grid files: plain text, Across Lite `.puz` (through puzpy) and `.ipuz` JSON.

Text: one line a row, `#` a block, `.` or `?` an empty cell, a-z (any case) a fixed letter,
`[letters]` a rebus cell (`no[star]ch`); blank lines, spaces and comment lines starting `;` or
`//` are ignored; one line may also hold every row, split by `/`.

`.puz` and `.ipuz`: the blocks come from the grid, the fixed letters from its solution (the
setter's letters); a solution cell that holds no letter (`-`, blank, null) is empty. Title,
author, copyright, notes and the clues are read into the `Grid` and written back out, so a
file read, filled and written keeps them; an entry without a clue is written with an empty one.

A locked `.puz` (its solution scrambled) is read for its blocks only, its cells empty, and
the grid says it was locked (`Grid.locked`). An `.ipuz` null cell (outside a shaped grid) is
a void: a block to the fill, written back as null (`Grid.voids`); `.puz` and text have no
voids and write them as blocks. Rebus cells (several letters in one cell: a .puz file's
GRBS/RTBL sections, an .ipuz solution cell of several letters, `[letters]` in text) are read
into `Grid.rebus`, kept by the fill and written back the same way; a rebus of other than
letters a-z (a symbol, a digit) is read as an empty cell, as such a solution letter is.
Circled cells (a .puz GEXT section's circle flag, an .ipuz cell style's `shapebg: circle`)
and shaded ones (an .ipuz style's `highlight`) are read into `Grid.circles` and
`Grid.shaded` and written back the same way (a .puz has no shading: it is not written
there); a .puz file's LTIM (timer) and RUSR (solver's rebus) sections are written back as
they were read. GEXT's other flags (a solver's marks) are not kept.

`to_document` / `from_document` are the same grid as JSON, for the web page and `--json`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from puzzlesmith.bounded import read_puzzle_bytes
from puzzlesmith.errors import InputError
from puzzlesmith.fill.model import BLOCK, EMPTY, Grid, Slot, parse_grid, rebus_json

SUFFIXES = (".puz", ".ipuz")
FORMATS = ("puz", "ipuz", "text")


def split_rows(text: str) -> list[str]:
    """The grid rows of a text: lines (or `/`-separated rows on one line), comments dropped."""
    import io

    from puzzlesmith.fill.model import MAX_SIZE

    rows: list[str] = []
    for line in io.StringIO(text, newline=None):  # line by line: a million lines are not all split first
        line = line.strip()
        if line.startswith(("//", ";")):
            continue
        rows.extend(part.strip() for part in line.split("/", MAX_SIZE + 1) if part.strip())
        if len(rows) > MAX_SIZE:  # refused now, not after splitting a million more
            raise InputError(f"a grid is at most {MAX_SIZE} rows; this one has more")
    return rows


def parse_text(text: str, *, allow_2: bool = False) -> Grid:
    return parse_grid(split_rows(text), allow_2=allow_2)


def format_of(name: str) -> str:
    """`puz`, `ipuz` or `text`, by the file name's suffix."""
    suffix = Path(name).suffix.lower()
    return suffix[1:] if suffix in SUFFIXES else "text"


def read_grid_file(path: Path, *, allow_2: bool = False) -> Grid:
    """The grid in the file at `path` (text, .puz or .ipuz by its suffix)."""
    try:
        data = read_puzzle_bytes(path, f"grid file {path}")
    except FileNotFoundError:
        raise InputError(f"grid file not found: {path}") from None
    except IsADirectoryError:
        raise InputError(f"grid file is a directory: {path}") from None
    except OSError as e:
        raise InputError(f"cannot read grid file {path}: {e}") from None
    try:
        return read_grid_bytes(data, format_of(path.name), allow_2=allow_2)
    except InputError as e:
        raise InputError(f"{path}: {e}") from None


def read_grid_bytes(data: bytes, fmt: str, *, allow_2: bool = False) -> Grid:
    """The grid in a file's bytes, `fmt` one of FORMATS (an upload has no path to go by)."""
    if fmt == "puz":
        return _read_puz(data, allow_2)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"not UTF-8 text, so not a {fmt} grid file") from None
    if fmt == "ipuz":
        return _read_ipuz(text, allow_2)
    if fmt == "text":
        return parse_text(text, allow_2=allow_2)
    raise InputError(f"unknown grid format {fmt!r}: choose one of {', '.join(FORMATS)}")


def puz_order(grid: Grid) -> list[Slot]:
    """The entries in a .puz file's clue order: cell by cell, a cell's across before its down."""
    return sorted(grid.slots, key=lambda s: (s.cells[0], s.direction != "across"))


PUZ_MARK = b"ACROSS&DOWN\0"  # every .puz file holds it in its header
CIRCLED = 0x80  # a .puz GEXT byte's circle (puzpy's GridMarkup.Circled)
CIRCLED_MARK = b"GEXT"
KEPT_SECTIONS = ("LTIM", "RUSR")  # .puz sections written back as they were read


# Complex: one check a field of the format, each refused with a message of its own.
def _read_puz(data: bytes, allow_2: bool) -> Grid:
    import puz

    if PUZ_MARK not in data:
        raise InputError("not a .puz file: it lacks the format's mark (ACROSS&DOWN) near its "
                         "start; open a .puz, .ipuz or .txt grid")
    p = puz.Puzzle()
    try:
        p.load(data)
    except Exception:  # puzpy raises its own, struct and decoding errors on damaged files
        # (its own words are addressed to a programmer: "did you intend to use read?")
        raise InputError("not a readable .puz file: it is damaged or cut short") from None
    w, h = p.width, p.height
    if w * h == 0 or len(p.solution) < w * h:
        raise InputError("not a readable .puz file: its grid is empty or cut short")
    # A locked solution is scrambled: its letters are not the setter's, only its blocks are.
    locked = bool(p.is_solution_locked())
    rebus: dict[int, str] = {}
    if p.has_rebus():
        r = p.rebus()
        try:
            rebus = {i: str(r.get_rebus_solution(i)).lower() for i in range(w * h)
                     if r.is_rebus_square(i)}
        except (KeyError, IndexError):
            raise InputError("not a readable .puz file: a rebus square has no string in its "
                             "rebus table") from None
    cells = []
    for i, ch in enumerate(p.solution[: w * h]):
        if ch == ".":
            cells.append(BLOCK)
        elif i in rebus and _letters(rebus[i]):
            # The rebus table is not scrambled with a locked solution: the setter's own.
            cells.append(f"[{rebus[i]}]")
        elif ch.isascii() and ch.isalpha() and not locked and i not in rebus:
            cells.append(ch.lower())
        else:
            cells.append(EMPTY)
    grid = parse_grid(["".join(cells[r * w : (r + 1) * w]) for r in range(h)], allow_2=allow_2)
    order = puz_order(grid)
    if len(p.clues) != len(order):
        raise InputError(f"the .puz file has {len(p.clues)} clues for its {len(order)} entries")
    clues = {s.label: clue for s, clue in zip(order, p.clues, strict=True)}
    grid = grid.with_clues(clues).with_info(title=p.title, author=p.author,
                                            copyright=p.copyright, notes=p.notes)
    circled = p.markup().get_markup_squares(CIRCLED) if CIRCLED_MARK in p.extensions else []
    grid = grid.with_marks(circles=[c for c in circled if c < w * h and grid.cells[c] != BLOCK])
    sections = tuple((name, bytes(p.extensions[name.encode()])) for name in KEPT_SECTIONS
                     if name.encode() in p.extensions)
    return replace(grid, locked=locked, puz_sections=sections)


def _letters(text: str) -> bool:
    return bool(text) and all("a" <= ch <= "z" for ch in text.lower())


def _ipuz_value(cell: Any) -> str | None:
    if isinstance(cell, dict):
        cell = cell.get("value", cell.get("cell"))
    return cell if isinstance(cell, str) else None


def _ipuz_marks(cell: Any, styles: dict[str, Any]) -> list[str]:
    """"circle" and "shaded" as an .ipuz puzzle cell's style asks (its own, or one named in
    the document's "styles"): shapebg "circle", and highlight."""
    style = cell.get("style") if isinstance(cell, dict) else None
    if isinstance(style, str):
        style = styles.get(style)
    if not isinstance(style, dict):
        return []
    return ((["circle"] if style.get("shapebg") == "circle" else [])
            + (["shaded"] if style.get("highlight") is True else []))


def _ipuz_text(doc: dict[str, Any], key: str) -> str:
    value = doc.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str | int | float):
        raise InputError(f"ipuz {key!r} is not text")
    return str(value)


def _ipuz_clues(doc: dict[str, Any], grid: Grid) -> dict[str, str]:
    """Entry label -> clue from the ipuz `clues` lists (`Across`, `Down`, or `Across:Label`);
    a clue is `[number, text]`, `{"number": n, "clue": text}` or bare text (then it goes to
    the direction's entries in order)."""
    given = doc.get("clues") or {}
    if not isinstance(given, dict):
        raise InputError("ipuz \"clues\" is not an object of clue lists")
    out: dict[str, str] = {}
    for key, items in given.items():
        direction = str(key).split(":")[0].strip().lower()
        if direction not in ("across", "down"):
            continue
        if not isinstance(items, list):
            raise InputError(f"ipuz clues {key!r} is not a list")
        slots = [s for s in grid.slots if s.direction == direction]
        numbers = {s.number for s in slots}
        for k, item in enumerate(items):
            number: Any
            if isinstance(item, list) and len(item) >= 2:
                number, text = item[0], item[1]
            elif isinstance(item, dict):
                number, text = item.get("number"), item.get("clue", "")
            elif isinstance(item, str):
                number, text = (slots[k].number if k < len(slots) else None), item
            else:
                raise InputError(f"ipuz clue {k + 1} of {key!r} is neither [number, clue] nor an object")
            try:
                n = int(number)
            except (TypeError, ValueError):
                raise InputError(f"ipuz clue {k + 1} of {key!r} has no entry number") from None
            if n not in numbers:
                raise InputError(f"ipuz has a clue for {n} {direction}, which the grid has no entry for")
            out[f"{n} {direction}"] = text if isinstance(text, str) else str(text)
    return out


# Complex: one check a field of the format, each refused with a message of its own.
def _read_ipuz(text: str, allow_2: bool) -> Grid:
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise InputError(f"not ipuz JSON: {e}") from None
    except RecursionError:  # brackets nested past the parser's depth: no crossword is
        raise InputError("not ipuz JSON: nested too deep") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("puzzle"), list):
        raise InputError("not an ipuz crossword (no \"puzzle\" grid)")
    block = str(doc.get("block", "#"))
    puzzle = doc["puzzle"]
    solution = doc.get("solution") or [[None] * len(r) if isinstance(r, list) else r for r in puzzle]
    if not all(isinstance(r, list) for grid in (puzzle, solution) if isinstance(grid, list)
               for r in grid) or not isinstance(solution, list):
        raise InputError("ipuz \"puzzle\" and \"solution\" must be lists of rows, each a list of cells")
    rows: list[str] = []
    voids: set[int] = set()
    marks: dict[str, set[int]] = {"circle": set(), "shaded": set()}
    styles: dict[str, Any] = doc["styles"] if isinstance(doc.get("styles"), dict) else {}
    try:
        for prow, srow in zip(puzzle, solution, strict=True):
            row: list[str] = []
            for pcell, scell in zip(prow, srow, strict=True):
                if pcell is None:  # outside a shaped grid: a void, not a black square
                    voids.add(len(rows) * len(prow) + len(row))
                for mark in _ipuz_marks(pcell, styles):
                    marks[mark].add(len(rows) * len(prow) + len(row))
                if _ipuz_value(pcell) == block or pcell is None:
                    row.append(BLOCK)
                    continue
                letter = (_ipuz_value(scell) or "").strip()
                # Several letters in a cell: a rebus (`[letters]` to parse_grid).
                row.append(EMPTY if not _letters(letter) else letter.lower() if len(letter) == 1
                           else f"[{letter.lower()}]")
            rows.append("".join(row))
    except (TypeError, ValueError):
        raise InputError("ipuz puzzle and solution grids differ in shape") from None
    grid = replace(parse_grid(rows, allow_2=allow_2), voids=frozenset(voids))
    grid = grid.with_marks(*({c for c in marks[m] if grid.cells[c] != BLOCK}
                             for m in ("circle", "shaded")))
    return grid.with_clues(_ipuz_clues(doc, grid)).with_info(
        title=_ipuz_text(doc, "title"), author=_ipuz_text(doc, "author"),
        copyright=_ipuz_text(doc, "copyright"), notes=_ipuz_text(doc, "notes"))


def dump_text(grid: Grid) -> str:
    """One line a row, a rebus cell `[letters]`."""
    w, texts = grid.width, grid.texts
    return "".join("".join(t if len(t) == 1 else f"[{t}]" for t in texts[r * w:(r + 1) * w]) + "\n"
                   for r in range(grid.height))


def dump_ipuz(grid: Grid) -> str:
    numbers = grid.numbers
    w = grid.width
    puzzle: list[list[Any]] = []
    solution: list[list[Any]] = []
    voids, texts = grid.voids, grid.texts
    for r, row in enumerate(grid.rows):
        puzzle.append([None if r * w + c in voids else BLOCK if ch == BLOCK
                       else _ipuz_cell(grid, r * w + c, numbers.get(r * w + c, 0))
                       for c, ch in enumerate(row)])
        solution.append([None if r * w + c in voids else BLOCK if ch == BLOCK
                         else (texts[r * w + c].upper() if ch != EMPTY else None)
                         for c, ch in enumerate(row)])
    clues: dict[str, list[list[Any]]] = {"Across": [], "Down": []}
    for s in grid.slots:
        clues[s.direction.capitalize()].append([s.number, grid.clue(s)])
    doc: dict[str, Any] = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "title": grid.title,
        "author": grid.author,
        "copyright": grid.copyright,
        "notes": grid.notes,
        "dimensions": {"width": grid.width, "height": grid.height},
        "block": BLOCK,
        "empty": 0,
        "puzzle": puzzle,
        "solution": solution,
        "clues": clues,
    }
    for key in ("author", "copyright", "notes"):
        if not doc[key]:
            del doc[key]
    return json.dumps(doc, indent=1, ensure_ascii=False)


def _ipuz_cell(grid: Grid, cell: int, number: int) -> Any:
    """An .ipuz puzzle cell: its number, with a style when it is circled or shaded."""
    style: dict[str, Any] = {}
    if cell in grid.circles:
        style["shapebg"] = "circle"
    if cell in grid.shaded:
        style["highlight"] = True
    return {"cell": number, "style": style} if style else number


def dump_puz(grid: Grid) -> bytes:
    """The grid as a .puz file; an empty cell is written as `-` (no letter in the solution)."""
    import puz

    texts = [grid.title, grid.author, grid.copyright, grid.notes, *(c for _, c in grid.clues)]
    try:
        "".join(texts).encode("latin-1")
        version = "1.3"
    except UnicodeEncodeError:
        version = "2.0"  # .puz 2.0 holds its text as UTF-8; older readers expect Latin-1
    p = puz.Puzzle(version)
    p.width, p.height = grid.width, grid.height
    p.solution = "".join("." if ch == BLOCK else ("-" if ch == EMPTY else ch.upper()) for ch in grid.cells)
    p.fill = "".join("." if ch == BLOCK else "-" for ch in grid.cells)
    p.title, p.author, p.copyright, p.notes = grid.title, grid.author, grid.copyright, grid.notes
    p.clues = [grid.clue(s) for s in puz_order(grid)]
    if grid.rebus:  # the solution holds each rebus cell's first letter, GRBS/RTBL the whole
        r = p.rebus()
        for cell, text in grid.rebus:
            r.add_rebus_squares(cell, text.upper())
        r.save()
    if grid.circles:
        m = p.markup()
        m.markup = [CIRCLED if i in grid.circles else 0 for i in range(len(grid.cells))]
        m.save()
    for name, data in grid.puz_sections:
        p.extensions[name.encode()] = data
    return bytes(p.tobytes())


def dump_grid(grid: Grid, fmt: str) -> bytes:
    """The bytes of `grid` as a file of format `fmt` (one of FORMATS)."""
    if fmt == "puz":
        return dump_puz(grid)
    if fmt == "ipuz":
        return dump_ipuz(grid).encode("utf-8")
    if fmt == "text":
        return dump_text(grid).encode("utf-8")
    raise InputError(f"unknown grid format {fmt!r}: choose one of {', '.join(FORMATS)}")


def check_out_name(path: Path) -> str:
    """The format an output file's name asks for; InputError for a suffix that names none of
    ours (`x.pdf` would otherwise get a text grid), before any search is spent on it."""
    suffix = path.suffix.lower()
    if suffix and suffix != ".txt" and suffix not in SUFFIXES:
        raise InputError(f"cannot write {suffix}: use .txt, .puz or .ipuz")
    return format_of(path.name)


def write_grid_file(path: Path, grid: Grid) -> None:
    """Write `grid` (title, author and clues too where the format holds them) to `path` as
    .puz, .ipuz or text, by the suffix, atomically (`-`: text on standard output)."""
    from puzzlesmith.files import write_output

    fmt = check_out_name(path)
    if fmt == "puz" and EMPTY in grid.cells:
        raise InputError(".puz needs a full grid (every cell a letter)")
    write_output(path, dump_grid(grid, fmt))


def to_document(grid: Grid) -> dict[str, Any]:
    """The grid as JSON: rows, file details, clues (entry label -> clue), the voids (cell ids,
    blocks in the rows), whether the file was locked, and its rebus cells (cell id -> letters)."""
    return {"grid": list(grid.rows), "title": grid.title, "author": grid.author,
            "copyright": grid.copyright, "notes": grid.notes, "clues": dict(grid.clues),
            "voids": sorted(grid.voids), "locked": grid.locked,
            "rebus": rebus_json(grid),
            "circles": [list(divmod(c, grid.width)) for c in sorted(grid.circles)],
            "shaded": [list(divmod(c, grid.width)) for c in sorted(grid.shaded)]}


def from_document(doc: dict[str, Any], *, allow_2: bool = False) -> Grid:
    """The grid of a `to_document` JSON object (only `grid` is required; voids must be
    blocks of the grid; rebus cells either in `rebus` or as `[letters]` in the rows)."""
    grid = parse_grid(doc.get("grid") or [], allow_2=allow_2)
    rebus = doc.get("rebus") or {}
    if not isinstance(rebus, dict) or not all(
            isinstance(k, str | int) and str(k).isascii() and str(k).isdigit() and isinstance(v, str)
            for k, v in rebus.items()):
        raise InputError("rebus is an object of cell number -> letters, like {\"7\": \"star\"}")
    if rebus:
        grid = grid.with_rebus({**dict(grid.rebus), **{int(k): v for k, v in rebus.items()}})
    voids = doc.get("voids") or []
    bad = next((v for v in voids if not isinstance(v, int) or not 0 <= v < len(grid.cells)
                or grid.cells[v] != BLOCK), None)
    if bad is not None:
        raise InputError(f"void {bad!r} is not a block of the grid (voids are cell numbers, "
                         "row by row from 0)")
    grid = grid.with_marks(_cells_of(doc, "circles", grid), _cells_of(doc, "shaded", grid))
    return replace(grid, voids=frozenset(voids)).with_clues(doc.get("clues") or {}).with_info(
        title=doc.get("title") or "", author=doc.get("author") or "",
        copyright=doc.get("copyright") or "", notes=doc.get("notes") or "")


def _cells_of(doc: dict[str, Any], key: str, grid: Grid) -> list[int]:
    """The cell ids of a document's `key` ([[row, col], ...], from 0); InputError naming the
    entry that is not such a pair inside the grid."""
    out = []
    for pair in doc.get(key) or []:
        if (not isinstance(pair, list | tuple) or len(pair) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
                or not (0 <= pair[0] < grid.height and 0 <= pair[1] < grid.width)):
            raise InputError(f"{key}: {pair!r} is not a [row, column] pair inside the "
                             f"{grid.width}x{grid.height} grid (both from 0)")
        out.append(pair[0] * grid.width + pair[1])
    return out


def grid_rows_from_args(rows: Sequence[str]) -> list[str]:
    """Grid rows from the command line: one argument a row, or one argument holding the rows
    split by `/` or newlines."""
    out: list[str] = []
    for arg in rows:
        out.extend(split_rows(arg))
    return out
