"""`puzzlesmith qless ...`: solve, count and roll Q-Less letter-roll crosswords.

`qless_app` is exported so other command groups (the atlas) can attach sub-apps to it.
"""

from __future__ import annotations

import math
import sys
from contextlib import nullcontext
from typing import TYPE_CHECKING, Annotated

import typer

from puzzlesmith.cli import LazyGroup
from puzzlesmith.cli.common import (
    CommonOpt,
    CommonTopOpt,
    DefineOpt,
    FromOpt,
    JsonOpt,
    LexiconOpt,
    console,
    err_console,
    print_json,
    read_inputs,
    working,
)
from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import DEFAULT_COMMON_TOP  # light: the index (numpy) loads lazily

if TYPE_CHECKING:
    from rich.table import Table

    from puzzlesmith.lexicon import Lexicon, LexiconIndex
    from puzzlesmith.qless.board import Board
    from puzzlesmith.qless.solve import QlessResult

qless_app = typer.Typer(
    cls=LazyGroup,  # `qless atlas` loads only when it runs
    help="Q-Less: use every rolled letter in one connected crossword.",
    no_args_is_help=True,
)

DEFAULT_TIMEOUT = 5.0

SeedOpt = Annotated[
    int, typer.Option("--seed", help="Search in another order, to show another solution.")
]
TimeoutOpt = Annotated[
    str, typer.Option("--time-limit", "-t", "--timeout", help="Time limit per roll in seconds.",
                      show_default=True)
]
CountOpt = Annotated[bool, typer.Option("--count", help="Count the distinct solutions exactly.")]
AllOpt = Annotated[bool, typer.Option("--all", help="Print every distinct solution as found.")]
MaxOpt = Annotated[
    int | None,
    typer.Option("--max-solutions", help="Stop counting (or listing) after N solutions."),
]
DiceOpt = Annotated[
    str | None,
    typer.Option("--dice", help="Other dice: 6 letters per die, space-separated (3 to 16 dice), "
                 "or a file with one die a line. Default: the 12 real Q-Less dice."),
]
AnagramsOpt = Annotated[
    bool, typer.Option("--anagrams/--no-anagrams", help="List the anagrams before the board.")
]


def parse_timeout(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (value > 0 and math.isfinite(value)):
        raise InputError(f"--time-limit must be a positive number of seconds, got {text!r}")
    return value


def draw_board(board: Board) -> Table:
    """The board as a grid of boxed letters."""
    from rich.table import Table

    table = Table(show_header=False, show_lines=True, box=None, padding=(0, 0), expand=False)
    from rich import box

    table.box = box.SQUARE
    for _ in range(board.width):
        table.add_column(justify="center", width=3)
    for row in board.rows():
        table.add_row(*(f"[bold]{ch.upper()}[/]" if ch != "." else "" for ch in row))
    return table


def print_anagrams(words: tuple[str, ...]) -> None:
    console.print(f"[bold]{len(words)} anagrams[/]")
    by_length: dict[int, list[str]] = {}
    for w in words:
        by_length.setdefault(len(w), []).append(w)
    for length in sorted(by_length, reverse=True):
        console.print(f"  {length:>2}: " + " ".join(by_length[length]))


def print_result(result: QlessResult, show_anagrams: bool, show_board: bool = True) -> None:
    console.print(f"[bold]{result.letters.upper()}[/]")
    if show_anagrams:
        print_anagrams(result.anagrams)
    if result.fell_back:
        console.print("no common-words solution turned up; fell back to all words")
    if result.status == "solved" and result.board is not None and not show_board:
        pass  # --all: every board was printed as it was found
    elif result.status == "solved" and result.board is not None:
        label = "common words only" if result.common_only else "solution"
        console.print(f"[green]{label}[/]: " + ", ".join(result.words))
        console.print(draw_board(result.board))
    elif result.status == "unsolvable":
        console.print("[red]no solution[/]: the exhaustive search found no crossword")
    else:
        console.print("[yellow]time limit reached[/] before a solution was found")
    if result.solutions is not None:
        why = "" if result.count_complete else (
            " (time limit reached)" if result.count_timed_out else " (capped)"
        )
        how = "exactly" if result.count_complete else "at least"
        console.print(f"solutions: {how} {result.solutions:,}{why}")
    console.print(
        f"[dim]{len(result.anagrams)} anagrams, {result.placements:,} placements, "
        f"{result.seconds:.3f} s, lexicon {result.lexicon}[/]"
    )
    if "atlas" in result.extra:
        console.print("[dim](stored result from the Q-Less atlas)[/]")
    if "census" in result.extra:
        console.print(
            "[dim](from the Q-Less census: every roll of the dice was searched exhaustively;"
            " no search now)[/]"
        )


def solve_rolls(
    rolls: list[str],
    *,
    lexicon: str | None,
    common: bool,
    common_top: int,
    seed: int,
    timeout: float,
    count: bool,
    all_: bool,
    max_solutions: int | None,
    json: bool,
    show_anagrams: bool,
    define: bool = False,
) -> None:
    """Solve each roll in turn (one process, one lexicon load); exit 1 if any ran out of time."""
    if max_solutions is not None and max_solutions < 1:
        raise InputError(f"--max-solutions must be at least 1, got {max_solutions}")
    from puzzlesmith.lexicon import common_cut, lexicon_and_index, load_lexicon
    from puzzlesmith.limits import Deadline
    from puzzlesmith.qless.answer import known_or_search
    from puzzlesmith.qless.solve import parse_letters

    letters = [parse_letters(r) for r in rolls]  # all bad input is reported before any work
    # The plain word list is all a default solve needs (no index, so no numpy at start-up).
    lex = load_lexicon(lexicon)
    common_index: LexiconIndex | None = None
    cut = common_cut(common, common_top)
    if cut is not None:
        _, common_index = lexicon_and_index(lexicon, cut)
    timed_out = False
    for roll in letters:
        _prepare(len(roll), lex)
        shown = [0]

        def stream(board: Board, roll: str = roll, shown: list[int] = shown) -> None:
            shown[0] += 1
            if json:
                print_json({"letters": roll, "solution_number": shown[0],
                            "board": board.rows(), "words": board.words()})
            else:
                console.print(f"solution {shown[0]}: " + ", ".join(board.words()))
                console.print(draw_board(board))

        # (--all prints each solution as it comes: no bar across them.)
        what = f"{'counting' if count else 'solving'} {roll}"
        with working(what, timeout) if not all_ else nullcontext():
            result = known_or_search(
                roll, lex, deadline=Deadline(timeout), seed=seed, common_index=common_index,
                count=count or all_, max_solutions=max_solutions,
                on_solution=stream if all_ else None,
            )
        timed_out |= result.status == "timeout" or result.count_timed_out
        if json:
            doc = result.to_json()
            if define:
                from puzzlesmith.cli.define import first_definitions

                doc["definitions"] = first_definitions(result.words)
            print_json(doc)
        else:
            print_result(result, show_anagrams and not all_, show_board=not all_)
            if define:
                from puzzlesmith.cli.define import print_defined

                print_defined(result.words)
    if timed_out:
        sys.exit(1)


@qless_app.command("solve")
def solve_cmd(
    letters: Annotated[
        list[str] | None, typer.Argument(help="Rolls to solve, 3 to 16 letters each.")
    ] = None,
    from_file: FromOpt = None,
    seed: SeedOpt = 0,
    timeout: TimeoutOpt = str(DEFAULT_TIMEOUT),
    common: CommonOpt = False,
    common_top: CommonTopOpt = DEFAULT_COMMON_TOP,
    count: CountOpt = False,
    all_: AllOpt = False,
    max_solutions: MaxOpt = None,
    lexicon: LexiconOpt = None,
    json: JsonOpt = False,
    anagrams: AnagramsOpt = True,
    define: DefineOpt = False,
) -> None:
    """Anagrams and the first crossword using every letter, or proof that none exists."""
    solve_rolls(
        read_inputs(letters, from_file), lexicon=lexicon, common=common, common_top=common_top,
        seed=seed, timeout=parse_timeout(timeout), count=count, all_=all_,
        max_solutions=max_solutions, json=json, show_anagrams=anagrams, define=define,
    )


@qless_app.command("roll")
def roll_cmd(
    seed: Annotated[
        int | None, typer.Option("--seed", help="Roll seed (same seed, same roll).")
    ] = None,
    solve_it: Annotated[bool, typer.Option("--solve", help="Solve the roll too.")] = False,
    timeout: TimeoutOpt = str(DEFAULT_TIMEOUT),
    common: CommonOpt = False,
    common_top: CommonTopOpt = DEFAULT_COMMON_TOP,
    count: CountOpt = False,
    lexicon: LexiconOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
) -> None:
    """Roll the twelve Q-Less dice (or --dice) and print the letters (and solve them with --solve)."""
    from puzzlesmith.qless.dice import parse_dice, roll_document

    seconds = parse_timeout(timeout)
    faces = parse_dice(dice) if dice is not None else None
    doc = roll_document(seed, faces)
    if not solve_it:
        if json:
            print_json(doc)
        else:
            console.print(doc["letters"].upper())
        return
    solve_rolls(
        [doc["letters"]], lexicon=lexicon, common=common, common_top=common_top, seed=0,
        timeout=seconds, count=count, all_=False, max_solutions=None, json=json,
        show_anagrams=True,
    )


def _prepare(n_letters: int, lex: Lexicon) -> None:
    """The board shapes of n-letter rolls and the word list's anagram table loaded, built
    first if the cache lacks them (a first run), so that no time limit is spent on them."""
    from puzzlesmith.qless.anagrams import table
    from puzzlesmith.qless.engines.dispatch import prepare, prepare_cached

    table(lex)
    if not prepare_cached(n_letters):
        with err_console.status(f"Building the {n_letters}-letter board shapes (once; "
                                "up to a minute, then kept in the cache)..."):
            prepare(n_letters)


def _time_limit(message: str) -> typer.Exit:
    from puzzlesmith.cli.common import exit_time_limit

    return exit_time_limit(message)


@qless_app.command("hint")
def hint_cmd(
    letters: Annotated[str, typer.Argument(help="The roll, 3 to 16 letters.")],
    level: Annotated[int, typer.Option("--level", help="1: length and first letter of the "
                                       "longest word; 2: the word; 3: the word on the board.")] = 1,
    timeout: TimeoutOpt = str(DEFAULT_TIMEOUT),
    common_top: CommonTopOpt = DEFAULT_COMMON_TOP,
    lexicon: LexiconOpt = None,
    json: JsonOpt = False,
) -> None:
    """A hint, not the answer: about the longest word of a solution (common words first)."""
    from puzzlesmith.limits import Deadline, SearchTimeout
    from puzzlesmith.qless.play import LEVELS, hint, play_words
    from puzzlesmith.qless.solve import parse_letters

    roll = parse_letters(letters)
    if level not in LEVELS:
        raise InputError(f"--level must be 1, 2 or 3, not {level}")
    seconds = parse_timeout(timeout)
    full, common = play_words(lexicon, common_top)
    _prepare(len(roll), full)
    try:
        h = hint(roll, full, level=level, deadline=Deadline(seconds), common_index=common)
    except SearchTimeout:
        raise _time_limit(f"no solution of {roll} found in {seconds:g} s") from None
    if json:
        print_json(h.to_json())
        return
    if h.word is None:
        console.print(f"{roll.upper()}: no hint — this roll has no solution")
        return
    console.print(f"[bold]{roll.upper()}[/]: the longest word of a solution has {len(h.word)} "
                  f"letters and starts with {h.word[0].upper()}")
    if level >= 2:
        console.print(f"it is {h.word.upper()}")
    if level >= 3 and h.board is not None:
        for row in h.board:
            console.print("  " + " ".join(ch.upper() if ch != "." else "·" for ch in row))


@qless_app.command("grade")
def grade_cmd(
    letters: Annotated[str, typer.Argument(help="The roll, 3 to 16 letters.")],
    timeout: TimeoutOpt = str(DEFAULT_TIMEOUT),
    common_top: CommonTopOpt = DEFAULT_COMMON_TOP,
    lexicon: LexiconOpt = None,
    json: JsonOpt = False,
) -> None:
    """How hard a roll is: novice, intermediate, advanced, expert or impossible."""
    from puzzlesmith.limits import Deadline, SearchTimeout
    from puzzlesmith.qless.play import grade, play_words
    from puzzlesmith.qless.solve import parse_letters

    roll = parse_letters(letters)
    seconds = parse_timeout(timeout)
    full, common = play_words(lexicon, common_top)
    _prepare(len(roll), full)
    try:
        g = grade(roll, full, common, deadline=Deadline(seconds))
    except SearchTimeout:
        raise _time_limit(f"no solution of {roll} found in {seconds:g} s") from None
    if json:
        print_json(g.to_json())
    else:
        print_grade(roll, g)


def print_grade(roll: str, g: object) -> None:
    from puzzlesmith.qless.play import Grade

    assert isinstance(g, Grade)
    how = "" if g.common_exact else "at least "
    every = ("" if g.solutions is None else
             f", {'' if g.solutions_exact else 'at least '}{g.solutions:,} with all words")
    console.print(f"[bold]{roll.upper()}[/]: {g.text} ({how}{g.common_solutions:,} "
                  f"common-word solutions{every})")
    if g.clock_cut:
        console.print("the time limit cut the count before its work budget (a busy machine): "
                      "another run may count more; a longer --time-limit counts further")


@qless_app.command("daily")
def daily_cmd(
    date: Annotated[str | None, typer.Option("--date", help="The day, YYYY-MM-DD "
                                             "(default: today).")] = None,
    graded: Annotated[bool, typer.Option("--grade/--no-grade", help="Grade the roll too (a "
                                         "second or two).")] = True,
    timeout: TimeoutOpt = str(DEFAULT_TIMEOUT),
    common_top: CommonTopOpt = DEFAULT_COMMON_TOP,
    lexicon: LexiconOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
) -> None:
    """The roll of the day: the same for everyone on that date, always solvable with common words."""
    from puzzlesmith.limits import Deadline, SearchTimeout
    from puzzlesmith.qless.dice import parse_dice
    from puzzlesmith.qless.play import daily, daily_grade, parse_date, play_words

    day = parse_date(date)
    faces = parse_dice(dice) if dice is not None else None
    seconds = parse_timeout(timeout)
    full, common = play_words(lexicon, common_top)
    _prepare(12 if faces is None else len(faces), full)
    try:
        # The roll at once; its grade follows (a second or two of counting).
        d = daily(day, full, common, deadline=Deadline(seconds), dice=faces,
                  graded=graded and json)
        if json:
            print_json(d.to_json())
            return
        console.print(f"roll of the day {day.isoformat()}: [bold]{d.letters.upper()}[/]")
        if graded:
            print_grade(d.letters, daily_grade(d.letters, full, common, deadline=Deadline(seconds),
                                               date=day, dice=faces))
    except SearchTimeout:
        raise _time_limit(f"the roll of {day} could not be graded in {seconds:g} s") from None


def register(app: typer.Typer) -> None:
    app.add_typer(qless_app, name="qless")
