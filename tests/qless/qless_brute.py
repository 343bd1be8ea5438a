"""An independent Q-Less solver for the tests: no pruning, its own board representation.

It shares no code with puzzlesmith.qless. It lists every polyomino of n cells (all fixed
shapes, grown cell by cell), puts every distinct ordering of the letters on each, and keeps
the boards whose rows and columns, split at the blanks, are all words of 3+ letters or
single letters. Boards are lists of equal-length strings with ' ' for an empty cell.
"""

from __future__ import annotations

from collections.abc import Iterator


def polyominoes(n: int) -> set[frozenset[tuple[int, int]]]:
    """Every connected set of n cells, shifted so its minimum row and column are 0."""
    level = {frozenset({(0, 0)})}
    for _ in range(n - 1):
        grown = set()
        for shape in level:
            for r, c in shape:
                for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if nb not in shape:
                        cells = shape | {nb}
                        r0 = min(a for a, _ in cells)
                        c0 = min(b for _, b in cells)
                        grown.add(frozenset((a - r0, b - c0) for a, b in cells))
        level = grown
    return level


def orderings(letters: str) -> Iterator[str]:
    """Each distinct arrangement of the letters once."""
    if not letters:
        yield ""
        return
    for i, ch in enumerate(letters):
        if ch in letters[:i]:
            continue
        for rest in orderings(letters[:i] + letters[i + 1:]):
            yield ch + rest


def columns(rows: list[str]) -> list[str]:
    return ["".join(col) for col in zip(*rows, strict=True)]


def all_lines_ok(rows: list[str], words: set[str]) -> bool:
    for line in rows + columns(rows):
        for piece in line.split(" "):
            if len(piece) >= 2 and (len(piece) < 3 or piece not in words):
                return False
    return True


def canonical(rows: list[str]) -> tuple[str, ...]:
    """Same solution under translation (rows are already tight) and transposition."""
    return min(tuple(rows), tuple(columns(rows)))


def brute_solutions(letters: str, words: set[str]) -> set[tuple[str, ...]]:
    """Every distinct solution, as canonical tuples of row strings."""
    found = set()
    arrangements = list(orderings("".join(sorted(letters))))
    for shape in polyominoes(len(letters)):
        height = 1 + max(r for r, _ in shape)
        width = 1 + max(c for _, c in shape)
        cells = sorted(shape)
        blank = [" " * width] * height
        # Whether a line of the empty shape has a 2-cell piece is the same for every
        # ordering of the letters, so it is tested once per shape rather than per board.
        shape_rows = ["".join("#" if (r, c) in shape else " " for c in range(width))
                      for r in range(height)]
        if any(len(p) == 2 for line in shape_rows + columns(shape_rows) for p in line.split()):
            continue
        for arrangement in arrangements:
            grid = [list(row) for row in blank]
            for (r, c), ch in zip(cells, arrangement, strict=True):
                grid[r][c] = ch
            rows = ["".join(row) for row in grid]
            if all_lines_ok(rows, words):
                found.add(canonical(rows))
    return found
