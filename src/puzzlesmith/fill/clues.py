"""Clue drafts: for each filled entry, a first clue a setter can edit, from WordNet.

The draft is the gloss of the entry's first WordNet sense (its base form's for an inflected
word: CATS is clued as CAT), or, when that gloss gives the answer away (it holds the entry or
one of its words), the first synonym that does not, else "Kind of X" from the sense's
hypernym. A squashed phrase (ESCAPEHATCH) is looked up as WordNet's multi-word lemma. An entry
WordNet does not know gets no clue (""), never an invented one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from puzzlesmith.fill.model import Grid
from puzzlesmith.fill.strategy import FillResult
from puzzlesmith.lexicon.meanings import Sense, WordNet, wordnet


def _gives_away(text: str, words: Iterable[str]) -> bool:
    """True when `text` holds one of `words` (3+ letters) as a word, or its start: a clue of
    ESCAPE HATCH that says "escape" gives the answer away."""
    lowered = text.lower()
    return any(len(w) >= 3 and re.search(rf"\b{re.escape(w)}", lowered) for w in words)


def _from_sense(sense: Sense, words: list[str]) -> str:
    if not _gives_away(sense.gloss, words):
        return sense.gloss
    for synonym in sense.synonyms:
        if not _gives_away(synonym, words):
            return synonym
    for kind in sense.kind_of:
        if not _gives_away(kind, words):
            return f"kind of {kind}"
    return ""


def draft_clue(entry: str, wn: WordNet | None = None) -> str:
    """A first clue for `entry` (a-z, as the grid holds it), "" when WordNet knows nothing
    that does not give it away."""
    wn = wn or wordnet()
    for lemma in (entry, *wn.phrases.get(entry, ())):
        definition = wn.define(lemma)
        words = [entry, *lemma.replace("-", " ").split()]
        if definition.base:
            words.append(definition.base)
        for sense in definition.senses:
            clue = _from_sense(sense, words)
            if clue:
                return clue[0].upper() + clue[1:]
    return ""


def with_clue_drafts(result: FillResult) -> FillResult:
    """`result` with a drafted clue for each entry of its fill that has none yet (the setter's
    own clues, read from a .puz or .ipuz, are kept)."""
    if result.filled is None:
        return result
    grid: Grid = result.filled
    wn = wordnet()
    clues = dict(grid.clues)
    for entry in result.entries:
        label = entry.slot.label
        if not clues.get(label):
            clues[label] = draft_clue(entry.answer, wn)
    filled = grid.with_clues(clues)
    entries = tuple(replace(e, clue=filled.clue(e.slot)) for e in result.entries)
    return replace(result, filled=filled, entries=entries)
