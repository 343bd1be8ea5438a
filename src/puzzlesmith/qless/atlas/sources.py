"""Which rolls a build asks for: all of them, a weighted sample, a file, or the timeouts."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence

from puzzlesmith.qless.atlas import store
from puzzlesmith.qless.atlas.rolls import iter_roll_chunks, outcomes, parse_roll, sample_rolls

Roll = tuple[str, int]
_CHUNK = 2_000


def all_rolls() -> Iterator[list[Roll]]:
    """Every roll of the dice, in the enumeration's fixed order, in chunks."""
    for chunk in iter_roll_chunks():
        pairs = list(zip(chunk.letters, chunk.outcomes.tolist(), strict=True))
        for i in range(0, len(pairs), _CHUNK):
            yield pairs[i : i + _CHUNK]


def weighted_sample(con: sqlite3.Connection, n: int, seed: int) -> list[list[Roll]]:
    """n draws of the dice (recorded in the atlas for the statistics), as distinct rolls."""
    draws = sample_rolls(n, seed)
    store.record_draws(con, seed, draws)
    return _chunked(_distinct((key, outcomes(key)) for key in draws))


def from_lines(lines: Iterable[str]) -> list[list[Roll]]:
    """Rolls typed one per line; InputError for anything the dice cannot show."""
    return _chunked(_distinct(parse_roll(line) for line in lines))


def stored_timeouts(con: sqlite3.Connection, lexicon_hash: str, counts_too: bool) -> list[list[Roll]]:
    """The rolls that timed out (or whose count was cut short) for this lexicon."""
    return _chunked(store.timeouts(con, lexicon_hash, counts_too=counts_too))


def _distinct(rolls: Iterable[Roll]) -> list[Roll]:
    seen: dict[str, int] = {}
    for key, ways in rolls:
        seen.setdefault(key, ways)
    return list(seen.items())


def _chunked(rolls: Sequence[Roll]) -> list[list[Roll]]:
    return [list(rolls[i : i + _CHUNK]) for i in range(0, len(rolls), _CHUNK)]
