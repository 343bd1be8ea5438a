"""Long jobs (solution counts): started by one request, watched by polling, stopped on demand.

A job runs in the long pool, apart from the quick solves, so a long count never makes a solve
wait. It waits its turn there (state `queued`, with its `position` in the long pool's fair
queue, `admission.FairGate`, shared with the long requests that wait for their answer) for as
long as it takes; what one client may have waiting is capped there instead (429 past it).
A page polls `GET /api/jobs/{id}` to draw a progress bar (the time used of the job's
limit, and what the task reported so far: a count's solutions found) and sends
`DELETE /api/jobs/{id}` for Stop, which kills the job's worker (the pool starts a fresh one).
A job no one has asked about for ABANDONED_AFTER seconds (a closed tab) is stopped the same
way (checked at each request and by `sweep`), so abandoned jobs cannot hold the long pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzlesmith.errors import InputError
from puzzlesmith.web.admission import ANONYMOUS, FairGate, Ticket
from puzzlesmith.web.guard import redact
from puzzlesmith.web.pool import PoolBusy, TaskKilled, WorkerCrashed, WorkerPool

log = logging.getLogger("puzzlesmith.web")

KEEP_FINISHED = 64
ABANDONED_AFTER = 60.0  # seconds without a GET or DELETE before a job is stopped


@dataclass(eq=False)
class Job:
    id: str
    kind: str
    state: str = "queued"  # queued, running, done, stopped, timeout, error
    limit: float = 0.0
    result: dict[str, Any] | None = None
    detail: str | None = None
    created: float = field(default_factory=time.monotonic)
    started: float | None = None  # when a worker took it
    finished: float | None = None
    task: asyncio.Task[None] | None = None
    # What the task reported so far (`pool.report_progress`), e.g. {"solutions": 1234}.
    reported: dict[str, Any] = field(default_factory=dict)
    client: str = ANONYMOUS
    seen: float = field(default_factory=time.monotonic)  # when someone last asked about it
    gate: FairGate | None = None
    ticket: Ticket | None = None  # its place in the gate (waiting, then running)
    released: bool = False  # its place in the gate given back

    @property
    def position(self) -> int | None:
        """1 for the next task of the long pool to start, while it waits; None once it runs."""
        if self.state != "queued" or self.gate is None or self.ticket is None:
            return None
        return self.gate.position(self.ticket)

    def to_json(self) -> dict[str, Any]:
        end = self.finished if self.finished is not None else time.monotonic()
        running = end - self.started if self.started is not None else 0.0
        return {
            "job": self.id,
            "kind": self.kind,
            "state": self.state,
            "position": self.position,
            "progress": {"seconds": round(running, 3), "limit": self.limit,
                         "fraction": round(min(running / self.limit, 1.0), 4)
                         if self.limit else None, **self.reported},
            "result": self.result,
            "detail": self.detail,
            "elapsed": round(end - self.created, 3),
        }


class JobTable:
    """The jobs of this server, by id."""

    def __init__(self, pool: WorkerPool, gate: FairGate) -> None:
        self.pool = pool
        self.gate = gate
        self._jobs: dict[str, Job] = {}

    def start(
        self, kind: str, fn: Callable[..., Any], kwargs: dict[str, Any], *, limit: float,
        client: str = ANONYMOUS,
    ) -> Job:
        """A new job, queued for the long pool; TooMany (429) past the client's cap."""
        self._stop_abandoned()
        ticket = self.gate.join(client)
        self._forget_old()
        job = Job(secrets.token_urlsafe(8), kind, limit=limit, client=client, gate=self.gate,
                  ticket=ticket)
        self._jobs[job.id] = job
        job.task = asyncio.get_running_loop().create_task(self._run(job, fn, kwargs, limit))
        return job

    async def _run(
        self, job: Job, fn: Callable[..., Any], kwargs: dict[str, Any], limit: float
    ) -> None:
        def on_start() -> None:
            job.state = "running"
            job.started = time.monotonic()

        def on_progress(payload: Any) -> None:
            if isinstance(payload, dict):
                job.reported = payload

        try:
            assert job.ticket is not None
            await self.gate.wait(job.ticket)
            job.result = await self.pool.run(fn, (), kwargs, limit=limit, on_start=on_start,
                                             on_progress=on_progress)
            job.state = "done"
        except asyncio.CancelledError:
            job.state = "stopped"
            job.detail = job.detail or "stopped"
        except InputError as e:
            job.state, job.detail = "error", redact(str(e))
        except TaskKilled as e:
            job.state, job.detail = "timeout", str(e)
        except PoolBusy as e:
            job.state, job.detail = "error", str(e)
        except WorkerCrashed as e:
            log.error("job %s failed:\n%s", job.id, e)  # a traceback: for the log, not clients
            job.state, job.detail = "error", "internal error: the job failed (see the server log)"
        finally:
            job.finished = time.monotonic()
            self._release(job)

    def _release(self, job: Job) -> None:
        if not job.released and job.ticket is not None:
            job.released = True
            self.gate.leave(job.ticket)

    def get(self, job_id: str) -> Job | None:
        """The job (and a sign that someone still wants it)."""
        self._stop_abandoned()
        job = self._jobs.get(job_id)
        if job is not None:
            job.seen = time.monotonic()
        return job

    async def sweep(self, every: float = ABANDONED_AFTER / 6) -> None:
        """Stop abandoned jobs every `every` seconds, until cancelled: requests check too,
        but on a quiet server an abandoned count would otherwise run out its limit."""
        while True:
            await asyncio.sleep(every)
            self._stop_abandoned()

    def _stop_abandoned(self) -> None:
        now = time.monotonic()
        for job in self._jobs.values():
            if (job.finished is None and not job.released and now - job.seen > ABANDONED_AFTER
                    and job.task is not None):
                job.detail = f"stopped: no one asked about it for {ABANDONED_AFTER:g} s"
                job.task.cancel()
                # Its place is free now, not once its worker is gone: the request that
                # found it abandoned may take it.
                self._release(job)

    async def stop(self, job: Job) -> None:
        """Stop a running job (its worker is killed); a finished job stays as it is."""
        if job.task is not None and not job.task.done():
            job.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await job.task

    def _forget_old(self) -> None:
        finished = sorted((j for j in self._jobs.values() if j.finished is not None),
                          key=lambda j: j.finished or 0.0)
        for job in finished[: max(len(finished) - KEEP_FINISHED, 0)]:
            del self._jobs[job.id]

    async def close(self) -> None:
        for job in list(self._jobs.values()):
            await self.stop(job)
