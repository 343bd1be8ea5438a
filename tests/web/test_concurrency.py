"""Twenty solves at once, answered correctly, while a long count runs in the job pool."""

from __future__ import annotations

import json
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from tests.web.test_api_qless import LONG_COUNT, wait_job

# Long work (the long pool) that runs for many seconds: a big expert Star Battle.
LONG_GENERATE = {"size": 25, "stars": 6, "difficulty": "expert", "seed": 1, "time_limit": 60}

# (endpoint, body, check of the answer): quick solves of every kind.
REQUESTS: list[tuple[str, dict[str, Any], Any]] = [
    ("/api/qless/solve", {"letters": "catdogs"},
     lambda d: d["status"] == "solved" and sorted("".join(d["board"]).replace(".", ""))
     == sorted("catdogs")),
    ("/api/anagram", {"letters": "listen"}, lambda d: "silent" in d["full"]),
    ("/api/match", {"pattern": "a?p?e"}, lambda d: d["words"] == ["ample", "apple"]),
    ("/api/wordgrid/solve", {"rows": ["??????", "ipoaru", "gettct"]},
     lambda d: d["solutions"][0]["words"] == ["common"]),
]


def test_twenty_concurrent_solves_while_a_long_count_runs(server: str,
                                                          client: httpx.Client) -> None:
    job = client.post("/api/qless/count", json={"letters": LONG_COUNT, "timeout": 300}).json()["job"]
    try:
        wait_job(client, job, lambda d: d["state"] == "running")
        before = client.get("/api/health").json()

        def ask(i: int) -> tuple[int, bool]:
            path, body, check = REQUESTS[i % len(REQUESTS)]
            r = httpx.post(server + path, json=body, timeout=60)
            return r.status_code, r.status_code == 200 and bool(check(r.json()))

        with ThreadPoolExecutor(20) as pool:
            answers = list(pool.map(ask, range(20)))
        assert [status for status, _ in answers] == [200] * 20
        assert all(ok for _, ok in answers), answers
        # The solve workers answered all twenty; the count's worker, another process, was
        # never asked and is the same one.
        after = client.get("/api/health").json()
        assert after["solve_pool"]["tasks"] - before["solve_pool"]["tasks"] == 20
        assert after["job_pool"]["pids"] == before["job_pool"]["pids"]
        assert after["job_pool"]["tasks"] == before["job_pool"]["tasks"]

        doc = client.get(f"/api/jobs/{job}").json()
        assert doc["state"] == "running", "the count must keep running alongside the solves"
    finally:
        stopped = client.delete(f"/api/jobs/{job}").json()
    assert stopped["state"] == "stopped"


def test_a_search_whose_client_left_is_stopped(server: str, client: httpx.Client) -> None:
    before = client.get("/api/health").json()["job_pool"]["killed"]
    body = json.dumps(LONG_GENERATE).encode()
    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port))) as s:
        s.sendall(b"POST /api/stars/generate HTTP/1.1\r\nHost: %s\r\n"
                  b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                  % (host.encode(), len(body), body))
        # The tab closes while the count runs: wait until a worker has it (a fixed sleep
        # raced the server on a loaded machine).
        started = time.monotonic() + 20
        while client.get("/api/health").json()["job_pool"]["busy"] == 0:
            assert time.monotonic() < started, "the generation never started"
            time.sleep(0.1)
    deadline = time.monotonic() + 20
    while client.get("/api/health").json()["job_pool"]["killed"] == before:
        assert time.monotonic() < deadline, "the worker kept working for a client that left"
        time.sleep(0.2)
    pool = client.get("/api/health").json()["job_pool"]
    assert pool["busy"] == 0


@pytest.mark.slow
def test_cheap_requests_do_not_wait_behind_long_work(server: str, client: httpx.Client) -> None:
    """The long pool busy (a count running, a generation waiting): cheap requests are
    answered while it stays busy, from their own workers, so they never wait behind it."""
    count = client.post("/api/qless/count", json={"letters": LONG_COUNT, "timeout": 300}
                        ).json()["job"]
    with ThreadPoolExecutor(1) as pool:
        long = pool.submit(httpx.post, server + "/api/stars/generate", json=LONG_GENERATE,
                           timeout=120)
        try:
            deadline = time.monotonic() + 30
            while client.get("/api/health").json()["job_pool"]["busy"] == 0:
                assert time.monotonic() < deadline, "the long work never started"
                time.sleep(0.1)
            for i in range(10):
                path, body, check = REQUESTS[i % len(REQUESTS)]
                r = client.post(path, json=body)
                assert r.status_code == 200 and check(r.json())
                # Answered while the long work is still in hand: it did not wait for it.
                assert not long.done()
                assert client.get(f"/api/jobs/{count}").json()["state"] == "running"
            assert client.get("/api/health").json()["job_pool"]["busy"] == 1
        finally:
            client.delete(f"/api/jobs/{count}")
            long.cancel()
        assert long.result().status_code in (200, 504)
