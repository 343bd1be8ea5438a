"""Which words of the bundled lists are foreign: markedly more frequent in other languages' text
than in English, by wordfreq's frequencies (see docs/words.md, "Foreign words", for how the
thresholds were measured on the hand lists in tests/lexicon/foreign_hand_lists.py).

Pure functions over frequency tables; scripts/build_data.py feeds them wordfreq's and writes
foreign.txt.gz.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Mapping

# The languages whose text English borrows from most and that wordfreq covers in the Latin
# alphabet; more languages flag more rare English words that happen to be spelled like a
# word of some language, without finding more of the words English uses as foreign.
OTHER_LANGUAGES = ("fr", "es", "it", "de", "pt", "nl")
# A word is foreign when, with accents dropped (a grid has no accents: `senor` is señor):
MIN_RATIO = 10.0  # its frequency in one of those languages is at least this many times its English one,
MAX_ENGLISH_ZIPF = 4.0  # it is rarer in English than once in 10,000 words (`die`, `also`, `piano`
#                         are English first, whatever German or Italian make of them),
MIN_OTHER_ZIPF = 3.0  # and it is a common word there, at least once in a million words.
ENGLISH_FLOOR = 1e-8  # the English frequency of a word wordfreq does not list


def fold(word: str) -> str:
    """The word without its accents (`très` -> `tres`); other marks are kept."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def folded_frequencies(freqs: Mapping[str, float]) -> dict[str, float]:
    """A language's word frequencies by accent-free a-z spelling, the spellings' shares added."""
    out: dict[str, float] = {}
    for word, f in freqs.items():
        key = fold(word)
        if key.isascii() and key.isalpha() and key.islower():
            out[key] = out.get(key, 0.0) + f
    return out


def zipf(freq: float) -> float:
    """wordfreq's Zipf scale: log10 of occurrences per billion words."""
    return math.log10(freq * 1e9) if freq > 0 else -math.inf


def is_foreign(english: float, other: float) -> bool:
    """The rule, from a word's folded English frequency and its highest folded one elsewhere."""
    return (other >= MIN_RATIO * max(english, ENGLISH_FLOOR)
            and zipf(english) < MAX_ENGLISH_ZIPF and zipf(other) >= MIN_OTHER_ZIPF)


def foreign_words(
    words: Iterable[str], english: Mapping[str, float], others: Iterable[Mapping[str, float]],
) -> list[str]:
    """The foreign words among `words`, sorted; the tables are `folded_frequencies` results."""
    tables = list(others)
    return sorted({w for w in words
                   if is_foreign(english.get(w, 0.0), max(t.get(w, 0.0) for t in tables))})
