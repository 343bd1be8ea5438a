"""The reasoner with every family of rules, and its rules in the registry's order."""

from __future__ import annotations

from puzzlesmith.stars.explain.basic import BasicRules
from puzzlesmith.stars.explain.deep_trial import DeepTrialRules
from puzzlesmith.stars.explain.registry import RULES, keys_before
from puzzlesmith.stars.explain.shapes import ShapesRules
from puzzlesmith.stars.explain.steps import Rule


class Reasoner(DeepTrialRules, ShapesRules, BasicRules):
    """The rules over one puzzle; each rule returns the first step it finds, or None."""


def rules_of(r: Reasoner) -> list[Rule]:
    """The reasoner's rules, easiest first, as `registry.RULES` lists them: each takes (stars,
    open cells) as bit masks and gives its first Step or None."""
    return [getattr(r, spec.method) for spec in RULES]


def rules_before(r: Reasoner, key: str) -> list[Rule]:
    """The rules tried before the one with this key."""
    return [getattr(r, spec.method) for spec in RULES[:len(keys_before(key))]]


def deep_rules(r: Reasoner) -> list[Rule]:
    """The rules deep trial follows a supposed star with: every rule before trial, up to
    expert exclusion and cases (7-24 ways); not trial, wide cases, or deep trial itself."""
    return rules_before(r, "trial")


def cheap_rules(r: Reasoner) -> list[Rule]:
    """The rules before the per-cell ones (up to counting): what deep trial ranks cells by."""
    return rules_before(r, "shapes")
