"""Puzzle rows, the puzzle file format and the validator."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.wordgrid.formats import dump_puzzle, parse_puzzle, read_puzzle_file
from puzzlesmith.wordgrid.model import check_solution, fill, parse_rows


def test_rows_normalized() -> None:
    p = parse_rows([" ??????", "IPOARU", "gettct "])
    assert p.rows == ("??????", "ipoaru", "gettct")
    assert (p.width, p.height, p.unknown_rows) == (6, 3, (0,))
    assert p.columns[0] == "?ig"


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "no rows"),
        (["??????", "ipoar"], "different lengths"),
        (["??????", "ipo-ru"], "'-'"),
        (["??????", "ipo ru"], "' '"),
        (["abcdef", "ghijkl"], "no unknown cell"),
        (["??", "ab"], "3 to 15 columns"),
        (["?" * 16, "a" * 16], "3 to 15 columns"),
        (["???"], "2 to 15 rows"),
        (["???"] * 16, "2 to 15 rows"),
        (["???", ""], "nothing"),
    ],
)
def test_bad_rows(rows: list[str], message: str) -> None:
    with pytest.raises(InputError, match=message) as e:
        parse_rows(rows)
    assert "\n" not in str(e.value)


def test_file_format() -> None:
    text = "# a calendar puzzle\ntitle: It's a bird  # the hint\n\n? ? ? ? ? ?\nIPOARU\ngettct\n"
    p = parse_puzzle(text)
    assert p.title == "It's a bird" and p.rows == ("??????", "ipoaru", "gettct")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("# nothing\n\n", "no rows"),
        ("title: a\ntitle: b\n???\nabc\n", "second title"),
        ("hint: bird\n???\nabc\n", "unknown setting 'hint'"),
        ("???\nab\n", "different lengths"),
    ],
)
def test_bad_files(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_puzzle(text, "p.txt")


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not found"):
        read_puzzle_file(tmp_path / "missing.txt")
    with pytest.raises(InputError, match="directory"):
        read_puzzle_file(tmp_path)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe???\n")
    with pytest.raises(InputError, match="cannot read"):
        read_puzzle_file(bad)


@st.composite
def puzzles(draw: st.DrawFn) -> tuple[list[str], str | None]:
    width = draw(st.integers(3, 15))
    height = draw(st.integers(2, 15))
    cell = st.sampled_from("abcxyz?")
    rows = ["".join(draw(st.lists(cell, min_size=width, max_size=width)))
            for _ in range(height)]
    if not any("?" in r for r in rows):
        rows[0] = "?" + rows[0][1:]
    title = draw(st.none() | st.text("abc XYZ'!,.-", min_size=1).map(str.strip).filter(bool))
    return rows, title


@given(puzzles())
def test_file_round_trip(case: tuple[list[str], str | None]) -> None:
    rows, title = case
    p = parse_rows(rows, title)
    assert parse_puzzle(dump_puzzle(p, ["made by a test", "answer: x"])) == p


def test_validator() -> None:
    p = parse_rows(["???", "ab?", "xyz"])
    rows = frozenset({"cat", "abb", "abt"})
    cols = frozenset({"cax", "aby", "tbz"})
    check_solution(p, fill(p, ["cat", "abb"]), rows, cols)
    with pytest.raises(AssertionError, match="changes given"):
        check_solution(p, ("cat", "xbb", "xyz"), rows | {"xbb"}, cols)
    with pytest.raises(AssertionError, match="row 2 'abb' is not a word"):
        check_solution(p, ("cat", "abb", "xyz"), frozenset({"cat"}), cols)
    with pytest.raises(AssertionError, match="column 3"):
        check_solution(p, ("cat", "abt", "xyz"), rows, cols)
    with pytest.raises(AssertionError, match="rows"):
        check_solution(p, ("cat", "abb"), rows, cols)
