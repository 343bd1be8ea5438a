"""The job table on its own (a stand-in pool whose tasks run until stopped): abandoned jobs
are stopped and free their places at once."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from puzzlesmith.web.admission import FairGate
from puzzlesmith.web.jobs import ABANDONED_AFTER, JobTable


class _Pool:
    """Runs every task until it is cancelled, as a count of a hard roll would."""

    async def run(self, fn: Callable[..., Any], args: tuple[Any, ...] = (),
                  kwargs: dict[str, Any] | None = None, *, limit: float,
                  on_start: Callable[[], None] | None = None,
                  on_progress: Callable[[Any], None] | None = None) -> Any:
        if on_start is not None:
            on_start()
        await asyncio.Event().wait()


def _run(scenario: Callable[[], Awaitable[None]]) -> None:
    """Run the scenario on an event loop of its own thread: in the whole suite this thread may
    already run a loop (the browser tests' Playwright keeps one), where asyncio.run refuses."""
    async def main() -> None:
        await scenario()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main()).result()


def _count() -> None:  # the task a job names (the stand-in pool never calls it)
    raise AssertionError


def test_abandoned_jobs_are_stopped_and_free_their_places_at_once() -> None:
    # The probe: abandoned jobs held every place, and the count feature answered no
    # one. Here a closed tab's two jobs hold the whole server (2 places); once no one has
    # asked about them for ABANDONED_AFTER, the next request gets a place, not a 429.
    async def scenario() -> None:
        gate = FairGate(1, per_client=2, max_total=2, name="long")
        table = JobTable(_Pool(), gate)  # type: ignore[arg-type]
        left = [table.start("count", _count, {}, limit=600, client="closed tab") for _ in range(2)]
        await asyncio.sleep(0)  # (one turn of the loop: the tasks start)
        for job in left:
            job.seen -= ABANDONED_AFTER + 1  # last asked about a minute ago
        new = table.start("count", _count, {}, limit=600, client="another tab")
        await asyncio.wait([job.task for job in left if job.task is not None])
        for job in left:
            assert job.state == "stopped" and "no one asked" in (job.detail or "")
        assert table.get(new.id) is new and new.state in ("queued", "running")
        assert gate.total == 1
        await table.close()
        assert gate.total == 0

    _run(scenario)


def test_a_quiet_server_stops_abandoned_jobs_too() -> None:
    # No request comes after the tab closed: the table's sweep stops the job on its own.
    async def scenario() -> None:
        gate = FairGate(1, per_client=2, max_total=8)
        table = JobTable(_Pool(), gate)  # type: ignore[arg-type]
        job = table.start("count", _count, {}, limit=600, client="closed tab")
        await asyncio.sleep(0)  # (one turn of the loop: the task starts)
        job.seen -= ABANDONED_AFTER + 1
        sweeper = asyncio.create_task(table.sweep(every=0))
        assert job.task is not None
        await asyncio.wait([job.task])
        sweeper.cancel()
        assert job.state == "stopped" and "no one asked" in (job.detail or "")
        assert gate.total == 0

    _run(scenario)
