"""`puzzlesmith wordgrid solve|create`: output, JSON documents and exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlesmith.cli import main

PUZZLE = ["??????", "ipoaru", "gettct"]


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(["wordgrid", *args])
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_draws_grid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", *PUZZLE], capsys)
    assert code == 0
    assert "C O M M O N" in out and "columns: cig ope mot mat orc nut" in out


def test_solve_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", *PUZZLE, "--all", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["rows"] == PUZZLE
    assert doc["count"] == len(doc["solutions"]) > 1
    falcon = next(s for s in doc["solutions"] if s["words"] == ["falcon"])
    assert falcon == {"words": ["falcon"], "grid": ["falcon", *PUZZLE[1:]],
                      "columns": ["fig", "ape", "lot", "cat", "orc", "nut"]}
    _, out, _ = run(["solve", *PUZZLE, "--count", "--json"], capsys)
    assert json.loads(out)["count"] == doc["count"]


def test_solve_common_note(capsys: pytest.CaptureFixture[str]) -> None:
    # Only "cycads" fits, and it is not a common word.
    code, out, _ = run(["solve", "??????", "wowuuu", "mumfoq", "--common", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["count"] == 0
    assert "common" in doc["note"] and "has 1 solution" in doc["note"]
    code, out, _ = run(["solve", "??????", "wowuuu", "mumfoq", "--common"], capsys)
    assert "note:" in out and "no solution" in out


def test_solve_several_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b, c = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"
    a.write_text("title: a bird\n" + "\n".join(PUZZLE) + "\n")
    b.write_text("# blank middle row\nipoaru\n??????\ngettct\n")
    c.write_text("ipoaru\ngettct\n??????\n")
    code, out, _ = run(["solve", "--json", "--file", str(a), "--file", str(b)], capsys)
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [d["source"] for d in docs] == [str(a), str(b)]
    assert docs[0]["title"] == "a bird" and docs[0]["solutions"][0]["words"] == ["common"]
    code, out, _ = run(["solve", "--count", "--file", str(a), str(b), str(c)], capsys)
    assert code == 0 and "a bird" in out and str(c) in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["??????", "ipoar"], "different lengths"),
        (["??????", "ipo1ru"], "'1'"),
        (["abcdef", "ipoaru"], "no unknown cell"),
        (["??", "ab"], "3 to 15 columns"),
        (["???"], "2 to 15 rows"),
        ([], "give the rows"),
        (["--file", "/no/such/file.txt"], "not found"),
        ([*PUZZLE, "--all", "--count"], "one of --all and --count"),
        ([*PUZZLE, "--timeout", "0"], "--time-limit must be over 0"),
    ],
)
def test_solve_bad_input(args: list[str], message: str,
                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["solve", *args], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_solve_timeout_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", *(["???????"] * 7), "--all", "--timeout", "0.2", "--json"],
                       capsys)
    assert code == 1 and json.loads(out)["timed_out"] is True


def test_create_json_and_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "p.txt"
    code, out, _ = run(["create", "--word", "parrot", "--unique", "--seed", "1", "--json",
                        "--out", str(out_file)], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "created"
    assert doc["answer"] == "parrot" and doc["solution_count"] == 1
    assert doc["puzzle"][0] == "??????" and len(doc["puzzle"]) == 3
    code, out, _ = run(["solve", "--file", str(out_file), "--all", "--json"], capsys)
    again = json.loads(out)
    assert again["rows"] == doc["puzzle"] and [s["words"] for s in again["solutions"]] == [
        ["parrot"]]


def test_create_answer_hidden(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "p.txt"
    args = ["create", "--length", "5", "--rows", "4", "--blank-row", "2", "--word-rows",
            "--unique", "--common", "--seed", "3", "--answer-hidden", "--out", str(out_file)]
    code, text, _ = run(args, capsys)
    code_j, out, _ = run([*args, "--json"], capsys)
    doc = json.loads(out)
    assert code == code_j == 0 and doc["answer"] is None and doc["grid"] is None
    _, out, _ = run(["solve", "--file", str(out_file), "--json"], capsys)
    answer = json.loads(out)["solutions"][0]["words"][0]
    assert answer.upper() not in text.replace(" ", "") and answer not in out_file.read_text()
    assert "? ? ? ? ?" in text


def test_create_impossible(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["create", "--word", "jazz", "--rows", "2", "--blank-row", "2"], capsys)
    assert code == 0 and "impossible" in out and "ends with 'j'" in " ".join(out.split())
    code, out, _ = run(["create", "--word", "jazz", "--rows", "2", "--blank-row", "2",
                        "--json"], capsys)
    assert code == 0 and json.loads(out)["status"] == "impossible"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--word", "fal-con"], "letters"),
        (["--word", "falcon", "--length", "5"], "disagrees"),
        (["--rows", "1"], "--rows must be at least 2 and at most 15, not 1"),
        (["--blank-row", "4"], "between 1 and 3"),
        (["--length", "2"], "3 to 15 letters"),
    ],
)
def test_create_bad_input(args: list[str], message: str,
                          capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["create", *args], capsys)
    assert code == 2 and err.startswith("error: ") and message in err


def test_solve_allow_repeats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    words = tmp_path / "w.txt"
    words.write_text("aaa\naab\naba\nbaa\nabb\n")
    base = ["solve", "???", "???", "aab", "--all", "--json", "--lexicon", str(words)]
    code, out, _ = run(base, capsys)
    plain = {tuple(s["words"]) for s in json.loads(out)["solutions"]}
    code2, out2, _ = run([*base, "--allow-repeats"], capsys)
    repeats = {tuple(s["words"]) for s in json.loads(out2)["solutions"]}
    assert code == code2 == 0
    assert ("aaa", "aaa") in repeats and plain == {s for s in repeats if s[0] != s[1]}


def test_a_word_with_no_unique_puzzle_points_to_no_unique(capsys: pytest.CaptureFixture[str]) -> None:
    """Unique is the default, so a word that has no unique puzzle says how to get one with
    several answers; with --no-unique the puzzle is made, and its answers are counted."""
    code, out, _ = run(["create", "--word", "bat", "--seed", "1", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "impossible" and "--no-unique" in doc["reason"]
    code, out, _ = run(["create", "--word", "bat", "--seed", "1", "--no-unique", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "created" and doc["solution_count"] > 1
    code, out, _ = run(["solve", *doc["puzzle"], "--count", "--json"], capsys)
    assert json.loads(out)["count"] == doc["solution_count"]
