"""The rules in the order the explainer tries them, over one reasoner with every family."""

from __future__ import annotations

from itertools import takewhile

from puzzlesmith.stars.explain.basic import BasicRules
from puzzlesmith.stars.explain.deep_trial import DeepTrialRules
from puzzlesmith.stars.explain.shapes import ShapesRules
from puzzlesmith.stars.explain.steps import Rule


class _Reasoner(DeepTrialRules, ShapesRules, BasicRules):
    """The rules over one puzzle; each rule returns the first step it finds, or None."""



def _rules_before(r: _Reasoner, name: str) -> list[Rule]:
    """The rules of `_rules` before the one named `name`."""
    return list(takewhile(lambda rule: getattr(rule, "__name__", "") != name, _rules(r)))


def _deep_rules(r: _Reasoner) -> list[Rule]:
    """The rules deep trial follows a supposed star with: every rule before trial, up to
    expert exclusion and cases (7-24 ways); not trial, wide cases, or deep trial itself."""
    return _rules_before(r, "trial")


def _cheap_rules(r: _Reasoner) -> list[Rule]:
    """The rules before the per-cell ones (up to counting): what deep trial ranks cells by."""
    return _rules_before(r, "shapes")


def _rules(r: _Reasoner) -> list[Rule]:
    return [
        r.star_neighbours, r.unit_full, r.unit_fill,
        r.sees_all, r.confinement_single, r.two_by_two,
        r.confinement_bands, r.counting, r.shapes, r.would_leave_short, r.exclusion,
        r.shapes_many, r.cases, r.exclusion_tiled, r.cases_many, r.trial, r.cases_wide,
        r.deep_trial,
    ]
