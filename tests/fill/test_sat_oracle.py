"""The SAT oracle (benchmarks/fill_sat.py, which settles the benchmark's 15x15 grids)
against the brute-force filler on hypothesis-made small grids."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from benchmarks.fill_sat import sat_fill
from tests.fill import oracle
from tests.fill.test_fill_engine import cases, independent_check, make_grid, open_cases


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(cases() | open_cases())
def test_sat_oracle_agrees_with_brute_force(case: tuple[list[str], list[str], bool]) -> None:
    rows, words, repeats = case
    make_grid(rows)  # only grids the engine takes (no lone white cell, for one)
    exists = next(oracle.fills(rows, words, repeats=repeats), None) is not None
    answer, filled = sat_fill(rows, words, repeats=repeats)
    assert answer == ("fill" if exists else "none")
    assert sat_fill(rows, words, repeats=repeats, prune=False)[0] == answer
    if filled is not None:
        independent_check(rows, filled, set(words), repeats)


def test_sat_oracle_no_word_twice() -> None:
    # The only fills of the open 2x2 over these words use "ab" twice.
    rows, words = ["..", ".."], ["ab", "ba", "aa"]
    assert oracle.count(rows, words) == 0 and oracle.count(rows, words, repeats=True) > 0
    assert sat_fill(rows, words) == ("none", None)
    assert sat_fill(rows, words, repeats=True)[0] == "fill"
