"""`check_marks` against the brute force: a verdict on the marks, never the answer."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.check import check_marks
from puzzlesmith.stars.model import StarPuzzle
from tests.stars.oracle import brute_force_solutions
from tests.stars.strategies import blob_maps

MENSA = ["000011", "023011", "223331", "211111", "244145", "224445"]


def expected_verdict(grid: list[list[int]], k: int, stars: set[tuple[int, int]],
                     empty: set[tuple[int, int]]) -> tuple[str, int]:
    """What a person with the brute force's list of solutions would say."""
    found = brute_force_solutions(grid, k)
    if stars in found:
        return "solved", 0
    if not found:
        return "unsolvable", 0
    if len(found) > 1:
        return "several", 0
    (answer,) = found
    wrong = sum(1 for cell in stars if cell not in answer) + sum(1 for cell in empty if cell in answer)
    if wrong:
        return "wrong", wrong
    return ("solved" if stars == set(answer) else "right"), 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid=blob_maps(sizes=(4, 5, 6)), data=st.data())
def test_the_verdict_is_the_brute_forces(grid: list[list[int]], data: st.DataObject) -> None:
    n = len(grid)
    cells = [(r, c) for r in range(n) for c in range(n)]
    found = brute_force_solutions(grid, 1)
    # Marks near the answer as often as anywhere: some right, some wrong.
    pool = sorted(found[0]) if found and data.draw(st.booleans()) else cells
    stars = set(data.draw(st.lists(st.sampled_from(pool), max_size=n)))
    empty = set(data.draw(st.lists(st.sampled_from(cells), max_size=n))) - stars
    result = check_marks(StarPuzzle.from_labels(grid, 1), given_stars=stars, given_empty=empty,
                         deadline=Deadline(None))
    assert (result.status, result.wrong) == expected_verdict(grid, 1, stars, empty)
    assert (result.placed, result.marked_empty) == (len(stars), len(empty))


def test_a_hand_made_puzzle_every_way() -> None:
    grid = [[int(ch) for ch in row] for row in MENSA]
    (answer,) = brute_force_solutions(grid, 1)
    puzzle = StarPuzzle.from_labels(MENSA, 1)
    stars = sorted(answer)
    assert check_marks(puzzle).status == "right"
    assert check_marks(puzzle, given_stars=stars[:3]).status == "right"
    done = check_marks(puzzle, given_stars=stars)
    assert done.status == "solved" and done.wrong == 0
    off = next((r, c) for r in range(6) for c in range(6) if (r, c) not in answer)
    wrong = check_marks(puzzle, given_stars=[*stars[:2], off], given_empty=[stars[5]])
    assert wrong.status == "wrong" and wrong.wrong == 2
    # The document says how many marks are wrong, never which, nor the answer.
    doc = wrong.to_json()
    assert set(doc) == {"size", "stars", "status", "wrong", "placed", "marked_empty", "elapsed_ms"}


def test_several_solutions_or_none_get_no_verdict() -> None:
    rows = ["00000", "11111", "22222", "33333", "44444"]  # regions are rows: many solutions
    assert len(brute_force_solutions([[int(c) for c in r] for r in rows], 1)) > 1
    assert check_marks(StarPuzzle.from_labels(rows, 1), given_stars=[(0, 0)]).status == "several"
    # Any one of its solutions is solved all the same.
    one = [(0, 0), (1, 2), (2, 4), (3, 1), (4, 3)]
    assert check_marks(StarPuzzle.from_labels(rows, 1), given_stars=one).status == "solved"
    # Region 0 is r1c1 alone and region 2 lies in column 1 below it: no solution.
    lone = ["0111", "2111", "2333", "2333"]
    assert brute_force_solutions([[int(c) for c in r] for r in lone], 1) == []
    assert check_marks(StarPuzzle.from_labels(lone, 1)).status == "unsolvable"


def test_bad_marks_are_input_errors() -> None:
    puzzle = StarPuzzle.from_labels(MENSA, 1)
    with pytest.raises(InputError, match="r1c1 is marked both a star and empty"):
        check_marks(puzzle, given_stars=[(0, 0)], given_empty=[(0, 0)])
    with pytest.raises(InputError, match="star r7c1 is off the 6x6 grid"):
        check_marks(puzzle, given_stars=[(6, 0)])
