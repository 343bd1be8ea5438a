"""A grid's entries as a constraint problem: each entry a bitset domain over the words of its
length (best score first), each checked cell a letter mask, each crossing an edge with a
dom/wdeg weight; its roots (domains after propagation), regions and cores."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from puzzlesmith.fill.model import BLOCK, EMPTY, Grid, Slot
from puzzlesmith.fill.nogoods import Branch, Nogood, NogoodStore, apply, from_branch
from puzzlesmith.fill.propagate import INSIDE, SHARED, STEM, Wipeout, propagate
from puzzlesmith.fill.stems import candidates, stems
from puzzlesmith.fill.tables import (
    WordTable,
    check_max_shared,
    inside,
    letter_codes,
    sharing,
    word_table,
)
from puzzlesmith.lexicon import Lexicon, LexiconIndex

ALL_LETTERS = (1 << 26) - 1
# Domains, counts, letter masks and revision marks (propagate's `seen`) of every entry.
State = tuple[list[int], list[int], list[int], list[int]]


class Crossing(NamedTuple):
    """A checked cell as one of its two entries sees it."""

    pos: int  # the cell's position in this entry
    cell: int  # the cell's id (its letter mask)
    other: int  # the crossing entry
    other_pos: int  # the cell's position in the crossing entry
    edge: int  # the crossing's id (its dom/wdeg weight)


class Problem:
    """A grid's entries as a constraint problem over bitset domains."""

    def __init__(self, grid: Grid, lexicon: Lexicon, index: LexiconIndex, *, min_score: int,
                 allow_repeats: bool, blocked: frozenset[str] = frozenset(),
                 max_shared_substring: int | None = None,
                 min_score_by_length: Mapping[int, int] | None = None,
                 allow_same_stem: bool = False, allow_inside: bool = False) -> None:
        check_max_shared(max_shared_substring)
        self.grid = grid
        # Entries may not share a run of this many letters (None: no such rule).
        self.shared = max_shared_substring
        self._sharing: dict[tuple[int, str], int] = {}
        banned: dict[int, int] = {}  # length -> bitset of the blocked words in its table
        # The entries as words: a rebus cell's letters each a cell (model.Grid.word_slots).
        cells = grid.word_cells
        self.vars: list[Slot] = []
        self.tables: list[WordTable] = []
        self.fixed_given: list[Slot] = []  # whole entries the setter gave that are not in the list
        base: list[int] = []
        self.given_var: list[bool] = []
        for slot in grid.word_slots:
            table = word_table(lexicon, index, slot.length)
            pattern = slot.pattern(cells)
            if EMPTY not in pattern:
                d = table.bit(pattern)
                if not d:
                    self.fixed_given.append(slot)
                    continue
                self.given_var.append(True)
            else:
                floor = max(min_score, (min_score_by_length or {}).get(slot.length, 0))
                d = _open_domain(table, pattern, floor, blocked, banned)
                self.given_var.append(False)
            self.vars.append(slot)
            self.tables.append(table)
            base.append(d)
        self.base = base
        # No two entries of one stem (RULE, RULED): `stems.related` words looked up by length.
        self.stems = not allow_same_stem
        self.table_of = {t.length: t for t in self.tables}
        self.by_length: dict[int, list[int]] = {}
        for v, slot in enumerate(self.vars):
            self.by_length.setdefault(slot.length, []).append(v)
        self._kin: dict[str, tuple[tuple[int, int], ...]] = {}
        # No entry inside another (SET, CLOSESET): tables.inside, looked up by length.
        self.inside = not allow_inside
        self._inside: dict[str, tuple[tuple[int, int], ...]] = {}
        self.listed: Sequence[str] = lexicon.words  # sorted
        self._leave_out_given_kin(base, cells)
        n = len(self.vars)
        # Checked cells shared by two entries get a letter mask each; the rest need none.
        self.cell_ids: dict[int, int] = {}
        self.cross: list[list[Crossing]] = [[] for _ in range(n)]
        self.edges: list[tuple[int, int]] = []
        self._link_crossings()
        self.cell_of = {k: c for c, k in self.cell_ids.items()}
        self.masks0 = [ALL_LETTERS] * len(self.cell_ids)
        for c, k in self.cell_ids.items():
            if cells[c] not in (EMPTY, BLOCK):
                self.masks0[k] = 1 << (ord(cells[c]) - 97)
        self.dupes = not allow_repeats
        self.same_length = [[u for u in self.by_length[s.length] if u != v]
                            for v, s in enumerate(self.vars)]
        self.pls = [t.position_letter for t in self.tables]
        self.words = [t.words for t in self.tables]
        self.codes = [letter_codes(t) for t in self.tables]
        self.weights = [1.0] * len(self.edges)
        self.wipeout: Wipeout | None = None
        self.nogoods = NogoodStore(n)
        # The weakest-entry bound the search runs under: the nogoods it learns hold at this
        # bound and every higher one (the improvement searches raise it).
        self.bound = min_score
        self.min_score = min_score
        # length -> its least score, above min_score
        self.min_score_by_length = dict(min_score_by_length or {})

    def _leave_out_given_kin(self, base: list[int], cells: Sequence[str]) -> None:
        """Take out of the open entries' domains the words the setter's own entries (those
        the list lacks) rule out: their stems, words inside them or around them, and with
        a shared-run rule, words sharing a run with them (nothing else checks those)."""
        for slot in self.fixed_given:
            text = slot.pattern(cells)
            for length, bits in ((self.stem_kin(text) if self.stems else ())
                                 + (self.inside_kin(text) if self.inside else ())):
                for v in self.by_length.get(length, ()):
                    if not self.given_var[v]:
                        base[v] &= ~bits
        if self.shared is not None:
            for slot in self.fixed_given:
                text = slot.pattern(cells)
                for v in range(len(base)):
                    if not self.given_var[v]:
                        base[v] &= ~self.sharing(v, text)

    def _link_crossings(self) -> None:
        """Give every cell two entries share an id, and each entry its crossings."""
        owners: dict[int, list[tuple[int, int]]] = {}
        for v, slot in enumerate(self.vars):
            for p, c in enumerate(slot.cells):
                owners.setdefault(c, []).append((v, p))
        for c, own in owners.items():
            if len(own) != 2:
                continue
            k = self.cell_ids.setdefault(c, len(self.cell_ids))
            (a, pa), (b, pb) = own
            e = len(self.edges)
            self.edges.append((a, b))
            self.cross[a].append(Crossing(pa, k, b, pb, e))
            self.cross[b].append(Crossing(pb, k, a, pa, e))

    def stem_kin(self, word: str) -> tuple[tuple[int, int], ...]:
        """(length, bitset over that length's table) of the words sharing a stem with
        `word`, for the lengths the grid has (cached by word). The rule's candidates are
        looked up in the sorted list first (most are no words), then checked forwards."""
        got = self._kin.get(word)
        if got is None:
            bits: dict[int, int] = {}
            listed = self.listed
            for k in stems(word):
                for x in candidates(k):
                    table = self.table_of.get(len(x))
                    if table is None or x == word:
                        continue
                    i = bisect_left(listed, x)
                    if i == len(listed) or listed[i] != x or k not in stems(x):
                        continue
                    if b := table.bit(x):
                        bits[len(x)] = bits.get(len(x), 0) | b
            got = self._kin[word] = tuple(bits.items())
        return got

    def inside_kin(self, word: str) -> tuple[tuple[int, int], ...]:
        """(length, bitset over that length's table) of the words `word` is inside of, or
        that are inside it (tables.inside), for the lengths the grid has (cached by word)."""
        got = self._inside.get(word)
        if got is None:
            got = tuple((n, bits) for n, t in self.table_of.items() if (bits := inside(t, word)))
            self._inside[word] = got
        return got

    def sharing(self, v: int, word: str) -> int:
        """The words of entry v's table that hold a run of `shared` letters of `word`
        (tables.sharing, cached by table length and run)."""
        n = self.shared
        assert n is not None
        return sharing(self.tables[v], word, n, self._sharing)

    def why_empty(self) -> tuple[str, tuple[str, ...]]:
        """Where the last propagation ran out of words (`wipeout`), as a sentence a setter
        can act on, and the entries ("12 across") it names; ("", ()) if it did not."""
        w = self.wipeout
        if w is None:
            return "", ()
        slot, table = self.vars[w.var], self.tables[w.var]
        if w.source < 0:
            if not table.words:
                return f"no word of length {slot.length} in the list: {slot.label}", (slot.label,)
            pattern = slot.pattern(self.grid.word_cells)
            fit = (1 << len(table.words)) - 1
            for p, ch in enumerate(pattern):
                if ch != EMPTY:
                    fit &= table.position_letter[p][ord(ch) - 97]
            floor = max(self.min_score, self.min_score_by_length.get(slot.length, 0))
            if fit and floor > 0:
                return (f"no word scoring {floor} or more fits {slot.label} "
                        f"({pattern.upper()}); {fit.bit_count():,} score less", (slot.label,))
            return f"no word fits {slot.label} ({pattern.upper()})", (slot.label,)
        other = self.vars[w.source]
        if w.cell == STEM:
            return (f"{slot.label} has no word left that is not of the stem of {other.label}'s "
                    "(RULE, RULED: turn this off with --allow-same-stem)", (slot.label, other.label))
        if w.cell == INSIDE:
            return (f"{slot.label} has no word left that is not inside {other.label}'s or "
                    "holds it (SET, CLOSESET: turn this off with --allow-inside)",
                    (slot.label, other.label))
        if w.cell == SHARED:
            return (f"{slot.label} has no word left that shares no {self.shared} letters in a row "
                    f"with {other.label}", (slot.label, other.label))
        if w.cell < 0:
            return (f"{slot.label} has no word left that {other.label} did not take (no word "
                    "twice)", (slot.label, other.label))
        r, c = divmod(self.grid.grid_cell(self.cell_of[w.cell]), self.grid.width)
        return (f"the words left for {other.label} and {slot.label} (after their crossings) do "
                f"not fit together at row {r + 1}, column {c + 1}", (other.label, slot.label))

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
                for x in self.cross[v]:
                    t = x.other
                    if group[t] < 0 and dom[t].bit_count() > 1:
                        group[t] = len(out)
                        members.append(t)
                        todo.append(t)
            out.append(sorted(members))
        return out

    def restricted(self, keep: list[int]) -> Problem:
        """The same problem over the entries `keep` only, the crossings and no-repeat rules
        with the other entries dropped. A relaxation: no fill of it, no fill of the grid."""
        sub = object.__new__(Problem)
        new = {v: i for i, v in enumerate(keep)}
        sub.grid, sub.fixed_given, sub.dupes = self.grid, [], self.dupes
        sub.shared, sub._sharing = self.shared, self._sharing
        sub.vars = [self.vars[v] for v in keep]
        sub.tables = [self.tables[v] for v in keep]
        sub.base = [self.base[v] for v in keep]
        sub.given_var = [self.given_var[v] for v in keep]
        sub.cell_ids, sub.cell_of, sub.masks0 = self.cell_ids, self.cell_of, self.masks0
        sub.edges = self.edges
        sub.cross = [[x._replace(other=new[x.other]) for x in self.cross[v] if x.other in new]
                     for v in keep]
        sub.same_length = [[new[u] for u in self.same_length[v] if u in new] for v in keep]
        sub.stems, sub.table_of, sub._kin = self.stems, self.table_of, self._kin
        sub.inside, sub._inside = self.inside, self._inside
        sub.listed = self.listed
        sub.by_length = {}
        for i, slot in enumerate(sub.vars):
            sub.by_length.setdefault(slot.length, []).append(i)
        sub.pls = [t.position_letter for t in sub.tables]
        sub.words = [t.words for t in sub.tables]
        sub.codes = [self.codes[v] for v in keep]
        sub.weights = self.weights  # shared: the edges keep their ids
        sub.wipeout = None
        sub.nogoods = NogoodStore(len(keep))
        sub.bound = self.bound
        sub.min_score = self.min_score
        sub.min_score_by_length = self.min_score_by_length
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
        seed = max(live, key=lambda v: (sum(weights[x.edge] for x in cross[v]), -v))
        keep = {seed}
        while len(keep) < size:
            best, best_key = -1, (False, -1.0, 0)
            for v in keep:
                for x in cross[v]:
                    t = x.other
                    if t in keep or dom[t].bit_count() <= 1:
                        continue
                    into = [weights[y.edge] for y in cross[t] if y.other in keep]
                    key = (len(into) >= 2, sum(into), -t)
                    if best < 0 or key > best_key:
                        best, best_key = t, key
            if best < 0:
                break
            keep.add(best)
        return sorted(keep)

    def learn(self, path: Branch) -> list[Nogood]:
        """Record the nogoods a restarted run's branch proves (nogoods.from_branch), so the
        next runs never search those subtrees again. Returns the new nogoods."""
        new = from_branch(path)
        for nogood in new:
            self.nogoods.add(nogood)
        return new

    def forget(self) -> None:
        """Drop the nogoods: they hold only under the root they were learned from."""
        self.nogoods.clear()

    def use_nogoods(self, nogoods: list[Nogood]) -> None:
        """Propagate exactly these nogoods from now on."""
        self.forget()
        for nogood in nogoods:
            self.nogoods.add(nogood)

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
                    self.wipeout = Wipeout(v, -1, -1)
                    return None
                dom[v] = d
                cnt[v] = d.bit_count()
                changed.append(v)
        if changed and not propagate(self, dom, cnt, masks, seen, changed):
            return None
        return dom, cnt, masks, seen

    def with_nogoods(self, state: State) -> State | None:
        """`state` (a run's root) with the nogoods applied: a nogood all of whose pairs hold
        but one takes that one's word away (propagated); None if one holds whole."""
        dom, cnt, masks, seen = (list(x) for x in state)
        changed = apply(self.nogoods.all, dom, cnt)
        if changed is None:
            return None
        if changed and not propagate(self, dom, cnt, masks, seen, changed):
            return None
        return dom, cnt, masks, seen

    def root(self, base: list[int]) -> State | None:
        """Domains, counts, letter masks and revision marks after propagating the starting
        domains."""
        dom = list(base)
        cnt = [d.bit_count() for d in dom]
        for v, d in enumerate(dom):
            if not d:
                self.wipeout = Wipeout(v, -1, -1)
                return None
        masks = list(self.masks0)
        seen = [-1] * len(dom)
        if not propagate(self, dom, cnt, masks, seen, list(range(len(dom)))):
            return None
        return dom, cnt, masks, seen


def _open_domain(table: WordTable, pattern: str, floor: int, blocked: frozenset[str],
                 banned: dict[int, int]) -> int:
    """The words of `table` an open entry may take: scoring at least `floor`, not blocked
    (`banned` keeps each length's blocked bits), and fitting the letters already in it."""
    d = table.at_least(floor)
    if blocked:
        if table.length not in banned:
            banned[table.length] = sum(table.bit(w) for w in blocked if len(w) == table.length)
        d &= ~banned[table.length]
    for p, ch in enumerate(pattern):
        if ch != EMPTY:
            d &= table.position_letter[p][ord(ch) - 97]
    return d
