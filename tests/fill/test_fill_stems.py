"""Same-stem dupes (RULE with RULED, RULES, RULING): off by default, checked against an
inflection rule written here, forwards (a word and the forms English makes of it), sharing
no code with fill.stems (which strips suffixes backwards)."""

from __future__ import annotations

import functools
import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.common import shared_data, shared_data_missing
from puzzlesmith.fill.engine import fill
from puzzlesmith.fill.model import parse_grid
from puzzlesmith.fill.stems import forms, stems
from puzzlesmith.limits import Deadline
from tests.fill import oracle
from tests.fill.test_fill_engine import lexicon

# The brute force knows no entry inside another (its own oracle: test_fill_inside).
fill = functools.partial(fill, allow_inside=True)

VOWELS = set("aeiou")
DOUBLING = set("bcdfgkmnprtv")  # a stressed short final syllable doubles these (STOP, STOPPED)


def inflections(word: str) -> set[str]:
    """The regular inflections of `word` (four letters or more): plural or third person,
    past, present participle."""
    if len(word) < 4:
        return set()
    out = set()
    last, before = word[-1], word[-2]
    if word.endswith(("s", "x", "z", "ch", "sh")):
        out.add(word + "es")
    elif not (last == "y" and before not in VOWELS):
        out.add(word + "s")
    if last == "y" and before not in VOWELS:
        out |= {word[:-1] + "ies", word[:-1] + "ied", word + "ing"}
    elif last == "e":
        out.add(word + "d")
        out.add(word + "ing" if before == "e" else word[:-1] + "ing")
    else:
        out |= {word + "ed", word + "ing"}
        if last in DOUBLING and before in VOWELS and word[-3] not in VOWELS:
            out |= {word + last + "ed", word + last + "ing"}
    return out


def clashes(answers: list[str]) -> list[tuple[str, str]]:
    return [(a, b) for a, b in itertools.permutations(answers, 2) if b in inflections(a)]


def test_the_inflection_rule_itself() -> None:
    assert inflections("rule") == {"rules", "ruled", "ruling"}
    assert {"stopped", "stopping", "stops"} <= inflections("stop")
    assert inflections("carry") == {"carries", "carried", "carrying"}
    assert inflections("wish") == {"wishes", "wished", "wishing"}


@settings(max_examples=400, deadline=None)
@given(st.text("abdegilnoprstuy", min_size=4, max_size=9))
def test_every_inflection_shares_the_stem(word: str) -> None:
    for form in inflections(word):
        shared = stems(form) & stems(word)
        assert shared, (word, form)
        assert all(form in forms(k) for k in shared)  # the fill looks the kin up by `forms`


@settings(max_examples=400, deadline=None)
@given(st.text("abdeginrsy", min_size=1, max_size=10))
def test_forms_holds_every_word_of_a_stem(word: str) -> None:
    assert all(word in forms(k) for k in stems(word))


def test_rule_and_ruled_never_share_a_grid_unless_allowed() -> None:
    # Two entries apart from each other: the list's only words of their lengths are RULE, RULED.
    rows = ["....#", "#####", "....."]
    grid = parse_grid(rows)
    lex, index = lexicon(["rule", "ruled", "sole", "soled"], [50, 50, 0, 0])
    got = fill(grid, lex, index, improve=0)
    assert got.status == "filled"
    assert not clashes([e.answer for e in got.entries])
    strict = fill(grid, *lexicon(["rule", "ruled"]))
    assert strict.status == "impossible"
    assert "stem" in strict.note
    allowed = fill(grid, *lexicon(["rule", "ruled"]), allow_same_stem=True)
    assert allowed.status == "filled"
    assert sorted(e.answer for e in allowed.entries) == ["rule", "ruled"]


@st.composite
def inflected_cases(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """Small grids and lists full of inflections of a few stems, where a fill ignoring stems
    would often pair them."""
    h = draw(st.integers(3, 5))
    w = draw(st.integers(4, 6))
    cells = [draw(st.sampled_from("....#")) for _ in range(h * w)]
    rows = ["".join(cells[r * w:(r + 1) * w]) for r in range(h)]
    bases = draw(st.lists(st.text("adeinrst", min_size=2, max_size=5), min_size=3, max_size=12))
    words = set()
    for b in bases:
        words |= {b} | {f for f in inflections(b) if len(f) <= 6}
    return rows, sorted(words)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(inflected_cases())
def test_fills_hold_no_inflection_pair(case: tuple[list[str], list[str]]) -> None:
    rows, words = case
    try:
        grid = parse_grid(rows, allow_2=True)
    except Exception:
        return
    got = fill(grid, *lexicon(words), deadline=Deadline(30), improve=0)
    assert got.status != "timeout"
    if got.filled is not None:
        filled = list(got.filled.rows)
        answers = ["".join(filled[r][c] for r, c in run) for run in oracle.runs(filled)]
        assert not clashes(answers), answers
    else:
        # No fill under the stem rule: then a fill ignoring it, if any, pairs a stem.
        for filled in itertools.islice(oracle.fills(rows, words), 200):
            answers = ["".join(filled[r][c] for r, c in run) for run in oracle.runs(filled)]
            assert any(stems(a) & stems(b) for a, b in itertools.combinations(answers, 2)
                       if a != b)


REAL = shared_data("crosswords", "real_grids.jsonl")


def _real_15x15() -> list[str]:
    import json

    if not REAL.exists():
        pytest.skip(f"no real crosswords: {shared_data_missing(REAL)}")
    docs = [json.loads(line) for line in REAL.read_text().splitlines() if line.strip()]
    (blocks,) = [d["blocks"] for d in docs if d["name"] == "nyt-2008-03-10-mon"]
    return list(blocks)


@pytest.mark.parametrize("which", ["mini", "real 15x15"])
def test_a_mini_and_a_real_15x15_fill_without_inflection_pairs(which: str) -> None:
    from puzzlesmith.fill.scores import FILL_LEXICON
    from puzzlesmith.lexicon import LexiconSpec, narrowed

    rows = ["#....", ".....", ".....", ".....", "....#"] if which == "mini" else _real_15x15()
    lex, index = narrowed(LexiconSpec(FILL_LEXICON))
    grid = parse_grid(rows)
    for seed in range(2):
        got = fill(grid, lex, index, seed=seed, deadline=Deadline(30), improve=200)
        if got.status == "timeout":
            pytest.skip("the machine is too loaded to fill in time")
        assert got.status == "filled"
        assert not clashes([e.answer for e in got.entries])


def test_candidates_leave_out_the_kin_of_whole_entries() -> None:
    from puzzlesmith.fill.candidates import candidates

    grid = parse_grid(["rule#", "#####", "....."])
    lex, index = lexicon(["rule", "rules", "ruled", "sole", "soles", "solid"])
    label = next(s.label for s in grid.slots if s.length == 5)
    got = [c.word for c in candidates(grid, lex, index, label).candidates]
    assert sorted(got) == ["soles", "solid"] and not clashes(["rule", *got])
    allowed = [c.word for c in candidates(grid, lex, index, label, allow_same_stem=True,
                                             allow_inside=True).candidates]
    assert sorted(allowed) == ["ruled", "rules", "soles", "solid"]
