"""Reading word files: the one place that parses them.

Format: UTF-8 text (optionally gzip-compressed, by a .gz suffix), one word per line, any case,
`#` comments and blank lines ignored; entries with characters other than a-z are skipped and
counted.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from puzzlesmith.errors import InputError

_WORD = re.compile(r"[a-z]+")


def parse_words(text: str) -> tuple[tuple[str, ...], int]:
    """Normalized sorted unique words of a word-file text, and how many entries were skipped."""
    words: set[str] = set()
    skipped = 0
    for line in text.splitlines():
        entry = line.split("#", 1)[0].strip().lower()
        if not entry:
            continue
        if _WORD.fullmatch(entry):
            words.add(entry)
        else:
            skipped += 1
    return tuple(sorted(words)), skipped


def read_bytes(path: Path) -> bytes:
    """The raw bytes of a word file; InputError if it cannot be read."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"word list not found: {path}") from None
    except IsADirectoryError:
        raise InputError(f"word list is a directory, not a file: {path}") from None
    except OSError as e:
        raise InputError(f"cannot read word list {path}: {e}") from None


def read_word_file(path: Path) -> tuple[tuple[str, ...], int]:
    """Words of the file at `path`; InputError if it cannot be read or holds no word."""
    return parse_word_bytes(read_bytes(path), path)


def parse_word_bytes(raw: bytes, path: Path) -> tuple[tuple[str, ...], int]:
    """Words of a word file's raw bytes (gzip when `path` ends in .gz), and how many entries
    were skipped; InputError if they cannot be decoded or hold no word."""
    try:
        if path.suffix == ".gz":
            raw = gzip.decompress(raw)
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError, EOFError, gzip.BadGzipFile) as e:
        raise InputError(f"cannot read word list {path}: {e}") from None
    words, skipped = parse_words(text)
    if not words:
        raise InputError(f"word list {path} holds no a-z words")
    return words, skipped
