"""Nogoods from restarts (Lecoutre, Sais, Tabary and Vidal, "Recording and minimizing nogoods
from restarts", 2007): sets of "entry = word" choices that no fill has all of, learned from a
restarted run's branch and propagated by the later runs, so no run searches a refuted subtree
again. The propagation of a nogood whose pairs all hold but one is done inside arc consistency
(propagate.py), where an entry comes down to one word."""

from __future__ import annotations

# A nogood: (entry, word bit) pairs that no fill has all of (learned from a restart's branch).
Nogood = tuple[tuple[int, int], ...]
# A run's branch: (entry, word bit, True) for "entry = word" being searched, False once that
# subtree is exhausted and the search goes on with "entry != word".
Branch = list[tuple[int, int, bool]]


def from_branch(path: Branch) -> list[Nogood]:
    """The nogoods a restarted run's branch proves: each "entry != word" on the branch was
    taken because the subtree under the "entry = word" choices above it plus "entry = word"
    had no fill, so those pairs together are a nogood."""
    above: list[tuple[int, int]] = []
    new: list[Nogood] = []
    for v, bit, positive in path:
        if positive:
            above.append((v, bit))
            continue
        new.append((*above, (v, bit)))
    return new


class NogoodStore:
    """The nogoods a search propagates: all of them, and by entry and word (bit index)."""

    def __init__(self, entries: int) -> None:
        self.entries = entries
        self.all: list[Nogood] = []
        self.by_entry: list[dict[int, list[Nogood]]] = [{} for _ in range(entries)]

    def add(self, nogood: Nogood) -> None:
        self.all.append(nogood)
        for u, b in nogood:
            self.by_entry[u].setdefault(b.bit_length() - 1, []).append(nogood)

    def clear(self) -> None:
        self.all = []
        self.by_entry = [{} for _ in range(self.entries)]


def apply(nogoods: list[Nogood], dom: list[int], cnt: list[int]) -> list[int] | None:
    """Each nogood all of whose pairs hold but one takes that one's word away (in `dom` and
    `cnt`); returns the entries that lost a word, None if a nogood holds whole."""
    changed = []
    for nogood in nogoods:
        found = last_open(nogood, dom)
        if found is None:
            continue
        unit, ub = found
        if unit < 0:
            return None
        dom[unit] &= ~ub
        if not dom[unit]:
            return None
        cnt[unit] = dom[unit].bit_count()
        changed.append(unit)
    return changed


def last_open(nogood: Nogood, dom: list[int]) -> tuple[int, int] | None:
    """The one pair (entry, word bit) of `nogood` that does not hold yet when all its others
    do, so that word must go; (-1, 0) when every pair holds (the nogood is broken); None when
    a pair is false already or two are undecided (nothing follows yet)."""
    unit, ub = -1, 0
    for u, b in nogood:
        du = dom[u]
        if du == b:
            continue
        if not du & b or unit >= 0:
            return None
        unit, ub = u, b
    return unit, ub
