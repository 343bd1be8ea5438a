"""`puzzlesmith lexicon ...`: register, list and inspect word lists."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from puzzlesmith.cli.common import JsonOpt, console, print_json
from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import (
    DEFAULT_COMMON_TOP,
    LexiconSpec,
    available,
    get_index,
    load_lexicon,
    narrowed,
    register_file,
)

lexicon_app = typer.Typer(help="Word lists: the bundled one and your own.", no_args_is_help=True)


@lexicon_app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="Name to register the list under.")],
    path: Annotated[Path, typer.Argument(help="Word file: one word a line, # comments.")],
) -> None:
    """Register your own word list (e.g. NWL2023, Collins) under a name."""
    lex = register_file(name, path)
    get_index(lex)  # build the index now, so the first real command is fast
    note = f" ({lex.skipped} entries with characters other than a-z skipped)" if lex.skipped else ""
    console.print(f"registered {name}: {len(lex):,} words from {lex.source}{note}")


@lexicon_app.command("list")
def list_(json: JsonOpt = False) -> None:
    """The lexicons you can pass to --lexicon."""
    from rich.table import Table

    names = available()
    if json:
        print_json({"lexicons": [{"name": n, "source": s} for n, s in names.items()]})
        return
    table = Table("name", "source")
    for n, s in names.items():
        table.add_row(n, s)
    console.print(table)


@lexicon_app.command("info")
def info(
    name: Annotated[str | None, typer.Argument(help="Lexicon name or path.")] = None,
    json: JsonOpt = False,
) -> None:
    """Word counts by length, source and licence of a lexicon (`phrases`: WordNet's phrases)."""
    from rich.table import Table

    if name == "phrases" and "phrases" not in available():
        _phrases_info(json)
        return
    lex, index = narrowed(LexiconSpec(name))
    by_length = lex.counts_by_length()
    common = len(index.common_words())
    if json:
        print_json({
            "name": lex.name, "source": lex.source, "license": lex.license, "words": len(lex),
            "skipped": lex.skipped, "common_words": common, "content_hash": lex.content_hash,
            "by_length": {str(k): v for k, v in by_length.items()},
        })
        return
    console.print(f"[bold]{lex.name}[/]: {len(lex):,} words, {common:,} of them common")
    console.print(f"source: {lex.source}\nlicense: {lex.license}")
    if lex.skipped:
        console.print(f"skipped {lex.skipped:,} entries with characters other than a-z")
    table = Table("length", "words")
    for k, v in by_length.items():
        table.add_row(str(k), f"{v:,}")
    console.print(table)


def _phrases_info(json: bool) -> None:
    """The phrase list that --phrases adds: WordNet's multiword lemmas, kept apart."""
    from rich.table import Table

    from puzzlesmith.lexicon.meanings import phrase_lexicon, wordnet

    lex = phrase_lexicon()
    phrases = sum(len(v) for v in wordnet().phrases.values())
    by_length = lex.counts_by_length()
    if json:
        print_json({"name": lex.name, "source": lex.source, "license": lex.license,
                    "phrases": phrases, "words": len(lex),
                    "by_length": {str(k): v for k, v in by_length.items()}})
        return
    console.print(f"[bold]{lex.name}[/]: {phrases:,} phrases, {len(lex):,} distinct letter strings "
                  "(matched without spaces and hyphens)")
    console.print(f"source: {lex.source}\nlicense: {lex.license}")
    table = Table("letters", "strings")
    for k, v in by_length.items():
        table.add_row(str(k), f"{v:,}")
    console.print(table)


@lexicon_app.command("words")
def words(name: Annotated[str | None, typer.Argument(help="Lexicon name or path.")] = None) -> None:
    """Print the normalized words of a lexicon, one a line."""
    lex = load_lexicon(name)
    typer.echo("\n".join(lex.words))


@lexicon_app.command("rank")
def rank(
    words: Annotated[list[str], typer.Argument(help="Words to look up.")],
    lexicon: Annotated[str | None, typer.Option("--lexicon", "-L", help="Lexicon name or path.")] = None,
    common_top: Annotated[int, typer.Option("--common-top", min=1)] = DEFAULT_COMMON_TOP,
    json: JsonOpt = False,
) -> None:
    """Frequency rank of words (1 = most frequent English word), and whether each is common."""
    from rich.table import Table

    lex, index = narrowed(LexiconSpec(lexicon))
    common = index.common_words(common_top)
    rows = []
    for word in words:
        w = word.strip().lower()
        if not w.isascii() or not w.isalpha():
            raise InputError(f"{word!r} is not a word of letters a-z")
        rows.append({"word": w, "in_lexicon": w in lex, "rank": index.rank_of.get(w),
                     "common": w in common})
    if json:
        print_json({"lexicon": lex.name, "common_top": common_top, "words": rows})
        return
    table = Table("word", "in lexicon", "rank", "common")
    for r in rows:
        table.add_row(str(r["word"]), "yes" if r["in_lexicon"] else "no",
                      f"{r['rank']:,}" if r["rank"] else "-", "yes" if r["common"] else "no")
    console.print(table)


def register(app: typer.Typer) -> None:
    app.add_typer(lexicon_app, name="lexicon")
