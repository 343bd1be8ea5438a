"""The words that fit one entry of a grid, best score first, each marked by whether every
entry it crosses still has a word (what Phil and Crosshare show beside the selected entry).

A word "fits" the entry when it matches the entry's letters as they stand, is not already
an entry of the grid (unless repeats are allowed) and scores at least the floor. It is
"viable" when, with its letters placed, each crossing entry that still has an empty cell
keeps at least one word that fits (a repeat of the candidate itself does not count). This
looks one step ahead only: a viable word may still lead to no fill, as in the editors it
imitates; `fill` is the search.
"""

from __future__ import annotations

import time
from bisect import bisect_left
from dataclasses import dataclass
from typing import Any

from puzzlesmith.errors import InputError
from puzzlesmith.fill.model import EMPTY, Grid, Slot
from puzzlesmith.fill.scores import word_scores
from puzzlesmith.lexicon import Lexicon, LexiconIndex
from puzzlesmith.lexicon.index import LengthBucket

DEFAULT_LIMIT = 100
MAX_LIMIT = 2000


@dataclass(frozen=True)
class Candidate:
    word: str
    score: int
    viable: bool  # every crossing entry with an empty cell still has a word
    room: int | None  # the fewest words a crossing keeps (None: no open crossing)
    blocked: str | None  # the first crossing left with no word ("3 down")

    def to_json(self) -> dict[str, Any]:
        return {"word": self.word, "score": self.score, "viable": self.viable,
                "room": self.room, "blocked": self.blocked}


@dataclass(frozen=True)
class CandidatesResult:
    grid: Grid
    slot: Slot
    pattern: str
    total: int  # words that fit, before the limit
    viable: int  # of those, how many leave every crossing a word
    candidates: tuple[Candidate, ...]
    seconds: float
    lexicon: str

    def to_json(self) -> dict[str, Any]:
        return {"entry": self.slot.label, "number": self.slot.number,
                "direction": self.slot.direction, "row": self.slot.row, "col": self.slot.col,
                "length": self.slot.length, "pattern": self.pattern, "total": self.total,
                "viable": self.viable, "candidates": [c.to_json() for c in self.candidates],
                "seconds": round(self.seconds, 3), "lexicon": self.lexicon}


def find_slot(grid: Grid, label: str) -> Slot:
    """The entry labelled `label` (`12 across`, also `12a`, `12-down`); InputError if none."""
    text = " ".join(label.lower().replace("-", " ").split())
    number, _, rest = text.partition(" ") if " " in text else (text.rstrip("ad"), "", text[-1:])
    direction = {"a": "across", "d": "down"}.get(rest, rest)
    for slot in grid.slots:
        if str(slot.number) == number and slot.direction == direction:
            return slot
    raise InputError(f"no entry {label!r} in the grid: give one like '1 across' or '2 down'")


def _fitting(bucket: LengthBucket | None, pattern: str) -> int:
    """Bitset over `bucket.words` of the words matching `pattern` (`.` any letter)."""
    if bucket is None:
        return 0
    bits = bucket.all_bits
    for p, ch in enumerate(pattern):
        if ch != EMPTY:
            bits &= bucket.position_letter[p][ord(ch) - 97]
    return bits


def _bit(bucket: LengthBucket, word: str) -> int:
    """The word's bit in `bucket`, 0 if the bucket lacks it (its words are sorted)."""
    i = bisect_left(bucket.words, word)
    return 1 << i if i < len(bucket.words) and bucket.words[i] == word else 0


def _floor(bucket: LengthBucket, scores: dict[str, int], min_score: int) -> int:
    """Bitset of the bucket's words scoring at least `min_score`."""
    if min_score <= 0:
        return bucket.all_bits
    bits = 0
    for i, w in enumerate(bucket.words):
        if scores.get(w, 0) >= min_score:
            bits |= 1 << i
    return bits


def candidates(grid: Grid, lexicon: Lexicon, index: LexiconIndex, label: str, *,
               min_score: int = 0, allow_repeats: bool = False, limit: int = DEFAULT_LIMIT,
               viable_first: bool = False) -> CandidatesResult:
    """The words that fit entry `label` of `grid`, best score first (then alphabetical), at
    most `limit`, each with whether its crossings keep a word; with `viable_first`, the words
    whose crossings keep a word come before the others (each group best first)."""
    start = time.perf_counter()
    if not 1 <= limit <= MAX_LIMIT:
        raise InputError(f"limit must be 1 to {MAX_LIMIT}, not {limit}")
    slot = find_slot(grid, label)
    cells = grid.cells
    scores = word_scores(lexicon, index)
    used = set() if allow_repeats else {
        s.pattern(cells) for s in grid.slots if s != slot and EMPTY not in s.pattern(cells)}
    pattern = slot.pattern(cells)
    bucket = index.bucket(slot.length)
    floors: dict[int, int] = {}

    def floor(b: LengthBucket) -> int:
        if b.length not in floors:
            floors[b.length] = _floor(b, scores, min_score)
        return floors[b.length]

    fit = _fitting(bucket, pattern) & floor(bucket) if bucket else 0
    words = [w for w in (bucket.words_of(fit) if bucket else []) if w not in used]
    words.sort(key=lambda w: (-scores.get(w, 0), w))

    # Each open crossing: its label, the candidate's position on it, its bucket and its
    # words that fit, repeats left out; then per letter how many keep that letter there.
    crossings: list[tuple[str, int, int, LengthBucket | None, int, list[int]]] = []
    by_cell = {c: i for i, c in enumerate(slot.cells)}
    for other in grid.slots:
        shared = [c for c in other.cells if c in by_cell] if other.direction != slot.direction else []
        if not shared or cells[shared[0]] != EMPTY:
            continue  # no crossing, or its letter is fixed: no candidate can change it
        cell = shared[0]
        ob = index.bucket(other.length)
        pos = other.cells.index(cell)
        base = _fitting(ob, other.pattern(cells)) & floor(ob) if ob else 0
        if ob is not None:
            for u in used:
                base &= ~_bit(ob, u)
        per_letter = [(base & ob.position_letter[pos][k]).bit_count() if ob else 0
                      for k in range(26)]
        crossings.append((other.label, by_cell[cell], pos, ob, base, per_letter))

    found: list[Candidate] = []
    for w in words:
        room: int | None = None
        blocked: str | None = None
        for olabel, i, pos, ob, base, per_letter in crossings:
            n = per_letter[ord(w[i]) - 97]
            if (not allow_repeats and ob is not None and len(w) == ob.length and w[pos] == w[i]
                    and base & _bit(ob, w)):
                n -= 1  # the crossing may not take the candidate itself as well
            room = n if room is None else min(room, n)
            if n == 0 and blocked is None:
                blocked = olabel
        found.append(Candidate(w, scores.get(w, 0), blocked is None, room, blocked))
    if viable_first:
        found.sort(key=lambda c: not c.viable)  # stable: each group stays best first
    return CandidatesResult(grid, slot, pattern, len(words), sum(c.viable for c in found),
                            tuple(found[:limit]), time.perf_counter() - start, lexicon.name)
