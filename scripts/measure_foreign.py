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
    LETTERPRESS_FLAGGED,
    LETTERPRESS_UNFLAGGED,
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


def report(name: str, words: set[str], flags: set[str], flagged_labels: dict[str, str],
           unflagged_labels: dict[str, str]) -> None:
    """Precision and recall on one list's samples (labels: tests/foundation/foreign_samples.py)."""
    flagged, unflagged = drawn(words, flags & words)
    if "--draw" in sys.argv:
        print(f"{name}: flagged, unlabelled:",
              " ".join(w for w in flagged if w not in flagged_labels))
        print(f"{name}: unflagged, unlabelled:",
              " ".join(w for w in unflagged if w not in unflagged_labels))
        return
    fl = [flagged_labels[w] for w in flagged if w in flagged_labels]
    un = [unflagged_labels[w] for w in unflagged if w in unflagged_labels]
    n_flagged = len(flags & words)
    print(f"{name}: {len(words):,} words, {n_flagged:,} flagged; labelled {len(fl)} of the "
          f"{SAMPLE_SIZE} flagged, {len(un)} of the unflagged drawn")
    k = fl.count("F")
    lo, hi = wilson(k, len(fl))
    print(f"  flagged sample: {k} foreign, {fl.count('E')} English, {fl.count('N')} names or "
          f"not words: precision {k / len(fl):.1%} (95% interval {lo:.1%} to {hi:.1%})")
    u = un.count("F")
    ulo, uhi = wilson(u, len(un))
    print(f"  unflagged sample: {u} foreign, {un.count('E')} English, {un.count('N')} names or "
          f"not words ({u / len(un):.1%}, 95% interval {ulo:.1%} to {uhi:.1%})")
    rest = len(words) - n_flagged
    caught, missed = k / len(fl) * n_flagged, u / len(un) * rest
    low = lo * n_flagged / (lo * n_flagged + uhi * rest)
    high = hi * n_flagged / (hi * n_flagged + ulo * rest)
    print(f"  estimated foreign words: {caught:,.0f} flagged, {missed:,.0f} not: recall "
          f"{caught / (caught + missed):.0%} (from the two intervals: {low:.0%} to {high:.0%})")


def main() -> None:
    letterpress = {w for w in read("letterpress.txt.gz") if w}
    words = letterpress | set(read("crossword.txt.gz")[1].split())
    flags = {w for w in read("foreign.txt.gz")[1:] if w}
    report("bundled lists", words, flags, FLAGGED, UNFLAGGED)
    report("Letterpress list", letterpress, flags, LETTERPRESS_FLAGGED, LETTERPRESS_UNFLAGGED)
    if "--draw" in sys.argv:
        return
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
