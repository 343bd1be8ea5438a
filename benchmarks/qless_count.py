"""Q-Less exact solution counts (issue 3): how long, and how many, over 200 real rolls.

200 seeded random rolls of the real dice (`roll(0)` .. `roll(199)`), bundled word list. Each
roll's distinct solutions (up to translation and transposition) are counted exactly with
`search_roll(..., count=True)`, with a per-roll limit (`--cap`, default 40 s) so the run finishes;
rolls that hit it are reported as such. (The seed-style search is compared on rolls small
enough for it in `qless_count_baseline`.)
Run: python -m benchmarks.qless_count [--rolls 200] [--cap 40]
"""

from __future__ import annotations

import argparse
import math
import os
import time

from benchmarks.common import median, percentile, timed, write_results
from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.limits import Deadline
from puzzlesmith.qless.dice import roll
from puzzlesmith.qless.shapes.skeletons import trie
from puzzlesmith.qless.solve import search_roll


def bucket(n: int) -> str:
    if n == 0:
        return "0"
    top = 10 ** math.ceil(math.log10(n + 1))
    return f"{top // 10:,}-{top - 1:,}"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--rolls", type=int, default=200)
    p.add_argument("--cap", type=float, default=40.0)
    a = p.parse_args(argv)
    _, index = narrowed(LexiconSpec())
    trie(12)
    rows = []
    cpu: list[float] = []
    t0 = time.perf_counter()
    for seed in range(a.rolls):
        letters = roll(seed)
        c0 = time.process_time()
        seconds, result = timed(lambda letters: search_roll(
            letters, index, deadline=Deadline(a.cap), count=True), letters)
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
- Wall time of the whole run: {total / 60:.1f} min; load average at the end
  {os.getloadavg()[0]:.1f} on 2 cores (other jobs slow this one's CPU time too).

| solutions | rolls |
|---|---|
""" + "\n".join(f"| {k} | {dist[k]} |" for k in order) + """

The seed-style search lists solutions hundreds of times slower; it is compared side by side
on rolls it can finish in `qless_count_baseline`.
"""
    path = write_results("qless_count", "Q-Less: exact solution counts (issue 3)", body)
    print(path.read_text())


if __name__ == "__main__":
    main()
