"""The one table of the explainer's rules, easiest first: what each is called, its level, its
weight in a puzzle's score, and the reasoner's method that runs it.

The explainer tries them in this order (`rules.rules_of`), deep trial follows a supposed star
with the ones before `trial` and ranks cells by the ones before `shapes`, the grader adds up
their weights (`steps.WEIGHTS`), the generator runs the ones up to a level, and the table
of rules in docs/stars.md lists them (a test checks it against this one). Weights are set by
hand: scripts/stars_fit_weights.py fits them on half the labelled real puzzles and checks
the other half, and the fitted weights did no better there (benchmarks/stars_real.py
reports the concordance per half).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleSpec:
    """One rule: `key` names it uniquely (the reasoner's method is the key with "_" for
    "-"); `name` is what a step shows (rules of one name differ by level, or by `variant`,
    the words docs/stars.md tells them apart by); `says`: what it decides, in one line."""

    key: str
    name: str
    level: str
    weight: float
    says: str
    variant: str = ""

    @property
    def method(self) -> str:
        return self.key.replace("-", "_")


RULES: tuple[RuleSpec, ...] = (
    RuleSpec("star-neighbours", "star-neighbours", "easy", 0.1,
             "cells around a star are empty (stars never touch)"),
    RuleSpec("unit-full", "unit-full", "easy", 0.1,
             "a row, column or region with its K stars has no more"),
    RuleSpec("unit-fill", "unit-fill", "easy", 0.5,
             "a unit with exactly as many open cells as missing stars fills them"),
    RuleSpec("sees-all", "sees-all", "easy", 1.0,
             "a cell touching every open cell of a unit that needs one star is empty"),
    RuleSpec("confinement-single", "confinement", "easy", 1.5,
             "a region inside one row (column) fills it; a row inside one region fills the "
             "region (a line and a region, one of each)", "one line"),
    RuleSpec("two-by-two", "two-by-two", "medium", 3.0,
             "a unit whose open cells fit in as many 2 x 2 blocks as stars it needs puts one "
             "star in each block"),
    RuleSpec("confinement-bands", "confinement", "medium", 4.0,
             "N regions confined to N rows (columns) fill them, and the dual (bands of "
             "neighbouring lines, or the lines one or two regions reach)", "bands"),
    RuleSpec("counting", "counting", "medium", 5.0,
             "cells of some lines outside the regions inside them (or of the regions reaching "
             "into them, outside them) hold an exact number of stars, used like a unit's"),
    RuleSpec("shapes", "shapes", "medium", 5.0,
             "the ways (at most 6) a unit or counted set can hold its stars: what every way "
             "agrees on holds"),
    RuleSpec("would-leave-short", "would-leave-short", "hard", 6.0,
             "a cell whose star would leave some unit, or two neighbouring lines, without room "
             "for its stars is empty"),
    RuleSpec("exclusion", "exclusion", "hard", 10.0,
             "the same, after following the star's knock-ons by the easy rules"),
    RuleSpec("shapes-many", "shapes", "hard", 8.0, "as medium shapes, with 7-16 ways",
             "7-16 ways"),
    RuleSpec("cases", "cases", "hard", 12.0,
             "the ways of shapes (2-6), each followed by the easy rules: ways that leave a "
             "unit short are out; what all the others lead to holds", "2-6 ways"),
    RuleSpec("exclusion-tiled", "exclusion", "expert", 18.0,
             "a supposed star followed as in exclusion and further by counting and 2 x 2 "
             "tiling leaves a unit short, so the cell is empty", "counting and 2x2"),
    RuleSpec("cases-many", "cases", "expert", 25.0, "as hard cases, with 7-24 ways",
             "7-24 ways"),
    RuleSpec("trial", "trial", "expert", 20.0,
             "a cell whose star (emptiness) leads, by the counting rules and confinement, to a "
             "contradiction is empty (a star)"),
    RuleSpec("cases-wide", "cases", "expert", 25.0,
             "as hard cases, with 25-96 ways, on grids up to 15 x 15", "25-96 ways"),
    RuleSpec("deep-trial", "deep-trial", "expert", 30.0,
             "a supposed star followed by every rule up to expert exclusion and cases leaves a "
             "unit short, so the cell is empty"),
)
# Not a rule: when the rules are stuck (or out of time), one star (or the rest) comes from
# the solver's solution. A "mistake" step points at a player's wrong marks and weighs nothing.
SEARCH = RuleSpec("search", "search", "search", 50.0,
                  "the rules ran out: one star comes from the solver's solution (and we say "
                  "so), then the rules go on")
MISTAKE = RuleSpec("mistake", "mistake", "easy", 0.0, "marks that differ from the solution")

BY_KEY: dict[str, RuleSpec] = {spec.key: spec for spec in (*RULES, SEARCH, MISTAKE)}


def keys_before(key: str) -> tuple[str, ...]:
    """The keys of the rules tried before the one with this key."""
    keys = [spec.key for spec in RULES]
    return tuple(keys[:keys.index(key)])
