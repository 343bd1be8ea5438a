"""Solve a puzzle the way a person does, one named rule at a time, and grade it.

Rules, easiest first, are listed once, in `registry.RULES`: each with its key, the function
that runs it, the name a step shows, its level and its weight. The grade of a puzzle is its hardest rule; its
`score` adds up a weight for every step (`WEIGHTS`: bookkeeping counts little, each harder
rule more), so two puzzles of one grade still compare. docs/stars.md says what each rule
decides. When the rules run out, a "search" step takes one star from the solver's solution
(and says so), and the rules go on.

On grids over 15 x 15 the per-cell rules check only the 60 most promising cells (expert
exclusion: the scan stops 60 cells after its first find), and so does expert exclusion once
half the time limit has passed; deep trial checks the 60 tightest cells and ends at its
first find.

Cells in reasons are written r3c5: row 3, column 5, counted from 1. JSON cells are 0-based.

The package, one module per family of rules; a rule is a plain function
`rule(st, stars, open_) -> Step | None` of the shared `State` and a position (stars, open
cells) as bit masks, and a family's module imports the ones it builds on:

- `steps`: Step, Explanation, the levels; `text`: how a reason is worded.
- `state`: the State the rules share (the board, the units' names, needs and capacities,
  the rules it runs, and each family's memo of it: what a family keeps between steps is a
  class in its own module) and RuleSpec.
- `bands`: the sets of lines (and the regions in and reaching into them) confinement and
  counting look at.
- The rules: `basic`, `tiling`, `counting`, `knock_ons` and `follow` (supposed states
  followed through the rules), `shapes` (shapes and cases), `supposition`
  (would-leave-short, exclusion, trial), `deep_trial`.
- `registry`: the one table of rules, each by its function (the only module that imports
  every family), their weights, and a state with them.
- `driver`: the explain loop, hints and the search step.
"""

from puzzlesmith.stars.explain.driver import check_given, explain, hint, rules_in_order
from puzzlesmith.stars.explain.registry import RULES, WEIGHTS, rules_of, state_of
from puzzlesmith.stars.explain.shapes import MAX_CASES
from puzzlesmith.stars.explain.state import RuleSpec, State, past_half
from puzzlesmith.stars.explain.steps import (
    LEVELS,
    Decision,
    Explanation,
    Rule,
    Step,
    UnitRef,
    apply_step,
)

__all__ = [
    "LEVELS", "MAX_CASES", "RULES", "WEIGHTS", "Decision", "Explanation", "Rule", "RuleSpec",
    "State", "Step", "UnitRef", "apply_step", "check_given", "explain", "hint", "past_half", "rules_in_order",
    "rules_of", "state_of",
]
