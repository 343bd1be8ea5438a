"""Honest time (issue 40): a fill whose improvement search the time limit stops says so, in
the JSON and in the text, and a first use's build of the tables is done outside the limit
under a note that says so. Deadlines here are counted in checks, not seconds, so the cuts are
reproducible on any machine."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesmith.fill.engine import FillResult, fill
from puzzlesmith.fill.model import parse_grid
from puzzlesmith.fill.scores import FILL_LEXICON
from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.limits import Deadline
from tests.cli import run

OPEN_5 = [".....", ".....", ".....", ".....", "....."]


class _Checks(Deadline):
    """A deadline that passes after a given number of `expired()` checks."""

    budget = 0
    calls = 0

    def expired(self) -> bool:
        type(self).calls += 1
        return type(self).calls > self.budget


def _cut_fill(monkeypatch: pytest.MonkeyPatch, budget: int) -> FillResult:
    monkeypatch.setattr(_Checks, "budget", budget)
    monkeypatch.setattr(_Checks, "calls", 0)
    lex, index = narrowed(LexiconSpec(FILL_LEXICON))
    return fill(parse_grid(OPEN_5), lex, index, deadline=_Checks(60))


def test_an_improvement_cut_by_the_limit_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    lex, index = narrowed(LexiconSpec(FILL_LEXICON))
    whole = fill(parse_grid(OPEN_5), lex, index, deadline=Deadline(None))
    assert whole.status == "filled" and whole.improvement in ("budget", "proved")
    assert whole.to_json()["improvement"] == whole.improvement
    # The first budget of checks that lets a first fill through stops the improvement.
    for budget in range(1, 400):
        cut = _cut_fill(monkeypatch, budget)
        if cut.status == "filled":
            break
    else:
        pytest.fail("no budget of checks let a first fill through")
    doc = cut.to_json()
    assert cut.improvement == "cut" and doc["improvement"] == "cut"
    assert doc["optimal_min_score"] is False
    # Cut or not, the first fill is the same (the improvement only ever replaces it by a
    # stronger one), and the whole run's is at least as strong.
    assert whole.min_score is not None and cut.min_score is not None
    assert whole.min_score >= cut.min_score
    # Without a limit the same fill every time: the node budget, not the clock, ends it.
    again = fill(parse_grid(OPEN_5), lex, index, deadline=Deadline(None))
    assert again.filled == whole.filled and again.improvement == whole.improvement


def test_the_text_says_a_cut_fill_could_be_better(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from puzzlesmith.cli.fill import print_fill

    for budget in range(1, 400):
        cut = _cut_fill(monkeypatch, budget)
        if cut.status == "filled":
            break
    print_fill(cut)
    out = capsys.readouterr().out
    assert "could be better: stopped at the limit" in " ".join(out.split())


def test_a_first_use_builds_outside_the_limit_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    words = tmp_path / "words.txt"
    words.write_text("".join(w + "\n" for w in
                             ["cat", "car", "arc", "tar", "art", "rat", "act", "tea", "ate",
                              "eat", "era", "are", "ear", "sea", "see", "tee"]))
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path / "cache"))
    args = ["fill", "...", "...", "...", "--lexicon", str(words), "--json"]
    # The note is for a person at a terminal (as the progress bar is); a script's standard
    # error stays one error line at most.
    from rich.console import Console

    import puzzlesmith.cli.fill as fill_cli

    # (Off a terminal, tests/reliability/test_output.py checks the one error line.)
    monkeypatch.setattr(fill_cli, "err_console", Console(stderr=True, force_terminal=True,
                                                         width=200))
    code, out, err = run(args, capsys)
    assert code in (0, 1) and "not counted in the 10 s limit" in " ".join(err.split())
    code2, out2, err2 = run(args, capsys)
    assert code2 == code and "not counted" not in err2


def test_check_region_and_candidates_take_prefer_and_common_top(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The options the web's fill tasks already took (issue 43 item 1).
    import json

    prefer = tmp_path / "prefer.txt"
    prefer.write_text("escapehatch\n")
    grid = "...........|###########".replace("|", "/")
    code, out, _ = run(["fill", "candidates", grid, "-e", "1 across", "-n", "1", "--prefer",
                        str(prefer), "--json"], capsys)
    assert code == 0 and json.loads(out)["candidates"][0]["word"] == "escapehatch"
    for sub in (["check"], ["region", "--rows", "1-1"]):
        code, out, _ = run(["fill", *sub, grid, "--common", "--common-top", "5000", "--prefer",
                            str(prefer), "--json"], capsys)
        assert code == 0 and json.loads(out)["grid"] == ["...........", "###########"]
    code, small, _ = run(["fill", "candidates", grid, "-e", "1 across", "--common",
                          "--common-top", "5000", "--json"], capsys)
    code2, big, _ = run(["fill", "candidates", grid, "-e", "1 across", "--common",
                         "--common-top", "50000", "--json"], capsys)
    assert json.loads(small)["total"] < json.loads(big)["total"]
