"""Twenty solves at once, answered correctly, while a long count runs in the job pool."""

from __future__ import annotations

import json
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from tests.web.test_api_qless import LONG_COUNT, wait_job

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
        started = time.monotonic()

        def ask(i: int) -> tuple[int, bool, float]:
            path, body, check = REQUESTS[i % len(REQUESTS)]
            t0 = time.monotonic()
            r = httpx.post(server + path, json=body, timeout=60)
            return r.status_code, r.status_code == 200 and bool(check(r.json())), \
                time.monotonic() - t0

        with ThreadPoolExecutor(20) as pool:
            answers = list(pool.map(ask, range(20)))
        elapsed = time.monotonic() - started
        assert [status for status, _, _ in answers] == [200] * 20
        assert all(ok for _, ok, _ in answers), answers
        # Two solve workers share these; the count's worker is a different process.
        assert elapsed < 30, f"20 quick solves took {elapsed:.1f} s"

        doc = client.get(f"/api/jobs/{job}").json()
        assert doc["state"] == "running", "the count must keep running alongside the solves"
    finally:
        stopped = client.delete(f"/api/jobs/{job}").json()
    assert stopped["state"] == "stopped"


def test_a_search_whose_client_left_is_stopped(server: str, client: httpx.Client) -> None:
    before = client.get("/api/health").json()["solve_pool"]["killed"]
    body = json.dumps({"letters": LONG_COUNT, "count": True, "timeout": 60}).encode()
    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port))) as s:
        s.sendall(b"POST /api/qless/solve HTTP/1.1\r\nHost: %s\r\n"
                  b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                  % (host.encode(), len(body), body))
        # The tab closes while the count runs: wait until a worker has it (a fixed sleep
        # raced the server on a loaded machine).
        started = time.monotonic() + 20
        while client.get("/api/health").json()["solve_pool"]["busy"] == 0:
            assert time.monotonic() < started, "the count never started"
            time.sleep(0.1)
    deadline = time.monotonic() + 20
    while client.get("/api/health").json()["solve_pool"]["killed"] == before:
        assert time.monotonic() < deadline, "the worker kept counting for a client that left"
        time.sleep(0.2)
    pool = client.get("/api/health").json()["solve_pool"]
    assert pool["busy"] == 0
