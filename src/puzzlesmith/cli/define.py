"""`puzzlesmith define WORD...`: the WordNet senses of words (parsing and printing only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from puzzlesmith.cli.common import FromOpt, JsonOpt, console, print_json, read_inputs

if TYPE_CHECKING:
    from puzzlesmith.lexicon.meanings import Definition


def print_definition(d: Definition) -> None:
    """Senses grouped by part of speech, numbered in WordNet's order, with what they are."""
    base = f" [dim](base form: {escape(d.base)})[/]" if d.base else ""
    if not d.senses:
        console.print(f"[bold]{escape(d.word)}[/]{base}: no sense in WordNet")
        return
    console.print(f"[bold]{escape(d.word)}[/]{base}")
    pos = None
    for n, s in enumerate(d.senses, 1):
        if s.pos != pos:
            pos = s.pos
            console.print(f"  [cyan]{pos}[/]")
        console.print(f"    {n}. {escape(s.gloss)}")
        for e in s.examples:
            console.print(f"       [dim]\"{escape(e)}\"[/]")
        if s.synonyms:
            console.print(f"       [green]synonyms:[/] {escape(', '.join(s.synonyms))}")
        if s.kind_of:
            console.print(f"       [green]kind of:[/] {escape(', '.join(s.kind_of))}")


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
    for i, w in enumerate(items):
        d = define(w)
        if json:
            print_json(d.to_json())
            continue
        if i:
            console.print()
        print_definition(d)


def register(app: typer.Typer) -> None:
    app.command("define")(define_cmd)
