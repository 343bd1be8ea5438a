"""The HTTP app: static pages, the JSON API, and the worker pools behind it.

Errors are always `{"detail": "<one line>"}`: 400 for bad input (the CLI's own message, with
the folders of any path left out) or a Host name this server does not answer (guard.py),
413 for a body over the size limit, 422 for a request that does not fit the API's schema,
503 when every worker stays busy, 504 when a search had to be killed at its time limit.
"""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from puzzlesmith.errors import InputError, shortened
from puzzlesmith.web import tasks
from puzzlesmith.web.admission import (
    LONG_NICE,
    MAX_CHEAP_PER_CLIENT,
    MAX_PER_CLIENT,
    MAX_TOTAL,
    ClientCookie,
    FairGate,
    TooMany,
)
from puzzlesmith.web.guard import LOCAL_HOSTS, HostCheck, redact
from puzzlesmith.web.jobs import JobTable
from puzzlesmith.web.pages import NOT_FOUND, PAGES, STATIC, render
from puzzlesmith.web.pool import PoolBusy, TaskKilled, WorkerCrashed, WorkerPool

log = logging.getLogger("puzzlesmith.web")


@dataclass(frozen=True)
class Settings:
    """How the server runs; `puzzlesmith serve` fills it from its options."""

    lexicon: str | None = None  # the default dictionary for requests that name none
    workers: int = 2  # quick solves (each request waits for one of these)
    job_workers: int = 1  # long work (jobs, fills, generation), kept apart from solves
    max_long: int = MAX_TOTAL  # long tasks running or queued at once (429 past it)
    max_long_per_client: int = MAX_PER_CLIENT
    max_cheap_per_client: int = MAX_CHEAP_PER_CLIENT
    long_nice: int = LONG_NICE  # the long workers' niceness (0: the solve workers' priority)
    max_body: int = 64 * 1024
    queue_timeout: float = 60.0
    # A worker holding more than this after a task is replaced before the next (`--worker-mb`).
    worker_mb: int | None = 400
    # Host names answered besides this machine's own (guard.LOCAL_HOSTS): `--allow-host`.
    allowed_hosts: tuple[str, ...] = ()


class BodyLimit:
    """Answer 413 to any request body over `max_bytes`, declared or streamed.

    The body is read here, before the app sees it: an error raised while FastAPI reads a body
    would come out as its generic 400, not as 413.
    """

    def __init__(self, app: ASGIApp, max_bytes: int, larger: dict[str, int] | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.larger = larger or {}  # path -> its own limit (file uploads)

    async def _too_large(self, send: Send, limit: int) -> None:
        body = b'{"detail":"request body too large (at most %d bytes)"}' % limit
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        limit = max(self.max_bytes, self.larger.get(scope["path"], 0))
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await self._too_large(send, limit)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before sending its body
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._too_large(send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class Revalidate:
    """`cache-control: no-cache` on every answer: pages and modules are never served stale."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_header(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(k.lower() == b"cache-control" for k, _ in headers):
                    headers.append((b"cache-control", b"no-cache"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_header if scope["type"] == "http" else send)


# Only this server's own scripts and styles run (no inline script, no other site's), nothing
# is loaded from elsewhere, and no site may frame the pages (clickjacking). Style attributes
# stay allowed: the pages use a few for spacing, and an attribute cannot run script.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; "
       "style-src-attr 'unsafe-inline'; img-src 'self'; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers that predate it
    (b"referrer-policy", b"same-origin"),
)


class SecurityHeaders:
    """The headers of `SECURITY_HEADERS` on every answer, errors included; an answer that
    sets its own policy (the interactive API page) keeps it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in SECURITY_HEADERS if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _swagger_page() -> Response:
    """FastAPI's interactive API page, with a policy of its own: Swagger UI comes from its
    CDN (the page says it needs a connection) and starts with one inline script, allowed by
    its hash alone."""
    import base64
    import hashlib
    import re

    from fastapi.openapi.docs import get_swagger_ui_html

    page = get_swagger_ui_html(openapi_url="/openapi.json", title="puzzlesmith API")
    html = bytes(page.body).decode()
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(m.encode()).digest()).decode() + "'"
        for m in re.findall(r"<script>(.*?)</script>", html, re.S))
    cdn = "https://cdn.jsdelivr.net"
    policy = (f"default-src 'self'; script-src 'self' {cdn} {hashes}; style-src 'self' {cdn} "
              "'unsafe-inline'; img-src 'self' data: https://fastapi.tiangolo.com; "
              "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
    return HTMLResponse(html, headers={"content-security-policy": policy})


def _methods(path: str) -> list[str]:
    """Every method some API route answers at `path`."""
    from puzzlesmith.web.api import router

    methods: set[str] = set()
    for route in router.routes:
        regex, allowed = getattr(route, "path_regex", None), getattr(route, "methods", None)
        if regex is not None and allowed and regex.match(path):
            methods |= set(allowed)
    return sorted(methods)


def _one_line(exc: RequestValidationError) -> str:
    """Pydantic's error list as one line, like the CLI's usage errors."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else str(err.get("msg")))
    return "; ".join(parts) or "invalid request"


def _start_long_trie_builder() -> subprocess.Popen[bytes] | None:
    """Build the 13-16-letter Q-Less shape tables in the background when the disk cache
    lacks them: building one takes up to a minute, longer than a request's time limit."""
    from puzzlesmith.qless.shapes.cores import MAX_CELLS, MIN_CELLS, long_trie_cached

    if all(long_trie_cached(n) for n in range(MIN_CELLS, MAX_CELLS + 1)):
        return None
    builder = subprocess.Popen(
        [sys.executable, "-c",
         "from puzzlesmith.qless.engines.dispatch import build_long_tries; build_long_tries()"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    # Reaped when it ends, so it never stays a zombie for the server's lifetime.
    threading.Thread(target=builder.wait, name="reap-builder", daemon=True).start()
    return builder


def _start_fill_warmer() -> subprocess.Popen[bytes]:
    """Build the crossword list's fill tables into the disk cache in the background, at the
    lowest priority (a fresh cache's first fill check would build them within its own time
    limit, and could pass it); quick when they are cached already."""
    builder = subprocess.Popen(
        [sys.executable, "-c",
         "import os; os.nice(19)\n"
         "from puzzlesmith.fill.options import FillOptions\n"
         "from puzzlesmith.fill.tables import warm_tables\n"
         "from puzzlesmith.lexicon import narrowed\n"
         "warm_tables(*narrowed(FillOptions().lexicon_spec()))"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    threading.Thread(target=builder.wait, name="reap-fill-warmer", daemon=True).start()
    return builder


async def _start_pools(app: FastAPI, solve_pool: WorkerPool, job_pool: WorkerPool,
                       on_ready: Callable[[], None] | None) -> None:
    """Bring the pools' workers up; /api/health says `ready` once they are."""
    try:
        await asyncio.gather(solve_pool.start(), job_pool.start())
    except WorkerCrashed as e:
        app.state.start_error = str(e)
        log.error("the server's workers did not start: %s", e)
        return
    app.state.ready = True
    if on_ready is not None:
        on_ready()


def create_app(
    settings: Settings | None = None, *, on_listening: Callable[[], None] | None = None,
    on_ready: Callable[[], None] | None = None,
) -> FastAPI:
    """The web app; it answers once its lifespan starts (then `on_listening()`), while its
    pools' workers start behind it (then `on_ready()`). Long: the lifespan, the error
    handlers and the pages are closures over the settings and the app, each a few lines."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        warm = partial(tasks.warm, settings.lexicon)
        # Imported once in the forkserver (with the engines, see tasks.ENGINES), so every
        # worker and every replacement starts with them.
        preload = ("puzzlesmith.web.tasks",)
        max_rss = settings.worker_mb * 2**20 if settings.worker_mb else None
        solve_pool = WorkerPool(settings.workers, warm=warm, name="solve",
                                queue_timeout=settings.queue_timeout, preload=preload,
                                max_rss=max_rss)
        # Long work waits its turn (no queue timeout: admission bounds how much may wait).
        job_pool = WorkerPool(settings.job_workers, warm=warm, name="long", queue_timeout=None,
                              preload=preload, nice=settings.long_nice, max_rss=max_rss)
        builder = _start_long_trie_builder()
        fill_warmer = _start_fill_warmer()
        # The server answers at once; its workers load the dictionary behind it (on a first
        # start they build its caches too, up to a minute), and requests wait for them.
        solve_pool.open()
        job_pool.open()
        app.state.ready = False
        app.state.building = {"qless long-roll shapes": builder, "crossword fill tables":
                              fill_warmer}
        starting = asyncio.create_task(_start_pools(app, solve_pool, job_pool, on_ready))
        app.state.solve_pool = solve_pool
        app.state.long_pool = job_pool
        app.state.cheap_gate = FairGate(settings.workers, per_client=settings.max_cheap_per_client,
                                        max_total=16 * MAX_CHEAP_PER_CLIENT, name="cheap")
        app.state.long_gate = FairGate(settings.job_workers, per_client=settings.max_long_per_client,
                                       max_total=settings.max_long, name="long")
        app.state.jobs = JobTable(job_pool, app.state.long_gate)
        sweeper = asyncio.create_task(app.state.jobs.sweep())

        def abort() -> None:
            solve_pool.abort()
            job_pool.abort()

        app.state.abort = abort
        if on_listening is not None:
            on_listening()
        try:
            yield
        finally:
            starting.cancel()
            if builder is not None and builder.poll() is None:
                builder.terminate()  # its cache writes are atomic: a later start resumes
            if fill_warmer.poll() is None:
                fill_warmer.terminate()
            sweeper.cancel()
            await app.state.jobs.close()
            await solve_pool.close()
            await job_pool.close()

    app = FastAPI(
        title="puzzlesmith",
        summary="Solve, prove, count and create word and grid puzzles.",
        description=(
            "Every endpoint answers with exactly the JSON document the matching CLI command "
            "prints with `--json`; request fields are that command's options. Errors are "
            '`{"detail": "<message>"}` with the CLI\'s own message.'
        ),
        version="0.1.0",
        lifespan=lifespan,
        docs_url=None,  # served below, with its own content security policy
        redoc_url=None,
    )
    app.state.settings = settings
    from puzzlesmith.web.api import LARGE_BODIES

    app.add_middleware(BodyLimit, max_bytes=settings.max_body, larger=LARGE_BODIES)
    app.add_middleware(Revalidate)
    app.add_middleware(ClientCookie)
    # Last added runs first: a foreign Host is turned away before its body is read.
    app.add_middleware(HostCheck, allowed=(*LOCAL_HOSTS, *settings.allowed_hosts))
    app.add_middleware(SecurityHeaders)  # outermost: the guards' own answers get them too

    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError) -> Response:
        return JSONResponse({"detail": redact(shortened(str(exc)))}, status_code=400)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        # A browser asking for a page that is not there gets one in the site's style; the
        # API, and any client that does not ask for HTML, keeps the JSON error.
        path = request.url.path
        if (exc.status_code == 404 and not path.startswith("/api/")
                and "text/html" in request.headers.get("accept", "")):
            return HTMLResponse(render(NOT_FOUND, path), status_code=404)
        if exc.status_code == 405:
            # Starlette names the methods of the first route matching the path only; a path
            # served by two routes (GET and DELETE /api/jobs/{id}) has both.
            return JSONResponse({"detail": "Method Not Allowed"}, status_code=405,
                                headers={"allow": ", ".join(_methods(path))})
        return await http_exception_handler(request, exc)

    @app.exception_handler(RequestValidationError)
    async def schema_error(request: Request, exc: RequestValidationError) -> Response:
        return JSONResponse({"detail": _one_line(exc)}, status_code=422)

    @app.exception_handler(TaskKilled)
    async def killed(request: Request, exc: TaskKilled) -> Response:
        return JSONResponse({"detail": str(exc)}, status_code=504)

    @app.exception_handler(TooMany)
    async def too_many(request: Request, exc: TooMany) -> Response:
        return JSONResponse({"detail": str(exc)}, status_code=429, headers={"retry-after": "5"})

    @app.exception_handler(PoolBusy)
    async def busy(request: Request, exc: PoolBusy) -> Response:
        return JSONResponse({"detail": str(exc)}, status_code=503)

    @app.exception_handler(WorkerCrashed)
    async def crashed(request: Request, exc: WorkerCrashed) -> Response:
        log.error("a task failed:\n%s", exc)
        return JSONResponse({"detail": "internal error: the solver failed (see the server log)"},
                            status_code=500)

    from puzzlesmith.web.api import router

    app.include_router(router)

    def page(filename: str, path: str) -> Callable[[], Any]:
        async def serve_page() -> HTMLResponse:
            return HTMLResponse(render(filename, path))

        return serve_page

    for path, filename in PAGES.items():
        if STATIC.joinpath(filename).is_file():
            app.add_api_route(path, page(filename, path), include_in_schema=False, methods=["GET"])
    app.add_api_route("/docs", _swagger_page, include_in_schema=False, methods=["GET"])
    app.add_api_route("/favicon.ico", lambda: RedirectResponse("/static/favicon.svg"),
                      include_in_schema=False, methods=["GET"])
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app
