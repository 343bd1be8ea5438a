"""Atlas throughput: the roll space, rolls solved per second per core, and the full-atlas ETA.

Three measurements on the same weighted sample (the rolls a player meets):
- the solver alone, in this process: wall time and CPU time per roll (CPU time is what a core
  delivers when it is not shared; this machine's 2 cores are shared with other work);
- a real build (`runner.run` on a Dask LocalCluster, storing into SQLite) on 1 worker, so the
  scheduling and database overhead is included;
- the roll-space enumeration itself.
Run: python -m benchmarks.atlas_throughput [ROLLS]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import timed, write_results
from puzzlesmith.lexicon import select
from puzzlesmith.limits import Deadline
from puzzlesmith.qless.atlas import cluster, runner, store
from puzzlesmith.qless.atlas.rolls import count_rolls, iter_roll_chunks, outcomes, sample_rolls
from puzzlesmith.qless.atlas.work import Job
from puzzlesmith.qless.solve import solve

TOTAL = 15_800_439
TIME_LIMIT = 5.0


def hours(seconds: float) -> str:
    if seconds < 2 * 3600:
        return f"{seconds / 60:,.0f} min"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:,.1f} h"
    return f"{seconds / 86400:,.1f} days"


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    n = int(args[0]) if args and args[0].isdigit() else 500
    lexicon, index = select(None)

    count_s, count = timed(count_rolls)
    enum_s, total = timed(lambda: sum(len(c.letters) for c in iter_roll_chunks()))
    assert count == total == TOTAL

    rolls = list(dict.fromkeys(sample_rolls(n, seed=99)))
    statuses: dict[str, int] = {}
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for key in rolls:
        r = solve(key, index, deadline=Deadline(TIME_LIMIT))
        statuses[r.status] = statuses.get(r.status, 0) + 1
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0

    build_rolls = list(dict.fromkeys(sample_rolls(2 * n, seed=98)))
    with tempfile.TemporaryDirectory() as tmp:
        con = store.connect(Path(tmp) / "bench.sqlite")
        job = Job(lexicon, TIME_LIMIT)
        with cluster.open_client(None, 1) as client:
            report = runner.run(
                client, con, job, iter([(k, outcomes(k)) for k in build_rolls]),
                total=len(build_rolls),
            )
    per_core_cpu = len(rolls) / cpu
    per_core_wall = len(rolls) / wall
    per_core_build = report.rolls_per_second_per_worker
    st = ", ".join(f"{v} {k}" for k, v in sorted(statuses.items()))
    body = f"""
Bundled word list ({lexicon.name}), time limit {TIME_LIMIT:g} s per roll, weighted samples
(seed 99: {len(rolls)} distinct rolls for the solver alone — {st}; seed 98: {len(build_rolls)}
rolls for the build). Target: at least 50 rolls/s per core.

| measurement | rolls | seconds | rolls/s/core |
|---|---|---|---|
| solver alone, CPU time | {len(rolls)} | {cpu:.1f} | **{per_core_cpu:.2f}** |
| solver alone, wall clock (shared machine) | {len(rolls)} | {wall:.1f} | {per_core_wall:.2f} |
| build: Dask LocalCluster, 1 worker, SQLite | {report.solved} | {report.seconds:.1f} | {per_core_build:.2f} |

In the build, the solver's own (wall) time was {report.solve_seconds:.1f} s of the
{report.seconds:.1f} s: the rest is scheduling, moving results and SQLite commits.

Projected time for all {TOTAL:,} rolls at the CPU-time rate ({per_core_cpu:.2f} rolls/s/core):

| where | cores | time |
|---|---|---|
| this machine | 2 | {hours(TOTAL / (per_core_cpu * 2))} |
| a 64-core Dask cluster | 64 | {hours(TOTAL / (per_core_cpu * 64))} |
| at the 50 rolls/s/core target, 64 cores | 64 | {hours(TOTAL / (50 * 64))} |

Roll space: counting all {TOTAL:,} distinct rolls takes {count_s:.2f} s; streaming every roll
with its letters and outcome count takes {enum_s:.1f} s (numpy mixed-radix convolution,
about 200 MB peak).
"""
    print(f"wrote {write_results('atlas_throughput', 'Q-Less atlas: throughput (issue 7)', body)}")


if __name__ == "__main__":
    main()
