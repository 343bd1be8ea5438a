"""The board: its validator, and the equivalence (translation + transposition) on its own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.qless.board import Board, connected, is_solution, problems

cells = st.lists(
    st.tuples(st.integers(-5, 5), st.integers(-5, 5), st.sampled_from("abcxyz")),
    min_size=1, max_size=12, unique_by=lambda t: (t[0], t[1]),
)


@pytest.mark.slow
@settings(deadline=None)
@given(cells, st.integers(-20, 20), st.integers(-20, 20))
def test_translation_does_not_change_the_canonical_board(cs: list, dr: int, dc: int) -> None:
    moved = [(r + dr, c + dc, ch) for r, c, ch in cs]
    assert Board.of(cs).canonical() == Board.of(moved).canonical()


@settings(deadline=None)
@given(cells)
def test_transposition_does_not_change_the_canonical_board(cs: list) -> None:
    swapped = [(c, r, ch) for r, c, ch in cs]
    assert Board.of(cs).canonical() == Board.of(swapped).canonical()


@settings(deadline=None)
@given(cells)
def test_canonical_is_idempotent_and_keeps_the_letters(cs: list) -> None:
    b = Board.of(cs).canonical()
    assert b.canonical() == b
    assert sorted(b.letters()) == sorted(ch for _, _, ch in cs)


@settings(deadline=None)
@given(cells, cells)
def test_equal_canonical_boards_are_translations_or_transpositions(a: list, b: list) -> None:
    # Independent statement of the equivalence: compare sets of cells after shifting.
    def shifted(cs: list) -> frozenset:
        r0 = min(r for r, _, _ in cs)
        c0 = min(c for _, c, _ in cs)
        return frozenset((r - r0, c - c0, ch) for r, c, ch in cs)

    same = shifted(a) == shifted(b) or shifted(a) == shifted([(c, r, ch) for r, c, ch in b])
    assert (Board.of(a).canonical() == Board.of(b).canonical()) == same


def test_mirror_images_and_rotations_are_different_solutions() -> None:
    b = Board.from_rows(["cat", "a..", "b.."])
    mirrored = Board.from_rows(["tac", "..a", "..b"])
    rotated = Board.from_rows(["..b", "..a", "tac"])
    assert b.canonical() != mirrored.canonical()
    assert b.canonical() != rotated.canonical()
    assert b.canonical() == Board.from_rows(["cab", "a..", "t.."]).canonical()


def test_rows_and_words() -> None:
    b = Board.from_rows(["....", ".c..", "bat.", ".t.."])
    assert b.rows() == [".c.", "bat", ".t."]  # empty rows and columns at the edge go
    assert b.words() == ["bat", "cat"]
    assert b.height == 3 and b.width == 3


WORDS = {"cat", "bat", "tab", "act", "at"}


def test_validator_accepts_a_solution() -> None:
    b = Board.from_rows([".c.", "bat", ".t."])
    assert problems(b, "abctt", WORDS) == []
    assert is_solution(b, "ttcab", WORDS)


def test_validator_names_each_broken_rule() -> None:
    assert any("letters" in p for p in problems(Board.from_rows(["cat"]), "cab", WORDS))
    assert "not connected" in problems(Board.from_rows(["cat.bat"]), "cattab", WORDS)
    assert any("shorter than 3" in p for p in problems(Board.from_rows(["at"]), "at", WORDS))
    assert any("not a word" in p for p in problems(Board.from_rows(["tca"]), "cat", WORDS))
    # Two across words side by side make two-letter down runs.
    side = Board.from_rows(["cat", "bat"])
    assert any("shorter than 3" in p for p in problems(side, "cattab", WORDS))


def test_connected() -> None:
    assert connected(Board.from_rows(["ab", ".c"]))
    assert not connected(Board.from_rows(["a.", ".c"]))
    assert not connected(Board(()))


@settings(deadline=None)
@given(cells)
def test_placed_runs_start_where_an_independent_reading_finds_them(cs: list) -> None:
    # Independent reading: scan each row and column string of the rows for runs of 2+.
    import re

    from puzzlesmith.qless.board import placed_runs

    b = Board.of(cs)
    rows = b.rows()
    cols = ["".join(row[c] for row in rows) for c in range(b.width)]
    want = [(r, m.start(), True, m.group()) for r, row in enumerate(rows)
            for m in re.finditer(r"[a-z]{2,}", row)]
    want += [(m.start(), c, False, m.group()) for c, col in enumerate(cols)
             for m in re.finditer(r"[a-z]{2,}", col)]
    got = [(run.row, run.col, run.across, run.text) for run in placed_runs(b.cells)]
    assert sorted(got) == sorted(want)
    assert [t for *_, t in got] == b.runs()


def test_review_judges_each_run_and_says_what_is_missing() -> None:
    from puzzlesmith.qless.board import NOT_A_WORD, TOO_SHORT, WORD, review

    cs = list(Board.from_rows(["cat.", "x...", "...b"]).cells)
    got = review(cs, "catxbe", {"cat"})
    assert [(run.text, v) for run, v in got.runs] == [("cat", WORD), ("cx", TOO_SHORT)]
    assert got.missing == "e" and got.extra == "" and not got.connected
    got = review(Board.from_rows(["cab"]).cells, "cab", {"cat"})
    assert [v for _, v in got.runs] == [NOT_A_WORD] and got.connected
    assert got.problems() == ["run 'cab' is not a word"]
