"""`qless atlas lookup` without --lexicon, for rolls stored under another word list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlesmith.cli import main
from puzzlesmith.qless.atlas import store

from .helpers import make_row


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        main(args)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    return code, capsys.readouterr().out


def test_the_only_lexicon_in_the_atlas_is_the_one_looked_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "a.sqlite"
    store.insert_rows(store.connect(db), [make_row("abc", lexicon_hash="h1")])
    code, out = run(["qless", "atlas", "lookup", "cab", "--db", str(db), "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["found"] is True and doc["status"] == "solved"
    assert doc["atlas"]["lexicon"] == "lex-h1"


def test_a_roll_held_for_another_lexicon_says_which_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "a.sqlite"
    store.insert_rows(store.connect(db), [make_row("abc", lexicon_hash="h1"),
                                          make_row("xyz", lexicon_hash="h2")])
    code, out = run(["qless", "atlas", "lookup", "abc", "--db", str(db), "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["found"] is False and doc["stored_for"] == ["lex-h1"]
    assert doc["hint"] == "stored for lexicon lex-h1; add --lexicon lex-h1"
    code, out = run(["qless", "atlas", "lookup", "abc", "--db", str(db)], capsys)
    assert "stored for lexicon lex-h1; add --lexicon lex-h1" in out
    code, out = run(["qless", "atlas", "lookup", "qqq", "--db", str(db), "--json"], capsys)
    doc = json.loads(out)
    assert doc["found"] is False and doc["stored_for"] == [] and "hint" not in doc


def test_a_common_words_lexicon_is_named_by_its_options() -> None:
    from puzzlesmith.cli.atlas import _lexicon_option

    assert _lexicon_option("letterpress+common30000") == "--lexicon letterpress --common"
    assert _lexicon_option("mine+common500") == "--lexicon mine --common --common-top 500"
    assert _lexicon_option("mine") == "--lexicon mine"


def test_without_an_atlas_the_census_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # No atlas file: `lookup` and `stats` answer from the bundled census of the real dice,
    # and the solver (which shares no code with the census file) agrees with each verdict.
    from puzzlesmith.qless import census

    if census.available() is None:
        pytest.skip("no census is bundled")
    db = str(tmp_path / "none.sqlite")
    code, out = run(["qless", "atlas", "stats", "--db", db, "--unsolvable"], capsys)
    unsolvable = out.split()
    code, out = run(["qless", "atlas", "stats", "--db", db, "--json"], capsys)
    exact = json.loads(out)["census"]
    assert code == 0 and exact["unsolvable"] == len(unsolvable) > 0 and exact["rolls"] == 15_800_439
    code, out = run(["qless", "atlas", "stats", "--db", db], capsys)
    assert code == 0 and f"{len(unsolvable):,} of 15,800,439 rolls have no solution" in " ".join(out.split())
    rolls = [unsolvable[len(unsolvable) // 2], "mfrdgntctoue", "zzzzzzzzzzzz", "aaeeo"]
    code, out = run(["qless", "atlas", "lookup", *rolls, "--db", db, "--json"], capsys)
    says = [json.loads(line)["census"] for line in out.splitlines()]
    assert code == 0 and says == ["unsolvable", "solvable", "not a roll", "not a roll"]
    code, out = run(["qless", "solve", "mfrdgntctoue", "--json", "--no-anagrams"], capsys)
    assert json.loads(out)["status"] == "solved"
    code, out = run(["qless", "atlas", "lookup", rolls[0], "--db", db], capsys)
    assert code == 0 and "no solution (from the Q-Less census" in out


def test_a_roll_the_atlas_lacks_gets_the_census_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from puzzlesmith.lexicon import load_lexicon
    from puzzlesmith.qless import census

    found = census.available()
    if found is None:
        pytest.skip("no census is bundled")
    db = tmp_path / "a.sqlite"
    h = load_lexicon(None).content_hash
    assert found.matches(h, store.REAL_DICE)
    store.insert_rows(store.connect(db), [make_row("abc", lexicon_hash=h)])
    unsolvable = found.unsolvable[0]
    code, out = run(["qless", "atlas", "lookup", "mfrdgntctoue", unsolvable, "--db", str(db),
                     "--json"], capsys)
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [d["found"] for d in docs] == [False, False]
    assert [d["census"] for d in docs] == ["solvable", "unsolvable"]
    code, out = run(["qless", "atlas", "lookup", unsolvable, "--db", str(db)], capsys)
    assert "not in the atlas" in out and "no solution (from the Q-Less census" in " ".join(out.split())
