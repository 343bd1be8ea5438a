"""`puzzlesmith qless`: output, JSON keys, JSON Lines, exit statuses and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlesmith.qless.board import Board, is_solution
from puzzlesmith.qless.dice import DICE, could_roll, roll
from tests.cli import run

KEYS = {"letters", "status", "board", "words", "anagram_count", "placements", "seconds",
        "common_only", "fell_back", "lexicon"}


@pytest.fixture
def small_list(tmp_path: Path) -> str:
    f = tmp_path / "words.txt"
    f.write_text("cat\nact\ntac\ntea\neat\nate\nare\nera\near\ncare\nrace\nacre\n")
    return str(f)


def test_solve_json_has_the_contract_keys(small_list: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["qless", "solve", "careta", "--json", "--lexicon", small_list], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc.keys() >= KEYS
    assert doc["status"] == "solved" and doc["letters"] == "careta"
    board = Board.from_rows(doc["board"])
    words = {"cat", "act", "tac", "tea", "eat", "ate", "are", "era", "ear", "care", "race",
             "acre"}
    assert is_solution(board, "careta", words)
    assert sorted(doc["words"]) == sorted(board.words())
    assert doc["common_only"] is False and doc["fell_back"] is False


def test_unsolvable_is_an_answer(small_list: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["qless", "solve", "catxyz", "--json", "--lexicon", small_list], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["status"] == "unsolvable" and doc["board"] is None and doc["words"] == []


def test_several_rolls_print_json_lines(
    small_list: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "rolls.txt"
    f.write_text("caretea\n# a comment\n\ncatxyz\n")
    code, out, _ = run(["qless", "solve", "careta", "--from", str(f), "--json", "--count",
                        "--lexicon", small_list], capsys)
    assert code == 0
    docs = [json.loads(line) for line in out.splitlines()]
    assert [d["letters"] for d in docs] == ["careta", "caretea", "catxyz"]
    assert all("solutions" in d for d in docs)
    assert docs[2]["solutions"] == 0


def test_all_streams_each_solution_then_the_summary(
    small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["qless", "solve", "careta", "--all", "--json", "--lexicon", small_list],
                       capsys)
    assert code == 0
    docs = [json.loads(line) for line in out.splitlines()]
    streamed, summary = docs[:-1], docs[-1]
    assert summary["solutions"] == len(streamed) > 0
    assert len({tuple(d["board"]) for d in streamed}) == len(streamed)
    code, out, _ = run(["qless", "solve", "careta", "--all", "--json", "--max-solutions", "1",
                        "--lexicon", small_list], capsys)
    assert len(out.splitlines()) == 2 and json.loads(out.splitlines()[-1])["solutions"] == 1


def test_board_is_drawn_as_a_grid(small_list: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["qless", "solve", "careta", "--lexicon", small_list], capsys)
    assert code == 0
    assert "anagrams" in out and "┌" in out and "placements" in out


@pytest.mark.parametrize("args", [
    ["qless", "solve", "ab"],
    ["qless", "solve", "abcdefghijklmnopq"],
    ["qless", "solve", "abc1"],
    ["qless", "solve", "abc-d"],
    ["qless", "solve", "abcd", "--timeout", "0"],
    ["qless", "solve", "abcd", "--timeout", "-3"],
    ["qless", "solve", "abcd", "--timeout", "soon"],
    ["qless", "solve", "abcd", "--timeout", "nan"],
    ["qless", "solve", "abcd", "-t", "0"],
    ["qless", "solve", "abcd", "--time-limit", "inf"],
    ["qless", "solve", "abcd", "--max-solutions", "0"],
    ["qless", "roll", "--timeout", "x", "--solve"],
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(args, capsys)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("error:")
    assert out == ""


@pytest.mark.parametrize("spelling", ["--timeout", "--time-limit", "-t"])
def test_the_time_limit_has_the_same_spellings_as_everywhere(
    spelling: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Far too short for a 16-letter proof: each spelling must reach the search.
    code, out, _ = run(["qless", "solve", "mfnrrktbcnuetntx", spelling, "0.001", "--json"], capsys)
    assert code == 1 and json.loads(out)["status"] == "timeout"


def test_roll_is_seeded_and_real(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["qless", "roll", "--seed", "7", "--json"], capsys)
    assert code == 0
    letters = json.loads(out)["letters"]
    assert letters == roll(7) and len(letters) == 12 and could_roll(letters)
    assert all(ch in die for ch, die in zip(letters, DICE, strict=True))


def test_roll_and_solve(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["qless", "roll", "--seed", "7", "--solve", "--json"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["letters"] == roll(7) and doc["status"] in {"solved", "unsolvable"}


def test_could_roll() -> None:
    assert could_roll("mvhdrxwcciaa")
    assert not could_roll("aaaaaaaaaaaa")
    assert not could_roll("abc")
