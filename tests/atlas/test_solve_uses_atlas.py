"""`qless solve` answers from the atlas when it holds the roll, and never shows a bad board."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from puzzlesmith.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        main(args)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    return code, capsys.readouterr().out


def test_solve_reads_the_atlas(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PUZZLESMITH_DATA_DIR", str(tmp_path))
    rolls = tmp_path / "rolls.txt"
    rolls.write_text("mvhdrxwcciaa\nlvnllzhbtnoo\n")
    # A generous limit: on a busy machine the default 5 s can cut the exact count short.
    code, _ = run(["qless", "atlas", "build", "--from", str(rolls), "--count-solutions",
                   "--workers", "1", "--timeout", "60"], capsys)
    assert code == 0 and (tmp_path / "atlas.sqlite").exists()

    code, out = run(["qless", "solve", "mvhdrxwcciaa", "lvnllzhbtnoo", "--count", "--json"], capsys)
    stored = [json.loads(line) for line in out.splitlines()]
    # The unsolvable roll is answered by the bundled census, before the atlas is read.
    assert code == 0 and "atlas" in stored[0] and "census" in stored[1]
    code, out = run(["qless", "solve", "mvhdrxwcciaa", "lvnllzhbtnoo", "--count", "--json",
                     "--seed", "3", "--timeout", "60"], capsys)  # another order: no atlas
    fresh = [json.loads(line) for line in out.splitlines()]
    assert all("atlas" not in d and d["count_complete"] for d in fresh)
    for a, b in zip(stored, fresh, strict=True):
        assert (a["status"], a["solutions"], a["anagram_count"]) == (
            b["status"], b["solutions"], b["anagram_count"])

    # A stored board that is not a solution is never shown: the roll is solved afresh.
    with sqlite3.connect(tmp_path / "atlas.sqlite") as con:
        con.execute("UPDATE rolls SET board = 'zzz' WHERE letters = ?",
                    ("".join(sorted("mvhdrxwcciaa")),))
    code, out = run(["qless", "solve", "mvhdrxwcciaa", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "solved" and "atlas" not in doc
