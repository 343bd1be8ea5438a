"""Which of wordfreq's frequent words are not words a person uses, beyond the proper names:
the words the common cut (`--common`) leaves out. See docs/common.md for the rule and
its measurement on hand-labelled seeded samples (tests/foundation/common_samples.py).

wordfreq folds case and counts a spelling however it is used, so a short dictionary word may
owe its rank to a name or an abbreviation spelled the same (`lea`: Lea; `sol`: Sol and Spanish
`sol`; `eta`: ETA) or to another language's word: crosswordese passes a frequency cut that
way. Three signals, each from data the flags already build from:
- other languages' text: a word that wordfreq sees at least as often in the text of two of
  French, Spanish, Italian, German, Portuguese and Dutch as in English text is used across
  languages, as names, brands, abbreviations and foreign words are, unless SCOWL counts it
  among its most common English words (size 35: `ado`, `don`, `web` stay);
- a name first: SCOWL lists its capitalised form at a more common size than its lowercase one
  (`york`, `ben`, `daphne`);
- a three-letter word seen at least half as often as in English in four of those languages'
  text owes its rank to names and abbreviations that travel (`lam`, `deb`, `mor`: Lam, Deb,
  MOR), as crosswordese does, unless SCOWL counts it among its most common English words;
and the foreign flags (foreign.txt.gz: `eau`, `moi`). An international word (`webcam`,
`smartphone`, `espresso`, `tic`) is used abroad as much as at home, but it is no name: a word
of four letters or more that SCOWL lists in lowercase among its everyday words (size 50) and
never capitalised stays, whatever other languages make of it.

Pure functions over word tables; scripts/build_data.py feeds them and writes uncommon.txt.gz.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

OTHER_TEXT_LANGUAGES = 2  # seen at least as often in this many other languages' text as in English
SHORT_LENGTH = 3  # a word this short (where crosswordese lives) is used across languages when
SHORT_SHARE = 0.5  # seen at least this share of its English frequency
SHORT_LANGUAGES = 4  # in this many other languages' text (names travel: `lam`, `deb`, `mor`)
CORE_SCOWL_SIZE = 35  # SCOWL's most common words are words a person uses, whatever else holds
LOAN_SCOWL_SIZE = 50  # an everyday word of SCOWL that it never lists capitalised is no name
LOAN_LENGTH = 4  # from this length: shorter ones are abbreviations or crosswordese (`lei`, `wen`)
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
    languages' text as in English text or, for a word of SHORT_LENGTH letters, at least
    SHORT_SHARE as often in SHORT_LANGUAGES of them (frequencies folded to a-z, floor-free)."""
    en = english.get(word, 0.0)
    tables = list(others)
    if sum(t.get(word, 0.0) >= en > 0 for t in tables) >= OTHER_TEXT_LANGUAGES:
        return True
    return len(word) <= SHORT_LENGTH and sum(
        t.get(word, 0.0) >= en * SHORT_SHARE > 0 for t in tables) >= SHORT_LANGUAGES


def international(word: str, size: int | None, capital: Mapping[str, int]) -> bool:
    """Whether the word is an everyday word that is no name or abbreviation, so that its use
    abroad says nothing against it (`webcam`, `espresso`): it has LOAN_LENGTH letters or
    more, and SCOWL lists it in lowercase up to LOAN_SCOWL_SIZE (`size`) and never capitalised."""
    return (len(word) >= LOAN_LENGTH and size is not None and size <= LOAN_SCOWL_SIZE
            and word not in capital)


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
        abroad = (not core and not international(w, size, capital)
                  and used_abroad(w, english, tables))
        if w in foreign or name_first or abroad:
            out.append(w)
    return sorted(out)
