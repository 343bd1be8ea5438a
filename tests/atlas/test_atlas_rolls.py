"""The roll space against independent oracles: brute-force products over a few dice."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.qless.atlas import rolls
from puzzlesmith.qless.atlas.faces import real_dice
from puzzlesmith.qless.atlas.rolls import (
    count_rolls,
    iter_roll_chunks,
    iter_rolls,
    outcomes,
    parse_roll,
    sample_rolls,
    total_outcomes,
)

DICE = real_dice()


def brute(dice: list[str]) -> Counter[str]:
    """Every face outcome, one by one: the definition of the roll distribution."""
    return Counter("".join(sorted(faces)) for faces in itertools.product(*dice))


def test_real_dice_are_the_issue_dice() -> None:
    issue = "MMLLBY VFGKPP HHNNRR DFRLLW RRDLGG XKBSZN WHHTTP CCBTJD CCMTTS OIINNY AEIOUU AAEEOO"
    assert " ".join(d.upper() for d in DICE) == issue


@pytest.mark.slow
def test_whole_space_counts_and_sums_to_six_to_the_twelve() -> None:
    n = 0
    total = 0
    for chunk in iter_roll_chunks(letters=False):
        n += len(chunk.outcomes)
        total += int(chunk.outcomes.sum())
        assert chunk.outcomes.min() >= 1
    assert n == 15_800_439 == count_rolls()
    assert total == 6**12 == 2_176_782_336 == total_outcomes()


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 11), min_size=1, max_size=5, unique=True), st.integers(1, 4))
def test_enumeration_matches_brute_force_on_a_few_dice(
    picks: list[int], groups: int
) -> None:
    dice = [DICE[i] for i in sorted(picks)]
    old = rolls._CHUNK_GROUPS
    rolls._CHUNK_GROUPS = groups  # tiny chunks: rolls must not repeat across chunk borders
    try:
        got = list(iter_rolls(dice))
    finally:
        rolls._CHUNK_GROUPS = old
    keys = [k for k, _ in got]
    assert len(keys) == len(set(keys))
    assert dict(got) == dict(brute(dice))
    assert count_rolls(dice) == len(brute(dice))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 11), min_size=1, max_size=4, unique=True), st.data())
def test_outcome_count_matches_brute_force(picks: list[int], data: st.DataObject) -> None:
    dice = [DICE[i] for i in sorted(picks)]
    dist = brute(dice)
    key = data.draw(st.sampled_from(sorted(dist)))
    assert outcomes(key, dice) == dist[key]
    letters = "".join(sorted(data.draw(st.text("abcdefghijklmnopqrstuvwxyz", min_size=len(dice),
                                                max_size=len(dice)))))
    assert outcomes(letters, dice) == dist.get(letters, 0)


def test_streamed_rolls_agree_with_the_outcome_count() -> None:
    first = next(iter_roll_chunks())
    assert len(set(first.letters)) == len(first.letters)
    for key, ways in list(zip(first.letters, first.outcomes.tolist(), strict=True))[::5000]:
        assert len(key) == 12 and key == "".join(sorted(key))
        assert outcomes(key) == ways


def test_sample_is_rolled_like_a_player_rolls() -> None:
    dice = [DICE[10], DICE[11], DICE[9]]  # AEIOUU AAEEOO OIINNY: uneven weights
    dist = brute(dice)
    n = 30_000
    seen = Counter(sample_rolls(n, seed=11, dice=dice))
    assert set(seen) <= set(dist)
    chi2 = sum((seen[k] - n * w / 216) ** 2 / (n * w / 216) for k, w in dist.items())
    # len(dist)-1 degrees of freedom; 99.9th percentile is far below 2x that for ~40 dof.
    assert chi2 < 2.5 * len(dist)


def test_sample_grows_with_the_same_seed() -> None:
    assert sample_rolls(5000, seed=3)[:10] == sample_rolls(10, seed=3)
    assert sample_rolls(10, seed=3) != sample_rolls(10, seed=4)
    for key in sample_rolls(50, seed=5):
        assert outcomes(key) > 0


@pytest.mark.parametrize(
    ("text", "message"),
    [("abc", "12 letters"), ("aaaaaaaaaaaa", "cannot show"), ("abc1defghijk", "letters a-z")],
)
def test_parse_roll_rejects_what_the_dice_cannot_show(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_roll(text)


def test_parse_roll_accepts_any_case_and_order() -> None:
    key, ways = parse_roll("XWUT RRLK IEDC")
    assert key == "cdeiklrrtuwx" and ways == outcomes(key) > 0


def test_uniform_sample_picks_distinct_rolls() -> None:
    dice = [DICE[10], DICE[11], DICE[9]]
    dist = brute(dice)
    picks = rolls.uniform_sample(len(dist) - 3, seed=1, dice=dice)
    assert len({k for k, _ in picks}) == len(picks) == len(dist) - 3
    assert all(dist[k] == w for k, w in picks)
    assert rolls.uniform_sample(5, seed=2, dice=dice) == rolls.uniform_sample(5, seed=2, dice=dice)
    with pytest.raises(InputError):
        rolls.uniform_sample(len(dist) + 1, seed=1, dice=dice)
