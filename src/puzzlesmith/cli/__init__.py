"""The command line: one module per command group, parsing and printing only.

Each module in COMMAND_GROUPS exposes `register(app)`, which adds its commands or sub-app.
"""

from __future__ import annotations

import importlib
import sys

import click
import typer

from puzzlesmith.errors import InputError

COMMAND_GROUPS = ("lexicon", "words", "wordgrid", "qless", "atlas", "stars", "fill", "serve")

app = typer.Typer(
    name="puzzlesmith",
    help="Solve, prove, count and create word and grid puzzles.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

for _group in COMMAND_GROUPS:
    importlib.import_module(f"puzzlesmith.cli.{_group}").register(app)


def main(argv: list[str] | None = None) -> None:
    """Entry point: bad input is one line on stderr and exit status 2, never a traceback."""
    try:
        app(args=argv, standalone_mode=True)
    except InputError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
