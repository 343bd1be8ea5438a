"""Which rolls a build asks for: all of them, a weighted sample, a file, or the timeouts."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence

from puzzlesmith.qless.atlas import store
from puzzlesmith.qless.atlas.rolls import (
    count_rolls,
    iter_roll_chunks,
    outcomes,
    parse_roll,
    sample_rolls,
)
from puzzlesmith.qless.atlas.runner import pending
from puzzlesmith.qless.atlas.work import Job

Roll = tuple[str, int]
_CHUNK = 2_000


def plan(
    con: sqlite3.Connection,
    job: Job,
    *,
    every: bool = False,
    sample: tuple[int, int] | None = None,
    rolls: list[list[Roll]] | None = None,
    retry_timeouts: bool = False,
) -> tuple[Iterator[Roll], int]:
    """The rolls a build still has to solve, and how many: from exactly one source.

    `every`: all rolls; `sample`: (n, seed) draws; `rolls`: given rolls (see `from_lines`);
    `retry_timeouts`: the stored timeouts (solved again even though they are stored).
    """
    if every:
        done = store.count_done(con, job.lexicon.content_hash, need_count=job.count_solutions)
        return pending(con, job, all_rolls()), count_rolls() - done
    if sample is not None:
        candidates = weighted_sample(con, *sample)
    elif rolls is not None:
        candidates = rolls
    elif retry_timeouts:
        candidates = stored_timeouts(con, job.lexicon.content_hash, job.count_solutions)
    else:
        raise ValueError("plan needs one source of rolls")
    todo = list(pending(con, job, candidates, redo=retry_timeouts))
    return iter(todo), len(todo)


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
