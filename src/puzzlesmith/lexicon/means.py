"""What a word for a text may be (`--means`): a kind of it, a synonym, or a sense whose definition is of one.

`means_of` gives each such lemma its tier; `routes_of` the parts of speech it qualifies through,
for lexicon/meanings.py's `narrow`. `gloss_head` reads the head of a definition.
"""

from __future__ import annotations

import re
from functools import lru_cache

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon.describe import adjective_kin, reverse_dictionary
from puzzlesmith.lexicon.meanings import (
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
    and the same through the senses an inflection may take (WordNet.forms), so an inflected
    word qualifies only by an inflection of that part of speech, of a sense that is a word."""
    from puzzlesmith.lexicon.typical import penalty

    routes: Routes = {}
    inflect: Routes = {}

    def add(lemma: str, pos: str, score: int, inflectable: bool) -> None:
        pos = "a" if pos == "s" else pos
        for table in (routes, inflect) if inflectable else (routes,):
            by_pos = table.setdefault(lemma, {})
            if score < by_pos.get(pos, (TIER_MENTION + 1) * TIER_STEP):
                by_pos[pos] = score

    def add_all(sids: list[int], tier: int) -> None:
        inside = dict.fromkeys(sids, 1.0)
        for sid in sids:
            pos = wn.fields(sid)[0]
            for lemma, inflectable in wn.forms(sid).items():
                add(lemma, pos, tier * TIER_STEP + penalty(wn, lemma, inside), inflectable)

    base = [text] if wn.is_lemma(text) else [b for _, b in wn.base_forms(text)] or [text]
    add_all([sid for sid in wn.mentioning(text)
             if heads(gloss_head(wn.fields(sid)[4]), text)], TIER_MENTION)
    if " " in text and not wn.is_lemma(text):
        whole, most = reverse_dictionary(wn, text)
        add_all(whole, TIER_SYNONYM)
        add_all(most, TIER_MENTION)
    own = [sid for b in base for sid in wn.synsets_of(b)]
    near, far = adjective_kin(wn, [sid for sid in own if wn.fields(sid)[0] in "as"])
    add_all(own + sorted(near - set(own)), TIER_SYNONYM)
    add_all(sorted(far - near - set(own)), TIER_MENTION)
    if not routes and not wn.is_lemma(text) and not wn.base_forms(text):
        raise InputError(f"nothing in WordNet means {text!r}: it has no sense there, and no "
                         "definition is of one")
    try:
        kinds = kind_scores(wn, text)
        inflectable = kinds_inflectable(wn, text)
    except InputError:
        kinds, inflectable = {}, {}
    for lemma, score in kinds.items():
        add(lemma, "n", score, inflectable[lemma])
    for b in {text, *base}:
        routes.pop(b, None)
        inflect.pop(b, None)
    return routes, inflect


def means_routes(text: str) -> tuple[Routes, Routes]:
    """`means` with the parts of speech each word qualifies through, and the tier of each;
    then the same for the inflections of each word (WordNet.forms)."""
    return routes_of(wordnet(), normalize(text))
