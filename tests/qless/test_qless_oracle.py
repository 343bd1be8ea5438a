"""The engine against the brute-force solver: same solvability, same set of solutions."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.lexicon import Lexicon, LexiconIndex
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.limits import Deadline
from puzzlesmith.qless.board import Board
from puzzlesmith.qless.engines.attach import attach_solutions
from puzzlesmith.qless.solve import search_roll
from tests.qless.qless_brute import brute_solutions


@lru_cache(maxsize=256)
def index_of(words: tuple[str, ...]) -> LexiconIndex:
    return build_index(Lexicon("test", "test", "test", tuple(sorted(set(words)))))


def engine_solutions(letters: str, words: tuple[str, ...], seed: int = 0) -> set[tuple[str, ...]]:
    found: list[Board] = []
    result = search_roll(letters, index_of(words), deadline=Deadline(60), seed=seed, count=True,
                   on_solution=found.append)
    assert result.count_complete and result.solutions == len(found)
    assert result.status == ("solved" if found else "unsolvable")
    rows = [tuple(b.rows()) for b in found]
    assert len(set(rows)) == len(rows), "a solution was reported twice"
    # Compare in the oracle's own representation: ' ' for empty and its own canonical form.
    from tests.qless.qless_brute import canonical

    return {canonical([r.replace(".", " ") for r in b]) for b in rows}


@st.composite
def rolls(draw: st.DrawFn, max_letters: int = 7) -> tuple[str, tuple[str, ...]]:
    alphabet = draw(st.sampled_from(["abc", "abcd", "abde", "aest", "eorst"]))
    n = draw(st.integers(3, max_letters))
    letters = "".join(draw(st.lists(st.sampled_from(alphabet), min_size=n, max_size=n)))
    word = st.text(alphabet, min_size=3, max_size=min(n, 6))
    words = draw(st.lists(word, min_size=3, max_size=50, unique=True))
    return letters, tuple(sorted(words))


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rolls())
def test_engine_finds_exactly_the_brute_force_solutions(case: tuple[str, tuple[str, ...]]) -> None:
    letters, words = case
    assert engine_solutions(letters, words) == brute_solutions(letters, set(words))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rolls())
def test_counting_without_listing_agrees(case: tuple[str, tuple[str, ...]]) -> None:
    letters, words = case
    result = search_roll(letters, index_of(words), deadline=Deadline(60), count=True)
    assert result.count_complete
    assert result.solutions == len(brute_solutions(letters, set(words)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rolls(max_letters=6))
def test_seed_style_search_agrees(case: tuple[str, tuple[str, ...]]) -> None:
    # The search used beyond 12 letters (and as the benchmarks' baseline).
    letters, words = case
    found = attach_solutions(letters, list(words), deadline=Deadline(60))
    from tests.qless.qless_brute import canonical

    got = [canonical([r.replace(".", " ") for r in b.rows()]) for b in found]
    assert len(got) == len(set(got))
    assert set(got) == brute_solutions(letters, set(words))


@settings(max_examples=15, deadline=None)
@given(rolls(max_letters=6), st.integers(1, 10_000))
def test_first_solution_agrees_on_solvability_for_any_seed(
    case: tuple[str, tuple[str, ...]], seed: int
) -> None:
    letters, words = case
    expected = brute_solutions(letters, set(words))
    result = search_roll(letters, index_of(words), deadline=Deadline(60), seed=seed)
    assert result.status == ("solved" if expected else "unsolvable")
    if result.board is not None:
        from tests.qless.qless_brute import canonical

        assert canonical([r.replace(".", " ") for r in result.board.rows()]) in expected


HAND_CASES = [
    # A cross, an L and a T: three shapes of five cells over one small list.
    ("aacct", ("cat", "act", "tac")),
    # No word fits two letters of the roll: unsolvable.
    ("zzzq", ("zzz", "qqq")),
    ("tsaetso", ("eat", "tea", "sat", "toe", "set", "ates", "seat", "oat", "sot", "toes")),
]


def test_hand_written_cases_agree() -> None:
    for letters, words in HAND_CASES:
        assert engine_solutions(letters, words) == brute_solutions(letters, set(words)), letters


def test_a_symmetric_square_is_one_solution() -> None:
    # cat/are/tea reads the same across and down: it equals its transposition, so it must be
    # reported once, not twice. Nine letters are past the brute force, so the seed-style
    # search is the second opinion here.
    words = ("cat", "are", "tea")
    found = engine_solutions("aaacerett", words)
    assert ("cat", "are", "tea") in found
    from tests.qless.qless_brute import canonical

    other = attach_solutions("aaacerett", list(words), deadline=Deadline(60))
    assert found == {canonical([r.replace(".", " ") for r in b.rows()]) for b in other}


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_larger_rolls_agree_with_the_seed_style_search(data: st.DataObject) -> None:
    # Eight and nine letters are past the brute force; the seed-style search (a different
    # algorithm, already checked against the brute force above) is the second opinion.
    alphabet = data.draw(st.sampled_from(["aest", "eorst", "abde"]))
    n = data.draw(st.integers(8, 9))
    letters = "".join(data.draw(st.lists(st.sampled_from(alphabet), min_size=n, max_size=n)))
    words = tuple(sorted(data.draw(st.lists(st.text(alphabet, min_size=3, max_size=5),
                                            min_size=10, max_size=50, unique=True))))
    from tests.qless.qless_brute import canonical

    mine = engine_solutions(letters, words)
    other = attach_solutions(letters, list(words), deadline=Deadline(120))
    assert mine == {canonical([r.replace(".", " ") for r in b.rows()]) for b in other}


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_busy_larger_rolls_agree_with_the_seed_style_search(seed: int) -> None:
    # Random word lists dense enough that most rolls have tens to thousands of solutions.
    import random

    from tests.qless.qless_brute import canonical

    rng = random.Random(seed)
    alphabet = rng.choice(["aest", "eorst", "abde"])
    words = tuple(sorted({
        "".join(rng.choice(alphabet) for _ in range(rng.randint(3, 5)))
        for _ in range(rng.randint(20, 50))
    }))
    letters = "".join(rng.choice(alphabet) for _ in range(rng.randint(8, 9)))
    mine = engine_solutions(letters, words)
    other = attach_solutions(letters, list(words), deadline=Deadline(120))
    assert mine == {canonical([r.replace(".", " ") for r in b.rows()]) for b in other}
    counted = search_roll(letters, index_of(words), deadline=Deadline(60), count=True)
    assert counted.solutions == len(mine)
