"""/api/qless/*: solve, roll and counting as a job with progress and Stop."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

import httpx
from test_api_words import cli, cli_json

SOLVABLE = "mphrrsttsnea"  # roll --seed 1: solved at once, counted in about 20 s
LONG_COUNT = "mphrrsttsneaoi"  # counting its solutions takes minutes
SMALL_COUNT = "catdogs"  # 365 distinct solutions, counted in well under a second


def same_doc(api_doc: dict[str, Any], cli_doc: dict[str, Any]) -> None:
    api_doc, cli_doc = dict(api_doc), dict(cli_doc)
    api_doc.pop("seconds"), cli_doc.pop("seconds")  # wall-clock time, the only key that may differ
    assert api_doc == cli_doc


def wait_job(client: httpx.Client, job: str, until: Any, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        doc: dict[str, Any] = client.get(f"/api/jobs/{job}").json()
        if until(doc):
            return doc
        assert time.monotonic() < deadline, f"job never got there: {doc}"
        time.sleep(0.1)


def test_solve_is_the_cli_document(client: httpx.Client) -> None:
    r = client.post("/api/qless/solve", json={"letters": SOLVABLE})
    assert r.status_code == 200
    same_doc(r.json(), cli_json("qless", "solve", SOLVABLE))
    assert r.json()["status"] == "solved"
    other = client.post("/api/qless/solve", json={"letters": SOLVABLE, "seed": 1}).json()
    same_doc(other, cli_json("qless", "solve", SOLVABLE, "--seed", "1"))


def test_unsolvable_and_fell_back(client: httpx.Client) -> None:
    doc = client.post("/api/qless/solve", json={"letters": "qqqzzzxx"}).json()
    assert doc["status"] == "unsolvable" and doc["board"] is None
    doc = client.post("/api/qless/solve", json={"letters": "aeiouaeiou", "common": True}).json()
    assert doc["status"] == "solved" and doc["fell_back"] is True


def test_bad_letters_are_400_with_the_cli_message(client: httpx.Client) -> None:
    for letters in ("ab", "abc1"):
        done = cli("qless", "solve", letters)
        assert done.returncode == 2
        r = client.post("/api/qless/solve", json={"letters": letters})
        assert r.status_code == 400
        assert r.json()["detail"] == done.stderr.strip().removeprefix("error: ")
        r = client.post("/api/qless/count", json={"letters": letters})
        assert r.status_code == 400


def test_roll(client: httpx.Client) -> None:
    assert client.post("/api/qless/roll", json={"seed": 7}).json() == cli_json(
        "qless", "roll", "--seed", "7")
    random_roll = client.post("/api/qless/roll", json={}).json()
    assert len(random_roll["letters"]) == 12 and random_roll["seed"] is None
    solved = client.post("/api/qless/roll", json={"seed": 1, "solve": True}).json()
    assert solved["letters"] == SOLVABLE and solved["status"] == "solved"


def test_count_job_runs_to_the_cli_count(client: httpx.Client) -> None:
    r = client.post("/api/qless/count", json={"letters": SMALL_COUNT})
    assert r.status_code == 202
    job = r.json()["job"]
    doc = wait_job(client, job, lambda d: d["state"] not in ("queued", "running"))
    assert doc["state"] == "done", doc
    same_doc(doc["result"], cli_json("qless", "solve", SMALL_COUNT, "--count"))
    assert doc["result"]["solutions"] == 365 and doc["result"]["count_complete"]
    assert client.get("/api/jobs/nope").status_code == 404


def test_count_job_reports_progress_and_stops(client: httpx.Client) -> None:
    before = client.get("/api/health").json()["job_pool"]
    job = client.post("/api/qless/count", json={"letters": LONG_COUNT, "timeout": 300}).json()
    assert job["state"] in ("queued", "running") and job["progress"]["limit"] == 300
    doc = wait_job(client, job["job"], lambda d: d["progress"]["seconds"] > 1)
    assert doc["state"] == "running" and 0 < doc["progress"]["fraction"] < 1
    # Solutions found so far, rising while the count runs.
    doc = wait_job(client, job["job"], lambda d: d["progress"].get("solutions", 0) > 0)
    first = doc["progress"]["solutions"]
    doc = wait_job(client, job["job"], lambda d: d["progress"]["solutions"] > first)
    assert doc["state"] == "running"
    stopped = client.delete(f"/api/jobs/{job['job']}").json()
    assert stopped["state"] == "stopped" and stopped["result"] is None
    assert client.get(f"/api/jobs/{job['job']}").json()["state"] == "stopped"
    # Its worker was killed and a fresh one takes its place.
    after = wait_job_pool(client, before["started"] + 1)
    assert after["alive"] == after["workers"]


def wait_job_pool(client: httpx.Client, started: int) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        pool: dict[str, Any] = client.get("/api/health").json()["job_pool"]
        if pool["started"] >= started and pool["alive"] == pool["workers"]:
            return pool
        assert time.monotonic() < deadline, pool
        time.sleep(0.1)


def test_atlas_lookup(client: httpx.Client, cli_env: dict[str, str]) -> None:
    r = client.post("/api/qless/atlas", json={"letters": SOLVABLE})
    if r.status_code == 400:  # no atlas yet in this session's data dir: the CLI's message
        assert r.json()["detail"].startswith("no atlas at ")
        subprocess.run([sys.executable, "-m", "puzzlesmith", "qless", "atlas", "build",
                        "--workers", "1", "--from", "-"], input=SOLVABLE + "\n", text=True,
                       env=cli_env, check=True, capture_output=True, timeout=180)
        r = client.post("/api/qless/atlas", json={"letters": SOLVABLE})
    assert r.status_code == 200
    doc = r.json()
    lookup = subprocess.run([sys.executable, "-m", "puzzlesmith", "qless", "atlas", "lookup",
                             SOLVABLE, "--json"], env=cli_env, capture_output=True, text=True,
                            check=True)
    assert doc == json.loads(lookup.stdout)
    assert doc["status"] == "solved" and doc["atlas"]["lexicon"] == "letterpress"
    missing = client.post("/api/qless/atlas", json={"letters": "aaaaaaaaaaaa"}).json()
    assert missing == {"letters": "aaaaaaaaaaaa", "found": False}
    bad = client.post("/api/qless/atlas", json={"letters": "abc1"})
    assert bad.status_code == 400 and bad.json()["detail"] == "'abc1': a roll is letters a-z"


def test_the_time_limit_reaches_the_engine(client: httpx.Client) -> None:
    started = time.monotonic()
    doc = client.post("/api/qless/solve", json={"letters": SOLVABLE, "count": True,
                                                "timeout": 0.5}).json()
    assert time.monotonic() - started < 5
    assert doc["count_timed_out"] is True and doc["count_complete"] is False


def test_a_second_count_waits_for_the_job_worker(client: httpx.Client) -> None:
    first = client.post("/api/qless/count", json={"letters": LONG_COUNT}).json()["job"]
    second = None
    try:
        wait_job(client, first, lambda d: d["state"] == "running")
        second = client.post("/api/qless/count", json={"letters": SMALL_COUNT}).json()["job"]
        time.sleep(0.5)
        assert client.get(f"/api/jobs/{second}").json()["state"] == "queued"
        client.delete(f"/api/jobs/{first}")
        doc = wait_job(client, second, lambda d: d["state"] not in ("queued", "running"))
        assert doc["state"] == "done" and doc["result"]["solutions"] == 365
    finally:
        client.delete(f"/api/jobs/{first}")
        if second:
            client.delete(f"/api/jobs/{second}")


def test_at_most_four_jobs_at_once(client: httpx.Client) -> None:
    jobs = [client.post("/api/qless/count", json={"letters": LONG_COUNT}).json()["job"]
            for _ in range(4)]
    try:
        r = client.post("/api/qless/count", json={"letters": LONG_COUNT})
        assert r.status_code == 503
        assert r.json()["detail"] == "4 jobs are already running; stop one first"
    finally:
        for job in jobs:
            client.delete(f"/api/jobs/{job}")
    assert client.post("/api/qless/count", json={"letters": SMALL_COUNT}).status_code == 202


def test_hint_grade_and_daily_are_the_cli_documents(client: httpx.Client) -> None:
    for level in (1, 2, 3):
        doc = client.post("/api/qless/hint", json={"letters": "mvhdrxwcciaa", "level": level}).json()
        assert doc == cli_json("qless", "hint", "mvhdrxwcciaa", "--level", str(level))
    assert client.post("/api/qless/hint", json={"letters": "abc", "level": 4}).status_code == 422
    # Grades count solutions within a time limit: a generous one, so that a busy machine
    # cannot cut one count and not the other.
    doc = client.post("/api/qless/grade", json={"letters": "catdogs", "timeout": 60}).json()
    assert doc == cli_json("qless", "grade", "catdogs", "--timeout", "60")
    doc = client.post("/api/qless/daily", json={"date": "2026-12-01", "timeout": 60}).json()
    assert doc == cli_json("qless", "daily", "--date", "2026-12-01", "--timeout", "60")
    bad = client.post("/api/qless/daily", json={"date": "2026-02-30"})
    assert bad.status_code == 400 and bad.json()["detail"].startswith("--date must be")
