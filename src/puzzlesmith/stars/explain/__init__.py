"""Solve a puzzle the way a person does, one named rule at a time, and grade it.

Rules, easiest first, are listed once, in `registry.RULES`: each with its key, the name a
step shows, its level and its weight. The grade of a puzzle is its hardest rule; its
`score` adds up a weight for every step (`WEIGHTS`: bookkeeping counts little, each harder
rule more), so two puzzles of one grade still compare. docs/stars.md says what each rule
decides. When the rules run out, a "search" step takes one star from the solver's solution
(and says so), and the rules go on.

On grids over 15 x 15 the per-cell rules check only the 60 most promising cells (expert
exclusion: the scan stops 60 cells after its first find), and so does expert exclusion once
half the time limit has passed; deep trial checks the 60 tightest cells and ends at its
first find.

Cells in reasons are written r3c5: row 3, column 5, counted from 1. JSON cells are 0-based.

The package, one module per family of rules (each a class the next one extends, so that a
rule finds the ones it builds on):

- `steps`: Step, Explanation, the levels and weights; `text`: how a reason is worded.
- `reasoner`: the board state, the units' needs and capacities, the bands, the caches.
- The rules: `basic`, `tiling`, `counting`, `knock_ons` and `follow` (supposed states
  followed through the rules), `shapes` (shapes and cases), `supposition`
  (would-leave-short, exclusion, trial), `deep_trial`.
- `registry`: the one table of rules; `rules`: the reasoner with every family, and its
  rules in the registry's order.
- `driver`: the explain loop, hints and the search step.
"""

from puzzlesmith.stars.explain.driver import explain, hint, rules_in_order
from puzzlesmith.stars.explain.reasoner import past_half
from puzzlesmith.stars.explain.registry import RULES, RuleSpec
from puzzlesmith.stars.explain.rules import Reasoner, rules_of
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
    "LEVELS", "MAX_CASES", "RULES", "WEIGHTS", "Decision", "Explanation", "Reasoner", "Rule",
    "RuleSpec", "Step", "UnitRef", "apply_step", "explain", "hint", "past_half", "rules_of",
    "rules_in_order",
]
