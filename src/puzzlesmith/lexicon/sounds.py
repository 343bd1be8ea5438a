"""Sounds from the CMU Pronouncing Dictionary (scripts/build_data.py cmudict ships it compact,
with CMU's licence): pronunciations, syllable counts, rhymes and words that sound alike.

A pronunciation is ARPAbet phones separated by spaces, vowels carrying a stress digit
(`T EY1 B AH0 L`). Its syllables are its vowels. Its rhyme is the part from its last stressed
vowel on, primary or secondary stress alike (its last vowel if none is stressed), stress digits
dropped: two words rhyme perfectly when a pronunciation of each has the same rhyme ("table",
"fable"; "read" /R IY1 D/ and "seed"), and a compound rhymes with its last part, as a rhyming
dictionary hears it (sweetheart /S W IY1 T HH AA2 R T/ with "heart", honeymoon with "moon").
A word's final -y, -i, -ie or consonant and -e is unstressed even where CMUdict marks its IY
with secondary stress (possibility /... IH1 L AH0 T IY2/ rhymes with "ability", not with
"sea"; so do some -ly, -ogy and -ty words, and newbie, machete, hyperbole, anti); a compound's
last part spelled -ee, -ea or -ey keeps its stress (bumblebee with "bee", latchkey with "key";
wannabe, spelled -be, loses it).
A pronunciation that reads a word letter by letter (`id` /AY1 D IY1/, `cod` /S IY1 OW1 D IY1/,
`am` /EY1 EH1 M/) is its initialism's, not the word's: when the word has a vowel letter and
another pronunciation, rhymes and sounds-alike leave it out, so "id" and "cod" do not rhyme
with "sea" nor "am" with "them" (a word with no vowel letter, "tv", is read that way, and "a"
/EY1/ is the word itself).
A near rhyme has the same vowels in its rhyme and consonants of the same kind (stop,
fricative, affricate, nasal, l, r or glide) in the same places: "time" and "line", "heart"
and "hard".
"""

from __future__ import annotations

import gzip
from collections.abc import Callable
from functools import cache
from importlib import resources


@cache
def _text() -> str:
    """The shipped file, one `word PRON|PRON` a line, with a newline before the first."""
    data = resources.files("puzzlesmith.lexicon").joinpath("data", "cmudict.txt.gz")
    return "\n" + gzip.decompress(data.read_bytes()).decode("ascii")


@cache
def _dictionary() -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for line in _text().splitlines():
        word, _, prons = line.partition(" ")
        if word:
            out[word] = tuple(prons.split("|"))
    return out


def pronunciations(word: str) -> tuple[str, ...]:
    """The word's pronunciations (none when the dictionary lacks it). A single lookup finds
    its line in the text: `define` pays for no dictionary of 117,000 entries."""
    w = word.lower()
    if _dictionary.cache_info().currsize:
        return _dictionary().get(w, ())
    text = _text()
    at = text.find(f"\n{w} ")
    if at < 0 or not w:
        return ()
    end = text.find("\n", at + 1)
    return tuple(text[at + len(w) + 2 : end if end >= 0 else None].split("|"))


# Each letter's name, as CMUdict spells a word read letter by letter (stress aside).
_LETTER_NAMES = dict(zip("abcdefghijklmnopqrstuvwxyz", (
    "EY", "B IY", "S IY", "D IY", "IY", "EH F", "JH IY", "EY CH", "AY", "JH EY", "K EY", "EH L",
    "EH M", "EH N", "OW", "P IY", "K Y UW", "AA R", "EH S", "T IY", "Y UW", "V IY",
    "D AH B AH L Y UW", "EH K S", "W AY", "Z IY"), strict=True))


def _heard(word: str, prons: tuple[str, ...]) -> tuple[str, ...]:
    """The pronunciations rhymes and sounds-alike use: all but one reading the word letter by
    letter, when it has a vowel letter and another pronunciation (the module's docstring)."""
    if len(prons) < 2 or len(word) < 2 or not any(v in word for v in "aeiou"):
        return prons
    spelled = " ".join(_LETTER_NAMES.get(c, "?") for c in word)
    kept = tuple(p for p in prons if " ".join(x.rstrip("012") for x in p.split()) != spelled)
    return kept or prons


def known(word: str) -> bool:
    return word.lower() in _dictionary()  # (asked of many words: the dictionary pays)


def syllable_counts(word: str) -> frozenset[int]:
    """The numbers of syllables of the word's pronunciations."""
    return frozenset(sum(p[-1].isdigit() for p in pron.split()) for pron in pronunciations(word))


def _unstressed_ending(word: str) -> bool:
    """Whether the word's spelling ends as an unstressed -y, -i, -ie or consonant and -e does
    (not -ey, -ee, -ea: the -key of latchkey and the -bee of bumblebee are words)."""
    if word.endswith(("ey", "ee", "ea")):
        return False
    return word.endswith(("y", "i", "ie")) or (word[-2:-1] not in ("", *"aeiou")
                                               and word.endswith("e"))


def _rhyme_start(phones: list[str] | tuple[str, ...], word: str = "") -> int:
    """Where a pronunciation's rhyme starts: its last stressed vowel, else its last vowel; a
    final IY2 of a word spelled with an unstressed ending counts as unstressed (the module's
    docstring)."""
    vowels = [i for i, p in enumerate(phones) if p[-1].isdigit()]
    suffix = len(phones) - 1 if phones[-1:] == ["IY2"] and _unstressed_ending(word) else -1
    stressed = [i for i in vowels if phones[i][-1] in "12" and i != suffix]
    return (stressed or vowels or [0])[-1]


def rhyme_of(pronunciation: str, word: str = "") -> str:
    """The part of a pronunciation of `word` a perfect rhyme shares (the module's docstring)."""
    phones = pronunciation.split()
    return " ".join(p.rstrip("012") for p in phones[_rhyme_start(phones, word):])


# The kinds of consonant a near rhyme may swap within (ARPAbet's 24 consonants).
_KIND = {phone: kind for kind, phones in (
    ("stop", "P B T D K G"), ("fricative", "F V TH DH S Z SH ZH HH"), ("affricate", "CH JH"),
    ("nasal", "M N NG"), ("liquid", "L"), ("r", "R"), ("glide", "W Y")) for phone in phones.split()}


def near_rhyme_of(pronunciation: str, word: str = "") -> str:
    """A rhyme with each consonant replaced by its kind (see the module's docstring)."""
    return " ".join(_KIND.get(p, p) for p in rhyme_of(pronunciation, word).split())


def _grouped(key: Callable[[str, str], str]) -> dict[str, frozenset[str]]:
    """The dictionary's words by `key` of each of their pronunciations (and the word)."""
    groups: dict[str, set[str]] = {}
    for word, prons in _dictionary().items():
        for pron in _heard(word, prons):
            groups.setdefault(key(pron, word), set()).add(word)
    return {k: frozenset(v) for k, v in groups.items()}


@cache
def _by_rhyme() -> dict[str, frozenset[str]]:
    return _grouped(rhyme_of)


@cache
def _by_near_rhyme() -> dict[str, frozenset[str]]:
    return _grouped(near_rhyme_of)


def rhymes(word: str) -> frozenset[str]:
    """Words that rhyme perfectly with WORD (through any of its pronunciations), not itself."""
    by_rhyme = _by_rhyme()
    found: set[str] = set()
    for pron in _heard(word.lower(), pronunciations(word)):
        found |= by_rhyme.get(rhyme_of(pron, word.lower()), frozenset())
    found.discard(word.lower())
    return frozenset(found)


def near_rhymes(word: str) -> frozenset[str]:
    """Words that rhyme with WORD nearly but not perfectly (see the module's docstring)."""
    by_near = _by_near_rhyme()
    found: set[str] = set()
    for pron in _heard(word.lower(), pronunciations(word)):
        found |= by_near.get(near_rhyme_of(pron, word.lower()), frozenset())
    return frozenset(found - rhymes(word) - {word.lower()})


def described(word: str) -> dict[str, list[str] | list[int]]:
    """The word's pronunciations and syllable counts, as `define --json` adds them."""
    prons = pronunciations(word)
    return {"pronunciations": list(prons),
            "syllables": sorted({sum(p[-1].isdigit() for p in pron.split()) for pron in prons})}


def _plain(pronunciation: str) -> tuple[str, ...]:
    return tuple(p.rstrip("012") for p in pronunciation.split())


def _within_one(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether one phone changed, added or removed turns a into b (or they are equal)."""
    if len(a) > len(b):
        a, b = b, a
    if len(b) - len(a) > 1:
        return False
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1:] == b[i + 1:]
    return a[i:] == b[i + 1:]


@cache
def _by_plain() -> dict[tuple[str, ...], frozenset[str]]:
    groups: dict[tuple[str, ...], set[str]] = {}
    for word, prons in _dictionary().items():
        for pron in _heard(word, prons):
            groups.setdefault(_plain(pron), set()).add(word)
    return {k: frozenset(v) for k, v in groups.items()}


# Where and how each consonant is made, and how alike two vowels sound: a changed phone costs
# less the more it shares with the one it replaces.
_PLACE = {phone: place for place, phones in (
    ("lips", "P B M W"), ("teeth-lip", "F V"), ("teeth", "TH DH"), ("ridge", "T D S Z N L R"),
    ("palate-ridge", "SH ZH CH JH"), ("palate", "Y"), ("velum", "K G NG"), ("throat", "HH"))
    for phone in phones.split()}
_VOICED = frozenset(("B", "D", "G", "V", "DH", "Z", "ZH", "JH", "M", "N", "NG", "L", "R", "W", "Y"))
_VOWEL_GROUP = {vowel: group for group, vowels in (
    ("front", "IY IH EY EH AE"), ("central", "AH ER AX"), ("back", "UW UH OW AO AA"),
    ("glide", "AY AW OY")) for vowel in vowels.split()}


def _changed(a: str, b: str) -> float:
    """What replacing phone a by b costs, from 0.2 (alike) to 1 (a vowel for a consonant)."""
    if a in _VOWEL_GROUP and b in _VOWEL_GROUP:
        return 0.5 if _VOWEL_GROUP[a] == _VOWEL_GROUP[b] else 0.8
    if a in _VOWEL_GROUP or b in _VOWEL_GROUP:
        return 1.0
    unlike = (_PLACE[a] != _PLACE[b]) + (_KIND[a] != _KIND[b]) + ((a in _VOICED) != (b in _VOICED))
    return 0.2 + 0.8 * unlike / 3


def _distance(target: str, other: tuple[str, ...], word: str = "") -> float:
    """A phonetic edit distance from a pronunciation of the asked word to another's plain
    phones: each phone changed, added or removed costs up to 1 (see _changed), and one more
    inside the asked word's rhyme, so a word that keeps the rhyme (night, light) comes before
    one that keeps the start (night, gneiss)."""
    phones = target.split()
    start = _rhyme_start(phones, word)
    t = [p.rstrip("012") for p in phones]

    def extra(i: int, inserted: bool) -> float:  # i: the asked word's phone (or the one after)
        return 1.0 if (i > start if inserted else i >= start) else 0.0

    row = [0.0]
    for _ in other:
        row.append(row[-1] + 1 + extra(0, True))
    for i, a in enumerate(t):
        prev, row[0] = row[0], row[0] + 1 + extra(i, False)
        for j, b in enumerate(other, 1):
            cost = 0.0 if a == b else _changed(a, b) + extra(i, False)
            prev, row[j] = row[j], min(row[j] + 1 + extra(i, False),
                                       row[j - 1] + 1 + extra(i + 1, True), prev + cost)
    return row[-1]


def sounds_like(word: str) -> dict[str, float]:
    """Words that sound like WORD (homophones and words one phone changed, added or removed,
    not the word itself), each with its phonetic distance (see _distance): 0 for a homophone
    (the same phones but for stress), nearer first."""
    prons = _heard(word.lower(), pronunciations(word))
    targets = {_plain(p) for p in prons}
    found: dict[str, float] = {}
    for sound, words in _by_plain().items():
        if sound in targets:
            near = 0.0
        elif any(_within_one(sound, t) for t in targets):
            near = round(min(_distance(p, sound, word.lower()) for p in prons), 3)
        else:
            continue
        for w in words:
            if found.get(w, 99.0) > near:
                found[w] = near
    found.pop(word.lower(), None)
    return found
