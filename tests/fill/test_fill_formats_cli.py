"""Grid files (text, .puz, .ipuz) and the `fill` commands: output, JSON, exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlesmith.errors import InputError
from puzzlesmith.fill.formats import read_grid_file, write_grid_file
from puzzlesmith.fill.model import parse_grid
from tests.cli import run

WORDS = "cat\nore\nwed\ncow\nare\nted\n"


@pytest.fixture
def words(tmp_path: Path) -> str:
    f = tmp_path / "words.txt"
    f.write_text(WORDS)
    return str(f)


@pytest.mark.parametrize("suffix", [".txt", ".puz", ".ipuz"])
def test_grid_files_round_trip(tmp_path: Path, suffix: str) -> None:
    grid = parse_grid(["#abc", "defg", "hijk", "lmn#"])
    path = tmp_path / f"g{suffix}"
    write_grid_file(path, grid)
    assert read_grid_file(path) == grid


def test_ipuz_template_reads_as_empty_cells(tmp_path: Path) -> None:
    doc = {"dimensions": {"width": 3, "height": 3}, "puzzle": [[1, 2, 3], [4, 0, 0], [5, 0, 0]],
           "solution": [["C", None, None], [None, "#" if False else None, None], [None, None, "D"]]}
    path = tmp_path / "t.ipuz"
    path.write_text(json.dumps(doc))
    assert read_grid_file(path).rows == ("c..", "...", "..d")


def test_bad_files_are_input_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.puz"
    bad.write_bytes(b"not a puz file")
    with pytest.raises(InputError):
        read_grid_file(bad)
    with pytest.raises(InputError, match="not found"):
        read_grid_file(tmp_path / "missing.txt")


def test_fill_prints_grid_and_numbered_entries(words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["fill", "c../.../...", "--lexicon", words], capsys)
    assert code == 0
    assert "Across" in out and "Down" in out and "CAT" in out and "weakest entry" in out


def test_fill_json_keys(words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["fill", "...", "...", "...", "--lexicon", words, "--json", "--count"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "filled" and doc["count"] == 2
    assert {"grid", "status", "entries", "min_score", "mean_score", "seconds"} <= set(doc)
    assert set(doc["entries"][0]) >= {"number", "direction", "row", "col", "answer", "score"}


def test_impossible_is_exit_0(words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["fill", "x../.../...", "--lexicon", words, "--json"], capsys)
    assert code == 0 and json.loads(out)["status"] == "impossible"


def test_no_common_fill_points_to_the_whole_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["fill", "qxzj./...../...../...../.....", "--common"], capsys)
    assert code == 0 and "impossible" in out and "without it the whole list" in " ".join(out.split())
    code, out, _ = run(["fill", "qxzj./...../...../...../....."], capsys)
    assert code == 0 and "impossible" in out and "--common" not in out


def test_timeout_is_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["fill", "/".join(["......."] * 7), "--json", "--time-limit", "0.05"], capsys)
    assert code == 1 and json.loads(out)["status"] == "timeout" and "time limit" in err


@pytest.mark.parametrize("args", [["fill", "ab/c"], ["fill", "..x!"], ["fill"], ["fill", "check", "."]])
def test_bad_input_is_one_line_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(args, capsys)
    assert code == 2
    if args != ["fill"]:
        assert err.startswith("error: ") and err.count("\n") == 1


def test_check_names_unfillable_entries(words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["fill", "check", "qq./.../...", "--lexicon", words, "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "unfillable"
    assert doc["unfillable"] == ["1 across", "1 down", "2 down"]
    code, out, _ = run(["fill", "check", "c../...", "..z", "--lexicon", words, "--json"], capsys)
    doc = json.loads(out)
    assert doc["status"] in ("unfillable", "overconstrained")


def test_out_writes_puz(words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "filled.puz"
    code, _, _ = run(["fill", "c../.../...", "--lexicon", words, "--out", str(out_file)], capsys)
    assert code == 0 and read_grid_file(out_file).rows[0] == "cat"


def test_scored_word_list_scores_are_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "scored.dict"
    f.write_text("cat;10\nore;50\nwed;50\ncow;40\nare;60\nted;60\n")
    code, out, _ = run(["fill", ".../.../...", "--lexicon", str(f), "--json"], capsys)
    doc = json.loads(out)
    # both fills use all six words: the weakest is cat's 10 either way
    assert code == 0 and doc["min_score"] == 10 and doc["mean_score"] == 45
    code, out, _ = run(["fill", ".../.../...", "--lexicon", str(f), "--json", "--min-score", "11"], capsys)
    assert json.loads(out)["status"] == "impossible"


def test_check_flags_a_typed_entry_not_in_the_list(words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["fill", "check", "zzz/.../...", "--lexicon", words, "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["not_in_list"] == ["1 across zzz"]
    assert [e["in_list"] for e in doc["entries"] if e["pattern"] == "zzz"] == [False]
    code, out, _ = run(["fill", "check", "cat/.../...", "--lexicon", words, "--json"], capsys)
    assert json.loads(out)["not_in_list"] == []
    code, out, _ = run(["fill", "check", "zzz/.../...", "--lexicon", words], capsys)
    assert "not in the word list" in out and "1 across zzz" in out


def test_a_first_row_spelled_like_a_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    # `fill grid ROWS` reads every argument as a row, so a first row "check" is a row there.
    code, out, _ = run(["fill", "grid", "check", "#####", "--json"], capsys)
    assert code == 0 and json.loads(out)["grid"] == ["check", "#####"]
    code, out, _ = run(["fill", "check/#####", "--json"], capsys)
    assert code == 0 and json.loads(out)["grid"] == ["check", "#####"]
    code, out, _ = run(["fill", "check", "check", "#####", "--json"], capsys)
    assert code == 0 and json.loads(out)["not_in_list"] == []  # "check" is a word of the list


def test_region_proves_and_shows_where(words: str, capsys: pytest.CaptureFixture[str]) -> None:
    # no word fits 1 across, the only entry with two cells in row 1: the grid has no fill
    code, out, _ = run(["fill", "region", "qq./.../...", "--rows", "1-1", "--lexicon", words,
                        "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "impossible" and doc["entries"] == ["1 across"]
    assert doc["rows"] == [1, 1] and doc["cols"] == [1, 3]
    # each 3x3 alone fills (with all six words); together they cannot without a repeat
    grid = "...#.../...#.../...#..."
    code, out, _ = run(["fill", "region", grid, "--cols", "1-3", "--lexicon", words], capsys)
    assert code == 0 and "can be filled on their own" in out
    code, out, _ = run(["fill", "region", grid, "--lexicon", words, "--json"], capsys)
    assert code == 0 and json.loads(out)["status"] == "impossible"
    code, out, _ = run(["fill", "region", grid, "--lexicon", words], capsys)
    assert code == 0 and "no fill:" in out
    code, _, err = run(["fill", "region", grid, "--rows", "3-1", "--lexicon", words], capsys)
    assert code == 2 and "FIRST-LAST" in err
    code, _, err = run(["fill", "region", "/".join(["......."] * 7), "--time-limit", "0.05"], capsys)
    assert code == 1 and "time limit" in err


def test_a_file_that_is_not_a_puz_gets_our_own_line(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42: puzpy's own words ("Are you sure you didn't intend to use read?") were shown."""
    import puz

    notes = tmp_path / "notes.puz"
    notes.write_text("hello there\n")
    code, _, err = run(["fill", "--file", str(notes)], capsys)
    assert code == 2 and err.strip().endswith("not a .puz file: it lacks the format's mark "
                                              "(ACROSS&DOWN) near its start; open a .puz, .ipuz "
                                              "or .txt grid")
    made = puz.Puzzle()
    made.width = made.height = 3
    made.solution, made.fill, made.clues = "CATOREWET", "-" * 9, ["a"] * 6
    good = tmp_path / "good.puz"
    made.save(str(good))
    cut = tmp_path / "cut.puz"
    cut.write_bytes(good.read_bytes()[:60])
    code, _, err = run(["fill", "--file", str(cut)], capsys)
    assert code == 2 and err.strip().endswith("not a readable .puz file: it is damaged or cut short")
    assert "intend" not in err and len(err.strip().splitlines()) == 1


def test_a_grid_with_every_entry_given_says_there_was_nothing_to_fill(
        words: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42: it printed "weakest entry None, mean None"."""
    code, out, _ = run(["fill", "cat/ore/wed", "--lexicon", words], capsys)
    assert code == 0 and "None" not in out
    assert "nothing to fill: every entry is given" in out

