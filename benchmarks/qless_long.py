"""Long Q-Less rolls (13 to 16 letters): the engine against the seed's attach search.

Inputs: a roll of the 12 real dice plus 1 to 4 letters drawn from random dice faces, seeded
(input k comes from random.Random(k)), as in issue 13. Each is solved with the bundled word
list and a 5 s limit; the engine's answer is "solved" (a validated board), "unsolvable"
(exhaustive) or "timeout". The baseline (the seed's attach-and-undo search alone, the
exhaustive search long rolls had before) runs on the first BASELINE inputs only: its
timeouts make it slow. Then exact counts of the first COUNTED 13-letter inputs, the engine
with a 60 s limit, the attach search (which counted them before) on the first 3 with 10 s.
The limits are CPU (process) time, not wall time: on this shared 2-core machine other
jobs can hold the cores, and wall-clock limits would then measure the neighbours. Wall times are shown too.
Run: python -m benchmarks.qless_long [N] [BASELINE] [COUNTED]
"""

from __future__ import annotations

import os
import random
import sys
import time
from dataclasses import dataclass, field

from benchmarks.common import median, ms, percentile, write_results
from puzzlesmith.lexicon import load_lexicon
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.qless.dice import DICE
from puzzlesmith.qless.engines.attach import attach_solutions
from puzzlesmith.qless.engines.dispatch import ordered_anagrams, prepare
from puzzlesmith.qless.solve import anagrams_of, search_roll

LIMIT = 5.0
COUNT_LIMIT = 30.0
BASE_COUNT_LIMIT = 10.0

Run = tuple[str, float, float]  # status, wall seconds, CPU seconds


@dataclass
class CpuDeadline(Deadline):
    """A limit on this process's CPU time (see the module docstring)."""

    start: float = field(default_factory=time.process_time)

    def elapsed(self) -> float:
        return time.process_time() - self.start


def long_input(seed: int) -> str:
    rng = random.Random(seed)
    letters = [rng.choice(d) for d in DICE]
    for _ in range(rng.randint(1, 4)):
        letters.append(rng.choice(rng.choice(DICE)))
    return "".join(letters)


def baseline(letters: str, words: list[str]) -> Run:
    t, c = time.perf_counter(), time.process_time()
    deadline = CpuDeadline(LIMIT)
    try:
        found = next(attach_solutions(letters, ordered_anagrams(words, 0), deadline=deadline),
                     None)
        status = "solved" if found is not None else "unsolvable"
    except SearchTimeout:
        status = "timeout"
    return status, time.perf_counter() - t, time.process_time() - c


def baseline_count(letters: str, words: list[str]) -> Run:
    t, c = time.perf_counter(), time.process_time()
    found = 0
    try:
        for _ in attach_solutions(letters, ordered_anagrams(words, 0),
                                  deadline=CpuDeadline(BASE_COUNT_LIMIT)):
            found += 1
        status = f"{found}"
    except SearchTimeout:
        status = f"timeout ({found}+)"
    return status, time.perf_counter() - t, time.process_time() - c


def summary(label: str, runs: list[Run]) -> str:
    walls = [w for _, w, _ in runs]
    cpus = [c for _, _, c in runs]
    by: dict[str, int] = {}
    for s, _, _ in runs:
        by[s] = by.get(s, 0) + 1
    return (f"| {label} | {len(runs)} | {by.get('solved', 0)} | {by.get('unsolvable', 0)} | "
            f"{by.get('timeout', 0)} | {ms(median(walls))} | {ms(percentile(walls, 90))} | "
            f"{ms(percentile(walls, 99))} | {ms(max(walls))} | {ms(median(cpus))} | "
            f"{ms(percentile(cpus, 99))} |")


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    n = int(argv[0]) if argv else 200
    n_base = int(argv[1]) if len(argv) > 1 else 30
    n_count = int(argv[2]) if len(argv) > 2 else 15
    lex = load_lexicon(None)
    search_roll("abc", lex, deadline=Deadline(LIMIT))  # load the tables before timing
    for size in range(13, 17):
        prepare(size)  # the shape tries (built once into the disk cache, then loaded)
    engine: list[Run] = []
    base: list[Run] = []
    slow: list[str] = []
    unsolvable: list[str] = []
    for k in range(n):
        letters = long_input(k)
        t, c = time.perf_counter(), time.process_time()
        result = search_roll(letters, lex, deadline=CpuDeadline(LIMIT))
        engine.append((result.status, time.perf_counter() - t, time.process_time() - c))
        if result.status == "unsolvable":
            unsolvable.append(f"`{letters}` ({len(letters)}): {engine[-1][2]:.2f} s CPU")
        if result.status == "timeout" or engine[-1][2] > 1.0:
            slow.append(f"`{letters}` ({len(letters)}): {result.status}, {engine[-1][1]:.2f} s "
                        f"wall, {engine[-1][2]:.2f} s CPU")
        if k < n_base:
            base.append(baseline(letters, anagrams_of(letters, lex)))
        print(k, letters, *engine[-1], *(base[-1] if k < n_base else ()), flush=True)
    sizes = {m: [r for k, r in enumerate(engine) if len(long_input(k)) == m]
             for m in range(13, 17)}

    counted: list[tuple[str, str, float, float]] = []
    base_counted: list[tuple[str, Run]] = []
    thirteen = [s for s in (long_input(k) for k in range(max(n, 200))) if len(s) == 13][:n_count]
    for i, letters in enumerate(thirteen):
        t, c = time.perf_counter(), time.process_time()
        result = search_roll(letters, lex, deadline=CpuDeadline(COUNT_LIMIT), count=True)
        answer = (f"{result.solutions}" if result.count_complete
                  else f"timeout ({result.solutions}+)" if result.solutions else result.status)
        counted.append((letters, answer, time.perf_counter() - t, time.process_time() - c))
        if i < 3:
            base_counted.append((letters, baseline_count(letters, anagrams_of(letters, lex))))
        print("count", letters, *counted[-1][1:], flush=True)
    count_walls = [w for _, _, w, _ in counted]
    count_cpus = [c for _, _, _, c in counted]
    exact = sum(1 for _, a, _, _ in counted if not a.startswith("timeout"))

    header = ("| search | inputs | solved | unsolvable | timeout | median | p90 | p99 | max | "
              "median CPU | p99 CPU |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
    body = (
        f"{n} seeded inputs of 13-16 letters (12 dice plus 1-4 letters of random faces), "
        f"bundled word list, {LIMIT:g} s limit of CPU time per input, one process on this "
        f"shared 2-core machine (load average {os.getloadavg()[0]:.1f} at the end; wall "
        "above CPU time means other jobs had the core).\n\n" + header
        + summary("engine (skeletons and cores, hung leaf words)", engine) + "\n"
        + "".join(summary(f"engine, {m} letters", rs) + "\n" for m, rs in sizes.items() if rs)
        + summary(f"engine, first {n_base} inputs", engine[:n_base]) + "\n"
        + summary(f"baseline: attach search alone, first {n_base} inputs", base) + "\n\n"
        "Targets (issue 13): no timeouts, median <= 50 ms, p99 <= 1 s.\n\n"
        "Proved unsolvable (exhaustive):\n\n" + "\n".join(f"- {s}" for s in unsolvable)
        + "\n\nInputs over 1 s of CPU or timed out:\n\n" + "\n".join(f"- {s}" for s in slow) + "\n\n"
        f"### Exact counts of 13-letter inputs\n\nThe first {len(thirteen)} 13-letter inputs "
        f"above, counted with a {COUNT_LIMIT:g} s CPU limit: {exact} exact, median "
        f"{median(count_walls):.2f} s wall ({median(count_cpus):.2f} s CPU), p90 "
        f"{percentile(count_walls, 90):.2f} s, max {max(count_walls):.2f} s. Target: median "
        "<= 10 s.\n\n| roll | solutions | wall | CPU |\n|---|---:|---:|---:|\n"
        + "".join(f"| `{s}` | {a} | {w:.2f} s | {c:.2f} s |\n" for s, a, w, c in counted)
        + f"\nBaseline (the attach search, which counted long rolls before), "
        f"{BASE_COUNT_LIMIT:g} s CPU limit:\n\n| roll | solutions | wall |\n|---|---:|---:|\n"
        + "".join(f"| `{s}` | {r[0]} | {r[1]:.2f} s |\n" for s, r in base_counted)
    )
    print(write_results("qless_long", "Q-Less: long rolls (13-16 letters)", body))


if __name__ == "__main__":
    main(sys.argv[1:])
