"""The command line: one module per command group, parsing and printing only.

Each module named in COMMANDS exposes `register(app)`, which adds its commands or sub-app.
A module is imported only when one of its commands runs (or shows its own help), so
`puzzlesmith match` never pays for the Star Battle solver and `puzzlesmith --help` for none.
"""

from __future__ import annotations

import errno
import functools
import importlib
import os
import re
import sys
from typing import Any

# Plain click help: Typer's Rich help costs more imports on every --help than the rest of
# start-up together (benchmarks/startup.py). TYPER_USE_RICH=1 brings it back.
os.environ.setdefault("TYPER_USE_RICH", "0")

import typer  # noqa: E402
from typer.core import TyperGroup  # noqa: E402

from puzzlesmith.errors import InputError, shortened  # noqa: E402

# command path -> (module under puzzlesmith.cli, one-line help for the listing). A path of two
# words is a sub-group its parent loads lazily too (the parent's Typer app uses cls=LazyGroup).
# tests/foundation/test_startup.py checks that each line equals the command's own help.
COMMANDS: dict[str, tuple[str, str]] = {
    "lexicon": ("lexicon", "Word lists: the bundled one and your own."),
    "match": ("words", "Words that fit crossword patterns."),
    "anagram": ("words", "Every word that can be built from the letters; full anagrams marked."),
    "define": ("define",
               "Every WordNet sense of words: definition, examples, synonyms, what it is a kind of."),
    "wordgrid": ("wordgrid", "Column-word grids: fill the blank row so every column reads as a word."),
    "qless": ("qless", "Q-Less: use every rolled letter in one connected crossword."),
    "qless atlas": ("atlas", "The atlas: a stored result for every roll of the real dice."),
    "stars": ("stars", "Star Battle: K stars in every row, column and region, none touching."),
    "fill": ("fill", "Crossword fill: every entry of a grid a word, no word twice."),
    "serve": ("serve", "Start the web app (pages and JSON API) and print its address."),
}
ROOT = "puzzlesmith"


@functools.cache
def load_command(path: str) -> Any:
    """The click command at PATH, built once from its module's Typer registration."""
    module = importlib.import_module(f"puzzlesmith.cli.{COMMANDS[path][0]}")
    holder = typer.Typer()
    module.register(holder)
    command = typer.main.get_group(holder).commands[path.split()[-1]]
    for sub in getattr(command, "commands", {}).values():
        # Click cuts a listing's line at its terminal width with "..." (or at "e.g."):
        # given as short help, the first sentence is wrapped whole instead.
        if not sub.short_help and sub.help:
            sub.short_help = summary(sub.help)
    return command


def summary(help_text: str) -> str:
    """The first sentence of a command's help, on one line."""
    first = " ".join(re.split(r"\n\s*\n", help_text.strip())[0].split())
    end = re.search(r"(?<!e\.g)(?<!i\.e)\.(\s|$)", first)
    return first[:end.start() + 1] if end else first


class LazyGroup(TyperGroup):
    """A group whose COMMANDS children are listed from the table and imported only to run."""

    _listing = False

    def _path(self, name: str) -> str:
        return name if self.name == ROOT else f"{self.name} {name}"

    def _lazy(self) -> list[str]:
        depth = 1 if self.name == ROOT else 2
        return [p.split()[-1] for p in COMMANDS
                if len(p.split()) == depth and (depth == 1 or p.startswith(f"{self.name} "))]

    def list_commands(self, ctx: Any) -> list[str]:
        eager = [n for n in super().list_commands(ctx) if n not in self._lazy()]
        return eager + self._lazy()

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        path = self._path(cmd_name)
        if path not in COMMANDS:
            return super().get_command(ctx, cmd_name)
        if self._listing:
            line = COMMANDS[path][1]
            return typer.core.TyperCommand(cmd_name, help=line, short_help=line)
        return load_command(path)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """As click's, but a mistyped command name suggests the nearest one ("mach")."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            import difflib

            near = difflib.get_close_matches(name, self.list_commands(ctx), n=1, cutoff=0.6)
            ctx.fail(f"no such command {name!r}" + (f"; did you mean {near[0]}?" if near else ""))
        return super().resolve_command(ctx, args)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


def _print_version(ctx: Any, _param: Any, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        from puzzlesmith import __version__

        sys.stdout.write(f"puzzlesmith {__version__}\n")
        ctx.exit()


app = LazyGroup(
    name=ROOT,
    help="Solve, prove, count and create word and grid puzzles.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    params=[typer.core.TyperOption(
        param_decls=["--version", "-V"], is_flag=True, expose_value=False, is_eager=True,
        callback=_print_version, help="Print the version and exit.")],
)


# When main() was called: a command whose time limit is the user's whole wait counts from
# here (cli.common.limit_start), not from when its own module was loaded.
invoked_at: float | None = None


def main(argv: list[str] | None = None) -> None:
    """Entry point: bad input is one line on stderr and exit status 2, never a traceback.

    Click is run outside its standalone mode so that a usage error (an unknown option, a bad
    value) is one `error:` line like every other bad input, not click's usage block.
    """
    import errno
    import time

    global invoked_at
    invoked_at = time.perf_counter()
    # Typer 0.26+ carries its own copy of click: its exceptions are these, not click's.
    from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError

    if sys.stdout is None:  # started with standard output closed (`>&-`)
        sys.stdout = _ClosedOutput()
    try:
        code = app.main(args=argv, prog_name="puzzlesmith", standalone_mode=False)
        sys.stdout.flush()  # a full disk shows here, not in the interpreter's exit
    except InputError as e:
        sys.stderr.write(f"error: {shortened(str(e))}\n")
        sys.exit(2)
    except NoArgsIsHelpError as e:
        e.show()
        sys.exit(e.exit_code)
    except UsageError as e:
        where = f" (see '{e.ctx.command_path} --help')" if e.ctx is not None else ""
        sys.stderr.write(f"error: {shortened(_sentence(e.format_message()))}{where}\n")
        sys.exit(2)
    except ClickException as e:
        e.show()
        sys.exit(e.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        sys.stderr.write("interrupted\n")
        sys.exit(130)
    except OSError as e:
        # Output that cannot be written: never a traceback, and nothing left to flush at exit.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - flushed at exit, never read
        if e.errno == errno.EPIPE:
            sys.exit(1)  # the reader (`| head`) has gone: stop quietly, as click does
        if e.filename is not None:  # a file no command worded an error for
            sys.stderr.write(f"error: {e.filename}: {e.strerror or e}\n")
        else:
            sys.stderr.write(f"error: cannot write the output: {e.strerror or e}\n")
        sys.exit(2)
    finally:
        invoked_at = None
    sys.exit(code if isinstance(code, int) else 0)


class _ClosedOutput:
    """Standard output when the shell closed it: every write fails as on a closed file."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def _sentence(message: str) -> str:
    """Click's messages start with a capital and may span lines; ours are one lower-case line."""
    line = " ".join(message.split()).rstrip(".")
    return line[:1].lower() + line[1:]
