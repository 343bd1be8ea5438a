"""`puzzlesmith qless ...`: solve, count and roll Q-Less letter-roll crosswords.

`qless_app` is exported so other command groups (the atlas) can attach sub-apps to it.
"""

from __future__ import annotations

import sys
from contextlib import nullcontext
from typing import TYPE_CHECKING, Annotated

import typer

from puzzlesmith.cli import LazyGroup
from puzzlesmith.cli.common import (
    DefineOpt,
    FromOpt,
    JsonOpt,
    console,
    err_console,
    print_json,
    read_inputs,
    working,
)
from puzzlesmith.options import cli_command
from puzzlesmith.qless.options import DAILY, GRADE, HINT, ROLL, SOLVE, QlessOptions

if TYPE_CHECKING:
    from rich.table import Table

    from puzzlesmith.lexicon import Lexicon
    from puzzlesmith.qless.board import Board
    from puzzlesmith.qless.solve import QlessResult

qless_app = typer.Typer(
    cls=LazyGroup,  # `qless atlas` loads only when it runs
    help="Q-Less: use every rolled letter in one connected crossword.",
    no_args_is_help=True,
)

AllOpt = Annotated[bool, typer.Option("--all", help="Print every distinct solution as found.")]
DiceOpt = Annotated[  # the atlas's commands' (qless's own are QlessOptions.dice)
    str | None,
    typer.Option("--dice", help="Other dice: 6 letters per die, space-separated (3 to 16 dice), "
                 "or a file with one die a line. Default: the 12 real Q-Less dice."),
]
AnagramsOpt = Annotated[
    bool, typer.Option("--anagrams/--no-anagrams", help="List the anagrams before the board.")
]


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
    options: QlessOptions,
    *,
    all_: bool,
    json: bool,
    show_anagrams: bool,
    define: bool = False,
) -> None:
    """Solve each roll in turn (one process, one lexicon load); exit 1 if any ran out of time."""
    from puzzlesmith.qless.solve import parse_letters

    timeout, count = options.time_limit, options.count
    letters = [parse_letters(r) for r in rolls]  # all bad input is reported before any work
    timed_out = False
    for roll in letters:
        _prepare(len(roll), options.words())
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
            result = options.solve_roll(roll, on_solution=stream if all_ else None)
        timed_out |= result.status == "timeout" or result.count_timed_out
        if json:
            doc = result.to_json()
            if define:
                from puzzlesmith.lexicon.meanings import first_definitions

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
@cli_command(QlessOptions, SOLVE)
def solve_cmd(
    letters: Annotated[
        list[str] | None, typer.Argument(help="Rolls to solve, 3 to 16 letters each.")
    ] = None,
    from_file: FromOpt = None,
    all_: AllOpt = False,
    anagrams: AnagramsOpt = True,
    define: DefineOpt = False,
    json: JsonOpt = False,
    *,
    options: QlessOptions,
) -> None:
    """Anagrams and the first crossword using every letter, or proof that none exists."""
    solve_rolls(read_inputs(letters, from_file), options, all_=all_, json=json,
                show_anagrams=anagrams, define=define)


@qless_app.command("roll")
@cli_command(QlessOptions, ROLL)
def roll_cmd(
    seed: Annotated[
        int | None, typer.Option("--seed", help="Roll seed (same seed, same roll).")
    ] = None,
    json: JsonOpt = False,
    *,
    options: QlessOptions,
) -> None:
    """Roll the twelve Q-Less dice (or --dice) and print the letters (and solve them with --solve)."""
    doc = options.roll(seed)
    if not options.solve:
        if json:
            print_json(doc)
        else:
            console.print(doc["letters"].upper())
        return
    solve_rolls([doc["letters"]], options, all_=False, json=json, show_anagrams=True)


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
@cli_command(QlessOptions, HINT)
def hint_cmd(
    letters: Annotated[str, typer.Argument(help="The roll, 3 to 16 letters.")],
    json: JsonOpt = False,
    *,
    options: QlessOptions,
) -> None:
    """A hint, not the answer: about the longest word of a solution (common words first)."""
    from puzzlesmith.limits import SearchTimeout
    from puzzlesmith.qless.solve import parse_letters

    roll = parse_letters(letters)
    level, seconds = options.level, options.time_limit
    _prepare(len(roll), options.words())
    try:
        h = options.hint_roll(roll)
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
@cli_command(QlessOptions, GRADE)
def grade_cmd(
    letters: Annotated[str, typer.Argument(help="The roll, 3 to 16 letters.")],
    json: JsonOpt = False,
    *,
    options: QlessOptions,
) -> None:
    """How hard a roll is: novice, intermediate, advanced, expert or impossible."""
    from puzzlesmith.limits import SearchTimeout
    from puzzlesmith.qless.solve import parse_letters

    roll = parse_letters(letters)
    seconds = options.time_limit
    _prepare(len(roll), options.words())
    try:
        g = options.grade_roll(roll)
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
@cli_command(QlessOptions, DAILY)
def daily_cmd(
    json: JsonOpt = False,
    *,
    options: QlessOptions,
) -> None:
    """The roll of the day: the same for everyone on that date, always solvable with common words."""
    from puzzlesmith.limits import SearchTimeout
    from puzzlesmith.qless.play import parse_date

    day = parse_date(options.date)  # a bad date is refused before any work
    faces, seconds, graded = options.faces, options.time_limit, options.grade
    _prepare(12 if faces is None else len(faces), options.words())
    try:
        # The roll at once; its grade follows (a second or two of counting).
        d = options.daily_roll(graded=graded and json)
        if json:
            print_json(d.to_json())
            return
        console.print(f"roll of the day {d.date.isoformat()}: [bold]{d.letters.upper()}[/]")
        if graded:
            print_grade(d.letters, options.daily_grade(d))
    except SearchTimeout:
        raise _time_limit(f"the roll of {day} could not be graded in {seconds:g} s") from None


def register(app: typer.Typer) -> None:
    app.add_typer(qless_app, name="qless")
