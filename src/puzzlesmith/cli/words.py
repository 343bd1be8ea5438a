"""`puzzlesmith match` and `puzzlesmith anagram`: crossword pattern search and anagrams."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from puzzlesmith.cli.common import (
    CommonOpt,
    CommonTopOpt,
    DefineOpt,
    ForeignOpt,
    FromOpt,
    JsonOpt,
    KindOfOpt,
    LexiconOpt,
    MeansOpt,
    check_not_expanded,
    console,
    exit_time_limit,
    print_json,
    print_text,
    read_inputs,
    working,
)
from puzzlesmith.cli.define import first_definitions, print_defined
from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import DEFAULT_COMMON_TOP
from puzzlesmith.limits import Deadline, SearchTimeout

if TYPE_CHECKING:
    from puzzlesmith.lexicon import LexiconIndex
    from puzzlesmith.search.pattern import MatchResult

TimeoutOpt = Annotated[float, typer.Option("--time-limit", "-t", "--timeout",
                                           help="Time limit per query, seconds.")]
PhrasesOpt = Annotated[
    bool, typer.Option("--phrases", help="Also WordNet's phrases (new york), matched without spaces.")
]


RhymesOpt = Annotated[str | None, typer.Option(
    "--rhymes", help="Only perfect rhymes of WORD: the same last stressed vowel (primary or "
    "secondary) and what follows it (CMU Pronouncing Dictionary).")]
NearRhymesOpt = Annotated[bool, typer.Option(
    "--near-rhymes", help="With --rhymes, near rhymes too, after the perfect ones (the same "
    "vowels, consonants of the same kind: time, line).")]
SyllablesOpt = Annotated[int | None, typer.Option(
    "--syllables", min=1, help="Only words of N syllables (CMU Pronouncing Dictionary).")]
SoundsLikeOpt = Annotated[str | None, typer.Option(
    "--sounds-like", help="Only words that sound like WORD: homophones first, then words one "
    "sound away, nearest first (CMU Pronouncing Dictionary).")]


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


def match_cmd(
    patterns: Annotated[list[str] | None, typer.Argument(help="Patterns, e.g. a?p?e 1231 *ing")] = None,
    from_file: FromOpt = None,
    contains: Annotated[str, typer.Option("--contains", help="Letters the word must contain.")] = "",
    excludes: Annotated[str, typer.Option("--excludes", help="Letters the word must not contain.")] = "",
    length: Annotated[str | None, typer.Option("--length", help="N or N-M (for * patterns).")] = None,
    sort: Annotated[str | None, typer.Option(
        "--sort", help="alpha or freq (default alpha; with --means, by meaning; with "
        "--equation, freq puts first the solutions whose rarest word is most common).")] = None,
    limit: Annotated[int | None, typer.Option("--limit", min=1, help="Show at most N words.")] = None,
    lexicon: LexiconOpt = None,
    common: CommonOpt = False,
    common_top: CommonTopOpt = DEFAULT_COMMON_TOP,
    kind_of: KindOfOpt = None,
    means: MeansOpt = None,
    phrases: PhrasesOpt = False,
    foreign: ForeignOpt = True,
    timeout: TimeoutOpt = 10.0,
    rhymes: RhymesOpt = None,
    near_rhymes: NearRhymesOpt = False,
    syllables: SyllablesOpt = None,
    sounds_like: SoundsLikeOpt = None,
    equation: Annotated[bool, typer.Option(
        "--equation", "-e", help="Equation mode: A-Z are variables shared by patterns "
        "separated by ';' (AB;BA;|A|=2;|B|=2;!=AB); see the README.")] = False,
    json: JsonOpt = False,
) -> None:
    """Words that fit crossword patterns.

    ? . _ one letter; * any run; [abc] [a-e] [^abc] sets; @ vowel; # consonant;
    1-9 repeated letters (1231); PATTERN/LETTERS also an anagram of LETTERS (? = blank);
    PATTERN:TEXT is PATTERN --means TEXT. With --equation: A-Z variables, ~A reversed,
    ';' between patterns, |A|=N or N-M lengths, |AB|=N joint, !=AB, A=(3-5:PATTERN).
    """
    from puzzlesmith.search.meaning import Words, match_words, split_query, words_for

    if sort not in (None, "alpha", "freq"):
        raise InputError(f"--sort must be alpha or freq, not {sort!r}")
    order: Literal["alpha", "freq"] | None = "freq" if sort == "freq" else "alpha" if sort else None
    check_not_expanded(patterns or [])
    queries = read_inputs(patterns, from_file)
    if equation:
        _refuse_in_equations((("--contains", contains), ("--excludes", excludes),
                              ("--length", length), ("--means", means), ("--phrases", phrases),
                              ("--rhymes", rhymes), ("--near-rhymes", near_rhymes),
                              ("--syllables", syllables), ("--sounds-like", sounds_like)))
        _equations(words_for(lexicon, common, common_top, kind_of=kind_of,
                             foreign=foreign).index, queries, limit,
                   timeout, json, order or "alpha")
        return
    from puzzlesmith.search.pattern import parse_length, plain_match_json

    span = parse_length(length)
    searched: dict[str | None, Words] = {}  # by meaning: a --from file repeats one or none
    # No option that reorders, cuts or filters the answers: a plain query's JSON is written
    # from the bitset (the same text as below, without a string per answer).
    as_is = json and not any((contains, excludes, span, order, limit, rhymes, syllables,
                              sounds_like, near_rhymes, phrases))
    # One name of a file here passes check_not_expanded (a pattern may look like one); if no
    # word fits it, it was most likely an unquoted pattern the shell expanded.
    files_here = {p for p in patterns or [] if os.path.lexists(p)}
    for query in queries:
        _, query_means = split_query(query, means)
        found = searched.get(query_means)
        if found is None:
            found = searched[query_means] = words_for(
                lexicon, common, common_top, kind_of=kind_of, means=query_means, phrases=phrases,
                foreign=foreign)
        index = found.index
        if as_is and not found.ranked and query not in files_here:
            text = plain_match_json(index, query)
            if text is not None:
                print_text(text)
                continue
        try:
            result = match_words(found, query, contains=contains, excludes=excludes, length=span,
                                 sort=order, limit=limit, deadline=Deadline(timeout),
                                 rhymes=rhymes, syllables=syllables, sounds_like=sounds_like,
                                 near_rhymes=near_rhymes)
        except SearchTimeout:
            raise exit_time_limit(f"pattern {query!r} took longer than {timeout} s") from None
        if query in files_here and not result.count:
            raise InputError(f"{query!r} is the name of a file here and no word fits it: if the "
                             "shell replaced an unquoted pattern with it, quote the pattern "
                             "('??????')")
        if json:
            print_json(result.to_json(), ("words",) if result.plain else ())
            continue
        marked = frozenset() if common else index.common_among(result.words, common_top)
        _print_match(result, marked, _listed_in_order(order, found.ranked, sounds_like,
                                                      near_rhymes))


def _refuse_in_equations(options: tuple[tuple[str, object], ...]) -> None:
    """One error line for the first of these (name, value) options given with --equation."""
    given = [name for name, value in options if value]
    if given:
        raise InputError(f"{given[0]} does not apply to equations")


def _print_match(result: MatchResult, marked: frozenset[str], in_order: bool) -> None:
    """A match's answers as a person reads them: the count, the words (in their order or by
    length, common ones bold), and the names the list lacks."""
    from rich.markup import escape  # (not needed by --json, which a long run uses)

    more = f", showing {len(result.words)}" if len(result.words) < result.count else ""
    if result.extra.get("skipped"):
        more += (f" ({result.extra['skipped']:,} left out: not in the pronouncing "
                 "dictionary)")
    console.print(f"[bold]{escape(result.query)}[/]: {_words(result.count)}{more}")
    if in_order:
        print_columns(list(result.words), marked)
    else:
        print_grouped(result.words, marked, frozenset())
    _legend(bool(marked) and bool(result.words), False)
    if result.extra.get("names_elsewhere"):
        console.print(f"names not in {escape(result.lexicon.split('+')[0])}, from the "
                      f"crossword list: {' '.join(result.extra['names_elsewhere'])}")


def _listed_in_order(order: str | None, ranked: bool, sounds_like: str | None,
                     near_rhymes: bool) -> bool:
    """Whether match lists its answers in their order (by frequency, meaning or sound) rather
    than grouped by length."""
    return order == "freq" or (ranked and order is None) or bool(sounds_like) or near_rhymes


def _equations(index: LexiconIndex, queries: list[str], limit: int | None, timeout: float,
               json: bool, order: Literal["alpha", "freq"]) -> None:
    """`match --equation`: each query solved, its solutions printed (JSON Lines with --json)."""
    from rich.markup import escape

    from puzzlesmith.search.equation import DEFAULT_LIMIT, solve_equation

    stopped = []
    for query in queries:
        with working("solving the equation", timeout):
            result = solve_equation(index, query, limit=limit or DEFAULT_LIMIT,
                                    deadline=Deadline(timeout), sort=order)
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


def anagram_cmd(
    letters: Annotated[list[str] | None, typer.Argument(help="Letters; ? is a blank tile.")] = None,
    from_file: FromOpt = None,
    min_length: Annotated[int, typer.Option("--min-length", min=1, help="Shortest word.")] = 3,
    length: Annotated[str | None, typer.Option(
        "--length", help="N or N-M letters, as match (--min-length N: at least N).")] = None,
    sort: Annotated[str | None, typer.Option(
        "--sort", help="alpha or freq within each length (default alpha; with --means, by "
        "meaning).")] = None,
    limit: Annotated[int | None, typer.Option(
        "--limit", min=1, help="Show at most N words, the longest first.")] = None,
    words: Annotated[int, typer.Option("--words", min=1, max=3,
                                       help="Words per full anagram (1-3).")] = 1,
    rhymes: RhymesOpt = None,
    near_rhymes: NearRhymesOpt = False,
    syllables: SyllablesOpt = None,
    sounds_like: SoundsLikeOpt = None,
    lexicon: LexiconOpt = None,
    common: CommonOpt = False,
    common_top: CommonTopOpt = DEFAULT_COMMON_TOP,
    kind_of: KindOfOpt = None,
    means: MeansOpt = None,
    phrases: PhrasesOpt = False,
    foreign: ForeignOpt = True,
    define: DefineOpt = False,
    timeout: TimeoutOpt = 10.0,
    json: JsonOpt = False,
) -> None:
    """Every word that can be built from the letters; full anagrams marked."""
    from rich.markup import escape

    from puzzlesmith.search.letters import parse_rack
    from puzzlesmith.search.meaning import anagram_words, words_for
    from puzzlesmith.search.pattern import parse_length

    check_not_expanded(letters or [], r"[a-z?]+")
    if sort not in (None, "alpha", "freq"):
        raise InputError(f"--sort must be alpha or freq, not {sort!r}")
    order: Literal["alpha", "freq"] | None = "freq" if sort == "freq" else "alpha" if sort else None
    span = parse_length(length)
    queries = read_inputs(letters, from_file)
    found = words_for(lexicon, common, common_top, kind_of=kind_of, means=means, phrases=phrases,
                      foreign=foreign)
    index = found.index
    timed_out = False
    for query in queries:
        rack = parse_rack(query)
        result = anagram_words(found, rack, min_length=min_length, n_words=words,
                               deadline=Deadline(timeout), length=span, sort=order, limit=limit,
                               rhymes=rhymes, syllables=syllables, sounds_like=sounds_like,
                               near_rhymes=near_rhymes)
        timed_out |= result.timed_out
        if json:
            doc = result.to_json()
            if define:
                doc["definitions"] = first_definitions(result.words)
            print_json(doc)
            continue
        more = f", showing {len(result.words)}" if len(result.words) < result.count else ""
        if result.extra.get("skipped"):
            more += (f" ({result.extra['skipped']:,} left out: not in the pronouncing "
                     "dictionary)")
        console.print(f"[bold]{escape(result.query)}[/]: {_words(result.count)}{more}")
        marked = frozenset() if common else index.common_among(result.words, common_top)
        if define:
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
