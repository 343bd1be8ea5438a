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
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from puzzlesmith.errors import InputError
from puzzlesmith.fill.model import EMPTY, Grid, Slot
from puzzlesmith.fill.stems import related
from puzzlesmith.fill.tables import WordTable, check_max_shared, inside, sharing, word_table
from puzzlesmith.lexicon import Lexicon, LexiconIndex

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


def _fitting(table: WordTable, pattern: str) -> int:
    """Bitset over `table.words` of the words matching `pattern` (`.` any letter)."""
    bits = (1 << len(table.words)) - 1
    for p, ch in enumerate(pattern):
        if ch != EMPTY:
            bits &= table.position_letter[p][ord(ch) - 97]
    return bits


def _lowest(bits: int, n: int) -> list[int]:
    """The positions of the `n` lowest set bits (the best words: tables are best first)."""
    out: list[int] = []
    while bits and len(out) < n:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


@dataclass(frozen=True)
class _Crossing:
    label: str
    at: int  # the cell's position in the candidate's entry
    pos: int  # and in the crossing entry
    table: WordTable
    words: int  # the crossing's words that fit as it stands (floor applied, repeats left out)
    per_letter: tuple[int, ...]  # how many of them have each letter at `pos`
    repeats: bool  # the candidate may also be the crossing's word
    max_shared_substring: int | None  # nor may the crossing's word share a run this long with it
    runs: dict[tuple[int, str], int]  # tables.sharing's cache

    def left(self, word: str) -> int:
        """How many words the crossing keeps with `word` placed (not `word` itself, nor,
        with `max_shared_substring`, a word sharing a run of that many letters with it)."""
        k = ord(word[self.at]) - 97
        if self.max_shared_substring is not None and self.per_letter[k]:
            bits = self.words & self.table.position_letter[self.pos][k]
            return (bits & ~sharing(self.table, word, self.max_shared_substring, self.runs)).bit_count()
        n = self.per_letter[k]
        if (n and not self.repeats and word[self.pos:self.pos + 1] == word[self.at]
                and self.words & self.table.bit(word)):
            n -= 1
        return n


SAMPLE = 16  # crossing words whose shared runs narrow the words to try one by one


def _allowed_by(table: WordTable, at: int, ot: WordTable, pos: int, words: int,
                per_letter: tuple[int, ...], allow_repeats: bool) -> int:
    """The words of `table` whose letter at `at` leaves the crossing (table `ot`, its cell at
    `pos`, its open `words`, how many of them per letter there) a word."""
    allowed = 0
    for k, n in enumerate(per_letter):
        if n:
            allowed |= table.position_letter[at][k]
        if n == 1 and not allow_repeats and ot.length == table.length:
            # The crossing's one word with this letter may be a candidate here: placed
            # here, it cannot be the crossing's word too.
            only = ot.words[(words & ot.position_letter[pos][k]).bit_length() - 1]
            if only[at] == chr(97 + k):
                allowed &= ~table.bit(only)
    return allowed


def _lost_to_shared_runs(table: WordTable, crossings: list[_Crossing], viable: int,
                         max_shared_substring: int, runs: dict[tuple[int, str], int]) -> int:
    """The viable words that leave some crossing no word once its words sharing a run with
    them are out. A crossing's words sharing a run with the candidate depend on the
    candidate. A candidate can lose a crossing that way only if it shares a run with each of
    the crossing's words with its letter there, so with the first SAMPLE of them: that
    narrows, in bitsets, the words left viable to the few tried one by one (trying them all
    is too slow on a big grid's long open entries; docs/fill.md, Benchmarks)."""
    risky = 0
    for c in crossings:
        for k in range(26):
            there = c.words & c.table.position_letter[c.pos][k]
            risk = there and table.position_letter[c.at][k] & viable
            for i in _lowest(there, SAMPLE):
                if not risk:
                    break
                risk &= sharing(table, c.table.words[i], max_shared_substring, runs)
            risky |= risk
    lost = 0
    while risky:
        low = risky & -risky
        risky ^= low
        w = table.words[low.bit_length() - 1]
        if any(c.left(w) == 0 for c in crossings):
            lost |= low
    return lost


def candidates(grid: Grid, lexicon: Lexicon, index: LexiconIndex, label: str, *,
               min_score: int = 0, allow_repeats: bool = False, limit: int = DEFAULT_LIMIT,
               viable_first: bool = False,
               blocked: frozenset[str] = frozenset(),
               allow_same_stem: bool = False,
               allow_inside: bool = False,
               min_score_by_length: Mapping[int, int] | None = None,
               max_shared_substring: int | None = None) -> CandidatesResult:
    """The words that fit entry `label` of `grid`, best score first, at most `limit`, each
    with whether its crossings keep a word; with `viable_first`, the words whose crossings
    keep a word come before the others (each group best first). `blocked` words (the shipped
    block list, the setter's own) are no candidates and fill no crossing; nor, unless
    `allow_same_stem`, are the words sharing a stem with an entry already whole (RULES beside
    RULE), nor, unless `allow_inside`, those inside an entry already whole or holding one at
    their start or end (CLOSESET beside SET; tables.inside). `min_score_by_length` (length ->
    least score, above `min_score`) holds for the entry and its crossings alike, as in the
    fill. `max_shared_substring` (no two entries share a run of that many letters, as in the
    fill): a word sharing one with an entry already whole is no candidate and fills no crossing
    (an entry itself whole is the setter's, and two of those may share), and a crossing's word
    sharing one with the candidate does not keep that crossing open (as a repeat of the
    candidate does not). Counted with the fill's word tables (best first, with (position,
    letter) bitsets): the words a crossing allows at the shared cell make one OR of bitsets, so
    "every crossing keeps a word" for all the words at once is a few ANDs, not a loop over the
    words.
    """
    start = time.perf_counter()
    check_max_shared(max_shared_substring)
    if not 1 <= limit <= MAX_LIMIT:
        raise InputError(f"limit must be 1 to {MAX_LIMIT}, not {limit}")
    slot = find_slot(grid, label)
    # The entries as words: a rebus cell's letters each a cell (model.Grid.word_slots).
    cells, slots = grid.word_cells, grid.word_slots
    word_slot = slots[grid.slots.index(slot)]
    whole = {s.pattern(cells) for s in slots if s != word_slot and EMPTY not in s.pattern(cells)}
    used = set() if allow_repeats else set(whole)
    if not allow_same_stem:
        used |= {x for w in whole for x in related(w)}

    left_out: dict[int, int] = {}  # length -> bitset of the used and blocked words
    runs: dict[tuple[int, str], int] = {}  # tables.sharing's cache
    own_whole = EMPTY not in word_slot.pattern(cells)

    def open_words(table: WordTable, pattern: str) -> int:
        if table.length not in left_out:
            mask = 0
            for w in used | blocked:
                if len(w) == table.length:
                    mask |= table.bit(w)
            # An entry typed whole is the setter's: it may share runs with the other whole
            # ones (its crossings are all fixed then, so no other table is asked for).
            if max_shared_substring is not None and not own_whole:
                for w in whole:
                    mask |= sharing(table, w, max_shared_substring, runs)
            if not allow_inside and not own_whole:
                for w in whole:
                    mask |= inside(table, w)
            left_out[table.length] = mask
        floor = max(min_score, (min_score_by_length or {}).get(table.length, 0))
        return _fitting(table, pattern) & table.at_least(floor) & ~left_out[table.length]

    pattern = word_slot.pattern(cells)
    table = word_table(lexicon, index, word_slot.length)
    fit = open_words(table, pattern)
    viable = fit
    crossings: list[_Crossing] = []
    by_cell = {c: i for i, c in enumerate(word_slot.cells)}
    for other in slots:
        shared = [c for c in other.cells if c in by_cell] if other.direction != slot.direction else []
        if not shared or cells[shared[0]] != EMPTY:
            continue  # no crossing, or its letter is fixed: no candidate can change it
        cell = shared[0]
        ot = word_table(lexicon, index, other.length)
        pos = other.cells.index(cell)
        words = open_words(ot, other.pattern(cells))
        per_letter = tuple((words & ot.position_letter[pos][k]).bit_count() for k in range(26))
        at = by_cell[cell]
        viable &= _allowed_by(table, at, ot, pos, words, per_letter, allow_repeats)
        crossings.append(_Crossing(other.label, at, pos, ot, words, per_letter, allow_repeats,
                                   max_shared_substring, runs))
    if max_shared_substring is not None:
        viable &= ~_lost_to_shared_runs(table, crossings, fit & viable, max_shared_substring, runs)
    good, bad = fit & viable, fit & ~viable
    order = (_lowest(good, limit) + _lowest(bad, limit))[:limit] if viable_first else _lowest(fit, limit)
    found = []
    for i in order:
        w = table.words[i]
        lefts = [(c.left(w), c.label) for c in crossings]
        stop = next((lab for n, lab in lefts if n == 0), None)
        found.append(Candidate(w, table.scores[i], stop is None,
                               min((n for n, _ in lefts), default=None), stop))
    return CandidatesResult(grid, slot, pattern, fit.bit_count(), good.bit_count(), tuple(found),
                            time.perf_counter() - start, lexicon.name)
