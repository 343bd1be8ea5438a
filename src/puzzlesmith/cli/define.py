"""`puzzlesmith define WORD...`: the WordNet senses of words (parsing and printing only)."""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from puzzlesmith.cli.common import FromOpt, JsonOpt, console, print_json, read_inputs

if TYPE_CHECKING:
    from puzzlesmith.lexicon.meanings import Definition


def _wrapped(label: str, text: str, first: str = " " * 6, **style: Any) -> None:
    """One field, wrapped to the terminal under itself (6 spaces in), not under the number."""
    width = max(40, shutil.get_terminal_size((80, 24)).columns - 1)
    head = first + label
    lines = textwrap.wrap(text, width=width, initial_indent=head, subsequent_indent=" " * 6,
                          break_on_hyphens=False, break_long_words=False)
    for i, line in enumerate(lines):
        if i == 0:
            line = first + typer.style(label, fg="green") + typer.style(line[len(head):], **style)
        else:
            line = typer.style(line, **style)
        typer.echo(line)


def print_definition(d: Definition) -> None:
    """Senses grouped by part of speech, numbered in WordNet's order, with what they are.

    Plain click output, not Rich: `define` is a quick look-up, and Rich's import would be
    most of its start-up."""
    base = " " + typer.style(f"(base form: {d.base})", dim=True) if d.base else ""
    word = typer.style(d.word, bold=True)
    if not d.senses:
        typer.echo(f"{word}{base}: no sense in WordNet")
        return
    typer.echo(f"{word}{base}")
    pos = None
    for n, s in enumerate(d.senses, 1):
        if s.pos != pos:
            pos = s.pos
            typer.echo("  " + typer.style(pos, fg="cyan"))
        _wrapped("", s.gloss, first=f"{n:>4}. ")
        for e in s.examples:
            text, credit, author = e.partition(" \u2014 ")  # lexicon.meanings.CREDIT
            _wrapped("", f'"{text}"' + (f" - {author}" if credit else ""), dim=True)
        if s.synonyms:
            _wrapped("synonyms: ", ", ".join(s.synonyms))
        if s.kind_of:
            _wrapped("kind of: ", ", ".join(s.kind_of))


def print_defined(words: Iterable[str], marked: frozenset[str] = frozenset(),
                  full: frozenset[str] = frozenset()) -> None:
    """One word a line with its first definition (common words bold, full anagrams starred)."""
    from rich.text import Text

    from puzzlesmith.lexicon.meanings import first_definitions

    defs = first_definitions(words)
    if not defs:
        return
    width = max(len(w) for w in defs) + 3
    for w, gloss in defs.items():
        label = w + ("*" if w in full else "")
        console.print(Text.assemble((label, "bold" if w in marked else ""),
                                    " " * (width - len(label)),
                                    (gloss, "") if gloss else ("-", "dim")))


def define_cmd(
    words: Annotated[list[str] | None, typer.Argument(help="Words or phrases (quote phrases).")] = None,
    from_file: FromOpt = None,
    json: JsonOpt = False,
) -> None:
    """Every WordNet sense of words: definition, examples, synonyms, what it is a kind of.

    A word that is not itself in WordNet is looked up by its base form (geese -> goose).
    """
    from puzzlesmith.lexicon.meanings import define, normalize

    items = read_inputs(words, from_file)
    for w in items:
        normalize(w)  # every word checked before any answer is printed
    from puzzlesmith.lexicon.sounds import described

    for i, w in enumerate(items):
        d = define(w)
        sound = described(d.word)
        if json:
            print_json({**d.to_json(), **sound})
            continue
        if i:
            typer.echo()
        print_definition(d)
        if sound["pronunciations"]:
            counts = "/".join(map(str, sound["syllables"]))
            typer.echo(f"  pronounced: {'; '.join(map(str, sound['pronunciations']))} "
                       f"({counts} syllable{'' if counts == '1' else 's'}; CMU Pronouncing "
                       "Dictionary)")


def register(app: typer.Typer) -> None:
    app.command("define")(define_cmd)
