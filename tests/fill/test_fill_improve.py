"""The improvement search by default reaches what a setter gets by guessing --min-score
(issue 33: on NYT Mon 2008-03-10 a guess of 30 used to beat the default, 32 to 31)."""

from __future__ import annotations

import json

import pytest

from benchmarks.common import shared_data, shared_data_missing
from puzzlesmith.fill.engine import fill
from puzzlesmith.fill.model import parse_grid
from puzzlesmith.fill.scores import FILL_LEXICON
from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.limits import Deadline

REAL = shared_data("crosswords", "real_grids.jsonl")


def test_the_default_is_as_strong_as_a_setters_guess_on_nyt_mon() -> None:
    if not REAL.exists():
        pytest.skip(f"no real crosswords: {shared_data_missing(REAL)}")
    docs = [json.loads(line) for line in REAL.read_text("utf-8").splitlines() if line.strip()]
    (doc,) = [d for d in docs if d["name"] == "nyt-2008-03-10-mon"]
    grid = parse_grid(doc["blocks"])
    lex, index = narrowed(LexiconSpec(FILL_LEXICON))
    default = fill(grid, lex, index, deadline=Deadline(120))
    guessed = fill(grid, lex, index, min_score=30, deadline=Deadline(120))
    assert default.status == guessed.status == "filled"
    assert default.min_score is not None and guessed.min_score is not None
    assert default.min_score >= guessed.min_score
