"""Atlas sample: how likely is a roll of the real dice to be solvable?

Builds (or continues: builds are resumable) a weighted sample of N draws of the dice with
`puzzlesmith qless atlas build --sample N --seed S`, once with the bundled word list and once
with common words only, then reads the estimates back with the same code as `atlas stats`.
Run: python -m benchmarks.atlas_sample [--n 20000] [--seed 7] [--uniform 5000] [--workers 1]
     [--db PATH]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from benchmarks.common import write_results
from puzzlesmith.cli import main as cli
from puzzlesmith.lexicon import DEFAULT_COMMON_TOP, LexiconSpec, narrowed
from puzzlesmith.qless.atlas import stats, store
from puzzlesmith.qless.atlas.rolls import uniform_sample
from puzzlesmith.qless.atlas.stats import Estimate

TOTAL = 15_800_439


def pct(e: Estimate | None) -> str:
    if e is None:
        return "n/a"
    return f"**{100 * e.value:.2f}%** [{100 * e.low:.2f}%, {100 * e.high:.2f}%]"


def build(db: Path, source: list[str], workers: int, common: bool, timeout: float) -> None:
    args = ["qless", "atlas", "build", *source, "--db", str(db),
            "--workers", str(workers), "--timeout", str(timeout)]
    try:
        cli([*args, "--common"] if common else args)
    except SystemExit as e:
        if e.code:
            raise


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--n", type=int, default=20_000)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--timeout", type=float, default=5.0)
    p.add_argument("--uniform", type=int, default=5_000)
    p.add_argument("--db", type=Path, default=store.default_db_path().with_name("sample.sqlite"))
    a, _ = p.parse_known_args(argv)
    # The cross-check: distinct rolls drawn uniformly, solved into their own atlas, give the
    # unweighted fraction directly, with no reweighting.
    uniform_db = a.db.with_name(a.db.stem + "-uniform.sqlite")
    uniform_file = a.db.with_name(a.db.stem + "-uniform.txt")
    a.db.parent.mkdir(parents=True, exist_ok=True)  # (a fresh machine has no data folder yet)
    uniform_file.write_text(
        "".join(f"{k}\n" for k, _ in uniform_sample(a.uniform, a.seed)), "utf-8"
    )
    lexicons = [("bundled word list", narrowed(LexiconSpec())[0]),
                ("common words only", narrowed(LexiconSpec(common_top=DEFAULT_COMMON_TOP))[0])]
    rows = []
    for (label, lex), common in zip(lexicons, (False, True), strict=True):
        sample_args = ["--sample", str(a.n), "--seed", str(a.seed)]
        build(a.db, sample_args, a.workers, common, a.timeout)
        build(uniform_db, ["--from", str(uniform_file)], a.workers, common, a.timeout)
        u = stats.compute(store.connect(uniform_db), lex.content_hash, lex.name, TOTAL)
        direct = stats.wilson(u.by_status.get("solved", 0),
                              u.by_status.get("solved", 0) + u.by_status.get("unsolvable", 0))
        con = store.connect(a.db)
        s = stats.compute(con, lex.content_hash, lex.name, TOTAL)
        # Summed from the rows, so a build resumed over several runs still reports its cost.
        seconds = con.execute(
            "SELECT COALESCE(SUM(seconds), 0) FROM rolls WHERE lexicon_hash = ?",
            (lex.content_hash,)).fetchone()[0]
        engines = sorted({r[0] for r in con.execute(
            "SELECT DISTINCT engine_version FROM rolls WHERE lexicon_hash = ?",
            (lex.content_hash,))})
        rows.append((label, lex.name, s, seconds, engines, direct))
        print(json.dumps({"lexicon": lex.name, **s.to_json()})[:300])
    body = [
        f"A weighted sample: {a.n:,} draws of the twelve dice (seed {a.seed}), each solved with",
        f"a {a.timeout:g} s limit on {a.workers} worker(s); `puzzlesmith qless atlas build",
        f"--sample {a.n} --seed {a.seed} [--common]` then `atlas stats`. Weighted = the chance",
        "that a roll of the dice can be solved (Wilson 95% CI over the draws); unweighted = the",
        "share of the 15,800,439 distinct rolls (draws weighted by 1/probability, Wilson CI at",
        "the Kish effective size). Timed-out rolls are left out and counted.",
        "",
        "| word list | draws answered | timeouts | P(solvable), weighted, 95% CI "
        "| distinct rolls solvable, 95% CI | distinct rolls | solver time, summed |",
        "|---|---|---|---|---|---|---|",
    ]
    for label, name, s, seconds, _, _ in rows:
        body.append(
            f"| {label} (`{name}`) | {s.draws_answered:,} of {s.draws:,} | {s.draws_timeout:,} "
            f"| {pct(s.weighted)} | {pct(s.unweighted)} | {s.stored:,} | {seconds:.0f} s |"
        )
    body += [
        "",
        f"Cross-check of the unweighted figure: {a.uniform:,} distinct rolls drawn uniformly",
        f"(`atlas rolls --uniform {a.uniform} --seed {a.seed}`, built with `--from`), counted",
        "directly (Wilson 95% CI), against the reweighted estimate from the weighted sample:",
        "",
        "| word list | distinct rolls solvable, uniform sample | from the weighted sample |",
        "|---|---|---|",
    ]
    for label, _, s, _, _, direct in rows:
        body.append(f"| {label} | {pct(direct)} ({direct.n:,} rolls) | {pct(s.unweighted)} |")
    body.append("")
    for label, _, s, _, engines, _ in rows:
        solved = s.distributions.get("seconds_solved", {})
        unsolvable = s.distributions.get("seconds_unsolvable", {})
        body.append(
            f"- {label}: median {solved.get('p50', float('nan')):.3f} s per solved roll, "
            f"{unsolvable.get('p50', float('nan')):.3f} s per unsolvable one (p99 "
            f"{solved.get('p99', float('nan')):.3f} / {unsolvable.get('p99', float('nan')):.3f} s); "
            f"hardest: {', '.join(h['letters'].upper() + ' ' + h['status'] for h in s.hardest[:3])}"
            f"; engine {', '.join(engines)}."
        )
    path = write_results("atlas_sample", "Q-Less atlas: solvable rolls (issue 7)", "\n".join(body))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
