"""Star Battle: solve plus proof of uniqueness, our engines vs a straightforward CP-SAT model.

Puzzles are made by our generator from fixed seeds (so every run times the same set):
10x10 with 2 stars, 14x14 with 3, 25x25 with 6. The baseline is the model the issue
describes: one Boolean per cell, sums per row, column and region, at most one star per
2x2 block, solved once, then solved again with the first solution forbidden (one worker,
so both sides use one core). Every engine must return the generator's solution and call it
unique (the pure-Python engine is timed up to 14x14 only). Also timed: generating a unique
10x10 2-star puzzle (target: median at most 5 s), and the time to generate each set.
Targets (issue 5): our solve + uniqueness faster than CP-SAT on every size.
The CP-SAT baseline needs OR-Tools, which is not a puzzlesmith dependency: `pip install
ortools` for the benchmark only. Without it the cp-sat column reads "not run" and says why.
Run: python -m benchmarks.stars [--quick]
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable

from benchmarks.common import median, ms, timed, write_results
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.stars.generate import generate
from puzzlesmith.stars.model import Cell, StarPuzzle
from puzzlesmith.stars.solve import choose_engine, solve

SETS = [(10, 2, range(1, 9)), (14, 3, range(1, 6)), (25, 6, range(1, 4))]
QUICK_SETS = [(10, 2, range(1, 3)), (14, 3, range(1, 2))]
GENERATION_SEEDS = range(100, 111)
GENERATE_LIMIT = {10: 60.0, 14: 120.0, 25: 180.0}
REPEATS = 3
SOLVE_LIMIT = 120.0
PYTHON_UP_TO = 14  # the pure-Python engine is not timed on bigger grids (auto never uses it)
NO_ORTOOLS = "OR-Tools is not installed (`pip install ortools` for this benchmark's CP-SAT baseline)"


def have_ortools() -> bool:
    return importlib.util.find_spec("ortools") is not None


def cpsat_solve_unique(puzzle: StarPuzzle) -> tuple[tuple[Cell, ...] | None, bool | None]:
    """The baseline: the straightforward CP-SAT model, then a second solve forbidding the first."""
    # Imported here: OR-Tools is installed for this benchmark only.
    from ortools.sat.python import cp_model

    n, k = puzzle.size, puzzle.stars
    model = cp_model.CpModel()
    x = [[model.new_bool_var(f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        model.add(sum(x[i]) == k)
        model.add(sum(x[r][i] for r in range(n)) == k)
    for g in range(n):
        model.add(sum(x[r][c] for r in range(n) for c in range(n) if puzzle.regions[r][c] == g) == k)
    for r in range(n - 1):
        for c in range(n - 1):
            model.add(x[r][c] + x[r][c + 1] + x[r + 1][c] + x[r + 1][c + 1] <= 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = SOLVE_LIMIT
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, None
    first = tuple((r, c) for r in range(n) for c in range(n) if solver.value(x[r][c]))
    model.add_bool_or([x[r][c].Not() for r, c in first])
    second = solver.solve(model)
    if second == cp_model.INFEASIBLE:
        return first, True
    return first, False if second in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None


def _ours(engine: str) -> Callable[[StarPuzzle], tuple[tuple[Cell, ...] | None, bool | None]]:
    def run(puzzle: StarPuzzle) -> tuple[tuple[Cell, ...] | None, bool | None]:
        result = solve(puzzle, engine=engine, deadline=Deadline(SOLVE_LIMIT))
        return result.solution, result.unique

    return run


def main() -> None:
    quick = "--quick" in sys.argv
    sets = QUICK_SETS if quick else SETS
    sides = {"auto": _ours("auto"), "python": _ours("python"), "sat": _ours("sat")}
    rows = []
    notes = []
    if have_ortools():
        sides["cp-sat"] = cpsat_solve_unique
    else:
        print(f"skipping the CP-SAT baseline: {NO_ORTOOLS}", file=sys.stderr)
        notes.append(f"cp-sat not run: {NO_ORTOOLS}.")
    gen_notes: list[str] = []
    for size, stars, seeds in sets:
        puzzles = []
        for seed in seeds:
            try:
                made = generate(size, stars, seed=seed, deadline=Deadline(GENERATE_LIMIT[size]))
            except SearchTimeout:
                notes.append(f"{size}x{size} {stars}-star seed {seed}: generator found no unique "
                             f"puzzle within {GENERATE_LIMIT[size]:g} s")
                continue
            puzzles.append(made)
        if not puzzles:
            rows.append(f"| {size}x{size}, {stars} stars | 0 | no puzzles generated | | | | |")
            continue
        per_side: dict[str, list[float]] = {name: [] for name in sides}
        for made in puzzles:
            for name, fn in sides.items():
                if name == "python" and size > PYTHON_UP_TO:
                    continue
                times = []
                for _ in range(REPEATS):
                    t, (solution, unique) = timed(fn, made.puzzle)
                    times.append(t)
                    if solution != made.solution or unique is not True:
                        notes.append(f"{name} disagreed on {size}x{size} seed {made.seed}: "
                                     f"unique={unique}")
                per_side[name].append(median(times))
        med = {name: median(v) for name, v in per_side.items() if v}
        gen = [made.elapsed for made in puzzles]
        gen_notes.append(f"{size}x{size} {stars}-star: generation (with grading) median "
                         f"{median(gen):.1f} s, slowest {max(gen):.1f} s over {len(gen)} seeds")
        auto_engine = choose_engine(puzzles[0].puzzle)
        python_ms = ms(med["python"]) if "python" in med else "not run"
        cpsat_ms = ms(med["cp-sat"]) if "cp-sat" in med else "not run"
        speedup = f"{med['cp-sat'] / med['auto']:.1f}x" if "cp-sat" in med else "-"
        rows.append(
            f"| {size}x{size}, {stars} stars | {len(puzzles)} | {ms(med['auto'])} ({auto_engine}) "
            f"| {python_ms} | {ms(med['sat'])} | {cpsat_ms} | {speedup} |"
        )
        print(rows[-1], flush=True)
    gen_times = []
    for seed in GENERATION_SEEDS[: 3 if quick else None]:
        t, _ = timed(lambda seed: generate(10, 2, seed=seed, deadline=Deadline(60)), seed)
        gen_times.append(t)
    gen_line = (f"Generating a unique 10x10 2-star puzzle (with its grade): median "
                f"{median(gen_times):.2f} s, slowest {max(gen_times):.2f} s over "
                f"{len(gen_times)} seeds (target: median at most 5 s).")
    print(gen_line, flush=True)
    body = (
        "Solve plus proof of uniqueness, median per puzzle of the median of "
        f"{REPEATS} runs. `auto` is what `stars solve` uses; `python` and `sat` force one "
        "engine; `cp-sat` is the issue's straightforward CP-SAT model (one worker). "
        "Speed-up = cp-sat / auto.\n\n"
        "| puzzles | n | auto | python | sat (Glucose 4) | cp-sat | speed-up |\n"
        "|---|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n\n" + gen_line + "\n\n"
        + "Generating the benchmark sets (one run each, before their solves are timed): "
        + "; ".join(gen_notes) + ".\n"
    )
    if notes:
        body += "\nNotes:\n" + "\n".join(f"- {note}" for note in notes) + "\n"
    if not quick:
        path = write_results("stars", "Star Battle: solve + uniqueness vs CP-SAT", body)
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
