"""Rules a setter sets on a fill's words, against the brute force: --max-shared-substring N
(no two entries share a run of N letters, two the setter gave whole excepted; the brute
force's fills filtered by the rule written here on its own) and least scores by length (the
brute force on the words each length keeps)."""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.fill.engine import check, fill, fill_region
from puzzlesmith.fill.model import parse_grid
from puzzlesmith.limits import Deadline
from tests.fill import oracle
from tests.fill.test_fill_engine import cases, independent_check, lexicon, make_grid, planted_cases

# The brute force knows no entry inside another (its own oracle: test_fill_inside).
check = functools.partial(check, allow_inside=True)
fill = functools.partial(fill, allow_inside=True)
fill_region = functools.partial(fill_region, allow_inside=True)


def _runs_of(word: str, n: int) -> set[str]:
    return {word[i:i + n] for i in range(len(word) - n + 1)}


def _keeps_rule(rows: list[str], filled: list[str], n: int) -> bool:
    entries = []
    for run in oracle.runs(rows):
        word = "".join(filled[r][c] for r, c in run)
        given = all(rows[r][c] != "." for r, c in run)
        entries.append((word, given))
    for i, (a, ga) in enumerate(entries):
        for b, gb in entries[i + 1:]:
            if not (ga and gb) and _runs_of(a, n) & _runs_of(b, n):
                return False
    return True


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(cases(), planted_cases()), st.integers(2, 4))
def test_shared_runs_agree_with_brute_force(case: tuple[list[str], list[str], bool], n: int) -> None:
    rows, words, repeats = case
    grid = make_grid(rows)
    lex, index = lexicon(words)
    exists = any(_keeps_rule(rows, f, n) for f in oracle.fills(rows, words, repeats=repeats))
    found = fill(grid, lex, index, allow_repeats=repeats, max_shared_substring=n, deadline=Deadline(30),
                 improve=0)
    assert found.status == ("filled" if exists else "impossible"), (
        rows, words, repeats, n, found.filled and found.filled.rows)
    if found.filled is not None:
        independent_check(rows, list(found.filled.rows), set(words), repeats)
        assert _keeps_rule(rows, list(found.filled.rows), n)


def test_a_run_shared_with_the_setters_entry_is_refused() -> None:
    lex, index = lexicon(["starlit", "stardom"])
    grid = parse_grid(["stargaz", "#######", "......."])  # STARGAZ: the setter's, not a word
    assert fill(grid, lex, index, max_shared_substring=5, deadline=Deadline(10)).status == "filled"
    ruled = fill(grid, lex, index, max_shared_substring=4, deadline=Deadline(10))
    assert ruled.status == "impossible"
    assert "shares no 4 letters" in ruled.note or "no word fits" in ruled.note
    with pytest.raises(InputError):
        fill(grid, lex, index, max_shared_substring=1)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(cases(), planted_cases()), st.data())
def test_least_scores_by_length_agree_with_brute_force(case: tuple[list[str], list[str], bool],
                                                       data: st.DataObject) -> None:
    rows, words, repeats = case
    grid = make_grid(rows)
    scores = [(13 * i) % 60 for i in range(len(words))]
    least = {n: data.draw(st.integers(0, 60)) for n in sorted({len(w) for w in words})}
    lex, index = lexicon(words, scores)
    allowed = [w for w, s in zip(words, scores, strict=True) if s >= least[len(w)]]
    exists = next(oracle.fills(rows, allowed, repeats=repeats), None) is not None
    found = fill(grid, lex, index, allow_repeats=repeats, min_score_by_length=least, deadline=Deadline(30),
                 improve=0)
    assert found.status == ("filled" if exists else "impossible")
    if found.filled is not None:
        independent_check(rows, list(found.filled.rows), set(allowed), repeats)


def test_a_length_no_word_scores_enough_for_is_named_with_its_floor() -> None:
    # Three-letter words score 10-30, so 40 for length 3 leaves none: the note says so, with the
    # count of the words that fit but score less (counted here from the list).
    words = ["cat", "act", "tac", "cot", "ate", "tea", "ace", "oat"]
    scores = [10, 20, 30, 10, 20, 30, 10, 20]
    lex, index = lexicon(words, scores)
    found = fill(parse_grid(["c..", "...", "..."]), lex, index, min_score_by_length={3: 40}, improve=0)
    fitting = [w for w in words if w.startswith("c")]
    assert found.status == "impossible"
    assert found.note == f"no word scoring 40 or more fits 1 across (C..); {len(fitting)} score less"
    assert found.where == ("1 across",)


def test_check_and_region_take_the_least_scores_by_length() -> None:
    # The 3-letter words score 10-30 and the 2-letter ones 50: with 40 for length 3, check
    # finds no word for the 3-letter entries (each entry's count taken here from the list) and
    # the region of the whole grid has no fill; without it, both fill (TEA over OAT), as the
    # brute force says.
    words = ["tea", "oat", "cat", "act", "to", "ea", "at", "ca"]
    scores = [10, 20, 30, 10, 50, 50, 50, 50]
    lex, index = lexicon(words, scores)
    rows = ["...", "..."]
    least = {3: 40}
    allowed = [w for w, s in zip(words, scores, strict=True) if s >= least.get(len(w), 0)]
    doc = check(make_grid(rows), lex, index, min_score_by_length=least).to_json()
    alone = {f"{e['number']} {e['direction']}": e["candidates"] for e in doc["entries"]}
    lengths = {f"{e['number']} {e['direction']}": len(e["pattern"]) for e in doc["entries"]}
    assert alone == {label: sum(len(w) == lengths[label] for w in allowed) for label in alone}
    assert doc["status"] == "unfillable" and doc["unfillable"] == ["1 across", "4 across"]
    for least_scores, has_fill in (({3: 40}, False), ({}, True)):
        kept = [w for w, s in zip(words, scores, strict=True) if s >= least_scores.get(len(w), 0)]
        assert (next(oracle.fills(rows, kept, repeats=False), None) is not None) == has_fill
        region = fill_region(make_grid(rows), lex, index, (0, 0, 1, 2), min_score_by_length=least_scores)
        assert region.status == ("filled" if has_fill else "impossible")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(cases(), planted_cases()), st.integers(2, 4))
def test_check_and_region_take_shared_runs_as_the_brute_force_does(
        case: tuple[list[str], list[str], bool], n: int) -> None:
    # The region of the whole grid is the whole problem: filled exactly when the brute force
    # finds a fill keeping the rule. The check is sound: "unfillable" or "overconstrained"
    # only when there is no such fill, and each entry keeps every word such a fill gives it.
    rows, words, repeats = case
    grid = make_grid(rows)
    lex, index = lexicon(words)
    kept = [f for f in oracle.fills(rows, words, repeats=repeats) if _keeps_rule(rows, f, n)]
    region = fill_region(grid, lex, index, (0, 0, grid.height - 1, grid.width - 1),
                         allow_repeats=repeats, max_shared_substring=n, deadline=Deadline(30))
    assert region.status == ("filled" if kept else "impossible"), (rows, words, repeats, n)
    doc = check(grid, lex, index, allow_repeats=repeats, max_shared_substring=n).to_json()
    if kept:
        assert doc["status"] == "ok"
        for e in doc["entries"]:
            run = next(r for r in oracle.runs(rows) if r[0] == (e["row"], e["col"])
                       and len(r) == e["length"] and (len(r) == 1 or (r[1][0] > r[0][0])
                                                      == (e["direction"] == "down")))
            answers = {"".join(f[r][c] for r, c in run) for f in kept}
            assert e["consistent"] >= len(answers), (e, answers)


def test_check_region_and_candidates_refuse_a_run_shared_with_the_setters_entry() -> None:
    # STARGAZ is the setter's (not a word): with 4 letters in a row, STARLIT and STARDOM
    # share STAR with it, so the third row has no word, as `fill` says; with 5, both fit.
    from puzzlesmith.fill.candidates import candidates

    lex, index = lexicon(["starlit", "stardom"])
    grid = parse_grid(["stargaz", "#######", "......."])
    box = (0, 0, 2, 6)
    for n, fits in ((5, 2), (4, 0)):
        doc = check(grid, lex, index, max_shared_substring=n).to_json()
        row3 = next(e for e in doc["entries"] if e["row"] == 2)
        assert (row3["candidates"], row3["consistent"]) == (fits, fits)
        assert fill_region(grid, lex, index, box, max_shared_substring=n).status == (
            "filled" if fits else "impossible")
        assert candidates(grid, lex, index, "2 across", max_shared_substring=n).total == fits
    for bad in (lambda: check(grid, lex, index, max_shared_substring=1),
                lambda: fill_region(grid, lex, index, box, max_shared_substring=1),
                lambda: candidates(grid, lex, index, "2 across", max_shared_substring=1)):
        with pytest.raises(InputError, match="2 or more"):
            bad()
