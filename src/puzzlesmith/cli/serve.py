"""`puzzlesmith serve`: the local web app on uvicorn."""

from __future__ import annotations

from typing import Annotated

import typer

from puzzlesmith.cli.common import LexiconOpt, err_console
from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import available


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port.")] = 8000,
    lexicon: LexiconOpt = None,
    workers: Annotated[int, typer.Option("--workers", min=1, max=16,
                                         help="Worker processes for solves.")] = 2,
    job_workers: Annotated[int, typer.Option("--job-workers", min=1, max=16,
                                             help="Worker processes for long counts.")] = 1,
) -> None:
    """Start the web app (pages and JSON API) and print its address."""
    import uvicorn

    from puzzlesmith.web import Settings, create_app

    if lexicon and lexicon not in available():
        raise InputError(f"unknown lexicon {lexicon!r}: the web app takes a registered name "
                         f"({', '.join(available())}); add a word file with `lexicon add`")
    app = create_app(Settings(lexicon=lexicon, workers=workers, job_workers=job_workers))
    shown = f"[{host}]" if ":" in host else host
    err_console.print(f"puzzlesmith web app on http://{shown}:{port}/  (Ctrl-C to stop)")
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=3)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
