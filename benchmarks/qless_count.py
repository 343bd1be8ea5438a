"""Q-Less exact solution counts (issue 3): the skeleton engine, and the seed-style search.

200 seeded random rolls of the real dice (`roll(0)` .. `roll(199)`), bundled word list. Each
roll's distinct solutions (up to translation and transposition) are counted exactly with
`solve(..., count=True)`, with a per-roll limit (`--cap`, default 60 s) so the run finishes;
rolls that hit it are reported as such. The seed-style search (attach words through shared
letters, undo, memoize board states; it lists every solution to count them) runs on the
first `--baseline-rolls` rolls with its own limit, side by side in this process.
Run: python -m benchmarks.qless_count [--rolls 200] [--cap 60] [--baseline-rolls 5]
"""

from __future__ import annotations

import argparse
import math
import time

from benchmarks.common import median, percentile, timed, write_results
from puzzlesmith.lexicon import select
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.qless.attach import attach_solutions
from puzzlesmith.qless.dice import roll
from puzzlesmith.qless.skeletons import trie
from puzzlesmith.qless.solve import anagrams_of, solve

BUCKETS = [0, 1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]


def bucket(n: int) -> str:
    if n == 0:
        return "0"
    top = 10 ** math.ceil(math.log10(n + 1))
    return f"{top // 10:,}-{top - 1:,}"


def seed_style_count(letters: str, index: object, cap: float) -> tuple[int, bool]:
    """Distinct solutions the seed-style search lists within `cap` seconds (and if it ended)."""
    words = anagrams_of(letters, index)  # type: ignore[arg-type]
    found = 0
    try:
        for _ in attach_solutions(letters, words, deadline=Deadline(cap)):
            found += 1
    except SearchTimeout:
        return found, False
    return found, True


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--rolls", type=int, default=200)
    p.add_argument("--cap", type=float, default=60.0)
    p.add_argument("--baseline-rolls", type=int, default=5)
    p.add_argument("--baseline-cap", type=float, default=60.0)
    a = p.parse_args(argv)
    _, index = select(None)
    trie(12)
    rows = []
    cpu: list[float] = []
    t0 = time.perf_counter()
    for seed in range(a.rolls):
        letters = roll(seed)
        c0 = time.process_time()
        seconds, result = timed(lambda letters=letters: solve(
            letters, index, deadline=Deadline(a.cap), count=True))
        cpu.append(time.process_time() - c0)
        rows.append((letters, seconds, result.solutions or 0, result.count_complete,
                     result.status))
        print(f"{seed:3d} {letters} {result.status:10s} {result.solutions:>10,} "
              f"{'exact' if result.count_complete else 'CUT':5s} {seconds:7.2f} s "
              f"(cpu {cpu[-1]:.2f} s)", flush=True)
    total = time.perf_counter() - t0
    times = [r[1] for r in rows]
    cut = [r for r in rows if not r[3]]
    unsolvable = sum(1 for r in rows if r[4] == "unsolvable")
    dist: dict[str, int] = {}
    for r in rows:
        if r[3]:
            dist[bucket(r[2])] = dist.get(bucket(r[2]), 0) + 1
    order = sorted(dist, key=lambda k: int(k.split("-")[0].replace(",", "")))
    counts = sorted(r[2] for r in rows if r[3])

    base_lines = []
    for letters, seconds, solutions, _complete, _ in rows[: a.baseline_rolls]:
        b_seconds, (b_found, b_done) = timed(
            lambda letters=letters: seed_style_count(letters, index, a.baseline_cap))
        if b_done:
            assert b_found == solutions, (letters, b_found, solutions)
            verdict = f"finished: {b_found:,} solutions in {b_seconds:.1f} s"
            ratio = f"{b_seconds / seconds:.0f}x"
        else:
            verdict = f"not finished after {a.baseline_cap:g} s ({b_found:,} solutions so far)"
            ratio = f"> {a.baseline_cap / seconds:.0f}x"
        base_lines.append(f"| `{letters}` | {solutions:,} | {seconds:.2f} s | {verdict} | "
                          f"{ratio} |")

    body = f"""
{a.rolls} seeded random rolls of the real dice (`roll(0)` .. `roll({a.rolls - 1})`), bundled
word list ({index.name}). Exact count of distinct solutions (translation and transposition
equivalent layouts counted once) with `qless solve --count`; per-roll limit {a.cap:g} s.

- Count time (wall clock): median **{median(times):.2f} s**, p90
  {percentile(times, 90):.2f} s, p99 {percentile(times, 99):.2f} s, max {max(times):.2f} s
  (target: median <= 5 s: **{"met" if median(times) <= 5 else "NOT met"}**).
- The same in CPU time of this process (the 2-core machine is shared with other jobs, so
  wall time includes waiting for a core): median {median(cpu):.2f} s, p90
  {percentile(cpu, 90):.2f} s, max {max(cpu):.2f} s.
- Rolls whose count hit the {a.cap:g} s limit: {len(cut)}
  {("(" + ", ".join(f"`{r[0]}` >= {r[2]:,}" for r in cut) + ")") if cut else ""}.
- Unsolvable rolls: **{unsolvable}** of {a.rolls}.
- Solutions per roll (exact counts): median {median([float(c) for c in counts]):,.0f},
  min {counts[0] if counts else 0:,}, max {counts[-1] if counts else 0:,}.
- Wall time of the whole run: {total / 60:.1f} min.

| solutions | rolls |
|---|---|
""" + "\n".join(f"| {k} | {dist[k]} |" for k in order) + f"""

Side by side with the seed-style search on the first {a.baseline_rolls} rolls (it must list
every solution to count them; limit {a.baseline_cap:g} s each):

| roll | solutions | engine | seed-style search | speed-up |
|---|---|---|---|---|
""" + "\n".join(base_lines) + "\n"
    path = write_results("qless_count", "Q-Less: exact solution counts (issue 3)", body)
    print(path.read_text())


if __name__ == "__main__":
    main()
