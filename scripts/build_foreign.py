"""Which words of the bundled lists are foreign: markedly more frequent in other languages' text
than in English, by wordfreq's frequencies (see docs/words.md, "Foreign words", for how the
thresholds were measured on the hand lists in tests/lexicon/foreign_hand_lists.py).

Pure functions over frequency tables; scripts/build_data.py feeds them wordfreq's and the
shipped WordNet index's words, and writes foreign.txt.gz.
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
MIN_OTHER_ZIPF = 3.0  # it is a common word there, at least once in a million words,
WORDNET_ENGLISH_ZIPF = 3.25  # and it is not a word of WordNet (a lemma, an irregular form, or
#                              a lemma with one of WordNet's own inflection endings: `pies`)
#                              this frequent in English: `hen`, `hay`, `lid`, `rug` are English
#                              words that Dutch or Spanish spell alike and use more.
# WordNet's detachment rules (its morphy): an inflected form -> the base forms it may be.
INFLECTIONS = (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
               ("men", "man"), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
               ("ing", "e"), ("ing", ""), ("er", ""), ("est", ""), ("er", "e"), ("est", "e"))
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


def is_foreign(english: float, other: float, in_wordnet: bool) -> bool:
    """The rule, from a word's folded English frequency, its highest folded one elsewhere, and
    whether WordNet has it."""
    return (other >= MIN_RATIO * max(english, ENGLISH_FLOOR)
            and zipf(english) < MAX_ENGLISH_ZIPF and zipf(other) >= MIN_OTHER_ZIPF
            and not (in_wordnet and zipf(english) >= WORDNET_ENGLISH_ZIPF))


def wordnet_words(index_text: str) -> frozenset[str]:
    """The one-word lemmas and irregular forms (`rode`, `geese`) of the shipped WordNet index
    (`wordnet-index.txt.gz`: its @lemmas section, and the forms of its @exc section)."""
    section = ""
    out: set[str] = set()
    for line in index_text.split("\n"):
        if line.startswith("@"):
            section = line
        elif section == "@lemmas":
            out.add(line)
        elif section == "@exc":
            out.add(line.split("\t")[1])
    return frozenset(w for w in out if w.isascii() and w.isalpha())


def in_wordnet(word: str, wordnet: frozenset[str]) -> bool:
    """Whether WordNet has the word, or has it as an inflection of one of its lemmas."""
    return word in wordnet or any(
        word.endswith(end) and word[: len(word) - len(end)] + base in wordnet
        for end, base in INFLECTIONS if len(word) > len(end))


def foreign_words(
    words: Iterable[str], english: Mapping[str, float], others: Iterable[Mapping[str, float]],
    wordnet: frozenset[str],
) -> list[str]:
    """The foreign words among `words`, sorted; the tables are `folded_frequencies` results."""
    tables = list(others)
    return sorted({w for w in words
                   if is_foreign(english.get(w, 0.0), max(t.get(w, 0.0) for t in tables),
                                 in_wordnet(w, wordnet))})
