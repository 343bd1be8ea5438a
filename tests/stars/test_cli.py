"""The stars commands: drawing, JSON documents, JSON Lines, exit statuses."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.cli import run

MENSA = "000011\n023011\n223331\n211111\n244145\n224445\n"
MENSA_URL = "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk"


@pytest.fixture
def mensa(tmp_path: Path) -> str:
    f = tmp_path / "mensa.txt"
    f.write_text("# Mensa calendar, 7 Oct 2016\n" + MENSA)
    return str(f)


def test_solve_draws_regions(mensa: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["stars", "solve", mensa], capsys)
    assert code == 0 and "unique" in out
    assert out.count("★") == 6 and "┏" in out and "┛" in out


def test_solve_json_lines(mensa: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["stars", "solve", "--json", "--count", mensa, MENSA_URL], capsys)
    assert code == 0
    docs = [json.loads(line) for line in out.splitlines()]
    assert len(docs) == 2
    for doc in docs:
        assert doc["size"] == 6 and doc["stars"] == 1 and doc["status"] == "solved"
        assert doc["unique"] is True and doc["count"] == 1
        assert doc["solution"][0] == [0, 1]


def test_unsolvable_is_an_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "rows.txt"
    f.write_text("012\n012\n012\n")
    code, out, _ = run(["stars", "solve", "--json", str(f)], capsys)
    assert code == 0 and json.loads(out)["status"] == "unsolvable"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("0011\n0011\n223\n", "not square"),
        ("00\n00\n", "needs 2 regions"),
        ("stars=3\n" + MENSA, "cannot fit"),
    ],
)
def test_bad_input_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    f = tmp_path / "p.txt"
    f.write_text(content)
    code, _, err = run(["stars", "solve", str(f)], capsys)
    assert code == 2 and err.startswith("error: ") and message in err
    assert len(err.strip().splitlines()) == 1


def test_bad_url_and_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["stars", "solve", "https://puzz.link/p?starbattle/6/6/1/zz"], capsys)
    assert code == 2 and "malformed" in err
    code, _, err = run(["stars", "explain", "/no/such/file.txt"], capsys)
    assert code == 2 and "cannot read" in err


def test_disconnected_region_warns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "p.txt"
    f.write_text(MENSA.replace("244145", "244140"))
    code, _, err = run(["stars", "solve", str(f)], capsys)
    assert code == 0 and "warning" in err and "not connected" in err


def test_convert_both_ways(mensa: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["stars", "convert", mensa], capsys)
    assert code == 0 and out.strip() == MENSA_URL
    code, out, _ = run(["stars", "convert", MENSA_URL], capsys)
    assert code == 0 and out == "stars=1\n" + MENSA


def test_explain_and_hint(mensa: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["stars", "explain", mensa], capsys)
    assert code == 0 and "difficulty:" in out and out.count("★") == 6
    code, out, _ = run(["stars", "explain", "--json", mensa], capsys)
    doc = json.loads(out)
    assert doc["status"] == "solved" and doc["steps"] and doc["solution"][0] == [0, 1]
    code, out, _ = run(["stars", "hint", mensa], capsys)
    assert code == 0 and "1." in out and "2." not in out
    code, out, _ = run(["stars", "hint", mensa, "--star", "r1c1", "--json"], capsys)
    assert json.loads(out)["steps"][0]["rule"] == "mistake"
    code, _, err = run(["stars", "hint", mensa, "--star", "x9"], capsys)
    assert code == 2 and "r3c5" in err


def test_explain_and_hint_take_several_puzzles(mensa: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["stars", "explain", "--json", mensa, MENSA_URL], capsys)
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [d["source"] for d in docs] == [mensa, MENSA_URL]
    assert docs[0]["solution"] == docs[1]["solution"] and docs[0]["score"] == docs[1]["score"] > 0
    code, out, _ = run(["stars", "hint", "--json", mensa, MENSA_URL], capsys)
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(docs) == 2 and all(len(d["steps"]) == 1 for d in docs)
    code, out, _ = run(["stars", "explain", mensa, MENSA_URL], capsys)
    assert code == 0 and out.count("difficulty:") == 2 and "score" in out
    code, _, err = run(["stars", "hint", mensa, MENSA_URL, "--star", "r1c2"], capsys)
    assert code == 2 and "single puzzle" in err


def test_generate_prints_text_and_url(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["stars", "generate", "--size", "6", "--stars", "1", "--seed", "5"], capsys)
    assert code == 0 and "https://puzz.link/p?starbattle/6/6/1/" in out
    code, out2, _ = run(
        ["stars", "generate", "--size", "6", "--stars", "1", "--seed", "5", "--json"], capsys
    )
    doc = json.loads(out2)
    assert doc["url"] in out and doc["text"] in out
    code, _, err = run(["stars", "generate", "--size", "6", "--stars", "2"], capsys)
    assert code == 2 and "cannot fit" in err


def test_explain_and_hint_cut_short(
    mensa: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The time limit passes before the rules start: explain says so (exit 1) instead of
    # grading the solver's cells as the rules', and hint gives no step rather than the
    # whole solution.
    import puzzlesmith.stars.options as module
    from puzzlesmith.limits import Deadline

    class Passed(Deadline):
        def expired(self) -> bool:
            return True

    monkeypatch.setattr(module, "Deadline", Passed)  # the deadline StarsOptions gives
    code, out, _ = run(["stars", "explain", mensa], capsys)
    assert code == 1 and "time limit reached after 0 steps" in " ".join(out.split())
    assert "the rules ran out" not in out and "difficulty:" not in out
    code, out, _ = run(["stars", "explain", "--json", mensa], capsys)
    doc = json.loads(out)
    assert code == 1 and doc["cut_short"] is True and doc["status"] == "solved"
    code, out, _ = run(["stars", "hint", mensa], capsys)
    assert code == 1 and "time limit reached" in " ".join(out.split()) and "★" not in out


def test_generate_easy_with_three_stars_is_refused_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    started = time.perf_counter()
    code, out, err = run(["stars", "generate", "--size", "14", "--stars", "3", "--difficulty",
                          "easy"], capsys)
    assert time.perf_counter() - started < 5  # not the 120 s default limit run out
    assert code == 2 and not out and len(err.strip().splitlines()) == 1
    assert "out of reach" in err and "try medium" in err


def test_generate_draws_the_board_on_a_terminal_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Piped (as here) the output is the puzzle file itself: it loads back and solves uniquely.
    # On a terminal the empty board is drawn too, region borders and all.
    import io

    from rich.console import Console

    import puzzlesmith.cli.stars as stars_cli

    args = ["stars", "generate", "--size", "6", "--stars", "1", "--seed", "5"]
    code, out, _ = run(args, capsys)
    assert code == 0 and "┏" not in out
    f = tmp_path / "made.txt"
    f.write_text(out)
    code, solved, _ = run(["stars", "solve", str(f)], capsys)
    assert code == 0 and "unique" in solved
    drawn = io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(stars_cli, "console", Console(file=drawn, force_terminal=True, width=80))
        code, again, _ = run(args, capsys)
    assert code == 0 and again == out
    board = drawn.getvalue()
    assert board.count("┏") >= 1 and len([line for line in board.splitlines() if "┃" in line]) >= 6


def test_explain_and_hint_say_when_the_rules_ran_late(
    mensa: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rules still going after half of the time limit (`hurried`): the text says a longer
    # limit may take other steps; otherwise it says nothing of the kind.
    import dataclasses

    from puzzlesmith.stars.options import StarsOptions

    code, out, _ = run(["stars", "explain", mensa], capsys)
    assert code == 0 and "--time-limit" not in out
    real_explain, real_hint = StarsOptions.explain, StarsOptions.hint
    monkeypatch.setattr(StarsOptions, "explain", lambda *a: dataclasses.replace(
        real_explain(*a), hurried=True))
    monkeypatch.setattr(StarsOptions, "hint", lambda *a: dataclasses.replace(
        found := real_hint(*a),
        explanation=dataclasses.replace(found.explanation, hurried=True)))
    for command in ("explain", "hint"):
        code, out, _ = run(["stars", command, mensa], capsys)
        text = " ".join(out.split())
        assert code == 0 and "the rules ran past half of the time limit" in text
        assert "a longer --time-limit" in text


def test_check_says_right_wrong_or_solved_never_where(mensa: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["stars", "solve", "--json", mensa], capsys)
    answer = [f"r{r + 1}c{c + 1}" for r, c in json.loads(out)["solution"]]
    stars = [arg for cell in answer for arg in ("--star", cell)]
    code, out, _ = run(["stars", "check", mensa, *stars[:4]], capsys)
    assert code == 0 and out.strip() == "right so far: no mark differs from the solution"
    code, out, _ = run(["stars", "check", mensa, *stars], capsys)
    assert code == 0 and out.strip() == "solved: every star is placed and right"
    wrong = next(f"r{r}c{c}" for r in range(1, 7) for c in range(1, 7) if f"r{r}c{c}" not in answer)
    code, out, _ = run(["stars", "check", mensa, "--star", wrong, "--empty", answer[0]], capsys)
    assert code == 0 and out.strip() == "wrong: 2 of your marks differ from the solution"
    assert wrong not in out and answer[0] not in out
    code, _, err = run(["stars", "check", mensa, "--star", "r1c1", "--empty", "1,1"], capsys)
    assert code == 2 and err.strip() == "error: r1c1 is marked both a star and empty: choose one"


def test_hint_goes_past_what_the_stars_give_at_every_level(
        mensa: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Two right stars and no dots: the explainer's next step would be their neighbours; the
    # hint applies them (one line), gives the same step the engine's teach does, and levels
    # 1 and 2 say only where to look and the rule.
    from puzzlesmith.stars.formats import load
    from puzzlesmith.stars.hints import teach

    code, out, _ = run(["stars", "solve", "--json", mensa], capsys)
    answer = sorted(tuple(cell) for cell in json.loads(out)["solution"])[:2]
    marks = [arg for r, c in answer for arg in ("--star", f"r{r + 1}c{c + 1}")]
    found = teach(load(mensa), given_stars=tuple(answer))
    assert found.step is not None and found.skipped
    code, out, _ = run(["stars", "hint", mensa, *marks], capsys)
    text = " ".join(out.split())
    assert code == 0 and "first, what your stars already give" in text
    assert f"{found.step.rule}: {found.step.reason}" in text and "star-neighbours" not in text
    code, out, _ = run(["stars", "hint", mensa, *marks, "--json"], capsys)
    assert json.loads(out)["steps"][0] == found.step.to_json()
    code, out, _ = run(["stars", "hint", mensa, *marks, "--level", "1"], capsys)
    assert code == 0 and " ".join(out.split()) == f"hint 1 of 3: {found.nudge}"
    code, out, _ = run(["stars", "hint", mensa, *marks, "--level", "2"], capsys)
    assert code == 0 and " ".join(out.split()) == f"hint 2 of 3: {found.lesson}"
    code, _, err = run(["stars", "hint", mensa, "--level", "4"], capsys)
    assert code == 2 and "--level must be 1, 2 or 3" in err
