"""How typical a word is of a meaning: the share of its use that lies in it (WordNet tag counts).

A word's senses (every part of speech) are weighed by how often WordNet's tagged corpus uses
each (its tag count) plus one over the sense's place in the word's senses (nouns, verbs,
adjectives, adverbs, each in WordNet's sense order: an untagged first sense still outweighs an
untagged fifth); a sense in which the word is only
a capitalized name (Martin, Sax) weighs a quarter, since a word list's lowercase word is
rarely read as a name. The share of a word in a set of synsets is the weight of its senses in
the set over the weight of all of them: `salmon` (the fish, its flesh) is nearly all fish,
`permit` (a licence, mostly) hardly any. Meaning answers are ranked on it, the word's own
frequency after (search/meaning.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from puzzlesmith.lexicon.meanings import WordNet

NAME_WEIGHT = 0.25  # a sense in which the word is only a capitalized name
FLOOR = 0.5  # the least a sense of a category word counts (topic_factors)
SCALE = 999  # a share is kept as an integer penalty 0 (all of the word's use) .. SCALE (none)


def sense_weights(wn: WordNet, word: str) -> list[tuple[int, float]]:
    """(synset id, weight) of each sense of `word` (a lemma, lowercase)."""
    out: list[tuple[int, float]] = []
    for place, sid in enumerate(wn.synsets_of(word), 1):
        fields = wn.fields(sid)
        tags = fields[6].split("|") if fields[6] else None
        tag, name = 0, True
        for i, lemma in enumerate(fields[1].split("|")):
            if lemma.lower() == word:
                tag = max(tag, int(tags[i]) if tags else 0)
                name = name and lemma != word
        weight = tag + 1 / place
        out.append((sid, weight * NAME_WEIGHT if name else weight))
    return out


def _related(wn: WordNet, sid: int, inside: Mapping[int, float]) -> float:
    """How much an adjective sense counts for a category through WordNet's derivational
    links to a sense in it: `red` (reddish, of a color) is related to the noun red (a hue)."""
    if wn.fields(sid)[0] not in "as":
        return 0.0
    return max((inside.get(x, 0.0) for x in wn.links(sid).get("+", [])), default=0.0)


def share(wn: WordNet, word: str, inside: Mapping[int, float]) -> float:
    """The share of `word`'s use (sense_weights) that lies in the synsets `inside`, times the
    most that one of them counts (`inside`: synset -> how much, 1 for a sense of the meaning
    a person means first), so a trout's flesh counts with the fish when the topic is `fish`.
    An adjective sense counts when it is derivationally related to one inside (`_related`)."""
    weights = sense_weights(wn, word)
    total = sum(w for _, w in weights)
    if not total:
        return 0.0
    held = [(w, inside[sid]) for sid, w in weights if sid in inside]
    held += [(w, f) for sid, w in weights if sid not in inside
             for f in [_related(wn, sid, inside)] if f]
    return sum(w for w, _ in held) / total * max((f for _, f in held), default=0.0)


def topic_factors(wn: WordNet, topic: str, sids: list[int]) -> list[float]:
    """How much each sense (`sids`, in order) of the category word `topic` counts: its
    weight (sense_weights) over the first's, but never under FLOOR, so a member of the
    second sense of `color` (a pigment) ranks below one of the first (a hue), not out."""
    weights = dict(sense_weights(wn, topic))
    top = max((weights.get(s, 0.0) for s in sids), default=0.0) or 1.0
    return [max(FLOOR, weights.get(s, 0.0) / top) for s in sids]


def penalty(wn: WordNet, word: str, inside: Mapping[int, float]) -> int:
    """`share` as an integer: 0 when all of the word's use is inside, SCALE when none is."""
    return round(SCALE * (1 - share(wn, word, inside)))
