"""`puzzlesmith match` and `puzzlesmith anagram`: crossword pattern search and anagrams."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated

import typer

from puzzlesmith.cli.common import (
    FromOpt,
    JsonOpt,
    check_not_expanded,
    console,
    err_console,
    exit_time_limit,
    print_json,
    print_text,
    read_inputs,
    working,
)
from puzzlesmith.cli.define import print_defined
from puzzlesmith.errors import InputError
from puzzlesmith.limits import SearchTimeout
from puzzlesmith.options import cli_command
from puzzlesmith.search.query import ANAGRAM, EQUATION, MATCH, WordQuery

if TYPE_CHECKING:
    from puzzlesmith.search.meaning import Words
    from puzzlesmith.search.pattern import MatchResult

def print_columns(words: list[str], bold: frozenset[str] = frozenset(), padding: int = 2) -> None:
    """Words in rows of equal-width columns, the ones in `bold` bold. (Rich's Columns fits
    every column's width on its own, far too slow for a pattern that matches most of the list;
    docs/architecture.md, Start-up figures.)"""
    from rich.text import Span, Text

    if not words:
        return
    col = max(len(w) for w in words) + padding
    per_row = max(1, (console.width + padding) // col)
    # One string and its bold spans, printed without re-wrapping: a Text appended to word by
    # word, then wrapped, took most of a second for 10,000 words.
    parts: list[str] = []
    spans: list[Span] = []
    at = 0
    for i in range(0, len(words), per_row):
        row = words[i:i + per_row]
        for j, w in enumerate(row):
            if w in bold:
                spans.append(Span(at, at + len(w), "bold"))
            cell = w if j == len(row) - 1 else w.ljust(col)
            parts.append(cell)
            at += len(cell)
        if i + per_row < len(words):
            parts.append("\n")
            at += 1
    console.print(Text("".join(parts), spans=spans), soft_wrap=True)


def print_grouped(words: Iterable[str], common: frozenset[str], full: frozenset[str]) -> None:
    """Words grouped by length in columns; common words bold, full anagrams starred."""
    groups: dict[int, list[str]] = {}
    for w in words:
        # a phrase ('new york') counts its letters only
        groups.setdefault(len(w.replace(" ", "").replace("-", "")), []).append(w)
    for length in sorted(groups, reverse=True):
        group = groups[length]
        console.print(f"[bold cyan]{length} letters[/] [dim]({len(group)})[/]")
        shown = [w + "*" if w in full else w for w in group]
        print_columns(shown, frozenset(s for s, w in zip(shown, group, strict=True) if w in common))


def _legend(common_marked: bool, has_full: bool) -> None:
    notes = []
    if common_marked and console.is_terminal:  # (a pipe or a file shows no bold)
        notes.append("bold = common word")
    if has_full:
        notes.append("* = uses every letter")
    if notes:
        console.print(f"[dim]{'; '.join(notes)}[/]")


@cli_command(WordQuery, (MATCH, EQUATION))
def match_cmd(
    patterns: Annotated[list[str] | None, typer.Argument(help="Patterns, e.g. a?p?e 1231 *ing")] = None,
    from_file: FromOpt = None,
    equation: Annotated[bool, typer.Option(
        "--equation", "-e", help="Equation mode: A-Z are variables shared by patterns "
        "separated by ';' (AB;BA;|A|=2;|B|=2;!=AB); see the README.")] = False,
    json: JsonOpt = False,
    *,
    options: WordQuery,
) -> None:
    """Words that fit crossword patterns.

    ? . _ one letter; * any run; [abc] [a-e] [^abc] sets; @ vowel; # consonant;
    1-9 repeated letters (1231); PATTERN/LETTERS also an anagram of LETTERS (? = blank);
    PATTERN:TEXT is PATTERN --means TEXT. With --equation: A-Z variables, ~A reversed,
    ';' between patterns, |A|=N or N-M lengths, |AB|=N joint, !=AB, A=(3-5:PATTERN).
    """
    from puzzlesmith.search.meaning import split_query

    check_not_expanded(patterns or [])
    queries = read_inputs(patterns, from_file)
    if equation:
        options.refuse_outside(EQUATION, "equations")
        _equations(options, queries, json)
        return
    options.refuse_outside(MATCH, "match")
    from puzzlesmith.search.pattern import plain_match_json

    o = options
    searched: dict[str | None, Words] = {}  # by meaning: a --from file repeats one or none
    # No option that reorders, cuts or filters the answers: a plain query's JSON is written
    # from the bitset (the same text as below, without a string per answer).
    as_is = json and not any((o.contains, o.excludes, o.span(), o.order, o.limit, o.rhymes,
                              o.syllables, o.sounds_like, o.near_rhymes, o.phrases, o.define))
    # One name of a file here passes check_not_expanded (a pattern may look like one); if no
    # word fits it, it was most likely an unquoted pattern the shell expanded.
    files_here = {p for p in patterns or [] if os.path.lexists(p)}
    for query in queries:
        _, query_means = split_query(query, o.means)
        found = searched.get(query_means)
        if found is None:
            found = searched[query_means] = o.words_for(query_means)
            note_left_out(found)
        index = found.index
        if as_is and not found.ranked and query not in files_here:
            text = plain_match_json(index, query)
            if text is not None:
                print_text(text)
                continue
        try:
            result = o.match(query, words=found)
        except SearchTimeout:
            raise exit_time_limit(f"pattern {query!r} took longer than {o.time_limit} s") from None
        if query in files_here and not result.count:
            raise InputError(f"{query!r} is the name of a file here and no word fits it: if the "
                             "shell replaced an unquoted pattern with it, quote the pattern "
                             "('??????')")
        if json:
            print_json(result.to_json(), ("words",) if result.plain else ())
            continue
        marked = frozenset() if o.common else index.common_among(result.words, o.common_top)
        _print_match(result, marked, _listed_in_order(o, found.ranked), o.define)


def note_left_out(words: Words) -> None:
    """One line on stderr naming the words of a --means description that WordNet knows
    nowhere, which the search read it without (--json: `left_out`)."""
    if words.left_out:
        err_console.print(f"note: {', '.join(map(repr, words.left_out))} is in no WordNet "
                          "definition: the description is read without it",
                          markup=False, highlight=False)


def _print_match(result: MatchResult, marked: frozenset[str], in_order: bool,
                 defined: bool) -> None:
    """A match's answers as a person reads them: the count, the words (in their order or by
    length, common ones bold), and the names the list lacks."""
    from rich.markup import escape  # (not needed by --json, which a long run uses)

    more = f", showing {len(result.words)}" if len(result.words) < result.count else ""
    if result.extra.get("skipped"):
        more += (f" ({result.extra['skipped']:,} left out: not in the pronouncing "
                 "dictionary)")
    console.print(f"[bold]{escape(result.query)}[/]: {_words(result.count)}{more}")
    if defined:  # one a line, in their order, each with its first definition
        print_defined(result.words, marked)
    elif in_order:
        print_columns(list(result.words), marked)
    else:
        print_grouped(result.words, marked, frozenset())
    _legend(bool(marked) and bool(result.words), False)
    if result.extra.get("names_elsewhere"):
        console.print(f"names not in {escape(result.lexicon.split('+')[0])}, from the "
                      f"crossword list: {' '.join(result.extra['names_elsewhere'])}")


def _listed_in_order(o: WordQuery, ranked: bool) -> bool:
    """Whether match lists its answers in their order (by frequency, meaning or sound) rather
    than grouped by length."""
    return (o.order == "freq" or ((ranked or bool(o.rhymes)) and o.order is None)
            or bool(o.sounds_like) or o.near_rhymes)


def _equations(options: WordQuery, queries: list[str], json: bool) -> None:
    """`match --equation`: each query solved, its solutions printed (JSON Lines with --json)."""
    from rich.markup import escape

    timeout = options.time_limit
    words = options.words_for()
    stopped = []
    for query in queries:
        with working("solving the equation", timeout):
            result = options.equation(query, words=words)
        if not result.exact:
            stopped.append(query)
        if json:
            print_json(result.to_json())
            continue
        many = "" if result.exact else "at least "
        more = f", showing {len(result.solutions)}" if len(result.solutions) < result.count else ""
        noun = "solution" if result.count == 1 and result.exact else "solutions"
        console.print(f"[bold]{escape(result.query)}[/]: {many}{result.count:,} {noun}{more}")
        for s in result.solutions:
            binding = " ".join(f"{name}={value}" for name, value in s.vars)
            console.print(f"  {escape(' '.join(s.words))}  [dim]{escape(binding)}[/]",
                          highlight=False)
    if stopped:
        raise exit_time_limit(f"equation {stopped[0]!r} stopped at the time limit of {timeout} s "
                              "(its count is a lower bound)")


@cli_command(WordQuery, ANAGRAM)
def anagram_cmd(
    letters: Annotated[list[str] | None, typer.Argument(help="Letters; ? is a blank tile.")] = None,
    from_file: FromOpt = None,
    json: JsonOpt = False,
    *,
    options: WordQuery,
) -> None:
    """Every word that can be built from the letters; full anagrams marked."""
    from rich.markup import escape

    check_not_expanded(letters or [], r"[a-z?]+")
    queries = read_inputs(letters, from_file)
    found = options.words_for()
    note_left_out(found)
    index = found.index
    words, common, common_top, timeout = (options.words, options.common, options.common_top,
                                          options.time_limit)
    timed_out = False
    for query in queries:
        try:
            result = options.anagram(query, words=found)
        except SearchTimeout as e:  # only --define's definitions stop so
            raise exit_time_limit(f"{query!r}: {e}") from None
        timed_out |= result.timed_out
        if json:
            print_json(result.to_json())
            continue
        more = f", showing {len(result.words)}" if len(result.words) < result.count else ""
        if result.extra.get("skipped"):
            more += (f" ({result.extra['skipped']:,} left out: not in the pronouncing "
                     "dictionary)")
        console.print(f"[bold]{escape(result.query)}[/]: {_words(result.count)}{more}")
        marked = frozenset() if common else index.common_among(result.words, common_top)
        if options.define:
            print_defined(result.words, marked, frozenset(result.full) if words == 1 else frozenset())
        else:
            print_grouped(result.words, marked, frozenset(result.full) if words == 1 else frozenset())
        if words > 1:
            console.print(f"[bold]{words}-word anagrams using every letter[/] ({len(result.full)})")
            print_columns(list(result.full), padding=3)
        _legend(bool(marked) and bool(result.words), words == 1 and bool(result.full))
        if result.timed_out:
            console.print(f"[yellow]stopped after {timeout} s: the list of full anagrams may "
                          "be incomplete[/]")
    if timed_out:
        raise exit_time_limit("some multi-word anagram searches stopped before they finished")


def register(app: typer.Typer) -> None:
    app.command("match")(match_cmd)
    app.command("anagram")(anagram_cmd)


def _words(n: int) -> str:
    return "1 word" if n == 1 else f"{n:,} words"
