"""Reading word files: the one place that parses them.

Format: UTF-8 text (optionally gzip-compressed, by a .gz suffix), one word per line, any case,
`#` comments and blank lines ignored; entries with characters other than a-z are skipped and
counted. Crossword constructors' lists (`word;score`, e.g. `aaronburr;50`) are read with their
scores: a list where every entry carries one is a scored list.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from puzzlesmith.errors import InputError

_WORD = re.compile(r"[a-z]+")
_SCORED = re.compile(r"([^;]*);\s*(-?\d+(?:\.\d+)?)\s*")


def parse_scored_words(text: str) -> tuple[tuple[str, ...], int, tuple[int, ...] | None]:
    """Like `parse_words`, plus each word's score (aligned with the words) when every entry
    of the text is `word;score`; a word listed twice keeps its highest score."""
    scores: dict[str, int] = {}
    plain: set[str] = set()
    skipped = 0
    for line in text.splitlines():
        entry = line.split("#", 1)[0].strip().lower()
        if not entry:
            continue
        scored = _SCORED.fullmatch(entry)
        word = scored.group(1).strip() if scored else entry
        if not _WORD.fullmatch(word):
            skipped += 1
        elif scored:
            score = round(float(scored.group(2)))
            scores[word] = max(score, scores.get(word, score))
        else:
            plain.add(word)
    words = tuple(sorted(plain | scores.keys()))
    if plain or not scores:
        return words, skipped, None
    return words, skipped, tuple(scores[w] for w in words)


def parse_words(text: str) -> tuple[tuple[str, ...], int]:
    """Normalized sorted unique words of a word-file text, and how many entries were skipped."""
    words, skipped, _ = parse_scored_words(text)
    return words, skipped


def read_word_file(path: Path) -> tuple[tuple[str, ...], int]:
    """Words of the file at `path`; InputError if it cannot be read or holds no word."""
    words, skipped, _ = read_scored_word_file(path)
    return words, skipped


def read_scored_word_file(path: Path) -> tuple[tuple[str, ...], int, tuple[int, ...] | None]:
    """Words of the file at `path` and their scores if it is a `word;score` list."""
    try:
        raw = path.read_bytes()
        if path.suffix == ".gz":
            raw = gzip.decompress(raw)
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise InputError(f"word list not found: {path}") from None
    except IsADirectoryError:
        raise InputError(f"word list is a directory, not a file: {path}") from None
    except (OSError, UnicodeDecodeError, EOFError, gzip.BadGzipFile) as e:
        raise InputError(f"cannot read word list {path}: {e}") from None
    words, skipped, scores = parse_scored_words(text)
    if not words:
        raise InputError(f"word list {path} holds no a-z words")
    return words, skipped, scores
