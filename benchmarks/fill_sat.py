"""Crossword fill settled by a SAT solver: an oracle sharing no code with puzzlesmith.fill.

The grid as CNF (the support encoding, which gives arc consistency under unit propagation):
- a variable for each (entry, candidate word) and each (cell, letter);
- every entry takes one of its candidates (at least one; at most one follows, since two
  words of one entry differ at some cell and a cell holds one letter);
- a word implies its letters; a cell holds at most one letter, and a letter at a cell
  needs, in each entry through the cell, a word with that letter there;
- no word twice: at most one of the (entry, word) variables of each word.
Candidates are the list's words of the entry's length that keep its fixed letters; an entry
the setter typed whole is that word, listed or not (as the engine treats it).

Run: nice -n 5 python -m benchmarks.fill_sat [--limit S] [--whole] [--solver NAME] [GRID NAME ...]
settles the 15x15 grids of benchmarks/fill.py with the common words (or the whole list) and
prints, for a fill, the grid and whether every entry is a word. Each grid is solved in a
child process killed at the limit; CPU times are the child's.
"""

from __future__ import annotations

import queue
import resource
import sys
import threading
import time
from collections.abc import Iterable
from typing import Any, Literal

Answer = Literal["fill", "none", "unknown"]


def runs(rows: list[str]) -> list[list[tuple[int, int]]]:
    """Every maximal across or down run of 2+ non-block cells, as (row, col) lists."""
    h, w = len(rows), len(rows[0])
    out: list[list[tuple[int, int]]] = []
    for across in (True, False):
        for a in range(h if across else w):
            run: list[tuple[int, int]] = []
            for b in range((w if across else h) + 1):
                rc = (a, b) if across else (b, a)
                if b < (w if across else h) and rows[rc[0]][rc[1]] != "#":
                    run.append(rc)
                    continue
                if len(run) >= 2:
                    out.append(run)
                run = []
    return out


def _arc_consistency(cands: list[list[str]], through: dict[tuple[int, int], list[tuple[int, int]]]) -> None:
    """Drop the candidates with a letter that no candidate of the crossing entry has there,
    until none is left to drop."""
    crossings = [own for own in through.values() if len(own) == 2]
    changed = True
    while changed:
        changed = False
        for (e, p), (f, q) in crossings:
            both = {w[p] for w in cands[e]} & {w[q] for w in cands[f]}
            for g, i in ((e, p), (f, q)):
                kept = [w for w in cands[g] if w[i] in both]
                if len(kept) < len(cands[g]):
                    cands[g] = kept
                    changed = True


def sat_fill(rows: list[str], words: Iterable[str], *, allow_2: bool = True, repeats: bool = False,
             limit: float | None = None, solver: str = "cadical153",
             prune: bool = True) -> tuple[Answer, list[str] | None]:
    """("fill", the filled rows) if a fill exists, ("none", None) if the solver proves there
    is none, ("unknown", None) when `limit` seconds (wall) pass first (a solver's interrupt:
    Glucose stops, CaDiCaL does not; see `sat_fill_within`). `prune`: drop, before
    encoding, the words arc consistency rules out (sound: such a word is in no fill)."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    slots = runs(rows)
    if not allow_2 and any(len(s) == 2 for s in slots):
        return "none", None
    by_len: dict[int, list[str]] = {}
    for word in set(words):
        by_len.setdefault(len(word), []).append(word)
    for ws in by_len.values():
        ws.sort()
    pool = IDPool()
    clauses: list[list[int]] = []
    cands: list[list[str]] = []
    for s in slots:
        fixed = [rows[r][c] for r, c in s]
        if all(ch.isalpha() for ch in fixed):
            cands.append(["".join(fixed)])
            continue
        cands.append([w for w in by_len.get(len(s), [])
                      if all(not f.isalpha() or f == ch for f, ch in zip(fixed, w, strict=True))])
    through: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for e, s in enumerate(slots):
        for p, rc in enumerate(s):
            through.setdefault(rc, []).append((e, p))
    if prune:
        _arc_consistency(cands, through)

    def wv(e: int, i: int) -> int:
        return pool.id(("w", e, i))

    def xv(rc: tuple[int, int], letter: str) -> int:
        return pool.id(("x", rc, letter))

    for e, s in enumerate(slots):
        if not cands[e]:
            return "none", None
        clauses.append([wv(e, i) for i in range(len(cands[e]))])
        for i, w in enumerate(cands[e]):
            for rc, ch in zip(s, w, strict=True):
                clauses.append([-wv(e, i), xv(rc, ch)])
    for rc, own in through.items():
        letters = sorted({w[p] for e, p in own for w in cands[e]})
        xs = [xv(rc, ch) for ch in letters]
        clauses.extend([-a, -b] for k, a in enumerate(xs) for b in xs[k + 1:])
        for e, p in own:
            support: dict[str, list[int]] = {}
            for i, w in enumerate(cands[e]):
                support.setdefault(w[p], []).append(wv(e, i))
            for ch in letters:
                clauses.append([-xv(rc, ch), *support.get(ch, [])])
    if not repeats:
        uses: dict[str, list[int]] = {}
        for e, ws in enumerate(cands):
            for i, w in enumerate(ws):
                uses.setdefault(w, []).append(wv(e, i))
        for lits in uses.values():
            if len(lits) > 1:
                enc = CardEnc.atmost(lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter)
                clauses.extend(enc.clauses)
    with Solver(name=solver, bootstrap_with=clauses) as sat:
        if limit is None:
            ok: bool | None = sat.solve()
        else:
            timer = threading.Timer(limit, sat.interrupt)
            timer.start()
            try:
                ok = sat.solve_limited(expect_interrupt=True)
            finally:
                timer.cancel()
        if ok is None:
            return "unknown", None
        if not ok:
            return "none", None
        true = {v for v in (sat.get_model() or []) if v > 0}
    grid = [list(row) for row in rows]
    for e, s in enumerate(slots):
        chosen = [w for i, w in enumerate(cands[e]) if wv(e, i) in true]
        assert len(chosen) == 1, (e, chosen)
        for (r, c), ch in zip(s, chosen[0], strict=True):
            grid[r][c] = ch
    return "fill", ["".join(row) for row in grid]


def _child(rows: list[str], words: list[str], solver: str, out: Any) -> None:
    out.put(sat_fill(rows, words, solver=solver))


def sat_fill_within(rows: list[str], words: list[str], limit: float,
                    solver: str = "cadical153") -> tuple[Answer, list[str] | None]:
    """`sat_fill` in a child process killed after `limit` seconds (wall): CaDiCaL through
    PySAT does not stop on `interrupt` (measured: a 10 s limit still running after 300 s)."""
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    out = ctx.Queue()
    proc = ctx.Process(target=_child, args=(rows, words, solver, out), daemon=True)
    proc.start()
    try:
        return out.get(timeout=limit)
    except queue.Empty:
        return "unknown", None
    finally:
        proc.kill()
        proc.join()


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    from benchmarks.fill import THEMED, THEMELESS
    from puzzlesmith.lexicon import LexiconSpec, common_cut, narrowed

    limit = 3600.0
    if "--limit" in argv:
        limit = float(argv[argv.index("--limit") + 1])
    whole = "--whole" in argv
    solver = argv[argv.index("--solver") + 1] if "--solver" in argv else "cadical153"
    names = [a for a in argv if a.startswith("15x15")] or [*THEMED, *THEMELESS]
    lex, _ = narrowed(LexiconSpec(common_top=common_cut(not whole)))
    words = [w for w in lex.words if w.isalpha() and w.isascii()]
    print(f"{lex.name}: {len(words):,} words, limit {limit:.0f} s", flush=True)
    for name in names:
        rows = {**THEMED, **THEMELESS}[name].split()
        t, c = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
        answer, filled = sat_fill_within(rows, words, limit, solver)
        c2 = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall, cpu = time.perf_counter() - t, c2.ru_utime + c2.ru_stime - c.ru_utime - c.ru_stime
        print(f"{name}: {answer} ({wall:.1f} s wall, {cpu:.1f} CPU s)", flush=True)
        if filled:
            entries = ["".join(filled[r][c] for r, c in s) for s in runs(filled)]
            ok = all(e in lex.word_set for e in entries) and len(set(entries)) == len(entries)
            print("\n".join(filled), f"\nevery entry a word, none twice: {ok}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
