"""A small pool of worker processes that can be killed: every solve runs here, with a time limit.

Why not `concurrent.futures.ProcessPoolExecutor`: it cannot stop a task that is already
running, so one search stuck past its limit would hold a worker forever. Here each worker owns
a pipe; the server sends it one task at a time and waits (without blocking the event loop) for
the answer. A task still running at its hard limit, or whose caller went away (a Stop button, a
closed tab), gets its worker killed and a fresh one started in its place.

Workers come from a `forkserver`, which imports the engines once; each worker then loads the
lexicon index once (`tasks.warm`) and keeps it for every task it runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import multiprocessing
import os
import signal
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from puzzlesmith.errors import InputError
from puzzlesmith.limits import SearchTimeout

# Engines check their own deadline; the hard limit only catches one that does not in time.
GRACE_SECONDS = 2.0


class PoolBusy(Exception):
    """No worker became free in time (the server is overloaded), or the server is stopping."""


class TaskKilled(Exception):
    """The task hit its time limit: it raised SearchTimeout, or ran past it and was killed."""


class WorkerCrashed(Exception):
    """The task raised something other than InputError, or its worker died."""


class _Died(Exception):
    """The worker died before it answered (its pipe closed)."""


# This worker's pipe to the server, for `report_progress` (None outside a worker).
_conn: Connection | None = None
PROGRESS_EVERY = 0.2  # seconds between two progress messages of one task
_last_report = 0.0


def report_progress(payload: Any) -> None:
    """From inside a task: tell the server how far it got (`on_progress` of `run`).

    Rate-limited, so an engine may call it as often as it likes; outside a worker it does
    nothing.
    """
    global _last_report
    now = time.monotonic()
    if _conn is None or now - _last_report < PROGRESS_EVERY:
        return
    _last_report = now
    with contextlib.suppress(BrokenPipeError, OSError):
        _conn.send(("progress", payload))


def _worker_main(conn: Connection, warm: Callable[[], None] | None, nice: int = 0) -> None:
    """The loop of one worker process: receive a task, run it, send back its outcome."""
    global _conn
    _conn = conn
    if nice:
        os.nice(nice)  # long work yields the CPU to the cheap requests' workers
    # Ctrl-C in the terminal reaches the whole process group; the server shuts workers down.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if warm is not None:
        warm()
    try:
        conn.send(("ready", os.getpid()))
    except (BrokenPipeError, OSError):
        return  # the server stopped while this worker was starting
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return  # the server is gone
        if message is None:
            return
        fn, args, kwargs = message
        try:
            outcome: tuple[str, Any] = ("ok", fn(*args, **kwargs))
        except InputError as e:
            outcome = ("input_error", str(e))
        except SearchTimeout as e:
            outcome = ("timeout", str(e) or "time limit reached")
        except Exception:
            outcome = ("error", traceback.format_exc())
        try:
            conn.send(outcome)
        except (BrokenPipeError, OSError):
            return


@dataclass(eq=False)
class _Worker:
    process: Any  # multiprocessing.context.ForkServerProcess
    conn: Connection
    ready: bool = False
    tasks_run: int = 0


@dataclass
class PoolStats:
    started: int = 0
    killed: int = 0
    tasks: int = 0
    busy: int = 0
    retried: int = 0  # tasks that landed on a dead worker and ran again on another
    recycled: int = 0  # workers replaced for holding more than `max_rss`
    peak_rss: int = 0  # the largest worker seen after a task, in bytes


class WorkerPool:
    """`size` worker processes; `await pool.run(fn, args, limit=...)` runs fn(*args) in one."""

    def __init__(
        self,
        size: int,
        *,
        warm: Callable[[], None] | None = None,
        name: str = "pool",
        queue_timeout: float | None = 60.0,
        preload: tuple[str, ...] = (),
        nice: int = 0,
        max_rss: int | None = None,
    ) -> None:
        if size < 1:
            raise ValueError("a pool needs at least one worker")
        self.size = size
        self.name = name
        self.queue_timeout = queue_timeout  # None: wait for a worker as long as it takes
        self.nice = nice
        self.max_rss = max_rss  # bytes a worker may hold after a task (None: no ceiling)
        self._warm = warm
        self._ctx = multiprocessing.get_context("forkserver")
        if preload:
            self._ctx.set_forkserver_preload(list(preload))
        self._idle: asyncio.Queue[_Worker | None] | None = None
        self._waiting = 0  # callers waiting for an idle worker
        self._all: set[_Worker] = set()
        self._starting: set[asyncio.Task[None]] = set()
        self._closed = False
        self.stats = PoolStats()
        self._ids = itertools.count(1)

    def open(self) -> None:
        """Take tasks from now on: they wait for a worker, as for a busy one, until `start`
        has them up (a first start builds caches for up to a minute, and the server answers
        meanwhile)."""
        if self._idle is None:
            self._idle = asyncio.Queue()

    async def start(self) -> None:
        """Start every worker and wait until each has loaded what it needs."""
        self.open()
        await asyncio.gather(*(self._spawn() for _ in range(self.size)))

    async def _spawn(self) -> None:
        parent, child = self._ctx.Pipe(duplex=True)
        process = self._ctx.Process(
            target=_worker_main, args=(child, self._warm, self.nice),
            name=f"puzzlesmith-{self.name}-{next(self._ids)}", daemon=True,
        )
        await asyncio.to_thread(process.start)
        child.close()
        worker = _Worker(process, parent)
        self._all.add(worker)
        self.stats.started += 1
        try:
            kind, _ = await self._receive(worker, timeout=120.0)
        except (TimeoutError, WorkerCrashed):
            self._kill(worker)
            raise WorkerCrashed(f"a {self.name} worker failed to start") from None
        if kind != "ready":
            self._kill(worker)
            raise WorkerCrashed(f"a {self.name} worker failed to start: {kind}")
        if self._closed:
            self._kill(worker)
            return
        worker.ready = True
        assert self._idle is not None
        self._idle.put_nowait(worker)

    def _replace(self) -> None:
        """Start a worker in the background to take a killed one's place."""
        if self._closed:
            return
        task = asyncio.get_running_loop().create_task(self._spawn())
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def _receive(self, worker: _Worker, timeout: float) -> tuple[str, Any]:
        """The next message from a worker, waiting without blocking the event loop."""
        loop = asyncio.get_running_loop()
        if not worker.conn.poll():
            ready: asyncio.Future[None] = loop.create_future()
            fd = worker.conn.fileno()

            def wake() -> None:
                if not ready.done():
                    ready.set_result(None)

            loop.add_reader(fd, wake)
            try:
                await asyncio.wait_for(ready, timeout=max(timeout, 0.0))
            finally:
                loop.remove_reader(fd)
        try:
            message: tuple[str, Any] = worker.conn.recv()
        except (EOFError, OSError):
            raise WorkerCrashed(f"a {self.name} worker died") from None
        return message

    def _kill(self, worker: _Worker) -> None:
        self._all.discard(worker)
        with contextlib.suppress(OSError):
            worker.conn.close()
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(timeout=5)

    async def run(
        self,
        fn: Callable[..., Any],
        args: tuple[Any, ...] = (),
        kwargs: dict[str, Any] | None = None,
        *,
        limit: float,
        on_start: Callable[[], None] | None = None,
        on_progress: Callable[[Any], None] | None = None,
    ) -> Any:
        """fn(*args, **kwargs) in a worker; killed `limit + GRACE_SECONDS` after it starts.

        Raises InputError (the engine's own message), TaskKilled (SearchTimeout in the task,
        or killed at the hard limit), PoolBusy or WorkerCrashed.
        If the caller is cancelled (client gone, Stop pressed) the worker is killed too.
        `on_start()` runs when a worker takes the task (it may wait for one first);
        `on_progress(payload)` with each `report_progress(payload)` the task makes.
        """
        for attempt in (1, 2):
            worker = await self._take()
            try:
                return await self._run_on(worker, fn, args, kwargs or {}, limit, on_start,
                                          on_progress)
            except _Died:
                if attempt == 2:
                    raise WorkerCrashed(f"a {self.name} worker died twice running one task "
                                        "(out of memory?)") from None
                # A worker killed while idle (the OOM killer, an operator) is found only
                # when a task lands on it: that task is the pool's to retry, once.
                self.stats.retried += 1
        raise AssertionError("unreachable")

    async def _take(self) -> _Worker:
        """An idle, live worker (a dead one found idle is replaced, and the next taken)."""
        if self._idle is None or self._closed:
            raise WorkerCrashed(f"the {self.name} pool is not running")
        while True:
            self._waiting += 1
            try:
                if self.queue_timeout is None:
                    # Awaited directly: a get cancelled as a worker comes free leaves the
                    # worker in the queue, where wait_for's wrapper task could lose it.
                    got = await self._idle.get()
                else:
                    got = await asyncio.wait_for(self._idle.get(), timeout=self.queue_timeout)
            except TimeoutError:
                raise PoolBusy(f"all {self.size} {self.name} workers stayed busy for "
                               f"{self.queue_timeout or 0:g} s; try again") from None
            finally:
                self._waiting -= 1
            if got is None or self._closed:  # abort() woke this caller up
                raise PoolBusy("the server is shutting down")
            if got.process.is_alive():
                return got
            self.stats.killed += 1
            self._kill(got)
            self._replace()

    async def _run_on(
        self, worker: _Worker, fn: Callable[..., Any], args: tuple[Any, ...],
        kwargs: dict[str, Any], limit: float, on_start: Callable[[], None] | None,
        on_progress: Callable[[Any], None] | None,
    ) -> Any:
        """One attempt of `run` on `worker`; _Died if the worker died before answering."""
        assert self._idle is not None
        keep = False
        self.stats.busy += 1
        try:
            try:
                worker.conn.send((fn, args, kwargs))
            except (BrokenPipeError, OSError):
                raise _Died from None
            if on_start is not None:
                on_start()
            worker.tasks_run += 1
            self.stats.tasks += 1
            hard_stop = time.monotonic() + limit + GRACE_SECONDS
            while True:
                try:
                    kind, payload = await self._receive(worker, hard_stop - time.monotonic())
                except TimeoutError:
                    raise TaskKilled(f"stopped at the time limit of {limit:g} s") from None
                except WorkerCrashed:
                    if self._closed:
                        raise PoolBusy("the server is shutting down") from None
                    raise _Died from None
                if kind == "progress":
                    if on_progress is not None:
                        on_progress(payload)
                    continue
                keep = not self._too_big(worker)
                if kind == "ok":
                    return payload
                if kind == "input_error":
                    raise InputError(payload)
                if kind == "timeout":
                    raise TaskKilled(payload)
                raise WorkerCrashed(str(payload))
        finally:
            self.stats.busy -= 1
            if keep and not self._closed:
                self._idle.put_nowait(worker)
            else:
                self.stats.killed += 1
                self._kill(worker)
                self._replace()

    def _too_big(self, worker: _Worker) -> bool:
        """Whether a worker that has just answered holds more memory than `max_rss`: it is
        then replaced, between two tasks, so caches that grow with every distinct request
        (word lists, fill tables) cannot take the machine's memory."""
        if self.max_rss is None:
            return False
        try:
            import psutil

            rss = int(psutil.Process(worker.process.pid).memory_info().rss)
        except Exception:  # gone, or not ours to read: nothing to recycle
            return False
        self.stats.peak_rss = max(self.stats.peak_rss, rss)
        if rss <= self.max_rss:
            return False
        self.stats.recycled += 1
        return True

    def abort(self) -> None:
        """Kill every worker at once (Ctrl-C): callers get PoolBusy now, not at their limit.

        Call it on the event loop; `close` reaps the processes afterwards.
        """
        self._closed = True
        for worker in list(self._all):
            with contextlib.suppress(OSError):
                worker.process.kill()
        if self._idle is not None:
            for _ in range(self._waiting):
                self._idle.put_nowait(None)

    async def close(self) -> None:
        """Stop every worker (idle ones are asked to exit, busy ones are killed)."""
        self._closed = True
        for task in list(self._starting):
            task.cancel()
        for worker in list(self._all):
            with contextlib.suppress(OSError):
                worker.conn.send(None)
        deadline = time.monotonic() + 2.0
        for worker in list(self._all):
            await asyncio.to_thread(worker.process.join, max(deadline - time.monotonic(), 0.0))
            self._kill(worker)

    def describe(self) -> dict[str, Any]:
        """Pool state for the health endpoint."""
        return {
            "workers": self.size,
            "alive": sum(1 for w in self._all if w.ready and w.process.is_alive()),
            "busy": self.stats.busy,
            "tasks": self.stats.tasks,
            "killed": self.stats.killed,
            "started": self.stats.started,
            "retried": self.stats.retried,
            "recycled": self.stats.recycled,
            "peak_rss_mb": round(self.stats.peak_rss / 2**20, 1),
            # The live workers' process ids: to watch or profile one (and for the tests that
            # check a stopped task's worker is gone).
            "pids": sorted(w.process.pid for w in self._all if w.ready and w.process.is_alive()),
        }
