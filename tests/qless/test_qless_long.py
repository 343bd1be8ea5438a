"""Long rolls (13+ letters) against an independent brute force: solvability and solution sets."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzlesmith.lexicon import Lexicon
from puzzlesmith.limits import Deadline
from puzzlesmith.qless.board import Board, is_solution
from puzzlesmith.qless.engines.long import hang
from puzzlesmith.qless.shapes import cores
from puzzlesmith.qless.solve import search_roll
from tests.qless.qless_brute import all_lines_ok, brute_placements, canonical


@lru_cache(maxsize=256)
def lex(words: tuple[str, ...]) -> Lexicon:
    return Lexicon("t", "t", "t", tuple(sorted(set(words))))


@st.composite
def long_rolls(draw: st.DrawFn) -> tuple[str, tuple[str, ...]]:
    """13 or 14 letters made of a few words laid out, so many cases are solvable."""
    alphabet = draw(st.sampled_from(["abc", "abde", "aest", "eorst"]))
    words = draw(st.lists(st.text(alphabet, min_size=3, max_size=6), min_size=2, max_size=3,
                          unique=True))
    # 13 letters drawn from the words' own letters, so solutions are common.
    n = 13
    pool = list("".join(words)) * 3
    picked = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n))
    # A roll of mostly one letter lays out in so many ways that the brute force takes minutes.
    assume(max(map(picked.count, set(picked))) <= 6)
    return "".join(picked), tuple(sorted(words))


@st.composite
def tree_rolls(draw: st.DrawFn) -> tuple[str, tuple[str, ...]]:
    """13 to 16 letters: 3 or 4 words over a small alphabet, each after the first sharing
    one letter with an earlier one (the letters of a tree of words, often solvable)."""
    alphabet = draw(st.sampled_from(["abcde", "aeirst", "eorstn", "abdeo"]))
    k = draw(st.integers(3, 4))
    words = draw(st.lists(st.text(alphabet, min_size=3, max_size=6), min_size=k, max_size=k))
    letters = list(words[0])
    for i, w in enumerate(words[1:], 1):
        shared = [ch for ch in w if any(ch in v for v in words[:i])]
        if not shared:
            break
        rest = list(w)
        rest.remove(draw(st.sampled_from(shared)))
        letters += rest
    assume(13 <= len(letters) <= 16)
    return "".join(letters), tuple(sorted(set(words)))


def engine_set(letters: str, words: tuple[str, ...]) -> set[tuple[str, ...]]:
    found: list[Board] = []
    result = search_roll(letters, lex(words), deadline=Deadline(120), count=True,
                   on_solution=found.append)
    assert result.count_complete and result.solutions == len(found)
    return {canonical([r.replace(".", " ") for r in b.rows()]) for b in found}


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(long_rolls())
def test_long_rolls_agree_with_brute_force(case: tuple[str, tuple[str, ...]]) -> None:
    letters, words = case
    brute = brute_placements(letters, set(words))
    assert engine_set(letters, words) == brute
    first = search_roll(letters, lex(words), deadline=Deadline(120))
    assert first.status == ("solved" if brute else "unsolvable")
    if first.board is not None:
        assert is_solution(first.board, letters, set(words))
        assert canonical([r.replace(".", " ") for r in first.board.rows()]) in brute


def check_against_brute_force(letters: str, words: tuple[str, ...]) -> None:
    brute = brute_placements(letters, set(words))
    assert engine_set(letters, words) == brute
    # Seed 0 tries a word tree first (engine._tree_then_long); another seed goes straight to
    # the exhaustive search's first-solution pass, so both are checked.
    for seed in (0, 1):
        first = search_roll(letters, lex(words), deadline=Deadline(120), seed=seed)
        assert first.status == ("solved" if brute else "unsolvable")
        if first.board is not None:
            assert is_solution(first.board, letters, set(words))
            assert canonical([r.replace(".", " ") for r in first.board.rows()]) in brute
    counted = search_roll(letters, lex(words), deadline=Deadline(120), count=True)
    assert counted.count_complete and counted.solutions == len(brute)


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tree_rolls())
def test_13_to_16_letters_agree_with_brute_force(case: tuple[str, tuple[str, ...]]) -> None:
    check_against_brute_force(*case)


HAND_PICKED = [
    ("renseroessotte", ("rense", "ron", "ses", "sottee")),  # 14 letters, 9 solutions
    ("ostrnnnenrosen", ("ostr", "nnnetn", "ero", "seen")),  # 14, none
    ("sntrtrsosnntors", ("sntrtr", "sosnn", "ntosrs")),  # 15, 17 solutions
    ("aatieiiiirrirtte", ("aat", "ieiiai", "ierrir", "trte")),  # 16, 8
    ("eeaobeaedeedodbo", ("eeao", "beoaed", "deedod", "boo")),  # 16, 8
]


@pytest.mark.parametrize("letters, words", HAND_PICKED)
def test_hand_picked_14_to_16_letters(letters: str, words: tuple[str, ...]) -> None:
    check_against_brute_force(letters, words)


@pytest.fixture()
def leaves_at_13(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rolls of 13 and 14 letters solved as 15 and 16 are (cores and hung words), not by
    tries of all their skeletons; smaller long rolls then recurse."""
    monkeypatch.setattr(cores, "FULL_UPTO", 12)


@pytest.mark.parametrize("letters, words", HAND_PICKED[:3])
def test_hand_picked_through_smaller_long_rolls(
    leaves_at_13: None, letters: str, words: tuple[str, ...]
) -> None:
    check_against_brute_force(letters, words)


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(long_rolls())
def test_cores_and_hung_words_agree_with_brute_force(
    leaves_at_13: None, case: tuple[str, tuple[str, ...]]
) -> None:
    assert not cores.all_skeletons(13)
    check_against_brute_force(*case)


def test_hand_written_long_rolls() -> None:
    # A 13-letter comb: one across word with three down words hung on it, and more.
    words = ("stare", "sat", "tea", "ate")
    letters = "stareatatesat"
    brute = brute_placements(letters, set(words))
    assert brute, "the hand-made case must be solvable"
    assert engine_set(letters, words) == brute
    first = search_roll(letters, lex(words), deadline=Deadline(60))
    assert first.status == "solved" and first.board is not None
    assert is_solution(first.board, letters, set(words))
    assert search_roll("stareatatesaz", lex(words), deadline=Deadline(60)).status == "unsolvable"


def test_hanging_a_word_keeps_a_board_valid() -> None:
    board = Board.from_rows(["stare", "a....", "t...."])
    words = {"stare", "sat", "tea", "ate"}
    hung = list(hang(board, "tea", 0))
    assert hung and all(
        all_lines_ok([r.replace(".", " ") for r in b.rows()], words) for b in hung)
    # Never beside another cell or through a second one.
    assert all(len(b.cells) == len(board.cells) + 2 for b in hung)
