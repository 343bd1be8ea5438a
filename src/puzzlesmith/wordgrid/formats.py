"""The column-word grid puzzle file: plain text a person can type and read.

    # anything after # is a comment; blank lines are ignored
    title: It's a bird
    ??????
    ipoaru
    gettct

Rows top to bottom, one a line, letters (any case) and `?` for unknown cells; spaces inside
a row are ignored, so `? ? ? a b c` is `???abc`. At most one `title:` line, anywhere.
The file is UTF-8.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from puzzlesmith.bounded import read_puzzle_bytes
from puzzlesmith.errors import InputError
from puzzlesmith.wordgrid.model import Puzzle, parse_rows

SUFFIX = ".wordgrid"


def parse_puzzle(text: str, source: str = "puzzle") -> Puzzle:
    """The puzzle in a puzzle-file text; InputError (naming `source`) if it is malformed."""
    import io

    from puzzlesmith.wordgrid.model import MAX_HEIGHT, MAX_WIDTH

    title: str | None = None
    rows: list[str] = []
    for n, raw in enumerate(io.StringIO(text, newline=None), start=1):
        if len(rows) > MAX_HEIGHT or len(raw) > 1000:  # size before the rest
            raise InputError(f"{source}: a grid needs 2 to {MAX_HEIGHT} rows of at most "
                             f"{MAX_WIDTH} letters; this one is larger")
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() == "title":
            if title is not None:
                raise InputError(f"{source} line {n}: a second title line")
            title = value.strip() or None
            continue
        if sep:
            raise InputError(f"{source} line {n}: unknown setting {key.strip()!r} (only title:)")
        rows.append("".join(line.split()))
    if not rows:
        raise InputError(f"{source} holds no rows")
    try:
        return parse_rows(rows, title)
    except InputError as e:
        raise InputError(f"{source}: {e}") from None


def read_puzzle_file(path: Path) -> Puzzle:
    """The puzzle in the file at `path`; InputError if it cannot be read or is malformed."""
    try:
        text = read_puzzle_bytes(path, f"puzzle file {path}").decode("utf-8")
    except FileNotFoundError:
        raise InputError(f"puzzle file not found: {path}") from None
    except IsADirectoryError:
        raise InputError(f"puzzle file is a directory: {path}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read puzzle file {path}: {e}") from None
    return parse_puzzle(text, str(path))


def dump_puzzle(puzzle: Puzzle, comments: Iterable[str] = ()) -> str:
    """The puzzle-file text of `puzzle`, with `comments` as # lines at the top."""
    lines = [f"# {c}" for c in comments]
    if puzzle.title:
        lines.append(f"title: {puzzle.title.replace('#', '')}")
    lines.extend(puzzle.rows)
    return "\n".join(lines) + "\n"
