"""Star Battle generation per size and level: steering the regions towards a level vs
generate-and-test.

For each size (10x10 2-star, 14x14 3-star, 25x25 6-star) and level (none, easy, medium,
hard, expert), `generate` runs from fixed seeds; the table gives the median wall and CPU
time over the seeds, how many finished within the cap, and the grades and scores. The
baseline is last session's path: a unique map (`make_unique`), graded by a full explain,
kept only when the grade fits, else a fresh map (with a level: no steering). Both sides
run in this process, one after the other, under the same cap; a run that hits the cap
counts at the cap in the median (so a median at the cap means most runs did not finish).
Every steered puzzle is checked: the explainer solves it without search at the level
asked (and the solver, counting, finds one solution).
Targets (issue 12): 10x10 2-star at any level median at most 2 s, 14x14 3-star at most
10 s, 25x25 6-star at most 10 s.
Run: python -m benchmarks.stars_generate [--quick] [--seeds N] [--cap S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from benchmarks.common import median, write_results
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.stars.explain import explain
from puzzlesmith.stars.generate import (
    GeneratedPuzzle,
    _grade,
    generate,
    make_unique,
    random_regions,
    random_stars,
)
from puzzlesmith.stars.model import check_solution
from puzzlesmith.stars.solve import solve

SIZES = [(10, 2), (14, 3), (25, 6)]
LEVELS: list[str | None] = [None, "easy", "medium", "hard", "expert"]
QUICK = [(10, 2, None), (10, 2, "easy"), (10, 2, "medium")]
BASELINE_SEEDS = 2  # the baseline often runs to the cap: fewer seeds keep the run short


def baseline(size: int, stars: int, seed: int, level: str | None, cap: float) -> GeneratedPuzzle:
    """Last session's generate-and-test: unique map, full explain, keep if the grade fits."""
    rng = random.Random(seed)
    deadline = Deadline(cap)
    attempts = 0
    while not deadline.expired():
        attempts += 1
        planned = random_stars(size, stars, rng, deadline)
        grid = random_regions(size, stars, planned, rng)
        if grid is None:
            continue
        puzzle = make_unique(grid, stars, planned, rng, deadline)
        if puzzle is None:
            continue
        grade, points = _grade(puzzle, deadline)
        if level is not None and grade != level:
            continue
        return GeneratedPuzzle(puzzle, check_solution(puzzle, planned), grade, points, seed,
                               attempts, deadline.elapsed())
    raise SearchTimeout


def run(fn: Callable[[], GeneratedPuzzle]) -> tuple[float, float, GeneratedPuzzle | None]:
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        made: GeneratedPuzzle | None = fn()
    except SearchTimeout:
        made = None
    return time.perf_counter() - wall, time.process_time() - cpu, made


def check(made: GeneratedPuzzle, level: str | None) -> str:
    """'' when the puzzle is what was asked for, else what is wrong."""
    counted = solve(made.puzzle, count=True, time_limit=120)
    if counted.count != 1 or counted.solution != made.solution:
        return "not unique"
    if level is None:
        return ""
    result = explain(made.puzzle, time_limit=120)
    if result.used_search or result.difficulty != level or result.score != made.score:
        return f"explains as {result.difficulty} {result.score} (search: {result.used_search})"
    return ""


def row(size: int, stars: int, level: str | None, seeds: int, cap: float, side: str) -> str:
    walls, cpus, grades = [], [], []
    done = 0
    problems = []
    for seed in range(1, seeds + 1):
        def one(s: int = seed) -> GeneratedPuzzle:
            if side == "steered":
                return generate(size, stars, seed=s, difficulty=level, time_limit=cap)
            return baseline(size, stars, s, level, cap)

        wall, cpu, made = run(one)
        walls.append(min(wall, cap))
        cpus.append(cpu)
        if made is not None:
            done += 1
            grades.append(f"{made.difficulty} {made.score:g}")
            if side == "steered" and (problem := check(made, level)):
                problems.append(f"seed {seed}: {problem}")
    line = (f"| {size}x{size} {stars}-star | {level or 'any'} | {side} | {done}/{seeds} | "
            f"{median(walls):.2f} s | {median(cpus):.2f} s | {', '.join(grades) or '-'} |")
    if problems:
        line += " CHECK FAILED: " + "; ".join(problems)
    print(line, flush=True)
    return line


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m benchmarks.stars_generate")
    p.add_argument("--quick", action="store_true", help="10x10 only, a few levels")
    p.add_argument("--seeds", type=int, default=5, help="seeds per size and level (steered)")
    p.add_argument("--cap", type=float, default=30.0, help="seconds per run before giving up")
    p.add_argument("--no-baseline", action="store_true")
    args = p.parse_args(argv)
    cases = QUICK if args.quick else [(n, k, lv) for n, k in SIZES for lv in LEVELS]
    lines = []
    for n, k, level in cases:
        lines.append(row(n, k, level, args.seeds if n <= 10 else max(args.seeds - 2, 1), args.cap,
                         "steered"))
        if not args.no_baseline and level is not None:  # no level: the same code on both sides
            lines.append(row(n, k, level, min(BASELINE_SEEDS, args.seeds), args.cap, "baseline"))
    body = (
        f"Median over seeds 1..N of `generate(size, stars, seed, difficulty=level)`, cap "
        f"{args.cap:g} s per run (a run at the cap counts as the cap). The machine is shared; "
        "CPU time is this process's own.\n\n"
        "| grid | level | side | finished | median wall | median CPU | grade, score |\n"
        "|---|---|---|---|---|---|---|\n" + "\n".join(lines) + "\n\n"
        "steered: this session's `generate` (steering towards the level; expert and 'any' "
        "are not steered). baseline: last session's generate-and-test. Every steered puzzle "
        "was checked (one solution by the solver's count; explained without search at the "
        "level and score it came with); a failed check is written after its row.\n"
    )
    print(f"wrote {write_results('stars_generate', 'Star Battle generation per level (issue 12)', body)}")


if __name__ == "__main__":
    main()
