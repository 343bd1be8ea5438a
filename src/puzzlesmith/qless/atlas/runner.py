"""Running a build: batches of rolls out to Dask workers, rows back into the store.

One code path for a laptop and a cluster: the caller hands in a `distributed.Client`, backed
by a LocalCluster of worker processes or by a remote scheduler. Only the submitting process
writes the database, in batched transactions; at most a few batches are in flight, so a run
killed at any moment loses only those, and a rerun skips every roll already stored.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from puzzlesmith.qless.atlas import store
from puzzlesmith.qless.atlas.store import Row
from puzzlesmith.qless.atlas.work import Job, Task, solve_rolls

Roll = tuple[str, int]  # sorted letters, face-outcome count


class BuildError(RuntimeError):
    """A worker failed on a batch; what was stored before it stays stored."""


@dataclass
class Progress:
    """Where a running build is: rolls answered in this run, by status."""

    done: int = 0
    total: int | None = None
    by_status: Counter[str] = field(default_factory=Counter)
    started: float = field(default_factory=time.perf_counter)

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.started


@dataclass(frozen=True)
class BuildReport:
    """What a finished (or stopped) run did."""

    solved: int
    by_status: dict[str, int]
    seconds: float
    workers: int
    solve_seconds: float  # the solver's own time summed over rolls

    @property
    def rolls_per_second(self) -> float:
        return self.solved / self.seconds if self.seconds > 0 else 0.0

    @property
    def rolls_per_second_per_worker(self) -> float:
        return self.rolls_per_second / self.workers if self.workers else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "solved": self.solved,
            "by_status": self.by_status,
            "seconds": round(self.seconds, 3),
            "workers": self.workers,
            "rolls_per_second": round(self.rolls_per_second, 3),
            "rolls_per_second_per_worker": round(self.rolls_per_second_per_worker, 3),
            "solve_seconds": round(self.solve_seconds, 3),
        }


def pending(
    con: Any, job: Job, candidates: Iterable[Sequence[Roll]], *, redo: bool = False
) -> Iterator[Roll]:
    """The candidate rolls (distinct) not yet answered for the job's lexicon, in order."""
    for chunk in candidates:
        keys = [k for k, _ in chunk]
        done = (
            set()
            if redo
            else store.done_among(con, job.lexicon.content_hash, keys,
                                  need_count=job.count_solutions, dice=job.dice_key)
        )
        for key, ways in chunk:
            if key not in done:
                yield key, ways


def _batches(rolls: Iterator[Roll], size: int) -> Iterator[list[Roll]]:
    batch: list[Roll] = []
    for roll in rolls:
        batch.append(roll)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def run(
    client: Any,
    con: Any,
    job: Job,
    todo: Iterator[Roll],
    *,
    total: int | None = None,
    task: Task = solve_rolls,
    batch_size: int = 32,
    commit_rows: int = 2048,
    commit_seconds: float = 2.0,
    on_progress: Callable[[Progress], None] | None = None,
) -> BuildReport:
    """Solve `todo` on the client's workers and store every answer; returns what was done."""
    from distributed import as_completed

    workers = max(1, len(client.scheduler_info().get("workers", {})))
    # hash=False: a key of this run's own. With content hashing, two runs of the same job
    # share one key, and the first run releasing it can cancel the second run's tasks
    # ("lost dependencies").
    job_ref = client.scatter(job, broadcast=True, hash=False)
    batches = _batches(todo, batch_size)
    progress = Progress(total=total)
    buffer: list[Row] = []
    solve_seconds = 0.0
    last_commit = time.perf_counter()
    pool = as_completed()
    # Enough batches queued to keep every worker busy while results travel back, few enough
    # that a kill loses little.
    for batch in _take(batches, 2 * workers + 1):
        pool.add(client.submit(task, batch, job_ref, pure=False))
    try:
        for future in pool:
            try:
                rows: list[Row] = future.result()
            except Exception as e:
                raise BuildError(f"a worker failed: {type(e).__name__}: {e}") from e
            finally:
                future.release()
            for nxt in _take(batches, 1):
                pool.add(client.submit(task, nxt, job_ref, pure=False))
            buffer.extend(rows)
            for row in rows:
                progress.by_status[row.status] += 1
                solve_seconds += row.seconds or 0.0
            progress.done += len(rows)
            now = time.perf_counter()
            if len(buffer) >= commit_rows or now - last_commit >= commit_seconds:
                store.insert_rows(con, buffer)
                buffer, last_commit = [], now
            if on_progress is not None:
                on_progress(progress)
    finally:
        store.insert_rows(con, buffer)
        for f in list(pool.futures):
            f.cancel()
    return BuildReport(
        solved=progress.done,
        by_status=dict(progress.by_status),
        seconds=progress.elapsed,
        workers=workers,
        solve_seconds=solve_seconds,
    )


def _take(it: Iterator[list[Roll]], n: int) -> list[list[Roll]]:
    out = []
    for _ in range(n):
        nxt = next(it, None)
        if nxt is None:
            break
        out.append(nxt)
    return out
