"""Pattern search: the bitset index side by side with a compiled-regex scan of the same bucket.

The mix: 2,000 generated crossword patterns (fixed letters and `?`, lengths 4-12, taken from
real words so most have answers, a fifth to a half of the letters kept). Each pattern is run
through `match` and through the regex scan in the same process, in rounds that alternate which
goes first; each query's time is its fastest round on each side (this 2-core machine is shared,
and a busy spell is not the engine's cost). Then the same mix as one `match --from FILE --json`
process, against the regex scan's mean per query. Then patterns with `*`, letter sets and
anagram constraints.
Run: python -m benchmarks.pattern
"""

from __future__ import annotations

import random
import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.common import median, ms, percentile, timed, write_results
from puzzlesmith.lexicon import LexiconIndex, LexiconSpec, get_index, load_lexicon, narrowed
from puzzlesmith.lexicon.index import _get_index
from puzzlesmith.search.pattern import match

MIX = 2000
ROUNDS = 3


def fixed_patterns(index: LexiconIndex, n: int, rng: random.Random, lo: int = 4, hi: int = 12
                   ) -> list[str]:
    out = []
    for _ in range(n):
        bucket = index.bucket(rng.randint(lo, hi))
        assert bucket is not None
        word = rng.choice(bucket.words)
        keep = rng.uniform(0.2, 0.6)
        out.append("".join(c if rng.random() < keep else "?" for c in word))
    return out


def regex_scan(index: LexiconIndex, pattern: str) -> list[str]:
    """The baseline: compile the pattern, scan every word of its length."""
    rx = re.compile(pattern.replace("?", "."))
    bucket = index.bucket(len(pattern))
    return [w for w in bucket.words if rx.fullmatch(w)] if bucket else []


def other_patterns(index: LexiconIndex, rng: random.Random) -> dict[str, list[str]]:
    letters = "etaoinshrdlucmfw"
    stars = [f"{rng.choice(letters)}*{rng.choice(letters)}{rng.choice(letters)}" for _ in range(60)]
    stars += [f"*{rng.choice(letters)}{rng.choice(letters)}*{rng.choice(letters)}" for _ in range(40)]
    sets = []
    for _ in range(100):
        n = rng.randint(4, 10)
        cells = ["?"] * n
        for _ in range(2):
            cells[rng.randrange(n)] = "[" + "".join(rng.sample(letters, 3)) + "]"
        cells[rng.randrange(n)] = rng.choice(["@", "#", "1"])
        sets.append("".join(cells))
    anagram = []
    for _ in range(100):
        bucket = index.bucket(rng.randint(5, 10))
        assert bucket is not None
        word = rng.choice(bucket.words)
        rack = "".join(rng.sample(word, len(word)))
        anagram.append("?" * len(word) + "/" + rack[:-1] + "?")
    return {"with *": stars, "with sets, @, #, digits": sets, "with /LETTERS (one blank)": anagram}


def side_by_side(index: LexiconIndex, patterns: list[str]) -> tuple[list[float], list[float]]:
    """Each query's fastest of ROUNDS runs through `match` and through the regex scan, the
    answers checked equal."""
    ours = [float("inf")] * len(patterns)
    base = [float("inf")] * len(patterns)
    for r in range(ROUNDS):
        for first in (r % 2 == 0, r % 2 == 1):
            for i, p in enumerate(patterns):
                if first:
                    t, got = timed(lambda p: match(index, p).words, p)
                    ours[i] = min(ours[i], t)
                else:
                    t, want = timed(regex_scan, index, p)
                    base[i] = min(base[i], t)
                    if r == 0 and list(match(index, p).words) != want:
                        raise AssertionError(f"disagreement on {p}")
    return ours, base


def cli_run(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one `puzzlesmith` process, its answers thrown away."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t, _ = timed(lambda: subprocess.run([sys.executable, "-m", "puzzlesmith", *args],
                                        stdout=subprocess.DEVNULL, check=True))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return t, cpu


def cli_lines(patterns: list[str], more: list[str], regex_mean: float) -> list[str]:
    """The mix as one `match --from FILE --json` process (median of ROUNDS), against one
    pattern's process: per query, whole and past the start-up; and the mix followed by `more`
    patterns, whose extra time is what a query costs once every length's bucket is loaded."""
    with tempfile.TemporaryDirectory() as folder:
        path, longer = Path(folder) / "mix.txt", Path(folder) / "longer.txt"
        path.write_text("\n".join(patterns) + "\n", "utf-8")
        longer.write_text("\n".join(patterns + more) + "\n", "utf-8")
        many: list[tuple[float, float]] = []
        one: list[tuple[float, float]] = []
        most: list[tuple[float, float]] = []
        cli_run(["match", "--from", str(path), "--json"])  # caches warm, as after a first run
        for _ in range(ROUNDS):
            many.append(cli_run(["match", "--from", str(path), "--json"]))
            one.append(cli_run(["match", patterns[0], "--json"]))
            most.append(cli_run(["match", "--from", str(longer), "--json"]))
    rows = []
    for label, k in (("wall", 0), ("CPU", 1)):
        whole = median([m[k] for m in many])
        single = median([o[k] for o in one])
        per = whole / len(patterns)
        past = (whole - single) / (len(patterns) - 1)
        steady = (median([m[k] for m in most]) - whole) / len(more)
        rows.append(f"| {label} | {whole:.2f} s | {single:.2f} s | {ms(per)} "
                    f"({regex_mean / per:.0f}x) | {ms(past)} ({regex_mean / past:.0f}x) | "
                    f"{ms(steady)} ({regex_mean / steady:.0f}x) |")
    return [
        "",
        f"The same {len(patterns):,} patterns as one `puzzlesmith match --from FILE --json` "
        "process (output thrown away; median of "
        f"{ROUNDS} runs), beside a process answering the first pattern alone, per query "
        f"against the regex scan's mean of {ms(regex_mean)} a query (x = how many times "
        "faster). Target: at least 50x per query. The last column is the time each of "
        f"{len(more):,} more patterns of the same kind adds to the run: a query's cost once "
        "every length's bucket is read and checked and numpy is imported, which the first "
        "column's run pays once.",
        "",
        "| time | whole run | one-pattern run | per query | per query past start-up "
        f"| per query past the first {len(patterns):,} |",
        "|---|---|---|---|---|---|",
        *rows,
    ]


def main() -> None:
    rng = random.Random(2026)
    _, index = narrowed(LexiconSpec())
    patterns = fixed_patterns(index, MIX, rng)
    for p in patterns:  # buckets unpickled, numpy's import paid for, as in a long run
        match(index, p)
    ours, base = side_by_side(index, patterns)
    ratio_median = median(base) / median(ours)
    ratio_total = sum(base) / sum(ours)
    lines = [
        f"{MIX:,} patterns of fixed letters and `?` (lengths 4-12), bundled word list, answers "
        "checked equal; each query's fastest of "
        f"{ROUNDS} rounds on each side. Target: the median query at least 100x faster than a "
        "compiled-regex scan of the same length bucket, the total at least 50x.",
        "",
        "| | median | p99 | total |",
        "|---|---|---|---|",
        f"| bitset index (`match`) | {ms(median(ours))} | {ms(percentile(ours, 99))} | "
        f"{ms(sum(ours))} |",
        f"| regex scan of the bucket | {ms(median(base))} | {ms(percentile(base, 99))} | "
        f"{ms(sum(base))} |",
        "",
        f"**Speed-up: {ratio_median:.0f}x on the median query, {ratio_total:.0f}x in total.**",
    ]
    if "--no-cli" not in sys.argv:
        more = fixed_patterns(index, 9 * MIX, random.Random(2027))
        lines += cli_lines(patterns, more, sum(base) / len(base))
    lines += [
        "",
        f"Other pattern kinds (100 each), time per query (fastest of {ROUNDS} rounds):",
        "",
        "| kind | median | p99 |",
        "|---|---|---|",
    ]
    for kind, ps in other_patterns(index, rng).items():
        times = [min(timed(match, index, p)[0] for _ in range(ROUNDS)) for p in ps]
        lines.append(f"| {kind} | {ms(median(times))} | {ms(percentile(times, 99))} |")
    loads = []
    lexicon = load_lexicon()
    for _ in range(5):
        _get_index.cache_clear()  # force a read of the disk cache
        loads.append(timed(lambda: get_index(lexicon))[0])
    lines += [
        "",
        f"Loading the cached index of the bundled list from disk: median {ms(median(loads))} "
        "(target: well under a second).",
    ]
    path = write_results("pattern", "Pattern search (issues 2 and 34)", "\n".join(lines))
    print(path.read_text())


if __name__ == "__main__":
    main()
