"""Which words of the bundled lists are foreign: words an English speaker would italicise
(`ciao`, `merci`, `muy`, `sehr`), not words English took in long ago (`crier`, `impede`,
`lager`). See docs/foreign.md for the rule, and for how it was measured on hand-labelled random
samples (tests/foundation/foreign_samples.py) and the hand lists
(tests/foundation/foreign_hand_lists.py).

A word is foreign when all of these hold:
- frequency: it is markedly more frequent in French, Spanish, Italian, German, Portuguese or
  Dutch text than in English text (wordfreq), and rare in English;
- a word there: a dictionary of that language has it as a word, not only as a name (Debian's
  word lists: wfrench, wspanish, witalian, wngerman, wportuguese, wbrazilian, wdutch);
- not English: SCOWL's small American and British lists (the words of a desk dictionary) do
  not have it nor, for a word SCOWL lists at some size, the English base it inflects, and an
  English dictionary word (WordNet, or SCOWL's larger lists) needs a far larger lead in the
  other language's text.

Pure functions over word tables; scripts/build_data.py feeds them wordfreq, the Debian lists
and the shipped WordNet index, and writes foreign.txt.gz.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

# The languages whose text English borrows from most and that wordfreq covers in the Latin
# alphabet; more languages flag more rare English words that happen to be spelled like a
# word of some language, without finding more of the words English uses as foreign.
OTHER_LANGUAGES = ("fr", "es", "it", "de", "pt", "nl")
MIN_RATIO = 10.0  # its frequency in one of those languages is at least this many times its English one,
MAX_ENGLISH_ZIPF = 4.0  # it is rarer in English than once in 10,000 words (`die`, `also`, `piano`
#                         are English first, whatever German or Italian make of them),
MIN_OTHER_ZIPF = 3.0  # it is a common word there, at least once in a million words,
WORDNET_ENGLISH_ZIPF = 3.25  # a WordNet word this frequent in English is English (`hen`, `hay`),
UNMARKED_ENGLISH_ZIPF = 3.0  # and from here when WordNet gives it no foreign mark (`nada`, `gar`),
ENGLISH_SCOWL_SIZE = 50  # a word of SCOWL's lists up to this size is English (`impede`, `lager`,
#                          `crier`, `hectare`: desk-dictionary words, whatever Portuguese makes of them),
DICTIONARY_SCOWL_SIZE = 80  # and a word of SCOWL's lists up to this size, or of WordNet,
DICTIONARY_RATIO = 100.0  # is foreign only when this many times more frequent elsewhere
#                           (`ciao`, `senor`, `eau` are; `stipule`, `armoire`, `verso` are not);
UNMARKED_SCOWL_SIZE = 70  # a WordNet word without a foreign mark in SCOWL's lists to this size
#                           is English (`marque`, `giro`, `redaction`); and a WordNet headword
#                           without one is English at any size (`lidar`, `maar`, `relata`).
# A WordNet sense marks its lowercase lemmas foreign when its gloss names one of these
# languages ("a Spanish title or form of address for a man": `senor`) or its region domain is
# one of these countries (`ciao`: Italy; `mot`: France).
MARK_LANGUAGES = ("French", "Spanish", "Italian", "German", "Portuguese", "Dutch")
MARK_REGIONS = ("France", "Spain", "Italy", "Germany", "Portugal", "Netherlands", "Belgium",
                "Switzerland", "Austria", "Mexico", "Brazil")
# Words that the review of the common cut (docs/foreign.md) found English, with the reason the
# rule flags them: English uses them as its own, unitalicised, and no list tells it.
ENGLISH_AFTER_ALL = frozenset((
    "femme",  # `femme fatale`, and a noun of its own; SCOWL has it only from size 70
    "hast",  # `thou hast`: archaic English, far more frequent in German (`du hast`)
    "uber",  # `uber-cool`: English slang, and the company; SCOWL lacks it unaccented
    "wut",  # internet English for `what`; German `Wut` (rage) is more frequent
    "om",  # the mantra, in English dictionaries; Dutch `om` (around) is more frequent
    "wat",  # a Thai temple, in English dictionaries; Dutch `wat` (what) is more frequent
))
# WordNet's detachment rules (its morphy): an inflected form -> the base forms it may be.
INFLECTIONS = (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
               ("men", "man"), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
               ("ing", "e"), ("ing", ""), ("er", ""), ("est", ""), ("er", "e"), ("est", "e"))
# English endings whose base SCOWL may list without the inflected form (`homologues`).
ENGLISH_ENDINGS = (("s", ""), ("es", ""), ("ies", "y"), ("ed", ""), ("ed", "e"), ("ing", ""),
                   ("ing", "e"), ("er", ""), ("er", "e"), ("ers", ""), ("ers", "e"), ("ly", ""))
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


def _plain(entry: str) -> str | None:
    """A word list's entry folded to a-z, keeping its case; None if it is not one word."""
    key = fold(entry.strip())
    return key if key.isascii() and key.isalpha() else None


def scowl_sizes(lists: Mapping[int, Iterable[str]]) -> dict[str, int]:
    """Lowercase word -> the smallest SCOWL size (size -> that size's American and British
    entries) that lists it in lowercase, accents dropped (`cafe` for café)."""
    sizes: dict[str, int] = {}
    for size in sorted(lists, reverse=True):
        for entry in lists[size]:
            key = _plain(entry)
            if key and key.islower():
                sizes[key] = size
    return sizes


def scowl_names(entries: Iterable[str], sizes: Mapping[str, int]) -> frozenset[str]:
    """Lowercase forms of the words SCOWL lists only capitalised (`Rossi`, `Merkel`)."""
    out: set[str] = set()
    for entry in entries:
        key = _plain(entry)
        if key and key[0].isupper() and key.lower() not in sizes:
            out.add(key.lower())
    return frozenset(out)


@dataclass(frozen=True)
class OtherWords:
    """The words of other languages' dictionaries, and the names among their entries."""

    words: frozenset[str]
    names: frozenset[str]


def other_words(lists: Mapping[str, Iterable[str]], nouns_capitalised: Iterable[str],
                names_capitalised: Iterable[str]) -> OtherWords:
    """From other languages' word lists (name -> entries): their lowercase entries, and the
    capitalised ones of the languages that capitalise nouns (German: `Fenster`, `Luft`); the
    capitalised entries of the languages that capitalise only names are names."""
    nouns, names = set(nouns_capitalised), set(names_capitalised)
    words: set[str] = set()
    capitalised: set[str] = set()
    for name, entries in lists.items():
        for entry in entries:
            key = _plain(entry)
            if not key:
                continue
            if key.islower():
                words.add(key)
            elif key[0].isupper() and key[1:].islower():
                if name in nouns:
                    words.add(key.lower())
                elif name in names:
                    capitalised.add(key.lower())
    return OtherWords(frozenset(words), frozenset(capitalised))


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


def wordnet_marked(data_files: Iterable[str]) -> frozenset[str]:
    """The one-word lemmas, lowercased, of WordNet's data.noun/verb/adj/adv texts that a sense
    marks foreign (MARK_LANGUAGES in its definition, its examples left aside, or a region
    domain in MARK_REGIONS); instances (the Seine, a French river) mark nothing."""
    first_lemma: dict[str, str] = {}  # offset -> first lemma (the region synsets are nouns)
    parsed = []
    for text in data_files:
        for line in text.split("\n"):
            if not line or line.startswith("  "):
                continue  # the licence header
            head, _, gloss = line.partition(" | ")
            f = head.split()
            n = int(f[3], 16)
            lemmas = [re.sub(r"\((?:a|p|ip)\)$", "", f[4 + 2 * i]) for i in range(n)]
            p = 4 + 2 * n
            pointers = [(f[p + 1 + 4 * i], f[p + 2 + 4 * i]) for i in range(int(f[p]))]
            if f[2] == "n":
                first_lemma[f[0]] = lemmas[0]
            if all(symbol != "@i" for symbol, _ in pointers):
                regions = [o for symbol, o in pointers if symbol == ";r"]
                parsed.append((lemmas, regions, gloss.split('"')[0]))
    language = re.compile(rf"\b(?:{'|'.join(MARK_LANGUAGES)})")
    out: set[str] = set()
    for lemmas, regions, definition in parsed:
        if language.search(definition) or any(first_lemma.get(o) in MARK_REGIONS
                                              for o in regions):
            out.update(w.lower() for w in lemmas if w.isascii() and w.isalpha())
    return frozenset(out)


def wordnet_exceptions(index_text: str) -> dict[str, frozenset[str]]:
    """The irregular forms of the shipped WordNet index's @exc section -> their base lemmas
    (`nidi` -> `nidus`, `carabinieri` -> `carabiniere`)."""
    section = ""
    out: dict[str, set[str]] = {}
    for line in index_text.split("\n"):
        if line.startswith("@"):
            section = line
        elif section == "@exc":
            _, form, base = line.split("\t")[:3]
            out.setdefault(form, set()).add(base)
    return {form: frozenset(bases) for form, bases in out.items()}


def with_forms(lemmas: frozenset[str], exceptions: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """`lemmas` and the irregular forms of any of them (a plural takes its lemma's mark)."""
    return lemmas | {form for form, bases in exceptions.items() if bases & lemmas}


def wordnet_headwords(data_files: Iterable[str]) -> frozenset[str]:
    """The lowercase one-word lemmas that WordNet names a sense by: the first lemma of a
    synset, or a spelling of it (the same first five letters: `approximative` beside
    `approximate`). A synonym listed after another word (`dejeuner` after `lunch`, `fille`
    after `girl`) is not one: WordNet gives the English word first."""
    out: set[str] = set()
    for text in data_files:
        for line in text.split("\n"):
            if not line or line.startswith("  "):
                continue
            f = line.split(" | ")[0].split()
            lemmas = [re.sub(r"\((?:a|p|ip)\)$", "", f[4 + 2 * i]) for i in range(int(f[3], 16))]
            out.update(w for w in lemmas if w.isascii() and w.isalpha() and w.islower()
                       and (w == lemmas[0] or w[:5] == lemmas[0][:5]))
    return frozenset(out)


def scowl_size(word: str, sizes: Mapping[str, int], listed_only: bool = False) -> int | None:
    """The smallest SCOWL size of the word, of an English base it inflects (`homologues`), or
    of its American spelling (`realisation`); None if SCOWL has none of them. With
    `listed_only`, None for a word SCOWL does not list itself at any size: a French infinitive
    or plural no English list holds (`penser`, `legaliser`, `amendes`) is no English -er or -s
    word of the base it seems to inflect."""
    if listed_only and word not in sizes:
        return None
    found = [sizes.get(word)]
    found += [sizes.get(word[: len(word) - len(end)] + base)
              for end, base in ENGLISH_ENDINGS if len(word) > len(end) + 2 and word.endswith(end)]
    if "is" in word:
        found.append(sizes.get(word.replace("is", "iz")))
    return min((s for s in found if s is not None), default=None)


@dataclass(frozen=True)
class Evidence:
    """What the rule reads about one word."""

    english: float  # folded English frequency
    other: float  # its highest folded frequency in OTHER_LANGUAGES
    scowl: int | None  # scowl_size
    wordnet: bool  # in_wordnet
    marked: bool  # in wordnet_marked (or an irregular form of a marked lemma)
    headword: bool = False  # in wordnet_headwords (or an irregular form of one)


def is_foreign(e: Evidence) -> bool:
    """The rule for a word of another language's dictionary that is not a name (the
    module's docstring says it in words)."""
    lead = e.other / max(e.english, ENGLISH_FLOOR)
    if not (lead >= MIN_RATIO and zipf(e.english) < MAX_ENGLISH_ZIPF
            and zipf(e.other) >= MIN_OTHER_ZIPF):
        return False
    if e.scowl is not None and e.scowl <= ENGLISH_SCOWL_SIZE:
        return False
    if e.wordnet and zipf(e.english) >= WORDNET_ENGLISH_ZIPF:
        return False
    if e.wordnet and not e.marked and (
            e.headword or zipf(e.english) >= UNMARKED_ENGLISH_ZIPF
            or (e.scowl is not None and e.scowl <= UNMARKED_SCOWL_SIZE)):
        return False
    dictionary = e.wordnet or (e.scowl is not None and e.scowl <= DICTIONARY_SCOWL_SIZE)
    return not dictionary or lead >= DICTIONARY_RATIO


def foreign_words(
    words: Iterable[str], english: Mapping[str, float], others: Iterable[Mapping[str, float]],
    wordnet: frozenset[str], marked: frozenset[str], sizes: Mapping[str, int],
    names: frozenset[str], other: OtherWords, headwords: frozenset[str] = frozenset(),
) -> list[str]:
    """The foreign words among `words`, sorted. `english` and `others` are
    `folded_frequencies` results, `marked` a `wordnet_marked` one, `sizes` a `scowl_sizes` one,
    `names` SCOWL's and the other dictionaries' names (a word that is a name is not flagged:
    `rossi`, `merkel`), `headwords` a `wordnet_headwords` one; ENGLISH_AFTER_ALL is never
    flagged."""
    tables = list(others)
    out: set[str] = set()
    for w in words:
        if w in names or w not in other.words or w in ENGLISH_AFTER_ALL:
            continue
        e = Evidence(english.get(w, 0.0), max(t.get(w, 0.0) for t in tables),
                     scowl_size(w, sizes, listed_only=True), in_wordnet(w, wordnet), w in marked,
                     w in headwords)
        if is_foreign(e):
            out.add(w)
    return sorted(out)
