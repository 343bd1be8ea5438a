"""Fill, Q-Less and pattern work timed in two checkouts, for a change meant to leave speed alone.

Each round runs every workload once in a fresh process on this checkout's `src` and once on
another's (`--old DIR`, a worktree of the commit to compare with), alternating which goes
first, so both see the same load on a shared machine. A child loads its word lists and warms
its tables untimed, then reports the CPU time (process time, steadier than wall time here) of
each item. Items are made here, from seeds, so both sides get the same ones:
- fill: the grids of `benchmarks.fill` (four small, eight 15x15) with the bundled list's common
  words, 10 s each;
- qless: `roll(seed)` for the first `--rolls` seeds, `qless.solve.search_roll` with a 5 s limit;
- pattern: `--patterns` seeded patterns (`benchmarks.pattern.fixed_patterns`), `match`
  twenty times each.
Printed: per workload the median over rounds of the total CPU, the ratio new/old of those
medians, and the median over items of each item's ratio of medians; and whether both sides
gave the same answers (a fill's status and words, a roll's status, a pattern's word count).
Run: nice python -m benchmarks.versus --old /tmp/old672 [--rounds 5] [--only fill,qless]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.common import median

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("fill", "qless", "pattern")


def child(workload: str, items: list[Any]) -> list[tuple[float, Any]]:
    """Runs in the checkout under test: only names both old and new commits have."""
    from puzzlesmith import lexicon as lx
    from puzzlesmith.limits import Deadline

    def pick(source: str | None, top: int | None = None) -> Any:
        if hasattr(lx, "narrowed"):
            return lx.narrowed(lx.LexiconSpec(source, top))
        # The names of older commits: lexicon_and_index, and select before that.
        return (getattr(lx, "lexicon_and_index", None) or lx.select)(source, top)

    out: list[tuple[float, Any]] = []
    if workload == "fill":
        from puzzlesmith.fill.engine import fill
        from puzzlesmith.fill.model import parse_grid

        lex, index = pick(None, lx.DEFAULT_COMMON_TOP)
        fill(parse_grid(items[0].split()), lex, index, deadline=Deadline(10.0))  # warm tables
        for text in items:
            c = time.process_time()
            r = fill(parse_grid(text.split()), lex, index, deadline=Deadline(10.0))
            seconds = time.process_time() - c
            words = None if r.filled is None else list(r.filled.rows)
            out.append((seconds, [r.status, words]))
    elif workload == "qless":
        from puzzlesmith.qless.solve import search_roll

        _, index = pick(None)
        for letters in items:  # warm the skeleton tables and every lazy import
            search_roll(letters, index, deadline=Deadline(30.0))
        for letters in items:
            c = time.process_time()
            solved = search_roll(letters, index, deadline=Deadline(5.0))
            out.append((time.process_time() - c, solved.status))
    else:
        from puzzlesmith.search.pattern import match

        _, index = pick(None)
        for pattern in items:  # warm every lazy import and table
            match(index, pattern)
        for pattern in items:
            c = time.process_time()
            for _ in range(20):  # a match takes well under a millisecond: time twenty
                m = match(index, pattern)
            out.append((time.process_time() - c, len(m.words)))
    return out


def items_for(workload: str, rolls: int, patterns: int) -> list[Any]:
    if workload == "fill":
        from benchmarks.fill import GRIDS, THEMED, THEMELESS

        return [" ".join(text.split()) for text in (*GRIDS.values(), *THEMED.values(),
                                                     *THEMELESS.values())]
    if workload == "qless":
        from puzzlesmith.qless.dice import roll

        return [roll(seed) for seed in range(rolls)]
    from benchmarks.pattern import fixed_patterns
    from puzzlesmith.lexicon import LexiconSpec, narrowed

    return fixed_patterns(narrowed(LexiconSpec())[1], patterns, random.Random(7))


def run(src: Path, cache: str, workload: str, items: list[Any]) -> list[tuple[float, Any]]:
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{ROOT}", "PUZZLESMITH_CACHE_DIR": cache}
    code = ("import json, sys; from benchmarks.versus import child; "
            "w, items = json.load(sys.stdin); print(json.dumps(child(w, items)))")
    done = subprocess.run([sys.executable, "-c", code], input=json.dumps([workload, items]),
                          env=env, capture_output=True, text=True, check=True)
    return [tuple(x) for x in json.loads(done.stdout.splitlines()[-1])]


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--old", type=Path, required=True, help="a checkout of the commit to compare with")
    p.add_argument("--new", type=Path, default=ROOT, help="the checkout under test (this one)")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--rolls", type=int, default=200)
    p.add_argument("--patterns", type=int, default=300)
    p.add_argument("--only", default=",".join(WORKLOADS))
    p.add_argument("--cache", default=os.environ.get("PUZZLESMITH_CACHE_DIR", "/tmp/cache-versus"))
    a = p.parse_args(argv)
    sides = {"new": (a.new.resolve() / "src", a.cache), "old": (a.old.resolve() / "src", a.cache + "-old")}
    for workload in a.only.split(","):
        items = items_for(workload, a.rolls, a.patterns)
        times: dict[str, list[list[float]]] = {"new": [], "old": []}
        answers: dict[str, list[Any]] = {}
        for r in range(a.rounds):
            for side in ("new", "old") if r % 2 == 0 else ("old", "new"):
                got = run(*sides[side], workload, items)
                times[side].append([t for t, _ in got])
                answers[side] = [ans for _, ans in got]
        total = {s: median([sum(ts) for ts in times[s]]) for s in times}
        per_item = [median([ts[i] for ts in times["new"]]) / max(median([ts[i] for ts in times["old"]]), 1e-6)
                    for i in range(len(items))]
        same = sum(x == y for x, y in zip(answers["new"], answers["old"], strict=True))
        print(f"{workload}: {len(items)} items, {a.rounds} rounds; CPU total median new "
              f"{total['new']:.2f} s, old {total['old']:.2f} s, ratio new/old "
              f"{total['new'] / total['old']:.3f}; median item ratio {median(per_item):.3f}; "
              f"same answers {same}/{len(items)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
