"""Star Battle puzzles: an N x N grid cut into N regions, K stars per row, column and region.

A puzzle is its region map (region index per cell, regions numbered 0..N-1 in reading order
of first appearance) plus K. Cells are (row, col) pairs, 0-based. No two stars may touch,
not even diagonally.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from puzzlesmith.errors import InputError

Cell = tuple[int, int]


def max_stars_per_line(size: int) -> int:
    """The largest K an N x N grid can hold: two neighbouring rows share at most ceil(N/2)
    stars (each 2 x 2 block holds one), so 2K <= ceil(N/2)."""
    return 1 if size == 1 else ((size + 1) // 2) // 2


@dataclass(frozen=True)
class StarPuzzle:
    """A validated Star Battle puzzle; build it with `StarPuzzle.from_labels`."""

    regions: tuple[tuple[int, ...], ...]
    stars: int = 1
    labels: tuple[str, ...] = ()
    warnings: tuple[str, ...] = field(default=(), compare=False)

    @property
    def size(self) -> int:
        return len(self.regions)

    @classmethod
    def from_labels(
        cls, rows: Sequence[Sequence[Any]], stars: int = 1, *, check_stars: bool = True
    ) -> StarPuzzle:
        """Number the regions by first appearance and check the shape rules.

        Raises InputError for a grid that is not square, a region count other than N, or
        (with check_stars) a K that cannot fit; a disconnected region only adds a warning.
        """
        n = len(rows)
        if n == 0:
            raise InputError("empty grid: expected N lines of N region labels")
        for r, row in enumerate(rows):
            if len(row) != n:
                raise InputError(
                    f"grid is not square: {n} rows but row {r + 1} has {len(row)} cells"
                )
        numbering: dict[Any, int] = {}
        for row in rows:
            for label in row:
                numbering.setdefault(label, len(numbering))
        if len(numbering) != n:
            raise InputError(f"a {n}x{n} grid needs {n} regions, found {len(numbering)}")
        regions = tuple(tuple(numbering[label] for label in row) for row in rows)
        labels = tuple(str(label) for label in numbering)
        if not isinstance(stars, int) or stars < 1:
            raise InputError(f"stars must be a positive whole number, got {stars}")
        if check_stars and stars > max_stars_per_line(n):
            raise InputError(
                f"{stars} stars per row cannot fit in a {n}x{n} grid without touching "
                f"(at most {max_stars_per_line(n)}), so the puzzle cannot be solved"
            )
        warnings = tuple(
            f"region {labels[g]} is not connected ({parts} parts)"
            for g, parts in enumerate(_region_parts(regions))
            if parts > 1
        )
        return cls(regions=regions, stars=stars, labels=labels, warnings=warnings)

    def cells_of(self, region: int) -> list[Cell]:
        """The cells of one region, in reading order."""
        return [
            (r, c) for r, row in enumerate(self.regions) for c, g in enumerate(row) if g == region
        ]

    def label_grid(self) -> list[list[str]]:
        """The region map with the puzzle's own labels."""
        return [[self.labels[g] for g in row] for row in self.regions]

    def to_json(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "stars": self.stars,
            "regions": [list(row) for row in self.regions],
            "labels": list(self.labels),
            "warnings": list(self.warnings),
        }


def _region_parts(regions: tuple[tuple[int, ...], ...]) -> list[int]:
    """How many 4-connected pieces each region has."""
    n = len(regions)
    seen = [[False] * n for _ in range(n)]
    parts = [0] * n
    for r0 in range(n):
        for c0 in range(n):
            if seen[r0][c0]:
                continue
            g = regions[r0][c0]
            parts[g] += 1
            stack = [(r0, c0)]
            seen[r0][c0] = True
            while stack:
                r, c = stack.pop()
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= rr < n and 0 <= cc < n and not seen[rr][cc] and regions[rr][cc] == g:
                        seen[rr][cc] = True
                        stack.append((rr, cc))
    return parts


def solution_problems(puzzle: StarPuzzle, stars: Iterable[Cell]) -> list[str]:
    """Every rule a set of star cells breaks (empty list: a valid solution)."""
    n, k = puzzle.size, puzzle.stars
    cells = sorted(set(stars))
    problems: list[str] = []
    for r, c in cells:
        if not (0 <= r < n and 0 <= c < n):
            problems.append(f"star ({r}, {c}) is off the grid")
    cells = [(r, c) for r, c in cells if 0 <= r < n and 0 <= c < n]
    rows, cols, regs = [0] * n, [0] * n, [0] * n
    for r, c in cells:
        rows[r] += 1
        cols[c] += 1
        regs[puzzle.regions[r][c]] += 1
    for name, counts in (("row", rows), ("column", cols)):
        problems += [f"{name} {i + 1} has {v} stars, not {k}" for i, v in enumerate(counts) if v != k]
    problems += [
        f"region {puzzle.labels[g]} has {v} stars, not {k}" for g, v in enumerate(regs) if v != k
    ]
    placed = set(cells)
    for r, c in cells:
        for rr, cc in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
            if (rr, cc) in placed:
                problems.append(f"stars ({r}, {c}) and ({rr}, {cc}) touch")
    return problems


def check_solution(puzzle: StarPuzzle, stars: Iterable[Cell]) -> tuple[Cell, ...]:
    """The stars, sorted, if they solve the puzzle; otherwise AssertionError (an engine bug)."""
    cells = tuple(sorted(set(stars)))
    problems = solution_problems(puzzle, cells)
    if problems:
        raise AssertionError("engine returned an invalid Star Battle solution: " + problems[0])
    return cells
