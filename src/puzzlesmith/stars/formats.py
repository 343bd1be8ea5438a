"""Star Battle puzzles in and out: the plain-text region map and puzz.link / pzv.jp URLs.

Text: N lines of N region labels. A line holding spaces is split on them (labels of any
length); a line without spaces has one label per character. `#` starts a comment. An
optional first line `K` or `stars=K` gives the stars per row, column and region.

URL: `https://puzz.link/p?starbattle/COLS/ROWS/K/BORDERS` (also `pzv.jp/p.html?`). BORDERS
packs one bit per inner cell edge, 1 = region border: first the (COLS-1) x ROWS edges
between horizontal neighbours, row by row, then the COLS x (ROWS-1) edges between vertical
neighbours, row by row; each part is packed on its own, 5 bits per base-32 digit `0-9a-v`,
most significant bit first, the last digit zero-padded.
"""

from __future__ import annotations

import re
from pathlib import Path

from puzzlesmith.bounded import parse_int, read_puzzle_bytes
from puzzlesmith.errors import InputError
from puzzlesmith.stars.model import Cell, StarPuzzle

_B32 = "0123456789abcdefghijklmnopqrstuv"
_LABELS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_URL_RE = re.compile(
    r"^(?:https?://)?(?:www\.)?(?P<host>puzz\.link/p|pzv\.jp/p(?:\.html)?)\?(?P<body>.*)$"
)
_HEADER_RE = re.compile(r"^(?:stars\s*[=:]\s*)?(\d+)$", re.IGNORECASE)


MAX_SIDE = 100  # the largest grid read, as the URL form's


def parse_text(text: str, stars: int | None = None) -> StarPuzzle:
    """A puzzle from the text format; `stars` overrides the K line (default 1)."""
    import io

    lines: list[str] = []
    # Line by line, sizes checked as they come: an oversize text is refused at once, not
    # after a million rows have been split.
    for raw in io.StringIO(text, newline=None):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if len(lines) > MAX_SIDE or len(line) > 8 * MAX_SIDE:
            raise InputError(f"a Star Battle grid is at most {MAX_SIDE}x{MAX_SIDE} cells: this "
                             f"one has {'more rows' if len(lines) > MAX_SIDE else 'a longer row'}")
        lines.append(line)
    header: int | None = None
    if lines:
        m = _HEADER_RE.match(lines[0])
        named = lines[0].lower().startswith("stars")
        # A bare number is K only if it cannot be the first row of a square grid.
        if m and (named or len(_split_row(lines[0])) != len(lines)):
            header = parse_int(m.group(1), "the stars line's K")
            lines = lines[1:]
        elif named:
            raise InputError(f"cannot read the stars line {lines[0]!r}: expected stars=K")
    rows = [_split_row(line) for line in lines]
    k = stars if stars is not None else header if header is not None else 1
    return StarPuzzle.from_labels(rows, k)


def _split_row(line: str) -> list[str]:
    return line.split() if any(ch.isspace() for ch in line) else list(line)


def to_text(puzzle: StarPuzzle, header: bool = True) -> str:
    """The text format: `stars=K` then the region map with the puzzle's labels."""
    labels = puzzle.labels
    if any(len(label) != 1 for label in labels):
        labels = _fresh_labels(puzzle.size)
    wide = max(len(label) for label in labels) > 1
    sep = " " if wide else ""
    body = "\n".join(
        sep.join(labels[g].rjust(2) if wide else labels[g] for g in row) for row in puzzle.regions
    )
    return (f"stars={puzzle.stars}\n" if header else "") + body + "\n"


def _fresh_labels(n: int) -> tuple[str, ...]:
    if n <= len(_LABELS):
        return tuple(_LABELS[:n])
    return tuple(str(i) for i in range(n))


def relabel(puzzle: StarPuzzle) -> StarPuzzle:
    """The same puzzle with labels 0-9a-zA-Z (or numbers for huge grids) in region order."""
    return StarPuzzle(puzzle.regions, puzzle.stars, _fresh_labels(puzzle.size), puzzle.warnings)


def is_url(text: str) -> bool:
    return _URL_RE.match(text.strip()) is not None


def parse_url(url: str, stars: int | None = None) -> StarPuzzle:
    """A puzzle from a puzz.link or pzv.jp starbattle URL."""
    m = _URL_RE.match(url.strip())
    if not m:
        raise InputError(f"not a puzz.link or pzv.jp URL: {url!r}")
    parts = m.group("body").split("/")
    if len(parts) == 6 and parts[5] == "":
        parts = parts[:5]
    if parts[0] != "starbattle":
        raise InputError(f"not a Star Battle URL (puzzle type {parts[0]!r}): {url}")
    if len(parts) != 5:
        raise InputError(f"malformed starbattle URL, expected starbattle/COLS/ROWS/K/BORDERS: {url}")
    try:
        cols, rows, k = (parse_int(p, "a starbattle URL's size") for p in parts[1:4])
    except InputError:
        raise InputError(f"malformed starbattle URL, COLS/ROWS/K must be numbers: {url}") from None
    if not (0 < cols <= 100 and 0 < rows <= 100):
        raise InputError(f"malformed starbattle URL, size {cols}x{rows} out of range: {url}")
    horiz_bits = (cols - 1) * rows
    vert_bits = cols * (rows - 1)
    code = parts[4]
    n_h, n_v = -(-horiz_bits // 5), -(-vert_bits // 5)
    if len(code) != n_h + n_v or any(ch not in _B32 for ch in code):
        raise InputError(
            f"malformed starbattle URL, borders need {n_h + n_v} digits 0-9a-v, got {code!r}"
        )
    h = _unpack(code[:n_h], horiz_bits)
    v = _unpack(code[n_h:], vert_bits)
    labels = _components(cols, rows, h, v)
    return StarPuzzle.from_labels(labels, stars if stars is not None else k)


def to_url(puzzle: StarPuzzle, host: str = "https://puzz.link/p?") -> str:
    """The puzz.link URL of a puzzle (borders wherever two neighbouring regions differ)."""
    n, g = puzzle.size, puzzle.regions
    h = [g[r][c] != g[r][c + 1] for r in range(n) for c in range(n - 1)]
    v = [g[r][c] != g[r + 1][c] for r in range(n - 1) for c in range(n)]
    return f"{host}starbattle/{n}/{n}/{puzzle.stars}/{_pack(h)}{_pack(v)}"


def _pack(bits: list[bool]) -> str:
    out = []
    for i in range(0, len(bits), 5):
        chunk = bits[i : i + 5]
        value = sum(1 << (4 - j) for j, b in enumerate(chunk) if b)
        out.append(_B32[value])
    return "".join(out)


def _unpack(code: str, count: int) -> list[bool]:
    bits = [bool(_B32.index(ch) >> (4 - j) & 1) for ch in code for j in range(5)]
    return bits[:count]


def _components(cols: int, rows: int, h: list[bool], v: list[bool]) -> list[list[int]]:
    """Regions as the pieces the borders cut the grid into."""
    label = [[-1] * cols for _ in range(rows)]
    count = 0
    for r0 in range(rows):
        for c0 in range(cols):
            if label[r0][c0] >= 0:
                continue
            label[r0][c0] = count
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                steps = (
                    (r, c + 1, c + 1 < cols and not h[r * (cols - 1) + c]),
                    (r, c - 1, c > 0 and not h[r * (cols - 1) + c - 1]),
                    (r + 1, c, r + 1 < rows and not v[r * cols + c]),
                    (r - 1, c, r > 0 and not v[(r - 1) * cols + c]),
                )
                for rr, cc, open_ in steps:
                    if open_ and label[rr][cc] < 0:
                        label[rr][cc] = count
                        stack.append((rr, cc))
            count += 1
    return label


def load(source: str, stars: int | None = None) -> StarPuzzle:
    """A puzzle from a URL, a file path, or `-` (stdin)."""
    if is_url(source):
        return parse_url(source, stars)
    if source.startswith(("http://", "https://")) or "?starbattle" in source:
        raise InputError(f"malformed puzzle URL (expected puzz.link or pzv.jp): {source}")
    try:
        text = read_puzzle_bytes(Path(source), f"puzzle file {source}").decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise InputError(f"cannot read {source}: {reason}") from None
    return parse_text(text, stars)


def parse_cells(specs: list[str] | None, n_hint: str) -> tuple[Cell, ...]:
    """Cells written r3c5 or 3,5 (1-based, as people count) to 0-based pairs."""
    cells = []
    for spec in specs or []:
        m = re.fullmatch(r"\s*r?(\d{1,9})\s*[c,]\s*(\d{1,9})\s*", spec, re.IGNORECASE)
        if not m or int(m.group(1)) < 1 or int(m.group(2)) < 1:
            raise InputError(f"cannot read cell {spec!r} for {n_hint}: write r3c5 or 3,5 (from 1)")
        cells.append((int(m.group(1)) - 1, int(m.group(2)) - 1))
    return tuple(cells)
