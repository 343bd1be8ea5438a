"""Crossword grids: cells, the entries (slots) numbered as in a published crossword, and the
validator every fill passes through.

A grid is a rectangle of cells, one string a row: `#` a block, `.` an empty cell, a-z a fixed
letter. Every maximal across or down run of two or more cells is an entry. Numbers go to the
cells that start an entry, left to right, top to bottom, as in a newspaper crossword.

A rebus cell holds several letters the setter gave (`NO[STAR]CH` in a text row): its row
holds the first of them, as a .puz solution does, and `Grid.rebus` the whole string. An
entry through it reads all of them (NOSTARCH: a word of 8 letters in 6 cells), and so does
its crossing. `word_slots` and `word_cells` are the grid as the fill sees it: each rebus
cell followed by cells of its own for its other letters, shared by the two entries that
cross there, so an entry's length is its word's and `pattern(word_cells)` its word.

A grid also carries what a crossword file holds beside its cells (title, author, copyright,
notes and a clue per entry, the voids of a shaped grid, whether its file was locked), so a
file read, filled and written keeps them.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Literal

from puzzlesmith.errors import InputError

BLOCK = "#"
EMPTY = "."
MIN_SIZE, MAX_SIZE = 2, 25

Direction = Literal["across", "down"]


@dataclass(frozen=True)
class Slot:
    """One entry of the grid: where it starts, which way it runs and its cells (row-major ids)."""

    number: int
    direction: Direction
    row: int
    col: int
    cells: tuple[int, ...]

    @property
    def length(self) -> int:
        return len(self.cells)

    @property
    def label(self) -> str:
        return f"{self.number} {self.direction}"

    def pattern(self, cells: Sequence[str]) -> str:
        """The entry's letters as they stand, `.` for an empty cell."""
        return "".join(cells[c] for c in self.cells)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "direction": self.direction, "row": self.row,
                "col": self.col, "length": self.length}


@dataclass(frozen=True)
class Grid:
    """A crossword grid: `rows` of `#`, `.` and a-z, all of one width. Build with `parse_grid`.

    `clues` pairs an entry's label (`1 across`) with its clue, in `slots` order, leaving out
    entries without one: a tuple, so a grid stays hashable and compares by value.
    """

    rows: tuple[str, ...]
    title: str = ""
    author: str = ""
    copyright: str = ""
    notes: str = ""
    clues: tuple[tuple[str, str], ...] = ()
    # Cells outside a shaped grid (an .ipuz null cell): blocks to the fill, written back as
    # voids, not as black squares.
    voids: frozenset[int] = frozenset()
    # Read from a .puz whose solution is locked (scrambled): its letters were not read as the
    # setter's, only its blocks.
    locked: bool = False
    # Rebus cells (cell id -> the letters the setter put there, 2 or more, a-z), in cell
    # order; the rows hold each one's first letter. Set with `with_rebus`.
    rebus: tuple[tuple[int, str], ...] = ()
    # Marked cells (cell ids, white cells only): circled (a .puz's GEXT circle, an .ipuz
    # style's shapebg "circle") and shaded (an .ipuz style's highlight), kept by the fill and
    # written back the same way.
    circles: frozenset[int] = frozenset()
    shaded: frozenset[int] = frozenset()
    # A .puz file's sections we do not read but write back as they were (LTIM, the timer;
    # RUSR, the solver's own rebus entries): (name, bytes).
    puz_sections: tuple[tuple[str, bytes], ...] = ()

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @cached_property
    def cells(self) -> str:
        """All cells row-major: cell id r * width + c."""
        return "".join(self.rows)

    @cached_property
    def slots(self) -> tuple[Slot, ...]:
        """Every entry, across entries first then down, each in number order."""
        return tuple(sorted(_slots(self.rows), key=lambda s: (s.direction != "across", s.number)))

    @cached_property
    def numbers(self) -> dict[int, int]:
        """Cell id -> its clue number, for the cells that start an entry."""
        return {s.cells[0]: s.number for s in self.slots}

    @cached_property
    def texts(self) -> tuple[str, ...]:
        """Every cell's text, row-major: a rebus cell's whole string, else its one character."""
        out = list(self.cells)
        for cell, text in self.rebus:
            out[cell] = text
        return tuple(out)

    def word(self, slot: Slot) -> str:
        """The entry's letters as they stand, a rebus cell's all of them, `.` for an empty cell."""
        texts = self.texts
        return "".join(texts[c] for c in slot.cells)

    @cached_property
    def _extra(self) -> dict[int, tuple[int, ...]]:
        """Rebus cell -> the ids of the cells of its letters after the first (from
        len(cells) up, in cell order)."""
        out: dict[int, tuple[int, ...]] = {}
        k = len(self.cells)
        for cell, text in self.rebus:
            out[cell] = tuple(range(k, k + len(text) - 1))
            k += len(text) - 1
        return out

    @cached_property
    def word_cells(self) -> tuple[str, ...]:
        """The cells as the fill sees them: `cells`, then a cell a letter for each rebus
        cell's letters after the first."""
        return tuple(self.cells) + tuple(ch for _, text in self.rebus for ch in text[1:])

    @cached_property
    def word_slots(self) -> tuple[Slot, ...]:
        """`slots`, each rebus cell followed by its extra cells (`word_cells`): an entry's
        length is its word's length. The same entries in the same order and labels."""
        if not self.rebus:
            return self.slots
        extra = self._extra
        return tuple(replace(s, cells=tuple(k for c in s.cells for k in (c, *extra.get(c, ()))))
                     for s in self.slots)

    def grid_cell(self, cell: int) -> int:
        """The grid cell of a `word_cells` id (an extra letter's rebus cell, else itself)."""
        if cell < len(self.cells):
            return cell
        return next(c for c, ks in self._extra.items() if cell in ks)

    def with_rebus(self, rebus: Mapping[int, str]) -> Grid:
        """The grid with these rebus cells (cell id -> letters); InputError for a block, a
        cell outside the grid, or a string not of letters a-z. One letter is a plain letter;
        a fixed letter of the grid is overwritten."""
        cells = list(self.cells)
        kept: dict[int, str] = {}
        for cell, text in rebus.items():
            text = text.strip().lower()
            if not isinstance(cell, int) or not 0 <= cell < len(cells) or cells[cell] == BLOCK:
                raise InputError(f"rebus cell {cell!r} is not a white cell of the grid (cells "
                                 "are numbered row by row from 0)")
            if not text or not all("a" <= ch <= "z" for ch in text):
                r, c = divmod(cell, self.width)
                raise InputError(f"rebus cell at row {r + 1}, column {c + 1} holds {text!r}: "
                                 "a rebus is letters a-z")
            cells[cell] = text[0]
            if len(text) > 1:
                kept[cell] = text
        return replace(self.with_cells(cells), rebus=tuple(sorted(kept.items())))

    def slot_cells(self) -> set[int]:
        return {c for s in self.slots for c in s.cells}

    def with_cells(self, cells: Sequence[str]) -> Grid:
        """The same grid (title, clues, rebus and all) with other cells (one character each)."""
        w = self.width
        flat = "".join(cells)
        return replace(self, rows=tuple(flat[r * w : (r + 1) * w] for r in range(self.height)))

    def clue(self, slot: Slot) -> str:
        """The clue of `slot`, "" if it has none."""
        return self.clue_map.get(slot.label, "")

    @cached_property
    def clue_map(self) -> dict[str, str]:
        return dict(self.clues)

    def with_clues(self, clues: Mapping[str, str]) -> Grid:
        """The grid with these clues (entry label -> clue); InputError for a label the grid has
        no entry for. Blank clues are dropped."""
        labels = [s.label for s in self.slots]
        unknown = sorted(set(clues) - set(labels))
        if unknown:
            raise InputError(f"clue for {unknown[0]!r}, which is not an entry of the grid "
                             f"(entries are labelled like {labels[0]!r})")
        kept = tuple((label, _line(clues[label])) for label in labels if _line(clues.get(label, "")))
        return replace(self, clues=kept)

    def with_info(self, *, title: str | None = None, author: str | None = None,
                  copyright: str | None = None, notes: str | None = None) -> Grid:
        """The grid with the given file details changed (None keeps one as it is)."""
        return replace(self, title=self.title if title is None else _line(title),
                       author=self.author if author is None else _line(author),
                       copyright=self.copyright if copyright is None else _line(copyright),
                       notes=self.notes if notes is None else _lines(notes))

    def with_marks(self, circles: Iterable[int] = (), shaded: Iterable[int] = ()) -> Grid:
        """The grid with these cells (ids, row by row from 0) circled and shaded; InputError
        naming the cell for one outside the grid or on a block."""
        for name, cells in (("circle", circles := frozenset(circles)),
                            ("shaded cell", shaded := frozenset(shaded))):
            for c in sorted(cells):
                if not 0 <= c < len(self.cells):
                    raise InputError(f"{name} {c} is outside the {self.width}x{self.height} grid "
                                     "(cells are numbered row by row from 0)")
                if self.cells[c] == BLOCK:
                    r, k = divmod(c, self.width)
                    raise InputError(f"{name} {c} (row {r + 1}, column {k + 1}) is on a block")
        return replace(self, circles=circles, shaded=shaded)

    @property
    def is_full(self) -> bool:
        return EMPTY not in self.cells

    def to_json(self) -> list[str]:
        return list(self.rows)


def _lines(text: str) -> str:
    """`text` without control characters but its line breaks (a NUL would cut a .puz string
    short), stripped."""
    text = text.replace("\r\n", "\n").replace("\t", " ")
    return "".join(ch for ch in text if ch == "\n" or unicodedata.category(ch) not in ("Cc", "Cs")).strip()


def _line(text: str) -> str:
    """`text` as one line: control characters dropped, runs of white space one space."""
    return " ".join(_lines(text).split())


def _slots(rows: tuple[str, ...]) -> Iterable[Slot]:
    h, w = len(rows), len(rows[0])

    def white(r: int, c: int) -> bool:
        return 0 <= r < h and 0 <= c < w and rows[r][c] != BLOCK

    number = 0
    for r in range(h):
        for c in range(w):
            if not white(r, c):
                continue
            across = not white(r, c - 1) and white(r, c + 1)
            down = not white(r - 1, c) and white(r + 1, c)
            if not (across or down):
                continue
            number += 1
            if across:
                end = c
                while white(r, end + 1):
                    end += 1
                yield Slot(number, "across", r, c, tuple(r * w + k for k in range(c, end + 1)))
            if down:
                end = r
                while white(end + 1, c):
                    end += 1
                yield Slot(number, "down", r, c, tuple(k * w + c for k in range(r, end + 1)))


def _rebus_tokens(row: str, number: int) -> tuple[str, dict[int, str]]:
    """A row with each `[letters]` (a rebus cell) cut to its first letter, and the rebus
    cells by column."""
    out: list[str] = []
    rebus: dict[int, str] = {}
    i = 0
    while i < len(row):
        if row[i] == "[":
            end = row.find("]", i)
            text = row[i + 1:end] if end > 0 else ""
            if end < 0 or not text or not all("a" <= ch <= "z" for ch in text):
                raise InputError(f"grid row {number} {row!r}: a rebus cell is letters in "
                                 "brackets, like no[star]ch")
            if len(text) > 1:
                rebus[len(out)] = text
            out.append(text[0])
            i = end + 1
        else:
            out.append(row[i])
            i += 1
    return "".join(out), rebus


# The longest row text taken: MAX_SIZE cells of a long rebus each (a .puz rebus cell holds a
# few letters), so an oversize row is refused before it is read letter by letter.
ROW_CHARS_MAX = 32 * MAX_SIZE


def parse_grid(rows: Iterable[str], *, allow_2: bool = False) -> Grid:
    """The grid of `rows` (`#` block, `.` or `?` empty, letters fixed, any case, `[letters]`
    a rebus cell); InputError naming the first problem. (Complex: one branch a kind of
    mistake, each named for the row and column where it stands.)"""
    clean: list[str] = []
    rebus: dict[tuple[int, int], str] = {}
    for row in rows:
        if len(row) > ROW_CHARS_MAX:
            raise InputError(f"a grid row is at most {ROW_CHARS_MAX} characters (rebus letters "
                             f"included), not {len(row)}")
        row = "".join(row.split()).lower().replace("?", EMPTY)
        if "[" in row or "]" in row:
            row, found = _rebus_tokens(row, len(clean) + 1)
            rebus.update(((len(clean), c), text) for c, text in found.items())
        if row:
            clean.append(row)
        # Size before the rest: an oversize grid is refused at once, not after every row of
        # it has been checked.
        if len(clean) > MAX_SIZE or len(row) > MAX_SIZE:
            over = f"a row of {len(row)} cells" if len(row) > MAX_SIZE else "more rows"
            raise InputError(f"a grid is {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE} cells: "
                             f"this one has {over}")
    if not clean:
        raise InputError("empty grid: give the rows, one a line, # for a block and . for an empty cell")
    for i, row in enumerate(clean, start=1):
        bad = sorted({ch for ch in row if not ("a" <= ch <= "z" or ch in (BLOCK, EMPTY))})
        if bad:
            raise InputError(f"grid row {i} {row!r} holds {''.join(bad)!r}: use # . and letters a-z "
                             "([letters] for a rebus cell)")
    widths = {len(r) for r in clean}
    if len(widths) > 1:
        raise InputError(f"grid rows have different lengths: {', '.join(str(len(r)) for r in clean)}")
    h, w = len(clean), len(clean[0])
    if not (MIN_SIZE <= h <= MAX_SIZE and MIN_SIZE <= w <= MAX_SIZE):
        raise InputError(f"a grid is {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE} cells, not {w}x{h}")
    grid = Grid(tuple(clean))
    if rebus:
        grid = grid.with_rebus({r * w + c: text for (r, c), text in rebus.items()})
    if not grid.slots:
        raise InputError("the grid has no entry: an entry is a run of 2 or more cells")
    if not allow_2:
        short = [s.label for s in grid.slots if s.length == 2]
        if short:
            more = f" and {len(short) - 3} more" if len(short) > 3 else ""
            raise InputError(f"2-letter entries ({', '.join(short[:3])}{more}): "
                             "use --allow-2 to allow them")
    inside = grid.slot_cells()
    for cell, ch in enumerate(grid.cells):
        if ch != BLOCK and cell not in inside:
            r, c = divmod(cell, w)
            raise InputError(f"the cell at row {r + 1}, column {c + 1} is in no entry")
    return grid


def pattern_warnings(grid: Grid) -> tuple[str, ...]:
    """What a setter would want to know about the block pattern, though any pattern fills:
    unchecked cells (in one entry only) and a pattern that is not the same turned half round
    (an American grid is both checked and symmetric)."""
    out = []
    counts = Counter(c for s in grid.slots for c in s.cells)
    unchecked = [c for c, ch in enumerate(grid.cells) if ch != BLOCK and counts[c] == 1]
    if unchecked:
        where = ", ".join(f"row {c // grid.width + 1} column {c % grid.width + 1}"
                          for c in unchecked[:3])
        more = f" and {len(unchecked) - 3} more" if len(unchecked) > 3 else ""
        out.append(f"{len(unchecked)} unchecked cell{'s' if len(unchecked) != 1 else ''} (in one "
                   f"entry only): {where}{more}")
    blocks = [ch == BLOCK for ch in grid.cells]
    if blocks != blocks[::-1]:
        out.append("the blocks are not symmetric (the same turned half round)")
    return tuple(out)


def rebus_json(grid: Grid) -> dict[str, str]:
    """The rebus cells as JSON: cell id (row by row from 0) -> letters."""
    return {str(cell): text for cell, text in grid.rebus}


def repeated(words: Iterable[str]) -> list[str]:
    """The words that occur more than once (the dupe check)."""
    return sorted(w for w, n in Counter(words).items() if n > 1)


def check_fill(grid: Grid, filled: Grid, words: Container[str], *,
               allow_repeats: bool = False) -> None:
    """Raise AssertionError unless `filled` fills `grid`: same blocks, fixed letters and rebus
    cells kept, every cell a letter, every entry a word of `words` (entries the setter gave whole are
    theirs), no word twice unless `allow_repeats`."""
    if (filled.height, filled.width) != (grid.height, grid.width):
        raise AssertionError(f"filled grid is {filled.width}x{filled.height}, "
                             f"grid {grid.width}x{grid.height}")
    for cell, (given, got) in enumerate(zip(grid.cells, filled.cells, strict=True)):
        where = f"row {cell // grid.width + 1}, column {cell % grid.width + 1}"
        if (given == BLOCK) != (got == BLOCK):
            raise AssertionError(f"blocks differ at {where}")
        if given != BLOCK and not "a" <= got <= "z":
            raise AssertionError(f"no letter at {where}")
        if "a" <= given <= "z" and got != given:
            raise AssertionError(f"fixed letter {given!r} changed to {got!r} at {where}")
    if filled.rebus != grid.rebus:
        raise AssertionError("rebus cells differ")
    answers = [filled.word(s) for s in filled.slots]
    for slot, answer in zip(grid.slots, answers, strict=True):
        given_whole = EMPTY not in grid.word(slot)
        if answer not in words and not given_whole:
            raise AssertionError(f"{slot.label} {answer!r} is not a word of the list")
    if not allow_repeats and (dupes := repeated(answers)):
        raise AssertionError(f"repeated entries: {', '.join(dupes)}")
