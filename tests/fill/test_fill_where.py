""""Impossible" says where: the entries named are the grid's, and what the note claims about
them is checked here with the oracle's own run finder and a regular expression."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.fill.engine import fill
from puzzlesmith.fill.model import parse_grid
from puzzlesmith.limits import Deadline
from tests.cli import run as run_cli
from tests.fill import oracle
from tests.fill.test_fill_engine import cases, lexicon, make_grid, planted_cases


def _labels(rows: list[str]) -> dict[str, str]:
    """Entry label ("1 across") -> its pattern, numbered as a published crossword is,
    from the oracle's runs."""
    runs = oracle.runs(rows)
    starts = sorted({run[0] for run in runs})
    number = {cell: i + 1 for i, cell in enumerate(starts)}
    out = {}
    for run in runs:
        direction = "across" if len(run) > 1 and run[1][0] == run[0][0] else "down"
        out[f"{number[run[0]]} {direction}"] = "".join(rows[r][c] for r, c in run)
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(cases(), planted_cases()), st.integers(0, 40))
def test_impossible_names_entries_of_the_grid(case: tuple[list[str], list[str], bool],
                                             min_score: int) -> None:
    rows, words, repeats = case
    grid = make_grid(rows)
    scores = [(7 * i) % 50 for i in range(len(words))]
    lex, index = lexicon(words, scores)
    result = fill(grid, lex, index, allow_repeats=repeats, min_score=min_score,
                  deadline=Deadline(30), improve=0)
    if result.status != "impossible":
        return
    doc = result.to_json()
    assert result.note and doc["where"] == list(result.where)
    labels = _labels(rows)
    assert set(result.where) <= labels.keys()
    usable = [w for w, s in zip(words, scores, strict=True) if s >= min_score]
    if m := re.fullmatch(r"no word of length (\d+) in the list: (\d+ \w+)", result.note):
        assert not any(len(w) == int(m[1]) for w in words)
        assert len(labels[m[2]]) == int(m[1])
    elif m := re.fullmatch(r"no word fits (\d+ \w+) \(([A-Z.]+)\)", result.note):
        assert labels[m[1]].upper() == m[2]
        assert not any(re.fullmatch(m[2].lower(), w) for w in usable)
    elif m := re.fullmatch(r"no word scoring (\d+) or more fits (\d+ \w+) \(([A-Z.]+)\); .*", result.note):
        assert int(m[1]) == min_score and labels[m[2]].upper() == m[3]
        assert not any(re.fullmatch(m[3].lower(), w) for w in usable)
        assert any(re.fullmatch(m[3].lower(), w) for w in words)
    else:
        assert result.where or result.note == "the search of the whole grid tried every choice"


def test_a_crossing_where_the_words_run_out_is_named() -> None:
    lex, index = lexicon(["cat", "dog"])
    result = fill(parse_grid(["c..", "...", "..."]), lex, index, improve=0, allow_repeats=True)
    assert result.status == "impossible"
    assert "do not fit together at row" in result.note and len(result.where) == 2


def test_a_repeat_forced_at_the_root_is_named() -> None:
    # `ab.` fits only `abc`, which the given entry already is
    lex, index = lexicon(["abc", "xyz"])
    result = fill(parse_grid(["abc", "###", "ab."]), lex, index, improve=0)
    assert result.status == "impossible" and result.nodes == 0
    assert "no word twice" in result.note and set(result.where) == {"1 across", "2 across"}


def test_given_entries_that_repeat_are_named() -> None:
    # (not in the list: given whole, kept as the setter's own entries)
    lex, index = lexicon(["dog", "owl"])
    result = fill(parse_grid(["cat", "###", "cat"]), lex, index, improve=0)
    assert result.status == "impossible"
    assert result.note == "the entries you gave repeat: CAT"
    assert set(result.where) == {"1 across", "2 across"}


def test_an_entry_longer_than_any_word_says_so(capsys: pytest.CaptureFixture[str],
                                               tmp_path: object) -> None:
    from pathlib import Path

    words = Path(str(tmp_path)) / "words.txt"
    words.write_text("cat\ndog\nact\n")
    code, out, _ = run_cli(["fill", "..../..../..../....", "--lexicon", str(words)], capsys)
    assert code == 0 and "no word of length 4 in the list: 1 across" in out.replace("\n", "")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(cases())
def test_pattern_warnings_match_the_oracles_runs(case: tuple[list[str], list[str], bool]) -> None:
    rows, words, repeats = case
    grid = make_grid(rows)
    lex, index = lexicon(words)
    result = fill(grid, lex, index, allow_repeats=repeats, deadline=Deadline(30), improve=0)
    in_runs: dict[tuple[int, int], int] = {}
    for run in oracle.runs(rows):
        for cell in run:
            in_runs[cell] = in_runs.get(cell, 0) + 1
    unchecked = sum(1 for n in in_runs.values() if n == 1)
    turned = ["".join("#" if ch == "#" else "." for ch in row)[::-1] for row in reversed(rows)]
    symmetric = turned == ["".join("#" if ch == "#" else "." for ch in row) for row in rows]
    said = result.to_json().get("warnings", [])
    assert any(w.startswith(f"{unchecked} unchecked cell") for w in said) == (unchecked > 0)
    assert any("not symmetric" in w for w in said) == (not symmetric)


def test_given_entries_are_left_out_of_the_weakest_and_the_mean() -> None:
    # The setter's theme entry `owl` scores 1; the fill's own entries score 50 and 40.
    lex, index = lexicon(["cat", "dog", "owl"], [50, 40, 1])
    result = fill(parse_grid(["owl", "###", "...", "###", "..."]), lex, index, deadline=Deadline(10))
    doc = result.to_json()
    scores = {e["answer"]: (e["score"], e["given"]) for e in doc["entries"]}
    assert scores["owl"] == (1, True)
    assert doc["min_score"] == 40 and doc["mean_score"] == 45.0
    assert result.optimal
