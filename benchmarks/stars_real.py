"""Star Battle on real puzzles (issue 12): explained without search?, trial?, time, grade.

The 2,417 puzzles are other people's work in the shared data's stars/real_puzzles.jsonl (read
from there, never copied into the repository; the benchmark stops with a clear message when
the file is absent). For each puzzle, side by side in this process: `stars.solve` (the
baseline: the solver, with its uniqueness proof) and `stars.explain` (the human rules). Both
must be right: the solver's solution equals the data's (when the data has one) and its
uniqueness verdict matches; every explanation ends in that solution (explain asserts it).
Reported by source and size: explained without a search step, trial used, median and
slowest explain time, grades and scores; and the grade concordance with the sources' labels.

Targets (issue 12): every janko, puzz.link, krazydad, NYT and puzzle-star-battle.com puzzle
explained without search, >= 95% of starbattle-collection per size; trial in <= 10% of
janko; median explain <= 0.1 s (10x10 2-star), 0.3 s (14x14 3-star), 3 s (25x25 6-star).

Run: python -m benchmarks.stars_real               (all, writes benchmarks/results/stars_real.md)
     python -m benchmarks.stars_real --sample 5    (janko, puzz.link, krazydad, NYT, psb in full,
                                                    then 5 of every other source and size; prints only)
     options: --kinds K1,K2  --sizes 17,21  --limit SECONDS  --jsonl PATH (one record per puzzle)
              --write (a subset: to results/stars_real_subset.md)
              --records PATH (the tables again from the records of an earlier --jsonl run)
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
import zlib
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from benchmarks.common import median, shared_data, shared_data_missing, write_results
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.explain import LEVELS, MAX_CASES, explain
from puzzlesmith.stars.model import StarPuzzle
from puzzlesmith.stars.solve import solve

DATA = shared_data("stars", "real_puzzles.jsonl")
ALWAYS_FULL = ("starbattle-janko", "starbattle-puzzlink", "starbattle-krazydad", "starbattle-nyt",
               "starbattle-psb")
LIMIT = 120.0  # wall seconds per solve and explain: generous, as the shared machine may starve us of CPU
# Time targets: (size, stars) -> median seconds.
TIME_TARGETS = {(10, 2): 0.1, (14, 3): 0.3, (25, 6): 3.0}
LABEL_ORDER = {"easy": 0, "medium": 1, "hard": 2}


def load(path: Path = DATA) -> list[dict[str, Any]]:
    if not path.exists():
        raise SystemExit(f"no real puzzles: {shared_data_missing(path)} (other people's puzzles, "
                         "not shipped with puzzlesmith)")
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def select(rows: list[dict[str, Any]], sample: int | None, kinds: set[str] | None,
           seed: int = 12, sizes: set[int] | None = None) -> list[dict[str, Any]]:
    """All rows, or the always-full sources plus `sample` of every other (kind, size, stars)."""
    if kinds:
        rows = [r for r in rows if r["kind"] in kinds]
    if sizes:
        rows = [r for r in rows if r["size"] in sizes]
    if sample is None:
        return rows
    groups: dict[tuple[str, int, int], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[(r["kind"], r["size"], r["stars"])].append(r)
    rng = random.Random(seed)
    out = []
    for key in sorted(groups):
        group = groups[key]
        out += group if key[0] in ALWAYS_FULL else rng.sample(group, min(sample, len(group)))
    return out


def run_one(row: dict[str, Any], limit: float) -> dict[str, Any]:
    """Solve and explain one puzzle; the record the tables are built from."""
    puzzle = StarPuzzle.from_labels(row["regions"], row["stars"])
    t = time.perf_counter()
    solved = solve(puzzle, deadline=Deadline(limit))
    solve_s = time.perf_counter() - t
    problems = []
    if solved.unique is not row["unique"]:
        problems.append(f"uniqueness: solver says {solved.unique}, data says {row['unique']}")
    given = row.get("solution")
    if given is not None and solved.solution != tuple(sorted(tuple(c) for c in given)):
        problems.append("solution differs from the data's")
    rec: dict[str, Any] = {
        "source": row["source"], "kind": row["kind"], "size": row["size"], "stars": row["stars"],
        "label": row.get("difficulty"), "date": row.get("date"), "unique": row["unique"],
        "solve_s": solve_s, "problems": problems,
    }
    if not row["unique"]:
        return rec
    t = time.perf_counter()
    cpu = time.process_time()
    result = explain(puzzle, deadline=Deadline(limit))
    explain_s = time.perf_counter() - t
    explain_cpu = time.process_time() - cpu
    rules = Counter(s.rule for s in result.steps)
    by_level = Counter(f"{s.rule}/{s.level}" for s in result.steps)
    # The last-resort case splits (more ways than a person follows one by one).
    ways = [int(m.group(1)) for s in result.steps if s.rule == "cases"
            for m in [re.search(r"in one of (\d+) ways", s.reason)] if m]
    # explain asserts its final stars are the solver's; check again against the data.
    if result.solution != solved.solution:
        problems.append("explain's solution differs from the solver's")
    rec.update({
        "explain_s": explain_s, "explain_cpu": explain_cpu, "search": result.used_search,
        "trial": rules.get("trial", 0) > 0,
        "wide_cases": any(w > MAX_CASES for w in ways),
        "timeout": result.cut_short,
        "difficulty": result.difficulty, "score": result.score,
        "steps": len(result.steps), "rules": dict(rules), "rule_levels": dict(by_level),
    })
    return rec


def _pct(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "-"


def tables(recs: list[dict[str, Any]]) -> str:
    groups: dict[tuple[str, int, int], list[dict[str, Any]]] = defaultdict(list)
    for r in recs:
        groups[(r["kind"], r["size"], r["stars"])].append(r)
    lines = [
        "| source | size | puzzles | solver right | explained without search | trial used | "
        "median explain (CPU) | slowest (CPU) | median solve | grades (e/m/h/x/s) | median score |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for (kind, size, stars), group in sorted(groups.items()):
        ex = [r for r in group if "explain_s" in r]
        right = sum(not r["problems"] for r in group)
        grades = Counter(r["difficulty"] for r in ex)
        scores = [r["score"] for r in ex if r.get("score") is not None]
        score = f"{median(scores):.1f}" if scores else "-"
        lines.append(
            f"| {kind.removeprefix('starbattle-')} | {size}x{size} {stars}* | {len(group)} "
            f"| {right}/{len(group)} "
            f"| {_pct(sum(not r['search'] for r in ex), len(ex))} "
            f"| {_pct(sum(r['trial'] for r in ex), len(ex))} "
            f"| {median([r['explain_s'] for r in ex]):.3f} s "
            f"({median([r['explain_cpu'] for r in ex]):.3f} s) "
            f"| {max((r['explain_s'] for r in ex), default=float('nan')):.2f} s "
            f"({max((r['explain_cpu'] for r in ex), default=float('nan')):.2f} s) "
            f"| {median([r['solve_s'] for r in group]) * 1000:.1f} ms "
            f"| {'/'.join(str(grades.get(level, 0)) for level in LEVELS)} | {score} |"
        )
    return "\n".join(lines)


def by_kind(recs: list[dict[str, Any]]) -> str:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in recs:
        groups[r["kind"]].append(r)
    lines = ["| source | puzzles | solver right | explained without search | trial used | "
             f"cases over {MAX_CASES} ways | timeouts |",
             "|---|---|---|---|---|---|---|"]
    for kind, group in sorted(groups.items()):
        ex = [r for r in group if "explain_s" in r]
        lines.append(
            f"| {kind} | {len(group)} | {sum(not r['problems'] for r in group)}/{len(group)} "
            f"| {_pct(sum(not r['search'] for r in ex), len(ex))} "
            f"| {_pct(sum(r['trial'] for r in ex), len(ex))} "
            f"| {_pct(sum(r.get('wide_cases', False) for r in ex), len(ex))} "
            f"| {sum(r['timeout'] for r in ex)} |"
        )
    return "\n".join(lines)


def _weekday(date: str) -> int:
    return time.strptime(date.replace("/", "-")[:10], "%Y-%m-%d").tm_wday  # Monday 0


def half(source: str) -> int:
    """Which half (0 or 1) a puzzle falls in when the score weights are fitted on one half
    and checked on the other (scripts/stars_fit_weights.py)."""
    return zlib.crc32(source.encode("utf-8")) & 1


Labelled = tuple[int, float, str, int]  # (label rank, score, grade, half)


def labelled_groups(recs: list[dict[str, Any]]) -> list[tuple[str, str, list[Labelled]]]:
    """The labelled puzzles by size: the collection's easy < medium < hard, and LinkedIn's
    levels by weekday (the week's levels get harder from Monday)."""
    out = []
    labelled: dict[tuple[int, int], list[Labelled]] = defaultdict(list)
    weekly: dict[int, list[Labelled]] = defaultdict(list)
    for r in recs:
        if r.get("score") is None:
            continue
        if r["kind"] == "starbattle-collection" and r["label"]:
            labelled[(r["size"], r["stars"])].append(
                (LABEL_ORDER[r["label"]], r["score"], r["difficulty"], half(r["source"])))
        elif r["kind"] == "queens-linkedin" and r.get("date"):
            weekly[r["size"]].append(
                (_weekday(r["date"]), r["score"], r["difficulty"], half(r["source"])))
    for (size, stars), items in sorted(labelled.items()):
        out.append(("collection easy<medium<hard", f"{size}x{size} {stars}*", items))
    for size, items in sorted(weekly.items()):
        out.append(("LinkedIn by weekday (Mon<...<Sun)", f"{size}x{size}", items))
    return out


def pairs_lower(items: list[Labelled]) -> tuple[int, int, int]:
    """(pairs with different labels, of them with the lower score for the easier, ties)."""
    pairs = lower = ties = 0
    for a, sa, *_ in items:
        for b, sb, *_ in items:
            if a < b:
                pairs += 1
                lower += sa < sb
                ties += sa == sb
    return pairs, lower, ties


def concordance(recs: list[dict[str, Any]]) -> str:
    """Within each size: of the (easier, harder) labelled pairs, how often the score is lower
    (in all, and in each half of the puzzles: the weights were fitted on each half)."""
    lines = ["| labels | size | pairs | score lower for the easier | half A | half B | ties "
             "| grade easy for 'easy' |",
             "|---|---|---|---|---|---|---|---|"]
    for what, size, items in labelled_groups(recs):
        pairs, lower, ties = pairs_lower(items)
        halves = []
        for h in (0, 1):
            hp, hl, _ = pairs_lower([x for x in items if x[3] == h])
            halves.append(f"{100 * hl / hp:.0f}%" if hp else "-")
        easy = [g for lab, _, g, _ in items if lab == 0]
        easy_text = _pct(sum(g == "easy" for g in easy), len(easy)) if "collection" in what else "-"
        lines.append(f"| {what} | {size} | {pairs} | {_pct(lower, pairs)} | {halves[0]} | {halves[1]} "
                     f"| {ties} | {easy_text} |")
    return "\n".join(lines)


def levels_spread(recs: list[dict[str, Any]]) -> str:
    ex = [r for r in recs if r["kind"] == "queens-linkedin" and "difficulty" in r]
    grades = Counter(r["difficulty"] for r in ex)
    return ("LinkedIn Queens grades: " + ", ".join(f"{lv} {grades.get(lv, 0)}" for lv in LEVELS)
            + f" (of {len(ex)}).")


def targets(recs: list[dict[str, Any]], time_limit: float = LIMIT) -> list[str]:
    out = []
    ex = [r for r in recs if "explain_s" in r]

    def no_search(kinds: Iterable[str]) -> tuple[int, int]:
        group = [r for r in ex if r["kind"] in kinds]
        return sum(not r["search"] for r in group), len(group)

    for kind in ALWAYS_FULL:
        got, of = no_search([kind])
        if of:
            out.append(f"{kind}: {got}/{of} explained without search (target: all)")
    sizes = sorted({(r["size"], r["stars"]) for r in ex if r["kind"] == "starbattle-collection"})
    for size, stars in sizes:
        group = [r for r in ex if r["kind"] == "starbattle-collection" and r["size"] == size]
        got = sum(not r["search"] for r in group)
        out.append(f"starbattle-collection {size}x{size} {stars}*: {_pct(got, len(group))} without "
                   "search (target: >= 95%)")
    janko = [r for r in ex if r["kind"] == "starbattle-janko"]
    if janko:
        out.append(f"janko with trial: {_pct(sum(r['trial'] for r in janko), len(janko))} "
                   "(target: <= 10%)")
    for (size, stars), limit in TIME_TARGETS.items():
        group = [r for r in ex if r["size"] == size and r["stars"] == stars]
        if group:
            wall = median([r["explain_s"] for r in group])
            cpu = median([r["explain_cpu"] for r in group])
            out.append(f"median explain {size}x{size} {stars}*: {wall:.3f} s wall, {cpu:.3f} s CPU, "
                       f"over {len(group)} "
                       f"(target: <= {limit:g} s)")
    out.append(f"explains that hit the {time_limit:g} s limit: {sum(r['timeout'] for r in ex)}")
    wrong = [r for r in recs if r["problems"]]
    out.append(f"solves right: {len(recs) - len(wrong)}/{len(recs)}")
    out += [f"WRONG: {r['source']}: {'; '.join(r['problems'])}" for r in wrong]
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m benchmarks.stars_real")
    p.add_argument("--sample", type=int, default=None,
                   help="the always-full sources plus this many of every other source and size")
    p.add_argument("--kinds", default="", help="comma-separated kinds (e.g. starbattle-janko)")
    p.add_argument("--sizes", default="", help="comma-separated grid sizes (e.g. 17,21)")
    p.add_argument("--limit", type=float, default=LIMIT, help="seconds per explain")
    p.add_argument("--jsonl", type=Path, default=None, help="write one record per puzzle here")
    p.add_argument("--write", action="store_true",
                   help="write a subset's results too (to results/stars_real_subset.md)")
    p.add_argument("--records", type=Path, default=None,
                   help="build the tables from the records an earlier --jsonl run wrote (no run)")
    a = p.parse_args(argv if argv is not None else [x for x in sys.argv[1:] if x != "--assemble"])
    sizes = {int(x) for x in a.sizes.split(",") if x.strip()} or None
    rows = select(load(), a.sample, set(filter(None, a.kinds.split(","))) or None, sizes=sizes)
    recs = []
    t0 = time.perf_counter()
    out = a.jsonl.open("w", encoding="utf-8") if a.jsonl else None
    if a.records:
        # (Only the tables are new: the time in all is the records' own, summed.)
        with a.records.open(encoding="utf-8") as f:
            recs = [json.loads(line) for line in f if line.strip()]
        rows = []
        t0 -= sum(r["solve_s"] + r.get("explain_s", 0.0) for r in recs)
    for i, row in enumerate(rows):
        rec = run_one(row, a.limit)
        recs.append(rec)
        if out:
            out.write(json.dumps(rec) + "\n")
            out.flush()
        if (i + 1) % 100 == 0:
            print(f"{i + 1}/{len(rows)} puzzles, {time.perf_counter() - t0:.0f} s", file=sys.stderr,
                  flush=True)
    if out:
        out.close()
    total = time.perf_counter() - t0
    which = ("all puzzles" if a.sample is None and not a.kinds and not sizes else
             f"a subset ({len(recs)} puzzles"
             + (": janko, puzz.link, krazydad, NYT, psb in full" if not a.kinds and not sizes
                else "")
             + (f", {a.sample} of every other source and size" if a.sample is not None else "")
             + (f"; kinds {a.kinds}" if a.kinds else "")
             + (f"; sizes {a.sizes}" if sizes else "") + ")")
    body = (
        f"{len(recs)} real puzzles from the shared data's stars/ ({which}), made or published by "
        f"others. Each is solved (the baseline: solution and uniqueness proof, checked against "
        f"the data) and explained step by step ({a.limit:g} s limit), one after the other in one "
        f"process on a shared 2-core machine; {total:.0f} s in all. Grades: easy / medium / "
        f"hard / expert / search."
        + (" (These tables were built again from that run's records, `--records`.)"
           if a.records else "") + "\n\n"
        "### Targets\n\n" + "\n".join(f"- {t}" for t in targets(recs, a.limit)) + "\n\n"
        "### By source\n\n" + by_kind(recs) + "\n\n"
        "### By source and size\n\n" + tables(recs) + "\n\n"
        "### Grades against the sources' labels\n\n" + concordance(recs) + "\n\n"
        + levels_spread(recs) + "\n"
    )
    print(body)
    if a.sample is None and not a.kinds and not sizes:
        print(f"wrote {write_results('stars_real', 'Star Battle on real puzzles (issue 12)', body)}")
    elif a.write:
        # A subset goes to its own file, so the full run's tables stay whole beside it.
        title = "Star Battle on real puzzles, a subset rerun (issue 12)"
        print(f"wrote {write_results('stars_real_subset', title, body)}")


if __name__ == "__main__":
    main()
