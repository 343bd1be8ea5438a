"""Star Battle generation per size and level: steering the regions towards a level vs
generate-and-test.

For each size (10x10 2-star, 12x12 and 14x14 3-star, 25x25 6-star) and level (none, easy,
medium, hard, expert), `generate` runs from fixed seeds; the table gives the median wall and CPU
time over the seeds, how many finished within the cap, and the grades and scores. The
baseline is last session's path: a unique map (`make_unique`), graded by a full explain,
kept only when the grade fits, else a fresh map (with a level: no steering); with no level
on 25x25, the grade cut off after 5 s (before 12-02 such grids were not steered). Both sides
run in this process, one after the other, under the same cap; a run that hits the cap
counts at the cap in the median (so a median at the cap means most runs did not finish).
Every steered puzzle is checked: the explainer solves it without search at the level
asked (and the solver, counting, finds one solution).
Targets (issue 12): 10x10 2-star at any level median at most 2 s, 14x14 3-star at most
10 s, 25x25 6-star at most 10 s.
Run: python -m benchmarks.stars_generate [--quick] [--seeds N] [--cap S] [--sizes 10 14 25]
(--quick or --sizes: a subset, written to results/stars_generate_subset.md so the full
run's file stays whole)
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable

from benchmarks.common import median, write_results
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.stars.explain import explain
from puzzlesmith.stars.generate import GeneratedPuzzle, generate, make_unique, random_regions, random_stars
from puzzlesmith.stars.model import check_solution
from puzzlesmith.stars.solve import solve
from puzzlesmith.stars.steer import grade_map

# (size, stars, level, seeds): fewer seeds where a run can take long. Easy with 3 or more
# stars is refused except on 12x12 (`generate.check_request`).
CASES: list[tuple[int, int, str | None, int]] = [
    (10, 2, None, 5), (10, 2, "easy", 5), (10, 2, "medium", 5), (10, 2, "hard", 5),
    (14, 3, None, 3), (14, 3, "medium", 3), (14, 3, "hard", 3),
    (25, 6, None, 5), (25, 6, "medium", 5), (25, 6, "hard", 5),
    (10, 2, "expert", 5), (12, 3, "easy", 3), (14, 3, "expert", 2), (25, 6, "expert", 3),
]
QUICK = [(10, 2, None, 2), (10, 2, "easy", 2), (10, 2, "medium", 2)]
BASELINE_SEEDS = 2  # (1 above 10x10) the baseline often runs to the cap: fewer keep it short
WALL_FACTOR = 20  # the wall-clock limit, a backstop only: CPU seconds are the cap


class CpuCap(Exception):
    """This run used its CPU seconds."""


def cpu_check(cap: float) -> Callable[..., None]:
    """A `progress` callback that stops a run after `cap` seconds of this process's CPU: on
    the shared machine a wall-clock cap measures the other users' load, not the engine."""
    start = time.process_time()

    def check(_: object = None) -> None:
        if time.process_time() - start > cap:
            raise CpuCap

    return check


def baseline(size: int, stars: int, seed: int, level: str | None, cap: float) -> GeneratedPuzzle:
    """Last session's generate-and-test: unique map, full explain, keep if the grade fits."""
    rng = random.Random(seed)
    deadline = Deadline(cap * WALL_FACTOR)
    over = cpu_check(cap)
    attempts = 0
    while not deadline.expired():
        over()
        attempts += 1
        planned = random_stars(size, stars, rng, deadline)
        grid = random_regions(size, stars, planned, rng)
        if grid is None:
            continue
        puzzle = make_unique(grid, stars, planned, rng, deadline)
        if puzzle is None:
            continue
        # With no level, above 15x15: the grade's old cut-off (`steer._GRADE_LIMIT_BIG`).
        limit = 5.0 if level is None and size > 15 else 20.0
        grade, points, steps, complete = grade_map(puzzle, deadline, limit=limit)
        if level is not None and grade != level:
            continue
        return GeneratedPuzzle(puzzle, check_solution(puzzle, planned), grade, points, seed,
                               attempts, deadline.elapsed(), steps, complete)
    raise SearchTimeout


def run(fn: Callable[[], GeneratedPuzzle]) -> tuple[float, float, GeneratedPuzzle | None]:
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        made: GeneratedPuzzle | None = fn()
    except (SearchTimeout, CpuCap):
        made = None
    return time.perf_counter() - wall, time.process_time() - cpu, made


def check(made: GeneratedPuzzle, level: str | None) -> str:
    """'' when the puzzle is what was asked for, else what is wrong."""
    counted = solve(made.puzzle, count=True, deadline=Deadline(120))
    if counted.count != 1 or counted.solution != made.solution:
        return "not unique"
    if level is None and made.puzzle.size <= 15:
        return ""  # not steered: the grade is explain's own
    level = level or made.difficulty  # steered up to hard: explain must agree
    result = explain(made.puzzle, deadline=Deadline(120))
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
                return generate(size, stars, seed=s, difficulty=level,
                                deadline=Deadline(cap * WALL_FACTOR), progress=cpu_check(cap))
            return baseline(size, stars, s, level, cap)

        wall, cpu, made = run(one)
        walls.append(wall)
        # (A run can pass the cap between two progress reports and still finish: it counts
        # with its own time, but not as finished within the cap.)
        cpus.append(cpu if made is not None else min(cpu, cap))
        if made is not None:
            done += cpu <= cap
            grades.append(f"{made.difficulty} {made.score:g}" + ("" if made.grade_complete else "*"))
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
    p.add_argument("--seeds", type=int, default=5, help="at most this many seeds per case")
    p.add_argument("--cap", type=float, default=20.0, help="CPU seconds per run before giving up")
    p.add_argument("--no-baseline", action="store_true")
    p.add_argument("--sizes", type=int, nargs="*", help="only these grid sizes (10, 14, 25)")
    args = p.parse_args(argv)
    cases = QUICK if args.quick else CASES
    if args.sizes:
        cases = [case for case in cases if case[0] in args.sizes]
    if not cases:
        p.error("no case to run")
    subset = bool(args.quick or args.sizes)
    name = "stars_generate_subset" if subset else "stars_generate"
    title = "Star Battle generation per level (issue 12)" + (", a subset" if subset else "")
    argv_text = " ".join(argv if argv is not None else sys.argv[1:])
    lines: list[str] = []
    for done, (n, k, level, seeds) in enumerate(cases, 1):
        lines.append(row(n, k, level, min(seeds, args.seeds), args.cap, "steered"))
        # No level up to 15x15: the same code on both sides.
        if not args.no_baseline and (level is not None or n > 15):
            lines.append(row(n, k, level, min(BASELINE_SEEDS if n <= 10 else 1, seeds, args.seeds),
                             args.cap, "baseline"))
        # Written after every case, so a run cut short still leaves what it measured.
        path = write_results(name, title, _body(args.cap, lines, done, len(cases), argv_text),
                             command="stars_generate")
    print(f"wrote {path}")


def _body(cap: float, lines: list[str], done: int, total: int, argv_text: str) -> str:
    partial = "" if done == total else f" (partial: {done} of {total} cases so far)"
    return (
        f"Arguments: `{argv_text or '(none)'}`. "
        f"Median over seeds 1..N of `generate(size, stars, seed, difficulty=level)`, cap "
        f"{cap:g} s of CPU per run (a run stopped at the cap counts as the cap; one that "
        f"passed it between two progress reports and still finished counts with its own time "
        f"but not as finished){partial}. The "
        f"machine is shared (2 cores, several users, this run under nice {os.nice(0)}), so "
        "wall time also measures the others' load; CPU time is this process's own and is the "
        "figure to compare with the targets.\n\n"
        "| grid | level | side | finished | median wall | median CPU | grade, score |\n"
        "|---|---|---|---|---|---|---|\n" + "\n".join(lines) + "\n\n"
        "steered: `generate` (steering towards the level; expert is not steered, nor 'any' up "
        "to 15x15, where the grade is a full explain cut off after 20 s; 'any' on 25x25 "
        "steers up to hard). A grade marked * was cut short. baseline: generate-and-test (a "
        "unique map, its grade a full explain of up to 20 s, 5 s with no level on 25x25, kept "
        "if the grade fits). Every steered puzzle was checked (one solution by the solver's "
        "count; with a level, or with none on 25x25, explained without search at the level "
        "and score it came with); a failed check is written after its row.\n"
    )


if __name__ == "__main__":
    main()
