"""The word-tree fast path and the atlas verdict: every board valid, every verdict exact.

Oracles: the brute force of qless_brute (shares no code with puzzlesmith.qless) on small
word lists, and the exhaustive skeleton engine on real rolls of the bundled list.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzlesmith.lexicon import Lexicon, LexiconIndex, LexiconSpec, narrowed
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.limits import Deadline
from puzzlesmith.qless.atlas.rolls import uniform_sample
from puzzlesmith.qless.board import Board
from puzzlesmith.qless.engines.tree import WordTables, quick_board, quick_boards
from puzzlesmith.qless.solve import search_roll, verdicts
from tests.qless.qless_brute import brute_placements, brute_solutions, canonical


@lru_cache(maxsize=256)
def index_of(words: tuple[str, ...]) -> LexiconIndex:
    return build_index(Lexicon("test", "test", "test", tuple(sorted(set(words)))))


def runs(rows: list[str]) -> list[str]:
    """Every across and down run of 2+ letters, read independently of qless.board."""
    cols = ["".join(r[c] for r in rows) for c in range(len(rows[0]))]
    return [p for line in rows + cols for p in line.split(".") if len(p) >= 2]


def assert_valid(board: Board, letters: str, words: set[str]) -> None:
    rows = board.rows()
    assert sorted("".join(rows).replace(".", "")) == sorted(letters)
    assert all(run in words for run in runs(rows)), rows


@st.composite
def cases(draw: st.DrawFn, max_letters: int = 7) -> tuple[str, tuple[str, ...]]:
    alphabet = draw(st.sampled_from(["abc", "abcd", "abde", "aest", "eorst"]))
    n = draw(st.integers(3, max_letters))
    letters = "".join(draw(st.lists(st.sampled_from(alphabet), min_size=n, max_size=n)))
    words = draw(st.lists(st.text(alphabet, min_size=3, max_size=min(n, 6)), min_size=3,
                          max_size=60, unique=True))
    return letters, tuple(sorted(words))


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_word_trees_are_solutions_and_verdicts_match_the_brute_force(
    case: tuple[str, tuple[str, ...]],
) -> None:
    letters, words = case
    truth = bool(brute_solutions(letters, set(words)))
    board = quick_board(letters, WordTables(words))
    if board is not None:
        assert truth, f"a word tree for an unsolvable roll: {board.rows()}"
        assert_valid(board, letters, set(words))
    (result,) = verdicts([letters], index_of(words), time_limit=None)
    assert result.status == ("solved" if truth else "unsolvable")
    if result.board is not None:
        assert_valid(result.board, letters, set(words))


@st.composite
def long_cases(draw: st.DrawFn) -> tuple[str, tuple[str, ...]]:
    """13 to 16 letters: the letters of 3 to 5 words, each after the first less one letter it
    shares with an earlier one (a tree of words, so word trees are often there to find)."""
    alphabet = draw(st.sampled_from(["abcde", "aeirst", "eorstn"]))
    k = draw(st.integers(3, 5))
    words = draw(st.lists(st.text(alphabet, min_size=3, max_size=6), min_size=k, max_size=k))
    letters = list(words[0])
    for i, w in enumerate(words[1:], 1):
        shared = sorted({ch for ch in w if any(ch in v for v in words[:i])})
        assume(shared)
        rest = list(w)
        rest.remove(draw(st.sampled_from(shared)))
        letters += rest
    assume(13 <= len(letters) <= 16)
    return "".join(letters), tuple(sorted(set(words)))


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(long_cases())
def test_word_trees_of_long_rolls_are_solutions(case: tuple[str, tuple[str, ...]]) -> None:
    letters, words = case
    board = quick_board(letters, WordTables(words))
    if board is not None:
        assert_valid(board, letters, set(words))
        # The word-laying brute force: polyomino enumeration does not finish at 13+ cells.
        rows = [r.replace(".", " ") for r in board.rows()]
        assert canonical(rows) in brute_placements(letters, set(words))


def test_a_small_word_tree_is_found() -> None:
    # "stare" across with short words crossing it.
    words = ("stare", "tea", "eat", "ate", "tar")
    board = quick_board("staretaea", WordTables(words))
    assert board is not None
    assert_valid(board, "staretaea", set(words))


def test_batches_answer_each_roll_as_alone() -> None:
    words = ("stare", "tea", "eat", "rats", "star", "arts", "ear", "sea")
    t = WordTables(words)
    rolls = ["staretea", "ratsear", "aaaa", "seaear", "tearstar"]
    assert quick_boards(rolls, t) == [quick_board(r, t) for r in rolls]


@pytest.mark.slow
def test_real_rolls_agree_with_the_exhaustive_engine() -> None:
    index = narrowed(LexiconSpec())[1]
    # bcffhjlnnooo: a crossing word that ran through a second board cell once lost a letter.
    rolls = ["bcffhjlnnooo"] + [k for k, _ in uniform_sample(150, seed=13)]
    results = verdicts(rolls, index, time_limit=30)
    words = set(narrowed(LexiconSpec())[0].words)
    methods = set()
    for letters, result in zip(rolls, results, strict=True):
        methods.add(result.extra["method"])
        direct = search_roll(letters, index, deadline=Deadline(30))
        assert result.status == direct.status, letters
        if result.board is not None:
            assert_valid(result.board, letters, words)
    assert methods == {"word-tree", "search"} or methods == {"word-tree"}
