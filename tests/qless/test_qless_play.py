"""Hints, grades and the roll of the day, checked against the brute-force solver."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from dataclasses import replace
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import Lexicon, LexiconSpec, narrowed
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.limits import Deadline
from puzzlesmith.qless import play
from puzzlesmith.qless.play import GRADES, Grade, daily, grade, grade_of, hint, parse_date
from tests.qless.qless_brute import brute_solutions, columns


@lru_cache(maxsize=256)
def lex(words: tuple[str, ...]) -> Lexicon:
    return Lexicon("t", "t", "t", tuple(sorted(set(words))))


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    alphabet = draw(st.sampled_from(["abc", "abde", "aest", "eorst"]))
    n = draw(st.integers(3, 7))
    letters = "".join(draw(st.lists(st.sampled_from(alphabet), min_size=n, max_size=n)))
    word = st.text(alphabet, min_size=3, max_size=min(n, 6))
    words = draw(st.lists(word, min_size=3, max_size=40, unique=True))
    common = draw(st.lists(st.sampled_from(words), unique=True))
    return letters, tuple(sorted(words)), tuple(sorted(common))


def runs(rows: list[str]) -> list[str]:
    return [p for line in rows + columns(rows) for p in line.split(" ") if len(p) >= 3]


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_grades_and_hints_agree_with_brute_force(case: tuple[str, tuple[str, ...], tuple[str, ...]]) -> None:
    letters, words, common = case
    every = brute_solutions(letters, set(words))
    known = brute_solutions(letters, set(common)) if common else set()
    # Solutions whose words are all common are exactly the brute-force solutions over them.
    assert known == {s for s in every if all(w in common for w in runs(list(s)))}
    full, words_index = lex(words), build_index(lex(common or ("zzz",)))
    g = grade(letters, full, words_index, deadline=Deadline(60))
    assert g.exact and g.common_solutions == len(known) and g.solutions == len(every)
    assert g.grade == grade_of(len(known), bool(every))
    h = hint(letters, full, level=3, deadline=Deadline(60), common_index=words_index)
    assert (h.status == "solved") == bool(every)
    if h.word is not None:
        longest = max(len(w) for s in (known or every) for w in runs(list(s)))
        # The hint's word is the longest of its own solution, so at most the longest anywhere.
        assert len(h.word) <= longest and h.word in words
        assert h.board is not None and "".join(h.board).replace(".", "") == h.word
        assert h.common_only == bool(known)


def test_grade_boundaries() -> None:
    assert [grade_of(n, True) for n in (101, 100, 31, 30, 1)] == [
        "novice", "intermediate", "intermediate", "advanced", "advanced"]
    assert grade_of(0, True) == "expert" and grade_of(0, False) == "impossible"


def test_hint_levels_on_a_real_roll() -> None:
    full, common = narrowed(LexiconSpec())[0], narrowed(LexiconSpec(common_top=30_000))[1]
    docs = [hint("mvhdrxwcciaa", full, level=k, deadline=Deadline(10), common_index=common).to_json()
            for k in (1, 2, 3)]
    assert set(docs[0]) >= {"letters", "level", "length", "first_letter"} and "word" not in docs[0]
    assert "word" in docs[1] and "board" not in docs[1]
    word, board = docs[2]["word"], docs[2]["board"]
    assert docs[0]["length"] == len(word) and docs[0]["first_letter"] == word[0]
    assert "".join(board).replace(".", "") == word
    with pytest.raises(InputError):
        hint("mvhdrxwcciaa", full, level=4, deadline=Deadline(10))


@pytest.mark.slow
def test_a_lower_bound_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # A count cut short is a lower bound: more solutions mean easier, so the roll is this
    # grade or easier; "novice" (the easiest) stays exact.
    for name in GRADES[1:4]:
        cut = Grade("abc", name, 5, False, None, False)
        assert cut.text == f"{name} or easier" and not cut.to_json()["exact"]
        assert Grade("abc", name, 5, True, 9, True).text == name
    assert Grade("abc", "novice", 101, False, None, False).text == "novice"

    # grade() itself, with the common-words count stopped after 12 solutions.
    real = play.search_roll

    def cut_common(letters: str, index: object, **kw: object) -> object:
        done = real(letters, index, **kw)  # type: ignore[arg-type]
        if index is common:
            return replace(done, solutions=12, count_complete=False)
        return done

    full, common = narrowed(LexiconSpec())[0], narrowed(LexiconSpec(common_top=30_000))[1]
    monkeypatch.setattr(play, "search_roll", cut_common)
    g = grade("readingsto", full, common, deadline=Deadline(30))
    assert g.grade == "advanced" and g.common_solutions == 12 and not g.common_exact
    assert g.text == "advanced or easier" and g.to_json()["common_complete"] is False


@pytest.mark.slow
def test_the_roll_of_a_day_is_fixed_and_solvable_with_common_words() -> None:
    full, common = narrowed(LexiconSpec())[0], narrowed(LexiconSpec(common_top=30_000))[1]
    day = dt.date(2026, 12, 1)
    a = daily(day, full, common, deadline=Deadline(10))
    b = daily(day, full, common, deadline=Deadline(10))
    assert a.grade is not None and a.grade.grade in ("novice", "intermediate", "advanced")
    assert a.letters == b.letters and a.grade.common_solutions >= 1
    other = daily(dt.date(2026, 12, 2), full, common, deadline=Deadline(10))
    assert other.letters != a.letters
    # Another process (another hash seed) rolls the same, and grades it the same: the grade
    # counts for a fixed amount of work, not for a time (a busy machine reads the same).
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", "qless", "daily", "--date",
                           "2026-12-01", "--json"], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == a.to_json() == b.to_json()
    alone = daily(day, full, common, deadline=Deadline(10), graded=False)
    assert alone.letters == a.letters and "grade" not in alone.to_json()


@pytest.mark.slow
def test_the_daily_grade_is_the_same_on_a_slow_clock_and_its_counts_are_lower_bounds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    full, common = narrowed(LexiconSpec())[0], narrowed(LexiconSpec(common_top=30_000))[1]
    letters = daily(dt.date(2026, 12, 1), full, common, deadline=Deadline(10),
                    graded=False).letters
    quick = play.daily_grade(letters, full, common, deadline=Deadline(60))
    # A machine four times busier: every look at the clock finds more time gone.
    real = Deadline.elapsed
    monkeypatch.setattr(Deadline, "elapsed", lambda self: 4 * real(self))
    assert play.daily_grade(letters, full, common, deadline=Deadline(60)) == quick
    monkeypatch.undo()
    # The exact counts, with no limit at all.
    exact_common = play.search_roll(letters, common, deadline=Deadline(None), count=True)
    exact_all = play.search_roll(letters, full, deadline=Deadline(None), count=True)
    for got, exact, complete in ((quick.common_solutions, exact_common.solutions,
                                  quick.common_exact),
                                 (quick.solutions, exact_all.solutions, quick.solutions_exact)):
        assert got is not None and exact is not None and 1 <= got <= exact
        assert not complete or got == exact  # a count said complete is exact


@pytest.mark.parametrize("bad", ["2026-13-01", "2026-02-30", "26-12-01", "tomorrow", "2026/12/01"])
def test_bad_dates(bad: str) -> None:
    with pytest.raises(InputError):
        parse_date(bad)
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", "qless", "daily", "--date", bad],
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.startswith("error: --date must be")
    assert len(done.stderr.strip().splitlines()) == 1
