"""Reading word files: the one place that parses them.

Format: UTF-8 text (optionally gzip-compressed, by a .gz suffix), one word per line, any case,
`#` comments and blank lines ignored; entries with characters other than a-z are skipped and
counted. Crossword constructors' lists (`word;score`, e.g. `aaronburr;50`) are read with their
scores: a list where every entry carries one is a scored list. Scrabble lists with a definition
after each word (NWL2023, Collins: `AA rough, cindery lava [n AAS]`) are read as their words.
"""

from __future__ import annotations

import re
from pathlib import Path

from puzzlesmith.bounded import gunzip, read_wordlist_bytes
from puzzlesmith.errors import InputError

_WORD = re.compile(r"[a-z]+")
# A score of more digits than any list uses is no score (the entry is skipped and counted).
_SCORED = re.compile(r"([^;]*);\s*(-?\d{1,15}(?:\.\d{1,15})?)\s*")

# What a word file holds: its sorted words, how many entries were skipped, and the words'
# scores (aligned with the words) when it is a `word;score` list.
Contents = tuple[tuple[str, ...], int, tuple[int, ...] | None]


def parse_scored_words(text: str) -> Contents:
    """Normalized sorted unique words of a word-file text, how many entries were skipped, and
    each word's score when every entry of the text is `word;score` (a word listed twice keeps
    its highest score)."""
    scores: dict[str, int] = {}
    plain: set[str] = set()
    skipped = 0
    entries = [e for e in (line.split("#", 1)[0].strip().lower() for line in text.splitlines()) if e]
    unscored = [e for e in entries if ";" not in e]
    # NWL2023's and Collins's text files give a definition after each word ("AA rough,
    # cindery lava [n AAS]"): when most lines hold more than one word, each line's first word
    # is its entry. Otherwise a line of several words is a phrase, and skipped.
    defined = 2 * sum(1 for e in unscored if len(e.split(None, 1)) > 1) > len(unscored)
    for entry in entries:
        scored = _SCORED.fullmatch(entry)
        word = scored.group(1).strip() if scored else entry.split(None, 1)[0] if defined else entry
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


def read_bytes(path: Path) -> bytes:
    """The raw bytes of a word file; InputError if it cannot be read."""
    try:
        return read_wordlist_bytes(path, f"word list {path}")
    except FileNotFoundError:
        raise InputError(f"word list not found: {path}") from None
    except IsADirectoryError:
        raise InputError(f"word list is a directory, not a file: {path}") from None
    except OSError as e:
        raise InputError(f"cannot read word list {path}: {e}") from None


def parse_word_bytes(raw: bytes, path: Path) -> Contents:
    """What a word file's raw bytes hold (gzip when `path` ends in .gz); InputError if they
    cannot be decoded or hold no word."""
    try:
        if path.suffix == ".gz":
            raw = gunzip(raw, f"word list {path}")
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"cannot read word list {path}: {e}") from None
    contents = parse_scored_words(text)
    if not contents[0]:
        raise InputError(f"word list {path} holds no a-z words")
    return contents
