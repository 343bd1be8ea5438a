"""How typical a word is of a meaning: the share of its use that lies in it (WordNet tag counts).

A word's senses (every part of speech) are weighed by how often WordNet's tagged corpus uses
each (its tag count) plus one over the sense's place in the word's senses (nouns, verbs,
adjectives, adverbs, each in WordNet's sense order: an untagged first sense still outweighs an
untagged fifth); a sense in which the word is only
a capitalized name (Martin, Sax) weighs a quarter, since a word list's lowercase word is
rarely read as a name. The share of a word in a set of synsets is the weight of its senses in
the set over the weight of all of them: `salmon` (the fish, its flesh) is nearly all fish,
`permit` (a licence, mostly) hardly any. Meaning answers are ranked on it, the word's own
frequency after (search/meaning.py). A category word's senses count by how likely a person
reads the bare word in each (`readings`: by the members WordNet calls by its name), and the
other names of a member (`alternative_names`) rank late.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from puzzlesmith.lexicon.meanings import WordNet

NAME_WEIGHT = 0.25  # a sense in which the word is only a capitalized name
FLOOR = 0.5  # the least a sense of a category word counts (topic_factors)
SCALE = 999  # a share is kept as an integer penalty 0 (all of the word's use) .. SCALE (none)


@lru_cache(maxsize=1 << 16)  # a category's ranking weighs the same words again and again
def sense_weights(wn: WordNet, word: str) -> tuple[tuple[int, float], ...]:
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
    return tuple(out)


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
    """How much each sense (`sids`, in order) of the category word `topic` counts: how
    likely a person reads a bare `topic` in it (`readings`), 1 for the likeliest, so a gun
    (an instrument, a device) ranks below a sax; when no sense's members are called by its
    name often enough to say, its weight (sense_weights) over the first's, but never under
    FLOOR, so a member of the second sense of `flower` ranks below one of the first, not out."""
    read = readings(wn, sids)
    if read is not None:
        return read
    weights = dict(sense_weights(wn, topic))
    top = max((weights.get(s, 0.0) for s in sids), default=0.0) or 1.0
    return [max(FLOOR, weights.get(s, 0.0) / top) for s in sids]


FAMILIAR_RANK = 50_000  # a word among this many of wordfreq's most frequent is familiar
MIN_NAMED = 3  # familiar members called by its name that make a sense the category's reading
# The most a far reading counts (readings): under 1 - search.meaning.MOSTLY_NOT, so that its
# members rank after those of every near reading.
FAR = 0.2
# The least a far reading is read, as a share of the likeliest, that keeps its members
# (unread): under it, fewer than one in a hundred of the familiar members it calls by the
# name, against the near reading's.
UNREAD = 0.01
MIN_JUDGED = 10  # familiar members a far reading needs for `unread` to judge it


def readings(wn: WordNet, sids: list[int]) -> list[float] | None:
    """How likely a person reads a bare category word in each of its senses `sids`, the
    likeliest 1: how many of a sense's familiar members WordNet calls by its name (naming)
    times the share of them so called, over the likeliest's. None when no sense has
    MIN_NAMED members so called. So `instrument` reads as a musical instrument (most of its
    familiar members are so called: a guitar is a stringed instrument) before a device (most
    are not: a gun is a weapon), though the tagged corpus uses the device sense far more
    (docs/meanings.md has the counts)."""
    read = _read(wn, tuple(sids))
    if read is None:
        return None
    scores, near, _ = read
    if not any(near):
        return list(scores)
    return [s if n else min(FAR, s) for s, n in zip(scores, near, strict=True)]


@lru_cache(maxsize=64)
def _read(wn: WordNet, sids: tuple[int, ...]) -> tuple[tuple[float, ...], ...] | None:
    """`readings` before the cap on far readings: each sense's score over the best's,
    whether it is a near reading, and whether it has MIN_JUDGED familiar members. None when
    no sense has MIN_NAMED members so called."""
    counts = [naming(wn, sid) for sid in sids]
    if all(named < MIN_NAMED for named, _ in counts):
        return None
    scores = [named * named / familiar if named else 0.0 for named, familiar in counts]
    top = max(scores)
    near = tuple(named >= MIN_NAMED and 2 * named >= familiar for named, familiar in counts)
    judged = tuple(familiar >= MIN_JUDGED for _, familiar in counts)
    return tuple(s / top for s in scores), near, judged


def is_far(wn: WordNet, sids: list[int], sid: int) -> bool:
    """Whether `sid`, one of a category word's senses `sids`, is a far reading of it
    (`readings`): it is not near where another is."""
    read = _read(wn, tuple(sids))
    return read is not None and any(read[1]) and not read[1][sids.index(sid)]


def unread(wn: WordNet, sids: list[int], weights: Mapping[int, float] | None = None) -> set[int]:
    """The senses `sids` of a category word that give it no members, when it has a near
    reading (`readings`): the far ones with MIN_JUDGED familiar members that are fewer than
    UNREAD as likely as the likeliest, when a near reading has MIN_JUDGED familiar members
    too (`writing`'s, the activity, has 6; a region, as `country`'s; a legal document, as
    `instrument`'s: their members would fill the first answers where the list lacks the
    near reading's); and the far ones with fewer, too thinly named to judge so, in which
    the word is used (`weights`: sense -> sense_weights of the category word) under UNREAD
    as much as in its most used near reading (`dog`'s frankfurter, 0.005 of the domestic
    dog; `game`'s meat; `house`'s theatre and zodiac sign). A thinly named sense used as
    much as that keeps its members: a pearl is a gem (a precious stone, 0.4 of the
    gemstone's use) though neither of that sense's two familiar members is called one."""
    read = _read(wn, tuple(sids))
    if read is None or not any(read[1]):
        return set()
    scores, near, judged = read
    judged_near = any(n and j for n, j in zip(near, judged, strict=True))
    weights = weights or {}
    top = max(weights.get(sid, 0.0) for sid, n in zip(sids, near, strict=True) if n)
    return {sid for sid, s, n, j in zip(sids, scores, near, judged, strict=True)
            if not n and ((j and judged_near and s < UNREAD)
                          or (not j and weights.get(sid, 0.0) < UNREAD * top))}


def naming(wn: WordNet, sid: int) -> tuple[int, int]:
    """(named, familiar): how many familiar words (familiar_members) lie below `sid`, and
    how many of those WordNet calls by one of its lemmas there: the head of their definition
    is one (`guitar`: a stringed instrument), or one of their own or their direct hypernyms'
    lemmas ends with one (`wind instrument`)."""
    names = [lemma.lower() for lemma in wn.lemmas_of(sid)]
    members = familiar_members(wn, sid)
    named = sum(any(_called(wn, x, sid, names) for x in held) for held in members.values())
    return named, len(members)


@lru_cache(maxsize=64)
def familiar_members(wn: WordNet, sid: int) -> dict[str, tuple[int, ...]]:
    """The familiar words (among wordfreq's FAMILIAR_RANK most frequent) most of whose use
    (sense_weights) lies below `sid`, each with the synsets below it that hold it."""
    from puzzlesmith.lexicon.index import wordfreq_ranks

    ranks = wordfreq_ranks()
    below = wn.below([sid])
    held: dict[str, list[int]] = {}
    mostly: dict[str, bool] = {}
    for x in below:
        for w in wn.forms(x):
            if ranks.get(w, FAMILIAR_RANK) >= FAMILIAR_RANK:
                continue
            if w not in mostly:
                weights = sense_weights(wn, w)
                mostly[w] = 2 * sum(v for s, v in weights if s in below) > sum(
                    v for _, v in weights)
            if mostly[w]:
                held.setdefault(w, []).append(x)
    return {w: tuple(xs) for w, xs in held.items()}


def eaten(wn: WordNet, sid: int) -> frozenset[int] | None:
    """For a category sense that is a part of a plant most of whose familiar members are
    eaten (`fruit`: apple, pear, lemon; not seed, acorn, buckeye), the synsets below it that
    are food: what a person means by the bare word, where WordNet's is the botanist's.
    None for any other sense."""
    if sid not in _below_first(wn, "plant part"):
        return None
    food = _below_first(wn, "food", 2)  # food as nutrient, and as solid food
    members = familiar_members(wn, sid)
    if 2 * sum(not food.isdisjoint(xs) for xs in members.values()) <= len(members):
        return None
    return food


@lru_cache(maxsize=8)
def _below_first(wn: WordNet, lemma: str, senses: int = 1) -> frozenset[int]:
    return frozenset(wn.below(wn.synsets_of(lemma, "n")[:senses]))


# What a piece of a thing is called: a towel is "a rectangular piece of absorbent cloth".
_UNIT = (r"(?:piece|part|strip|slice|bit|scrap|sheet|portion|length|square|lump|chunk|"
         r"wedge|fragment|block|bar)s?")
_UNITS_HEAD = re.compile(r"(?:^|\s)" + _UNIT.removesuffix("s?") + "s$")  # plural
_UNIT_OF = re.compile(r"^" + _UNIT + r" of (.*)$")


def pieces(wn: WordNet, senses: Iterable[int], sids: Iterable[int]) -> set[int]:
    """The synsets of a category (`sids`, below the topic's `senses`) that are pieces of
    the stuff rather than kinds of it, and all below them: one of their lemmas is a piece
    (strip, slice, ...) of something a synset above them in the category is called (`piece
    of cloth`, and the towels, handkerchiefs and rags below it), or the head of their
    definition is pieces of it (`fries`: strips of potato). A definition's singular "a
    piece of" says what one member is made of, where the member may well be one: a lamp
    is "a piece of furniture", a diamond "a transparent piece of diamond"."""
    from puzzlesmith.lexicon.means import gloss_head

    inside = set(sids) | set(senses)
    found: set[int] = set()
    for sid in sids:
        f = wn.fields(sid)
        definition = f[4].lower()
        head = gloss_head(definition)
        after = definition.partition(head + " of ")[2] if _UNITS_HEAD.search(head) else ""
        whats = [after] + [m.group(1) for x in f[1].split("|") if (m := _UNIT_OF.match(x.lower()))]
        whats = [w for w in whats if w]
        if whats and any(re.search(r"\b" + re.escape(name) + r"\b", w)
                         for name in _names_above(wn, sid, inside) for w in whats):
            found.add(sid)
    return found | wn.below(found) & inside


def _names_above(wn: WordNet, sid: int, inside: set[int]) -> set[str]:
    """The lemmas (lowercase) of the synsets above `sid` within `inside`."""
    names: set[str] = set()
    seen: set[int] = set()
    stack = [int(h) for h in wn.fields(sid)[2].split(",") if h]
    while stack:
        up = stack.pop()
        if up in seen or up not in inside:
            continue
        seen.add(up)
        names.update(x.lower() for x in wn.lemmas_of(up))
        stack.extend(int(h) for h in wn.fields(up)[2].split(",") if h)
    return names


def activities(wn: WordNet, sid: int) -> set[int]:
    """The synsets below a category sense `sid` named as kinds of its activity rather than
    as one thing: when the sense is a human activity holding a gerund of another of its
    lemmas (`dancing` beside `dance`), those one of whose lemmas is a compound of the
    gerund (`step dancing`, the `hoofing` synset; `stage dancing`, `choreography`), none a
    compound of the other lemma (`ballroom dancing|ballroom dance`), and whose definition
    never says that (`hula`, `Hawaiian dancing`: "a Polynesian rain dance") nor calls it a
    style or kind of the activity (`flamenco`, `gypsy dancing`: "a style of dancing"). A
    category clue names one thing: a `tango`, not `hoofing`."""
    lemmas = [x.lower() for x in wn.lemmas_of(sid)]
    if sid not in _below_first(wn, "human activity"):  # an act: not a covering, an offering
        return set()
    pairs = [(g, x) for g in lemmas for x in lemmas if _gerund_of(g, x)]
    found: set[int] = set()
    for g, x in pairs:
        said = re.compile(r"\b" + re.escape(x) + r"(?:e?s)?\b")
        for below in wn.below([sid]) - {sid}:
            own = [y.lower() for y in wn.lemmas_of(below)]
            if (any(y.endswith(" " + g) for y in own)
                    and not any(y.endswith(" " + x) for y in own)
                    and not said.search(definition := wn.fields(below)[4].lower())
                    and not _ONE_OF.match(definition)):
                found.add(below)
    return found


_ONE_OF = re.compile(r"(?:an? |the )?(?:style|form|kind|type|variety|sort) of ")


def _gerund_of(gerund: str, word: str) -> bool:
    """Whether `gerund` is the -ing form of `word` (dance, dancing; run, running)."""
    stem = gerund.removesuffix("ing")
    return stem != gerund and word != gerund and (
        word in (stem, stem + "e") or (len(stem) > 2 and stem[-1] == stem[-2] == word[-1]
                                       and word == stem[:-1]))


def only_in(wn: WordNet, sids: Iterable[int], some: set[int]) -> set[str]:
    """The words of the synsets `sids` that every one of them holding it is in `some`."""
    only: dict[str, bool] = {}
    for sid in sids:
        for w in wn.forms(sid):
            only[w] = only.get(w, True) and sid in some
    return {w for w, yes in only.items() if yes}


def _called(wn: WordNet, sid: int, topic_sid: int, names: list[str]) -> bool:
    from puzzlesmith.lexicon.means import gloss_head, heads

    f = wn.fields(sid)
    head = gloss_head(f[4])
    if any(heads(head, n) for n in names):
        return True
    kin = [sid] + [int(h) for h in f[2].split(",") if h and int(h) != topic_sid]
    return any(lemma.lower().endswith(" " + n) for k in kin for lemma in wn.lemmas_of(k)
               for n in names)


def penalty(wn: WordNet, word: str, inside: Mapping[int, float]) -> int:
    """`share` as an integer: 0 when all of the word's use is inside, SCALE when none is."""
    return round(SCALE * (1 - share(wn, word, inside)))


_CAPITALIZED = re.compile(r"[A-Z][\w'-]*(?: [A-Z][\w'-]*)*")


def alternative_names(wn: WordNet, sids: Iterable[int]) -> set[str]:
    """The words of a category (`sids`, its synsets) that are only other names of its
    members: in every one of its synsets that holds the word, the synset is an instance
    (a member with a name) and the word is not its most used name (`world`, `globe` beside
    Earth), or the synset is a kind, no instance, whose
    definition names an instance of the category (`daystar`: a planet (usually Venus) seen
    just before sunrise). The most used name is `main_name`'s."""
    from puzzlesmith.lexicon.index import wordfreq_ranks

    ranks = wordfreq_ranks()
    sids = list(sids)
    names: set[str] = set()
    for sid in sids:
        f = wn.fields(sid)
        if "@i:" in f[7]:
            names.update(x for x in f[1].split("|") if x[:1].isupper())
    only: dict[str, bool] = {}
    for sid in sids:
        f = wn.fields(sid)
        lemmas = f[1].split("|")
        instance = "@i:" in f[7]
        runs = [] if instance else [r.split() for r in _CAPITALIZED.findall(f[4])]
        described = any(" ".join(r[i:j]) in names and " ".join(r[i:j]) not in lemmas
                        for r in runs for i in range(len(r)) for j in range(i + 1, len(r) + 1))
        main = main_name(wn, sid, ranks) if instance else ""
        for w in wn.forms(sid):
            other = described or (instance and w != main)
            only[w] = only.get(w, True) and other
    return {w for w, other in only.items() if other}



def main_name(wn: WordNet, sid: int, ranks: Mapping[str, int]) -> str:
    """The most used name (lowercase) of an instance synset, among its words (WordNet.forms:
    no symbol or abbreviation, so not `id` for Idaho): the most tagged; else the one that
    most of its names hold (`yangtze`: Yangtze, Yangtze River, Yangtze Kiang); else the
    most frequent (Aleppo, not WordNet's first, Halab). Frequency comes last because it
    counts a common homograph's use: `chang`, a surname, outnumbers Yangtze."""
    f = wn.fields(sid)
    lemmas = [x.lower() for x in f[1].split("|")]
    tags = [int(t) for t in f[6].split("|")] if f[6] else [0] * len(lemmas)
    parts = [re.split(r"[ -]", x) for x in lemmas]
    unknown = len(ranks) + 1

    def key(w: str) -> tuple[int, int, int]:
        tag = max(t for x, t in zip(lemmas, tags, strict=True) if x == w)
        held = sum(w == x or w in p for x, p in zip(lemmas, parts, strict=True))
        return (-tag, -held, ranks.get(w, unknown))

    return min(wn.forms(sid), key=key, default="")
