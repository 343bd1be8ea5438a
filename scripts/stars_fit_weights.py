"""Fit the Star Battle score weights (`stars.explain.WEIGHTS`) on the labelled real puzzles.

Input: the records of `python -m benchmarks.stars_real --jsonl PATH` (each has the rule and
level of every step counted). The labelled puzzles (the collection's easy < medium < hard
per size, LinkedIn's levels by weekday) are split in two halves by `benchmarks.stars_real.half`.
A coordinate search fits the weights on each half in turn (each weight on a grid, within
bounds for its level, so that the fit cannot make a hard rule count for less than an easy
one by much), and reports the concordance on the half it was fitted on and on the other one.
It also prints the average of the two fits, checked on both halves again. Use the fitted
weights only if they beat the current ones on the held-out half: on the 2026-12 run they did
not (see docs/stars.md), so explain.WEIGHTS kept the hand-set values.

Run: python scripts/stars_fit_weights.py records.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from benchmarks.stars_real import labelled_groups, pairs_lower
from puzzlesmith.stars.explain import WEIGHTS

Weights = dict[tuple[str, str], float]
GRID = (0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 25, 30, 40, 50)
BOUNDS = {"easy": (0, 2), "medium": (1, 15), "hard": (2, 30), "expert": (10, 60)}
LINKEDIN_SHARE = 0.5  # LinkedIn's weekday order is a weaker label than the collection's


def score(rec: dict[str, Any], w: Weights) -> float:
    total = 0.0
    for key, count in rec["rule_levels"].items():
        rule, level = key.split("/")
        total += w.get((rule, level), 0.0) * count
    return total


def table(recs: list[dict[str, Any]], w: Weights, which: int | None) -> dict[str, float]:
    """Concordance per labelled group, on one half (0, 1) or all (None)."""
    rescored = [dict(r, score=score(r, w)) for r in recs if "rule_levels" in r]
    out = {}
    for what, size, items in labelled_groups(rescored):
        chosen = [x for x in items if which is None or x[3] == which]
        pairs, lower, _ = pairs_lower(chosen)
        if pairs:
            out[f"{what.split()[0]} {size}"] = round(lower / pairs, 3)
    return out


def objective(recs: list[dict[str, Any]], w: Weights, which: int) -> float:
    got = table(recs, w, which)
    coll = [v for k, v in got.items() if k.startswith("collection")]
    weekly = [v for k, v in got.items() if k.startswith("LinkedIn")]
    return sum(coll) / max(1, len(coll)) + LINKEDIN_SHARE * sum(weekly) / max(1, len(weekly))


def fit(recs: list[dict[str, Any]], which: int, rounds: int = 4) -> Weights:
    best = dict(WEIGHTS)
    best_value = objective(recs, best, which)
    for _ in range(rounds):
        for key in sorted(best):
            if key[1] not in BOUNDS or key[0] == "mistake":
                continue
            lo, hi = BOUNDS[key[1]]
            for value in GRID:
                if lo <= value <= hi:
                    trial = dict(best)
                    trial[key] = value
                    got = objective(recs, trial, which)
                    if got > best_value + 1e-9:
                        best, best_value = trial, got
    return best


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit(__doc__)
    with Path(argv[0]).open(encoding="utf-8") as f:
        recs = [json.loads(line) for line in f if line.strip()]
    print("current weights: half A", table(recs, WEIGHTS, 0))
    print("                 half B", table(recs, WEIGHTS, 1))
    fits = [fit(recs, which) for which in (0, 1)]
    for which, w in enumerate(fits):
        other = 1 - which
        print(f"fitted on half {'AB'[which]}: on it", table(recs, w, which))
        print(f"                  held out {'AB'[other]}", table(recs, w, other))
    mean = {k: round((fits[0][k] + fits[1][k]) / 2, 2) for k in WEIGHTS}
    print("average of the two fits:", mean)
    print("  half A", table(recs, mean, 0))
    print("  half B", table(recs, mean, 1))
    print("  all   ", table(recs, mean, None))


if __name__ == "__main__":
    main(sys.argv[1:])
