"""Circles, shading and a .puz file's other sections kept (issue 40): a grid read, filled and
written keeps its circled and shaded cells, read back by puzpy (GEXT) and checked against the
ipuz package's own validation and a plain read of the .ipuz JSON."""

from __future__ import annotations

import json
from pathlib import Path

import ipuz
import puz
import pytest

from tests.cli import run

ROWS = ["cats#", "area#", "tear#", "#####", "....."]
OPEN = ["....#", "....#", "....#", "#####", "....."]
CIRCLED = [0, 6, 12]  # cell ids, row by row from 0
LTIM = b"42,1"




def _clue_count(rows: list[str]) -> int:
    from puzzlesmith.fill.formats import puz_order
    from puzzlesmith.fill.model import parse_grid

    return len(puz_order(parse_grid(rows)))


def test_a_puz_files_circles_and_timer_survive_a_fill(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    src, out = tmp_path / "in.puz", tmp_path / "out.puz"
    p = puz.Puzzle()
    p.width = p.height = 5
    p.solution = "".join("." if ch == "#" else "-" for row in OPEN for ch in row)
    p.fill = p.solution
    p.clues = [""] * _clue_count(OPEN)
    p.extensions[b"LTIM"] = LTIM
    p.markup().markup = [0x80 if i in CIRCLED else 0 for i in range(25)]
    p.markup()._dirty = True
    p.save(str(src))
    assert puz.read(str(src)).markup().get_markup_squares(puz.GridMarkup.Circled) == CIRCLED
    code, stdout, _ = run(["fill", "--file", str(src), "--out", str(out), "--json"], capsys)
    assert code == 0 and json.loads(stdout)["circles"] == [[0, 0], [1, 1], [2, 2]]
    back = puz.read(str(out))
    assert back.markup().get_markup_squares(puz.GridMarkup.Circled) == CIRCLED
    assert bytes(back.extensions[b"LTIM"]) == LTIM
    assert "-" not in back.solution  # filled


def test_an_ipuz_files_circles_and_shading_survive_a_fill(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    src, out = tmp_path / "in.ipuz", tmp_path / "out.ipuz"
    puzzle = [[("#" if ch == "#" else 0) for ch in row] for row in OPEN]
    puzzle[0][0] = {"cell": 1, "style": {"shapebg": "circle"}}
    puzzle[1][1] = {"cell": 0, "style": {"highlight": True}}
    puzzle[2][2] = {"cell": 0, "style": "ring"}  # a named style
    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
           "dimensions": {"width": 5, "height": 5}, "styles": {"ring": {"shapebg": "circle"}},
           "puzzle": puzzle, "solution": [[("#" if ch == "#" else None) for ch in row]
                                          for row in OPEN]}
    src.write_text(json.dumps(doc))
    code, stdout, _ = run(["fill", "--file", str(src), "--out", str(out)], capsys)
    assert code == 0
    text = out.read_text("utf-8")
    ipuz.read(text)  # the ipuz package's own validation: raises on a bad document
    written = json.loads(text)["puzzle"]
    styles = {(r, c): cell["style"] for r, row in enumerate(written) for c, cell in enumerate(row)
              if isinstance(cell, dict) and "style" in cell}
    assert styles == {(0, 0): {"shapebg": "circle"}, (1, 1): {"highlight": True},
                      (2, 2): {"shapebg": "circle"}}


def test_marks_on_a_block_or_outside_the_grid_are_refused() -> None:
    from puzzlesmith.errors import InputError
    from puzzlesmith.fill.formats import from_document

    with pytest.raises(InputError, match="row 1, column 5"):
        from_document({"grid": OPEN, "circles": [[0, 4]]})
    with pytest.raises(InputError, match="not a \\[row, column\\] pair"):
        from_document({"grid": OPEN, "shaded": [[9, 9]]})
    grid = from_document({"grid": OPEN, "circles": [[0, 0]], "shaded": [[4, 4]]})
    assert grid.circles == {0} and grid.shaded == {24}
