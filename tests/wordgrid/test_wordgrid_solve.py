"""The solver against a brute-force scan, on generated grids and word lists and by hand."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.lexicon import Lexicon, LexiconIndex, LexiconSpec, narrowed
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.limits import Deadline, WorkLimit
from puzzlesmith.wordgrid.model import check_solution, parse_rows
from puzzlesmith.wordgrid.solve import count_solutions, solve
from tests.wordgrid.brute import brute_solutions, seed_scan


def distinct_rows(solutions: set[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """The solutions in which no two unknown rows hold the same word (the default)."""
    return {s for s in solutions if len(set(s)) == len(s)}


def index_of(words: set[str] | list[str], name: str = "test") -> LexiconIndex:
    return build_index(Lexicon(name, "test", "test", tuple(sorted(set(words)))))


def words_of(alphabet: str, length: int, max_size: int) -> st.SearchStrategy[set[str]]:
    """A word list: a subset of every string of `length` letters of `alphabet`."""
    every = ["".join(p) for p in itertools.product(alphabet, repeat=length)]
    return st.sets(st.sampled_from(every), max_size=min(max_size, len(every)))


@st.composite
def grid_cases(draw: st.DrawFn) -> tuple[list[str], set[str], set[str]]:
    """A grid with some unknown rows, a word list of row-length and column-length words,
    and a sub-list (the 'common' words) for the unknown rows.

    Most cases hide a planted fill (its rows and columns are put in the list) so the solver
    has answers to find; alphabets of 2 to 4 letters make other answers likely too.
    """
    alphabet = draw(st.sampled_from(["ab", "abc", "abc", "abcd"]))
    width = draw(st.integers(3, 5))
    height = draw(st.integers(2, 4))
    n_unknown = draw(st.integers(1, min(3, height)))
    unknown = set(draw(st.permutations(range(height)))[:n_unknown])
    planted = [draw(st.text(alphabet, min_size=width, max_size=width)) for _ in range(height)]
    rows = []
    for r in range(height):
        if r in unknown:
            # Blank rows and partly known rows alike.
            hide = draw(st.lists(st.booleans(), min_size=width, max_size=width))
            if not any(hide):
                hide[draw(st.integers(0, width - 1))] = True
            rows.append("".join("?" if h else ch for h, ch in zip(hide, planted[r], strict=True)))
        else:
            rows.append(planted[r])
    budget = {1: 80, 2: 30, 3: 14}[n_unknown]  # keeps the brute force's product small
    row_words = draw(words_of(alphabet, width, budget))
    col_words = draw(words_of(alphabet, height, 60))
    if draw(st.integers(0, 3)):
        row_words |= {planted[r] for r in unknown}
        col_words |= {"".join(col) for col in zip(*planted, strict=True)}
    common = {w for w in row_words if draw(st.booleans())}
    return rows, row_words | col_words, common


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid_cases())
def test_solutions_equal_brute_force(case: tuple[list[str], set[str], set[str]]) -> None:
    rows, words, _ = case
    puzzle = parse_rows(rows)
    index = index_of(words)
    with_repeats = brute_solutions(rows, words, words)
    expected = distinct_rows(with_repeats)
    repeated = solve(puzzle, index, mode="all", deadline=Deadline(None), allow_repeats=True)
    assert {s.words for s in repeated.solutions} == with_repeats
    assert solve(puzzle, index, mode="count", deadline=Deadline(None),
                 allow_repeats=True).count == len(with_repeats)
    result = solve(puzzle, index, mode="all", deadline=Deadline(None))
    got = [s.words for s in result.solutions]
    assert len(got) == len(set(got)), "a solution was listed twice"
    assert set(got) == expected
    assert result.count == len(expected) and result.complete
    assert solve(puzzle, index, mode="count", deadline=Deadline(None)).count == len(expected)
    first = solve(puzzle, index, deadline=Deadline(None))
    assert first.count == min(1, len(expected))
    if expected:
        assert first.solutions[0].words in expected
    for sol in result.solutions:
        assert list(sol.columns) == ["".join(col) for col in zip(*sol.grid, strict=True)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid_cases())
def test_common_rows_full_columns(case: tuple[list[str], set[str], set[str]]) -> None:
    """Unknown rows from the narrow list, columns from the full one."""
    rows, words, common = case
    puzzle = parse_rows(rows)
    full, narrow = index_of(words, "full"), index_of(common or {"zzz"}, "narrow")
    expected = distinct_rows(brute_solutions(rows, common, words))
    result = solve(puzzle, full, narrow, mode="all", deadline=Deadline(None))
    assert {s.words for s in result.solutions} == expected
    assert result.row_lexicon == "narrow" and result.lexicon == "full"
    if not expected:
        every = len(distinct_rows(brute_solutions(rows, words, words)))
        assert result.note is not None
        assert (f"has {every} solution" in result.note) if every else ("none" in result.note)
    else:
        assert result.note is None


@pytest.fixture(scope="module")
def bundled() -> tuple[Lexicon, LexiconIndex]:
    return narrowed(LexiconSpec())


CALENDAR = [
    ["??????", "ipoaru", "gettct"],
    ["???????", "rnolese", "etetdry"],
    ["lrtvix", "??????", "tyhsye"],
    ["ipoaru", "gettct", "??????"],
]


@pytest.mark.parametrize("rows", CALENDAR)
def test_blank_row_anywhere_matches_seed_scan(
    rows: list[str], bundled: tuple[Lexicon, LexiconIndex]
) -> None:
    lexicon, index = bundled
    expected = seed_scan(rows, lexicon.words)
    result = solve(parse_rows(rows), index, mode="all")
    assert sorted(w for (w,) in (s.words for s in result.solutions)) == sorted(expected)
    assert result.count == len(expected)


def test_calendar_answer_is_found(bundled: tuple[Lexicon, LexiconIndex]) -> None:
    _, index = bundled
    result = solve(parse_rows(["??????", "ipoaru", "gettct"]), index, mode="all")
    assert ("falcon",) in {s.words for s in result.solutions}
    assert result.solutions[0].words == ("common",)  # most frequent first
    assert result.to_json()["solutions"][0] == {
        "words": ["common"], "grid": ["common", "ipoaru", "gettct"],
        "columns": ["cig", "ope", "mot", "mat", "orc", "nut"],
    }


def test_partly_known_and_several_rows(bundled: tuple[Lexicon, LexiconIndex]) -> None:
    lexicon, index = bundled
    rows = ["f?????", "ipoaru", "?????t"]
    puzzle = parse_rows(rows)
    result = solve(puzzle, index, mode="all")
    sixes = [w for w in lexicon.words if len(w) == 6]
    tops = [w for w in sixes if w[0] == "f"]
    bottoms = [w for w in sixes if w[-1] == "t"]
    threes = {w for w in lexicon.words if len(w) == 3}
    # Brute force restricted per column: for each top word, the bottoms that complete it.
    expected = {
        (a, b) for a in tops
        if all(any(a[c] + "ipoaru"[c] + x in threes for x in "abcdefghijklmnopqrstuvwxyz")
               for c in range(6))
        for b in bottoms
        if all(a[c] + "ipoaru"[c] + b[c] in threes for c in range(6))
    }
    assert {s.words for s in result.solutions} == expected and expected
    words = frozenset(sixes)
    for s in result.solutions:
        check_solution(puzzle, s.grid, words, frozenset(threes))


def test_common_note_when_none(bundled: tuple[Lexicon, LexiconIndex]) -> None:
    _, full = bundled
    _, common = narrowed(LexiconSpec(common_top=30_000))
    puzzle = parse_rows(["??????", "yyyyyy", "ttzzyy"])
    result = solve(puzzle, full, common, mode="all")
    assert result.count == 0 and result.note is not None


def test_deadline_stops_big_search(bundled: tuple[Lexicon, LexiconIndex]) -> None:
    _, index = bundled
    puzzle = parse_rows(["?" * 7] * 7)
    result = solve(puzzle, index, mode="all", deadline=Deadline(0.3))
    assert result.timed_out and not result.complete and result.status in ("solved", "timeout")
    # The search stops at its limit's first "expired", not some way after: a limit counted
    # in looks (no clock) shows it on any machine, however busy.
    limit = WorkLimit(600.0, checks=40)
    result = solve(puzzle, index, mode="all", deadline=limit)
    assert result.timed_out and not result.complete
    assert limit.used[0] == limit.checks + 1


def test_count_stops_early(bundled: tuple[Lexicon, LexiconIndex]) -> None:
    _, index = bundled
    puzzle = parse_rows(["??????", "??????"])
    assert count_solutions(puzzle, index, stop_at=2) >= 2


def test_count_timeout_keeps_partial_count(bundled: tuple[Lexicon, LexiconIndex]) -> None:
    _, index = bundled
    result = solve(parse_rows(["????"] * 4), index, mode="count", deadline=Deadline(0.3))
    assert result.timed_out and not result.complete and result.count > 0
    assert result.status == "solved"


def test_unknown_rows_hold_different_words_unless_allowed() -> None:
    """A 3x3 square of one word: 'aaa' may fill both unknown rows only with allow_repeats."""
    index = index_of({"aaa", "aab", "aba", "baa", "abb"})
    puzzle = parse_rows(["???", "???", "aab"])
    every = {s.words for s in solve(puzzle, index, mode="all", deadline=Deadline(None),
                                    allow_repeats=True).solutions}
    assert ("aaa", "aaa") in every
    distinct = {s.words for s in solve(puzzle, index, mode="all", deadline=Deadline(None)).solutions}
    assert distinct == {w for w in every if w[0] != w[1]} and distinct
