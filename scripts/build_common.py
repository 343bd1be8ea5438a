"""Which of wordfreq's frequent words are not words a person uses, beyond the proper names:
the words the common cut (`--common`) leaves out. See docs/common.md for the rule and
its measurement on hand-labelled seeded samples (tests/foundation/common_samples.py).

wordfreq folds case and counts a spelling however it is used, so a short dictionary word may
owe its rank to a name or an abbreviation spelled the same (`lea`: Lea; `sol`: Sol and Spanish
`sol`; `eta`: ETA) or to another language's word: crosswordese passes a frequency cut that
way. Two signals, each from data the flags already build from:
- other languages' text: a word that wordfreq sees at least as often in the text of two of
  French, Spanish, Italian, German, Portuguese and Dutch as in English text is used across
  languages, as names, brands, abbreviations and foreign words are, unless SCOWL counts it
  among its most common English words (size 35: `ado`, `don`, `web` stay);
- a name first: SCOWL lists its capitalised form at a more common size than its lowercase one
  (`york`, `ben`, `daphne`);
and the foreign flags (foreign.txt.gz: `eau`, `moi`).

Pure functions over word tables; scripts/build_data.py feeds them and writes uncommon.txt.gz.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

OTHER_TEXT_LANGUAGES = 2  # seen at least as often in this many other languages' text as in English
CORE_SCOWL_SIZE = 35  # SCOWL's most common words are words a person uses, whatever else holds
RANKED = 100_000  # the words judged: wordfreq's most frequent, as far as a common cut is useful


def capital_sizes(lists: Mapping[int, Iterable[str]]) -> dict[str, int]:
    """Lowercased word -> the smallest SCOWL size (size -> that size's entries) listing it
    capitalised (`York` -> `york`)."""
    sizes: dict[str, int] = {}
    for size in sorted(lists, reverse=True):
        for entry in lists[size]:
            e = entry.strip()
            if e[:1].isupper() and e[1:].islower() and e.isascii() and e.isalpha():
                sizes[e.lower()] = size
    return sizes


def used_abroad(word: str, english: Mapping[str, float],
                others: Iterable[Mapping[str, float]]) -> bool:
    """Whether wordfreq sees the word at least as often in OTHER_TEXT_LANGUAGES of the other
    languages' text as in English text (both frequencies folded to a-z, floor-free)."""
    en = english.get(word, 0.0)
    return sum(t.get(word, 0.0) >= en > 0 for t in others) >= OTHER_TEXT_LANGUAGES


def not_common(
    words: Iterable[str], english: Mapping[str, float], others: Iterable[Mapping[str, float]],
    lower_size: Callable[[str], int | None], capital: Mapping[str, int], foreign: frozenset[str],
) -> list[str]:
    """The words, sorted, that are not words a person uses by the module's rule; `lower_size`
    gives a word's SCOWL size in lowercase (build_foreign.scowl_size), `capital` is a
    `capital_sizes` result, `foreign` the flagged words."""
    tables = list(others)
    out = []
    for w in words:
        size = lower_size(w)
        core = size is not None and size <= CORE_SCOWL_SIZE
        name_first = w in capital and (size is None or capital[w] < size)
        if w in foreign or name_first or (not core and used_abroad(w, english, tables)):
            out.append(w)
    return sorted(out)
