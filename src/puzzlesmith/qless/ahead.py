"""The days ahead: each date's roll of the day with its exact solution counts, counted ahead.

An exact count of a daily roll takes from a fraction of a second to tens of seconds (every
solution with all words), too long for `qless daily` to answer at once, so
`scripts/build_daily.py` counts a run of dates ahead with no limit and ships them as
`data/daily.tsv.gz`: a header line (JSON: the format, the word list's and the common words'
content hashes, the common cut, the dice, the first and last date) and a line per date
(date, letters, attempt, common-word solutions, all-words solutions).

A row is used only when it is verified: the file's header names exactly the word lists and
dice the caller grades with, and the row's letters are the roll the caller rolled for that
date. Anything else (another word list, other dice, a date past the file's last, a damaged
file) gets None, and the caller counts within its work budget instead ("at least").
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from puzzlesmith.files import write_atomic

FORMAT = 1
BUNDLED = Path(__file__).resolve().parent / "data" / "daily.tsv.gz"
ENV = "PUZZLESMITH_DAILY"  # a days-ahead file to use instead of the bundled one


@dataclass(frozen=True)
class Day:
    date: dt.date
    letters: str
    attempt: int
    common_solutions: int
    solutions: int


@dataclass(frozen=True)
class Ahead:
    header: dict[str, Any]
    days: dict[dt.date, Day]

    def matches(self, lexicon_hash: str, common_hash: str, dice: str) -> bool:
        h = self.header
        return (h.get("lexicon_hash") == lexicon_hash and h.get("common_hash") == common_hash
                and h.get("dice") == dice)


def to_bytes(header: dict[str, Any], days: list[Day]) -> bytes:
    days = sorted(days, key=lambda d: d.date)
    head = dict(header, format=FORMAT, first=days[0].date.isoformat() if days else None,
                last=days[-1].date.isoformat() if days else None, days=len(days))
    lines = [json.dumps(head, sort_keys=True)]
    lines += [f"{d.date.isoformat()}\t{d.letters}\t{d.attempt}\t{d.common_solutions}\t"
              f"{d.solutions}" for d in days]
    return gzip.compress(("\n".join(lines) + "\n").encode("ascii"), mtime=0)


def from_bytes(raw: bytes) -> Ahead:
    """The file's days; ValueError if it is not a days-ahead file of this format."""
    try:
        text = gzip.decompress(raw).decode("ascii")
        head_line, *rows = text.splitlines()
        header = json.loads(head_line)
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise ValueError("not a days-ahead file of this format")
        days = {}
        for row in rows:
            date, letters, attempt, common, every = row.split("\t")
            day = Day(dt.date.fromisoformat(date), letters, int(attempt), int(common), int(every))
            if not letters.isalpha() or not 1 <= day.common_solutions <= day.solutions:
                raise ValueError(f"days-ahead row does not add up: {row!r}")
            days[day.date] = day
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"days-ahead file is damaged: {e}") from None
    if header.get("days") != len(days):
        raise ValueError("days-ahead file is damaged: its rows do not match its header")
    return Ahead(header, days)


def write(header: dict[str, Any], days: list[Day], path: Path) -> None:
    write_atomic(Path(path), to_bytes(header, days), best_effort=False)


@lru_cache(maxsize=4)
def _load(where: str) -> Ahead | None:
    try:
        return from_bytes(Path(where).read_bytes())
    except (OSError, ValueError):
        return None  # no file or a damaged one: every date is counted instead


def available() -> Ahead | None:
    """The days-ahead file `qless daily` consults: $PUZZLESMITH_DAILY, else the bundled one."""
    return _load(os.environ.get(ENV) or str(BUNDLED))


def lookup(date: dt.date, letters: str, lexicon_hash: str, common_hash: str,
           dice: str) -> Day | None:
    """The counted day, when a file made on exactly these word lists and dice holds this date
    with this roll; else None."""
    found = available()
    if found is None or not found.matches(lexicon_hash, common_hash, dice):
        return None
    day = found.days.get(date)
    return day if day is not None and day.letters == letters else None
