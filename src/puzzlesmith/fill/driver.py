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

import random
import time
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from puzzlesmith.fill.model import Grid, Slot, check_fill, pattern_warnings, rebus_json, repeated
from puzzlesmith.fill.nogoods import Nogood
from puzzlesmith.fill.problem import Problem, State
from puzzlesmith.fill.search import (
    BOUND_LOOKAHEAD,
    LOOKAHEAD,
    LOOKAHEAD_DECAY,
    OutOfNodes,
    Restart,
    Search,
)
from puzzlesmith.fill.stems import same_stem_pairs
from puzzlesmith.lexicon import Lexicon, LexiconIndex
from puzzlesmith.limits import Deadline, SearchTimeout

Status = Literal["filled", "impossible", "timeout"]
# How the search for a better fill after the first ended: "proved" (no fill has a stronger
# weakest entry, and the search for a better mean ran its course), "budget" (its node budget,
# --improve, was spent first: the same on any machine), "cut" (the time limit stopped it: a
# longer limit may give a better fill).
Improvement = Literal["proved", "budget", "cut"]
FIRST_RESTART = 64  # failures allowed before the first restart
RESTART_GROWTH = 1.25
COUNT_LIMIT = 10_000_000
# Restarts alternate the two choices of word: by score (then room), and for room alone,
# which takes grids to a first fill in far fewer nodes (docs/fill.md, "Restarts").
ALTERNATE = True
# The default improvement budget, in search nodes (see default_improve): nodes, not seconds,
# so a fill does not change with the machine's load.
# Small grids need nodes more than big ones, and theirs cost less (docs/fill.md, "The
# improvement budget is nodes"), hence a base plus a little an entry.
IMPROVE_BASE = 300
IMPROVE_PER_ENTRY = 20
IMPROVE_FACTOR = 1.0
PROBE_FAILS = 64  # failures a probe of the weakest-entry bound may spend (see the galloping probes)
MEAN_TRIES = 50  # fills tried for a better mean once the weakest entry is proved best
# Core proofs (see Problem.core): after this many failures of the restarts without a fill,
# and again after each CORE_GROWTH times as many, search cores of these sizes completely,
# each for at most CORE_NODES nodes. What a core proves on the benchmark's grids, and what
# it costs a grid that fills late: docs/fill.md, "Core proofs".
CORE_AFTER = 500
CORE_GROWTH = 4
CORE_SIZES = (20, 28, 36)
CORE_NODES = 8000
LEARN = True  # record nogoods from each restart's branch (see Problem.learn)


@dataclass(frozen=True)
class Entry:
    """One filled entry as the output lists it."""

    slot: Slot
    answer: str
    score: int | None  # None: a word the setter gave that is not in the list
    given: bool
    clue: str | None = None  # a drafted clue (fill.clues), None when none was asked for

    def to_json(self) -> dict[str, Any]:
        doc = {"number": self.slot.number, "direction": self.slot.direction, "row": self.slot.row,
               "col": self.slot.col, "answer": self.answer, "score": self.score,
               "given": self.given}
        if self.clue is not None:
            doc["clue"] = self.clue
        return doc


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
    # "impossible": the entries where it shows (a core, a region, the crossing where the
    # words ran out); empty when only the search of the whole grid proved it
    where: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()  # about the block pattern (model.pattern_warnings)
    improvement: Improvement | None = None  # "filled" (not --count): how the improvement ended

    # The entries the fill chose: the setter's own (given whole, a theme) are left out of the
    # weakest and the mean, as they are of the search for a stronger fill.
    @property
    def min_score(self) -> int | None:
        scored = [e.score for e in self.entries if e.score is not None and not e.given]
        return min(scored) if scored else None

    @property
    def mean_score(self) -> float | None:
        scored = [e.score for e in self.entries if e.score is not None and not e.given]
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
        if self.improvement is not None:
            doc["improvement"] = self.improvement
        if self.count is not None:
            doc["count"] = self.count
            doc["complete"] = self.complete
        doc["regions"] = self.regions
        if self.grid.rebus:  # cell id -> letters (the rows hold each one's first letter)
            doc["rebus"] = rebus_json(self.grid)
        w = self.grid.width
        for key, cells in (("circles", self.grid.circles), ("shaded", self.grid.shaded)):
            if cells:  # [row, column] from 0, as formats.to_document gives them
                doc[key] = [list(divmod(c, w)) for c in sorted(cells)]
        if self.progress:
            doc["progress"] = [{"seconds": round(t, 3), "min_score": m, "mean_score": round(a, 2)}
                               for t, m, a in self.progress]
        if self.core:
            doc["core"] = list(self.core)
        if self.status == "impossible":
            doc["where"] = list(self.where)
        if self.warnings:
            doc["warnings"] = list(self.warnings)
        if self.note:
            doc["note"] = self.note
        return doc


def _answers(problem: Problem, dom: list[int]) -> list[str]:
    return [problem.words[v][d.bit_length() - 1] for v, d in enumerate(dom)]


def _fill_cells(grid: Grid, problem: Problem, answers: list[str]) -> Grid:
    cells = list(grid.word_cells)  # the entries are word slots (a rebus cell's letters each a cell)
    for slot, word in zip(problem.vars, answers, strict=True):
        for c, ch in zip(slot.cells, word, strict=True):
            cells[c] = ch
    return grid.with_cells(cells[:len(grid.cells)])


def _entries(grid: Grid, filled: Grid, problem: Problem, dom: list[int]) -> tuple[Entry, ...]:
    by_label: dict[str, tuple[int, bool]] = {}
    for v, (slot, d) in enumerate(zip(problem.vars, dom, strict=True)):
        by_label[slot.label] = (problem.tables[v].scores[d.bit_length() - 1], problem.given_var[v])
    out = []
    for slot in grid.slots:
        answer = filled.word(slot)
        score, given = by_label.get(slot.label, (None, True))
        out.append(Entry(slot, answer, score, given))
    return tuple(out)


def _quality(problem: Problem, dom: list[int]) -> tuple[int, float]:
    """(weakest, mean) score over the entries the fill chose."""
    free = [problem.tables[v].scores[d.bit_length() - 1]
            for v, d in enumerate(dom) if not problem.given_var[v]]
    if not free:
        return (0, 0.0)
    return (min(free), sum(free) / len(free))


def _check_stems(entries: tuple[Entry, ...]) -> None:
    """AssertionError unless no two entries (two given ones excepted) share a stem."""
    for a, b in same_stem_pairs([e.answer for e in entries]):
        if not (entries[a].given and entries[b].given):
            raise AssertionError(f"{entries[a].slot.label} {entries[a].answer} and "
                                 f"{entries[b].slot.label} {entries[b].answer} share a stem")


def _check_inside(entries: tuple[Entry, ...]) -> None:
    """AssertionError unless no entry (two given ones excepted) holds another of 3+ letters at
    its start or end."""
    for ea in entries:
        for eb in entries:
            a, b = ea.answer, eb.answer
            if (3 <= len(a) < len(b) and (b.startswith(a) or b.endswith(a))
                    and not (ea.given and eb.given)):
                raise AssertionError(f"{ea.slot.label} {a} is inside {eb.slot.label} {b}")


def _check_shared(entries: tuple[Entry, ...], n: int) -> None:
    """AssertionError unless no two entries (two given ones excepted) share n letters in a row."""
    runs = [({e.answer[i:i + n] for i in range(len(e.answer) - n + 1)}, e) for e in entries]
    for k, (a, ea) in enumerate(runs):
        for b, eb in runs[k + 1:]:
            if a & b and not (ea.given and eb.given):
                raise AssertionError(f"{ea.slot.label} and {eb.slot.label} share {sorted(a & b)[0]}")


def _kin(problem: Problem, word: str) -> tuple[tuple[int, int], ...]:
    """The (length, bitset) pairs a word placed rules out by the stem and inside rules."""
    return ((problem.stem_kin(word) if problem.stems else ())
            + (problem.inside_kin(word) if problem.inside else ()))


class SortedWords:
    """Membership in a lexicon's sorted words by bisection: the validator asks about a grid's
    few dozen answers, and a set of the crossword list's words is slow to make."""

    def __init__(self, words: Sequence[str]) -> None:
        self.words = words

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        i = bisect_left(self.words, word)
        return i < len(self.words) and self.words[i] == word


def default_improve(first_nodes: int, entries: int) -> int:
    """Search nodes spent looking for a better fill when --improve is not given: 300 and 20 an
    entry (a 5x5 500, a 15x15 of 76 entries 1,820), or as many as the first fill took if more."""
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
    blocked: frozenset[str] = frozenset(),
    max_shared_substring: int | None = None,
    min_score_by_length: Mapping[int, int] | None = None,
    allow_same_stem: bool = False,
    allow_inside: bool = False,
) -> FillResult:
    """Fill every entry of `grid` with a word of `lexicon`.

    `improve`: search nodes to spend looking for a better fill after the first (None:
    `default_improve`), within the deadline; a node budget, so the fill found does not
    depend on the machine's speed or load. `count`: count every fill instead (small grids).
    `blocked`: words no free entry may take (an entry the setter gave whole is kept).
    `max_shared_substring`: no two entries share a run of this many letters (two the setter gave whole
    excepted). `min_score_by_length`: length -> the least score of a word of that length (above
    `min_score`; a setter accepts weaker 3-letter words than 7-letter ones).
    `allow_same_stem`: let two entries share a stem (RULE and RULED; fill.stems), which
    setters avoid, so it is off by default. `allow_inside`: let an entry hold another of 3+
    letters at its start or end (SET and CLOSESET, USE and USEFUL; tables.inside), which
    editors count as a dupe, so it is off by default.
    """
    return FillDriver(grid, lexicon, index, min_score=min_score, allow_repeats=allow_repeats,
                        seed=seed, deadline=deadline, blocked=blocked,
                        max_shared_substring=max_shared_substring, min_score_by_length=min_score_by_length,
                        allow_same_stem=allow_same_stem,
                        allow_inside=allow_inside).run(improve=improve, count=count)


class FillDriver:
    """One call of `fill`: the grid's problem, the search nodes spent so far, and what the
    first fill and the improvement searches learn along the way."""

    def __init__(self, grid: Grid, lexicon: Lexicon, index: LexiconIndex, *, min_score: int,
                 allow_repeats: bool, seed: int, deadline: Deadline | None,
                 blocked: frozenset[str] = frozenset(), max_shared_substring: int | None = None,
                 min_score_by_length: Mapping[int, int] | None = None,
                 allow_same_stem: bool = False, allow_inside: bool = False) -> None:
        self.grid = grid
        self.lexicon = lexicon
        self.min_score = min_score
        self.allow_repeats = allow_repeats
        self.seed = seed
        self.deadline = deadline or Deadline(10.0)
        # The user's wait began when the deadline did (the word list's loading counts too).
        self.start = self.deadline.start
        self.problem = Problem(grid, lexicon, index, min_score=min_score, allow_repeats=allow_repeats,
                               blocked=blocked, max_shared_substring=max_shared_substring,
                               min_score_by_length=min_score_by_length,
                               allow_same_stem=allow_same_stem, allow_inside=allow_inside)
        self.rng = random.Random(seed)
        self.nodes = 0
        self.budget_end: int | None = None  # the node count at which the improvement search stops
        self.core_proof: list[str] = []  # the entries of a core proved to have no fill
        self.cut_off: list[str] = []  # the entries of a region with no fill on its own
        self.root: State | None = None
        # The improvement: roots by bound, nogoods learned with their bound, runs by bound.
        self.roots: dict[int, State | None] = {}
        self.learned: list[tuple[int, Nogood]] = []
        self.runs_at: dict[int, int] = {}

    def result(self, status: Status, best: list[int] | None, **kw: Any) -> FillResult:
        problem, grid = self.problem, self.grid
        filled = entries = None
        if best is not None:
            filled = _fill_cells(grid, problem, _answers(problem, best))
            check_fill(grid, filled, SortedWords(self.lexicon.words),
                       allow_repeats=self.allow_repeats)
            entries = _entries(grid, filled, problem, best)
            if problem.shared is not None:
                _check_shared(entries, problem.shared)
            if problem.stems:
                _check_stems(entries)
            if problem.inside:
                _check_inside(entries)
            assert all(e.score is None or e.given or e.score >= self.min_score for e in entries)
        return FillResult(grid, status, filled, entries or (), time.perf_counter() - self.start,
                          self.lexicon.name, self.seed, warnings=pattern_warnings(grid), **kw)

    def run(self, *, improve: int | None, count: bool) -> FillResult:
        problem, grid = self.problem, self.grid
        root = self.root = problem.root(problem.base)
        given_twice = [] if self.allow_repeats else repeated(
            s.pattern(grid.word_cells) for s in problem.fixed_given)
        if root is None or given_twice:
            if root is None:
                note, where = problem.why_empty()
            else:
                note = "the entries you gave repeat: " + ", ".join(w.upper() for w in given_twice)
                where = tuple(s.label for s in problem.fixed_given
                              if s.pattern(grid.word_cells) in given_twice)
            return self.result("impossible", None, count=0 if count else None, note=note,
                               where=where)
        if count:
            return self.count(root)
        regions = problem.regions(root[0])
        try:
            best: list[int] | None
            # (Regions are filled apart only under rules between entries they can pass on
            # from one to the next: no repeats and no stems twice yes, shared runs of letters not.)
            if len(regions) > 1 and problem.shared is None:
                made = self.apart(root, regions)
                best = self.find(root, self.deadline, cores=True) if made is False else made
            else:
                best = self.find(root, self.deadline, cores=True)
        except SearchTimeout:
            return self.result("timeout", None, nodes=self.nodes, regions=len(regions))
        if best is None:
            core_proof = self.core_proof
            where = tuple(core_proof or self.cut_off)
            if core_proof:
                note = (f"these {len(core_proof)} entries have no fill even on their own: "
                        + ", ".join(core_proof))
            elif self.cut_off:
                note = (f"these {len(where)} entries, cut off from the rest by the entries you "
                        "gave, have no fill: " + ", ".join(where))
            else:
                note = "the search of the whole grid tried every choice"
            return self.result("impossible", None, nodes=self.nodes, regions=len(regions),
                               note=note, core=tuple(core_proof), where=where)
        return self.improve(root, best, improve, len(regions))

    def count(self, root: State) -> FillResult:
        """Every fill counted (up to COUNT_LIMIT), by the complete search."""
        search = Search(self.problem, self.deadline, None, None)
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
            return self.result("timeout" if first is None else "filled", first, count=n,
                               complete=False, nodes=search.nodes, fills_found=n)
        status: Status = "filled" if n else "impossible"
        return self.result(status, first, count=n, complete=n < COUNT_LIMIT, nodes=search.nodes,
                           fills_found=n,
                           note="" if n else "the search of the whole grid tried every choice")

    def left(self) -> int | None:
        return None if self.budget_end is None else self.budget_end - self.nodes

    def cores_fail(self, base_root: State, until: Deadline) -> bool:
        """True if a core of the trouble (Problem.core) has no fill: then neither has the grid."""
        problem = self.problem
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
            search = Search(sub, until, None, None, max_nodes=CORE_NODES)
            try:
                got = None if r is None else next(iter(search.solutions(*r)), None)
            except OutOfNodes:
                continue
            finally:
                self.nodes += search.nodes
            if got is None:
                self.core_proof.extend(problem.vars[v].label for v in keep)
                return True
        return False

    def find(self, base_root: State, until: Deadline, *, for_room: bool = False,
             on: Problem | None = None, cores: bool = False) -> list[int] | None:
        """A fill from this root (of `on`, else the grid's problem): restarts under a growing
        failure limit; None if there is none. `for_room`: every word left clears the bound,
        so words are chosen for room alone. `cores`: when the restarts keep failing, look
        for a core with no fill (a proof that there is none)."""
        prob = on or self.problem
        limit = float(FIRST_RESTART)
        run = 0
        failures, next_core = 0, CORE_AFTER
        prob.forget()
        try:
            while True:
                if cores and failures >= next_core:
                    next_core *= CORE_GROWTH
                    if self.cores_fail(base_root, until):
                        return None
                start_state = prob.with_nogoods(base_root) if prob.nogoods.all else base_root
                if start_state is None:  # the nogoods learned so far rule out every choice
                    return None
                # Runs alternate (ALTERNATE) between words by score and words for room alone.
                room = for_room or (ALTERNATE and run % 2 == 1)
                look, decay = (BOUND_LOOKAHEAD, 1.0) if room else (LOOKAHEAD, LOOKAHEAD_DECAY)
                # The very first run is greedy (no randomness), so seed 0 is the engine's own choice.
                search = Search(prob, until, self.rng if (self.seed or run) else None, limit,
                                lookahead=look, decay=decay, max_nodes=self.left())
                run += 1
                try:
                    for sol in search.solutions(*(list(x) for x in start_state)):
                        return list(sol)
                    return None
                except Restart:
                    limit *= RESTART_GROWTH
                    if LEARN:
                        prob.learn(search.path)
                finally:
                    self.nodes += search.nodes
                    failures += search.fails
        finally:
            prob.forget()

    def apart(self, root: State, groups: list[list[int]]) -> list[int] | None | Literal[False]:
        """A fill made region by region (each later region without the words the earlier
        ones used); None when one region alone has no fill (so the grid has none); False when
        the regions' fills cannot be combined this way (then the whole grid is searched).

        Complex: each region's search, its words taken from the next regions' domains and
        the way back when a region fails are one loop over shared domains."""
        problem = self.problem
        dom = list(root[0])
        for keep in sorted(groups, key=len, reverse=True):
            sub = problem.restricted(keep)
            base = [dom[v] for v in keep]
            if problem.dupes:
                for i, v in enumerate(keep):
                    for u in problem.same_length[v]:
                        if dom[u].bit_count() == 1 and u not in keep:
                            base[i] &= ~dom[u]
            if problem.stems or problem.inside:  # nor the kin of the words used before
                at = {v: i for i, v in enumerate(keep)}
                for u, d in enumerate(dom):
                    if d.bit_count() != 1 or u in at:
                        continue
                    for length, bits in _kin(problem, problem.words[u][d.bit_length() - 1]):
                        for v in problem.by_length.get(length, ()):
                            if v in at and not (problem.given_var[u] and problem.given_var[v]):
                                base[at[v]] &= ~bits
            r = sub.root(base)
            got = self.find(r, self.deadline, on=sub) if r is not None else None
            if got is None:
                alone = sub.root([root[0][v] for v in keep])
                if alone is None or self.find(alone, self.deadline, on=sub) is None:
                    self.cut_off = [problem.vars[v].label for v in keep]
                    return None
                return False
            for v, d in zip(keep, got, strict=True):
                dom[v] = d
        return dom

    def root_at(self, threshold: int) -> State | None:
        """The root with every free entry cut to words scoring `threshold` or more, from
        the grid's root (only what the cut removes is propagated again), cached."""
        problem, roots = self.problem, self.roots
        if threshold not in roots:
            assert self.root is not None
            keep = [-1 if problem.given_var[v] else problem.tables[v].at_least(threshold)
                    for v in range(len(problem.vars))]
            roots[threshold] = problem.tightened(self.root, keep)
        return roots[threshold]

    def run_at(self, threshold: int, until: Deadline) -> list[int] | None | Literal[False]:
        """One run at the bound: a fill, None when no fill reaches it (a proof), False
        when it hit its failure limit."""
        problem = self.problem
        r = self.root_at(threshold)
        if r is None:
            return None
        problem.bound = threshold
        if LEARN:
            problem.use_nogoods([ng for t, ng in self.learned if t <= threshold])
        try:
            start_state = problem.with_nogoods(r) if problem.nogoods.all else r
            if start_state is None:
                return None
            k = self.runs_at.get(threshold, 0)
            self.runs_at[threshold] = k + 1
            # (A seeded fill draws among ties from its first run on: fills vary with the seed.)
            search = Search(problem, until, self.rng if (k or self.seed) else None,
                            PROBE_FAILS * RESTART_GROWTH ** k,
                            lookahead=BOUND_LOOKAHEAD, decay=1.0, max_nodes=self.left())
            try:
                for sol in search.solutions(*(list(x) for x in start_state)):
                    return list(sol)
                return None
            except Restart:
                if LEARN:
                    self.learned.extend((threshold, ng) for ng in problem.learn(search.path))
                return False
            finally:
                self.nodes += search.nodes
        finally:
            problem.forget()
            problem.bound = self.min_score

    def improve(self, root: State, best: list[int], improve: int | None,
                regions: int) -> FillResult:
        """From the first fill, search for fills with a stronger weakest entry, then (once the
        weakest is proved best) for a better mean, within the node budget.

        Complex: the two searches share the bound, the budget, the clock and the best fill
        so far, and how each ends (proved, budget, cut) is told in the result."""
        problem = self.problem
        first_seconds = time.perf_counter() - self.start
        first_nodes = self.nodes
        found = 1
        optimal = all(problem.given_var)  # nothing left to choose, nothing to improve
        budget = improve if improve is not None else default_improve(first_nodes,
                                                                      len(self.grid.slots))
        self.budget_end = budget_end = self.nodes + budget
        until = self.deadline
        best_q = _quality(problem, best)
        progress = [(first_seconds, *best_q)]
        # Branch and bound on the weakest entry: search again with every free entry cut to
        # words beating the best fill's weakest. The ceiling is the highest bound that
        # propagation at the root does not already rule out (found by bisection, each probe
        # a root propagation).
        free = [v for v in range(len(problem.vars)) if not problem.given_var[v]]
        top = [(d & -d).bit_length() - 1 for d in root[0]]  # each entry's best word left
        hi = min((problem.tables[v].scores[top[v]] for v in free), default=0)
        lo = best_q[0] + 1
        low_ok = lo - 1
        while low_ok < hi and budget > 0 and not until.expired():
            mid = (low_ok + hi + 1) // 2
            if self.root_at(mid) is None:
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
        # proves that no fill reaches T. Which T: halfway between the floor (the best fill's
        # weakest + 1) and `cap` (the highest bound not yet found too hard); a fill raises the
        # floor, a proof lowers the ceiling, and a run that hits its limit only says "not
        # cheaply", so `cap` drops below it. Once the floor passes `cap`, the runs repeat at the
        # floor with growing limits and the nogoods they learn, a complete search in the end.
        # Bisecting reaches a strong bound in a few cheap runs, as a setter's --min-score guess
        # does; climbing from the floor (galloping) spent the budget below it (NYT Mon
        # 2008-03-10: weakest 33 by default, 35 with --min-score 30).
        cap = hi
        try:
            while budget > 0 and not optimal and self.nodes < budget_end:
                if lo > hi:
                    optimal = True
                    break
                target = (lo + cap + 1) // 2 if lo <= cap else lo
                outcome = self.run_at(target, until)
                if outcome is None:
                    hi = target - 1
                    cap = min(cap, hi)
                    continue
                if outcome is False:
                    if target > lo:
                        cap = target - 1
                    continue
                best, best_q, found = outcome, _quality(problem, outcome), found + 1
                progress.append((time.perf_counter() - self.start, *best_q))
                lo = best_q[0] + 1
                cap = max(cap, min(hi, lo))
            # Then other fills whose weakest entry ties the best, for a better mean: once the
            # weakest is proved best, for no more nodes than the search has taken so far.
            if optimal and budget > 0 and not all(problem.given_var):
                self.budget_end = budget_end = min(budget_end, 2 * self.nodes)
                r3 = self.root_at(best_q[0])
                problem.bound = best_q[0]
                tries = 0
                while r3 is not None and self.nodes < budget_end and tries < MEAN_TRIES:
                    tries += 1
                    other = self.find(r3, until)
                    if other is None:
                        break
                    found += 1
                    q = _quality(problem, other)
                    if q > best_q:
                        best, best_q = other, q
                        progress.append((time.perf_counter() - self.start, *best_q))
            ended: Improvement = "proved" if optimal else "budget"
        except OutOfNodes:
            ended = "budget"
        except SearchTimeout:
            ended = "cut"
        problem.bound = self.min_score
        return self.result("filled", best, optimal=optimal, fills_found=found,
                           first_seconds=first_seconds, nodes=self.nodes,
                           progress=tuple(progress), regions=regions, first_nodes=first_nodes,
                           improvement=ended)
