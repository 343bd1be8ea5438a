"""The Q-Less roll of the day: how long `qless daily` takes, and how often its counts are exact.

- Whole processes beside `python -c pass`, rounds interleaved, medians of wall and CPU time:
  `qless daily` on a date the days-ahead file covers, and on one it does not (counted for
  the fixed work budget instead). Target (issue 42): within 2 s on this machine.
- Over 30 days from 2026-12-01: how many of the common-word and all-words counts are exact,
  with the days-ahead file and without it (the work budget alone, as before the file).

Run: python -m benchmarks.qless_daily [--rounds N]
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import time

from benchmarks.common import median, write_results

ROUNDS = 3
DAYS = 30
FIRST = dt.date(2026, 12, 1)


def run_times(rounds: int) -> list[tuple[str, float, float]]:
    cmds = [("`python -c pass`", [sys.executable, "-c", "pass"]),
            ("`qless daily --date 2026-12-07` (in the file)",
             [sys.executable, "-m", "puzzlesmith", "qless", "daily", "--date", "2026-12-07"]),
            ("`qless daily --date 2028-06-01` (past the file)",
             [sys.executable, "-m", "puzzlesmith", "qless", "daily", "--date", "2028-06-01"])]
    for _, argv in cmds:  # warm-up: caches built, as after a user's first command
        subprocess.run(argv, capture_output=True, check=True)
    walls: dict[str, list[float]] = {label: [] for label, _ in cmds}
    cpus: dict[str, list[float]] = {label: [] for label, _ in cmds}
    for _ in range(rounds):
        for label, argv in cmds:
            before = os.times()
            t = time.perf_counter()
            subprocess.run(argv, capture_output=True, check=True)
            walls[label].append(time.perf_counter() - t)
            after = os.times()
            cpus[label].append(after.children_user - before.children_user
                               + after.children_system - before.children_system)
    return [(label, median(walls[label]), median(cpus[label])) for label, _ in cmds]


def exact_shares() -> tuple[list[int], list[int], int]:
    """(common exact, all exact) with the file and without, and the days the file covers."""
    from puzzlesmith.lexicon import DEFAULT_COMMON_TOP, LexiconSpec, load_lexicon, narrowed
    from puzzlesmith.limits import Deadline
    from puzzlesmith.qless import ahead
    from puzzlesmith.qless.play import daily

    full, common = load_lexicon(None), narrowed(LexiconSpec(common_top=DEFAULT_COMMON_TOP))[1]
    with_file = [0, 0]
    without = [0, 0]
    covered = 0
    real = ahead.available
    for i in range(DAYS):
        date = FIRST + dt.timedelta(days=i)
        ahead.available = real
        g = daily(date, full, common, deadline=Deadline(10)).grade
        assert g is not None
        covered += g.ahead
        with_file[0] += g.common_exact
        with_file[1] += g.solutions_exact
        ahead.available = lambda: None
        g = daily(date, full, common, deadline=Deadline(10)).grade
        assert g is not None
        without[0] += g.common_exact
        without[1] += g.solutions_exact
    ahead.available = real
    return with_file, without, covered


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else ROUNDS
    load = os.getloadavg()[0]
    times = run_times(rounds)
    floor = times[0][1]
    rows = [f"| {label} | {wall:.2f} s | {wall / floor:.0f}x | {cpu:.2f} s | "
            f"{'met' if i and wall <= 2 else ('' if not i else 'missed')} |"
            for i, (label, wall, cpu) in enumerate(times)]
    with_file, without, covered = exact_shares()
    body = f"""Whole processes, {rounds} rounds interleaved, medians (load average {load:.1f} on 2 cores
at the start); caches warm. Target (issue 42): `qless daily` within 2 s of wall time.

| command | wall, median | / floor | CPU, median | 2 s |
|---|---|---|---|---|
{chr(10).join(rows)}

Exact counts over the {DAYS} days from {FIRST} (the file covers {covered} of them):

| | common-word count exact | all-words count exact |
|---|---|---|
| with the days-ahead file | {with_file[0]} of {DAYS} | {with_file[1]} of {DAYS} |
| work budget alone (as before the file) | {without[0]} of {DAYS} | {without[1]} of {DAYS} |
"""
    print(body)
    write_results("qless_daily", "Q-Less roll of the day (issue 42)", body)


if __name__ == "__main__":
    main()
