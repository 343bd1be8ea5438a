"""Equations: the queries Umiaq times in its local benchmark (Crossword Nexus, umiaq-rust,
`src/bin/bench_local.rs`) and two more from issue 39, run on our bundled list, beside a naive
loop over the list written here for each (no index, no regex, no code of the engine's).

Umiaq asks for 100 results a query and prints beside each the time Qat took on the Broda
list; neither list can be shipped here, so those times are named as theirs, on their list.
Ours: the CPU time to the first 100 solutions (`stop_at_limit`, Umiaq's way), the median of
three runs after a warm-up, and a run counting every solution within the default time limit
(10 s of wall time, as `match -e` has), with its CPU time. Then whole processes:
`puzzlesmith match -e ABA` beside `python -c pass`.
Run: python -m benchmarks.equation [--rounds N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from benchmarks.common import median, write_results
from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.limits import Deadline
from puzzlesmith.search.equation import solve_equation

FULL_LIMIT = 10.0  # match's default --time-limit
_T = TypeVar("_T")


def _aba(words: list[str]) -> int:
    return sum(1 for w in words for k in range(1, (len(w) + 1) // 2) if w[:k] == w[-k:])


def _reversals(words: list[str]) -> int:
    every = set(words)
    return sum(1 for w in words if w[::-1] in every and w != w[::-1])


def _swaps(words: list[str]) -> int:
    every = set(words)
    return sum(1 for w in words if len(w) == 4 and w[2:] + w[:2] in every and w[:2] != w[2:])


def _time_compounds(words: list[str]) -> int:
    heads = {w[:-4] for w in words if w.endswith("time") and len(w) > 4}
    found = 0
    for w in words:
        for i in range(1, len(w) - 1):
            if w[:i] in heads:
                for j in range(i + 1, len(w)):
                    if w[i:j] in heads and w[j:] in heads:
                        found += 1
    return found


def _k_to_l(words: list[str]) -> int:
    every = set(words)
    return sum(1 for w in words for i in range(1, len(w) - 1)
               if w[i] == "k" and w[:i] + "l" + w[i + 1:] in every)


def _l_x(words: list[str]) -> int:
    return sum(1 for w in words if len(w) >= 2 and w[0] == "l" and w[-1] == "x")


def _fourteen(words: list[str]) -> int:
    return sum(1 for w in words if len(w) == 14 and len(set(w)) == 14)


def _vowel_consonant(words: list[str]) -> int:
    every = set(words)
    found = 0
    for w in words:
        for i in range(1, len(w) - 2):
            a, b = w[:i], w[i + 1:]
            if w[i] in "aeiou" and b[0] == "g" and a != b:
                found += sum(1 for c in "bcdfghjklmnpqrstvwxyz" if a + c + b in every)
    return found


# (query, Qat's seconds on the Broda list as bench_local.rs gives them, a naive loop)
CASES: list[tuple[str, float | None, Callable[[list[str]], int] | None]] = [
    ("AB;BA;|A|=2;|B|=2;!=AB", 0.260, _swaps),
    ("Atime;Btime;Ctime;ABC", 6.240, _time_compounds),
    ("AB;CD;AC;BD", 0.300, None),
    ("A*BCD;AC*BD;DCB*A", 4.100, None),
    ("AkB;AlB", 2.360, _k_to_l),
    ("l*x", 0.420, _l_x),
    ("ABCDEFGHIJKLMN;|ABCDEFGHIJKLMN|=14;!=ABCDEFGHIJKLMN", 0.340, _fourteen),
    ("A@B;A#B;!=AB;B=(g.*)", 24.420, _vowel_consonant),
    ("ABA", None, _aba),
    ("A;~A;A!=~A", None, _reversals),
]


def _cpu(fn: Callable[..., _T], *args: Any, **kwargs: Any) -> tuple[float, _T]:
    """CPU seconds of this process for one call, and its value."""
    t = time.process_time()
    value = fn(*args, **kwargs)
    return time.process_time() - t, value


def square_lower_bound(words: list[str]) -> int:
    """Solutions of AB;CD;AC;BD with C = B alone: the (A, B, D) with AB and BD words, that is
    the sum over strings B of (the A with AB a word) x (the D with BD a word)."""
    before: dict[str, int] = {}
    after: dict[str, int] = {}
    for w in words:
        for k in range(1, len(w)):
            after[w[:k]] = after.get(w[:k], 0) + 1  # w[:k] then w[k:]
            before[w[k:]] = before.get(w[k:], 0) + 1
    return sum(n * after[b] for b, n in before.items() if b in after)


def spiral_lower_bound(words: list[str]) -> int:
    """Solutions of A*BCD;AC*BD;DCB*A with every variable one letter (`*` any letters, none
    included): for each first word's a...bcd, the second words ac...bd times the third words
    dcb...a, counted by their ends."""
    firsts: dict[tuple[str, str], int] = {}
    seconds: dict[tuple[str, str], int] = {}
    thirds: dict[tuple[str, str], int] = {}
    for w in words:
        if len(w) >= 4:
            firsts[w[0], w[-3:]] = firsts.get((w[0], w[-3:]), 0) + 1
            seconds[w[:2], w[-2:]] = seconds.get((w[:2], w[-2:]), 0) + 1
            thirds[w[:3], w[-1]] = thirds.get((w[:3], w[-1]), 0) + 1
    found = 0
    for (a, bcd), n in firsts.items():
        b, c, d = bcd[0], bcd[1], bcd[2]
        found += n * seconds.get((a + c, b + d), 0) * thirds.get((d + c + b, a), 0)
    return found


def whole_process(rounds: int) -> list[str]:
    from benchmarks.startup import run_once, user_env

    ps = str(Path(sys.executable).parent / "puzzlesmith")
    cmds = [("python -c pass", [sys.executable, "-c", "pass"]),
            ("puzzlesmith match -e ABA", [ps, "match", "-e", "ABA"]),
            ("puzzlesmith match -e ABA --json", [ps, "match", "-e", "ABA", "--json"]),
            ("puzzlesmith match -e 'A;~A;A!=~A'", [ps, "match", "-e", "A;~A;A!=~A"])]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        env = user_env(Path(tmp) / "pycache")
        for _, argv in cmds:
            run_once(argv, env)
        walls: dict[str, list[float]] = {label: [] for label, _ in cmds}
        cpus: dict[str, list[float]] = {label: [] for label, _ in cmds}
        for _ in range(rounds):
            for label, argv in cmds:
                wall, cpu = run_once(argv, env)
                walls[label].append(wall)
                cpus[label].append(cpu)
    for label, _ in cmds:
        rows.append(f"| `{label}` | {median(cpus[label]):.3f} s | {median(walls[label]):.3f} s |")
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Equation search against naive loops and Qat.")
    parser.add_argument("--rounds", type=int, default=5, help="whole-process rounds")
    args = parser.parse_args(argv)
    _, index = narrowed(LexiconSpec())
    words = [w for n in index.lengths for w in index.buckets[n].words]
    rows = []
    for query, qat, loop in CASES:
        solve_equation(index, query, deadline=Deadline(60), stop_at_limit=True)  # warm-up
        firsts = []
        first = None
        for _ in range(3):
            t, first = _cpu(solve_equation, index, query, deadline=Deadline(60),
                            stop_at_limit=True)
            firsts.append(t)
        assert first is not None
        t_all, every = _cpu(solve_equation, index, query, deadline=Deadline(FULL_LIMIT))
        naive = "—"
        if loop is not None:
            t_loop, want = _cpu(loop, words)
            naive = f"{t_loop:.3f} s ({want:,})"
            if every.exact and every.count != want:
                raise SystemExit(f"{query}: {every.count} solutions, the naive loop {want}")
        counted = f"{every.count:,}" if every.exact else f"at least {every.count:,}"
        whole = (f"{t_all:.3f} s" if every.exact
                 else f"stopped at {FULL_LIMIT:.0f} s wall ({t_all:.1f} s CPU)")
        shown = query.replace("|", "\\|")  # a bar inside a table cell
        rows.append(f"| `{shown}` | {median(firsts) * 1000:.1f} ms | {whole} | {counted} | "
                    f"{naive} | {'' if qat is None else f'{qat:.2f} s'} |")
        print(rows[-1], flush=True)
    bound = square_lower_bound(words)
    spiral = spiral_lower_bound(words)
    processes = whole_process(args.rounds)
    import os

    body = "\n".join([
        "Umiaq's benchmark queries and two from issue 39 on our bundled list (274,137 words). "
        "Times are CPU seconds of this process (the machine is shared; wall time follows the "
        "load): to the first 100 solutions (Umiaq's way, the median of 3), and to count every "
        f"solution within the default time limit of {FULL_LIMIT:.0f} s (wall). The naive loop "
        "is plain Python over the word list written for that query alone (its count must equal "
        "ours when ours is exact). The last column is Qat's time as Umiaq's benchmark gives it, "
        "on the Broda list (another list, another machine): a reference, not a side-by-side "
        "figure.",
        "",
        "| query | first 100 | every solution | solutions | naive loop (count) | Qat, Broda list |",
        "|---|---|---|---|---|---|",
        *rows,
        "",
        f"`AB;CD;AC;BD` cannot be counted by any search that lists its solutions: those with "
        f"C = B alone number {bound:,} (for every B, the A with AB a word times the D with BD "
        "a word, counted by a plain loop here), and the rest are more. Nor can "
        f"`A*BCD;AC*BD;DCB*A`: those with every variable one letter alone number {spiral:,} "
        "(a plain loop over the words' ends here), and its first part splits a word of n "
        "letters about n^4/24 ways. Both list their first 100 at once and stop at the time "
        "limit with a lower bound.",
        "",
        f"Whole processes, {args.rounds} rounds interleaved, medians (CPU = user + system of "
        f"the process; load average {os.getloadavg()[0]:.1f} on 2 cores):",
        "",
        "| command | CPU | wall |",
        "|---|---|---|",
        *processes,
    ])
    path = write_results("equation", "Equations (issues 34, 39)", body)
    print(path.read_text())


if __name__ == "__main__":
    main()
