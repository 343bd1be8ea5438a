"""The command line: one module per command group, parsing and printing only.

Each module named in COMMANDS exposes `register(app)`, which adds its commands or sub-app.
A module is imported only when one of its commands runs (or shows its own help), so
`puzzlesmith match` never pays for the Star Battle solver and `puzzlesmith --help` for none.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
from typing import Any

# Plain click help: Typer's Rich help costs about 90 ms of imports on every --help, more than
# the rest of start-up together. TYPER_USE_RICH=1 brings it back.
os.environ.setdefault("TYPER_USE_RICH", "0")

import typer  # noqa: E402
from typer.core import TyperGroup  # noqa: E402

from puzzlesmith.errors import InputError  # noqa: E402

# command name -> (module under puzzlesmith.cli, one-line help for the top-level listing).
# tests/foundation/test_startup.py checks that each line equals the command's own help.
COMMANDS: dict[str, tuple[str, str]] = {
    "lexicon": ("lexicon", "Word lists: the bundled one and your own."),
    "match": ("words", "Words that fit crossword patterns."),
    "anagram": ("words", "Every word that can be built from the letters; full anagrams marked."),
    "wordgrid": ("wordgrid", "Column-word grids: fill the blank row so every column reads as a word."),
    "qless": ("qless", "Q-Less: use every rolled letter in one connected crossword."),
    "stars": ("stars", "Star Battle: K stars in every row, column and region, none touching."),
    "serve": ("serve", "Start the web app (pages and JSON API) and print its address."),
}


@functools.cache
def load_command(name: str) -> Any:
    """The click command NAME, built once from its module's Typer registration."""
    module = importlib.import_module(f"puzzlesmith.cli.{COMMANDS[name][0]}")
    holder = typer.Typer()
    module.register(holder)
    return typer.main.get_group(holder).commands[name]


class LazyGroup(TyperGroup):
    """The root group: lists commands from COMMANDS, imports a module only to run it."""

    _listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in COMMANDS:
            return None
        if self._listing:
            return typer.core.TyperCommand(cmd_name, help=COMMANDS[cmd_name][1])
        return load_command(cmd_name)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


app = LazyGroup(
    name="puzzlesmith",
    help="Solve, prove, count and create word and grid puzzles.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def main(argv: list[str] | None = None) -> None:
    """Entry point: bad input is one line on stderr and exit status 2, never a traceback."""
    try:
        app.main(args=argv, prog_name="puzzlesmith", standalone_mode=True)
    except InputError as e:
        sys.stderr.write(f"error: {e}\n")
        sys.exit(2)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.exit(130)
