"""Bitmask view of a puzzle shared by the engines: one bit per cell, cell i = row * N + col.

A search state is two ints: `stars` (placed) and `open_` (cells still open). Every other cell
is known empty. Units are the rows, then the columns, then the regions.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlesmith.stars.model import Cell, StarPuzzle


@dataclass(frozen=True)
class Board:
    """Masks precomputed once per puzzle."""

    n: int
    k: int
    full: int
    units: tuple[int, ...]
    cell_units: tuple[tuple[int, int, int], ...]
    nbr: tuple[int, ...]
    row0: int  # the first row's bits: shift it to get any row
    col0: int  # the first column's bits

    @classmethod
    def of(cls, puzzle: StarPuzzle) -> Board:
        n = puzzle.size
        rows = [((1 << n) - 1) << (r * n) for r in range(n)]
        col0 = sum(1 << (r * n) for r in range(n))
        cols = [col0 << c for c in range(n)]
        regs = [0] * n
        nbr = []
        cell_units = []
        for r in range(n):
            for c in range(n):
                g = puzzle.regions[r][c]
                regs[g] |= 1 << (r * n + c)
                cell_units.append((r, n + c, 2 * n + g))
                m = 0
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        rr, cc = r + dr, c + dc
                        if (dr or dc) and 0 <= rr < n and 0 <= cc < n:
                            m |= 1 << (rr * n + cc)
                nbr.append(m)
        return cls(
            n=n, k=puzzle.stars, full=(1 << (n * n)) - 1, units=tuple(rows + cols + regs),
            cell_units=tuple(cell_units), nbr=tuple(nbr), row0=rows[0], col0=col0,
        )

    def cell(self, i: int) -> Cell:
        return divmod(i, self.n)

    def index(self, cell: Cell) -> int:
        return cell[0] * self.n + cell[1]

    def cells(self, mask: int) -> list[Cell]:
        """The cells of a mask, in reading order."""
        out = []
        while mask:
            low = mask & -mask
            out.append(divmod(low.bit_length() - 1, self.n))
            mask ^= low
        return out

    def mask(self, cells: list[Cell] | tuple[Cell, ...]) -> int:
        m = 0
        for r, c in cells:
            m |= 1 << (r * self.n + c)
        return m

    def unit_name(self, u: int, labels: tuple[str, ...]) -> str:
        """A unit as people say it: row 3, column 5, region b (1-based rows and columns)."""
        n = self.n
        if u < n:
            return f"row {u + 1}"
        if u < 2 * n:
            return f"column {u - n + 1}"
        return f"region {labels[u - 2 * n]}"


def line_capacity(x: int, step: int, need: int) -> int:
    """Most non-touching stars the cells `x` of one line can take (capped at `need`).

    Neighbours along the line are `step` bits apart; on a path, taking the lowest open cell
    first is optimal.
    """
    count = 0
    while x and count < need:
        low = x & -x
        x &= ~(low | (low << step))
        count += 1
    return count


def bits(x: int) -> list[int]:
    """The indices of the set bits of x (the cells of a mask), lowest first."""
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out
