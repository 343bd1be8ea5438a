"""Generated puzzles have exactly one solution (by brute force) and explain to it."""

from __future__ import annotations

import pytest

from puzzlesmith.errors import InputError
from puzzlesmith.stars.explain import explain
from puzzlesmith.stars.formats import parse_text, parse_url
from puzzlesmith.stars.generate import generate
from puzzlesmith.stars.solve import solve
from tests.stars.oracle import brute_force_solutions


@pytest.mark.parametrize(("size", "stars", "seed"), [(5, 1, 1), (6, 1, 2), (8, 1, 3), (8, 2, 4),
                                                      (9, 2, 5)])
def test_generated_puzzles_are_unique_and_explained(size: int, stars: int, seed: int) -> None:
    made = generate(size, stars, seed=seed, time_limit=60)
    grid = [list(row) for row in made.puzzle.regions]
    every = brute_force_solutions(grid, stars)
    assert every == [frozenset(made.solution)]
    assert parse_text(made.text) == made.puzzle
    assert parse_url(made.url).regions == made.puzzle.regions
    result = explain(made.puzzle, time_limit=None)
    assert result.difficulty == made.difficulty
    for step in result.steps:
        for r, c, what in step.decided:
            assert ((r, c) in made.solution) == (what == "star"), step
    assert not made.puzzle.warnings


def test_ten_by_ten_two_stars_unique_by_both_engines() -> None:
    made = generate(10, 2, seed=6, time_limit=60)
    for engine in ("python", "sat"):
        result = solve(made.puzzle, engine=engine, count=True, time_limit=None)
        assert result.count == 1 and result.solution == made.solution


def test_same_seed_same_puzzle() -> None:
    assert generate(8, 1, seed=11).url == generate(8, 1, seed=11).url


def test_difficulty_is_respected() -> None:
    made = generate(8, 1, seed=3, difficulty="easy", time_limit=60)
    assert made.difficulty == "easy"
    assert explain(made.puzzle).difficulty == "easy"


@pytest.mark.parametrize(("size", "stars", "difficulty"), [(10, 3, None), (0, 1, None),
                                                           (6, 1, "impossible")])
def test_bad_requests(size: int, stars: int, difficulty: str | None) -> None:
    with pytest.raises(InputError):
        generate(size, stars, difficulty=difficulty)
