"""Each explain rule on its own, from random partial states: whatever it decides holds in every
solution that agrees with the state (brute force, sharing no code with the rules), and the
real puzzles (when the shared data's stars/ is there) explain to the data's own solutions."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from benchmarks.common import shared_data, shared_data_missing
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.explain import explain, rules_of, state_of
from puzzlesmith.stars.generate import random_regions, random_stars
from puzzlesmith.stars.model import StarPuzzle
from tests.stars.oracle import brute_force_solutions

DATA = shared_data("stars", "real_puzzles.jsonl")
NEW_RULES = ("counting", "exclusion", "shapes", "cases")


def _rule_checks(n: int, k: int, seed: int, keep: float) -> Counter[str] | None:
    """Which rules decided something (None: no map grew from this seed)."""
    rng = random.Random(seed)
    planned = random_stars(n, k, rng, Deadline(30))
    grid = random_regions(n, k, planned, rng)
    if grid is None:
        return None
    every = brute_force_solutions(grid, k)
    assert every  # grown around the planned stars, so at least those
    chosen = set(rng.choice(every))
    puzzle = StarPuzzle.from_labels(grid, k)
    fired: Counter[str] = Counter()
    # A partial state agreeing with one solution: some of its stars, some of its empty cells.
    stars = [cell for cell in chosen if rng.random() < keep]
    empty = [(r, c) for r in range(n) for c in range(n) if (r, c) not in chosen and rng.random() < keep]
    agree = [s for s in every if set(stars) <= s and not set(empty) & s]
    reasoner = state_of(puzzle, Deadline(None))
    b = reasoner.b
    star_mask = b.mask(stars)
    open_ = b.full & ~star_mask & ~b.mask(empty)
    for rule in rules_of(reasoner):
        step = rule(star_mask, open_)
        if step is None:
            continue
        fired[step.rule] += 1
        fired[f"{step.rule}/{step.level}"] += 1
        assert step.decided and step.reason.endswith(".")
        for r, c, what in step.decided:
            assert open_ >> (r * n + c) & 1, step
            assert all(((r, c) in s) == (what == "star") for s in agree), step
    return fired


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from([(6, 1), (8, 1), (8, 2), (9, 2)]),
       st.sampled_from([0.0, 0.2, 0.4]))
def test_each_rule_is_sound_from_partial_states(seed: int, shape: tuple[int, int], keep: float) -> None:
    assume(_rule_checks(*shape, seed, keep) is not None)


@pytest.mark.slow
def test_the_new_rules_fire_on_small_grids() -> None:
    # So the soundness test above is not vacuous for them.
    fired: Counter[str] = Counter()
    for seed in range(40):
        fired += _rule_checks(9, 2, seed, 0.2) or Counter()
    assert all(fired[name] for name in ("two-by-two", "counting", "shapes", "cases",
                                        "exclusion/expert")), fired


def _real(kinds: tuple[str, ...], count: int) -> list[dict[str, object]]:
    if not DATA.exists():
        pytest.skip(f"no real puzzles (other people's, not in the repository): {shared_data_missing(DATA)}")
    rows = [json.loads(line) for line in DATA.open(encoding="utf-8")]
    picked = [r for r in rows if r["kind"] in kinds and r.get("solution")]
    return random.Random(12).sample(picked, min(count, len(picked)))


@pytest.mark.slow
def test_real_puzzles_explain_to_their_own_solutions() -> None:
    rules: Counter[str] = Counter()
    for row in _real(("starbattle-janko", "starbattle-collection", "starbattle-psb"), 25):
        puzzle = StarPuzzle.from_labels(row["regions"], row["stars"])  # type: ignore[arg-type]
        solution = {tuple(c) for c in row["solution"]}  # type: ignore[attr-defined]
        result = explain(puzzle, deadline=Deadline(60))
        for step in result.steps:
            rules[step.rule] += 1
            for r, c, what in step.decided:
                assert ((r, c) in solution) == (what == "star"), (row["source"], step)
        assert {(r, c) for s in result.steps for r, c, w in s.decided if w == "star"} == solution
    assert all(rules[name] for name in NEW_RULES), rules
