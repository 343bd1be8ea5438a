"""Options and printing helpers shared by every command group."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from puzzlesmith.errors import InputError

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

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
    Path | None, typer.Option("--from", help="Read inputs from a file, one per line ('-' = stdin).")
]


def read_inputs(args: list[str] | None, from_file: Path | None) -> list[str]:
    """Command-line inputs followed by the lines of --from (blank lines and # comments skipped)."""
    items = list(args or [])
    if from_file is not None:
        try:
            text = sys.stdin.read() if str(from_file) == "-" else from_file.read_text("utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"cannot read {from_file}: {e}") from None
        for line in text.splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                items.append(line)
    if not items:
        raise InputError("nothing to do: give an input on the command line or with --from")
    return items


def exit_time_limit(message: str) -> typer.Exit:
    """Report a search that hit its time limit: one line on stderr, exit status 1."""
    err_console.print(f"time limit: {message}", highlight=False, markup=False)
    return typer.Exit(1)


def print_json(doc: dict[str, Any]) -> None:
    """One JSON document on one line (so several make JSON Lines)."""
    sys.stdout.write(json.dumps(doc, separators=(",", ":")) + "\n")
    sys.stdout.flush()
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
