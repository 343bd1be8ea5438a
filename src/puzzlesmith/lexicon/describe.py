"""Words for a description or an adjective (`--means`): the reverse dictionary and adjective kin.

`reverse_dictionary` finds the synsets a description (`large wading bird`) describes, each of
its content words weighed by inverse document frequency; `adjective_kin` the adjectives near
an adjective's senses (`sad`: blue, glum). lexicon/meanings.py ranks what they find.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from puzzlesmith.lexicon.meanings import WordNet

STOP_WORDS = frozenset((
    "a", "an", "the", "of", "for", "with", "to", "in", "and", "or", "that", "which", "is", "on",
    "by", "as", "at", "from", "its", "it", "any", "some", "very",
    # placeholders, which say nothing of what is described (the act of storing something)
    "something", "someone", "somebody", "anything", "anyone"))
# A head adjective with more satellites than this is a catalogue of kinds (formed: boat-,
# worm-, spoon-shaped; chromatic: the colours), not of words near one another.
CATALOGUE = 20
MOST = 2 / 3  # the least share of a description's weight a synset must match (reverse_dictionary)


def reverse_dictionary(wn: WordNet, text: str) -> tuple[list[int], list[int]]:
    """The synsets a description (`large wading bird`) describes: those whose definition, or
    a direct hypernym's definition or lemmas, hold every content word of it (as a whole word,
    or +s/+es), then those that hold at least MOST of its weight, each word weighing its
    inverse document frequency (log of how many definitions there are over how many hold it),
    so `large` counts for less than `wading`."""
    words = [w for w in dict.fromkeys(text.split()) if w not in STOP_WORDS]
    if not words:
        return [], []
    postings = {w: set(wn.mentioning(w)) for w in words}
    total = len(wn._definitions[1])
    weight = {w: math.log(total / (1 + len(p))) for w, p in postings.items()}
    full = sum(weight.values())
    candidates: set[int] = set()
    for p in postings.values():
        candidates |= p
        for sid in p:
            down = wn.fields(sid)[3]
            candidates.update(map(int, down.split(",")) if down else ())
    whole: list[int] = []
    most: list[int] = []
    for sid in sorted(candidates):
        up = [int(h) for h in wn.fields(sid)[2].split(",") if h]
        up_words = {x for h in up for lemma in wn.lemmas_of(h) for x in lemma.lower().split()}
        got = sum(weight[w] for w, p in postings.items()
                  if sid in p or w in up_words or any(h in p for h in up))
        if got >= full - 1e-9:
            whole.append(sid)
        elif got >= MOST * full:
            most.append(sid)
    return whole, most


def adjective_kin(wn: WordNet, adjectives: list[int]) -> tuple[set[int], set[int]]:
    """The adjective synsets near TEXT's (`adjectives`) and farther: near are its similar-to
    and also-see synsets and those that share a derivationally related noun with it (`sad`
    and `blue`, gloomy, share *sadness*); farther are the rest of the clusters (a head
    adjective and its satellites) of TEXT's synsets and of the near ones: a satellite's
    siblings (`charmed`: bewitched, spellbound beside it under *enchanted*), an also-see
    head's satellites (`adventurous`: daring, gutsy under *bold*, *brave*), a near
    satellite's head and siblings (`glum`, beside `blue` under *dejected*); of a head with
    more than CATALOGUE satellites, only the head (`wrought`: formed, not spoon-shaped)."""
    near: set[int] = set()
    for sid in adjectives:
        links = wn.links(sid)
        near.update(links.get("&", []), links.get("^", []))
        for noun in links.get("+", []):
            near.update(a for a in wn.links(noun).get("+", []) if wn.fields(a)[0] in "as")
    near -= set(adjectives)
    far: set[int] = set()
    for sid in near | set(adjectives):
        heads = wn.links(sid).get("&", []) if wn.fields(sid)[0] == "s" else [sid]
        far.update(heads)
        for h in heads:
            satellites = wn.links(h).get("&", [])
            if len(satellites) <= CATALOGUE:
                far.update(satellites)
    return near, far - near - set(adjectives)
