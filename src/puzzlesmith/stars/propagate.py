"""Constraint propagation and depth-first search over bitmask states (the Python engine).

Propagation applies, until nothing changes: a full unit empties its other cells; a unit with
exactly as many open cells as stars missing gets them all; a star empties its neighbours.
It prunes a state when a row or column (or a band of two neighbouring rows or columns,
which hold 2K stars in distinct, non-adjacent columns) cannot fit the stars it still needs.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.stars.board import Board, line_capacity

State = tuple[int, int]  # (stars, cand)


def place(board: Board, stars: int, cand: int, i: int) -> State | None:
    """Put a star on cell i (open) and empty its neighbours."""
    bit = 1 << i
    if not cand & bit:
        return None
    return stars | bit, cand & ~(bit | board.nbr[i])


def propagate(board: Board, stars: int, cand: int) -> State | None:
    """The state after the forced moves, or None if it has no solution."""
    units, nbr, k, n = board.units, board.nbr, board.k, board.n
    n2 = 2 * n
    while True:
        before = cand
        for u, m in enumerate(units):
            cm = cand & m
            s = (stars & m).bit_count()
            if not cm:
                if s != k:
                    return None
                continue
            if s >= k:
                if s > k:
                    return None
                cand &= ~m
                continue
            need = k - s
            a = cm.bit_count()
            if a < need:
                return None
            if a == need:
                while cm:
                    low = cm & -cm
                    if not cand & low:
                        return None
                    stars |= low
                    cand &= ~(low | nbr[low.bit_length() - 1])
                    cm ^= low
            elif u < n2 and need > 1 and line_capacity(cm, 1 if u < n else n, need) < need:
                return None
        if cand == before:
            break
    if not _bands_ok(board, stars | cand):
        return None
    return stars, cand


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


def _branch_cell(board: Board, stars: int, cand: int, rng: random.Random | None) -> int:
    """An open cell of the unit with the fewest open cells per missing star (the first one,
    or a random one with `rng`)."""
    k = board.k
    best_u, best_score = -1, 1 << 30
    for m in board.units:
        cm = cand & m
        if cm:
            need = k - (stars & m).bit_count()
            score = cm.bit_count() * 8 // need
            if score < best_score:
                best_score, best_u = score, m
    cm = cand & best_u
    if rng is not None:
        bits = [i for i in range(cm.bit_length()) if cm >> i & 1]
        return rng.choice(bits)
    return (cm & -cm).bit_length() - 1


def search(
    board: Board,
    deadline: Deadline,
    stars: int = 0,
    cand: int | None = None,
    rng: random.Random | None = None,
) -> Iterator[int]:
    """Every solution (a star mask) reachable from a state, depth first (in a random order
    with `rng`)."""
    stack: list[State] = [(stars, board.full if cand is None else cand)]
    nodes = 0
    while stack:
        nodes += 1
        if nodes & 63 == 0 and deadline.expired():
            raise SearchTimeout
        s, c = stack.pop()
        state = propagate(board, s, c)
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
