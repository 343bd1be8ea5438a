"""Dupes as editors count them (issue 40): by default no entry holds another of 3+ letters at
its start or end (SET and CLOSESET, USE and USEFUL), and the iffy tier (lexicon.sensitivity)
stays out of fills; `allow_inside` and `allow_iffy` let them in. Checked by a plain scan of
the filled rows (tests/fill/oracle.runs), sharing no code with the engine."""

from __future__ import annotations

import json

import pytest

from benchmarks.common import shared_data, shared_data_missing
from puzzlesmith.fill.candidates import candidates
from puzzlesmith.fill.engine import fill
from puzzlesmith.fill.model import parse_grid
from puzzlesmith.fill.scores import FILL_LEXICON, default_blocked
from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.lexicon.sensitivity import iffy_words
from puzzlesmith.limits import Deadline
from tests.fill.oracle import runs

REAL = shared_data("crosswords", "real_grids.jsonl")


def inside_pairs(rows: list[str]) -> list[tuple[str, str]]:
    """Every (short, long) pair of the grid's entries, the short one of 3+ letters at the
    start or end of the long one: a plain scan of the rows."""
    entries = ["".join(rows[r][c] for r, c in run) for run in runs(rows)]
    return [(a, b) for a in entries for b in entries
            if 3 <= len(a) < len(b) and (b[:len(a)] == a or b[-len(a):] == a)]


def _entries(rows: list[str]) -> list[str]:
    return ["".join(rows[r][c] for r, c in run) for run in runs(rows)]


def test_the_scan_finds_what_an_editor_would() -> None:
    # The oracle itself on hand cases: SET inside CLOSESET, USE at the start of USEFUL.
    assert inside_pairs(["closeset", "########", "set#####"]) == [("set", "closeset")]
    assert inside_pairs(["useful", "######", "use###"]) == [("use", "useful")]
    assert inside_pairs(["operate", "#######", "era####"]) == []  # in the middle: no


GRIDS = [
    [".....", ".....", ".....", ".....", "....."],
    ["#....", ".....", ".....", ".....", "....#"],
    ["...#...", "...#...", ".......", "###.###", ".......", "...#...", "...#..."],
    ["....#....", "....#....", ".........", "###...###", ".........", "....#....", "....#...."],
]


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("g", range(len(GRIDS)))
def test_default_fills_hold_no_entry_inside_another_and_no_iffy_entry(g: int, seed: int) -> None:
    lex, index = narrowed(LexiconSpec(FILL_LEXICON))
    result = fill(parse_grid(GRIDS[g]), lex, index, seed=seed, deadline=Deadline(None),
                  blocked=default_blocked())
    assert result.status == "filled" and result.filled is not None
    rows = list(result.filled.rows)
    assert inside_pairs(rows) == []
    assert not set(_entries(rows)) & iffy_words()


def test_candidates_leave_out_a_word_holding_a_whole_entry_unless_allowed() -> None:
    lex, index = narrowed(LexiconSpec(FILL_LEXICON))
    # 3 across is CLOSE...; SET is whole at 1 across.
    grid = parse_grid(["set#####", "########", "close..."])
    default = [c.word for c in candidates(grid, lex, index, "2 across", limit=2000).candidates]
    allowed = [c.word for c in candidates(grid, lex, index, "2 across", limit=2000,
                                          allow_inside=True).candidates]
    assert "closeset" in allowed and "closeset" not in default
    assert set(default) == set(allowed) - {"closeset"}
    # The other way: a 3-letter word at the start or end of a whole entry.
    grid = parse_grid(["closeset", "########", "s.t#####"])
    default = [c.word for c in candidates(grid, lex, index, "2 across", limit=2000).candidates]
    allowed = [c.word for c in candidates(grid, lex, index, "2 across", limit=2000,
                                          allow_inside=True).candidates]
    assert "set" in allowed and "set" not in default


def test_a_whole_entry_keeps_its_words_out_of_the_fill() -> None:
    # USE given whole: no fill of the rest may start or end with it, unless allowed.
    lex, index = narrowed(LexiconSpec(FILL_LEXICON))
    grid = parse_grid(["use###", "######", "......", "######", "......"])
    for seed in range(4):
        r = fill(grid, lex, index, seed=seed, deadline=Deadline(None))
        assert r.filled is not None and inside_pairs(list(r.filled.rows)) == []


def test_iffy_entries_are_left_out_unless_allowed() -> None:
    lex, index = narrowed(LexiconSpec(FILL_LEXICON))
    grid = parse_grid(["gestap.", "#######"])
    iffy = default_blocked()
    plain = default_blocked(allow_iffy=True)
    assert iffy_words() <= iffy and not iffy_words() & plain
    left = [c.word for c in candidates(grid, lex, index, "1 across", blocked=iffy).candidates]
    kept = [c.word for c in candidates(grid, lex, index, "1 across", blocked=plain).candidates]
    assert "gestapo" in kept and "gestapo" not in left


def test_the_web_tasks_take_allow_inside_and_allow_iffy() -> None:
    from puzzlesmith.web.tasks import run_fill_candidates

    grid = ["set#####", "########", "close..."]
    default = run_fill_candidates(grid, entry="2 across", limit=2000)
    allowed = run_fill_candidates(grid, entry="2 across", limit=2000, allow_inside=True)
    words = {c["word"] for c in default["candidates"]}
    assert "closeset" not in words and "closeset" in {c["word"] for c in allowed["candidates"]}
    iffy = run_fill_candidates(["gestap.", "#######"], entry="1 across", allow_iffy=True)
    clean = run_fill_candidates(["gestap.", "#######"], entry="1 across")
    assert "gestapo" in {c["word"] for c in iffy["candidates"]}
    assert "gestapo" not in {c["word"] for c in clean["candidates"]}


@pytest.mark.slow
def test_real_15x15_fills_pass_the_scan() -> None:
    if not REAL.exists():
        pytest.skip(f"no real crosswords: {shared_data_missing(REAL)}")
    lex, index = narrowed(LexiconSpec(FILL_LEXICON))
    docs = [json.loads(line) for line in REAL.read_text("utf-8").splitlines() if line.strip()]
    for doc in docs:
        if doc["width"] != 15:
            continue
        r = fill(parse_grid(doc["blocks"]), lex, index, deadline=Deadline(None),
                 blocked=default_blocked())
        assert r.filled is not None, doc["name"]
        rows = list(r.filled.rows)
        assert inside_pairs(rows) == [], doc["name"]
        assert not set(_entries(rows)) & iffy_words(), doc["name"]
