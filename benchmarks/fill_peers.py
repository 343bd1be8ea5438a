"""Crossword fill beside blacksquare (PyPI `blacksquare`, a Rust filler with a Python API) and
Qxw (Debian `qxw`, a C filler) on the real 15x15 block patterns, the same word list for all:
the crossword list's TOP best-scored entries (with their scores for blacksquare; Qxw's
dictionaries hold words only).

Reads the shared data's crosswords/real_grids.jsonl; skips, saying why, when it or blacksquare is
absent (`pip install blacksquare`: not a dependency of puzzlesmith). Each engine gets LIMIT
seconds a grid; CPU time (process time, which counts blacksquare's native threads too) to its
answer; its fill checked here (every entry a word of the list, none twice) and scored on the
crossword list's scale (weakest, mean, entries outside its 50,000 best).
Qxw is driven in its batch mode (`qxw -b -d WORDS DECK`: the deck lists each entry's cells, its
answer comes back one `W<n> WORD` line an entry; it avoids repeats by default, exit 4 when it
finds no fill), a child process stopped at LIMIT CPU seconds; CPU time of the child (user + system),
loading its dictionary included. Left out, saying so, when /usr/games/qxw is absent
(`apt-get install qxw`).
Run: nice -n 5 python -m benchmarks.fill_peers
"""

from __future__ import annotations

import json
import re
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.common import shared_data, shared_data_missing, write_results
from puzzlesmith.fill.engine import fill
from puzzlesmith.fill.model import parse_grid
from puzzlesmith.fill.scores import word_scores
from puzzlesmith.lexicon import Lexicon, LexiconSpec, narrowed
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.limits import Deadline

DATA = shared_data("crosswords", "real_grids.jsonl")
LIMIT = 10.0
TOP = 100_000
TOP_GOOD = 50_000
QXW = Path("/usr/games/qxw")


def runs(rows: list[str]) -> list[str]:
    """The entries of a filled grid (rows of letters and #), across then down."""
    out = []
    for lines in (rows, ["".join(col) for col in zip(*rows, strict=True)]):
        for line in lines:
            out += [run for run in line.split("#") if len(run) >= 2]
    return out


def judge(rows: list[str] | None, words: dict[str, int], good: set[str]) -> dict[str, Any]:
    if rows is None:
        return {"status": "no fill"}
    entries = runs(rows)
    bad = [e for e in entries if e not in words]
    repeats = len(entries) - len(set(entries))
    scores = [words.get(e, 0) for e in entries]
    return {"status": "invalid" if bad or repeats else "filled", "weakest": min(scores),
            "mean": round(statistics.mean(scores), 1),
            "outside": sum(e not in good for e in entries), "repeats": repeats, "bad": bad}


def _cpu_limit() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (int(LIMIT), int(LIMIT) + 1))


def qxw_fill(blocks: list[str], words: Path, folder: Path) -> tuple[list[str] | None, str, float]:
    """Qxw's fill of a block pattern (rows of # and .) in batch mode: the rows, how it ended
    (filled, no fill, timeout, or its exit code) and the child's CPU seconds."""
    h, w = len(blocks), len(blocks[0])
    lights: list[list[tuple[int, int]]] = []
    for across in (True, False):
        for a in range(h if across else w):
            run: list[tuple[int, int]] = []
            for b in range((w if across else h) + 1):
                rc = (a, b) if across else (b, a)
                if b < (w if across else h) and blocks[rc[0]][rc[1]] != "#":
                    run.append(rc)
                    continue
                if len(run) >= 2:
                    lights.append(run)
                run = []
    deck = folder / "grid.qxd"
    deck.write_text("".join(" ".join(f"{r * w + c:03d}" for r, c in light) + "\n" for light in lights))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        # LIMIT seconds of CPU (SIGXCPU ends it), so a loaded machine does not cut it short;
        # a wall-clock limit of six times that in case it sleeps.
        done = subprocess.run([str(QXW), "-b", "-d", str(words), str(deck)], capture_output=True,
                              text=True, timeout=6 * LIMIT, check=False, preexec_fn=_cpu_limit)
    except subprocess.TimeoutExpired:
        done = None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done is None or done.returncode < 0:
        return None, "timeout", cpu
    if done.returncode == 4:
        return None, "no fill", cpu
    answers = dict(re.findall(r"^W(\d+) (\S+)$", done.stdout, re.M))
    if done.returncode != 0 or len(answers) != len(lights):
        return None, f"exit {done.returncode}", cpu
    cells = [list(row) for row in blocks]
    for i, light in enumerate(lights):
        for (r, c), ch in zip(light, answers[str(i)].lower(), strict=True):
            cells[r][c] = ch
    return ["".join(row) for row in cells], "filled", cpu


def main() -> None:
    if not DATA.exists():
        print(f"skipped: no real crosswords: {shared_data_missing(DATA)}")
        return
    try:
        import blacksquare as bs
    except ImportError:
        print("skipped: blacksquare is not installed (pip install blacksquare)")
        return
    cross, cross_index = narrowed(LexiconSpec("crossword"))
    scale = word_scores(cross, cross_index)
    ranked = sorted(scale.items(), key=lambda kv: (-kv[1], kv[0]))
    words = dict(ranked[:TOP])
    good = {w for w, _ in ranked[:TOP_GOOD]}
    lex = Lexicon("crossword-top", "benchmark", cross.license, tuple(sorted(words)),
                  scores=tuple(words[w] for w in sorted(words)))
    index = build_index(lex)
    bs_list = bs.WordList(dict(words))
    grids = [json.loads(line) for line in DATA.read_text("utf-8").splitlines() if line.strip()]
    folder = Path(tempfile.mkdtemp(prefix="fill_peers_"))
    qxw_words = folder / "words.txt"
    qxw_words.write_text("".join(w + "\n" for w, _ in ranked[:TOP]))  # best first, as a setter's
    qxw_load = qxw_fill([".."], qxw_words, folder)[2] if QXW.exists() else 0.0
    engines = "puzzlesmith, blacksquare and Qxw" if QXW.exists() else "puzzlesmith and blacksquare"
    lines = [f"{engines} on the crossword list's best " f"{TOP:,} entries, {LIMIT:g} s a grid, "
             "seed 0 / default settings; weakest, mean and outside-50k on the crossword list's "
             "scale; CPU s to the answer (Qxw's: its whole process, dictionary loading "
             f"included: {qxw_load:.2f} s for a one-entry grid; Qxw fills from words alone, no "
             "scores)."
             + ("" if QXW.exists() else f" Qxw left out: {QXW} is absent."), "",
             "| grid | engine | status | weakest | mean | outside top 50k | CPU s |",
             "|---|---|---|---|---|---|---|"]
    summary: dict[str, list[dict[str, Any]]] = {"puzzlesmith": [], "blacksquare": []}
    first_cpu: list[float] = []  # puzzlesmith's CPU to its first fill (--improve 0)
    # Each list's tables are built on first use: built here, not in the first grid's time.
    fill(parse_grid(grids[0]["blocks"]), lex, index, deadline=Deadline(LIMIT), improve=0)
    if QXW.exists():
        summary["qxw"] = []
    for d in grids:
        if d["width"] != 15:
            continue
        blocks = d["blocks"]
        c = time.process_time()
        first = fill(parse_grid(blocks), lex, index, deadline=Deadline(LIMIT), improve=0)
        first_cpu.append(time.process_time() - c if first.status == "filled" else LIMIT)
        c = time.process_time()
        ours = fill(parse_grid(blocks), lex, index, deadline=Deadline(LIMIT))
        cpu_ours = time.process_time() - c
        got = judge(list(ours.filled.rows) if ours.filled else None, words, good)
        got["cpu"] = cpu_ours
        summary["puzzlesmith"].append(got)
        xw = bs.Crossword(grid=[[("#" if ch == "#" else " ") for ch in row] for row in blocks],
                          word_list=bs_list)
        c = time.process_time()
        filled = xw.fill(timeout=LIMIT, show_progress=False)
        cpu_bs = time.process_time() - c
        rows = None
        if filled is not None:
            cells = [[str(filled[r, k].value) for k in range(15)] for r in range(15)]
            rows = ["".join("#" if "BLACK" in v else v.lower() for v in row) for row in cells]
        theirs = judge(rows, words, good)
        theirs["cpu"] = cpu_bs
        summary["blacksquare"].append(theirs)
        results = [("puzzlesmith", got), ("blacksquare", theirs)]
        if QXW.exists():
            rows, status, cpu_qxw = qxw_fill(blocks, qxw_words, folder)
            qxw: dict[str, Any] = judge(rows, words, good) if rows is not None else {"status": status}
            qxw["cpu"] = cpu_qxw
            summary["qxw"].append(qxw)
            results.append(("qxw", qxw))
        for name, r in results:
            lines.append(f"| {d['name']} | {name} | {r['status']} | {r.get('weakest', '')} | "
                         f"{r.get('mean', '')} | {r.get('outside', '')} | {r['cpu']:.2f} |")
        print(*lines[-len(results):], sep="\n", flush=True)
    lines += ["", "| engine | filled (valid) | mean weakest | mean of means | median outside | "
              "median CPU s |", "|---|---|---|---|---|---|"]
    for name, rs in summary.items():
        ok = [r for r in rs if r["status"] == "filled"]
        lines.append(f"| {name} | {len(ok)} / {len(rs)} | "
                     f"{statistics.mean(r['weakest'] for r in ok) if ok else 0:.1f} | "
                     f"{statistics.mean(r['mean'] for r in ok) if ok else 0:.1f} | "
                     f"{statistics.median(r['outside'] for r in ok) if ok else 0} | "
                     f"{statistics.median(r['cpu'] for r in rs):.2f} |")
    bs_cpu = statistics.median(r["cpu"] for r in summary["blacksquare"])
    ours_first = statistics.median(first_cpu)
    lines += ["", f"First fill (issue 40): puzzlesmith's median CPU to its first fill "
              f"(`--improve 0`, the quality search after it left out) **{ours_first:.3f} s**, "
              f"blacksquare's (its whole answer, a first fill) **{bs_cpu:.3f} s**: "
              f"{ours_first / bs_cpu:.1f}x (target at most 1.5x)."]
    path = write_results("fill_peers", "Crossword fill beside blacksquare and Qxw", "\n".join(lines) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
