"""Which rolls a build asks for: all of them, a weighted sample, a file, or the timeouts."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence

from puzzlesmith.errors import InputError
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
from puzzlesmith.qless.dice import dice_key

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
    shard: tuple[int, int] | None = None,
) -> tuple[Iterator[Roll], int]:
    """The rolls a build still has to solve, and how many: from exactly one source.

    `every`: all rolls; `sample`: (n, seed) draws; `rolls`: given rolls (see `from_lines`);
    `retry_timeouts`: the stored timeouts (solved again even though they are stored);
    `shard` (k, n) with `every`: only the k-th of n equal runs of the enumeration order.
    """
    if every and shard is not None:
        todo = list(pending(con, job, shard_rolls(job.dice, *shard)))
        return iter(todo), len(todo)
    if every:
        done = store.count_done(con, job.lexicon.content_hash, need_count=job.count_solutions,
                                dice=job.dice_key)
        return pending(con, job, all_rolls(job.dice)), count_rolls(job.dice) - done
    if sample is not None:
        candidates = weighted_sample(con, *sample, dice=job.dice)
    elif rolls is not None:
        candidates = rolls
    elif retry_timeouts:
        candidates = _chunked(store.timeouts(con, job.lexicon.content_hash,
                                             counts_too=job.count_solutions, dice=job.dice_key))
    else:
        raise ValueError("plan needs one source of rolls")
    todo = list(pending(con, job, candidates, redo=retry_timeouts))
    return iter(todo), len(todo)


def all_rolls(dice: Sequence[str] | None = None) -> Iterator[list[Roll]]:
    """Every roll of the dice, in the enumeration's fixed order, in chunks."""
    for chunk in iter_roll_chunks(dice):
        pairs = list(zip(chunk.letters, chunk.outcomes.tolist(), strict=True))
        for i in range(0, len(pairs), _CHUNK):
            yield pairs[i : i + _CHUNK]


def parse_shard(text: str) -> tuple[int, int]:
    """`--shard K/N` with 1 <= K <= N; InputError (one line) otherwise."""
    k, slash, n = text.strip().partition("/")
    if not (slash and k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise InputError(f"--shard must be K/N with 1 <= K <= N (e.g. 3/16), not {text!r}")
    return int(k), int(n)


def shard_rolls(dice: Sequence[str] | None, k: int, n: int) -> Iterator[list[Roll]]:
    """The k-th of n runs of the enumeration order, as equal as whole rolls allow."""
    total = count_rolls(dice)
    lo, hi = (k - 1) * total // n, k * total // n
    start = 0
    for chunk in all_rolls(dice):
        end = start + len(chunk)
        if end > lo and start < hi:
            yield chunk[max(lo - start, 0) : hi - start]
        if end >= hi:
            return
        start = end


def weighted_sample(
    con: sqlite3.Connection, n: int, seed: int, dice: Sequence[str] | None = None
) -> list[list[Roll]]:
    """n draws of the dice (recorded in the atlas for the statistics), as distinct rolls."""
    draws = sample_rolls(n, seed, dice)
    store.record_draws(con, seed, draws, dice_key(dice))
    return _chunked(_distinct((key, outcomes(key, dice)) for key in draws))


def from_lines(lines: Iterable[str], dice: Sequence[str] | None = None) -> list[list[Roll]]:
    """Rolls typed one per line; InputError for anything the dice cannot show."""
    return _chunked(_distinct(parse_roll(line, dice) for line in lines))


def _distinct(rolls: Iterable[Roll]) -> list[Roll]:
    seen: dict[str, int] = {}
    for key, ways in rolls:
        seen.setdefault(key, ways)
    return list(seen.items())


def _chunked(rolls: Sequence[Roll]) -> list[list[Roll]]:
    return [list(rolls[i : i + _CHUNK]) for i in range(0, len(rolls), _CHUNK)]
