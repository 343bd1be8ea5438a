"""`puzzlesmith serve`: the local web app on uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import sys
from types import FrameType
from typing import Annotated

import typer

from puzzlesmith.cli.common import LexiconOpt, err_console
from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import available


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port.")] = 8000,
    lexicon: LexiconOpt = None,
    workers: Annotated[int, typer.Option("--workers", min=1, max=16,
                                         help="Worker processes for solves.")] = 2,
    job_workers: Annotated[int, typer.Option("--job-workers", min=1, max=16,
                                             help="Worker processes for long counts.")] = 1,
    long_nice: Annotated[int, typer.Option(
        "--long-nice", min=0, max=19, help="CPU niceness of the long-work processes, so "
        "cheap requests get the CPU first (0: the same priority).")] = 10,
    allow_host: Annotated[list[str] | None, typer.Option(
        "--allow-host", help="Also answer requests for this Host name (repeatable); by "
        "default only 127.0.0.1, localhost and [::1].")] = None,
) -> None:
    """Start the web app (pages and JSON API) and print its address."""
    import uvicorn

    from puzzlesmith.web import Settings, create_app

    if lexicon and lexicon not in available():
        raise InputError(f"unknown lexicon {lexicon!r}: the web app takes a registered name "
                         f"({', '.join(available())}); add a word file with `lexicon add`")
    _check_port(host, port)
    shown = f"[{host}]" if ":" in host else host
    allowed = _allowed_hosts(host, allow_host or [])
    if host not in ("127.0.0.1", "localhost", "::1"):
        # One line however narrow the terminal (Rich would wrap it).
        sys.stderr.write(f"warning: listening on {shown}; the app has no login, so anyone who "
                         f"can reach it may use it (Host names answered: {', '.join(allowed)})\n")

    def announce() -> None:
        # The pages answer at once; the workers load the dictionary behind them.
        err_console.print(f"puzzlesmith web app on http://{shown}:{port}/  (Ctrl-C to stop); "
                          "loading the dictionary…")

    def ready() -> None:
        err_console.print("ready: the dictionary is loaded")

    app = create_app(Settings(lexicon=lexicon, workers=workers, job_workers=job_workers,
                                     allowed_hosts=tuple(allowed), long_nice=long_nice),
                     on_listening=announce, on_ready=ready)

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            # Kill the workers first: requests still solving answer 503 at once, so the
            # graceful shutdown does not sit out their time limits.
            # A signal handler may interrupt the event loop anywhere: run abort on the loop.
            abort = getattr(app.state, "abort", None)
            if abort is not None:
                with contextlib.suppress(RuntimeError):  # no loop running yet (or any more)
                    asyncio.get_running_loop().call_soon_threadsafe(abort)
            super().handle_exit(sig, frame)

    err_console.print("starting the puzzlesmith web app…")
    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            timeout_graceful_shutdown=5)
    Server(config).run()


def _allowed_hosts(host: str, extra: list[str]) -> list[str]:
    """Host names to answer: this machine's, a named listening address, and --allow-host's."""
    from puzzlesmith.web.guard import LOCAL_HOSTS, host_name, normalize

    names = list(LOCAL_HOSTS)
    if host not in ("0.0.0.0", "::"):
        names.append(normalize(host))
    for name in extra:
        if host_name(name) != normalize(name) and host_name(f"[{name}]") != normalize(name):
            raise InputError(f"--allow-host takes a host name without port or path, not {name!r}")
        names.append(normalize(name))
    return [f"[{n}]" if ":" in n else n for n in dict.fromkeys(names)]


def _check_port(host: str, port: int) -> None:
    """Say plainly when the port is taken, before the workers spend seconds starting."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as e:
            raise InputError(f"cannot listen on {host}:{port}: {e.strerror or e} "
                             "(another server there? try --port)") from None


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
