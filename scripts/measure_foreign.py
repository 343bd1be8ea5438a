#!/usr/bin/env python3
"""The figures in docs/foreign.md: the shipped flags' precision and recall on the seeded random
samples labelled by hand (tests/foundation/foreign_samples.py), the hand lists' counts
(tests/foundation/foreign_hand_lists.py), and the flagged words of the common cut. With
`--draw`, prints the words the seed draws that have no label yet, to label them by hand.
Run from the repository root: python scripts/measure_foreign.py [--draw]
"""

from __future__ import annotations

import gzip
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from puzzlesmith.lexicon.index import proper_names  # noqa: E402
from tests.foundation.foreign_hand_lists import FOREIGN, HOMOGRAPHS, NATURALISED  # noqa: E402
from tests.foundation.foreign_samples import (  # noqa: E402
    COMMON_FLAGGED,
    FLAGGED,
    SAMPLE_SIZE,
    UNFLAGGED,
    drawn,
)

DATA = ROOT / "src" / "puzzlesmith" / "lexicon" / "data"
COMMON_TOP = 30_000


def read(name: str) -> list[str]:
    return gzip.decompress((DATA / name).read_bytes()).decode().split("\n")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion k/n."""
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def main() -> None:
    words = set(read("letterpress.txt.gz")) | set(read("crossword.txt.gz")[1].split())
    words.discard("")
    flags = {w for w in read("foreign.txt.gz")[1:] if w}
    flagged, unflagged = drawn(words, flags)
    if "--draw" in sys.argv:
        print("flagged, unlabelled:", " ".join(w for w in flagged if w not in FLAGGED))
        print("unflagged, unlabelled:", " ".join(w for w in unflagged if w not in UNFLAGGED))
        return
    fl = [FLAGGED[w] for w in flagged if w in FLAGGED]
    un = [UNFLAGGED[w] for w in unflagged if w in UNFLAGGED]
    print(f"bundled words {len(words):,}, flagged {len(flags):,}; "
          f"labelled {len(fl)} of the {SAMPLE_SIZE} flagged, {len(un)} of the unflagged drawn")
    k = fl.count("F")
    lo, hi = wilson(k, len(fl))
    print(f"flagged sample: {k} foreign, {fl.count('E')} English, {fl.count('N')} names or "
          f"not words: precision {k / len(fl):.1%} (95% interval {lo:.1%} to {hi:.1%})")
    u = un.count("F")
    ulo, uhi = wilson(u, len(un))
    print(f"unflagged sample: {u} foreign, {un.count('E')} English, {un.count('N')} names or "
          f"not words ({u / len(un):.1%}, 95% interval {ulo:.1%} to {uhi:.1%})")
    caught = k / len(fl) * len(flags)
    missed = u / len(un) * (len(words) - len(flags))
    low = lo * len(flags) / (lo * len(flags) + uhi * (len(words) - len(flags)))
    high = hi * len(flags) / (hi * len(flags) + ulo * (len(words) - len(flags)))
    print(f"estimated foreign words: {caught:,.0f} flagged, {missed:,.0f} not: recall "
          f"{caught / (caught + missed):.0%} (from the two intervals: {low:.0%} to {high:.0%})")
    ranks = read("english_ranks.txt.gz")[1:COMMON_TOP + 1]
    common = sorted(flags & words & (set(ranks) - proper_names()))
    labels = [COMMON_FLAGGED.get(w, "?") for w in common]
    print(f"common cut: {len(common)} flagged: {labels.count('F')} foreign, "
          f"{labels.count('R')} rare or slang English, {labels.count('N')} names or not words, "
          f"{labels.count('E')} everyday English, {labels.count('?')} unlabelled")
    print("  unlabelled:", " ".join(w for w, lab in zip(common, labels, strict=True) if lab == "?"))
    print(f"hand lists: {sum(w in flags for w in FOREIGN)} of {len(FOREIGN)} foreign flagged, "
          f"{sum(w not in flags for w in NATURALISED)} of {len(NATURALISED)} naturalised and "
          f"{sum(w not in flags for w in HOMOGRAPHS)} of {len(HOMOGRAPHS)} homographs left alone")
    print("  foreign missed:", " ".join(w for w in FOREIGN if w not in flags))


if __name__ == "__main__":
    main()
