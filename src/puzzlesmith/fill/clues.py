"""Clue drafts: for each filled entry, a first clue a setter can edit, from WordNet.

The draft is the shortest of the entry's WordNet glosses (its base form's for an inflected
word: CATS is clued as CAT) that does not give the answer away (hold the entry, one of its
words or their stem: ADMINISTER is not clued "Work in an administrative capacity"), in a
clue's house style: the gloss's first clause, without a leading field label ("(law)") or
article, capitalized, at most MAX_LENGTH characters. Failing a gloss, the first synonym that
does not give it away, else "Kind of X" from the sense's hypernym. A squashed phrase
(ESCAPEHATCH) is looked up as WordNet's multi-word lemma. An entry WordNet does not know, one
it cannot clue that way, and one of the sensitivity tier (CACA is no "Have a bowel movement"
in a puzzle a setter signs) get no draft: `draft_clue` says "" and the grid gets NO_DRAFT,
marked for the setter to write, never an invented clue.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from puzzlesmith.fill.driver import FillResult
from puzzlesmith.fill.model import Grid
from puzzlesmith.lexicon.meanings import Sense, WordNet, wordnet
from puzzlesmith.lexicon.sensitivity import iffy_words

MAX_LENGTH = 60
NO_DRAFT = "[no draft]"  # the clue a grid gets where there is none: a mark to edit, not a clue
STEM_MIN = 5  # a word's stem keeps this many letters at least (HORSE: horse, horses)
STEM_CUT = 3  # and drops at most this many (ADMINISTER: adminis, administrative)
_LABEL = re.compile(r"^\([^)]*\)\s*")  # "(law) the acts performed..."
_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.IGNORECASE)
_SCOPE = re.compile(r"^(?:(?:(?:used|especially|usually|often|chiefly)\s+)?of\s+\w+(?:\s+\w+)?"
                    r"|extended meanings?|figuratively|informal|slang)$")


def _stem(word: str) -> str:
    return word[:max(min(len(word), STEM_MIN), len(word) - STEM_CUT)]


def _gives_away(text: str, words: Iterable[str]) -> bool:
    """True when `text` holds a word starting with one of `words` (3+ letters) or its stem (a
    clue of ESCAPE HATCH that says "escape", of ADMINISTER that says "administrative"), or a
    word of 4+ letters one of them starts with (SEMIFINALS clued "Semi")."""
    lowered = text.lower()
    words = [w for w in words if len(w) >= 3]
    if any(re.search(rf"\b{re.escape(_stem(w))}", lowered) for w in words):
        return True
    return any(w.startswith(t) for t in re.findall(r"[a-z]{4,}", lowered) for w in words)


def house_style(gloss: str) -> str:
    """A gloss as a clue: its first clause that is more than a word's scope ("of a seeker;
    far from the object sought"), no leading field label or article, capitalized."""
    clauses = [c.strip() for c in gloss.split(";") if c.strip()] or [""]
    text = next((c for c in clauses if not _SCOPE.match(c)), clauses[0])
    text = _ARTICLE.sub("", _LABEL.sub("", text)).strip().rstrip(".")
    return text[:1].upper() + text[1:]


def _candidates(senses: Iterable[Sense], words: list[str]) -> list[str]:
    """The drafts one lemma's senses allow: styled glosses shortest first, then synonyms, then
    kinds; each within MAX_LENGTH and hiding the answer."""
    senses = list(senses)
    glosses = sorted({house_style(s.gloss) for s in senses}, key=lambda g: (len(g), g))
    others = [house_style(x) for s in senses for x in s.synonyms]
    others += [f"Kind of {k}" for s in senses for k in s.kind_of]
    return [c for c in (*glosses, *others)
            if c and len(c) <= MAX_LENGTH and not _gives_away(c.replace("Kind of ", ""), words)]


def draft_clue(entry: str, wn: WordNet | None = None) -> str:
    """A first clue for `entry` (a-z, as the grid holds it), "" when there is none to give:
    WordNet knows nothing that fits and hides the answer, or the entry is iffy."""
    if entry in iffy_words():
        return ""
    wn = wn or wordnet()
    for lemma in (entry, *wn.phrases.get(entry, ())):
        definition = wn.define(lemma)
        words = [entry, *lemma.replace("-", " ").split()]
        if definition.base:
            words.append(definition.base)
        found = _candidates(definition.senses, words)
        if found:
            return found[0]
    return ""


def with_clue_drafts(result: FillResult) -> FillResult:
    """`result` with a drafted clue for each entry of its fill that has none yet (the setter's
    own clues, read from a .puz or .ipuz, are kept); NO_DRAFT where there is none to give."""
    if result.filled is None:
        return result
    grid: Grid = result.filled
    wn = wordnet()
    clues = dict(grid.clues)
    for entry in result.entries:
        label = entry.slot.label
        if not clues.get(label):
            clues[label] = draft_clue(entry.answer, wn) or NO_DRAFT
    filled = grid.with_clues(clues)
    entries = tuple(replace(e, clue=filled.clue(e.slot)) for e in result.entries)
    return replace(result, filled=filled, entries=entries)
