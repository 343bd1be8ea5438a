"""Arc consistency over the entries' bitset domains, with the no-repeat rule and the
nogoods learned from restarts propagated alongside.

When an entry's domain shrinks, the letters its words still allow in each of its crossed cells
are recomputed; a letter that lost its last word there takes, with one AND of the crossing
entry's (position, letter) bitsets, every crossing word that needs it. This repeats until
nothing changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlesmith.fill.nogoods import Nogood, last_open
from puzzlesmith.fill.tables import LETTER_FIELD, word_code

if TYPE_CHECKING:
    from puzzlesmith.fill.problem import Problem

SMALL_DOMAIN = 24  # below this many words, read letters off the words themselves
SMALL_LOST = 24  # below this many words lost since the last revision, test only the letters they held


SHARED = -2  # Wipeout.cell: the words ran out for sharing letters with the source's word
STEM = -3  # Wipeout.cell: the words ran out for sharing the source's word's stem
INSIDE = -4  # Wipeout.cell: the words ran out for holding the source's word (or inside it)


@dataclass
class Wipeout:
    """Where propagation emptied a domain."""

    var: int
    source: int  # the entry whose propagation emptied it (-1: no words fit at all)
    cell: int  # the cell they share (-1: none; SHARED: a shared run of letters)


def _narrow(prob: Problem, dom: list[int], cnt: list[int], queue: list[int], queued: set[int],
            u: int, du: int, source: int, cell: int) -> bool:
    """Entry u's words down to `du` (queued to be revised); False, with the wipeout, if none
    are left. (A module function, not a closure in `propagate`: a closure would make the
    hot loop's locals cell variables, slower to read.)"""
    if not du:
        prob.wipeout = Wipeout(u, source, cell)
        return False
    dom[u] = du
    cnt[u] = du.bit_count()
    if u not in queued:
        queue.append(u)
        queued.add(u)
    return True


def _word_taken(prob: Problem, dom: list[int], cnt: list[int], queue: list[int], queued: set[int],
                s: int, d: int) -> bool:
    """The rules on entry s, down to one word (`d`): the learned nogoods, no repeats, no two
    entries of one stem, no entry inside another, no shared runs of letters; False on a
    wipeout."""
    ngs = prob.nogoods.by_entry[s]
    learned = ngs.get(d.bit_length() - 1) if ngs else None
    word = prob.words[s][d.bit_length() - 1]
    return ((not learned or _learned(prob, dom, cnt, queue, queued, s, learned))
            and (not prob.dupes or _no_repeats(prob, dom, cnt, queue, queued, s, d))
            and (not prob.stems
                 or _no_kin(prob, dom, cnt, queue, queued, s, prob.stem_kin(word), STEM))
            and (not prob.inside
                 or _no_kin(prob, dom, cnt, queue, queued, s, prob.inside_kin(word), INSIDE))
            and (not prob.shared or _no_shared_runs(prob, dom, cnt, queue, queued, s, d)))


def _learned(prob: Problem, dom: list[int], cnt: list[int], queue: list[int], queued: set[int],
             s: int, learned: list[Nogood]) -> bool:
    """Nogoods holding "s is this word": when all but one of a nogood's pairs hold, the last
    one cannot."""
    for nogood in learned:
        found = last_open(nogood, dom)
        if found is None:
            continue
        unit, ub = found
        if unit < 0:
            prob.wipeout = Wipeout(s, s, -1)
            return False
        if not _narrow(prob, dom, cnt, queue, queued, unit, dom[unit] & ~ub, s, -1):
            return False
    return True


def _no_repeats(prob: Problem, dom: list[int], cnt: list[int], queue: list[int], queued: set[int],
                s: int, d: int) -> bool:
    """No word twice: the word taken here (`d`) leaves the other entries of its length."""
    for u in prob.same_length[s]:
        if dom[u] & d and not _narrow(prob, dom, cnt, queue, queued, u, dom[u] & ~d, s, -1):
            return False
    return True


def _no_kin(prob: Problem, dom: list[int], cnt: list[int], queue: list[int], queued: set[int],
            s: int, kin: Sequence[tuple[int, int]], why: int) -> bool:
    """The word taken at s rules out its kin (`kin`: (length, bitset) pairs) in the other
    entries of their lengths, two of the setter's own excepted: the words of its stem (RULE:
    RULED, RULES, RULING; `why` STEM), or those it is inside or that are inside it (SET:
    CLOSESET; INSIDE)."""
    given = prob.given_var
    by_length = prob.by_length
    for length, bits in kin:
        for u in by_length.get(length, ()):
            du = dom[u]
            if u == s or not du & bits or (given[s] and given[u]):
                continue
            if not _narrow(prob, dom, cnt, queue, queued, u, du & ~bits, s, why):
                return False
    return True


def _no_shared_runs(prob: Problem, dom: list[int], cnt: list[int], queue: list[int],
                    queued: set[int], s: int, d: int) -> bool:
    """No two entries share `shared` letters in a row (ingrid_core's --max-shared-substring):
    the word taken here rules out, in every other entry, the words that hold one of its
    substrings of that length."""
    word = prob.words[s][d.bit_length() - 1]
    given = prob.given_var
    for u in range(len(dom)):
        if u == s or (given[s] and given[u]):  # two of the setter's own: theirs
            continue
        du = dom[u] & ~prob.sharing(u, word)
        if du != dom[u] and not _narrow(prob, dom, cnt, queue, queued, u, du, s, SHARED):
            return False
    return True


def _letters_held(ws: Sequence[str], codes: list[int], c: int, d: int, old: int) -> tuple[int, int]:
    """Which letters each crossed cell of an entry (words `ws`, domain `d` of `c` words, `old`
    when last revised) can still hold: from the words themselves (their letter codes ORed) when
    few, else by testing each letter the cell still allows, only those the words lost since the
    last revision could have taken away. Returns (support, suspects), letter codes ORed: the
    exact letters per position, and the letters that may have lost their last word; -1 where
    not worked out."""
    support = -1
    suspects = -1
    if c <= SMALL_DOMAIN:
        support = 0
        dd = d
        while dd:
            low = dd & -dd
            i = low.bit_length() - 1
            code = codes[i]
            if not code:
                code = codes[i] = word_code(ws[i])
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
                    code = codes[i] = word_code(ws[i])
                suspects |= code
                lost ^= low
    return support, suspects


def propagate(prob: Problem, dom: list[int], cnt: list[int], masks: list[int], seen: list[int],
              queue: list[int]) -> bool:
    """Arc consistency (and no repeats) from the entries in `queue`; False on a wipeout.

    `seen[s]` is the domain of s when its cells were last revised (-1: never), so a revision
    looks only at the letters of the words lost since then when those are few.

    The revision of the crossings stays written out in this loop: it is the fill's inner loop,
    whose state stays in local variables. What is done once a revision, not once a crossing, is
    in functions: the rules on an entry down to one word (`_word_taken`) and the letters its
    words still hold (`_letters_held`).
    """
    pls, cross, words, allcodes = prob.pls, prob.cross, prob.words, prob.codes
    queued = set(queue)

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
        if c == 1 and not _word_taken(prob, dom, cnt, queue, queued, s, d):
            return False
        support, suspects = _letters_held(words[s], allcodes[s], c, d, old)
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
                prob.weights[e] += 1
                prob.wipeout = Wipeout(t, s, k)
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
                # `_narrow` written out, with the crossing's weight: this is the hot loop,
                # where a call per narrowing shows in a fill's time.
                if not nd:
                    prob.weights[e] += 1
                    prob.wipeout = Wipeout(t, s, k)
                    return False
                dom[t] = nd
                cnt[t] = nd.bit_count()
                if t not in queued:
                    queue.append(t)
                    queued.add(t)
    return True
