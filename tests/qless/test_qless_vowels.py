"""The word-set search for two-vowel rolls: exhaustive, so its "none" must be a proof.

Oracles: the polyomino brute force of qless_brute (shares no code with puzzlesmith.qless)
on small word lists, and the skeleton engine (`fill`, which shares no code with `vowels`)
on rolls of the real dice with the bundled list.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.limits import Deadline
from puzzlesmith.qless.anagrams import roll_anagrams
from puzzlesmith.qless.atlas.rolls import uniform_sample
from puzzlesmith.qless.engines import vowels
from puzzlesmith.qless.engines.counters import SearchStats
from puzzlesmith.qless.engines.skeleton import fill_solutions
from tests.qless.qless_brute import brute_solutions


def runs(rows: tuple[str, ...] | list[str], blank: str) -> list[str]:
    """Every across and down run of 2+ letters, read independently of qless.board."""
    cols = ["".join(r[c] for r in rows) for c in range(len(rows[0]))]
    return [p for line in [*rows, *cols] for p in line.split(blank) if len(p) >= 2]


def buildable(word: str, letters: str) -> bool:
    return not Counter(word) - Counter(letters)


@st.composite
def two_vowel_cases(draw: st.DrawFn) -> tuple[str, tuple[str, ...]]:
    """Rolls of 3-7 letters with one or two vowels; word lists that may hold vowel-less words."""
    n = draw(st.integers(3, 7))
    vowel_count = draw(st.integers(1, 2))
    consonants = draw(st.lists(st.sampled_from("bcdnrst"), min_size=n - vowel_count,
                               max_size=n - vowel_count))
    vs = draw(st.lists(st.sampled_from("aeo"), min_size=vowel_count, max_size=vowel_count))
    letters = "".join(draw(st.permutations(consonants + vs)))  # in any order
    pool = sorted(set(letters))
    words = draw(st.lists(st.text("".join(pool), min_size=3, max_size=min(n, 5)),
                          min_size=3, max_size=50, unique=True))
    return letters, tuple(sorted(w for w in words if buildable(w, letters)))


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(two_vowel_cases())
def test_the_word_sets_hold_every_solution_and_the_verdict_is_the_brute_forces(
    case: tuple[str, tuple[str, ...]],
) -> None:
    letters, words = case
    if not words or not vowels.applies(letters, words):
        return
    truth = brute_solutions(letters, set(words))
    sets = set(vowels.word_sets(letters, words))
    for rows in truth:
        found = tuple(sorted(runs(rows, " ")))
        assert len(found) <= vowels.most_words(letters, words)
        assert found in sets, f"{rows}: its words {found} are not among the word sets"
    board = vowels.first_board(letters, words)
    if truth:
        assert board is not None, f"{letters}: missed, the brute force has {sorted(truth)[0]}"
        rows = board.rows()
        assert sorted("".join(rows).replace(".", "")) == sorted(letters)
        assert all(run in words for run in runs(rows, ".")), rows
    else:
        assert board is None, f"{letters}: a board where the brute force has none"


@pytest.mark.slow
def test_two_vowel_rolls_of_the_real_dice_agree_with_the_skeleton_search() -> None:
    _, index = narrowed(LexiconSpec())
    rolls = [k for k, _ in uniform_sample(600, seed=21)]
    # Unsolvable rolls from the census (two vowels, ten consonants): the hard case.
    rolls += ["ddeejmmnprtx", "bcefggjmnntu", "cdeejlnnrrtv", "dfkmmnoorrtv"]
    checked = unsolvable = 0
    for letters in rolls:
        words = roll_anagrams(letters, index)
        if not vowels.applies(letters, words):
            continue
        ordered = sorted(words, key=lambda w: (-len(w), w))
        first = next(iter(fill_solutions(letters, ordered, deadline=Deadline(60),
                                         stats=SearchStats())), None)
        board = vowels.first_board(letters, words)
        assert (board is None) == (first is None), letters
        if board is not None:
            assert sorted(board.letters()) == sorted(letters)
            assert all(run in set(words) for run in runs(board.rows(), ".")), board.rows()
        checked += 1
        unsolvable += first is None
    assert checked >= 40 and unsolvable >= 4, (checked, unsolvable)


def test_rolls_outside_the_bound_are_left_to_the_other_searches() -> None:
    _, index = narrowed(LexiconSpec())
    three = "aeiklmnprstx"  # three vowels
    assert not vowels.applies(three, roll_anagrams(three, index))
    # Two vowels, but with nth and pht among its words its boards may have more runs.
    two = "aehhnnprttwx"
    words = roll_anagrams(two, index)
    assert {"nth", "pht"} <= set(words)
    assert vowels.most_words(two, words) > vowels.MAX_WORDS
    assert not vowels.applies(two, words)
