#!/usr/bin/env python3
"""The table in docs/foreign.md: how many of the hand lists' words (tests/foundation/
foreign_hand_lists.py) the foreign-word rule gets right at a few thresholds, and how many
words of the Letterpress list it flags. Needs wordfreq; run from the repository root:
python scripts/measure_foreign.py
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

import build_foreign as fw  # noqa: E402  (the scripts folder is this script's own)
import wordfreq  # noqa: E402

from tests.foundation.foreign_hand_lists import FOREIGN, NATURALISED  # noqa: E402

RATIOS = (3.0, 5.0, 10.0, 20.0, 30.0, 100.0)
ENGLISH_CAPS = (4.0, 4.5, float("inf"))


def main() -> None:
    english = fw.folded_frequencies(wordfreq.get_frequency_dict("en"))
    others = [fw.folded_frequencies(wordfreq.get_frequency_dict(lang))
              for lang in fw.OTHER_LANGUAGES]
    data = ROOT / "src" / "puzzlesmith" / "lexicon" / "data" / "letterpress.txt.gz"
    letterpress = gzip.decompress(data.read_bytes()).decode().split()

    def pair(w: str) -> tuple[float, float]:
        return english.get(w, 0.0), max(t.get(w, 0.0) for t in others)

    pairs = {w: pair(w) for w in {*letterpress, *FOREIGN, *NATURALISED}}

    def flagged(w: str, ratio: float, cap: float) -> bool:
        en, other = pairs[w]
        return (other >= ratio * max(en, fw.ENGLISH_FLOOR) and fw.zipf(en) < cap
                and fw.zipf(other) >= fw.MIN_OTHER_ZIPF)

    print("| ratio at least | English Zipf below | foreign flagged (of 50) | naturalised "
          "left alone (of 50) | right (of 100) | Letterpress words flagged |")
    print("|---|---|---|---|---|---|")
    for cap in ENGLISH_CAPS:
        for ratio in RATIOS:
            f = sum(flagged(w, ratio, cap) for w in FOREIGN)
            n = sum(not flagged(w, ratio, cap) for w in NATURALISED)
            lp = sum(flagged(w, ratio, cap) for w in letterpress)
            cap_text = "(none)" if cap == float("inf") else f"{cap:g}"
            print(f"| {ratio:g} | {cap_text} | {f} | {n} | {f + n} | {lp:,} |")
    chosen = (fw.MIN_RATIO, fw.MAX_ENGLISH_ZIPF)
    print(f"\nat ratio {chosen[0]:g}, English Zipf below {chosen[1]:g}:")
    print("  foreign words missed:", [w for w in FOREIGN if not flagged(w, *chosen)])
    print("  naturalised words flagged:", [w for w in NATURALISED if flagged(w, *chosen)])


if __name__ == "__main__":
    main()
