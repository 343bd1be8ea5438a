"""What a word for a text may be (`--means`): a kind of it, a synonym, or a sense whose definition is of one.

`means_of` gives each such lemma its tier; `routes_of` the parts of speech it qualifies through,
for lexicon/meanings.py's `narrow`. `gloss_head` reads the head of a definition.
"""

from __future__ import annotations

import re
from functools import lru_cache

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon.describe import STOP_WORDS, adjective_kin, reverse_dictionary
from puzzlesmith.lexicon.meanings import (
    POS_ORDER,
    TIER_MENTION,
    TIER_STEP,
    TIER_SYNONYM,
    WordNet,
    kind_scores,
    kinds_inflectable,
    normalize,
    wordnet,
)

_HEAD_START = re.compile(
    r"^(?:(?:any|one|some|either|each|a|an|the) (?:of|(?:kind|type|variety|species|sort|member|"
    r"form|group) of) )?(?:the |a |an )?(?:several |various |many |numerous |two |three )?")
_HEAD_END = re.compile(
    r"[;,:(]| (?:of|that|which|who|whose|with|in|for|by|from|to|having|used|on|at|as|when|"
    r"where|especially|usually|typically|often|found|native|esp)\b")


def gloss_head(definition: str) -> str:
    """The head of a definition, the words before its first qualifier: 'large long-necked
    wading bird' of 'large long-necked wading bird of marshes', 'plants' of 'any of various
    plants having ...'. A definition mentions TEXT as its head when its head ends with TEXT
    (or TEXT+s, +es): the defined word is a TEXT."""
    d = _HEAD_START.sub("", definition.lower().strip(), count=1)
    m = _HEAD_END.search(d)
    return (d[: m.start()] if m else d).strip()


def heads(head: str, text: str) -> bool:
    return any(head == t or head.endswith(" " + t) for t in (text, text + "s", text + "es"))


@lru_cache(maxsize=64)
def means_of(wn: WordNet, text: str) -> dict[str, int]:
    return {lemma: min(by_pos.values()) // TIER_STEP
            for lemma, by_pos in routes_of(wn, text)[0].items()}


Routes = dict[str, dict[str, int]]


@lru_cache(maxsize=64)
def routes_of(wn: WordNet, text: str) -> tuple[Routes, Routes]:
    """Word -> {part of speech: tier} for `means`: through which senses each word qualifies
    (a kind of TEXT is a noun sense; a synonym or a mention, the sense's own part of speech),
    and the same through the senses a plural may take (WordNet.forms), so a plural qualifies
    only as a noun, by a sense that is a word. A verb or adjective answers in TEXT's own
    inflection (`inflected_senses`): `treated` takes `handled` (treat: handle), not
    `handles`; `robust` takes `sturdy`, not `richer`. Each word's score is its tier and how
    little of its use lies in the senses it comes through (typical.penalty), each such sense
    counting as much as the sense of TEXT it comes from is used (`reading`): the words of a
    sense of TEXT hardly anyone means (robust, "rough and crude": vulgar, oafish) rank late."""
    bases = {b for p in POS_ORDER for b in wn.bases(text, p)}
    found = _Found(wn, bases)
    lemma_senses = wn.synsets_of(text) if wn.is_lemma(text) else [
        sid for b in wn.bases(text, "n") for sid in wn.synsets_of(b, "n")]
    forms = inflected_senses(wn, text)
    parts = {_pos(wn, sid) for sid in lemma_senses + [s for sids in forms.values() for s in sids]}
    if " " in text and not wn.is_lemma(text):
        parts |= _describe(found, text)
    found.add_all(dict.fromkeys((sid for sid in wn.mentioning(text)
                                 if defined_as(wn.fields(sid), text, parts)), 1.0), TIER_MENTION)
    for (_, inflection), sids in [(("", ""), lemma_senses), *forms.items()]:
        near, far = _kin(wn, text, sids, inflection)
        # A participle that is a word of its own (charmed, treated) is first what its own
        # senses say; the verb's words in its form come after, with the farther words.
        found.add_all(near, TIER_MENTION if inflection and wn.is_lemma(text) else TIER_SYNONYM,
                      inflection)
        found.add_all(far, TIER_MENTION, inflection)
    if not found.routes and not wn.is_lemma(text) and not wn.base_forms(text):
        raise InputError(f"nothing in WordNet means {text!r}: it has no sense there, and no "
                         "definition is of one")
    try:
        kinds = kind_scores(wn, text)
        inflectable = kinds_inflectable(wn, text)
    except InputError:
        kinds, inflectable = {}, {}
    for lemma, score in kinds.items():
        found.add(lemma, "n", score, inflectable[lemma])
    for b in {text, *bases}:
        found.routes.pop(b, None)
        found.inflect.pop(b, None)
    if " " in text and not wn.is_lemma(text) and not plural_head(wn, text):
        found.inflect.clear()  # a description of one thing takes no plural answers
    return found.routes, found.inflect


def plural_head(wn: WordNet, text: str) -> bool:
    """Whether a description's head (`gloss_head`'s last word: time, of `the time when
    something ends`) is a plural, a noun's inflection that is no lemma (birds)."""
    head = gloss_head(text).split()
    return bool(head) and not wn.is_lemma(head[-1]) and bool(wn.bases(head[-1], "n"))


def _pos(wn: WordNet, sid: int) -> str:
    """A synset's part of speech, a satellite counting as an adjective."""
    pos = wn.fields(sid)[0]
    return "a" if pos == "s" else pos


class _Found:
    """routes_of's two tables as they fill: word -> {part of speech: best score}, and the
    same for the words a plural may take; `bases` are TEXT's, whose forms are TEXT's own."""

    def __init__(self, wn: WordNet, bases: set[str]) -> None:
        self.wn, self.bases = wn, bases
        self.routes: Routes = {}
        self.inflect: Routes = {}

    def add(self, lemma: str, pos: str, score: int, inflectable: bool) -> None:
        for table in (self.routes, self.inflect) if inflectable and pos == "n" else (self.routes,):
            by_pos = table.setdefault(lemma, {})
            if score < by_pos.get(pos, (TIER_MENTION + 1) * TIER_STEP):
                by_pos[pos] = score

    def add_all(self, inside: dict[int, float], tier: int, inflection: str = "") -> None:
        """The words of the synsets `inside` (each counting as much as it says), at `tier`;
        with an `inflection`, their forms in it instead."""
        from puzzlesmith.lexicon.typical import penalty

        wn = self.wn
        for sid in inside:
            pos = _pos(wn, sid)
            for lemma, inflectable in wn.forms(sid).items():
                score = tier * TIER_STEP + penalty(wn, lemma, inside)
                if not inflection:
                    self.add(lemma, pos, score, inflectable)
                elif inflectable and " " not in lemma and lemma not in self.bases:
                    for form in inflections(wn, lemma, pos, inflection):
                        self.add(form, pos, score, False)


@lru_cache(maxsize=1)
def troponyms(wn: WordNet) -> dict[int, tuple[int, ...]]:
    """Verb synset -> the verbs that are ways to do it (WordNet's hypernyms of verbs,
    inverted: the data keeps hyponyms of nouns only). Reads only the verbs' lines."""
    verbs = {int(i) for entry in wn._senses for part in entry.split(" ") if part[:2] == "v:"
             for i in part[2:].split(",")}
    down: dict[int, list[int]] = {}
    for sid in sorted(verbs):
        up = wn.fields(sid)[2]
        for h in up.split(",") if up else ():
            down.setdefault(int(h), []).append(sid)
    return {h: tuple(kids) for h, kids in down.items()}


def _describe(found: _Found, text: str) -> set[str]:
    """The reverse dictionary's synsets for a description, its unknown words left out; the
    parts of speech of its last word (what a synset defined as it must be)."""
    wn = found.wn
    unknown = set(unknown_words(wn, text))
    whole, most = reverse_dictionary(wn, " ".join(w for w in text.split() if w not in unknown))
    found.add_all(dict.fromkeys(whole, 1.0), TIER_SYNONYM)
    found.add_all(dict.fromkeys(most, 1.0), TIER_MENTION)
    last = text.split()[-1]
    return ({"a" if p == "s" else p for p, _ in wn.base_forms(last)}
            | {_pos(wn, sid) for sid in wn.synsets_of(last)})


def _kin(wn: WordNet, text: str, sids: list[int], inflection: str,
         ) -> tuple[dict[int, float], dict[int, float]]:
    """TEXT's senses `sids` with their adjective kin (near), and the farther kin (and, for a
    verb form, the verb's hypernyms: sprinted, ran), each counting as much as the sense of
    TEXT it comes from (`reading`)."""
    near_in: dict[int, float] = {}
    far_in: dict[int, float] = {}
    for sid, factor in reading(wn, text, sids).items():
        near, far = adjective_kin(wn, [sid] if wn.fields(sid)[0] in "as" else [])
        if wn.fields(sid)[0] == "v":  # ways to do it (intimidate: bully, daunt)
            far |= set(troponyms(wn).get(sid, ()))
            if inflection and wn.fields(sid)[2]:  # and what it is a way to (sprinted: ran)
                far |= {int(h) for h in wn.fields(sid)[2].split(",")}
        for table, kin in ((near_in, {sid} | near), (far_in, far)):
            for x in kin:
                table[x] = max(table.get(x, 0.0), factor)
    return near_in, {x: f for x, f in far_in.items() if x not in near_in}


_NEGATION = frozenset(("not", "no", "non", "never", "without", "lacking", "un"))


def defined_as(fields: list[str], text: str, parts: set[str]) -> bool:
    """Whether a synset (its `fields`) is defined as a TEXT: its part of speech is one of
    TEXT's (`parts`: a verb "make audible" is no word for the adjective `audible`), and its
    definition's head is TEXT: a verb's definition begins with its head verb (`jive`, "dance
    to jive music", is a way to dance; `batfowl`, "catch birds at night", none to bird); a
    noun's or an adjective's head ends with TEXT (`gloss_head`), and an adjective's must be the
    whole first clause, no negation before it: a complement changes what an adjective says
    (`despised`, "treated with contempt", is no word for `treated`; `unleaded`, "not treated
    with lead", the opposite), where a noun's only narrows which one (a bird of marshes is a
    bird)."""
    pos = "a" if fields[0] == "s" else fields[0]
    if pos not in parts:
        return False
    if pos == "v":
        return fields[4].lower().split()[: len(text.split())] == text.split()
    head = gloss_head(fields[4])
    if not heads(head, text):
        return False
    if pos == "n":
        return True
    whole = _HEAD_START.sub("", fields[4].lower().strip(), count=1).split(";")[0].strip()
    return head == whole and head.split()[0] not in _NEGATION


def reading(wn: WordNet, text: str, sids: list[int]) -> dict[int, float]:
    """How much each of TEXT's senses `sids` counts: its weight (typical.sense_weights, of
    TEXT or of the base it is a sense of) over the most any of them weighs, so the sense a
    person means first counts 1 and an untagged fourth sense a fraction."""
    from puzzlesmith.lexicon.typical import sense_weights

    weights: dict[int, float] = {}
    for word in {text, *(b for p in POS_ORDER for b in wn.bases(text, p))}:
        weights.update(sense_weights(wn, word))
    top = max((weights.get(sid, 0.0) for sid in sids), default=0.0)
    return {sid: weights.get(sid, 0.0) / top if top else 1.0 for sid in sids}


Inflection = tuple[str, str]  # (part of speech, "ed" | "ing" | "s" | "er" | "est")


def inflection_of(word: str, pos: str) -> str:
    """Which inflection of its base a verb or adjective form `word` is: a past or a past
    participle (ed: `treated`, `ran`), a present participle (ing), a third person (s), a
    comparative (er) or a superlative (est: `best`)."""
    if pos == "a":
        return "est" if word.endswith("st") else "er"
    if word.endswith("ing"):
        return "ing"
    return "s" if word.endswith("s") and not word.endswith("ss") else "ed"


def inflected_senses(wn: WordNet, text: str) -> dict[Inflection, list[int]]:
    """The verb and adjective senses TEXT has as an inflection of a base (morphy), by which
    inflection: `treated` (a lemma too) the senses of the verb treat as ed, `richer` those of
    rich as er. A noun's plural is read as before (routes_of: the senses of its base). A
    word of its own that is an irregular form (in the exception list: wrought, molten,
    drunken) is not read as its verb: such old participles mean what their own senses say
    (wrought is shaped, not went or played), where a regular one (treated) still is the verb's."""
    out: dict[Inflection, list[int]] = {}
    for pos in "va":
        if wn.is_lemma(text) and text in wn.exceptions[pos]:
            continue
        for base in wn.bases(text, pos):
            sids = out.setdefault((pos, inflection_of(text, pos)), [])
            sids.extend(sid for sid in wn.synsets_of(base, pos) if sid not in sids)
    return out


def inflections(wn: WordNet, lemma: str, pos: str, inflection: str) -> list[str]:
    """The forms of a verb or adjective `lemma` in one inflection (`inflection_of`): the
    exception lists' (ran, stopped, bigger), else the regular one (regaled, handled, sturdier:
    no runed, stoped, gooder), each that morphy takes back to `lemma`."""
    if pos not in "va" or not lemma.isalpha():
        return []
    found = [f for f in _irregular(wn, pos).get(lemma, ()) if inflection_of(f, pos) == inflection]
    if found:
        return [f for f in found if f != lemma and lemma in wn.bases(f, pos)]
    y = len(lemma) > 1 and lemma[-1] == "y" and lemma[-2] not in "aeiou"
    if inflection in ("ed", "er", "est"):
        found.append(lemma[:-1] + "i" + inflection if y else
                     lemma + inflection[1:] if lemma.endswith("e") else lemma + inflection)
    elif inflection == "ing":
        found.append(lemma[:-1] + "ing" if lemma.endswith("e") and not lemma.endswith(
            ("ee", "ye", "oe")) else lemma + "ing")
    else:
        found.append(lemma[:-1] + "ies" if y else lemma + "es" if lemma.endswith(
            ("s", "x", "z", "ch", "sh", "o")) else lemma + "s")
    return [f for f in dict.fromkeys(found) if f != lemma and lemma in wn.bases(f, pos)]


@lru_cache(maxsize=4)
def _irregular(wn: WordNet, pos: str) -> dict[str, tuple[str, ...]]:
    """Base -> its forms in the exception list of `pos` (ran for run, bigger for big)."""
    out: dict[str, list[str]] = {}
    for form, bases in wn.exceptions[pos].items():
        for b in bases:
            out.setdefault(b, []).append(form)
    return {b: tuple(forms) for b, forms in out.items()}


def left_out(text: str) -> tuple[str, ...]:
    """The words of a description (a TEXT of several words that is no lemma) that WordNet
    knows nowhere, no lemma and in no definition: the reverse dictionary reads the rest
    (`large xyzzyq bird` as `large bird`), and the commands say which it left out."""
    wn = wordnet()
    t = normalize(text)
    return () if " " not in t or wn.is_lemma(t) else unknown_words(wn, t)


def unknown_words(wn: WordNet, text: str) -> tuple[str, ...]:
    return tuple(w for w in dict.fromkeys(text.split()) if w not in STOP_WORDS
                 and not wn.is_lemma(w) and not wn.mentioning(w))


def means_routes(text: str) -> tuple[Routes, Routes]:
    """`means` with the parts of speech each word qualifies through, and the tier of each;
    then the same for the inflections of each word (WordNet.forms)."""
    return routes_of(wordnet(), normalize(text))
