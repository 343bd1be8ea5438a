"""The one table of the explainer's rules, easiest first: what each is called, the function
that runs it, its level and its weight in a puzzle's score.

The explainer tries them in this order (`rules_of`), deep trial follows a supposed star with
the ones before `trial` and ranks cells by the ones before `shapes`, the grader adds up their
weights (each step carries its rule's), the generator runs the ones up to a level, and the
table of rules in docs/stars.md lists them (a test checks it against this one). Weights are
set by hand: scripts/stars_fit_weights.py fits them on half the labelled real puzzles and
checks the other half, and the fitted weights did no better there (benchmarks/stars_real.py
reports the concordance per half).

The rules are plain functions of the shared `State` and a position, one module per family;
this module is the only one that imports them all (nothing in the package imports it but the
driver): the state is given the table, so deep trial finds its rules there, and a step its
rule's name and level.
"""

from __future__ import annotations

from functools import partial

from puzzlesmith.limits import Deadline
from puzzlesmith.stars.explain.basic import (
    confinement_bands,
    confinement_single,
    sees_all,
    star_neighbours,
    unit_fill,
    unit_full,
)
from puzzlesmith.stars.explain.counting import counting
from puzzlesmith.stars.explain.deep_trial import deep_trial
from puzzlesmith.stars.explain.shapes import cases, cases_many, cases_wide, shapes, shapes_many
from puzzlesmith.stars.explain.state import RuleSpec, State
from puzzlesmith.stars.explain.steps import Rule
from puzzlesmith.stars.explain.supposition import exclusion, exclusion_tiled, trial, would_leave_short
from puzzlesmith.stars.explain.tiling import two_by_two
from puzzlesmith.stars.model import Cell, StarPuzzle

RULES: tuple[RuleSpec, ...] = (
    RuleSpec("star-neighbours", star_neighbours, "star-neighbours", "easy", 0.1,
             "cells around a star are empty (stars never touch)"),
    RuleSpec("unit-full", unit_full, "unit-full", "easy", 0.1,
             "a row, column or region with its K stars has no more"),
    RuleSpec("unit-fill", unit_fill, "unit-fill", "easy", 0.5,
             "a unit with exactly as many open cells as missing stars fills them"),
    RuleSpec("sees-all", sees_all, "sees-all", "easy", 1.0,
             "a cell touching every open cell of a unit that needs one star is empty"),
    RuleSpec("confinement-single", confinement_single, "confinement", "easy", 1.5,
             "a region inside one row (column) fills it; a row inside one region fills the "
             "region (a line and a region, one of each)", "one line"),
    RuleSpec("two-by-two", two_by_two, "two-by-two", "medium", 3.0,
             "a unit whose open cells fit in as many 2 x 2 blocks as stars it needs puts one "
             "star in each block"),
    RuleSpec("confinement-bands", confinement_bands, "confinement", "medium", 4.0,
             "N regions confined to N rows (columns) fill them, and the dual (bands of "
             "neighbouring lines, or the lines one or two regions reach)", "bands"),
    RuleSpec("counting", counting, "counting", "medium", 5.0,
             "cells of some lines outside the regions inside them (or of the regions reaching "
             "into them, outside them) hold an exact number of stars, used like a unit's"),
    RuleSpec("shapes", shapes, "shapes", "medium", 5.0,
             "the ways (at most 6) a unit or counted set can hold its stars: what every way "
             "agrees on holds"),
    RuleSpec("would-leave-short", would_leave_short, "would-leave-short", "hard", 6.0,
             "a cell whose star would leave some unit, or two neighbouring lines, without room "
             "for its stars is empty"),
    RuleSpec("exclusion", exclusion, "exclusion", "hard", 10.0,
             "the same, after following the star's knock-ons by the easy rules"),
    RuleSpec("shapes-many", shapes_many, "shapes", "hard", 8.0, "as medium shapes, with 7-16 ways",
             "7-16 ways"),
    RuleSpec("cases", cases, "cases", "hard", 12.0,
             "the ways of shapes (2-6), each followed by the easy rules: ways that leave a "
             "unit short are out; what all the others lead to holds", "2-6 ways"),
    RuleSpec("exclusion-tiled", exclusion_tiled, "exclusion", "expert", 18.0,
             "a supposed star followed as in exclusion and further by counting and 2 x 2 "
             "tiling leaves a unit short, so the cell is empty", "counting and 2x2"),
    RuleSpec("cases-many", cases_many, "cases", "expert", 25.0, "as hard cases, with 7-24 ways",
             "7-24 ways"),
    RuleSpec("trial", trial, "trial", "expert", 20.0,
             "a cell whose star (emptiness) leads, by the counting rules and confinement, to a "
             "contradiction is empty (a star)"),
    RuleSpec("cases-wide", cases_wide, "cases", "expert", 25.0,
             "as hard cases, with 25-96 ways, on grids up to 15 x 15", "25-96 ways"),
    RuleSpec("deep-trial", deep_trial, "deep-trial", "expert", 30.0,
             "a supposed star followed by every rule up to expert exclusion and cases leaves a "
             "unit short, so the cell is empty"),
)
# Not a rule: when the rules are stuck (or out of time), one star (or the rest) comes from
# the solver's solution. A "mistake" step points at a player's wrong marks and weighs nothing.
SEARCH = RuleSpec("search", None, "search", "search", 50.0,
                  "the rules ran out: one star comes from the solver's solution (and we say "
                  "so), then the rules go on")
MISTAKE = RuleSpec("mistake", None, "mistake", "easy", 0.0, "marks that differ from the solution")


# Score per step, by rule and level (each step carries its rule's weight; this is the table).
WEIGHTS = {(spec.name, spec.level): spec.weight for spec in (*RULES, SEARCH, MISTAKE)}


def state_of(puzzle: StarPuzzle, deadline: Deadline,
             solution: tuple[Cell, ...] | list[Cell] = ()) -> State:
    """The state the rules share over a puzzle (`solution`: its stars, when known), with
    every rule of the table."""
    return State(puzzle, deadline, solution, RULES)


def rules_of(st: State) -> list[Rule]:
    """The state's rules, easiest first, each bound to it: each takes (stars, open cells) as
    bit masks and gives its first Step or None."""
    return [partial(spec.run, st) for spec in st.rules if spec.run is not None]
