"""Solution counts and answers of both engines against the brute force."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.generate import random_regions, random_stars
from puzzlesmith.stars.model import StarPuzzle, solution_problems
from puzzlesmith.stars.solve import solutions, solve
from tests.stars.oracle import brute_force_solutions
from tests.stars.strategies import blob_maps, region_maps

MENSA = ["000011", "023011", "223331", "211111", "244145", "224445"]


def _check_against_oracle(grid: list[list[int]], k: int) -> None:
    puzzle = StarPuzzle.from_labels(grid, k, check_stars=False)
    expected = set(brute_force_solutions(grid, k))
    for engine in ("python", "sat"):
        found = [frozenset(s) for s in solutions(puzzle, engine=engine)]
        assert len(found) == len(set(found)), engine
        assert set(found) == expected, engine
        result = solve(puzzle, engine=engine, deadline=Deadline(None))
        assert result.status == ("solved" if expected else "unsolvable")
        assert result.unique == (len(expected) == 1)
        if expected:
            assert result.solution is not None and frozenset(result.solution) in expected
        counted = solve(puzzle, engine=engine, count=True, deadline=Deadline(None))
        assert counted.count == len(expected) and counted.count_complete


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(region_maps())
def test_counts_match_brute_force_one_star(grid: list[list[int]]) -> None:
    _check_against_oracle(grid, 1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(blob_maps())
def test_counts_match_brute_force_connected_regions(grid: list[list[int]]) -> None:
    _check_against_oracle(grid, 1)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(blob_maps(sizes=(8, 9)))
def test_counts_match_brute_force_two_stars(grid: list[list[int]]) -> None:
    _check_against_oracle(grid, 2)


def test_mensa_calendar_puzzle_is_unique() -> None:
    puzzle = StarPuzzle.from_labels(MENSA, 1)
    for engine in ("python", "sat", "auto"):
        result = solve(puzzle, engine=engine)
        assert result.status == "solved" and result.unique is True
        assert result.solution == ((0, 1), (1, 4), (2, 2), (3, 0), (4, 5), (5, 3))
        assert solution_problems(puzzle, result.solution) == []


def test_count_cap_and_json_keys() -> None:
    # Every region a whole row: the regions add nothing, so many solutions exist.
    puzzle = StarPuzzle.from_labels([[r] * 6 for r in range(6)], 1)
    expected = len(brute_force_solutions([[r] * 6 for r in range(6)], 1))
    assert expected > 3
    capped = solve(puzzle, count=True, max_count=3)
    assert capped.count == 3 and not capped.count_complete and capped.unique is False
    one = solve(puzzle, count=True, max_count=1)
    assert one.count == 1 and one.unique is None
    full = solve(puzzle, count=True).to_json()
    assert full["count"] == expected and full["unique"] is False
    for key in ("size", "stars", "status", "solution", "unique", "count"):
        assert key in full


def test_unsolvable_and_bad_engine() -> None:
    puzzle = StarPuzzle.from_labels(["012", "012", "012"], 1)
    assert solve(puzzle).status == "unsolvable"
    assert solve(puzzle).to_json()["solution"] is None
    with pytest.raises(InputError):
        solve(puzzle, engine="magic")
    with pytest.raises(InputError):
        solve(puzzle, count=True, max_count=0)


def test_solution_problems_names_each_broken_rule() -> None:
    puzzle = StarPuzzle.from_labels(MENSA, 1)
    problems = solution_problems(puzzle, [(0, 0), (1, 1)])
    assert any("touch" in p for p in problems)
    assert any(p.startswith("row 3") for p in problems)
    assert any(p.startswith("region") for p in problems)


def test_timeout_is_reported_not_raised() -> None:
    puzzle = StarPuzzle.from_labels([[r] * 10 for r in range(10)], 2)
    result = solve(puzzle, count=True, deadline=Deadline(0.05))
    assert result.status == "timeout" and not result.count_complete
    assert result.count is not None and result.count >= 2 and result.unique is False


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from([(6, 1), (7, 1), (8, 1), (8, 2), (9, 2)]))
def test_counts_match_brute_force_on_solvable_maps(seed: int, shape: tuple[int, int]) -> None:
    # Regions grown around a random star layout: at least one solution, often several.
    n, k = shape
    rng = random.Random(seed)
    planned = random_stars(n, k, rng, Deadline(30))
    grid = random_regions(n, k, planned, rng)
    assume(grid is not None)
    assert grid is not None
    _check_against_oracle(grid, k)
