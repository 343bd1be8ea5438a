"""Options and printing helpers shared by every command group."""

from __future__ import annotations

import json
import sys
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from json.encoder import encode_basestring_ascii as _json_string  # json.dumps(a str), in C
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from puzzlesmith.bounded import read_puzzle_bytes
from puzzlesmith.errors import InputError

if TYPE_CHECKING:
    from rich.console import Console


class _LazyConsole:
    """A Rich console made on first use: importing Rich is a large part of start-up
    (benchmarks/startup.py), which a --json answer or a --help page never needs."""

    def __init__(self, **options: Any) -> None:
        self._options = options
        self._console: Console | None = None

    def _real(self) -> Console:
        if self._console is None:
            from rich.console import Console

            self._console = Console(**self._options)
        return self._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real(), name)

    # Rich's progress bars use the console as a context manager, and `with` looks these up
    # on the type, not through __getattr__.
    def __enter__(self) -> Console:
        return self._real().__enter__()

    def __exit__(self, *exc: object) -> None:
        self._real().__exit__(*exc)


console = cast("Console", _LazyConsole(highlight=False))
err_console = cast("Console", _LazyConsole(stderr=True, highlight=False))

LexiconOpt = Annotated[
    str | None,
    typer.Option("--lexicon", "-L", help="Word list: a registered name or a path to a word file."),
]
CommonOpt = Annotated[
    bool, typer.Option("--common", help="Only common words (wordfreq top N, no proper names).")
]
CommonTopOpt = Annotated[
    int,
    typer.Option("--common-top", min=1, help="How many of the most frequent words count as common."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON (JSON Lines for several inputs).")]
FromOpt = Annotated[
    Path | None, typer.Option("--from", help="Read inputs from a file, one input a line ('-' = "
                              "stdin); --file, where a command has it, reads one whole puzzle.")
]


def check_output(path: Path | None) -> None:
    """Refuse an output path before any work is spent (see `files.output_target`: a
    device, a FIFO, a folder or a missing folder); `-` is standard output."""
    from puzzlesmith.files import is_stdout, output_target

    if path is not None and not is_stdout(path):
        try:
            output_target(path)
        except OSError as e:
            raise InputError(f"cannot write {path}: {e.strerror or e}") from None


def is_comment(line: str) -> bool:
    """A comment line is `#` alone or `#` then a space: `#a#` is a pattern, not a comment."""
    return line == "#" or line.startswith("# ")


def read_inputs(args: list[str] | None, from_file: Path | None) -> list[str]:
    """Command-line inputs followed by the lines of --from, one input a line; blank lines
    and comment lines (see `is_comment`) are skipped, every other line is an input."""
    items = list(args or [])
    if from_file is not None:
        try:
            text = read_puzzle_bytes(from_file, f"--from {from_file}").decode("utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"cannot read {from_file}: {e}") from None
        for line in text.splitlines():
            line = line.strip()
            if line and not is_comment(line):
                items.append(line)
    if not items:
        raise InputError("nothing to do: give an input on the command line or with --from")
    return items


def check_not_expanded(args: list[str], plausible: str = r"[a-z?._*@#\[\]^!1-9/:-]+") -> None:
    """An unquoted `??????` is replaced by the shell with the names of the files it matches:
    arguments that name files here, and are either several or not `plausible` inputs (a
    regex), are taken for such names, with a message to quote the pattern."""
    import os
    import re

    files = [a for a in args if os.path.lexists(a)]
    if files and (len(files) > 1 or not re.fullmatch(plausible, files[0])):
        raise InputError(f"{files[0]!r} is the name of a file here: the shell replaced an unquoted "
                         "pattern with the files it matches; quote the pattern ('??????')")


def exit_time_limit(message: str) -> typer.Exit:
    """Report a search that hit its time limit: one line on stderr, exit status 1."""
    err_console.print(f"time limit: {message}", highlight=False, markup=False)
    return typer.Exit(1)


@contextmanager
def working(what: str, limit: float | None, delay: float = 0.5) -> Iterator[None]:
    """A progress bar on standard error while slow work runs, when that is a terminal: the
    seconds used of the time limit (the work ends by then, with its answer or a time-limit
    report). It appears only after `delay`, as most answers come sooner, and is gone when
    the work ends. (Whether standard error is a terminal is asked only then: asking makes the
    Rich console, whose import would cost every quick answer part of its start-up.)"""
    import threading
    import time

    done = threading.Event()

    def show() -> None:
        if done.wait(delay) or not err_console.is_terminal:
            return
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        start = time.perf_counter() - delay
        until = f"stops by {limit:g} s" if limit else ""
        with Progress(TextColumn(what), BarColumn(), TimeElapsedColumn(), TextColumn(until),
                      console=err_console, transient=True) as bar:
            task = bar.add_task(what, total=limit)
            while not done.wait(0.2):
                bar.update(task, completed=time.perf_counter() - start)

    thread = threading.Thread(target=show, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


def print_json(doc: dict[str, Any], plain: Collection[str] = ()) -> None:
    """One JSON document on one line (so several make JSON Lines); `plain` names keys whose
    lists of strings the caller knows need no escapes."""
    print_text(compact_json(doc, plain))


def print_text(line: str) -> None:
    """One line written as it is (a JSON document already made), flushed at once."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


# The bytes json.dumps writes otherwise than as themselves inside a string (non-ASCII is
# ruled out first).
_ESCAPED = bytes([*range(32), 127]) + b'"\\'


def compact_json(doc: Any, plain: Collection[str] = ()) -> str:
    """`json.dumps(doc, separators=(",", ":"))`, the same text, with each list of strings
    that need no escapes written by one join: the encoder spends a few hundred nanoseconds a
    string, which was most of a `match --from` run's time (answers of thousands of words).
    The lists under the keys in `plain` are not checked."""
    kind = type(doc)
    if kind is str:
        return _json_string(doc)
    if kind is int:
        return int.__repr__(doc)
    if kind is bool or doc is None:
        return "true" if doc is True else "false" if doc is False else "null"
    if type(doc) is dict and all(type(k) is str for k in doc):
        return "{" + ",".join(
            f"{_json_string(k)}:{_plain_list(v) if k in plain else compact_json(v)}"
            for k, v in doc.items()) + "}"
    if type(doc) in (list, tuple) and doc:
        try:
            body = '","'.join(doc)
        except TypeError:  # not all strings
            pass
        else:
            # The join put in 2(n - 1) quotes; any other escaped byte is one too many.
            if body.isascii():
                raw = body.encode("ascii")
                if len(raw) - len(raw.translate(None, _ESCAPED)) == 2 * len(doc) - 2:
                    return f'["{body}"]'
    return json.dumps(doc, separators=(",", ":"))


def _plain_list(words: list[str]) -> str:
    return '["' + '","'.join(words) + '"]' if words else "[]"


KindOfOpt = Annotated[
    str | None,
    typer.Option("--kind-of", help="Only words that are a kind of TOPIC in WordNet (bird, city)."),
]
MeansOpt = Annotated[
    str | None,
    typer.Option("--means", help="Words for TEXT: kinds of it, synonyms, words whose definition "
                 "mentions it, ranked in that order (also PATTERN:TEXT)."),
]
DefineOpt = Annotated[
    bool, typer.Option("--define", help="Show each word with its first WordNet definition.")
]
ForeignOpt = Annotated[
    bool,
    typer.Option("--foreign/--no-foreign", help="Let in, or leave out, words markedly more "
                 "frequent in French, Spanish, Italian, German, Portuguese or Dutch text than in "
                 "English (ciao, merci, ja; see docs/foreign.md)."),
]
