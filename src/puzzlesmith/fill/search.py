"""One run of the search: two-way branching (entry = word, else entry != word) over a
problem's domains, the entry chosen by dom/wdeg and the word by what it leaves its crossings,
under a limit on failures (a restart) and on nodes; a generator of fills, so "first", "all"
and "count" are one code path."""

from __future__ import annotations

import random
from collections.abc import Iterator

from puzzlesmith.fill.nogoods import Branch
from puzzlesmith.fill.problem import Problem
from puzzlesmith.fill.propagate import propagate
from puzzlesmith.limits import Deadline, SearchTimeout

LOOKAHEAD = 3  # words of an entry compared by what they leave their crossings
LOOKAHEAD_DECAY = 0.5  # each later (lower-scored) candidate needs this much more room to win
# Under a bound on the weakest entry every word left is good enough: then the choice is only
# for room, among more words (docs/fill.md, "Quality", has what this saves).
BOUND_LOOKAHEAD = 8


class Restart(Exception):
    """The run hit its failure limit."""


class OutOfNodes(Exception):
    """The improvement search spent its node budget."""


class Search:
    """One run of the two-way branching search over a problem."""

    def __init__(self, problem: Problem, deadline: Deadline, rng: random.Random | None,
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
        self.path: Branch = []

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

    def tied(self, v: int, d: int, low: int) -> list[int]:
        """The best word left (`low`) and, drawn at random, up to lookahead - 1 words that
        tie with it (Problem tables' tiers: same score, about the same frequency), so a
        seeded search does not take the same first words of a long run of ties every time
        (a tiered `word;score` list has a hundred thousand at its top score)."""
        start, end = self.p.tables[v].tier(low.bit_length() - 1)
        out = [low]
        if end - start < 2:
            return out
        assert self.rng is not None
        for _ in range(self.lookahead - 1):
            r = self.rng.randrange(start, end)
            x = d >> r
            if x:
                bit = (x & -x) << r
                if bit.bit_length() <= end and bit not in out:
                    out.append(bit)
        return out

    def choose_value(self, v: int, dom: list[int], cnt: list[int]) -> int:
        d = dom[v]
        low = d & -d
        if self.lookahead > 1 and cnt[v] > 1:
            # Of the best few words, the one that leaves its crossings the most words
            # (the product of their counts), so a word that strangles a crossing waits.
            # A seeded search draws them from the ties of the best word, when it has some.
            p = self.p
            words, pls = p.words[v], p.pls
            best, best_key = low, -1.0
            tied = self.tied(v, d, low) if self.rng is not None else []
            if len(tied) > 1:
                cands, decay = tied, 1.0  # ties: none is better than another
            else:
                cands, decay, rest = [], self.decay, d
                while rest and len(cands) < self.lookahead:
                    bit = rest & -rest
                    rest ^= bit
                    cands.append(bit)
            for rank, bit in enumerate(cands):
                w = words[bit.bit_length() - 1]
                key = 1.0
                for pos, _, t, q, _ in p.cross[v]:
                    if cnt[t] > 1:
                        key *= (dom[t] & pls[t][q][ord(w[pos]) - 97]).bit_count() / cnt[t]
                key *= decay ** rank
                if key > best_key:
                    best, best_key = bit, key
            low = best
            if len(tied) > 1:
                return low
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
            raise Restart

    def solutions(self, dom: list[int], cnt: list[int], masks: list[int],
                  seen: list[int]) -> Iterator[list[int]]:
        """Every fill below this state (the lists are this call's own to change)."""
        p = self.p
        path = self.path
        depth = len(path)
        while True:
            if self.max_nodes is not None and self.nodes >= self.max_nodes:
                raise OutOfNodes
            self.nodes += 1
            if not self.nodes & 7 and self.deadline.expired():
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
            if propagate(p, d2, c2, m2, s2, [v]):
                yield from self.solutions(d2, c2, m2, s2)
            else:
                path[-1] = (v, bit, False)  # before fail(): a restart learns from the branch
                self.fail()
            path[-1] = (v, bit, False)
            dom[v] &= ~bit
            cnt[v] -= 1
            if not dom[v] or not propagate(p, dom, cnt, masks, seen, [v]):
                # This state has no fill: the choice above it ("entry = word") is refuted.
                del path[depth:]
                if not depth:  # the run's root: every choice was tried, nothing to restart
                    return
                u, b, _ = path[depth - 1]
                path[depth - 1] = (u, b, False)
                self.fail()
                return
