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


def brute_placements(letters: str, words: set[str]) -> set[tuple[str, ...]]:
    """Every solution by laying words one at a time, each crossing one laid before.

    For rolls too long for `brute_solutions` (13 letters and up) with few words: every
    connected board's runs can be laid in an order where each crosses an earlier one, so
    starting from every word across at the origin (transposition gives the rest) reaches
    every solution; the rows and columns are checked only on full boards.
    """
    need: dict[str, int] = {}
    for ch in letters:
        need[ch] = need.get(ch, 0) + 1
    found: set[tuple[str, ...]] = set()
    seen: set[frozenset[tuple[int, int, str]]] = set()

    def rows_of(cells: dict[tuple[int, int], str]) -> list[str]:
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        h = 1 + max(r for r, _ in cells) - r0
        w = 1 + max(c for _, c in cells) - c0
        grid = [[" "] * w for _ in range(h)]
        for (r, c), ch in cells.items():
            grid[r - r0][c - c0] = ch
        return ["".join(g) for g in grid]

    def grow(cells: dict[tuple[int, int], str], left: dict[str, int]) -> None:
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        key = frozenset((r - r0, c - c0, ch) for (r, c), ch in cells.items())
        if key in seen:
            return
        seen.add(key)
        if not any(left.values()):
            rows = rows_of(cells)
            if all_lines_ok(rows, words):
                found.add(canonical(rows))
            return
        for word in words:
            for (r, c), ch in list(cells.items()):
                for k, wc in enumerate(word):
                    if wc != ch:
                        continue
                    for dr, dc in ((0, 1), (1, 0)):
                        sr, sc = r - dr * k, c - dc * k
                        use: dict[str, int] = {}
                        new = {}
                        ok = True
                        for i, x in enumerate(word):
                            p = (sr + dr * i, sc + dc * i)
                            if p in cells:
                                ok = cells[p] == x
                            else:
                                use[x] = use.get(x, 0) + 1
                                new[p] = x
                                ok = use[x] <= left.get(x, 0)
                            if not ok:
                                break
                        if ok and new:
                            grow({**cells, **new}, {x: n - use.get(x, 0) for x, n in left.items()})

    for word in words:
        use: dict[str, int] = {}
        for x in word:
            use[x] = use.get(x, 0) + 1
        if all(use[x] <= need.get(x, 0) for x in use):
            grow({(0, i): x for i, x in enumerate(word)},
                 {x: n - use.get(x, 0) for x, n in need.items()})
    return found
