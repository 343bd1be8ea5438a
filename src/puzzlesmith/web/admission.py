"""Fair service: cheap requests never wait behind long work, and no client takes it all.

Admission is by cost, as each task declares it (`facts.TaskFacts.is_long`): a request's
time limit bounds its work, so up to its task's `cheap_up_to` (CHEAP_LIMIT, the word
endpoints' default, unless the task says less) it runs in the solve pool; past it, or for
tasks that are long whatever their options (fills, generation, counts, wordgrid creation)
or with the options that make them long, in the long pool, whose workers run at a lower CPU
priority (`nice`). Each pool's places (its workers) are handed out
by a `FairGate`: requests wait in one queue per client and are served round-robin across
clients, one running task per client at a time while others wait, so a client arriving
while a script has every place waits its turn with a `position`, not a 429. What one client
may hold (running or waiting) is capped, and only that cap answers 429.

Who a client is: a browser, named by a cookie the server signs and hands out with the first
page it loads. A request without a valid cookie (any script, whatever header it sends) is
the one client ANONYMOUS, so inventing names buys nothing; every local client shares
127.0.0.1, so the address names no one.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import itertools
import secrets
from collections import Counter, deque
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "puzzlesmith_client"
ANONYMOUS = "anonymous"  # every request without a valid cookie
LONG_NICE = 10  # long workers' niceness: the solve workers get the CPU first
MAX_TOTAL = 64  # long tasks running or waiting in all (a bound on memory, not on fairness)
MAX_PER_CLIENT = 2  # long tasks one client may have running or waiting
MAX_CHEAP_PER_CLIENT = 32  # cheap requests one client may have running or waiting
# Secret of this server's cookies: a cookie it did not sign names no client.
_SECRET = secrets.token_bytes(16)


class TooMany(Exception):
    """More work than one client, or the server, may have running or waiting (429)."""


def _sign(name: str) -> str:
    return hmac.new(_SECRET, name.encode(), hashlib.sha256).hexdigest()[:16]


def new_cookie() -> str:
    name = secrets.token_urlsafe(9)
    return f"{name}.{_sign(name)}"


def client_of(cookies: dict[str, str]) -> str:
    """The client a request comes from: its cookie when this server signed it, else ANONYMOUS."""
    name, _, mac = cookies.get(COOKIE, "").partition(".")
    if name and len(name) <= 32 and hmac.compare_digest(mac, _sign(name)):
        return name
    return ANONYMOUS


@dataclass(eq=False)
class Ticket:
    """One request's place in a gate: waiting until `granted` is done, then running."""

    client: str
    granted: asyncio.Future[None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future())
    left: bool = False


class FairGate:
    """The places of one pool, handed out round-robin across clients.

    `places` tasks run at once, at most `per_client_running` of one client's; waiting
    tickets queue per client, and a place that comes free goes to the next client in turn
    that has one waiting. `join` refuses (TooMany) a client holding `per_client` tickets or
    a gate holding `max_total`.
    """

    def __init__(self, places: int, *, per_client: int, max_total: int,
                 per_client_running: int = 1, name: str = "pool") -> None:
        self.places = places
        self.per_client = per_client
        self.max_total = max_total
        self.per_client_running = per_client_running
        self.name = name
        self.running: Counter[str] = Counter()
        self.waiting: dict[str, deque[Ticket]] = {}  # by arrival of the client's first waiter
        self.busy = 0
        self._served: dict[str, int] = {}  # client -> when it was last granted a place
        self._ticks = itertools.count()

    @property
    def total(self) -> int:
        return self.busy + sum(len(q) for q in self.waiting.values())

    def held(self, client: str) -> int:
        return self.running[client] + len(self.waiting.get(client, ()))

    def join(self, client: str) -> Ticket:
        """A ticket for `client`, granted now if a place is free; TooMany past a cap."""
        if self.held(client) >= self.per_client:
            raise TooMany(f"you already have {self.held(client)} {self.name} tasks running or "
                          f"waiting (at most {self.per_client}); wait for one or stop it")
        if self.total >= self.max_total:
            raise TooMany(f"the server already has {self.total} {self.name} tasks running or "
                          f"waiting (at most {self.max_total}); try again when one has finished")
        ticket = Ticket(client)
        self.waiting.setdefault(client, deque()).append(ticket)
        self._grant()
        return ticket

    def leave(self, ticket: Ticket) -> None:
        """Give the ticket's place back (or its place in the queue)."""
        if ticket.left:
            return
        ticket.left = True
        if ticket.granted.done() and not ticket.granted.cancelled():
            self.busy -= 1
            self.running[ticket.client] -= 1
            if self.running[ticket.client] <= 0:
                del self.running[ticket.client]
        else:
            queue = self.waiting.get(ticket.client)
            if queue is not None and ticket in queue:
                queue.remove(ticket)
                if not queue:
                    del self.waiting[ticket.client]
            if not ticket.granted.done():
                ticket.granted.cancel()
        self._grant()

    def _turn(self) -> list[str]:
        """Waiting clients in the order they are served: the one served longest ago (or
        never) first, ties by arrival."""
        return sorted(self.waiting, key=lambda c: self._served.get(c, -1))

    def _grant(self) -> None:
        while self.busy < self.places:
            client = next((c for c in self._turn()
                           if self.running[c] < self.per_client_running), None)
            if client is None:
                return
            queue = self.waiting[client]
            ticket = queue.popleft()
            if not queue:
                del self.waiting[client]
            self._served[client] = next(self._ticks)
            if len(self._served) > 4 * self.max_total:  # forget clients long gone
                for gone in [c for c in self._served if c not in self.waiting
                             and c not in self.running][: len(self._served) // 2]:
                    del self._served[gone]
            self.busy += 1
            self.running[client] += 1
            ticket.granted.set_result(None)

    def position(self, ticket: Ticket) -> int | None:
        """1 for the next ticket to be served, while it waits; None once it runs."""
        if ticket.granted.done() or ticket.left:
            return None
        queues = [list(self.waiting[c]) for c in self._turn()]
        at = 0
        for depth in range(max((len(q) for q in queues), default=0)):
            for queue in queues:
                if depth < len(queue):
                    at += 1
                    if queue[depth] is ticket:
                        return at
        return None

    async def wait(self, ticket: Ticket, timeout: float | None = None) -> None:
        """Until the ticket is granted; the ticket leaves if this is cancelled or times out."""
        try:
            await asyncio.wait_for(asyncio.shield(ticket.granted), timeout)
        except BaseException:
            self.leave(ticket)
            raise

    @contextlib.asynccontextmanager
    async def place(self, client: str, timeout: float | None = None) -> AsyncIterator[Ticket]:
        """Hold a place for the body: wait for one (TooMany past a cap, TimeoutError past
        `timeout`), give it back after."""
        ticket = self.join(client)
        await self.wait(ticket, timeout)
        try:
            yield ticket
        finally:
            self.leave(ticket)

    def describe(self) -> dict[str, Any]:
        return {"running": self.busy, "waiting": self.total - self.busy, "places": self.places,
                "max_total": self.max_total, "max_per_client": self.per_client,
                "clients": len(set(self.running) | set(self.waiting))}


class ClientCookie:
    """Give a browser a client name (a cookie this server signs) with the first page it
    loads, or when its cookie is not one of ours, so its work is counted as its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or _signed_cookie(scope):
            await self.app(scope, receive, send)
            return

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                html = any(k.lower() == b"content-type" and v.startswith(b"text/html")
                           for k, v in headers)
                if html:
                    value = f"{COOKIE}={new_cookie()}; Path=/; SameSite=Strict; HttpOnly"
                    headers.append((b"set-cookie", value.encode()))
                    message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def _signed_cookie(scope: Scope) -> bool:
    from http.cookies import SimpleCookie

    raw = dict(scope["headers"]).get(b"cookie", b"").decode("latin-1")
    jar: SimpleCookie = SimpleCookie()
    with contextlib.suppress(Exception):  # a malformed Cookie header: as none
        jar.load(raw)
    morsel = jar.get(COOKIE)
    return morsel is not None and client_of({COOKIE: morsel.value}) != ANONYMOUS
