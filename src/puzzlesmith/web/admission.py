"""Fair service: cheap requests never wait behind long work, and no client takes it all.

Two kinds of work run in two pools. Cheap requests (a pattern, an anagram, a definition, a
single solve, check or hint) run in the solve pool; long work (fills, generation, counts,
explains with a long limit, wordgrid creation) runs in the long pool, whose workers run at
a lower CPU priority (`nice`) and whose tasks wait their turn in a queue instead of failing
after a while. What may wait there is bounded: at most `max_total` long tasks running or
queued in all, and `max_per_client` for one client (a browser, named by its cookie, or a
program, by the X-Puzzlesmith-Client header; every local client shares 127.0.0.1, so the
address names no one). Past either, the answer is 429 at once, with the reason.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from puzzlesmith.errors import InputError

COOKIE = "puzzlesmith_client"
HEADER = "x-puzzlesmith-client"
LONG_NICE = 10  # long workers' niceness: the solve workers get the CPU first
QUICK_EXPLAIN = 5.0  # an explain with a limit up to this is a page's quick grade
MAX_TOTAL = 8
MAX_PER_CLIENT = 2

# Tasks that are long work whatever their options (by the tasks module's function names).
LONG_TASKS = frozenset({"run_fill", "run_fill_region", "run_stars_generate",
                        "run_wordgrid_create"})


class TooMany(Exception):
    """More long work than a client, or the server, may have running or queued (429)."""


def is_long(fn: Callable[..., Any], kwargs: dict[str, Any]) -> bool:
    """Whether a task is long work (the long pool) rather than a cheap request."""
    name = getattr(fn, "__name__", "")
    if name in LONG_TASKS:
        return True
    if name == "run_stars_explain":
        return float(kwargs.get("time_limit") or 30.0) > QUICK_EXPLAIN
    if name == "run_stars_solve":
        return bool(kwargs.get("count") or kwargs.get("max"))
    if name == "run_wordgrid_solve":
        return bool(kwargs.get("all") or kwargs.get("count"))
    return False


def refuse_counting(fn: Callable[..., Any], kwargs: dict[str, Any]) -> None:
    """A Q-Less count may run for minutes: it is a job (POST /api/qless/count), never a
    synchronous solve holding a cheap request's worker."""
    if getattr(fn, "__name__", "") in ("run_qless_solve", "run_qless_roll") and kwargs.get(
            "count"):
        raise InputError("count: true runs as a job here: POST /api/qless/count with the same "
                         "fields, then poll GET /api/jobs/{job}")


def client_of(headers: dict[str, str], cookies: dict[str, str]) -> str | None:
    """The client a request comes from: its header, else its cookie; None if it names none."""
    name = headers.get(HEADER) or cookies.get(COOKIE)
    return name[:64] if name else None


class Admission:
    """Counts of long work running or queued, overall and per client."""

    def __init__(self, max_total: int = MAX_TOTAL, max_per_client: int = MAX_PER_CLIENT) -> None:
        self.max_total = max_total
        self.max_per_client = max_per_client
        self.total = 0
        self.by_client: Counter[str] = Counter()

    def enter(self, client: str | None) -> None:
        """Count one more long task for `client`; TooMany past a limit."""
        if client is not None and self.by_client[client] >= self.max_per_client:
            raise TooMany(f"you already have {self.by_client[client]} long tasks running or "
                          f"waiting (at most {self.max_per_client}); wait for one or stop it")
        if self.total >= self.max_total:
            raise TooMany(f"the server already has {self.total} long tasks running or waiting "
                          f"(at most {self.max_total}); try again when one has finished")
        self.total += 1
        if client is not None:
            self.by_client[client] += 1

    def leave(self, client: str | None) -> None:
        self.total -= 1
        if client is not None:
            self.by_client[client] -= 1
            if self.by_client[client] <= 0:
                del self.by_client[client]

    @contextmanager
    def admitted(self, client: str | None) -> Iterator[None]:
        self.enter(client)
        try:
            yield
        finally:
            self.leave(client)

    def describe(self) -> dict[str, Any]:
        return {"long_tasks": self.total, "max_total": self.max_total,
                "max_per_client": self.max_per_client, "clients": len(self.by_client)}


class ClientCookie:
    """Give a browser a client name (a cookie) with the first page it loads, so its long work
    is counted as its own; API clients may send the X-Puzzlesmith-Client header instead."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or COOKIE.encode() in dict(
                scope["headers"]).get(b"cookie", b""):
            await self.app(scope, receive, send)
            return

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                html = any(k.lower() == b"content-type" and v.startswith(b"text/html")
                           for k, v in headers)
                if html:
                    value = f"{COOKIE}={secrets.token_urlsafe(12)}; Path=/; SameSite=Strict"
                    headers.append((b"set-cookie", value.encode()))
                    message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie)
