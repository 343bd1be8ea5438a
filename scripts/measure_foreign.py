#!/usr/bin/env python3
"""The table in docs/foreign.md: how many of the hand lists' words (tests/foundation/
foreign_hand_lists.py) the foreign-word rule gets right at a few thresholds (the ratio to
English, and the English frequency from which a WordNet word counts as English), and how many
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

from tests.foundation.foreign_hand_lists import FOREIGN, HOMOGRAPHS, NATURALISED  # noqa: E402

RATIOS = (3.0, 10.0, 30.0, 100.0)
WORDNET_CAPS = (float("inf"), 3.5, 3.25, 3.0, 2.5)


def main() -> None:
    english = fw.folded_frequencies(wordfreq.get_frequency_dict("en"))
    others = [fw.folded_frequencies(wordfreq.get_frequency_dict(lang))
              for lang in fw.OTHER_LANGUAGES]
    data = ROOT / "src" / "puzzlesmith" / "lexicon" / "data"
    letterpress = gzip.decompress((data / "letterpress.txt.gz").read_bytes()).decode().split()
    wordnet = fw.wordnet_words(
        gzip.decompress((data / "wordnet-index.txt.gz").read_bytes()).decode("utf-8"))
    hand = (*FOREIGN, *NATURALISED, *HOMOGRAPHS)
    pairs = {w: (english.get(w, 0.0), max(t.get(w, 0.0) for t in others))
             for w in {*letterpress, *hand}}

    def flagged(w: str, ratio: float, wordnet_cap: float) -> bool:
        en, other = pairs[w]
        return (other >= ratio * max(en, fw.ENGLISH_FLOOR) and fw.zipf(en) < fw.MAX_ENGLISH_ZIPF
                and fw.zipf(other) >= fw.MIN_OTHER_ZIPF
                and not (fw.in_wordnet(w, wordnet) and fw.zipf(en) >= wordnet_cap))

    print("| ratio at least | WordNet word English from Zipf | foreign flagged (of 50) | "
          "naturalised left alone (of 50) | homographs left alone (of 50) | right (of 150) | "
          "Letterpress words flagged |")
    print("|---|---|---|---|---|---|---|")
    for cap in WORDNET_CAPS:
        for ratio in RATIOS:
            f = sum(flagged(w, ratio, cap) for w in FOREIGN)
            n = sum(not flagged(w, ratio, cap) for w in NATURALISED)
            h = sum(not flagged(w, ratio, cap) for w in HOMOGRAPHS)
            lp = sum(flagged(w, ratio, cap) for w in letterpress)
            cap_text = "(never)" if cap == float("inf") else f"{cap:g}"
            print(f"| {ratio:g} | {cap_text} | {f} | {n} | {h} | {f + n + h} | {lp:,} |")
    chosen = (fw.MIN_RATIO, fw.WORDNET_ENGLISH_ZIPF)
    print(f"\nat ratio {chosen[0]:g}, WordNet words English from Zipf {chosen[1]:g}:")
    print("  foreign words missed:", [w for w in FOREIGN if not flagged(w, *chosen)])
    print("  naturalised words flagged:", [w for w in NATURALISED if flagged(w, *chosen)])
    print("  homographs flagged:", [w for w in HOMOGRAPHS if flagged(w, *chosen)])


if __name__ == "__main__":
    main()
