"""`serve --lexicon NAME` is the default of every endpoint that takes a lexicon (issue 41,
item 6): each family's task receives NAME when the request names none, and the request's
own choice when it names one. The app runs here with a stand-in pool that records each task's
options instead of running it, called through httpx's own ASGI transport (Starlette's TestClient
is deprecated with httpx)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from puzzlesmith.web.admission import FairGate
from puzzlesmith.web.app import Settings, create_app

# (family, endpoint, body): one of each family's endpoints.
FAMILIES = [
    ("words", "/api/match", {"pattern": "?at"}),
    ("words", "/api/anagram", {"letters": "tac"}),
    ("words", "/api/equation", {"query": "A;B"}),
    ("wordgrid", "/api/wordgrid/solve", {"rows": ["???", "cat"]}),
    ("qless", "/api/qless/solve", {"letters": "catdogs"}),
    ("qless", "/api/qless/count", {"letters": "catdogs"}),
    ("fill", "/api/fill/check", {"grid": ["...", "...", "..."]}),
]


class _Client:
    """Posts to the app in-process, one event loop a request in a thread of its own (as
    TestClient did, unentered): the browser tests' Playwright keeps a loop running in this
    thread, where asyncio.run would refuse to start one."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app

    def post(self, path: str, json: dict[str, Any]) -> httpx.Response:
        async def go() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app)
            async with httpx.AsyncClient(transport=transport,
                                         base_url="http://127.0.0.1") as client:
                return await client.post(path, json=json)

        with ThreadPoolExecutor(1) as thread:
            return thread.submit(asyncio.run, go()).result()


class _Recorder:
    """A pool that answers every task with the options it was given."""

    def __init__(self) -> None:
        self.seen: list[dict[str, Any]] = []

    async def run(self, fn: Callable[..., Any], args: tuple[Any, ...] = (),
                  kwargs: dict[str, Any] | None = None, **_: Any) -> Any:
        self.seen.append(dict(kwargs or {}))
        await asyncio.sleep(0)
        return {"ok": True}

    def start(self, kind: str, fn: Callable[..., Any], kwargs: dict[str, Any],
              **_: Any) -> Any:  # as JobTable.start, for the job endpoints
        self.seen.append(dict(kwargs))
        doc = {"job": "x", "kind": kind, "state": "queued", "position": 1, "result": None,
               "progress": {"seconds": 0.0, "limit": 1.0, "fraction": 0.0},
               "detail": None, "elapsed": 0.0}
        return type("Job", (), {"to_json": lambda self: doc})()


@pytest.fixture
def app_client(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[_Client, _Recorder]]:
    from puzzlesmith.lexicon.registry import register

    monkeypatch.setenv("PUZZLESMITH_CONFIG_DIR", str(tmp_path))
    words = tmp_path / "tiny.txt"
    words.write_text("cat\nact\ntac\nsat\n")
    register("tiny", words)
    register("other", words)
    app = create_app(Settings(lexicon="tiny"))
    recorder = _Recorder()
    app.state.solve_pool = app.state.long_pool = recorder
    app.state.cheap_gate = FairGate(2, per_client=16, max_total=64, name="cheap")
    app.state.long_gate = FairGate(1, per_client=16, max_total=64, name="long")
    app.state.jobs = recorder
    # Not entered as a context manager: the lifespan (real pools) never starts.
    yield _Client(app), recorder


@pytest.mark.parametrize(("family", "path", "body"), FAMILIES,
                         ids=[f"{f}:{p}" for f, p, _ in FAMILIES])
def test_the_servers_lexicon_is_every_endpoints_default(
    app_client: tuple[_Client, _Recorder], family: str, path: str, body: dict[str, Any]
) -> None:
    client, recorder = app_client
    for sent, expected in ((None, "tiny"), ("other", "other")):
        recorder.seen.clear()
        r = client.post(path, json={**body, **({"lexicon": sent} if sent else {})})
        assert r.status_code in (200, 202), r.text
        assert recorder.seen and recorder.seen[-1]["lexicon"] == expected, (family, recorder.seen)
