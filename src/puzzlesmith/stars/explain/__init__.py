"""Solve a puzzle the way a person does, one named rule at a time, and grade it.

Rules, easiest first. The grade of a puzzle is its hardest rule; its `score` adds up a
weight for every step (`WEIGHTS`: bookkeeping counts little, each harder rule more), so
two puzzles of one grade still compare.

easy    star-neighbours   cells around a star are empty (stars never touch)
easy    unit-full         a row, column or region with its K stars has no more
easy    unit-fill         a unit with exactly as many open cells as missing stars fills them
easy    sees-all          a cell touching every open cell of a unit that needs one star is empty
easy    confinement       a region inside one row (column) fills it; a row inside one region
                          fills the region (a line and a region, one of each)
medium  two-by-two        a unit whose open cells fit in as many 2 x 2 blocks as stars it
                          needs puts one star in each block: the blocks' other cells (and cells
                          where blocks overlap) are empty, a block meeting the unit in one
                          open cell has its star there
medium  confinement       N regions confined to N rows (columns) fill them, and the dual
                          (bands of neighbouring lines, or the lines one or two regions reach)
medium  counting          the cells of some rows (columns) outside the regions inside them, or
                          of the regions reaching into them outside them, hold an exact number
                          of stars (what the lines need minus what those regions need, or the
                          other way round); that count is then used like a unit's: fill,
                          sees-all, and 2 x 2 tiling (also of two neighbouring lines, and of
                          two neighbouring regions together)
medium  shapes            the ways (at most 6) a unit or counted set can hold its stars, none
                          touching and no line or region over its need: a cell starred in
                          every way is a star; touched by a star in every way, or in none, empty
hard    would-leave-short a cell whose star would leave some row, column, region, or pair of
                          neighbouring rows or columns without room for its stars is empty
hard    exclusion         the same, after following the star's knock-ons (neighbours empty,
                          full units closed, a unit's last star's common neighbours emptied,
                          units with as many open cells as stars filled)
hard    shapes            as medium shapes, with 7-16 ways
hard    cases             the ways of shapes (2-6 of them), each followed by the easy rules as
                          in exclusion: ways that leave a unit short are out; what all the
                          others lead to holds
expert  exclusion         a supposed star followed as in exclusion and further by counting and
                          2 x 2 tiling (units and counted sets whose open cells fit in as many
                          blocks as their stars, counted sets with just enough open cells or
                          needing one star): when that leaves a unit short, the cell is empty
                          (every open cell is tried; on grids over 15 x 15 the most promising
                          first, and the scan stops 60 cells after its first find)
expert  cases             as hard cases, with 7-24 ways
expert  trial             a cell whose star (emptiness) leads, by the counting rules and
                          confinement, to a contradiction is empty (a star)
expert  cases             as hard cases, with 25-96 ways: on grids up to 15 x 15
expert  deep-trial        tried last: a supposed star followed by every rule up to expert
                          exclusion and cases (the explainer's own loop) leaves a unit short, so
                          the cell is empty (the 60 tightest cells, those first; the scan ends
                          at its first find)

On grids over 15 x 15 the other per-cell rules check only the 60 most promising cells, and
so does expert exclusion once half the time limit has passed.
search  search            the rules ran out: one star comes from the solver's solution (and
                          we say so), then the rules go on

Cells in reasons are written r3c5: row 3, column 5, counted from 1. JSON cells are 0-based.

The package, one module per family of rules (each a class the next one extends, so that a
rule finds the ones it builds on):

- `steps`: Step, Explanation, the levels and weights; `text`: how a reason is worded.
- `reasoner`: the board state, the units' needs and capacities, the bands, the caches.
- `basic`, `tiling`, `counting`, `follow` (supposed states followed through the rules),
  `shapes` (shapes and cases), `supposition` (would-leave-short, exclusion, trial),
  `deep_trial`: the rules.
- `rules`: the reasoner with every family, and the rules in the order they are tried.
- `driver`: the explain loop, hints and the search step.
"""

from puzzlesmith.stars.explain.driver import explain, hint, rules_in_order
from puzzlesmith.stars.explain.reasoner import past_half
from puzzlesmith.stars.explain.shapes import MAX_CASES
from puzzlesmith.stars.explain.steps import (
    LEVELS,
    WEIGHTS,
    Decision,
    Explanation,
    Rule,
    Step,
    UnitRef,
    apply_step,
)

__all__ = [
    "LEVELS", "MAX_CASES", "WEIGHTS", "Decision", "Explanation", "Rule", "Step", "UnitRef",
    "apply_step", "explain", "hint", "past_half", "rules_in_order",
]
