"""A brute-force crossword filler sharing no code with the engine: find the runs, then try
every word in every entry, left to right, checking letters cell by cell."""

from __future__ import annotations

from collections.abc import Iterator


def runs(rows: list[str]) -> list[list[tuple[int, int]]]:
    """Every maximal across or down run of 2+ non-block cells, as (row, col) lists."""
    columns = ["".join(col) for col in zip(*rows, strict=True)]
    across = _across(rows)
    down = [[(r, c) for c, r in run] for run in _across(columns)]
    return across + down


def _across(rows: list[str]) -> list[list[tuple[int, int]]]:
    out: list[list[tuple[int, int]]] = []
    for r, row in enumerate(rows):
        c = 0
        while c < len(row):
            if row[c] == "#":
                c += 1
                continue
            start = c
            while c < len(row) and row[c] != "#":
                c += 1
            if c - start >= 2:
                out.append([(r, k) for k in range(start, c)])
    return out


def fills(rows: list[str], words: list[str], *, repeats: bool = False) -> Iterator[list[str]]:
    """Every filled grid (as rows) whose runs are all words, `.` cells free, letters kept."""
    slots = runs(rows)
    letters: dict[tuple[int, int], str] = {
        (r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch.isalpha()
    }
    given = [all(cell in letters for cell in s) for s in slots]
    fixed_words = {"".join(letters[c] for c in s) for s, g in zip(slots, given, strict=True) if g}
    used: list[str] = []

    def place(i: int) -> Iterator[None]:
        if i == len(slots):
            yield None
            return
        slot = slots[i]
        if given[i]:
            word = "".join(letters[c] for c in slot)
            if not repeats and word in used:
                return
            used.append(word)
            yield from place(i + 1)
            used.pop()
            return
        for word in words:
            if len(word) != len(slot) or (not repeats and word in used):
                continue
            if not repeats and word in fixed_words:
                continue
            if any(letters.get(c, ch) != ch for c, ch in zip(slot, word, strict=True)):
                continue
            added = [c for c in slot if c not in letters]
            for c, ch in zip(slot, word, strict=True):
                letters[c] = ch
            used.append(word)
            yield from place(i + 1)
            used.pop()
            for c in added:
                del letters[c]

    for _ in place(0):
        yield ["".join(letters.get((r, c), "#") for c in range(len(rows[0]))) for r in range(len(rows))]


def count(rows: list[str], words: list[str], *, repeats: bool = False) -> int:
    return sum(1 for _ in fills(rows, words, repeats=repeats))
