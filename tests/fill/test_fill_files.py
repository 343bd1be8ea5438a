"""Title, author, copyright, notes and clues through .puz and .ipuz files, checked with puzpy's
own clue numbering and with plain JSON reading (neither shares code with `fill.formats`)."""

from __future__ import annotations

import json
from pathlib import Path

import puz
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.fill.formats import (
    dump_grid,
    from_document,
    read_grid_bytes,
    read_grid_file,
    to_document,
    write_grid_file,
)
from puzzlesmith.fill.model import Grid, parse_grid

ROWS = ["#cat", "dove", "area", "yes#"]


def _clued(rows: list[str], clue: str = "Clue for") -> Grid:
    grid = parse_grid(rows, allow_2=True)
    return grid.with_clues({s.label: f"{clue} {s.label}" for s in grid.slots}).with_info(
        title="Small one", author="A. Setter", copyright="© 2026", notes="Hello")


def _puzpy_clues(p: puz.Puzzle) -> dict[str, str]:
    """Entry label -> clue as puzpy numbers the file."""
    numbering = p.clue_numbering()
    out = {f"{c['num']} across": c["clue"] for c in numbering.across}
    out.update({f"{c['num']} down": c["clue"] for c in numbering.down})
    return out


def test_puz_holds_title_author_and_each_clue_where_puzpy_finds_it(tmp_path: Path) -> None:
    grid = _clued(ROWS)
    path = tmp_path / "g.puz"
    write_grid_file(path, grid)
    p = puz.read(str(path))
    assert (p.title, p.author, p.copyright, p.notes) == ("Small one", "A. Setter", "© 2026", "Hello")
    assert _puzpy_clues(p) == {s.label: f"Clue for {s.label}" for s in grid.slots}
    assert read_grid_file(path) == grid


def test_puz_from_puzpy_reads_back_with_its_clues(tmp_path: Path) -> None:
    # A file made by puzpy alone: clues in its order (cell by cell, across before down).
    p = puz.Puzzle()
    p.width = p.height = 3
    p.solution = "CAT" "O.A" "WED"
    p.fill = "---" "-.-" "---"
    p.title, p.author = "Made elsewhere", "Someone"
    p.clues = ["Pet", "Bovine", "A little", "Married"]
    path = tmp_path / "elsewhere.puz"
    p.save(str(path))
    grid = read_grid_file(path)
    assert grid.rows == ("cat", "o#a", "wed")
    assert (grid.title, grid.author) == ("Made elsewhere", "Someone")
    expected = _puzpy_clues(puz.read(str(path)))
    assert grid.clue_map == expected
    assert expected["1 across"] == "Pet" and expected["2 down"] == "A little"


def test_ipuz_holds_title_author_and_clues_as_plain_json(tmp_path: Path) -> None:
    grid = _clued(ROWS)
    path = tmp_path / "g.ipuz"
    write_grid_file(path, grid)
    doc = json.loads(path.read_text("utf-8"))
    assert (doc["title"], doc["author"], doc["copyright"], doc["notes"]) == (
        "Small one", "A. Setter", "© 2026", "Hello")
    got = {f"{n} {d.lower()}": c for d in ("Across", "Down") for n, c in doc["clues"][d]}
    assert got == {s.label: f"Clue for {s.label}" for s in grid.slots}
    assert read_grid_file(path) == grid


def test_ipuz_clue_forms_and_unicode_text() -> None:
    doc = {"puzzle": [[1, 2, 3], [4, 0, 0], [5, 0, 0]], "title": "Ça va", "author": "Łucja",
           "clues": {"Across:Across": [{"number": 1, "clue": "First"}, "Second", [5, "Third"]],
                     "Down": [["1", "Down one"]]}}
    grid = read_grid_bytes(json.dumps(doc).encode(), "ipuz")
    assert grid.clue_map == {"1 across": "First", "4 across": "Second", "5 across": "Third",
                             "1 down": "Down one"}
    # Text Latin-1 cannot hold makes a .puz 2.0 (UTF-8), which puzpy reads back.
    data = dump_grid(grid, "puz")
    p = puz.load(data)
    assert p.version == b"2.0" and p.author == "Łucja"
    assert read_grid_bytes(data, "puz") == grid


@pytest.mark.parametrize(("fmt", "data", "message"), [
    ("puz", b"junk", "not a .puz file"),
    ("ipuz", b"{", "not ipuz JSON"),
    ("ipuz", b'{"puzzle": [[1, 2], [3, 0]], "clues": {"Across": [[9, "x"]]}}', "9 across"),
    ("ipuz", b'{"puzzle": [[1, 2], [3, 0]], "clues": {"Across": [[null, "x"]]}}', "no entry number"),
    ("ipuz", b"\xff\xfe", "not UTF-8"),
    ("text", b"..\n.", "different lengths"),
])
def test_bad_files_say_what_is_wrong(fmt: str, data: bytes, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_grid_bytes(data, fmt, allow_2=True)


def test_a_clue_for_no_entry_is_refused() -> None:
    with pytest.raises(InputError, match="9 across"):
        parse_grid(ROWS).with_clues({"9 across": "x"})


def test_fill_keeps_the_clues_of_the_grid_it_filled() -> None:
    grid = _clued(ROWS)
    assert grid.with_cells(grid.cells.replace("c", "b")).clues == grid.clues


def test_document_round_trip() -> None:
    grid = _clued(ROWS)
    assert from_document(json.loads(json.dumps(to_document(grid))), allow_2=True) == grid


@st.composite
def clued_grids(draw: st.DrawFn) -> Grid:
    h = draw(st.integers(3, 6))
    w = draw(st.integers(3, 6))
    letters = st.sampled_from("abcxyz.")
    rows = ["".join(draw(st.lists(letters, min_size=w, max_size=w))) for _ in range(h)]
    grid = parse_grid(rows, allow_2=True)
    text = st.text(st.characters(codec="utf-8"), max_size=12)  # control characters too
    clues = {s.label: draw(text) for s in grid.slots}
    return grid.with_clues(clues).with_info(title=draw(text), author=draw(text), notes=draw(text))


@settings(max_examples=60, deadline=None)
@given(clued_grids(), st.sampled_from(["puz", "ipuz"]))
def test_any_grid_with_any_clues_round_trips(grid: Grid, fmt: str) -> None:
    data = dump_grid(grid, fmt)
    back = read_grid_bytes(data, fmt, allow_2=True)
    assert back == grid
    if fmt == "puz":
        assert _puzpy_clues(puz.load(data)) == {s.label: grid.clue(s) for s in grid.slots}


@pytest.mark.parametrize("doc", [
    {"puzzle": [None]}, {"puzzle": [[1, 2], None]}, {"puzzle": [[1, 2], [3, 0]], "solution": "ab"},
    {"puzzle": [[1, 2], [3, 0]], "solution": [["a", "b"], 7]}, {"puzzle": [[1, 2], [3]]},
])
def test_ipuz_grids_that_are_not_lists_of_rows_are_refused(doc: dict[str, object]) -> None:
    with pytest.raises(InputError, match="ipuz|grid rows have different lengths"):
        read_grid_bytes(json.dumps(doc).encode(), "ipuz", allow_2=True)


def test_control_characters_are_dropped_and_lines_kept_in_notes() -> None:
    grid = parse_grid(ROWS).with_info(title="A\x00 title\n", notes="one\r\ntwo\x07")
    assert (grid.title, grid.notes) == ("A title", "one\ntwo")
    back = read_grid_bytes(dump_grid(grid, "puz"), "puz")
    assert (back.title, back.notes) == ("A title", "one\ntwo")
