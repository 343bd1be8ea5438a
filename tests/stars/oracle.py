"""An independent brute force for Star Battle, sharing no code with the engines."""

from __future__ import annotations

from itertools import combinations


def brute_force_solutions(regions: list[list[int]], k: int) -> list[frozenset[tuple[int, int]]]:
    """Every solution: choose K columns per row, row by row, then check every rule."""
    n = len(regions)
    row_choices = [
        cols for cols in combinations(range(n), k)
        if all(b - a > 1 for a, b in zip(cols, cols[1:], strict=False))
    ]
    found: list[frozenset[tuple[int, int]]] = []
    col_count = [0] * n

    def go(r: int, prev: tuple[int, ...], placed: list[tuple[int, int]]) -> None:
        if r == n:
            if all(v == k for v in col_count):
                per_region = [0] * n
                for rr, cc in placed:
                    per_region[regions[rr][cc]] += 1
                if all(v == k for v in per_region):
                    found.append(frozenset(placed))
            return
        for cols in row_choices:
            if any(abs(c - p) <= 1 for c in cols for p in prev):
                continue
            if any(col_count[c] >= k for c in cols):
                continue
            for c in cols:
                col_count[c] += 1
            go(r + 1, cols, placed + [(r, c) for c in cols])
            for c in cols:
                col_count[c] -= 1

    go(0, (), [])
    return found
