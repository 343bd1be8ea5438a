"""Star Battle hints late in a game, on real puzzles: how often the hint only says what the
player's own stars already give (the cells around them, the rest of a full unit), before
(the explainer's next step from the marks, `explain(max_steps=1)`) and now (`stars/hints.py`,
which applies those first and names the next real deduction).

A seeded sample of the shared data's unique puzzles up to 14x14 (other people's work, read
from ../shared/data/stars/; Star Battle, and half as many Queens levels), at three late
stages each: (a) a random 70-95% of the solution's stars, no dots; (b) the stars of the
first 60-90% of the puzzle's own explanation, no dots (a player who places stars and leaves
the dots out); (c) the same with the explanation's dots too (a player who marks
everything). Every hint's cells are checked against the data's own solution, and one wrong
mark per puzzle (a star off the solution at stage (b)) must be named. Both hints run in
this process, one after the other, on the same marks.
Run: python -m benchmarks.stars_hints [--puzzles N] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter

from benchmarks.common import median, shared_data, shared_data_missing, write_results
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.explain import explain
from puzzlesmith.stars.hints import OBVIOUS, teach
from puzzlesmith.stars.model import Cell, StarPuzzle

DATA = shared_data("stars", "real_puzzles.jsonl")
STAGES = ("a: random stars, no dots", "b: explanation's stars, no dots",
          "c: explanation's stars and dots")


def _stages(puzzle: StarPuzzle, solution: list[Cell],
            rng: random.Random) -> list[tuple[str, tuple[Cell, ...], tuple[Cell, ...]]]:
    steps = explain(puzzle, deadline=Deadline(30)).steps
    upto = steps[:round(len(steps) * rng.uniform(0.6, 0.9))]
    stars = tuple(sorted({(r, c) for s in upto for r, c, w in s.decided if w == "star"}))
    dots = tuple(sorted({(r, c) for s in upto for r, c, w in s.decided if w == "empty"}))
    some = tuple(sorted(rng.sample(solution, round(len(solution) * rng.uniform(0.7, 0.95)))))
    return [(STAGES[0], some, ()), (STAGES[1], stars, ()), (STAGES[2], stars, dots)]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=100,
                    help="Star Battle puzzles in the sample (and half as many Queens levels)")
    ap.add_argument("--seed", type=int, default=42)
    args = ap.parse_args(argv if argv is not None else sys.argv[1:])
    if not DATA.exists():
        print(shared_data_missing(DATA))
        return
    rows = [json.loads(line) for line in DATA.read_text().splitlines()]
    rng = random.Random(args.seed)
    sample = []
    for family, count in (("starbattle", args.puzzles), ("queens", args.puzzles // 2)):
        fit = [row for row in rows if row.get("unique") and row["size"] <= 14
               and row["kind"].startswith(family)]
        sample += rng.sample(fit, min(count, len(fit)))
    old_obvious: Counter[str] = Counter()
    new_obvious: Counter[str] = Counter()
    finished: Counter[str] = Counter()
    total: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    old_time: list[float] = []
    new_time: list[float] = []
    wrong_cells = mistakes_named = 0
    for row in sample:
        puzzle = StarPuzzle.from_labels(row["regions"], row["stars"])
        solution = [(r, c) for r, c in row["solution"]]
        answer = set(solution)
        stages = _stages(puzzle, solution, rng)
        for stage, stars, dots in stages:
            if len(stars) + len(dots) == puzzle.size ** 2:
                continue
            total[stage] += 1
            started = time.perf_counter()
            old = explain(puzzle, max_steps=1, given_stars=stars, given_empty=dots,
                          deadline=Deadline(30)).steps[0]
            old_time.append(time.perf_counter() - started)
            started = time.perf_counter()
            new = teach(puzzle, given_stars=stars, given_empty=dots, deadline=Deadline(30))
            new_time.append(time.perf_counter() - started)
            step = new.step
            assert step is not None
            old_obvious[stage] += old.rule in OBVIOUS
            if step.rule in OBVIOUS:
                new_obvious[stage] += 1
                finished[stage] += not new.skipped
            rules[f"{step.rule} ({step.level})"] += 1
            decided = [*step.decided, *(d for s in new.skipped for d in s.decided)]
            wrong_cells += sum(((r, c) in answer) != (w == "star") for r, c, w in decided)
        _, stars, _ = stages[1]
        off = next((r, c) for r in range(puzzle.size) for c in range(puzzle.size)
                   if (r, c) not in answer)
        named = teach(puzzle, given_stars=(*stars, off), deadline=Deadline(30)).step
        mistakes_named += named is not None and named.rule == "mistake" and off in named.cells
    kinds = Counter(row["kind"] for row in sample)
    lines = [
        f"{len(sample)} unique real puzzles up to 14x14 from the shared data's stars/ (seed "
        f"{args.seed}: {', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}), three late "
        f"stages each (a board the marks finish is left out).",
        "",
        "| stage | hints | obvious before | obvious now | of which the obvious rules finish the board |",
        "|---|---|---|---|---|",
    ]
    for stage in STAGES:
        n = total[stage]
        lines.append(f"| {stage} | {n} | {old_obvious[stage]} ({old_obvious[stage] / n:.0%}) | "
                     f"{new_obvious[stage]} ({new_obvious[stage] / n:.0%}) | {finished[stage]} |")
    every = sum(total.values())
    lines += [
        "",
        f"- cells decided by the new hints (and the obvious cells applied with them) that "
        f"differ from the data's solution: {wrong_cells}",
        f"- a wrong star added at stage b named as the mistake: {mistakes_named}/{len(sample)}",
        f"- median time per hint: before {median(old_time) * 1000:.0f} ms, now "
        f"{median(new_time) * 1000:.0f} ms (solve included; {every} hints)",
        "- the new hints' rules: " + ", ".join(f"{k} {v}" for k, v in rules.most_common()),
    ]
    print(write_results("stars_hints", "Star Battle hints late in a game (issue 42)",
                        "\n".join(lines)))


if __name__ == "__main__":
    main()
