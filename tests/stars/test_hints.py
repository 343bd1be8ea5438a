"""Hints that teach (stars/hints.py): at seeded random stages of real and generated puzzles,
every hint's cells agree with a solution found without our engine (the data's own, or the
brute force), the hint is never what the obvious rules alone give from the player's marks
(worked out here by a plain set walk, sharing no code with the rules), and wrong marks are
named without the answer."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator

import pytest

from benchmarks.common import shared_data, shared_data_missing
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.explain import RULES, explain
from puzzlesmith.stars.generate import generate
from puzzlesmith.stars.hints import LESSONS, OBVIOUS, Hint, teach
from puzzlesmith.stars.model import Cell, StarPuzzle
from tests.stars.oracle import brute_force_solutions

DATA = shared_data("stars", "real_puzzles.jsonl")
CELL = re.compile(r"r(\d+)c(\d+)")


def obvious_closure(puzzle: StarPuzzle, stars: set[Cell], empty: set[Cell]) -> set[Cell]:
    """The cells a player's stars settle at a glance: around a star, and the rest of a row,
    column or region with all its stars; again until nothing changes. All of them empty."""
    n, k = puzzle.size, puzzle.stars
    units = ([[(r, c) for c in range(n)] for r in range(n)]
             + [[(r, c) for r in range(n)] for c in range(n)]
             + [puzzle.cells_of(g) for g in range(n)])
    out = set(empty)
    while True:
        more = {(r + dr, c + dc) for r, c in stars for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if 0 <= r + dr < n and 0 <= c + dc < n} - stars
        for cells in units:
            if sum(cell in stars for cell in cells) == k:
                more |= set(cells) - stars
        if more <= out:
            return out
        out |= more


def stages(puzzle: StarPuzzle, solution: set[Cell], rng: random.Random,
           count: int) -> Iterator[tuple[tuple[Cell, ...], tuple[Cell, ...]]]:
    """Marks taken from the solution, late in a game more often than not: some of its stars
    (a share drawn from 0.3-0.95), and some of its empty cells (none, a few, or all that the
    stars make obvious)."""
    n = puzzle.size
    for _ in range(count):
        stars = set(rng.sample(sorted(solution), round(len(solution) * rng.uniform(0.3, 0.95))))
        empty_all = [(r, c) for r in range(n) for c in range(n) if (r, c) not in solution]
        how = rng.choice(("none", "some", "obvious"))
        if how == "none":
            empty: set[Cell] = set()
        elif how == "some":
            empty = {cell for cell in empty_all if rng.random() < 0.3}
        else:
            empty = obvious_closure(puzzle, stars, set())
        yield tuple(sorted(stars)), tuple(sorted(empty))


def check_hint(puzzle: StarPuzzle, solution: set[Cell], stars: tuple[Cell, ...],
               empty: tuple[Cell, ...], hint: Hint) -> None:
    """The hint's cells (and the obvious ones applied with it) agree with the solution, and
    it is not obvious from the marks unless the obvious rules finish the board."""
    n = puzzle.size
    step = hint.step
    if len(stars) + len(empty) == n * n:
        assert step is None
        return
    assert step is not None and step.rule != "mistake"
    seen = obvious_closure(puzzle, set(stars), set(empty))
    finished = len(stars) + len(seen) == n * n
    skipped = {(r, c) for s in hint.skipped for r, c, _ in s.decided}
    assert all(what == "empty" for s in hint.skipped for _, _, what in s.decided)
    assert skipped == (set() if finished else seen - set(empty))
    for r, c, what in step.decided:
        assert ((r, c) in solution) == (what == "star"), (stars, empty, step)
        assert (r, c) not in stars and (r, c) not in empty
    if finished:
        assert step.rule in OBVIOUS
    else:
        assert step.rule not in OBVIOUS, (stars, empty, step)
        assert not {(r, c) for r, c, _ in step.decided} & seen, (stars, empty, step)
        assert hint.nudge.startswith("Look at ") and not CELL.search(hint.nudge)
        assert LESSONS[step.rule] in hint.lesson


def real_puzzles(count: int, seed: int) -> list[tuple[StarPuzzle, set[Cell]]]:
    if not DATA.exists():
        pytest.skip(shared_data_missing(DATA))
    rows = [json.loads(line) for line in DATA.read_text().splitlines()]
    fit = [row for row in rows if row.get("unique") and row["kind"].startswith("starbattle")
           and row["size"] <= 10]
    return [(StarPuzzle.from_labels(row["regions"], row["stars"]),
             {(r, c) for r, c in row["solution"]})
            for row in random.Random(seed).sample(fit, count)]


def test_real_puzzles_at_random_stages() -> None:
    # Seed 42: 12 puzzles from 5x5 to 10x10 (1 and 2 stars), 8 stages each.
    rng = random.Random(42)
    for puzzle, solution in real_puzzles(12, seed=42):
        for stars, empty in stages(puzzle, solution, rng, 8):
            check_hint(puzzle, solution, stars, empty,
                       teach(puzzle, given_stars=stars, given_empty=empty))


def test_real_puzzles_along_their_explanations() -> None:
    # A player who solved by logic: the stars of the explanation's first steps, late in the
    # game, with their dots or without.
    rng = random.Random(7)
    for puzzle, solution in real_puzzles(6, seed=7):
        steps = explain(puzzle).steps
        for _ in range(4):
            upto = steps[:round(len(steps) * rng.uniform(0.5, 0.9))]
            stars = tuple(sorted({(r, c) for s in upto for r, c, w in s.decided if w == "star"}))
            dots = tuple(sorted({(r, c) for s in upto for r, c, w in s.decided if w == "empty"}))
            for empty in ((), dots):
                check_hint(puzzle, solution, stars, empty,
                           teach(puzzle, given_stars=stars, given_empty=empty))


@pytest.mark.parametrize(("size", "k", "seed"), [(5, 1, 1), (6, 1, 2), (7, 1, 3), (8, 1, 4),
                                                 (8, 1, 5), (9, 2, 6)])
def test_generated_puzzles_against_the_brute_force(size: int, k: int, seed: int) -> None:
    made = generate(size, k, seed=seed, deadline=Deadline(60))
    grid = [list(row) for row in made.puzzle.regions]
    every = brute_force_solutions(grid, k)
    assert len(every) == 1
    solution = set(every[0])
    rng = random.Random(seed)
    for stars, empty in stages(made.puzzle, solution, rng, 10):
        check_hint(made.puzzle, solution, stars, empty,
                   teach(made.puzzle, given_stars=stars, given_empty=empty))


def test_late_in_a_game_the_old_hint_was_obvious_and_this_one_is_not() -> None:
    # Three stars of the 8 x 8 from the oracle placed, no dots: the explainer's own next
    # step is star-neighbours; the hint goes past it.
    made = generate(8, 1, seed=4, deadline=Deadline(60))
    solution = sorted(brute_force_solutions([list(r) for r in made.puzzle.regions], 1)[0])
    stars = tuple(solution[:6])
    old = explain(made.puzzle, max_steps=1, given_stars=stars).steps[0]
    assert old.rule == "star-neighbours"
    new = teach(made.puzzle, given_stars=stars)
    assert new.step is not None and new.step.rule not in OBVIOUS
    assert new.skipped and new.skipped[0].rule in OBVIOUS
    check_hint(made.puzzle, set(solution), stars, (), new)


def test_wrong_marks_are_named_without_the_answer() -> None:
    made = generate(8, 1, seed=4, deadline=Deadline(60))
    puzzle = made.puzzle
    solution = set(brute_force_solutions([list(r) for r in puzzle.regions], 1)[0])
    right = sorted(solution)[:3]
    wrong_star = next((r, c) for r in range(8) for c in range(8) if (r, c) not in solution
                      and all(max(abs(r - a), abs(c - b)) > 1 for a, b in right))
    wrong_dot = sorted(solution)[5]
    hint = teach(puzzle, given_stars=(*right, wrong_star), given_empty=(wrong_dot,))
    step = hint.step
    assert step is not None and step.rule == "mistake" and step.decided == ()
    assert set(step.cells) == {wrong_star, wrong_dot}
    regions = {puzzle.regions[r][c] for r, c in (wrong_star, wrong_dot)}
    assert {u.index for u in step.units} == regions and {u.kind for u in step.units} == {"region"}
    assert hint.nudge.startswith("2 of your marks are wrong") and not CELL.search(hint.nudge)
    named = {(int(r) - 1, int(c) - 1) for r, c in CELL.findall(step.reason)}
    assert named == {wrong_star, wrong_dot}  # no other cell, so no star given away
    # A mark that breaks a rule in sight: the lesson says which rule.
    touching = (wrong_star[0], wrong_star[1] + (1 if wrong_star[1] < 7 else -1))
    broken = teach(puzzle, given_stars=(wrong_star, touching))
    assert "touch" in broken.lesson and broken.step is not None
    assert broken.step.rule == "mistake"


def test_every_rule_has_a_lesson_and_json_carries_the_levels() -> None:
    assert {spec.name for spec in RULES} | {"search"} <= set(LESSONS)
    made = generate(7, 1, seed=3, deadline=Deadline(60))
    doc = teach(made.puzzle).to_json()
    assert doc["levels"] == 3 and doc["nudge"] and doc["lesson"] and doc["skipped"] == []
    assert doc["steps"][0] == explain(made.puzzle, max_steps=1).steps[0].to_json()
    done = teach(made.puzzle, given_stars=made.solution)
    assert done.step is not None and done.step.rule in OBVIOUS  # only the dots left
    every = teach(made.puzzle, given_stars=made.solution, given_empty=tuple(
        (r, c) for r in range(7) for c in range(7) if (r, c) not in set(made.solution)))
    assert every.step is None and every.explanation.steps == ()


def test_a_wrong_star_that_starves_a_unit_once_its_neighbours_are_empty() -> None:
    # No rule broken in sight, but once the cells around the star are empty some unit has
    # too few cells left: the lesson names that unit, and the plain closure agrees.
    made = generate(8, 1, seed=4, deadline=Deadline(60))
    puzzle = made.puzzle
    n, solution = 8, set(made.solution)
    named = 0
    for cell in [(r, c) for r in range(n) for c in range(n) if (r, c) not in solution]:
        lesson = teach(puzzle, given_stars=(cell,)).lesson
        if not lesson.startswith("Once the cells your stars rule out are empty"):
            continue
        named += 1
        empty = obvious_closure(puzzle, {cell}, set())
        unit = re.search(r"\), (row|column|region)s? (\w+)[ ,].*can no longer get", lesson)
        assert unit is not None, lesson
        kind, name = unit.groups()
        cells = ([(int(name) - 1, c) for c in range(n)] if kind == "row" else
                 [(r, int(name) - 1) for r in range(n)] if kind == "column" else
                 puzzle.cells_of(puzzle.labels.index(name)))
        assert all(c in empty for c in cells), (cell, lesson)
    assert named >= 3


def test_a_puzzle_with_several_solutions_gets_the_explainers_own_step() -> None:
    # Each row its own region: many solutions, so no one answer to measure marks against and
    # nothing skipped; the step is the explainer's, with its levels.
    rows = [[r] * 5 for r in range(5)]
    assert len(brute_force_solutions(rows, 1)) > 1
    puzzle = StarPuzzle.from_labels(rows, 1)
    found = teach(puzzle, given_stars=((0, 0),))
    old = explain(puzzle, max_steps=1, given_stars=((0, 0),))
    assert found.skipped == () and found.explanation.unique is False
    assert found.explanation.steps == old.steps and found.nudge and found.lesson
