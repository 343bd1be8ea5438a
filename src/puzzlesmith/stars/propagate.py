"""Constraint propagation and depth-first search over bitmask states (the Python engine).

Propagation applies, until nothing changes: a full unit empties its other cells; a unit with
exactly as many open cells as stars missing gets them all; a star empties its neighbours;
a cell next to every open cell of a unit that needs one more star is empty. It prunes a
state when a row or column (or a band of two neighbouring rows or columns, which hold 2K
stars in distinct, non-adjacent columns) cannot fit the stars it still needs. Near the
root of the search it also applies confinement (regions shut inside bands of rows or
columns).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.stars.board import Board, line_capacity

State = tuple[int, int]  # (stars, open_)


def place(board: Board, stars: int, open_: int, i: int) -> State | None:
    """Put a star on cell i (open) and empty its neighbours."""
    bit = 1 << i
    if not open_ & bit:
        return None
    return stars | bit, open_ & ~(bit | board.nbr[i])


def propagate(board: Board, stars: int, open_: int, confine: bool = False) -> State | None:
    """The state after the forced moves, or None if it has no solution.

    With `confine`, also apply the counting rule of `confinement` until nothing changes.
    """
    while True:
        state = _simple(board, stars, open_)
        if state is None or not confine:
            return state
        stars, open_ = state
        narrowed = confinement(board, stars, open_)
        if narrowed is None:
            return None
        if narrowed == open_:
            return state
        open_ = narrowed


def confinement(board: Board, stars: int, open_: int) -> int | None:
    """Open cells after the band-counting rule, or None on a contradiction.

    For every band of consecutive rows (columns): the regions whose open cells lie inside
    it must not need more stars than the band does, and if they need exactly as many, the
    band's other cells are empty; the regions reaching into it must need at least as many,
    and if exactly as many, their cells outside the band are empty.
    """
    n, k, units = board.n, board.k, board.units
    regs = []
    for g in range(n):
        m = units[2 * n + g]
        cm = open_ & m
        if cm:
            regs.append((m, cm, k - (stars & m).bit_count()))
    for offset in (0, n):
        lines = units[offset : offset + n]
        need = [k - (stars & m).bit_count() for m in lines]
        # Regions by the first and the last line they reach, so that each band's regions
        # inside and touching are kept up as the band grows (not recounted per band).
        by_lo: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        by_hi: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        for m, cm, rneed in regs:
            hit = [i for i in range(n) if cm & lines[i]]
            by_lo[hit[0]].append((hit[-1], m, rneed))
            by_hi[hit[-1]].append((hit[0], m, rneed))
        for a in range(n):
            band = 0
            band_need = 0
            inside_need = touch_need = 0
            inside_m = touch_m = 0
            for lo in range(a):
                for hi, m, rneed in by_lo[lo]:
                    if hi >= a:
                        touch_need += rneed
                        touch_m |= m
            for b in range(a, n - 1 if a == 0 else n):
                band |= lines[b]
                band_need += need[b]
                for _hi, m, rneed in by_lo[b]:
                    touch_need += rneed
                    touch_m |= m
                for lo, m, rneed in by_hi[b]:
                    if lo >= a:
                        inside_need += rneed
                        inside_m |= m
                if inside_need > band_need or touch_need < band_need:
                    return None
                if inside_need == band_need:
                    open_ &= ~(band & ~inside_m)
                if touch_need == band_need:
                    open_ &= ~(touch_m & ~band)
    return open_


def _simple(board: Board, stars: int, open_: int) -> State | None:
    """The counting rules and the neighbour rule until nothing changes."""
    units, nbr, k, n = board.units, board.nbr, board.k, board.n
    n2 = 2 * n
    while True:
        before = open_
        for u, m in enumerate(units):
            cm = open_ & m
            s = (stars & m).bit_count()
            if not cm:
                if s != k:
                    return None
                continue
            if s >= k:
                if s > k:
                    return None
                open_ &= ~m
                continue
            need = k - s
            a = cm.bit_count()
            if a < need:
                return None
            if a == need:
                while cm:
                    low = cm & -cm
                    if not open_ & low:
                        return None
                    stars |= low
                    open_ &= ~(low | nbr[low.bit_length() - 1])
                    cm ^= low
            elif need == 1:
                # The unit's star touches every cell next to all of its open cells.
                common = open_ & ~m
                x = cm
                while x and common:
                    low = x & -x
                    common &= nbr[low.bit_length() - 1]
                    x ^= low
                if common:
                    open_ &= ~common
            elif u < n2 and line_capacity(cm, 1 if u < n else n, need) < need:
                return None
        if open_ == before:
            break
    if not _bands_ok(board, stars | open_):
        return None
    return stars, open_


def _bands_ok(board: Board, open_: int) -> bool:
    """Every two neighbouring rows (columns) can still hold 2K stars."""
    n, need = board.n, 2 * board.k
    row0, col0 = board.row0, board.col0
    for r in range(n - 1):
        x = ((open_ >> (r * n)) | (open_ >> ((r + 1) * n))) & row0
        if line_capacity(x, 1, need) < need:
            return False
        x = ((open_ >> r) | (open_ >> (r + 1))) & col0
        if line_capacity(x, n, need) < need:
            return False
    return True


def _branch_cell(board: Board, stars: int, open_: int, rng: random.Random | None) -> int:
    """An open cell of the unit with the fewest open cells per missing star (the first one,
    or a random one with `rng`)."""
    k = board.k
    best_u, best_score = -1, 1 << 30
    for m in board.units:
        cm = open_ & m
        if cm:
            need = k - (stars & m).bit_count()
            score = cm.bit_count() * 8 // need
            if score < best_score:
                best_score, best_u = score, m
    cm = open_ & best_u
    if rng is not None:
        bits = [i for i in range(cm.bit_length()) if cm >> i & 1]
        return rng.choice(bits)
    # Fail first: the cell whose star would close the most other cells.
    best_i, best_hit = -1, -1
    while cm:
        low = cm & -cm
        i = low.bit_length() - 1
        hit = (board.nbr[i] & open_).bit_count()
        if hit > best_hit:
            best_i, best_hit = i, hit
        cm ^= low
    return best_i


def search(
    board: Board,
    deadline: Deadline,
    stars: int = 0,
    open_: int | None = None,
    rng: random.Random | None = None,
) -> Iterator[int]:
    """Every solution (a star mask) reachable from a state, depth first (in a random order
    with `rng`)."""
    stack: list[State] = [(stars, board.full if open_ is None else open_)]
    # Confinement costs several plain propagations; near the root, where it cuts the most,
    # it pays (benchmarks/stars.py), deeper down it does not.
    shallow = board.n * board.k
    nodes = 0
    while stack:
        nodes += 1
        if nodes & 63 == 0 and deadline.expired():
            raise SearchTimeout
        s, c = stack.pop()
        state = propagate(board, s, c, confine=s.bit_count() * 4 < shallow)
        if state is None:
            continue
        s, c = state
        if not c:
            yield s
            continue
        i = _branch_cell(board, s, c, rng)
        bit = 1 << i
        stack.append((s, c & ~bit))
        stack.append((s | bit, c & ~(bit | board.nbr[i])))
