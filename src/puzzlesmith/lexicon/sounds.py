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
A rhyme is the stronger the more vowels the ending it shares holds (rhyme_strengths: for
takeaway, breakaway before getaway before day), then when it rhymes through the other word's
first pronunciation, then when it is not an identical rhyme (a word's whole sound ending the
other's, beyond the rhyme: lifetime for time); a search lists the stronger first.
Sounds-like reaches one phone changed, added or removed, two for a pronunciation of five
phones or more (deepen: deepened, weapon), a vowel for a consonant counting two.
"""

from __future__ import annotations

import gzip
from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources
from typing import Any


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


def _shared_vowels(mine: list[str], other: list[str], least: int, kinds: bool) -> int:
    """How many vowels the longest ending of two pronunciations holds that they share phone for
    phone (stress aside; each consonant by its kind with `kinds`), 0 when that ending is
    shorter than `least` phones (it misses the rhyme)."""
    shared = vowels = 0
    for a, b in zip(reversed(mine), reversed(other), strict=False):
        a, b = a.rstrip("012"), b.rstrip("012")
        if a != b and not (kinds and _KIND.get(a, a) == _KIND.get(b, b)):
            break
        shared += 1
        vowels += a not in _KIND
    return vowels if shared >= least else 0


def rhyme_strengths(word: str, others: Iterable[str]) -> dict[str, int]:
    """How well each of `others` (WORD's rhymes and near rhymes, the latter's consonants
    compared by kind) rhymes with WORD, higher better: four points for each vowel of the
    longest ending that a heard pronunciation of each shares and that holds WORD's rhyme (for
    takeaway: breakaway 3 vowels, getaway 2, day 1), two more when that is the other word's
    first pronunciation (when rhymes with win only as CMUdict's third reading, W IH1 N), one
    more when neither sound is the whole end of the other beyond the rhyme (time ends
    lifetime, away takeaway, see sea: identical rhymes; eight and late rhyme as others do);
    the best pair of pronunciations counts. 0: no such ending."""
    w = word.lower()
    mine = [(phones, len(phones) - _rhyme_start(phones, w))
            for phones in (p.split() for p in _heard(w, pronunciations(w)))]
    perfect = rhymes(w)
    out: dict[str, int] = {}
    for other in others:
        near = other not in perfect
        prons = pronunciations(other)
        theirs = [(p.split(), p == prons[0]) for p in _heard(other, prons)]
        best = 0
        for m, least in mine:
            for t, first in theirs:
                vowels = _shared_vowels(m, t, least, near)
                if vowels:
                    short, long = sorted((m, t), key=len)
                    ends = len(short) > least and _plain(" ".join(long[-len(short):])) == \
                        _plain(" ".join(short))
                    best = max(best, 4 * vowels + 2 * first + (not ends))
        out[other] = best
    return out


def described(word: str) -> dict[str, list[str] | list[int]]:
    """The word's pronunciations and syllable counts, as `define --json` adds them."""
    prons = pronunciations(word)
    return {"pronunciations": list(prons),
            "syllables": sorted({sum(p[-1].isdigit() for p in pron.split()) for pron in prons})}


def _plain(pronunciation: str) -> tuple[str, ...]:
    return tuple(p.rstrip("012") for p in pronunciation.split())


def reach(phones: int) -> int:
    """How many sounds sounds-like may change, add or remove in a pronunciation of that many
    phones: one up to four, two beyond (the module's docstring)."""
    return 1 if phones <= 4 else 2


@cache
def _plain_table() -> tuple[list[tuple[str, ...]], Any, Any, dict[str, str]]:
    """_by_plain's sounds, each as a row of phone codes (0 past its end), and their lengths."""
    import numpy as np

    sounds = list(_by_plain())
    # Vowels' codes are odd, consonants' even, so a code's last bit tells them apart.
    phones = sorted({p for s in sounds for p in s})
    code = {p: chr(2 * i + 1 + (p not in _VOWEL_GROUP)) for i, p in enumerate(phones)}
    width = max(map(len, sounds))
    rows = "".join("".join(code[p] for p in s).ljust(width, "\0") for s in sounds)
    table = np.frombuffer(rows.encode("latin-1"), dtype=np.uint8).reshape(len(sounds), width)
    return sounds, table, np.array([len(s) for s in sounds]), code


def _within(target: tuple[str, ...], most: int) -> dict[tuple[str, ...], int]:
    """The sounds at most `most` phones changed, added or removed from `target`, with how many,
    a vowel changed for a consonant or back counting two (a Levenshtein
    distance over all sounds of a near length at once: each target phone's row is its
    changes and removals, then its additions as a running minimum along the row)."""
    import numpy as np

    sounds, table, lengths, code = _plain_table()
    n = len(target)
    rows = np.flatnonzero(np.abs(lengths - n) <= most)
    width = min(table.shape[1], n + most)
    cand = table[rows, :width].astype(np.int16)
    steps = np.arange(width + 1, dtype=np.int16)
    row = np.broadcast_to(steps, (len(rows), width + 1)).copy()
    vowel = cand & 1
    for i, phone in enumerate(target, 1):
        c = ord(code.get(phone, "\0"))
        changed = row[:, :-1] + (cand != c) + (vowel != (c & 1))
        new = np.empty_like(row)
        new[:, 0] = i
        new[:, 1:] = np.minimum(row[:, 1:] + 1, changed)
        row = np.minimum.accumulate(new - steps, axis=1) + steps
    ends = row[np.arange(len(rows)), np.minimum(lengths[rows], width)]
    return {sounds[rows[i]]: int(ends[i]) for i in np.flatnonzero(ends <= most)}


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
    """Words that sound like WORD (homophones and words a few phones changed, added or removed:
    `reach`; not the word itself), each with how far: the number of phones changed, added or
    removed (0 for a homophone, the same phones but for stress; a vowel for a consonant or back
    counts as two, so swing is not sounded like saying), plus a tenth of the phonetic distance
    (see _distance), so nearer first within each number."""
    w = word.lower()
    prons = _heard(w, pronunciations(word))
    by_plain = _by_plain()
    found: dict[str, float] = {}
    for pron in prons:
        target = _plain(pron)
        for sound, edits in _within(target, reach(len(target))).items():
            near = edits and round(edits + _distance(pron, sound, w) / 10, 4)
            for other in by_plain[sound]:
                if found.get(other, 99.0) > near:
                    found[other] = near
    found.pop(w, None)
    return found
