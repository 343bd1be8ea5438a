"""Long Q-Less rolls (13 to 16 letters): the engine against the seed's attach search.

Inputs: a roll of the 12 real dice plus 1 to 4 letters drawn from random dice faces, seeded
(input k comes from random.Random(k)), as in issue 13. Each is solved with the bundled word
list and a 5 s limit; the engine's answer is "solved" (a validated board), "unsolvable"
(exhaustive) or "timeout". The baseline (the seed's attach-and-undo search alone, as the
engine ran before) runs on the first BASELINE inputs only: its timeouts make it slow.
Run: python -m benchmarks.qless_long [N] [BASELINE]
"""

from __future__ import annotations

import random
import sys
import time

from benchmarks.common import median, ms, percentile, write_results
from puzzlesmith.lexicon import load_lexicon
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.qless.attach import attach_solutions
from puzzlesmith.qless.dice import DICE
from puzzlesmith.qless.engine import ordered_anagrams
from puzzlesmith.qless.solve import anagrams_of, solve

LIMIT = 5.0


def long_input(seed: int) -> str:
    rng = random.Random(seed)
    letters = [rng.choice(d) for d in DICE]
    for _ in range(rng.randint(1, 4)):
        letters.append(rng.choice(rng.choice(DICE)))
    return "".join(letters)


def baseline(letters: str, words: list[str]) -> tuple[str, float]:
    t = time.perf_counter()
    deadline = Deadline(LIMIT)
    try:
        found = next(attach_solutions(letters, ordered_anagrams(words, 0), deadline=deadline),
                     None)
        status = "solved" if found is not None else "unsolvable"
    except SearchTimeout:
        status = "timeout"
    return status, time.perf_counter() - t


def summary(label: str, runs: list[tuple[str, float]]) -> str:
    times = [t for _, t in runs]
    by: dict[str, int] = {}
    for s, _ in runs:
        by[s] = by.get(s, 0) + 1
    return (f"| {label} | {len(runs)} | {by.get('solved', 0)} | {by.get('unsolvable', 0)} | "
            f"{by.get('timeout', 0)} | {ms(median(times))} | {ms(percentile(times, 90))} | "
            f"{ms(percentile(times, 99))} | {ms(max(times))} |")


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv else 200
    n_base = int(argv[1]) if len(argv) > 1 else 30
    lex = load_lexicon(None)
    solve("abc", lex, deadline=Deadline(LIMIT))  # load the tables before timing
    engine: list[tuple[str, float]] = []
    base: list[tuple[str, float]] = []
    slow: list[str] = []
    for k in range(n):
        letters = long_input(k)
        t = time.perf_counter()
        result = solve(letters, lex, deadline=Deadline(LIMIT))
        engine.append((result.status, time.perf_counter() - t))
        if result.status == "timeout" or engine[-1][1] > 1.0:
            slow.append(f"`{letters}` ({len(letters)}): {result.status}, {engine[-1][1]:.2f} s")
        if k < n_base:
            base.append(baseline(letters, anagrams_of(letters, lex)))
        print(k, letters, *engine[-1], *(base[-1] if k < n_base else ()), flush=True)
    body = (
        f"{n} seeded inputs of 13-16 letters (12 dice plus 1-4 letters of random faces), "
        f"bundled word list, {LIMIT:g} s limit per input, one process on this shared 2-core "
        "machine (wall times).\n\n"
        "| search | inputs | solved | unsolvable | timeout | median | p90 | p99 | max |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        + summary("engine (leaf words, then attach search)", engine) + "\n"
        + summary(f"engine, first {n_base} inputs", engine[:n_base]) + "\n"
        + summary(f"baseline: attach search alone, first {n_base} inputs", base) + "\n\n"
        "Targets (issue 13): no timeouts, median <= 50 ms, p99 <= 1 s.\n\n"
        "Inputs over 1 s or timed out:\n\n" + "\n".join(f"- {s}" for s in slow) + "\n"
    )
    print(write_results("qless_long", "Q-Less: long rolls (13-16 letters)", body))


if __name__ == "__main__":
    main(sys.argv[1:])
