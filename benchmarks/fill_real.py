"""Crossword fill on real published grids: the word lists against what setters used, and fills
of the grids' block patterns with the bundled list (the fill's default before issue 33) and
the crossword list (its default now), side by side in one process.

Reads the shared data's crosswords/real_grids.jsonl (published crosswords; see its README;
found by `benchmarks.common.shared_data`); skips, saying why, when it is absent. Measures
(issue 33's targets):
- coverage: the share of the published entries of the unlocked grids that each list holds
  (rebus cells read as their letters), target at least 90% for the crossword list;
- ranking: where the published entries stand in the crossword list's order (how many are
  among its 50,000 best-scored entries), and which published entries it scores lowest;
- fills of the real 15x15 block patterns (every real 15x15, locked ones too: their blocks are
  real) with each list, default settings, seed 0: weakest and mean score, both on the
  crossword list's scale (the one yardstick for both fills; a bundled-list word scores about
  the same on both, since both come from wordfreq's ranking), and the entries outside the
  crossword list's 50,000 best-scored entries (target at most 5); CPU time to the first fill
  (target a median of at most 0.3 s);
- whether the 15x15 patterns fill from the crossword list's 50,000 best alone, and how many of
  the published fills' own entries lie outside them;
- the whole `puzzlesmith fill` process on each real 15x15, warm caches (target at most 1 s);
- every real grid (15x15 to 22x22) filled or proved impossible with the crossword list's
  100,000 best-scored entries, CPU time (target: each within 10 s).

CPU time (process time) is the figure: the machine is shared. Each fill has a wall-clock
limit of LIMIT seconds, well above the 10 s target, so a loaded machine does not cut a search
the CPU would finish in time.
Run: nice -n 5 python -m benchmarks.fill_real [--quick]; with --default-limit, only the
default-limit table (issue 40: every real grid as `fill` runs it by default, 10 s, status,
time against the limit, how the improvement ended, questionable entries beside the
published fill's), into results/fill_real_default.md.
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

from benchmarks.common import shared_data, shared_data_missing, write_results
from puzzlesmith.fill.engine import fill
from puzzlesmith.fill.model import Grid, parse_grid
from puzzlesmith.fill.scores import word_scores
from puzzlesmith.lexicon import Lexicon, LexiconIndex, LexiconSpec, narrowed
from puzzlesmith.lexicon.index import get_index
from puzzlesmith.limits import Deadline

DATA = shared_data("crosswords", "real_grids.jsonl")
LIMIT = 60.0
REACH_LIMIT = 300.0  # a first fill from the 50,000 best alone can take the Friday grids long
TOP_GOOD = 50_000
TOP_FILL = 100_000


def published_entries(d: dict[str, Any]) -> list[str]:
    """The answers of a solved grid, across then down, rebus cells read as their letters."""
    rows = d["solution"]
    rebus = {(r, c): text for r, c, text in (d["rebus"] or [])}
    h, w = len(rows), len(rows[0])
    out = []
    for r0, c0, dr, dc in [(r, c, 0, 1) for r in range(h) for c in range(w)] + \
                          [(r, c, 1, 0) for r in range(h) for c in range(w)]:
        if rows[r0][c0] == "#":
            continue
        pr, pc = r0 - dr, c0 - dc
        if pr >= 0 and pc >= 0 and rows[pr][pc] != "#":
            continue  # not the start of a run
        cells = []
        r, c = r0, c0
        while r < h and c < w and rows[r][c] != "#":
            cells.append((r, c))
            r, c = r + dr, c + dc
        if len(cells) >= 2:
            out.append("".join(rebus.get(rc, rows[rc[0]][rc[1]]) for rc in cells).lower())
    return out


@dataclass
class Fill:
    status: str
    cpu: float
    first_cpu: float | None
    weakest: int | None  # on the crossword list's scale
    mean: float | None
    outside: int  # entries outside the crossword list's TOP_GOOD best
    own_weakest: int | None  # on the list's own scale
    note: str = ""


def run_fill(grid: Grid, lex: Lexicon, index: LexiconIndex, scale: dict[str, int],
             good: set[str], improve: int | None = None) -> Fill:
    # The first fill's CPU time from a run that stops there (the first fill does not depend on
    # the improvement budget), then the run itself.
    c = time.process_time()
    r = fill(grid, lex, index, deadline=Deadline(LIMIT), improve=0)
    first = time.process_time() - c if r.filled is not None else None
    if improve != 0:
        c = time.process_time()
        r = fill(grid, lex, index, deadline=Deadline(LIMIT), improve=improve)
    cpu = time.process_time() - c
    if r.filled is None:
        return Fill(r.status, cpu, first, None, None, 0, None, r.note)
    answers = [e.answer for e in r.entries if not e.given]
    scores = [scale.get(a, 0) for a in answers]
    return Fill(r.status, cpu, first, min(scores), round(statistics.mean(scores), 1),
                sum(a not in good for a in answers), r.min_score)


def top(lex: Lexicon, n: int) -> Lexicon:
    """The lexicon's n best-scored entries."""
    scores = lex.scores
    assert scores is not None
    order = sorted(range(len(lex.words)), key=lambda i: -scores[i])[:n]
    return lex.restricted(frozenset(lex.words[i] for i in order), f"+top{n}")


def _inside_pairs(entries: list[str]) -> int:
    """Pairs of entries, the short one (3+ letters) at the start or end of the long one."""
    return sum(1 for a in entries for b in entries
               if 3 <= len(a) < len(b) and (b.startswith(a) or b.endswith(a)))


def default_limit(grids: list[dict[str, Any]]) -> str:
    """Every real grid filled as `puzzlesmith fill` does by default (the crossword list, the
    block list and the iffy tier left out, no entry inside another, the 10 s limit counted
    from the call, so the tables' loading counts): status, seconds against the limit, how the
    improvement ended, weakest and mean, and the questionable entries of the fill beside
    the published fill's (iffy: lexicon.sensitivity; inside: pairs as above; junk: entries
    scoring under 10 on the crossword list's scale, or not in it)."""
    from puzzlesmith.fill.scores import FILL_LEXICON, default_blocked
    from puzzlesmith.lexicon import LexiconSpec, narrowed
    from puzzlesmith.lexicon.sensitivity import iffy_words

    limit = 10.0
    lex, index = narrowed(LexiconSpec(FILL_LEXICON))
    scale = word_scores(lex, index)
    iffy, blocked = iffy_words(), default_blocked()
    lines = ["### Every real grid at the default limit (issue 40)", "",
             f"`fill` with its defaults and a {limit:g} s limit (wall, from the call). "
             "Questionable entries per fill, iffy / inside pairs / junk (under 10 or not in "
             "the list), beside the published fill's.", "",
             "| grid | size | status | s (limit 10) | CPU s | improvement | weakest | mean | "
             "ours iffy/inside/junk | published iffy/inside/junk |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    over = cut = 0
    for d in grids:
        grid = parse_grid(d["blocks"])
        c = time.process_time()
        r = fill(grid, lex, index, deadline=Deadline(limit), blocked=blocked)
        cpu = time.process_time() - c
        over += r.seconds > 1.1 * limit
        cut += r.improvement == "cut"
        ours = [e.answer for e in r.entries] if r.filled else []
        pub = published_entries(d) if d["solution"] else []

        def q(entries: list[str]) -> str:
            if not entries:
                return "-"
            junk = sum(1 for e in entries if scale.get(e, 0) < 10)
            return f"{sum(e in iffy for e in entries)}/{_inside_pairs(entries)}/{junk}"
        lines.append(f"| {d['name']} | {d['width']}x{d['height']} | {r.status} | "
                     f"{r.seconds:.2f} | {cpu:.2f} | {r.improvement or '-'} | {r.min_score} | "
                     f"{r.mean_score} | {q(ours)} | {q(pub)} |")
        print(lines[-1], flush=True)
    lines += ["", f"Over the limit by more than 10%: **{over}**; improvement cut by the limit: "
              f"**{cut}** of {len(grids)}."]
    return "\n".join(lines)


def main() -> None:
    quick = "--quick" in sys.argv
    if not DATA.exists():
        print(f"skipped: no real crosswords: {shared_data_missing(DATA)}")
        return
    grids = [json.loads(line) for line in DATA.read_text("utf-8").splitlines() if line.strip()]
    if "--default-limit" in sys.argv:
        body = default_limit(grids)
        path = write_results("fill_real_default", "Crossword fill on real grids at the default "
                             "limit (issue 40)", body, command="fill_real --default-limit")
        print(f"wrote {path}")
        return
    bundled, bundled_index = narrowed(LexiconSpec("letterpress"))
    cross, cross_index = narrowed(LexiconSpec("crossword"))
    scale = word_scores(cross, cross_index)
    ranked = sorted(scale.values(), reverse=True)
    cut = ranked[TOP_GOOD - 1]
    good = {w for w, s in scale.items() if s >= cut}
    lines: list[str] = []

    # Coverage of the published entries.
    unlocked = [d for d in grids if d["solution"]]
    lines += ["### Coverage of the published entries", "",
              f"{len(unlocked)} unlocked grids (the locked ones' answers are scrambled). The share "
              "of their entries each list holds; target 90% for the crossword list.", "",
              "| grid | entries | bundled list | crossword list | its top 100,000 |", "|---|---|---|---|---|"]
    top_fill = top(cross, TOP_FILL)
    top_set = top_fill.word_set
    totals = [0, 0, 0, 0]
    published: list[str] = []
    for d in unlocked:
        entries = published_entries(d)
        published += entries
        counts = [len(entries), sum(e in bundled.word_set for e in entries),
                  sum(e in cross.word_set for e in entries), sum(e in top_set for e in entries)]
        totals = [a + b for a, b in zip(totals, counts, strict=True)]
        n = counts[0]
        lines.append(f"| {d['name']} | {n} | " + " | ".join(f"{100 * k / n:.0f}%" for k in counts[1:]) + " |")
    n = totals[0]
    lines.append(f"| **all** | {n} | " + " | ".join(f"**{100 * k / n:.1f}%**" for k in totals[1:]) + " |")
    missing = sorted({e for e in published if e not in cross.word_set})
    known = [e for e in published if e in scale]
    lines += ["", f"Not in the crossword list ({len(missing)}; theme entries, names, partials): "
              + ", ".join(missing), "",
              "### Ranking", "",
              f"The crossword list's {TOP_GOOD:,}th best entry scores {cut}; "
              f"{sum(e in good for e in known)} of the {len(known)} published entries it holds "
              f"({100 * sum(e in good for e in known) / max(1, len(known)):.0f}%) are among its "
              f"{TOP_GOOD:,} best (entries scoring {cut} or more). Published entries it scores "
              "lowest (what the ranking gets wrong): "
              + ", ".join(f"{e} {scale[e]}" for e in sorted(set(known), key=lambda e: (scale[e], e))[:30]),
              ""]

    # Fills of the real 15x15 patterns with each list.
    fifteen = [d for d in grids if d["width"] == 15 and d["height"] == 15]
    if quick:
        fifteen = fifteen[:3]
    lines += ["### Fills of the real 15x15 block patterns", "",
              "Default settings, seed 0. Weakest and mean: the fill's entries scored on the crossword "
              f"list's scale; outside: entries not among its {TOP_GOOD:,} best (target at most 5); "
              "own weakest: on the list's own scale. CPU seconds, first fill and whole run.", "",
              "| grid | list | status | weakest | mean | outside top 50k | own weakest | "
              "first fill CPU s | CPU s |",
              "|---|---|---|---|---|---|---|---|---|"]
    # Warm up: each list's word tables loaded and its words' letter codes made by one untimed
    # fill, so the first grid timed does not pay for what every later one finds ready.
    for lex, index in ((bundled, bundled_index), (cross, cross_index)):
        fill(parse_grid(fifteen[0]["blocks"]), lex, index, deadline=Deadline(LIMIT), improve=0)
    firsts: dict[str, list[float]] = {"bundled": [], "crossword": []}
    summary: dict[str, list[Fill]] = {"bundled": [], "crossword": []}
    for d in fifteen:
        grid = parse_grid(d["blocks"])
        for name, lex, index in (("bundled", bundled, bundled_index), ("crossword", cross, cross_index)):
            f = run_fill(grid, lex, index, scale, good)
            summary[name].append(f)
            if f.first_cpu is not None:
                firsts[name].append(f.first_cpu)
            lines.append(f"| {d['name']} | {name} | {f.status} | {f.weakest} | {f.mean} | {f.outside} | "
                         f"{f.own_weakest} | {'' if f.first_cpu is None else f'{f.first_cpu:.2f}'} | "
                         f"{f.cpu:.2f} |")
    lines += ["", "| list | filled | mean weakest | mean of means | median outside top 50k | "
              "median first fill CPU s |", "|---|---|---|---|---|---|"]
    for name, fills in summary.items():
        done = [f for f in fills if f.weakest is not None]
        lines.append(
            f"| {name} | {len(done)} / {len(fills)} | "
            f"{statistics.mean(f.weakest for f in done if f.weakest is not None):.1f} | "
            f"{statistics.mean(f.mean for f in done if f.mean is not None):.1f} | "
            f"{statistics.median(f.outside for f in done)} | "
            f"{statistics.median(firsts[name]):.2f} |" if done else f"| {name} | 0 | | | | |")

    # Is "at most 5 entries outside the 50,000 best" within reach? The published fills' own count
    # (the same yardstick), and a first fill from those entries alone (--min-score at the cut).
    lines += ["", f"### The 15x15 patterns within the {TOP_GOOD:,} best entries", "",
              f"published: the setters' own entries outside the crossword list's {TOP_GOOD:,} best "
              "(unlocked grids; the same yardstick as the fills'); a first fill with "
              f"`--min-score {cut}` (those entries alone, `--improve 0`), {REACH_LIMIT:g} s "
              "of wall time each.", "",
              "| grid | published: outside / entries | first fill at the cut | nodes | CPU s |",
              "|---|---|---|---|---|"]
    for d in fifteen:
        pub = published_entries(d) if d["solution"] else []
        own = f"{sum(e not in good for e in pub)} / {len(pub)}" if pub else "locked"
        c = time.process_time()
        r = fill(parse_grid(d["blocks"]), cross, cross_index, min_score=cut,
                 deadline=Deadline(REACH_LIMIT), improve=0)
        lines.append(f"| {d['name']} | {own} | {r.status} | {r.nodes:,} | "
                     f"{time.process_time() - c:.2f} |")

    # Whole-process `puzzlesmith fill` of each real 15x15, warm caches (one untimed run first).
    lines += ["", "### Whole-process `puzzlesmith fill` of the real 15x15 grids", "",
              "The command a setter runs (`python -m puzzlesmith fill ROWS --json`, the crossword "
              "list, default settings), start-up and list loading included, caches warm; CPU "
              "seconds of the child process (user + system). Target: at most 1 s.", "",
              "| grid | CPU s |", "|---|---|"]
    process_cpu = []
    for i, d in enumerate(fifteen):
        rows = "/".join(d["blocks"])
        if i == 0:
            subprocess.run([sys.executable, "-m", "puzzlesmith", "fill", rows, "--json"],
                           capture_output=True, check=False)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "puzzlesmith", "fill", rows, "--json"],
                       capture_output=True, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        process_cpu.append(cpu)
        lines.append(f"| {d['name']} | {cpu:.2f} |")
    lines += ["", f"Median **{statistics.median(process_cpu):.2f} s**, most {max(process_cpu):.2f} s."]

    # Every real grid with the top 100,000 entries.
    top_index = get_index(top_fill)
    chosen = grids[:3] if quick else grids
    lines += ["", f"### Every real grid with the crossword list's {TOP_FILL:,} best entries", "",
              "Target: each filled or proved impossible within 10 s (CPU). First fill only "
              "(`--improve 0`).", "",
              "| grid | size | status | first fill CPU s |", "|---|---|---|---|"]
    settled = 0
    for d in chosen:
        grid = parse_grid(d["blocks"])
        f = run_fill(grid, top_fill, top_index, scale, good, improve=0)
        ok = f.status in ("filled", "impossible") and f.cpu <= 10
        settled += ok
        lines.append(f"| {d['name']} | {d['width']}x{d['height']} | {f.status} | {f.cpu:.2f} |")
    lines += ["", f"**{settled} of {len(chosen)}** settled within 10 CPU s."]
    body = "\n".join(lines)
    path = write_results("fill_real", "Crossword fill on real grids (issue 33)", body)
    print(body)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
