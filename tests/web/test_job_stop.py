"""DELETE of a long count job stops it at whatever moment it comes: waiting in the queue,
just handed to a worker, or deep in its count. The job then says `stopped`, and the worker
process that ran it is gone (killed and reaped), with a fresh one in its place."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.test_api_qless import LONG_COUNT, wait_job

if not Path("/proc/self/stat").exists():
    pytest.skip("needs /proc to see the workers' processes", allow_module_level=True)

HEADERS = {"x-puzzlesmith-client": "job-stop"}


def gone(pid: int) -> bool:
    """The process has ended and been reaped (a zombie keeps its /proc entry)."""
    return not Path(f"/proc/{pid}").exists()


def job_pool(client: httpx.Client) -> dict[str, Any]:
    pool: dict[str, Any] = client.get("/api/health").json()["job_pool"]
    return pool


def full_pool(client: httpx.Client) -> dict[str, Any]:
    """The job pool once every worker is up again and idle."""
    deadline = time.monotonic() + 90
    while True:
        pool = job_pool(client)
        if pool["alive"] == pool["workers"] == len(pool["pids"]) and pool["busy"] == 0:
            return pool
        assert time.monotonic() < deadline, pool
        time.sleep(0.1)


def start(client: httpx.Client) -> dict[str, Any]:
    r = client.post("/api/qless/count", json={"letters": LONG_COUNT, "timeout": 120},
                    headers=HEADERS)
    assert r.status_code == 202, r.text
    doc: dict[str, Any] = r.json()
    return doc


def stop(client: httpx.Client, job: str) -> dict[str, Any]:
    doc: dict[str, Any] = client.delete(f"/api/jobs/{job}", headers=HEADERS).json()
    assert doc["state"] == "stopped" and doc["result"] is None and doc["position"] is None
    assert client.get(f"/api/jobs/{job}").json()["state"] == "stopped"
    return doc


def assert_worker_gone(client: httpx.Client, pids: list[int]) -> None:
    """Every worker that ran the stopped job is gone; the pool is whole again without it."""
    deadline = time.monotonic() + 30
    while not all(gone(pid) for pid in pids):
        assert time.monotonic() < deadline, [Path(f"/proc/{p}/stat").read_text() for p in pids
                                             if not gone(p)]
        time.sleep(0.05)
    after = full_pool(client)
    assert not set(pids) & set(after["pids"])


@pytest.fixture
def worker(client: httpx.Client) -> dict[str, Any]:
    """The job pool, idle, with its one worker (the test server's `--job-workers 1`)."""
    pool = full_pool(client)
    if pool["workers"] != 1:
        pytest.skip("needs a server with one job worker, so that a second job waits")
    return pool


@pytest.mark.parametrize("moment", ["as soon as it is started", "once it runs",
                                    "while it counts"])
def test_delete_stops_a_running_count(
    client: httpx.Client, worker: dict[str, Any], moment: str
) -> None:
    job = start(client)
    if moment == "once it runs":
        wait_job(client, job["job"], lambda d: d["state"] == "running")
    elif moment == "while it counts":
        wait_job(client, job["job"], lambda d: d["progress"].get("solutions", 0) > 0, 120)
    stop(client, job["job"])
    if full_pool(client)["killed"] > worker["killed"]:  # a worker had it: that one is gone
        assert_worker_gone(client, worker["pids"])
    else:  # stopped before a worker took it
        assert moment == "as soon as it is started"
        assert full_pool(client)["pids"] == worker["pids"]


def test_delete_of_a_queued_count_leaves_the_running_one(
    client: httpx.Client, worker: dict[str, Any]
) -> None:
    running = start(client)
    wait_job(client, running["job"], lambda d: d["state"] == "running")
    queued = start(client)
    assert queued["state"] == "queued" and queued["position"] == 1
    stop(client, queued["job"])
    pool = job_pool(client)
    assert pool["pids"] == worker["pids"] and pool["busy"] == 1
    assert pool["killed"] == worker["killed"]
    assert client.get(f"/api/jobs/{running['job']}").json()["state"] == "running"
    stop(client, running["job"])
    assert_worker_gone(client, worker["pids"])
