"""Block and prefer lists: a blocked word fills no free entry (the brute force, run on the list
without it, agrees on whether a fill exists); a preferred word is taken first; the shipped
block list applies on the command line whatever the list."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.fill.engine import check as engine_check
from puzzlesmith.fill.model import parse_grid
from puzzlesmith.fill.scores import PREFERRED_SCORE, default_blocked, with_preferred
from puzzlesmith.limits import Deadline
from tests.cli import run as run_cli
from tests.fill import oracle
from tests.fill.test_fill_engine import (
    cases,
    fill,
    independent_check,
    lexicon,
    make_grid,
    planted_cases,
)

# The brute force knows no stems and no entry inside another (aaa beside aaab is a fill to it),
# so the engine's two rules are off here, as in test_fill_engine.
check = functools.partial(engine_check, allow_same_stem=True, allow_inside=True)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(cases(), planted_cases()), st.data())
def test_blocked_words_agree_with_brute_force_on_the_rest(
        case: tuple[list[str], list[str], bool], data: st.DataObject) -> None:
    rows, words, repeats = case
    mask = data.draw(st.integers(0, (1 << len(words)) - 1))
    blocked = frozenset(w for i, w in enumerate(words) if mask >> i & 1 and i % 3)
    grid = make_grid(rows)
    lex, index = lexicon(words)
    rest = [w for w in words if w not in blocked]
    exists = next(oracle.fills(rows, rest, repeats=repeats), None) is not None
    found = fill(grid, lex, index, allow_repeats=repeats, blocked=blocked, deadline=Deadline(30),
                 improve=0)
    assert found.status == ("filled" if exists else "impossible")
    if found.filled is not None:
        independent_check(rows, list(found.filled.rows), set(rest), repeats)
    checked = check(grid, lex, index, allow_repeats=repeats, blocked=blocked)
    if checked.status != "ok":
        assert not exists


def test_a_preferred_word_is_taken_first() -> None:
    words, scores = ["cat", "dog", "owl"], [50, 40, 10]
    lex, index = lexicon(words, scores)
    grid = parse_grid(["...", "###", "..."])
    plain = fill(grid, lex, index, deadline=Deadline(10))
    assert "owl" not in plain.filled.rows  # type: ignore[union-attr]
    preferred = with_preferred(lex, index, frozenset({"owl", "emu"}))  # emu: not in the list
    result = fill(grid, preferred, index, deadline=Deadline(10))
    assert "owl" in result.filled.rows  # type: ignore[union-attr]
    assert {e.answer: e.score for e in result.entries}["owl"] == PREFERRED_SCORE
    assert "emu" not in preferred.word_set and preferred.words == lex.words


def test_the_command_line_blocks_the_shipped_list_and_the_setters(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shipped = default_blocked()
    assert "tranny" in shipped
    mine = tmp_path / "mine.txt"
    mine.write_text("that\nthese\nthose\n")
    code, out, err = run_cli(["fill", "#..../...../...../...../....#", "--lexicon", "letterpress",
                              "--block", str(mine), "--json"], capsys)
    assert code == 0, err
    answers = {e["answer"] for e in json.loads(out)["entries"]}
    assert not answers & (shipped | {"that", "these", "those"})
