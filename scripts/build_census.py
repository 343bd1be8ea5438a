#!/usr/bin/env python3
"""Rebuild the Q-Less census file from a complete atlas.

The census (`puzzlesmith.qless.census`): one bit per roll of the dice (solvable or not, in
the enumeration order of `qless atlas rolls --all`), the sorted list of unsolvable rolls,
and a header with the word list's content hash, the dice and the engine versions. Refuses
an atlas that does not hold a final answer for every roll (exit status 2).

    python scripts/build_census.py --db /work/census/atlas.sqlite
        [--lexicon NAME|PATH] [--dice "MMLLBY VFGKPP ..."] [--out FILE]

Default output: src/puzzlesmith/qless/data/census.bin (the file `qless solve` consults), for
the real dice and the bundled word list.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

BUNDLED = Path(__file__).resolve().parent.parent / "src" / "puzzlesmith" / "qless" / "data"


def main(argv: list[str] | None = None) -> int:
    from puzzlesmith.lexicon import load_lexicon
    from puzzlesmith.qless import census
    from puzzlesmith.qless.atlas import store
    from puzzlesmith.qless.atlas.to_census import from_atlas
    from puzzlesmith.qless.dice import parse_dice

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--db", type=Path, required=True, help="the atlas (SQLite)")
    p.add_argument("--lexicon", default=None, help="word list (default: the bundled one)")
    p.add_argument("--dice", default=None, help="dice (default: the real Q-Less dice)")
    p.add_argument("--out", type=Path, default=BUNDLED / census.BUNDLED)
    args = p.parse_args(argv)
    dice = parse_dice(args.dice) if args.dice else None
    lexicon = load_lexicon(args.lexicon)
    if not args.db.exists():
        print(f"error: no atlas at {args.db}", file=sys.stderr)
        return 2
    con = store.connect(args.db, create=False)
    try:
        made = from_atlas(con, lexicon.content_hash, dice)
    except census.IncompleteCensus as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    census.write(made, args.out)
    doc = made.to_json()
    print(f"{args.out}: {doc['rolls']:,} rolls, {doc['unsolvable']:,} unsolvable,"
          f" P(solvable) = {doc['p_solvable_exact']} = {doc['p_solvable']:.6%},"
          f" {args.out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
