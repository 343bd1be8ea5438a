"""Crossword fill: our engine vs blacksquare's `fill()`, same grids, same word list, one run.

Grids (below, made for this benchmark; rotationally symmetric, every entry 3+ letters,
connected): a 5x5 open square, 7x7, 9x9 and 11x11 with blocks, and eight 15x15 American-style
block patterns, four themed (76-78 entries, with open 15-letter rows for theme entries) and
four themeless (72 entries). The block patterns came from a seeded random placer (blocks in
symmetric pairs, no 2x2 of blocks, entries 3 to 15 letters, at most 34-40 blocks); every
grid is listed at the end of the results.

Word lists: the bundled list's common words (`--common`, the issue's target) and the whole
bundled list; then, for the 15x15 grids and our engine only, larger common cuts
(`--common-top 50000` and `100000`: the words among the 50k and 100k most frequent), to show
what a setter gets when the common words cannot fill a grid. Scores are ours
(puzzlesmith.fill.scores: word frequency, 0-100); blacksquare gets the same words with the
same scores (plus one, so none is zero). Each engine gets 10 s a grid. Our time includes the
search for a better fill after the first (the default `--improve`: 300 search nodes and 5 an
entry, or as many as the first fill took if more; a node budget, so our fills do not depend on
the load); the first-fill time is shown too, and "beat at" is when our search
first held a fill whose weakest entry was stronger than blacksquare's. "impossible (core N)"
is a proof by a core of N entries that has no fill on its own (see docs/fill.md). "weakest" and "mean"
are the entry scores of the fill, "repeats" the words used twice. These are engine times,
in one process with the word tables loaded; the whole-process section below times the two
command lines a user would run, start-up and word list loading included. Wall time is on a
shared machine (the load average is printed); CPU time (process time) is the steadier figure.

Targets (issue 14): every grid filled or proved impossible within 10 s with the common words;
15x15 median at most 2 s; faster than blacksquare on every grid it fills, with a stronger
weakest entry.
Run: nice -n 5 python -m benchmarks.fill [--quick]   (needs `pip install blacksquare`)
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.common import write_results
from puzzlesmith.fill.engine import fill, fill_region, word_table
from puzzlesmith.fill.model import Grid, parse_grid, repeated
from puzzlesmith.fill.scores import word_scores
from puzzlesmith.lexicon import Lexicon, LexiconIndex, LexiconSpec, common_cut, narrowed
from puzzlesmith.limits import Deadline

LIMIT = 10.0

GRIDS: dict[str, str] = {
    "5x5 open": """
.....
.....
.....
.....
.....""",
    "7x7": """
...#...
.......
.......
##...##
.......
.......
...#...""",
    "9x9": """
...#.....
...#.....
...#.....
.......##
....#....
##.......
.....#...
.....#...
.....#...""",
    "11x11": """
...#...#...
.......#...
...........
###.....###
......#....
...#...#...
....#......
###.....###
...........
...#.......
...#...#...""",
}

# 15x15: themed patterns keep long open rows for theme entries (rows 4, 8 and 12, or row 8).
THEMED: dict[str, str] = {
    "15x15 themed 1": """
...#...#...#...
...#...#...#...
...........#...
...............
#...#...##.....
...#...##...###
.....#....#...#
...............
#...#....#.....
###...##...#...
.....##...#...#
...............
...#...........
...#...#...#...
...#...#...#...""",
    "15x15 themed 2": """
...#...#...#...
.......#...#...
...............
...............
...####...#...#
...#...#...#...
###.....##.....
...............
.....##.....###
...#...#...#...
#...#...####...
...............
...............
...#...#.......
...#...#...#...""",
    "15x15 themed 3": """
......#...##...
...........#...
...........#...
....##...#...##
...#...#.......
...#......#....
##....#...#....
...............
....#...#....##
....#......#...
.......#...#...
##...#...##....
...#...........
...#...........
...##...#......""",
    "15x15 themed 4": """
...#...#...#...
...............
...............
#...#....##....
###...#....#...
...#...##.....#
.....#.........
...............
.........#.....
#.....##...#...
...#....#...###
....##....#...#
...............
...............
...#...#...#...""",
}
THEMELESS: dict[str, str] = {
    "15x15 themeless 1": """
....#...#......
........#......
........#......
...#......#....
...##......#...
....##.....#...
###.....#......
#......#......#
......#.....###
...#.....##....
...#......##...
....#......#...
......#........
......#........
......#...#....""",
    "15x15 themeless 2": """
......#...#....
..........#....
..........#....
###.....#.....#
....###....#...
......#........
.........#.....
#......#......#
.....#.........
........#......
...#....###....
#.....#.....###
....#..........
....#..........
....#...#......""",
    "15x15 themeless 3": """
.......#......#
.......#.......
.......#.......
#...#......#...
#.......#......
...#....#...###
.....#...#....#
....##...##....
#....#...#.....
###...#....#...
......#.......#
...#......#...#
.......#.......
.......#.......
#......#.......""",
    "15x15 themeless 4": """
.....###......#
.......#.......
.......#.......
....#......#...
.....##....#...
...#....##.....
..........#....
###.........###
....#..........
.....##....#...
...#....##.....
...#......#....
.......#.......
.......#.......
#......###.....""",
}


@dataclass
class Run:
    status: str
    seconds: float
    cpu: float
    first: float | None
    weakest: int | None
    mean: float | None
    repeats: int
    note: str = ""
    progress: tuple[tuple[float, int, float], ...] = ()

    def beat_at(self, weakest: int | None) -> float | None:
        """When our search first held a fill with a weakest entry stronger than `weakest`."""
        if weakest is None:
            return None
        return next((t for t, m, _ in self.progress if m > weakest), None)


def _score_of(answers: list[str], scores: dict[str, int]) -> tuple[int | None, float | None]:
    vals = [scores.get(a, 0) for a in answers]
    return (min(vals), round(statistics.mean(vals), 1)) if vals else (None, None)


def run_ours(grid: Grid, lex: Lexicon, index: LexiconIndex) -> Run:
    t, c = time.perf_counter(), time.process_time()
    result = fill(grid, lex, index, deadline=Deadline(LIMIT))
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    if result.filled is None:
        note = f"core {len(result.core)}" if result.core else ""
        return Run(result.status, wall, cpu, None, None, None, 0, note)
    answers = [result.filled.word(s) for s in result.filled.slots]
    note = "best weakest proved" if result.optimal else ""
    return Run("filled", wall, cpu, result.first_seconds, result.min_score, result.mean_score,
               len(repeated(answers)), note, result.progress)


def blacksquare_word_list(scores: dict[str, int]) -> Any:
    from blacksquare import WordList

    return WordList({w: s + 1 for w, s in scores.items()})


def run_blacksquare(grid: Grid, word_list: Any, scores: dict[str, int]) -> Run:
    from blacksquare import Crossword

    cells = [[("#" if ch == "#" else " " if ch == "." else ch.upper()) for ch in row] for row in grid.rows]
    xw = Crossword(grid=cells, word_list=word_list)
    t, c = time.perf_counter(), time.process_time()
    out = xw.fill(timeout=LIMIT, show_progress=False)
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    if out is None:
        return Run("none" if wall < LIMIT - 0.5 else "timeout", wall, cpu, None, None, None, 0)
    answers = [w.value.lower() for w in out.iterwords()]
    weakest, mean = _score_of(answers, scores)
    return Run("filled", wall, cpu, wall, weakest, mean, len(repeated(answers)))


def _fmt(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def _secs(wall: float, cpu: float) -> str:
    """Wall (CPU) seconds; milliseconds shown below 0.1 s, where the small grids are."""
    digits = 3 if wall < 0.1 else 2
    return f"{wall:.{digits}f} ({cpu:.{digits}f})"


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def _child_env() -> dict[str, str]:
    """The environment a user's shell has: bytecode caching on (PYTHONDONTWRITEBYTECODE would
    make every run compile the package again)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _timed(cmd: list[str]) -> tuple[float, float, subprocess.CompletedProcess[str]]:
    """Wall and CPU seconds (user + system, from the child's rusage) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=False, env=_child_env())
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out


def _cli_fill(grid: Grid) -> tuple[float, float, dict[str, Any]]:
    """`puzzlesmith fill ROWS --common --json` as a user runs it: a fresh process."""
    wall, cpu, out = _timed([sys.executable, "-m", "puzzlesmith", "fill", "/".join(grid.rows),
                             "--common", "--json", "--time-limit", str(LIMIT)])
    return wall, cpu, json.loads(out.stdout)


BS_SCRIPT = """
import sys
from blacksquare import Crossword, WordList
wl = WordList(sys.argv[1])
rows = sys.argv[2].split("/")
cells = [[("#" if ch == "#" else " ") for ch in row] for row in rows]
out = Crossword(grid=cells, word_list=wl).fill(timeout=float(sys.argv[3]), show_progress=False)
print("filled" if out is not None else "none")
"""


def _bs_process(grid: Grid, dict_file: Path) -> tuple[float, float, str]:
    """blacksquare as its user runs it: a fresh process reading the same scored word file."""
    wall, cpu, out = _timed([sys.executable, "-c", BS_SCRIPT, str(dict_file), "/".join(grid.rows),
                             str(LIMIT)])
    return wall, cpu, (out.stdout.strip() or out.stderr.strip()[-80:])


def _row(name: str, ours: Run, bs: Run | None) -> str:
    status = ours.status + (f" ({ours.note})" if ours.note else "")
    first = "-" if ours.first is None else f"{_fmt(ours.first, 3)} ({ours.progress[0][1]})"
    cells = [name, status, _secs(ours.seconds, ours.cpu), first,
             str(ours.weakest if ours.weakest is not None else "-"), _fmt(ours.mean, 1), str(ours.repeats)]
    if bs is not None:
        cells += [_fmt(ours.beat_at(bs.weakest), 3), bs.status, _secs(bs.seconds, bs.cpu),
                  str(bs.weakest if bs.weakest is not None else "-"), _fmt(bs.mean, 1), str(bs.repeats)]
    return "| " + " | ".join(cells) + " |"


OURS_HEAD = "| grid | ours | s (cpu) | first fill s (its weakest) | weakest | mean | repeats |"
BS_HEAD = " beat at s | blacksquare | s (cpu) | weakest | mean | repeats |"


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    quick = "--quick" in argv
    grids: dict[str, Grid] = {name: parse_grid(text.split()) for name, text in GRIDS.items()}
    for name, pattern in {**THEMED, **THEMELESS}.items():
        grids[name] = parse_grid(pattern.split())
    if quick:
        grids = dict(list(grids.items())[:3])
    from importlib.metadata import version

    sections = [f"Started with {_load()}.",
                f"blacksquare {version('blacksquare')}: its `fill()` runs a backtracking solver "
                "compiled from Rust (its package metadata: \"powered by a Rust backend\"); ours "
                "is pure Python (big-int bitsets). Engine times compare the two searches, the "
                "whole-process section the commands as a user runs them."]
    summary = []
    runs: list[tuple[str, bool, int | None]] = [("common words (--common)", True, None),
                                               ("whole bundled list", False, None)]
    if not quick:
        runs += [("common-top 50000", True, 50000), ("common-top 100000", True, 100000)]
    for label, common, top in runs:
        lex, index = narrowed(LexiconSpec(common_top=common_cut(common, top) if top else common_cut(common)))
        side_by_side = top is None
        t = time.perf_counter()
        scores = word_scores(lex, index)
        for n in range(3, 16):
            word_table(lex, index, n)
        ours_prep = time.perf_counter() - t
        wl = None
        bs_prep = 0.0
        if side_by_side:
            t = time.perf_counter()
            wl = blacksquare_word_list(scores)
            bs_prep = time.perf_counter() - t
        lines = [f"### {label}: {lex.name}, {len(lex):,} words", ""]
        if side_by_side:
            lines += [f"Loading, once per list: ours {ours_prep:.2f} s (word tables, from the disk cache "
                      f"after the first run), blacksquare {bs_prep:.2f} s (its WordList).", "",
                      OURS_HEAD + BS_HEAD, "|---" * 13 + "|"]
        else:
            lines += ["Our engine only, the 15x15 grids.", "", OURS_HEAD, "|---" * 7 + "|"]
        ours_15: list[float] = []
        settled = 0
        for name, grid in grids.items():
            if not side_by_side and not name.startswith("15x15"):
                continue
            ours = run_ours(grid, lex, index)
            bs = run_blacksquare(grid, wl, scores) if wl is not None else None
            if name.startswith("15x15"):
                ours_15.append(ours.seconds)
                settled += ours.status != "timeout"
            lines.append(_row(name, ours, bs))
            print(lines[-1], flush=True)
        if ours_15:
            summary.append(f"- {label}: 15x15 median {statistics.median(ours_15):.2f} s over "
                           f"{len(ours_15)} grids (ours, wall, including the improvement search); "
                           f"{settled} of {len(ours_15)} filled or proved impossible.")
        sections.append("\n".join(lines))
    if not quick:
        sections.append(_proofs_and_costs(grids))
        sections.append(_whole_process(grids))
    sections.append(f"Finished with {_load()}.")
    grids_md = "\n\n".join(f"{name}:\n\n```\n" + "\n".join(g.rows) + "\n```" for name, g in grids.items())
    body = "\n\n".join([*sections, "### Summary", "\n".join(summary), "### The grids", grids_md])
    path = write_results("fill", "Crossword fill: puzzlesmith vs blacksquare", __doc__.split("Run:")[0]
                         .split("\n", 1)[1] + "\n" + body)
    print(f"wrote {path}")


# A box of themeless 2 whose entries have no fill on their own with the common words, found
# by searching every square box of 4 to 11 cells with 1 to 15 s each (an experiment, not
# part of this run): rows 3-11, columns 7-15 (0-based top, left, bottom, right).
THEMELESS_2_BOX = (2, 6, 10, 14)


def _runs_by_label(rows: list[str]) -> dict[str, list[tuple[int, int]]]:
    """Every across and down run of 2+ cells, labelled "N across" as a newspaper numbers
    them: written here again, sharing no code with puzzlesmith.fill, for the check below."""
    found: list[tuple[int, int, str, list[tuple[int, int]]]] = []
    h, w = len(rows), len(rows[0])
    for direction, (outer, inner) in (("across", (h, w)), ("down", (w, h))):
        for a in range(outer):
            run: list[tuple[int, int]] = []
            for b in range(inner + 1):
                r, c = (a, b) if direction == "across" else (b, a)
                if b < inner and rows[r][c] != "#":
                    run.append((r, c))
                    continue
                if len(run) >= 2:
                    found.append((*run[0], direction, run))
                run = []
    starts = sorted({(r, c) for r, c, _, _ in found})
    number = {rc: i + 1 for i, rc in enumerate(starts)}
    return {f"{number[(r, c)]} {d}": cells for r, c, d, cells in found}


def independent_has_fill(rows: list[str], labels: list[str], words: list[str]) -> tuple[bool, int]:
    """Whether the entries `labels` of the grid, on their own (their crossings with each other,
    no word twice among them), have a fill: a plain search over Python sets (arc consistency
    on letters, the entry with the fewest words per failure weight first), written apart
    from the engine to check its core proofs. Returns (fill exists, nodes)."""
    runs = _runs_by_label(rows)
    cells = {lab: runs[lab] for lab in labels}
    dom = {lab: {w for w in words if len(w) == len(cs)
                 and all(rows[r][c] in ".?" or rows[r][c] == w[i] for i, (r, c) in enumerate(cs))}
           for lab, cs in cells.items()}
    owners: dict[tuple[int, int], list[tuple[str, int]]] = {}
    for lab, cs in cells.items():
        for i, rc in enumerate(cs):
            owners.setdefault(rc, []).append((lab, i))
    arcs: dict[str, list[tuple[int, str, int]]] = {lab: [] for lab in labels}
    for own in owners.values():
        if len(own) == 2:
            (a, i), (b, j) = own
            arcs[a].append((i, b, j))
            arcs[b].append((j, a, i))
    weight = dict.fromkeys(labels, 1)
    nodes = 0

    def consistent(d: dict[str, set[str]], todo: list[str]) -> bool:
        while todo:
            a = todo.pop()
            for i, b, j in arcs[a]:
                letters = {w[i] for w in d[a]}
                kept = {w for w in d[b] if w[j] in letters}
                if len(kept) < len(d[b]):
                    if not kept:
                        weight[a] += 1
                        weight[b] += 1
                        return False
                    d[b] = kept
                    todo.append(b)
            if len(d[a]) == 1:
                for b in labels:
                    if b != a and d[a] <= d[b]:
                        d[b] = d[b] - d[a]
                        if not d[b]:
                            return False
                        todo.append(b)
        return True

    def search(d: dict[str, set[str]]) -> bool:
        nonlocal nodes
        nodes += 1
        open_ = [lab for lab in labels if len(d[lab]) > 1]
        if not open_:
            chosen = [next(iter(d[lab])) for lab in labels]
            return len(set(chosen)) == len(chosen)
        v = min(open_, key=lambda lab: (len(d[lab]) / (sum(weight[b] for _, b, _ in arcs[lab]) or 1), lab))
        for word in sorted(d[v]):
            d2 = dict(d)
            d2[v] = {word}
            if consistent(d2, [v]) and search(d2):
                return True
        return False

    return (consistent(dom, list(labels)) and search(dom)), nodes


def _proofs_and_costs(grids: dict[str, Grid]) -> str:
    """The relaxation proof for themeless 2, and what beating blacksquare's weakest entry
    on the open 5x5 costs (a fill with every entry at 37 or more)."""
    lex, index = narrowed(LexiconSpec(common_top=common_cut(True)))
    lines = ["### Common words: proofs, and the price of a stronger 5x5", ""]
    grid = grids["15x15 themeless 2"]
    found = fill(grid, lex, index, deadline=Deadline(120))
    if found.core:
        c = time.process_time()
        exists, nodes = independent_has_fill(list(grid.rows), list(found.core), list(lex.words))
        cpu = time.process_time() - c
        lines.append(f"- `puzzlesmith fill` on 15x15 themeless 2 proves it impossible by a core of "
                     f"{len(found.core)} entries ({', '.join(found.core)}). A search written apart "
                     f"from the engine (Python sets, `independent_has_fill` in this script) "
                     f"{'finds a fill of them: the proof is WRONG' if exists else 'agrees: no fill'} "
                     f"({nodes:,} nodes, {cpu:.0f} CPU s).")
    t, c = time.perf_counter(), time.process_time()
    region = fill_region(grid, lex, index, THEMELESS_2_BOX, deadline=Deadline(300))
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    top, left, bottom, right = THEMELESS_2_BOX
    lines.append(f"- `puzzlesmith fill region` on 15x15 themeless 2, rows {top + 1}-{bottom + 1}, "
                 f"columns {left + 1}-{right + 1} ({len(region.entries)} entries): "
                 f"**{region.status}**, {region.nodes:,} nodes, {wall:.2f} s ({cpu:.2f} CPU s). "
                 + ("Every fill of the grid would fill these entries, so themeless 2 has no fill "
                    "with the common words." if region.status == "impossible" else ""))
    grid = grids["5x5 open"]
    for bound in (37, 38):
        t, c = time.perf_counter(), time.process_time()
        got = fill(grid, lex, index, min_score=bound, improve=0, deadline=Deadline(120))
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        lines.append(f"- 5x5 open, `--min-score {bound} --improve 0`: {got.status}, weakest "
                     f"{got.min_score}, {got.nodes:,} nodes, {wall:.2f} s ({cpu:.2f} CPU s).")
    return "\n".join(lines)


WHOLE_RUNS = 3  # each command line is run this many times; the least wall time is shown


def _whole_process(grids: dict[str, Grid]) -> str:
    """The small grids and one 15x15 as a user runs them: the command line, start-up included,
    beside `python -c pass` (the interpreter's own start-up)."""
    lex, index = narrowed(LexiconSpec(common_top=common_cut(True)))
    scores = word_scores(lex, index)
    bare = min(_timed([sys.executable, "-c", "pass"])[:2] for _ in range(WHOLE_RUNS))
    lines = ["### Whole process, common words: the command line as a user runs it", "",
             "`puzzlesmith fill ROWS --common --json` against a `python -c` script that loads the "
             "same scored words from a `word;score` file into blacksquare's WordList and fills; "
             "wall seconds (CPU seconds of the process, user + system), start-up, imports and "
             f"word list loading included, the least wall time of {WHOLE_RUNS} runs, bytecode "
             f"caching on. `python -c pass` takes {bare[0]:.2f} s ({bare[1]:.2f} CPU) here.", "",
             "| grid | ours s (cpu) | ours status | ours weakest | blacksquare s (cpu) | blacksquare |",
             "|---" * 6 + "|"]
    with tempfile.TemporaryDirectory() as tmp:
        dict_file = Path(tmp) / "common.dict"
        dict_file.write_text("".join(f"{w};{s + 1}\n" for w, s in scores.items()))
        for name in ("5x5 open", "7x7", "9x9", "15x15 themed 2"):
            if name not in grids:
                continue
            ours = min((_cli_fill(grids[name]) for _ in range(WHOLE_RUNS)), key=lambda r: r[0])
            bs = min((_bs_process(grids[name], dict_file) for _ in range(WHOLE_RUNS)),
                     key=lambda r: r[0])
            doc = ours[2]
            lines.append(f"| {name} | {ours[0]:.2f} ({ours[1]:.2f}) | {doc['status']} | "
                         f"{doc['min_score']} | {bs[0]:.2f} ({bs[1]:.2f}) | {bs[2]} |")
            print(lines[-1], flush=True)
    return "\n".join(lines)


if __name__ == "__main__":
    main(sys.argv[1:])
