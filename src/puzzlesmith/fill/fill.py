"""Filling a crossword grid: every entry a word, no word twice.

Representation. Each entry (slot) has a domain: a bitset (a Python int) over the words of its
length, the words ordered best score first, so the lowest set bit is the best word left. The
(position, letter) bitsets of the lexicon index, built over that order, turn "the words with
an `e` third" into one int. Each checked cell (one in two entries) has a letter mask.

Search (after ingrid_core and the CSP literature it follows):
- arc consistency: when an entry's domain shrinks, the letters its words still allow in each
  crossed cell are recomputed; letters lost there remove, with one AND, every word of the
  crossing entry that needs them, and so on until nothing changes;
- no repeats: an entry down to one word takes that word out of every other entry's domain;
- dom/wdeg: branch on the entry with the fewest words per unit of "trouble" (weights on the
  crossings whose propagation wiped a domain out), trying its best-scored words first, the
  one of the top three that leaves its crossings the most room;
- two-way branching (entry = word, else entry != word) with random restarts, seeded, under
  a growing limit on failures; weights carry over between restarts, and every other run
  chooses words for room alone (of the best eight, the one leaving its crossings the most);
- nogoods: each restart's branch yields nogoods (the choices above each refuted one), which
  the later runs propagate, so no run searches a refuted subtree again;
- quality: once a fill is found, search again for one whose weakest entry is stronger
  (branch and bound on the minimum score; every word left then clears the bound, so words
  are chosen for room alone), in restarted runs whose nogoods are kept with their bound (a
  nogood learned at a bound holds at every higher one), then for a better mean, while the
  budget lasts.

"Impossible" is only said when a search without a failure limit ran out of choices.
"""

from __future__ import annotations

import pickle
import random
import time
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from puzzlesmith.diskcache import cache_dir, write_atomic
from puzzlesmith.errors import InputError
from puzzlesmith.fill.model import BLOCK, EMPTY, Grid, Slot, check_fill, repeated
from puzzlesmith.fill.scores import scores_key, word_scores
from puzzlesmith.lexicon import Lexicon, LexiconIndex
from puzzlesmith.lexicon.index import build_bucket
from puzzlesmith.limits import Deadline, SearchTimeout

Status = Literal["filled", "impossible", "timeout"]
ALL_LETTERS = (1 << 26) - 1
FIRST_RESTART = 64  # failures allowed before the first restart
RESTART_GROWTH = 1.25
COUNT_LIMIT = 10_000_000
DISK_CACHE_MIN = 2000  # smaller tables build faster than they load
LOOKAHEAD = 3  # words of an entry compared by what they leave their crossings
LOOKAHEAD_DECAY = 0.5  # each later (lower-scored) candidate needs this much more room to win
# Under a bound on the weakest entry every word left is good enough: then the choice is only
# for room, among more words (the 5x5 open grid at bound 36: 28 nodes instead of 2,102).
BOUND_LOOKAHEAD = 8
# Restarts alternate the two choices of word: by score (then room), and for room alone. On
# the whole list, themeless 15x15 grids 1 and 2 of the benchmark: 136 and 180 nodes to the
# first fill instead of 623 and 1,278.
ALTERNATE = True
# The default improvement budget, in search nodes (see default_improve): nodes, not seconds,
# so a fill does not change with the machine's load.
# Small grids need nodes more than big ones (and theirs cost less: 0.25 ms of CPU on a 7x7
# against 0.7 on a 15x15), hence a base plus a little an entry.
IMPROVE_BASE = 300
IMPROVE_PER_ENTRY = 5
IMPROVE_FACTOR = 1.0
PROBE_FAILS = 64  # failures a probe of the weakest-entry bound may spend (see the galloping probes)
PROBE_GAP = 2  # the first probe's bound above the floor (it doubles after a fill, halves after a miss)
MEAN_TRIES = 50  # fills tried for a better mean once the weakest entry is proved best
SMALL_DOMAIN = 24  # below this many words, read letters off the words themselves
LETTER_FIELD = 26  # bits per position in a word's letter code (see letter_codes)
SMALL_LOST = 24  # below this many words lost since the last revision, test only the letters they held
# Core proofs (see _Problem.core): after this many failures of the restarts without a fill,
# and again after each CORE_GROWTH times as many, search cores of these sizes completely,
# each for at most CORE_NODES nodes. Themeless 15x15 2 of the benchmark, common words: a core
# of 20 entries grown after 500 failures has no fill (3,005 nodes; 3,541 in all, 2.4 CPU s).
# The price on a grid that fills late: top-50k common words, themeless 3 and 4, cores that
# fill cost about 6,700 and 4,000 nodes (first fill 1.6 -> 4.1 and 2.5 -> 5.0 CPU s).
CORE_AFTER = 500
CORE_GROWTH = 4
CORE_SIZES = (20, 28, 36)
CORE_NODES = 8000
LEARN = True  # record nogoods from each restart's branch (see _Problem.learn)


@dataclass(frozen=True, eq=False)
class WordTable:
    """The words of one length, best score first, with their (position, letter) bitsets."""

    length: int
    words: tuple[str, ...]
    scores: tuple[int, ...]
    position_letter: tuple[tuple[int, ...], ...] = field(repr=False)
    _neg_scores: tuple[int, ...] = field(repr=False)
    _ids: dict[str, int] = field(repr=False)

    def at_least(self, score: int) -> int:
        """Bitset of the words scoring `score` or more (a prefix: the list is best first)."""
        return (1 << bisect_left(self._neg_scores, -score + 1)) - 1

    def bit(self, word: str) -> int:
        i = self._ids.get(word)
        return 0 if i is None else 1 << i


_TABLES: dict[tuple[str, str, int], WordTable] = {}
_CODES: dict[WordTable, list[int]] = {}


def letter_codes(table: WordTable) -> list[int]:
    """Per word of `table`, its letters as one int: bit 26 * position + letter. The OR of a
    few words' codes holds, for every position at once, the letters those words put there,
    so a small domain's support is one OR a word. Filled on first use (0: not yet; no word
    codes to 0), since coding the whole list up front takes a second."""
    codes = _CODES.get(table)
    if codes is None:
        codes = _CODES[table] = [0] * len(table.words)
    return codes


def _code(word: str) -> int:
    return sum(1 << (LETTER_FIELD * p + b - 97) for p, b in enumerate(word.encode()))
TABLE_FORMAT = 1


def _build_table(lexicon: Lexicon, index: LexiconIndex, length: int) -> WordTable:
    scores = word_scores(lexicon, index)
    bucket = index.bucket(length)
    words = sorted(bucket.words if bucket else (), key=lambda w: (-scores[w], w))
    if words:
        pl = build_bucket(length, words, {}).position_letter
    else:
        pl = tuple(tuple(0 for _ in range(26)) for _ in range(length))
    ws = tuple(words)
    sc = tuple(scores[w] for w in ws)
    return WordTable(length, ws, sc, pl, tuple(-s for s in sc), {w: i for i, w in enumerate(ws)})


def word_table(lexicon: Lexicon, index: LexiconIndex, length: int) -> WordTable:
    """The fill's view of the lexicon's words of one length: from memory, else the disk cache
    beside the lexicon index's, else built (and cached)."""
    key = (scores_key(lexicon), lexicon.source, length)
    table = _TABLES.get(key)
    if table is not None:
        return table
    path = cache_dir() / f"fill-v{TABLE_FORMAT}-{key[0]}-{length}.pickle"
    try:
        with open(path, "rb") as f:
            table = pickle.load(f)
        if not isinstance(table, WordTable) or table.length != length:
            table = None
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
        table = None
    if table is None:
        table = _build_table(lexicon, index, length)
    if table is not None and len(table.words) >= DISK_CACHE_MIN and not path.exists():
        write_atomic(path, pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL))
    _TABLES[key] = table
    return table


@dataclass(frozen=True)
class Entry:
    """One filled entry as the output lists it."""

    slot: Slot
    answer: str
    score: int | None  # None: a word the setter gave that is not in the list
    given: bool

    def to_json(self) -> dict[str, Any]:
        return {"number": self.slot.number, "direction": self.slot.direction, "row": self.slot.row,
                "col": self.slot.col, "answer": self.answer, "score": self.score,
                "given": self.given}


@dataclass(frozen=True)
class FillResult:
    """The outcome of `fill`: the best fill found (if any) and how the search ended."""

    grid: Grid  # the input grid
    status: Status
    filled: Grid | None
    entries: tuple[Entry, ...]
    seconds: float
    lexicon: str
    seed: int
    optimal: bool = False  # no fill has a stronger weakest entry (proved)
    fills_found: int = 0
    count: int | None = None  # --count: fills counted (all of them when complete)
    complete: bool = True
    first_seconds: float | None = None
    nodes: int = 0
    first_nodes: int | None = None  # search nodes to the first fill (the rest improved it)
    note: str = ""
    # (seconds, weakest, mean) of each fill that beat the ones before it, the first one first
    progress: tuple[tuple[float, int, float], ...] = ()
    regions: int = 1  # groups of undecided entries sharing no cell, filled apart (first fill)
    core: tuple[str, ...] = ()  # "impossible" by a core proof: the entries ("12 across") of the core

    @property
    def min_score(self) -> int | None:
        scored = [e.score for e in self.entries if e.score is not None]
        return min(scored) if scored else None

    @property
    def mean_score(self) -> float | None:
        scored = [e.score for e in self.entries if e.score is not None]
        return round(sum(scored) / len(scored), 2) if scored else None

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "grid": list((self.filled or self.grid).rows),
            "status": self.status,
            "entries": [e.to_json() for e in self.entries],
            "min_score": self.min_score,
            "mean_score": self.mean_score,
            "seconds": round(self.seconds, 3),
            "lexicon": self.lexicon,
            "seed": self.seed,
            "optimal_min_score": self.optimal,
            "fills_found": self.fills_found,
            "first_fill_seconds": None if self.first_seconds is None else round(self.first_seconds, 3),
            "nodes": self.nodes,
            "first_fill_nodes": self.first_nodes,
        }
        if self.count is not None:
            doc["count"] = self.count
            doc["complete"] = self.complete
        doc["regions"] = self.regions
        if self.progress:
            doc["progress"] = [{"seconds": round(t, 3), "min_score": m, "mean_score": round(a, 2)}
                               for t, m, a in self.progress]
        if self.core:
            doc["core"] = list(self.core)
        if self.note:
            doc["note"] = self.note
        return doc


State = tuple[list[int], list[int], list[int], list[int]]
# A nogood: (entry, word bit) pairs that no fill has all of (learned from a restart's branch).
Nogood = tuple[tuple[int, int], ...]


class _Restart(Exception):
    pass


class _OutOfNodes(Exception):
    """The improvement search spent its node budget."""


@dataclass
class _Wipeout:
    var: int
    source: int  # the entry whose propagation emptied it (-1: no words fit at all)
    cell: int  # the cell they share (-1: none)


class _Problem:
    """A grid's entries as a constraint problem over bitset domains."""

    def __init__(self, grid: Grid, lexicon: Lexicon, index: LexiconIndex, *, min_score: int,
                 allow_repeats: bool) -> None:
        self.grid = grid
        cells = grid.cells
        self.vars: list[Slot] = []
        self.tables: list[WordTable] = []
        self.fixed_given: list[Slot] = []  # whole entries the setter gave that are not in the list
        base: list[int] = []
        self.given_var: list[bool] = []
        for slot in grid.slots:
            table = word_table(lexicon, index, slot.length)
            pattern = slot.pattern(cells)
            if EMPTY not in pattern:
                bit = table.bit(pattern)
                if not bit:
                    self.fixed_given.append(slot)
                    continue
                d = bit
                self.given_var.append(True)
            else:
                d = table.at_least(min_score)
                for p, ch in enumerate(pattern):
                    if ch != EMPTY:
                        d &= table.position_letter[p][ord(ch) - 97]
                self.given_var.append(False)
            self.vars.append(slot)
            self.tables.append(table)
            base.append(d)
        self.base = base
        n = len(self.vars)
        owners: dict[int, list[tuple[int, int]]] = {}
        for v, slot in enumerate(self.vars):
            for p, c in enumerate(slot.cells):
                owners.setdefault(c, []).append((v, p))
        # Checked cells shared by two entries get a letter mask each; the rest need none.
        self.cell_ids: dict[int, int] = {}
        self.cross: list[list[tuple[int, int, int, int, int]]] = [[] for _ in range(n)]
        self.edges: list[tuple[int, int]] = []
        for c, own in owners.items():
            if len(own) != 2:
                continue
            k = self.cell_ids.setdefault(c, len(self.cell_ids))
            (a, pa), (b, pb) = own
            e = len(self.edges)
            self.edges.append((a, b))
            self.cross[a].append((pa, k, b, pb, e))
            self.cross[b].append((pb, k, a, pa, e))
        self.cell_of = {k: c for c, k in self.cell_ids.items()}
        self.masks0 = [ALL_LETTERS] * len(self.cell_ids)
        for c, k in self.cell_ids.items():
            if cells[c] not in (EMPTY, BLOCK):
                self.masks0[k] = 1 << (ord(cells[c]) - 97)
        self.dupes = not allow_repeats
        by_length: dict[int, list[int]] = {}
        for v, slot in enumerate(self.vars):
            by_length.setdefault(slot.length, []).append(v)
        self.same_length = [[u for u in by_length[s.length] if u != v] for v, s in enumerate(self.vars)]
        self.pls = [t.position_letter for t in self.tables]
        self.words = [t.words for t in self.tables]
        self.codes = [letter_codes(t) for t in self.tables]
        self.weights = [1.0] * len(self.edges)
        self.wipeout: _Wipeout | None = None
        self.nogoods: list[dict[int, list[Nogood]]] = [{} for _ in range(n)]
        self.nogood_list: list[Nogood] = []
        # The weakest-entry bound the search runs under: the nogoods it learns hold at this
        # bound and every higher one (the improvement searches raise it).
        self.bound = min_score

    def regions(self, dom: list[int]) -> list[list[int]]:
        """The undecided entries in groups that share no cell once the decided ones (down to
        one word) are set: each group can be filled apart from the others (Crosshare's
        independent regions), the no-repeat rule aside."""
        group = [-1] * len(dom)
        out: list[list[int]] = []
        for v0, d0 in enumerate(dom):
            if group[v0] >= 0 or d0.bit_count() <= 1:
                continue
            group[v0] = len(out)
            members, todo = [v0], [v0]
            while todo:
                v = todo.pop()
                for _, _, t, _, _ in self.cross[v]:
                    if group[t] < 0 and dom[t].bit_count() > 1:
                        group[t] = len(out)
                        members.append(t)
                        todo.append(t)
            out.append(sorted(members))
        return out

    def restricted(self, keep: list[int]) -> _Problem:
        """The same problem over the entries `keep` only, the crossings and no-repeat rules
        with the other entries dropped. A relaxation: no fill of it, no fill of the grid."""
        sub = object.__new__(_Problem)
        new = {v: i for i, v in enumerate(keep)}
        sub.grid, sub.fixed_given, sub.dupes = self.grid, [], self.dupes
        sub.vars = [self.vars[v] for v in keep]
        sub.tables = [self.tables[v] for v in keep]
        sub.base = [self.base[v] for v in keep]
        sub.given_var = [self.given_var[v] for v in keep]
        sub.cell_ids, sub.cell_of, sub.masks0 = self.cell_ids, self.cell_of, self.masks0
        sub.edges = self.edges
        sub.cross = [[(p, k, new[t], q, e) for p, k, t, q, e in self.cross[v] if t in new]
                     for v in keep]
        sub.same_length = [[new[u] for u in self.same_length[v] if u in new] for v in keep]
        sub.pls = [t.position_letter for t in sub.tables]
        sub.words = [t.words for t in sub.tables]
        sub.codes = [self.codes[v] for v in keep]
        sub.weights = self.weights  # shared: the edges keep their ids
        sub.wipeout = None
        sub.nogoods = [{} for _ in keep]
        sub.nogood_list = []
        sub.bound = self.bound
        return sub

    def core(self, size: int, dom: list[int]) -> list[int]:
        """Up to `size` entries around the trouble: from the entry whose crossings carry the
        most weight (dom/wdeg's failure counts), adding each time the entry that crosses the
        set at two cells or more if one does, then the one whose crossings into the set
        weigh most. Undecided entries only (`dom`). Searched with `restricted`, a core with
        no fill proves the grid has none; grown this way it holds the crossings where the
        search kept failing, so it is small and still over-constrained."""
        weights, cross = self.weights, self.cross
        live = [v for v, d in enumerate(dom) if d.bit_count() > 1]
        if not live:
            return []
        seed = max(live, key=lambda v: (sum(weights[e] for *_, e in cross[v]), -v))
        keep = {seed}
        while len(keep) < size:
            best, best_key = -1, (False, -1.0, 0)
            for v in keep:
                for _, _, t, _, _ in cross[v]:
                    if t in keep or dom[t].bit_count() <= 1:
                        continue
                    into = [weights[e] for _, _, u, _, e in cross[t] if u in keep]
                    key = (len(into) >= 2, sum(into), -t)
                    if best < 0 or key > best_key:
                        best, best_key = t, key
            if best < 0:
                break
            keep.add(best)
        return sorted(keep)

    def learn(self, path: list[tuple[int, int, bool]]) -> list[Nogood]:
        """Record the nogoods a restarted run's branch proves (Lecoutre et al., "Recording
        and minimizing nogoods from restarts", 2007): each "entry != word" on the branch
        was taken because the subtree under the "entry = word" choices above it plus
        "entry = word" had no fill, so those pairs together are a nogood. The next runs
        then never search that subtree again. Returns the new nogoods."""
        above: list[tuple[int, int]] = []
        new: list[Nogood] = []
        for v, bit, positive in path:
            if positive:
                above.append((v, bit))
                continue
            nogood = (*above, (v, bit))
            new.append(nogood)
            self._index_nogood(nogood)
        return new

    def _index_nogood(self, nogood: Nogood) -> None:
        self.nogood_list.append(nogood)
        for u, b in nogood:
            self.nogoods[u].setdefault(b.bit_length() - 1, []).append(nogood)

    def forget(self) -> None:
        """Drop the nogoods: they hold only under the root they were learned from."""
        self.nogoods = [{} for _ in self.vars]
        self.nogood_list = []

    def use_nogoods(self, nogoods: list[Nogood]) -> None:
        """Propagate exactly these nogoods from now on."""
        self.forget()
        for nogood in nogoods:
            self._index_nogood(nogood)

    def tightened(self, state: State, keep: list[int]) -> State | None:
        """`state` (arc consistent) with each domain ANDed with `keep`, made arc consistent
        again; only the entries that lost words are revised. The fixpoint is the one a root
        propagation of the ANDed domains reaches (arc consistency has one), for less work."""
        dom, cnt, masks, seen = (list(x) for x in state)
        changed = []
        for v, k in enumerate(keep):
            d = dom[v] & k
            if d != dom[v]:
                if not d:
                    self.wipeout = _Wipeout(v, -1, -1)
                    return None
                dom[v] = d
                cnt[v] = d.bit_count()
                changed.append(v)
        if changed and not self.propagate(dom, cnt, masks, seen, changed):
            return None
        return dom, cnt, masks, seen

    def with_nogoods(self, state: State) -> State | None:
        """`state` (a run's root) with the nogoods applied: a nogood all of whose pairs hold
        but one takes that one's word away (propagated); None if one holds whole."""
        dom, cnt, masks, seen = (list(x) for x in state)
        changed = []
        for nogood in self.nogood_list:
            unit, ub = -1, 0
            for u, b in nogood:
                du = dom[u]
                if du == b:
                    continue
                if not du & b or unit >= 0:
                    break
                unit, ub = u, b
            else:
                if unit < 0:
                    return None
                dom[unit] &= ~ub
                if not dom[unit]:
                    return None
                cnt[unit] = dom[unit].bit_count()
                changed.append(unit)
        if changed and not self.propagate(dom, cnt, masks, seen, changed):
            return None
        return dom, cnt, masks, seen

    def root(self, base: list[int]) -> State | None:
        """Domains, counts, letter masks and revision marks after propagating the starting
        domains."""
        dom = list(base)
        cnt = [d.bit_count() for d in dom]
        for v, d in enumerate(dom):
            if not d:
                self.wipeout = _Wipeout(v, -1, -1)
                return None
        masks = list(self.masks0)
        seen = [-1] * len(dom)
        if not self.propagate(dom, cnt, masks, seen, list(range(len(dom)))):
            return None
        return dom, cnt, masks, seen

    def propagate(self, dom: list[int], cnt: list[int], masks: list[int], seen: list[int],
                  queue: list[int]) -> bool:
        """Arc consistency (and no repeats) from the entries in `queue`; False on a wipeout.

        `seen[s]` is the domain of s when its cells were last revised (-1: never), so a revision
        looks only at the letters of the words lost since then when those are few.
        """
        pls, cross, words, allcodes = self.pls, self.cross, self.words, self.codes
        queued = set(queue)
        dupes = self.dupes
        while queue:
            # Smallest domain first: it prunes hardest and is cheapest to read.
            if len(queue) > 1:
                s = min(queue, key=cnt.__getitem__)
                queue.remove(s)
            else:
                s = queue.pop()
            queued.discard(s)
            d = dom[s]
            old = seen[s]
            if old == d:
                continue
            seen[s] = d
            pl = pls[s]
            c = cnt[s]
            if c == 1 and (ngs := self.nogoods[s]) and (learned := ngs.get(d.bit_length() - 1)):
                # Nogoods holding "s is this word": when all but one of a nogood's pairs
                # hold, the last one cannot.
                for nogood in learned:
                    unit, ub = -1, 0
                    for u, b in nogood:
                        du = dom[u]
                        if du == b:
                            continue
                        if not du & b or unit >= 0:
                            break  # one pair false already, or two undecided: nothing yet
                        unit, ub = u, b
                    else:
                        if unit < 0:
                            self.wipeout = _Wipeout(s, s, -1)
                            return False
                        du = dom[unit] & ~ub
                        if not du:
                            self.wipeout = _Wipeout(unit, s, -1)
                            return False
                        dom[unit] = du
                        cnt[unit] = du.bit_count()
                        if unit not in queued:
                            queue.append(unit)
                            queued.add(unit)
            if c == 1 and dupes:
                for u in self.same_length[s]:
                    du = dom[u]
                    if du & d:
                        du &= ~d
                        if not du:
                            self.wipeout = _Wipeout(u, s, -1)
                            return False
                        dom[u] = du
                        cnt[u] = du.bit_count()
                        if u not in queued:
                            queue.append(u)
                            queued.add(u)
            ws = words[s]
            codes = allcodes[s]
            # Which letters each crossed cell can still hold: from the words themselves (their
            # letter codes ORed) when few, else by testing each letter the cell still allows,
            # only those the words lost since the last revision could have taken away.
            support = -1  # letter codes ORed: exact letters per position
            suspects = -1  # letter codes ORed: letters that may have lost their last word
            if c <= SMALL_DOMAIN:
                support = 0
                dd = d
                while dd:
                    low = dd & -dd
                    i = low.bit_length() - 1
                    code = codes[i]
                    if not code:
                        code = codes[i] = _code(ws[i])
                    support |= code
                    dd ^= low
            elif old >= 0:
                lost = old & ~d
                if lost.bit_count() <= SMALL_LOST:
                    suspects = 0
                    while lost:
                        low = lost & -lost
                        i = low.bit_length() - 1
                        code = codes[i]
                        if not code:
                            code = codes[i] = _code(ws[i])
                        suspects |= code
                        lost ^= low
            for p, k, t, q, e in cross[s]:
                m = masks[k]
                if support >= 0:
                    new = m & (support >> (LETTER_FIELD * p))
                else:
                    mm = m if suspects < 0 else m & (suspects >> (LETTER_FIELD * p))
                    new = m
                    plp = pl[p]
                    while mm:
                        low = mm & -mm
                        if not d & plp[low.bit_length() - 1]:
                            new ^= low
                        mm ^= low
                if new == m:
                    continue
                if not new:
                    self.weights[e] += 1
                    self.wipeout = _Wipeout(t, s, k)
                    return False
                masks[k] = new
                removed = m ^ new
                plt = pls[t][q]
                x = 0
                if removed.bit_count() <= new.bit_count():
                    while removed:
                        low = removed & -removed
                        x |= plt[low.bit_length() - 1]
                        removed ^= low
                    nd = dom[t] & ~x
                else:
                    mm = new
                    while mm:
                        low = mm & -mm
                        x |= plt[low.bit_length() - 1]
                        mm ^= low
                    nd = dom[t] & x
                if nd != dom[t]:
                    if not nd:
                        self.weights[e] += 1
                        self.wipeout = _Wipeout(t, s, k)
                        return False
                    dom[t] = nd
                    cnt[t] = nd.bit_count()
                    if t not in queued:
                        queue.append(t)
                        queued.add(t)
        return True


class _Search:
    """One run of the two-way branching search over a problem."""

    def __init__(self, problem: _Problem, deadline: Deadline, rng: random.Random | None,
                 fail_limit: float | None, *, lookahead: int = LOOKAHEAD,
                 decay: float = LOOKAHEAD_DECAY, max_nodes: int | None = None) -> None:
        self.p = problem
        self.max_nodes = max_nodes
        self.lookahead = lookahead
        self.decay = decay
        self.deadline = deadline
        self.rng = rng
        self.fail_limit = fail_limit
        self.fails = 0
        self.nodes = 0
        # The branch: (entry, word bit, True) for "entry = word" being searched, False once
        # that subtree is exhausted and the search goes on with "entry != word".
        self.path: list[tuple[int, int, bool]] = []

    def choose_var(self, cnt: list[int]) -> int | None:
        p = self.p
        weights = p.weights
        scored: list[tuple[float, int]] = []
        for v, c in enumerate(cnt):
            if c <= 1:
                continue
            wdeg = 0.0
            for _, _, t, _, e in p.cross[v]:
                if cnt[t] > 1:
                    wdeg += weights[e]
            scored.append((c / (wdeg or 0.5), v))
        if not scored:
            return None
        if self.rng is None or len(scored) == 1:
            return min(scored)[1]
        scored.sort()
        r = self.rng.random()
        return scored[0 if r < 0.6 else 1 if r < 0.85 or len(scored) < 3 else 2][1]

    def choose_value(self, v: int, dom: list[int], cnt: list[int]) -> int:
        d = dom[v]
        low = d & -d
        if self.lookahead > 1 and cnt[v] > 1:
            # Of the best few words, the one that leaves its crossings the most words
            # (the product of their counts), so a word that strangles a crossing waits.
            p = self.p
            words, pls = p.words[v], p.pls
            best, best_key = low, -1.0
            rest = d
            for rank in range(self.lookahead):
                if not rest:
                    break
                bit = rest & -rest
                rest ^= bit
                w = words[bit.bit_length() - 1]
                key = 1.0
                for pos, _, t, q, _ in p.cross[v]:
                    if cnt[t] > 1:
                        key *= (dom[t] & pls[t][q][ord(w[pos]) - 97]).bit_count() / cnt[t]
                key *= self.decay ** rank
                if key > best_key:
                    best, best_key = bit, key
            low = best
        if self.rng is None:
            return low
        r = self.rng.random()
        if r < 0.7:
            return low
        rest = d ^ low
        if not rest:
            return low
        second = rest & -rest
        if r < 0.9:
            return second
        rest ^= second
        return rest & -rest if rest else second

    def fail(self) -> None:
        self.fails += 1
        if self.fail_limit is not None and self.fails > self.fail_limit:
            raise _Restart

    def solutions(self, dom: list[int], cnt: list[int], masks: list[int],
                  seen: list[int]) -> Iterator[list[int]]:
        """Every fill below this state (the lists are this call's own to change)."""
        p = self.p
        path = self.path
        depth = len(path)
        while True:
            if self.max_nodes is not None and self.nodes >= self.max_nodes:
                raise _OutOfNodes
            self.nodes += 1
            if not self.nodes & 31 and self.deadline.expired():
                raise SearchTimeout
            v = self.choose_var(cnt)
            if v is None:
                yield dom
                return
            bit = self.choose_value(v, dom, cnt)
            d2, c2, m2, s2 = dom[:], cnt[:], masks[:], seen[:]
            d2[v] = bit
            c2[v] = 1
            path.append((v, bit, True))
            if p.propagate(d2, c2, m2, s2, [v]):
                yield from self.solutions(d2, c2, m2, s2)
            else:
                path[-1] = (v, bit, False)  # before fail(): a restart learns from the branch
                self.fail()
            path[-1] = (v, bit, False)
            dom[v] &= ~bit
            cnt[v] -= 1
            if not dom[v] or not p.propagate(dom, cnt, masks, seen, [v]):
                # This state has no fill: the choice above it ("entry = word") is refuted.
                del path[depth:]
                if not depth:  # the run's root: every choice was tried, nothing to restart
                    return
                u, b, _ = path[depth - 1]
                path[depth - 1] = (u, b, False)
                self.fail()
                return


def _answers(problem: _Problem, dom: list[int]) -> list[str]:
    return [problem.words[v][d.bit_length() - 1] for v, d in enumerate(dom)]


def _fill_cells(grid: Grid, problem: _Problem, answers: list[str]) -> Grid:
    cells = list(grid.cells)
    for slot, word in zip(problem.vars, answers, strict=True):
        for c, ch in zip(slot.cells, word, strict=True):
            cells[c] = ch
    return grid.with_cells(cells)


def _entries(grid: Grid, filled: Grid, problem: _Problem, dom: list[int]) -> tuple[Entry, ...]:
    by_slot: dict[Slot, tuple[int, bool]] = {}
    for v, (slot, d) in enumerate(zip(problem.vars, dom, strict=True)):
        by_slot[slot] = (problem.tables[v].scores[d.bit_length() - 1], problem.given_var[v])
    out = []
    for slot in grid.slots:
        answer = slot.pattern(filled.cells)
        score, given = by_slot.get(slot, (None, True))
        out.append(Entry(slot, answer, score, given))
    return tuple(out)


def _quality(problem: _Problem, dom: list[int]) -> tuple[int, float]:
    """(weakest, mean) score over the entries the fill chose."""
    free = [problem.tables[v].scores[d.bit_length() - 1]
            for v, d in enumerate(dom) if not problem.given_var[v]]
    if not free:
        return (0, 0.0)
    return (min(free), sum(free) / len(free))


def default_improve(first_nodes: int, entries: int) -> int:
    """Search nodes spent looking for a better fill when --improve is not given: 300 and 5 an
    entry (a 5x5 350, a 15x15 of 76 entries 680), or as many as the first fill took if more."""
    return max(IMPROVE_BASE + IMPROVE_PER_ENTRY * entries, int(IMPROVE_FACTOR * first_nodes))


def fill(
    grid: Grid,
    lexicon: Lexicon,
    index: LexiconIndex,
    *,
    min_score: int = 0,
    allow_repeats: bool = False,
    seed: int = 0,
    deadline: Deadline | None = None,
    improve: int | None = None,
    count: bool = False,
) -> FillResult:
    """Fill every entry of `grid` with a word of `lexicon`.

    `improve`: search nodes to spend looking for a better fill after the first (None:
    `default_improve`), within the deadline; a node budget, so the fill found does not
    depend on the machine's speed or load. `count`: count every fill instead (small grids).
    """
    deadline = deadline or Deadline(10.0)
    start = time.perf_counter()
    problem = _Problem(grid, lexicon, index, min_score=min_score, allow_repeats=allow_repeats)

    def result(status: Status, best: list[int] | None, **kw: Any) -> FillResult:
        filled = entries = None
        if best is not None:
            filled = _fill_cells(grid, problem, _answers(problem, best))
            check_fill(grid, filled, lexicon.word_set, allow_repeats=allow_repeats)
            entries = _entries(grid, filled, problem, best)
            assert all(e.score is None or e.given or e.score >= min_score for e in entries)
        return FillResult(grid, status, filled, entries or (), time.perf_counter() - start,
                          lexicon.name, seed, **kw)

    root = problem.root(problem.base)
    given_twice = not allow_repeats and repeated(s.pattern(grid.cells) for s in problem.fixed_given)
    if root is None or given_twice:
        return result("impossible", None, count=0 if count else None)

    if count:
        search = _Search(problem, deadline, None, None)
        first: list[int] | None = None
        n = 0
        try:
            for sol in search.solutions(*root):
                n += 1
                if first is None:
                    first = list(sol)
                if n >= COUNT_LIMIT:
                    break
        except SearchTimeout:
            return result("timeout" if first is None else "filled", first, count=n, complete=False,
                          nodes=search.nodes, fills_found=n)
        status: Status = "filled" if n else "impossible"
        return result(status, first, count=n, complete=n < COUNT_LIMIT, nodes=search.nodes,
                      fills_found=n)

    rng = random.Random(seed)
    nodes = 0
    budget_end: int | None = None  # the node count at which the improvement search stops

    def left() -> int | None:
        return None if budget_end is None else budget_end - nodes

    core_proof: list[str] = []  # the entries of a core proved to have no fill

    def cores_fail(base_root: State, until: Deadline) -> bool:
        """True if a core of the trouble (_Problem.core) has no fill: then neither has the grid."""
        nonlocal nodes
        undecided = sum(d.bit_count() > 1 for d in base_root[0])
        for size in CORE_SIZES:
            if size >= undecided:  # no smaller than the problem: the restarts search that
                return False
            keep = problem.core(size, base_root[0])
            if len(keep) < 2:
                return False
            sub = problem.restricted(keep)
            # Its own weights: the core's failures would mislead the restarts that follow.
            sub.weights = list(problem.weights)
            r = sub.root([base_root[0][v] for v in keep])
            search = _Search(sub, until, None, None, max_nodes=CORE_NODES)
            try:
                got = None if r is None else next(iter(search.solutions(*r)), None)
            except _OutOfNodes:
                continue
            finally:
                nodes += search.nodes
            if got is None:
                core_proof.extend(problem.vars[v].label for v in keep)
                return True
        return False

    def find(base_root: State, until: Deadline, *, for_room: bool = False,
             on: _Problem | None = None, cores: bool = False) -> list[int] | None:
        """A fill from this root (of `on`, else the grid's problem): restarts under a growing
        failure limit; None if there is none. `for_room`: every word left clears the bound,
        so words are chosen for room alone. `cores`: when the restarts keep failing, look
        for a core with no fill (a proof that there is none)."""
        nonlocal nodes
        prob = on or problem
        limit = float(FIRST_RESTART)
        run = 0
        failures, next_core = 0, CORE_AFTER
        prob.forget()
        try:
            while True:
                if cores and failures >= next_core:
                    next_core *= CORE_GROWTH
                    if cores_fail(base_root, until):
                        return None
                start_state = prob.with_nogoods(base_root) if prob.nogood_list else base_root
                if start_state is None:  # the nogoods learned so far rule out every choice
                    return None
                # Runs alternate (ALTERNATE) between words by score and words for room alone.
                room = for_room or (ALTERNATE and run % 2 == 1)
                look, decay = (BOUND_LOOKAHEAD, 1.0) if room else (LOOKAHEAD, LOOKAHEAD_DECAY)
                # The very first run is greedy (no randomness), so seed 0 is the engine's own choice.
                search = _Search(prob, until, rng if (seed or run) else None, limit,
                                 lookahead=look, decay=decay, max_nodes=left())
                run += 1
                try:
                    for sol in search.solutions(*(list(x) for x in start_state)):
                        return list(sol)
                    return None
                except _Restart:
                    limit *= RESTART_GROWTH
                    if LEARN:
                        prob.learn(search.path)
                finally:
                    nodes += search.nodes
                    failures += search.fails
        finally:
            prob.forget()

    def apart(groups: list[list[int]]) -> list[int] | None | Literal[False]:
        """A fill made region by region (each later region without the words the earlier
        ones used); None when one region alone has no fill (so the grid has none); False when
        the regions' fills cannot be combined this way (then the whole grid is searched)."""
        dom = list(root[0])
        for keep in sorted(groups, key=len, reverse=True):
            sub = problem.restricted(keep)
            base = [dom[v] for v in keep]
            if problem.dupes:
                for i, v in enumerate(keep):
                    for u in problem.same_length[v]:
                        if dom[u].bit_count() == 1 and u not in keep:
                            base[i] &= ~dom[u]
            r = sub.root(base)
            got = find(r, deadline, on=sub) if r is not None else None
            if got is None:
                alone = sub.root([root[0][v] for v in keep])
                if alone is None or find(alone, deadline, on=sub) is None:
                    return None
                return False
            for v, d in zip(keep, got, strict=True):
                dom[v] = d
        return dom

    regions = problem.regions(root[0])
    try:
        best: list[int] | None
        if len(regions) > 1:
            made = apart(regions)
            best = find(root, deadline, cores=True) if made is False else made
        else:
            best = find(root, deadline, cores=True)
    except SearchTimeout:
        return result("timeout", None, nodes=nodes, regions=len(regions))
    if best is None:
        note = ""
        if core_proof:
            note = (f"these {len(core_proof)} entries have no fill even on their own: "
                    + ", ".join(core_proof))
        return result("impossible", None, nodes=nodes, regions=len(regions), note=note,
                      core=tuple(core_proof))
    first_seconds = time.perf_counter() - start
    first_nodes = nodes
    found = 1
    optimal = all(problem.given_var)  # nothing left to choose, nothing to improve
    budget = improve if improve is not None else default_improve(first_nodes, len(grid.slots))
    budget_end = nodes + budget
    until = deadline
    best_q = _quality(problem, best)
    progress = [(first_seconds, *best_q)]
    # Branch and bound on the weakest entry: search again with every free entry cut to words
    # beating the best fill's weakest. The ceiling is the highest bound that propagation at
    # the root does not already rule out (found by bisection, each probe a root propagation).
    free = [v for v in range(len(problem.vars)) if not problem.given_var[v]]
    roots: dict[int, State | None] = {}

    def root_at(threshold: int) -> State | None:
        """The root with every free entry cut to words scoring `threshold` or more, from
        the grid's root (only what the cut removes is propagated again), cached."""
        if threshold not in roots:
            keep = [-1 if problem.given_var[v] else problem.tables[v].at_least(threshold)
                    for v in range(len(problem.vars))]
            roots[threshold] = problem.tightened(root, keep)
        return roots[threshold]

    top = [(d & -d).bit_length() - 1 for d in root[0]]  # each entry's best word left
    hi = min((problem.tables[v].scores[top[v]] for v in free), default=0)
    lo = best_q[0] + 1
    low_ok = lo - 1
    while low_ok < hi and budget > 0:
        mid = (low_ok + hi + 1) // 2
        if root_at(mid) is None:
            hi = mid - 1
        else:
            low_ok = mid
    # Every run of the improvement is one restart of the search at some bound T: its
    # failure limit grows each time T is searched again (PROBE_FAILS, then RESTART_GROWTH
    # times more), its first run is greedy and later ones random, and the nogoods it learns
    # when it restarts are kept with T. A nogood learned at T holds at every higher bound
    # too (those fills are fills at T), so a run at T propagates the nogoods learned at T
    # or below, and never searches again what an earlier run at a bound as low refuted; a
    # run that runs out of choices (or starts with its nogoods ruling everything out)
    # proves that no fill reaches T. Which T: galloping, `gap` above the floor (the best
    # fill's weakest + 1) while under `cap`; a fill raises the floor and doubles the gap, a
    # proof lowers the ceiling, a run that hits its limit only says "not cheaply", so the
    # next one aims lower (the gap halved). At the floor itself the runs repeat with growing
    # limits and the nogoods they learn, a complete search in the end. Climbing one point at
    # a time can spend the budget at the bottom; a run can jump (whole list, themeless
    # 15x15 2: 0 to 18).
    learned: list[tuple[int, Nogood]] = []
    runs_at: dict[int, int] = {}

    def run_at(threshold: int) -> list[int] | None | Literal[False]:
        """One run at the bound: a fill, None when no fill reaches it (a proof), False
        when it hit its failure limit."""
        nonlocal nodes
        r = root_at(threshold)
        if r is None:
            return None
        problem.bound = threshold
        if LEARN:
            problem.use_nogoods([ng for t, ng in learned if t <= threshold])
        try:
            start_state = problem.with_nogoods(r) if problem.nogood_list else r
            if start_state is None:
                return None
            k = runs_at.get(threshold, 0)
            runs_at[threshold] = k + 1
            search = _Search(problem, until, rng if k else None, PROBE_FAILS * RESTART_GROWTH ** k,
                             lookahead=BOUND_LOOKAHEAD, decay=1.0, max_nodes=left())
            try:
                for sol in search.solutions(*(list(x) for x in start_state)):
                    return list(sol)
                return None
            except _Restart:
                if LEARN:
                    learned.extend((threshold, ng) for ng in problem.learn(search.path))
                return False
            finally:
                nodes += search.nodes
        finally:
            problem.forget()
            problem.bound = min_score

    cap, gap = hi, PROBE_GAP
    try:
        while budget > 0 and not optimal and nodes < budget_end:
            if lo > hi:
                optimal = True
                break
            target = min(cap, lo + gap) if lo <= cap else lo
            outcome = run_at(target)
            if outcome is None:
                hi = target - 1
                cap = min(cap, hi)
                continue
            if outcome is False:
                if target > lo:
                    cap = target - 1
                    gap //= 2
                continue
            best, best_q, found = outcome, _quality(problem, outcome), found + 1
            progress.append((time.perf_counter() - start, *best_q))
            lo = best_q[0] + 1
            cap = max(cap, min(hi, lo))
            gap = max(1, 2 * gap)
        # Then other fills whose weakest entry ties the best, for a better mean: once the
        # weakest is proved best, for no more nodes than the search has taken so far.
        if optimal and budget > 0 and not all(problem.given_var):
            budget_end = min(budget_end, 2 * nodes)
            r3 = root_at(best_q[0])
            problem.bound = best_q[0]
            tries = 0
            while r3 is not None and nodes < budget_end and tries < MEAN_TRIES:
                tries += 1
                other = find(r3, until)
                if other is None:
                    break
                found += 1
                q = _quality(problem, other)
                if q > best_q:
                    best, best_q = other, q
                    progress.append((time.perf_counter() - start, *best_q))
    except (SearchTimeout, _OutOfNodes):
        pass
    problem.bound = min_score
    return result("filled", best, optimal=optimal, fills_found=found, first_seconds=first_seconds,
                  nodes=nodes, progress=tuple(progress), regions=len(regions),
                  first_nodes=first_nodes)


@dataclass(frozen=True)
class RegionResult:
    """`fill_region`: whether the entries inside a box of the grid have a fill on their own."""

    grid: Grid
    box: tuple[int, int, int, int]  # top row, left column, bottom row, right column (0-based)
    status: Status  # "impossible": proved, so the whole grid has no fill either
    entries: tuple[str, ...]  # the entries searched ("12 across")
    nodes: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        top, left, bottom, right = self.box
        return {"grid": list(self.grid.rows), "rows": [top + 1, bottom + 1],
                "cols": [left + 1, right + 1], "status": self.status, "entries": list(self.entries),
                "nodes": self.nodes, "seconds": round(self.seconds, 3)}


def fill_region(grid: Grid, lexicon: Lexicon, index: LexiconIndex, box: tuple[int, int, int, int],
                *, min_score: int = 0, allow_repeats: bool = False,
                deadline: Deadline | None = None) -> RegionResult:
    """A relaxation proof: search the entries with two or more cells inside `box` on their
    own (their crossings with each other kept, those with the other entries and the
    no-repeat rule with them dropped), from the domains left by arc consistency on the whole
    grid. Every fill of the grid fills them, so "impossible" here proves the grid has no
    fill, and names where the trouble is. The search is the complete one (no restarts):
    on a corner of a 15x15 it can settle what the whole grid's search cannot."""
    deadline = deadline or Deadline(10.0)
    start = time.perf_counter()
    top, left, bottom, right = box
    if not (0 <= top <= bottom < grid.height and 0 <= left <= right < grid.width):
        raise InputError(f"box rows {top + 1}-{bottom + 1}, columns {left + 1}-{right + 1} "
                         f"is not inside the {grid.width}x{grid.height} grid")
    problem = _Problem(grid, lexicon, index, min_score=min_score, allow_repeats=allow_repeats)
    inside = {r * grid.width + c for r in range(top, bottom + 1) for c in range(left, right + 1)}
    keep = [v for v, slot in enumerate(problem.vars) if len(inside & set(slot.cells)) >= 2]
    labels = tuple(problem.vars[v].label for v in keep)
    root = problem.root(problem.base)

    def result(status: Status, nodes: int = 0) -> RegionResult:
        return RegionResult(grid, box, status, labels, nodes, time.perf_counter() - start)

    given_twice = not allow_repeats and repeated(s.pattern(grid.cells) for s in problem.fixed_given)
    if root is None or given_twice:
        return result("impossible")
    sub = problem.restricted(keep)
    r = sub.root([root[0][v] for v in keep])
    if r is None:
        return result("impossible")
    search = _Search(sub, deadline, None, None)
    try:
        got = next(iter(search.solutions(*r)), None)
    except SearchTimeout:
        return result("timeout", search.nodes)
    return result("filled" if got is not None else "impossible", search.nodes)


@dataclass(frozen=True)
class SlotCheck:
    slot: Slot
    pattern: str
    candidates: int  # words that fit the pattern alone
    consistent: int  # words left once every crossing is taken into account (0 if over-constrained)
    examples: tuple[str, ...]
    in_list: bool = True  # False: typed whole by the setter, not a word of the list (kept as given)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.slot.number, "direction": self.slot.direction, "row": self.slot.row,
                "col": self.slot.col, "length": self.slot.length, "pattern": self.pattern,
                "candidates": self.candidates, "consistent": self.consistent,
                "examples": list(self.examples), "in_list": self.in_list}


@dataclass(frozen=True)
class CheckResult:
    """`fill check`: which entries no word fits, and where the crossings rule everything out."""

    grid: Grid
    status: Literal["ok", "unfillable", "overconstrained"]
    slots: tuple[SlotCheck, ...]
    unfillable: tuple[str, ...]  # entry labels ("12 across") no word fits
    conflict: dict[str, Any] | None  # the crossing where propagation ran out of words
    seconds: float
    lexicon: str
    not_in_list: tuple[str, ...] = ()  # entries typed whole that the list lacks ("1 across spqr")

    def to_json(self) -> dict[str, Any]:
        return {"grid": list(self.grid.rows), "status": self.status,
                "entries": [s.to_json() for s in self.slots], "unfillable": list(self.unfillable),
                "conflict": self.conflict, "not_in_list": list(self.not_in_list),
                "seconds": round(self.seconds, 3), "lexicon": self.lexicon}


def check(grid: Grid, lexicon: Lexicon, index: LexiconIndex, *, min_score: int = 0,
          allow_repeats: bool = False, examples: int = 3) -> CheckResult:
    """What can be said before a search: entries with no candidate word, and whether arc
    consistency alone already rules the grid out (and at which crossing)."""
    start = time.perf_counter()
    problem = _Problem(grid, lexicon, index, min_score=min_score, allow_repeats=allow_repeats)
    root = problem.root(problem.base)
    after = root[0] if root is not None else [0] * len(problem.vars)
    var_of = {s: v for v, s in enumerate(problem.vars)}
    checks: list[SlotCheck] = []
    unfillable: list[str] = []
    not_in_list: list[str] = []
    for slot in grid.slots:
        pattern = slot.pattern(grid.cells)
        v = var_of.get(slot)
        if v is None:  # given whole, not a listed word: the setter's own entry, flagged
            checks.append(SlotCheck(slot, pattern, 1, 1, (pattern,), in_list=False))
            not_in_list.append(f"{slot.label} {pattern}")
            continue
        n = problem.base[v].bit_count()
        d = after[v]
        shown: list[str] = []
        while d and len(shown) < examples:
            low = d & -d
            shown.append(problem.words[v][low.bit_length() - 1])
            d ^= low
        checks.append(SlotCheck(slot, pattern, n, after[v].bit_count(), tuple(shown)))
        if n == 0:
            unfillable.append(slot.label)
    conflict: dict[str, Any] | None = None
    status: Literal["ok", "unfillable", "overconstrained"] = "ok"
    if unfillable:
        status = "unfillable"
    elif root is None and problem.wipeout is not None:
        status = "overconstrained"
        w = problem.wipeout
        conflict = {"entry": problem.vars[w.var].label,
                    "because_of": problem.vars[w.source].label if w.source >= 0 else None}
        if w.cell >= 0:
            r, c = divmod(problem.cell_of[w.cell], grid.width)
            conflict["row"], conflict["col"] = r, c
    return CheckResult(grid, status, tuple(checks), tuple(unfillable), conflict,
                       time.perf_counter() - start, lexicon.name, tuple(not_in_list))
