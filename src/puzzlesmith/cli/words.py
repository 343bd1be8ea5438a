"""`puzzlesmith match` and `puzzlesmith anagram`: crossword pattern search and anagrams."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

import typer

from puzzlesmith.cli.common import (
    CommonOpt,
    CommonTopOpt,
    FromOpt,
    JsonOpt,
    LexiconOpt,
    console,
    exit_time_limit,
    print_json,
    read_inputs,
)
from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import DEFAULT_COMMON_TOP, choose
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.search.letters import parse_rack
from puzzlesmith.search.pattern import match, parse_length

TimeoutOpt = Annotated[float, typer.Option("--timeout", help="Time limit per query, seconds.")]


def print_grouped(words: Iterable[str], common: frozenset[str], full: frozenset[str]) -> None:
    """Words grouped by length in columns; common words bold, full anagrams starred."""
    from rich.columns import Columns
    from rich.text import Text

    groups: dict[int, list[str]] = {}
    for w in words:
        groups.setdefault(len(w), []).append(w)
    for length in sorted(groups, reverse=True):
        group = groups[length]
        console.print(f"[bold cyan]{length} letters[/] [dim]({len(group)})[/]")
        cells = []
        for w in group:
            style = "bold" if w in common else ""
            cells.append(Text(w + ("*" if w in full else ""), style=style))
        console.print(Columns(cells, padding=(0, 2)))


def _legend(common_marked: bool, has_full: bool) -> None:
    notes = []
    if common_marked:
        notes.append("bold = common word")
    if has_full:
        notes.append("* = uses every letter")
    if notes:
        console.print(f"[dim]{'; '.join(notes)}[/]")


def match_cmd(
    patterns: Annotated[list[str] | None, typer.Argument(help="Patterns, e.g. a?p?e 1231 *ing")] = None,
    from_file: FromOpt = None,
    contains: Annotated[str, typer.Option("--contains", help="Letters the word must contain.")] = "",
    excludes: Annotated[str, typer.Option("--excludes", help="Letters the word must not contain.")] = "",
    length: Annotated[str | None, typer.Option("--length", help="N or N-M (for * patterns).")] = None,
    sort: Annotated[str, typer.Option("--sort", help="alpha or freq.")] = "alpha",
    limit: Annotated[int | None, typer.Option("--limit", min=1, help="Show at most N words.")] = None,
    lexicon: LexiconOpt = None,
    common: CommonOpt = False,
    common_top: CommonTopOpt = DEFAULT_COMMON_TOP,
    timeout: TimeoutOpt = 10.0,
    json: JsonOpt = False,
) -> None:
    """Words that fit crossword patterns.

    ? . _ one letter; * any run; [abc] [a-e] [^abc] sets; @ vowel; # consonant;
    1-9 repeated letters (1231); PATTERN/LETTERS also an anagram of LETTERS (? = blank).
    """
    from rich.columns import Columns
    from rich.markup import escape
    from rich.text import Text

    if sort not in ("alpha", "freq"):
        raise InputError(f"--sort must be alpha or freq, not {sort!r}")
    order: Literal["alpha", "freq"] = "freq" if sort == "freq" else "alpha"
    queries = read_inputs(patterns, from_file)
    span = parse_length(length)
    _, index = choose(lexicon, common, common_top)
    for query in queries:
        try:
            result = match(index, query, contains=contains, excludes=excludes, length=span,
                           sort=order, limit=limit, deadline=Deadline(timeout))
        except SearchTimeout:
            raise exit_time_limit(f"pattern {query!r} took longer than {timeout} s") from None
        if json:
            print_json(result.to_json())
            continue
        marked = frozenset() if common else index.common_among(result.words, common_top)
        more = f", showing {len(result.words)}" if len(result.words) < result.count else ""
        console.print(f"[bold]{escape(result.query)}[/]: {result.count} words{more}")
        if order == "freq":
            console.print(Columns([Text(w, style="bold" if w in marked else "")
                                   for w in result.words], padding=(0, 2)))
        else:
            print_grouped(result.words, marked, frozenset())
        _legend(bool(marked) and bool(result.words), False)


def anagram_cmd(
    letters: Annotated[list[str] | None, typer.Argument(help="Letters; ? is a blank tile.")] = None,
    from_file: FromOpt = None,
    min_length: Annotated[int, typer.Option("--min-length", min=1, help="Shortest word.")] = 3,
    words: Annotated[int, typer.Option("--words", min=1, max=3,
                                       help="Words per full anagram (1-3).")] = 1,
    lexicon: LexiconOpt = None,
    common: CommonOpt = False,
    common_top: CommonTopOpt = DEFAULT_COMMON_TOP,
    timeout: TimeoutOpt = 10.0,
    json: JsonOpt = False,
) -> None:
    """Every word that can be built from the letters; full anagrams marked."""
    from rich.columns import Columns
    from rich.markup import escape
    from rich.text import Text

    from puzzlesmith.search.anagram import anagrams  # numpy: only anagrams need it

    queries = read_inputs(letters, from_file)
    _, index = choose(lexicon, common, common_top)
    timed_out = False
    for query in queries:
        rack = parse_rack(query)
        result = anagrams(index, rack, min_length=min_length, n_words=words,
                          deadline=Deadline(timeout))
        timed_out |= result.timed_out
        if json:
            print_json(result.to_json())
            continue
        console.print(f"[bold]{escape(result.query)}[/]: {len(result.words)} words")
        marked = frozenset() if common else index.common_among(result.words, common_top)
        print_grouped(result.words, marked, frozenset(result.full) if words == 1 else frozenset())
        if words > 1:
            console.print(f"[bold]{words}-word anagrams using every letter[/] ({len(result.full)})")
            console.print(Columns([Text(g) for g in result.full], padding=(0, 3)))
        _legend(bool(marked) and bool(result.words), words == 1 and bool(result.full))
        if result.timed_out:
            console.print(f"[yellow]stopped after {timeout} s: the list of full anagrams may "
                          "be incomplete[/]")
    if timed_out:
        raise exit_time_limit("some multi-word anagram searches stopped before they finished")


def register(app: typer.Typer) -> None:
    app.command("match")(match_cmd)
    app.command("anagram")(anagram_cmd)
