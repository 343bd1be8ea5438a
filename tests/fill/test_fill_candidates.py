"""Candidates for one entry against an oracle that shares no code with the engine: the runs
found by tests/fill/oracle.py and a plain regex scan over the word list for each crossing."""

from __future__ import annotations

import functools
import itertools
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.fill.candidates import candidates
from puzzlesmith.fill.model import parse_grid
from puzzlesmith.lexicon import Lexicon
from puzzlesmith.lexicon.index import build_index
from tests.fill import oracle

# The brute force knows no entry inside another (its own oracle: test_fill_inside).
candidates = functools.partial(candidates, allow_inside=True)


def lexicon(words: list[str], scores: list[int]) -> tuple[Lexicon, object]:
    pairs = sorted(dict(zip(words, scores, strict=True)).items())
    lex = Lexicon("t", "test", "test", tuple(w for w, _ in pairs), scores=tuple(s for _, s in pairs))
    return lex, build_index(lex)


def expected(rows: list[str], run: list[tuple[int, int]], words: dict[str, int], floor: int,
             repeats: bool, blocked: frozenset[str] = frozenset(),
             by_length: dict[int, int] | None = None,
             shared: int | None = None) -> list[tuple[str, int, bool]]:
    """(word, score, viable) for each word that fits `run`, best score first, by regex;
    `by_length`: a least score for the words of a length, above `floor`; `shared`: no word
    shares a run of that many letters with an entry already whole, nor a crossing's word
    with the candidate (two whole entries, the setter's, may share)."""
    def text(r: list[tuple[int, int]], grid: list[str]) -> str:
        return "".join(grid[i][j] for i, j in r)

    runs = oracle.runs(rows)
    used = {text(r, rows) for r in runs if r != run and "." not in text(r, rows)}
    listed = [w for w, s in words.items()
              if s >= max(floor, (by_length or {}).get(len(w), 0)) and w not in blocked]
    def clash(a: str, b: str) -> bool:
        return shared is not None and any(a[i:i + shared] in b for i in range(len(a) - shared + 1))

    whole = "." not in text(run, rows)
    fits = [w for w in listed if re.fullmatch(text(run, rows), w) and (repeats or w not in used)
            and (whole or not any(clash(w, u) for u in used))]
    out = []
    for w in sorted(fits, key=lambda w: (-words[w], w)):
        placed = [list(row) for row in rows]
        for (i, j), ch in zip(run, w, strict=True):
            placed[i][j] = ch
        grid = ["".join(row) for row in placed]
        viable = True
        for other in runs:
            crosses = set(other) & set(run)
            if other == run or not crosses or "." not in text(other, rows):
                continue
            if all(rows[i][j] != "." for i, j in crosses):
                continue  # its letter there was fixed already
            taken = set() if repeats else used | {w}
            if not any(re.fullmatch(text(other, grid), x) and x not in taken and not clash(x, w)
                       and not any(clash(x, u) for u in used) for x in listed):
                viable = False
        out.append((w, words[w], viable))
    return out


def label_of(rows: list[str], run: list[tuple[int, int]]) -> str:
    grid = parse_grid(rows, allow_2=True)
    w = grid.width
    cells = tuple(i * w + j for i, j in run)
    return next(s.label for s in grid.slots if s.cells == cells)


@st.composite
def cases(draw: st.DrawFn) -> tuple[list[str], dict[str, int], int, bool, int, frozenset[str]]:
    h, w = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    cells = [draw(st.sampled_from("....#ab")) for _ in range(h * w)]
    rows = ["".join(cells[r * w : (r + 1) * w]) for r in range(h)]
    pool = ["".join(p) for n in range(2, 6) for p in itertools.product("ab", repeat=n)]
    chosen = draw(st.lists(st.sampled_from(pool), min_size=15, max_size=50, unique=True))
    words = {x: draw(st.integers(0, 60)) for x in chosen}
    blocked = frozenset(draw(st.lists(st.sampled_from(chosen), max_size=5)))
    return (rows, words, draw(st.sampled_from([0, 0, 30])), draw(st.booleans()), draw(st.integers(0, 20)),
            blocked)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(cases())
def test_candidates_and_their_crossings_match_a_regex_scan(case: tuple) -> None:
    rows, words, floor, repeats, which, blocked = case
    try:
        grid = parse_grid(rows, allow_2=True)
    except InputError:
        assume(False)
        return
    runs = oracle.runs(rows)
    run = runs[which % len(runs)]
    lex, index = lexicon(list(words), list(words.values()))
    got = candidates(grid, lex, index, label_of(rows, run), min_score=floor, allow_repeats=repeats,
                     limit=2000, blocked=blocked)
    want = expected(rows, run, words, floor, repeats, blocked)
    shown = [(c.word, c.score, c.viable) for c in got.candidates]
    # Best score first; ties in the fill's own order (its word tables'), so compared as sets.
    assert [sc for _, sc, _ in shown] == sorted((sc for _, sc, _ in shown), reverse=True)
    assert sorted(shown, key=lambda x: (-x[1], x[0])) == want
    assert got.total == len(want) and got.viable == sum(v for _, _, v in want)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(cases(), st.data())
def test_least_scores_by_length_hold_for_the_entry_and_its_crossings(case: tuple,
                                                                    data: st.DataObject) -> None:
    rows, words, floor, repeats, which, blocked = case
    try:
        grid = parse_grid(rows, allow_2=True)
    except InputError:
        assume(False)
        return
    by_length = {n: data.draw(st.integers(0, 60)) for n in range(2, 6)}
    runs = oracle.runs(rows)
    run = runs[which % len(runs)]
    lex, index = lexicon(list(words), list(words.values()))
    got = candidates(grid, lex, index, label_of(rows, run), min_score=floor, allow_repeats=repeats,
                     limit=2000, blocked=blocked, min_score_by_length=by_length)
    want = expected(rows, run, words, floor, repeats, blocked, by_length)
    shown = [(c.word, c.score, c.viable) for c in got.candidates]
    assert sorted(shown, key=lambda x: (-x[1], x[0])) == want


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(cases(), st.integers(2, 4))
def test_shared_runs_hold_for_the_entry_and_its_crossings(case: tuple, n: int) -> None:
    rows, words, floor, repeats, which, blocked = case
    try:
        grid = parse_grid(rows, allow_2=True)
    except InputError:
        assume(False)
        return
    runs = oracle.runs(rows)
    run = runs[which % len(runs)]
    lex, index = lexicon(list(words), list(words.values()))
    for viable_first in (False, True):
        got = candidates(grid, lex, index, label_of(rows, run), min_score=floor,
                         allow_repeats=repeats, limit=2000, blocked=blocked, max_shared_substring=n,
                         viable_first=viable_first)
        want = expected(rows, run, words, floor, repeats, blocked, shared=n)
        shown = [(c.word, c.score, c.viable) for c in got.candidates]
        assert sorted(shown, key=lambda x: (-x[1], x[0])) == want
        assert got.total == len(want) and got.viable == sum(v for _, _, v in want)


def test_a_crossing_left_without_words_is_named() -> None:
    rows = ["...", "#.#", "#.#"]
    lex, index = lexicon(["cat", "cow", "dog", "axe"], [50, 40, 30, 20])
    got = candidates(parse_grid(rows), lex, index, "1 across")
    marks = {c.word: (c.viable, c.blocked) for c in got.candidates}
    # 2 down runs down the middle: after "cat" it reads a.., which "axe" fits; after "dog", o..
    assert marks["cat"] == (True, None)  # 2 down a.. : axe
    assert marks["dog"] == (False, "2 down")  # 2 down o..: none
    assert [c.word for c in got.candidates] == ["cat", "cow", "dog", "axe"]


def test_an_entry_not_in_the_grid_is_refused() -> None:
    lex, index = lexicon(["cat"], [1])
    with pytest.raises(InputError, match="no entry '9 down'"):
        candidates(parse_grid(["...", "...", "..."]), lex, index, "9 down")
    assert candidates(parse_grid(["...", "...", "..."]), lex, index, "1a").slot.label == "1 across"


def test_viable_first_puts_the_viable_words_first_each_group_best_first() -> None:
    rows = ["...", "#.#", "#.#"]
    lex, index = lexicon(["cat", "cow", "dog", "axe", "oxo"], [50, 40, 30, 20, 10])
    grid = parse_grid(rows)
    plain = candidates(grid, lex, index, "1 across")
    first = candidates(grid, lex, index, "1 across", viable_first=True, limit=3)
    ranked = [c for c in plain.candidates if c.viable] + [c for c in plain.candidates if not c.viable]
    assert first.candidates == tuple(ranked[:3]) and first.total == plain.total == 5
    assert first.viable == plain.viable == sum(c.viable for c in plain.candidates)
