"""Brute-force oracles for column-word grids: plain scans over word lists, no index, no bitsets.

They share no code with puzzlesmith.wordgrid: rows are plain lists of strings and every
candidate is checked cell by cell.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable


def fits(pattern: str, word: str) -> bool:
    return len(pattern) == len(word) and all(p in ("?", w) for p, w in zip(pattern, word, strict=True))


def brute_solutions(
    rows: list[str], row_words: Iterable[str], column_words: Iterable[str]
) -> set[tuple[str, ...]]:
    """Every tuple of words for the rows holding '?', top to bottom, that makes all columns
    words: a scan of all words of the row length for each unknown row, then every combination."""
    cols = set(column_words)
    width = len(rows[0])
    words = sorted({w for w in row_words if len(w) == width})
    unknown = [i for i, r in enumerate(rows) if "?" in r]
    choices = [[w for w in words if fits(rows[i], w)] for i in unknown]
    found = set()
    for combo in itertools.product(*choices):
        grid = list(rows)
        for i, w in zip(unknown, combo, strict=True):
            grid[i] = w
        if all("".join(g[c] for g in grid) in cols for c in range(width)):
            found.add(tuple(combo))
    return found


def seed_scan(rows: list[str], words: Iterable[str]) -> list[str]:
    """The seed's algorithm for one blank row: one pass over the row-length words, each
    column checked against the set of column words (the benchmark's baseline too)."""
    k = next(i for i, r in enumerate(rows) if "?" in r)
    width, height = len(rows[0]), len(rows)
    all_words = list(words)
    cols = {w for w in all_words if len(w) == height}
    out = []
    for w in all_words:
        if len(w) != width or not fits(rows[k], w):
            continue
        if all("".join(w[c] if r == k else rows[r][c] for r in range(height)) in cols
               for c in range(width)):
            out.append(w)
    return out
