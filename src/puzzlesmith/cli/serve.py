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
    worker_mb: Annotated[int, typer.Option(
        "--worker-mb", min=0, help="Replace a worker, between two requests, once it holds more "
        "than this many MB (0: never).")] = 400,
    allow_host: Annotated[list[str] | None, typer.Option(
        "--allow-host", help="Also answer requests for this Host name (repeatable); by "
        "default only 127.0.0.1, localhost and [::1], and with --host 0.0.0.0 or :: this "
        "machine's names and addresses too. '*' answers any name (a warning says why not).")] = None,
) -> None:
    """Start the web app (pages and JSON API) and print its address."""
    import uvicorn

    from puzzlesmith.web import Settings, create_app

    if lexicon and lexicon not in available():
        raise InputError(f"unknown lexicon {lexicon!r}: the web app takes a registered name "
                         f"({', '.join(available())}); add a word file with `lexicon add`")
    shown = f"[{host}]" if ":" in host else host
    allowed = _allowed_hosts(host, allow_host or [])
    if "*" in allowed:
        sys.stderr.write("warning: --allow-host '*' answers any Host name, so a web page "
                         "anywhere can reach this server through DNS rebinding\n")
    _check_port(host, port)
    if host not in ("127.0.0.1", "localhost", "::1"):
        # One line however narrow the terminal (Rich would wrap it).
        sys.stderr.write(f"warning: listening on {shown}; the app has no login, so anyone who "
                         f"can reach it may use it (Host names answered: {', '.join(allowed[:6])}"
                         f"{f' and {len(allowed) - 6} more' if len(allowed) > 6 else ''})\n")

    def announce() -> None:
        # The pages answer at once; the workers load the dictionary behind them.
        err_console.print(f"puzzlesmith web app on http://{shown}:{port}/  (Ctrl-C to stop); "
                          "loading the dictionary…")

    def ready() -> None:
        err_console.print("ready: the dictionary is loaded")

    app = create_app(Settings(lexicon=lexicon, workers=workers, job_workers=job_workers,
                                     allowed_hosts=tuple(allowed), long_nice=long_nice,
                                     worker_mb=worker_mb or None),
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
    """Host names to answer: this machine's, the listening address (the one printed), and
    --allow-host's; on every address (0.0.0.0, ::) this machine's names and addresses too."""
    from puzzlesmith.web.guard import LOCAL_HOSTS, host_name, normalize

    names = [*LOCAL_HOSTS, normalize(host)]
    for name in extra:
        if name == "*":
            names.append("*")
        elif host_name(name) != normalize(name) and host_name(f"[{name}]") != normalize(name):
            raise InputError(f"--allow-host takes a host name without port or path, not {name!r}")
        else:
            names.append(normalize(name))
    if host in ("0.0.0.0", "::"):
        names += _own_names()
    return [f"[{n}]" if ":" in n else n for n in dict.fromkeys(names)]


def _own_names() -> list[str]:
    """This machine's names and the addresses of its interfaces: what a browser elsewhere
    puts in Host when it reaches a server listening on every address."""
    import psutil

    names = [socket.gethostname().lower(), socket.getfqdn().lower()]
    for addresses in psutil.net_if_addrs().values():
        names += [a.address.split("%")[0].lower() for a in addresses
                  if a.family in (socket.AF_INET, socket.AF_INET6)]
    return [n for n in names if n]


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
