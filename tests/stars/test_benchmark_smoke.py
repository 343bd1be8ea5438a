"""The benchmark's CP-SAT baseline runs and agrees with our engines on small puzzles."""

from __future__ import annotations

import pytest

from benchmarks.stars import NO_ORTOOLS, cpsat_solve_unique, have_ortools
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.generate import generate
from puzzlesmith.stars.model import StarPuzzle
from puzzlesmith.stars.solve import solve

# OR-Tools is the benchmark's baseline only, not a puzzlesmith dependency.
pytestmark = pytest.mark.skipif(not have_ortools(), reason=NO_ORTOOLS)


@pytest.mark.parametrize(("size", "stars", "seed"), [(6, 1, 1), (8, 1, 2), (10, 2, 3)])
def test_baseline_agrees(size: int, stars: int, seed: int) -> None:
    made = generate(size, stars, seed=seed, deadline=Deadline(60))
    solution, unique = cpsat_solve_unique(made.puzzle)
    assert solution == made.solution and unique is True
    assert solve(made.puzzle).solution == solution


def test_baseline_sees_second_solutions() -> None:
    puzzle = StarPuzzle.from_labels([[r] * 6 for r in range(6)], 1)
    solution, unique = cpsat_solve_unique(puzzle)
    assert solution is not None and unique is False
