"""Expert `deep-trial`: a supposed star followed by every rule up to hard. Its deductions
hold in every solution that agrees with the state (brute force on small grids), and on the
collection's 17x17 and 21x21 puzzles (when the shared data's stars/ is there) it fires where
the other rules are stuck, and its cells are empty in the data's own solution."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from benchmarks.common import shared_data, shared_data_missing
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.board import Board, bits
from puzzlesmith.stars.explain import State, rules_of, state_of
from puzzlesmith.stars.explain import deep_trial as deep_module
from puzzlesmith.stars.explain.deep_trial import deep_trial, deep_trial_at
from puzzlesmith.stars.generate import random_regions, random_stars
from puzzlesmith.stars.model import Cell, StarPuzzle
from tests.stars.oracle import brute_force_solutions

DATA = shared_data("stars", "real_puzzles.jsonl")


def _stuck(reasoner: State, stars: int, open_: int, upto: int) -> tuple[int, int]:
    """Run the first `upto` rules from (stars, open cells) until none decides anything."""
    b = reasoner.b
    rules = rules_of(reasoner)[:upto]
    while open_:
        found = next((s for rule in rules if (s := rule(stars, open_)) is not None), None)
        if found is None:
            break
        for r, c, what in found.decided:
            bit = 1 << (r * b.n + c)
            if what == "star":
                stars |= bit
            open_ &= ~bit
    return stars, open_


def _names(reasoner: State) -> list[str]:
    return [spec.run.__name__ if spec.run else "" for spec in reasoner.rules]


def _random_maps(seeds: int) -> Iterator[tuple[int, State, list[frozenset[Cell]]]]:
    """Random maps (8x8 1-star and 9x9 2-star, often with several solutions): (seed, a
    reasoner blind to the solutions, every solution by brute force)."""
    for seed in range(seeds):
        rng = random.Random(seed)
        n, k = (8, 1) if seed % 2 else (9, 2)
        planned = random_stars(n, k, rng, Deadline(30))
        grid = random_regions(n, k, planned, rng)
        if grid is not None:
            reasoner = state_of(StarPuzzle.from_labels(grid, k), Deadline(None))
            yield seed, reasoner, brute_force_solutions(grid, k)


def _agree(every: list[frozenset[Cell]], b: Board, stars: int, open_: int) -> list[frozenset[Cell]]:
    """The solutions that agree with the state (stars, open cells)."""
    return [s for s in every if b.mask(list(s)) & stars == stars
            and not b.mask(list(s)) & ~stars & ~open_]


@pytest.mark.slow
def test_deep_trial_is_sound_by_brute_force() -> None:
    # Random maps (often with several solutions), followed by the rules up to hard until
    # they are stuck; there every cell deep trial empties is empty in every solution left.
    # (Stuck up to expert, these small maps rarely leave deep trial anything.)
    fired = 0
    for seed, reasoner, every in _random_maps(12):
        b = reasoner.b
        stars, open_ = _stuck(reasoner, 0, b.full, _names(reasoner).index("exclusion_tiled"))
        agree = _agree(every, b, stars, open_)
        assert agree
        for i in range(b.n * b.n):
            if not open_ >> i & 1:
                continue
            step = deep_trial_at(reasoner, stars, open_, i)
            if step is None:
                continue
            fired += 1
            ((r, c, what),) = step.decided
            assert (r, c) == b.cell(i) and what == "empty"
            assert all((r, c) not in s for s in agree), (seed, step.reason)
            assert step.reason.startswith(f"Suppose r{r + 1}c{c + 1} were a star")
            assert step.reason.endswith(f"So r{r + 1}c{c + 1} is empty.")
        # And the rule itself (the cheap rules first on each cell, then the full ones).
        step = deep_trial(state_of(reasoner.puzzle, Deadline(None)), stars, open_)
        if step is not None:
            fired += 1
            ((r, c, what),) = step.decided
            assert what == "empty" and all((r, c) not in s for s in agree), (seed, step.reason)
    assert fired  # not vacuous


@pytest.mark.slow
def test_deep_trial_goes_on_soundly_from_where_it_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    # A cell whose supposed star led to no contradiction goes on, at the next state, from
    # where it stopped (its `_Deep` memo) instead of from the start. With deep trial following
    # only the rules up to counting (so that it often stops short on these small maps), each
    # map is followed over three states (the rules up to 2x2 until stuck, then what deep
    # trial found and one star of a solution added); every cell it empties, from the start or
    # going on, is empty in every solution left.
    monkeypatch.setattr(deep_module, "_deep_rules",
                        lambda r: rules_of(r)[:_names(r).index("counting") + 1])
    fired = went_on = 0  # (went on: fired from where an earlier try stopped)
    for seed, reasoner, every in _random_maps(16):
        b = reasoner.b
        base = _names(reasoner).index("two_by_two")
        stars, open_ = _stuck(reasoner, 0, b.full, base)
        for _ in range(3):
            agree = _agree(every, b, stars, open_)
            assert agree
            emptied = 0
            for i in bits(open_):
                memo = i in reasoner.memo(deep_module._Deep).memo
                step = deep_trial_at(reasoner, stars, open_, i)
                if step is None:
                    continue
                fired += 1
                went_on += memo
                ((r, c, what),) = step.decided
                assert (r, c) == b.cell(i) and what == "empty"
                assert all((r, c) not in s for s in agree), (seed, step.reason)
                assert step.reason.endswith(f"So r{r + 1}c{c + 1} is empty.")
                emptied |= 1 << i
            star = b.mask(list(agree[0])) & open_ & ~emptied
            if not star:
                break
            star &= -star
            stars, open_ = _stuck(reasoner, stars | star,
                                  open_ & ~emptied & ~star & ~b.nbr[star.bit_length() - 1], base)
    assert went_on and fired > went_on  # not vacuous


@pytest.mark.slow
@pytest.mark.parametrize(("size", "name", "left"), [(17, "9.txt:8", 267), (21, "10.txt:8", 412)])
def test_deep_trial_fires_on_a_stuck_big_grid(size: int, name: str, left: int) -> None:
    # The collection's 17x17 9.txt:8: the rules (up to expert) stop after 13 steps with 267
    # of its 289 cells open; its 21x21 10.txt:8 after 17 steps with 412 of 441 open. Deep
    # trial empties a cell there, one the solution leaves empty.
    if not DATA.exists():
        pytest.skip(f"no real puzzles (other people's, not in the repository): {shared_data_missing(DATA)}")
    rows = [json.loads(line) for line in DATA.open(encoding="utf-8")]
    row = next(r for r in rows if r["kind"] == "starbattle-collection" and r["size"] == size
               and r["source"].endswith(f"puzzles/{name}"))
    puzzle = StarPuzzle.from_labels(row["regions"], row["stars"])
    solution = [tuple(c) for c in row["solution"]]
    reasoner = state_of(puzzle, Deadline(None), solution)
    b = reasoner.b
    every = rules_of(reasoner)
    stars, open_ = _stuck(reasoner, 0, b.full, len(every) - 1)
    assert open_.bit_count() == left
    step = deep_trial(reasoner, stars, open_)
    assert step is not None and step.rule == "deep-trial" and step.level == "expert"
    ((r, c, what),) = step.decided
    assert what == "empty" and (r, c) not in solution
    assert step.reason.startswith(f"Suppose r{r + 1}c{c + 1} were a star")
    assert "That leaves " in step.reason and "room for" in step.reason
    assert "): (1) " in step.reason  # the chain's steps are numbered
