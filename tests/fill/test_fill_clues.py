"""Clue drafts: each is one of WordNet's own texts for the entry (a gloss, a synonym, a
hypernym), never gives the answer away, and reaches the .puz and .ipuz files written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlesmith.fill.clues import draft_clue, with_clue_drafts
from puzzlesmith.fill.fill import fill
from puzzlesmith.fill.formats import read_grid_file
from puzzlesmith.fill.model import parse_grid
from puzzlesmith.lexicon import common_cut, lexicon_and_index
from puzzlesmith.lexicon.meanings import wordnet
from puzzlesmith.limits import Deadline
from tests.cli import run as run_cli


def _texts(entry: str) -> set[str]:
    """Every text WordNet gives for the entry or its phrase, its base form's included."""
    wn = wordnet()
    out: set[str] = set()
    for lemma in (entry, *wn.phrases.get(entry, ())):
        for sense in wn.define(lemma).senses:
            out |= {sense.gloss, *sense.synonyms, *(f"kind of {k}" for k in sense.kind_of)}
    return {t[0].upper() + t[1:] for t in out if t}


@pytest.mark.parametrize("entry", ["horse", "shore", "cheerup", "speakofthedevil", "cats",
                                   "oslo", "asset"])
def test_a_draft_is_wordnets_own_text_and_hides_the_answer(entry: str) -> None:
    clue = draft_clue(entry)
    assert clue and clue in _texts(entry)
    squashed = "".join(ch for ch in clue.lower() if ch.isalpha())
    assert entry not in squashed


def test_an_unknown_entry_gets_no_clue() -> None:
    assert draft_clue("qzxvw") == ""
    # WordNet's only texts for it say "hatchway": a giveaway, so no clue rather than that
    assert draft_clue("escapehatch") == ""


def test_drafts_fill_the_grid_and_keep_the_setters_clues() -> None:
    lex, index = lexicon_and_index("letterpress", common_cut(True))
    grid = parse_grid(["#....", ".....", ".....", ".....", "....#"]).with_clues({"1 across": "Mine"})
    result = with_clue_drafts(fill(grid, lex, index, deadline=Deadline(30)))
    assert result.filled is not None
    assert result.filled.clue(result.entries[0].slot) == "Mine"
    assert result.entries[0].clue == "Mine" and result.to_json()["entries"][0]["clue"] == "Mine"
    assert sum(bool(e.clue) for e in result.entries) >= len(result.entries) - 3
    for e in result.entries[1:]:
        assert e.clue == "" or e.clue in _texts(e.answer)


@pytest.mark.parametrize("suffix", [".puz", ".ipuz"])
def test_clues_reach_the_file_written(suffix: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / f"grid{suffix}"
    code, text, err = run_cli(["fill", "#..../...../...../...../....#", "--common", "--clues",
                               "--out", str(out), "--json"], capsys)
    assert code == 0, err
    doc = json.loads(text)
    written = read_grid_file(out)
    for e in doc["entries"]:
        slot = next(s for s in written.slots if s.label == f"{e['number']} {e['direction']}")
        assert written.clue(slot) == e["clue"]
    assert any(e["clue"] for e in doc["entries"])
