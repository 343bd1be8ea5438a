"""Sounds from the CMU Pronouncing Dictionary (scripts/build_data.py cmudict ships it compact,
with CMU's licence): pronunciations, syllable counts and perfect rhymes.

A pronunciation is ARPAbet phones separated by spaces, vowels carrying a stress digit
(`T EY1 B AH0 L`). Its syllables are its vowels. Its rhyme is the part from its last
primary-stressed vowel on (the last secondary-stressed one if it has no primary stress, else
its last vowel), stress digits dropped: two words rhyme perfectly when a pronunciation of
each has the same rhyme ("table", "fable"; "read" /R IY1 D/ and "seed").
"""

from __future__ import annotations

import gzip
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


def known(word: str) -> bool:
    return word.lower() in _dictionary()  # (asked of many words: the dictionary pays)


def syllable_counts(word: str) -> frozenset[int]:
    """The numbers of syllables of the word's pronunciations."""
    return frozenset(sum(p[-1].isdigit() for p in pron.split()) for pron in pronunciations(word))


def rhyme_of(pronunciation: str) -> str:
    """The part of a pronunciation a perfect rhyme shares (see the module's docstring)."""
    phones = pronunciation.split()
    vowels = [i for i, p in enumerate(phones) if p[-1].isdigit()]
    if not vowels:
        return " ".join(phones)
    for stress in ("1", "2"):
        stressed = [i for i in vowels if phones[i].endswith(stress)]
        if stressed:
            start = stressed[-1]
            break
    else:
        start = vowels[-1]
    return " ".join(p.rstrip("012") for p in phones[start:])


@cache
def _by_rhyme() -> dict[str, frozenset[str]]:
    groups: dict[str, set[str]] = {}
    for word, prons in _dictionary().items():
        for pron in prons:
            groups.setdefault(rhyme_of(pron), set()).add(word)
    return {k: frozenset(v) for k, v in groups.items()}


def rhymes(word: str) -> frozenset[str]:
    """Words that rhyme perfectly with WORD (through any of its pronunciations), not itself."""
    by_rhyme = _by_rhyme()
    found: set[str] = set()
    for pron in pronunciations(word):
        found |= by_rhyme.get(rhyme_of(pron), frozenset())
    found.discard(word.lower())
    return frozenset(found)


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
        for pron in prons:
            groups.setdefault(_plain(pron), set()).add(word)
    return {k: frozenset(v) for k, v in groups.items()}


def sounds_like(word: str) -> dict[str, int]:
    """Words that sound like WORD, each with its distance: 0 a homophone (a pronunciation
    the same but for stress), 1 one phone changed, added or removed. Not the word itself."""
    targets = {_plain(p) for p in pronunciations(word)}
    found: dict[str, int] = {}
    for sound, words in _by_plain().items():
        if sound in targets:
            near = 0
        elif any(_within_one(sound, t) for t in targets):
            near = 1
        else:
            continue
        for w in words:
            if found.get(w, 2) > near:
                found[w] = near
    found.pop(word.lower(), None)
    return found
