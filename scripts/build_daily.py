#!/usr/bin/env python3
"""Count the Q-Less rolls of the days ahead exactly and write the days-ahead file.

For each date from --first to --last: the roll of the day (`qless.play.daily`, ungraded),
then its common-word and all-words solutions counted with no time limit
(`qless.solve.search_roll`). Each count is appended to a file of counts in the cache folder
(JSON lines: a word list's content hash, the letters, the count) as it is done, so a build
cut short goes on where it stopped, and a change of one word list (the common cut, say)
counts again only on that list. The output (`qless.ahead`, default
src/puzzlesmith/qless/data/daily.tsv.gz) holds the run of consecutive days from --first
that are counted, for the bundled word list, the default common cut and the real dice.

    nice python scripts/build_daily.py --first 2026-12-01 --last 2027-12-31 [--out FILE]
        [--write-only]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from pathlib import Path

BUNDLED = (Path(__file__).resolve().parent.parent / "src" / "puzzlesmith" / "qless" / "data"
           / "daily.tsv.gz")


def main(argv: list[str] | None = None) -> int:
    from puzzlesmith.files import cache_dir
    from puzzlesmith.lexicon import (
        DEFAULT_COMMON_TOP,
        Lexicon,
        LexiconIndex,
        LexiconSpec,
        load_lexicon,
        narrowed,
    )
    from puzzlesmith.limits import Deadline
    from puzzlesmith.qless import ahead
    from puzzlesmith.qless.dice import REAL_KEY
    from puzzlesmith.qless.play import daily
    from puzzlesmith.qless.solve import search_roll

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--first", type=dt.date.fromisoformat, required=True)
    p.add_argument("--last", type=dt.date.fromisoformat, required=True)
    p.add_argument("--out", type=Path, default=BUNDLED)
    p.add_argument("--write-only", action="store_true",
                   help="write the output from the counts made so far, counting nothing new")
    args = p.parse_args(argv)
    full = load_lexicon(None)
    common = narrowed(LexiconSpec(common_top=DEFAULT_COMMON_TOP))[1]
    header = {"lexicon": full.name, "lexicon_hash": full.content_hash,
              "common_top": DEFAULT_COMMON_TOP, "common_hash": common.content_hash,
              "dice": REAL_KEY}
    counts_file = cache_dir() / "daily-ahead-counts.jsonl"
    counts: dict[tuple[str, str], int] = {}
    if counts_file.exists():
        for line in counts_file.read_text().splitlines():
            doc = json.loads(line)
            counts[doc["list"], doc["letters"]] = doc["solutions"]

    def count(letters: str, words: Lexicon | LexiconIndex) -> int | None:
        key = (words.content_hash, letters)
        if key not in counts and not args.write_only:
            n = search_roll(letters, words, deadline=Deadline(None), count=True).solutions
            assert n is not None
            counts[key] = n
            with counts_file.open("a") as f:
                f.write(json.dumps({"list": key[0], "letters": letters, "solutions": n}) + "\n")
        return counts.get(key)

    done: dict[dt.date, ahead.Day] = {}
    day = args.first
    while day <= args.last:
        t = time.process_time()
        d = daily(day, full, common, deadline=Deadline(None), graded=False)
        n_common, n_all = count(d.letters, common), count(d.letters, full)
        if n_common is None or n_all is None:
            break
        done[day] = ahead.Day(day, d.letters, d.attempt, n_common, n_all)
        if not args.write_only:
            print(f"{day} {d.letters} {n_common:,} {n_all:,} "
                  f"({time.process_time() - t:.1f} CPU s)", flush=True)
        day += dt.timedelta(days=1)
    run = []
    day = args.first
    while day in done and day <= args.last:
        run.append(done[day])
        day += dt.timedelta(days=1)
    if not run:
        print("error: no day counted", file=sys.stderr)
        return 2
    ahead.write(header, run, args.out)
    print(f"{args.out}: {len(run)} days, {run[0].date} to {run[-1].date}, "
          f"{args.out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
