"""The worker pool: a task past its limit is killed and its worker replaced; errors come back;
a worker found dead is replaced and the task retried once; a worker past the memory ceiling
is replaced between two tasks. Tests wait for states (a task started, a worker gone), never
for a time: a task that must stay busy reads a FIFO until the test writes to it."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from puzzlesmith.errors import InputError
from puzzlesmith.web import pool as pool_module
from puzzlesmith.web import tasks
from puzzlesmith.web.pool import TaskKilled, WorkerCrashed, WorkerPool


def run_in_thread(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """run_in_thread(scenario) on its own thread: Playwright's sync API may own this one's loop."""
    with ThreadPoolExecutor(1) as executor:
        executor.submit(asyncio.run, scenario()).result(timeout=120)


def test_stuck_task_is_killed_and_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool_module, "GRACE_SECONDS", 0.3)

    async def scenario() -> None:
        pool = WorkerPool(1, name="test", preload=("puzzlesmith.web.tasks",))
        await pool.start()
        try:
            # time.sleep never looks at a deadline: only killing the worker stops it.
            with pytest.raises(TaskKilled, match="time limit of 0.5 s"):
                await pool.run(time.sleep, (600,), limit=0.5)
            assert pool.stats.killed == 1
            # The replacement answers the next task.
            doc = await pool.run(tasks.run_anagram, ("tac",), {"lexicon": None}, limit=30)
            assert "cat" in doc["words"]
            assert pool.stats.started == 2
            # An engine's InputError comes back as itself, and the worker is kept.
            with pytest.raises(InputError, match="only letters a-z"):
                await pool.run(tasks.run_anagram, ("t4c",), limit=30)
            assert pool.stats.started == 2
        finally:
            await pool.close()

    run_in_thread(scenario)


def test_cancelled_caller_kills_the_worker() -> None:
    async def scenario() -> None:
        pool = WorkerPool(1, name="test", preload=("puzzlesmith.web.tasks",))
        await pool.start()
        try:
            started = asyncio.Event()
            task = asyncio.create_task(pool.run(time.sleep, (600,), limit=600,
                                                on_start=started.set))
            await started.wait()
            pid = pool.describe()["pids"][0]
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            await pool.run(time.sleep, (0,), limit=30)  # served by the replacement
            assert pool.stats.started == 2 and pid not in pool.describe()["pids"]
        finally:
            await pool.close()

    run_in_thread(scenario)


def test_a_failing_task_and_a_dying_worker() -> None:
    async def scenario() -> None:
        pool = WorkerPool(1, name="test", preload=("puzzlesmith.web.tasks",))
        await pool.start()
        try:
            # An engine bug comes back as WorkerCrashed with its traceback; the worker stays.
            with pytest.raises(WorkerCrashed, match="ValueError"):
                await pool.run(int, ("not a number",), limit=30)
            assert pool.stats.started == 1
            # A worker that dies mid-task (os._exit, an out-of-memory kill) is replaced, and
            # the task tried once more on the fresh one; dying there too, it is an error.
            with pytest.raises(WorkerCrashed, match="died twice"):
                await pool.run(os._exit, (3,), limit=30)
            assert pool.stats.retried == 1
            doc = await pool.run(tasks.run_match, ("a?p?e",), limit=30)
            assert doc["words"] == ["ample", "apple"]
            assert pool.stats.started == 3
        finally:
            await pool.close()

    run_in_thread(scenario)


def _niceness() -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


def test_a_long_pool_runs_niced_and_its_queue_waits() -> None:
    """Long workers run at a lower CPU priority; a task queued behind a busy worker waits for
    it however long that takes (no queue timeout), instead of failing."""

    async def scenario() -> None:
        pool = WorkerPool(1, name="long", nice=7, queue_timeout=None,
                          preload=("puzzlesmith.web.tasks",))
        await pool.start()
        try:
            niceness = await pool.run(os.getpriority, (os.PRIO_PROCESS, 0), limit=10)
            assert niceness - _niceness() == 7
            with _Blocker() as blocker:
                started = asyncio.Event()
                first = asyncio.ensure_future(pool.run(blocker.path.read_text, limit=600,
                                                       on_start=started.set))
                await started.wait()
                queued = asyncio.ensure_future(
                    pool.run(os.getpriority, (os.PRIO_PROCESS, 0), limit=10))
                assert not queued.done() and pool.stats.busy == 1
                blocker.release()
                assert await first == "go"
            assert await queued - _niceness() == 7
        finally:
            await pool.close()

    run_in_thread(scenario)


class _Blocker:
    """A FIFO a task reads (`path.read_text`): it stays busy until `release()`."""

    def __enter__(self) -> _Blocker:
        import tempfile

        self._dir = tempfile.TemporaryDirectory()
        self.path = Path(self._dir.name) / "block"
        os.mkfifo(self.path)
        return self

    def release(self) -> None:
        # Opening for writing waits for the reader: in a thread, so the loop runs on.
        def write() -> None:
            with open(self.path, "w") as f:
                f.write("go")

        threading.Thread(target=write, daemon=True).start()

    def __exit__(self, *exc: object) -> None:
        self._dir.cleanup()


def test_a_worker_killed_while_idle_costs_no_request() -> None:
    # The probe: kill -9 one solve worker, then three calls; one failed every time.
    async def scenario() -> None:
        pool = WorkerPool(2, name="solve", preload=("puzzlesmith.web.tasks",))
        await pool.start()
        try:
            victim = next(iter(pool._all)).process
            os.kill(victim.pid, signal.SIGKILL)
            await asyncio.to_thread(victim.join)  # until it is gone
            for _ in range(3):
                doc = await pool.run(tasks.run_match, ("a?p?e",), limit=30)
                assert doc["words"] == ["ample", "apple"]
            assert pool.stats.killed == 1 and victim.pid not in pool.describe()["pids"]
        finally:
            await pool.close()

    run_in_thread(scenario)


def test_a_worker_past_the_memory_ceiling_is_replaced_between_tasks() -> None:
    async def scenario() -> None:
        # A ceiling every worker is past: each answer is given, then its worker replaced.
        pool = WorkerPool(1, name="test", preload=("puzzlesmith.web.tasks",), max_rss=1)
        await pool.start()
        try:
            for _ in range(2):
                doc = await pool.run(tasks.run_match, ("a?p?e",), limit=30)
                assert doc["words"] == ["ample", "apple"]
            assert pool.stats.recycled == 2 and pool.stats.peak_rss > 0
            await pool.run(time.sleep, (0,), limit=30)  # a replacement takes the next
            assert pool.stats.recycled == 3 and pool.stats.started >= 3
        finally:
            await pool.close()
        roomy = WorkerPool(1, name="test", preload=("puzzlesmith.web.tasks",), max_rss=2**40)
        await roomy.start()
        try:
            await roomy.run(tasks.run_match, ("a?p?e",), limit=30)
            assert roomy.stats.recycled == 0 and roomy.stats.started == 1
        finally:
            await roomy.close()

    run_in_thread(scenario)
