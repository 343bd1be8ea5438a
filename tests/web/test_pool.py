"""The worker pool: a task past its limit is killed and its worker replaced; errors come back."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
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
            start = time.monotonic()
            # time.sleep never looks at a deadline: only killing the worker stops it.
            with pytest.raises(TaskKilled, match="time limit of 0.5 s"):
                await pool.run(time.sleep, (60,), limit=0.5)
            assert time.monotonic() - start < 5
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
            task = asyncio.create_task(pool.run(time.sleep, (60,), limit=60))
            await asyncio.sleep(0.3)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            start = time.monotonic()
            await pool.run(time.sleep, (0,), limit=30)  # served by the replacement, at once
            assert time.monotonic() - start < 20
            assert pool.stats.started == 2
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
            # A worker that dies mid-task (os._exit, an out-of-memory kill) is replaced.
            with pytest.raises(WorkerCrashed, match="died"):
                await pool.run(os._exit, (3,), limit=30)
            doc = await pool.run(tasks.run_match, ("a?p?e",), limit=30)
            assert doc["words"] == ["ample", "apple"]
            assert pool.stats.started == 2
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
            first = asyncio.ensure_future(pool.run(time.sleep, (2.0,), limit=10))
            await asyncio.sleep(0.2)
            queued = asyncio.ensure_future(pool.run(os.getpriority, (os.PRIO_PROCESS, 0), limit=10))
            await first
            assert await queued - _niceness() == 7
        finally:
            await pool.close()

    run_in_thread(scenario)
