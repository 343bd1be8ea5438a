"""Where a build runs: worker processes on this machine or a Dask cluster, one interface."""

from __future__ import annotations

import logging
import os
import signal
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from puzzlesmith.errors import InputError


def default_workers() -> int:
    return os.cpu_count() or 1


@contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Start worker processes with SIGINT ignored (an ignored signal stays ignored in a child).

    Ctrl-C reaches the whole process group; the submitting process handles it (flushes its
    results, shuts the cluster down), and the workers would only print tracebacks.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def open_client(scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A `distributed.Client`: on a LocalCluster of `workers` processes, or on `scheduler`."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        if not scheduler.startswith(("tcp://", "tls://", "ws://", "wss://", "inproc://")):
            raise InputError(f"scheduler address must look like tcp://HOST:8786, not {scheduler!r}")
        try:
            client = Client(scheduler, timeout="15s")
        except (OSError, TimeoutError) as e:
            raise InputError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
        try:
            yield client
        finally:
            client.close()
        return
    n = workers or default_workers()
    if n < 1:
        raise InputError(f"--workers must be at least 1, got {n}")
    # One single-threaded process per worker: the solver is pure Python, so threads would
    # only fight over the GIL.
    with warnings.catch_warnings(), _workers_ignore_ctrl_c():
        # Without a dashboard the scheduler's small HTTP server still wants port 8787 and
        # warns when another cluster has it; it just takes another port.
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        cluster = LocalCluster(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.CRITICAL,  # shutdown races log tracebacks otherwise
        )
    client = Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()
