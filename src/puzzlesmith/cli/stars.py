"""`puzzlesmith stars ...`: solve, explain, hint, generate and convert Star Battle puzzles."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from puzzlesmith.cli.common import (
    FromOpt,
    JsonOpt,
    check_output,
    console,
    err_console,
    print_json,
    read_inputs,
    working,
)
from puzzlesmith.errors import InputError
from puzzlesmith.limits import SearchTimeout
from puzzlesmith.options import cli_command
from puzzlesmith.stars.explain import Explanation, Step
from puzzlesmith.stars.formats import is_url, load, to_text, to_url
from puzzlesmith.stars.hints import Hint
from puzzlesmith.stars.model import Cell, StarPuzzle
from puzzlesmith.stars.options import (
    CHECK,
    CONVERT,
    EXPLAIN,
    GENERATE,
    HINT,
    SOLVE,
    GenerateOptions,
    StarsOptions,
)

stars_app = typer.Typer(
    help="Star Battle: K stars in every row, column and region, none touching.",
    no_args_is_help=True,
)

SourcesArg = Annotated[
    list[str] | None,
    typer.Argument(help="Puzzle files (text format), puzz.link URLs, or - for stdin."),
]
SourceArg = Annotated[str, typer.Argument(help="Puzzle file (text format), puzz.link URL, or -.")]

_ARMS = {
    (1, 0, 1, 0): "┃", (0, 1, 0, 1): "━", (0, 1, 1, 0): "┏", (0, 0, 1, 1): "┓",
    (1, 1, 0, 0): "┗", (1, 0, 0, 1): "┛", (1, 1, 1, 0): "┣", (1, 0, 1, 1): "┫",
    (0, 1, 1, 1): "┳", (1, 1, 0, 1): "┻", (1, 1, 1, 1): "╋", (1, 0, 0, 0): "╹",
    (0, 1, 0, 0): "╺", (0, 0, 1, 0): "╻", (0, 0, 0, 1): "╸", (0, 0, 0, 0): " ",
}

if TYPE_CHECKING:
    from rich.text import Text



def draw_board(
    puzzle: StarPuzzle,
    stars: Iterable[Cell] = (),
    empty: Iterable[Cell] = (),
    *,
    new_stars: Iterable[Cell] = (),
    new_empty: Iterable[Cell] = (),
    look: Iterable[Cell] = (),
) -> Text:
    """The grid with heavy lines on region borders: ★ stars, · empty cells; cells a step just
    decided are coloured and the cells it looked at are shaded."""
    from rich.text import Text

    n, g = puzzle.size, puzzle.regions
    star_set, empty_set = set(stars), set(empty)
    fresh_star, fresh_empty, looked = set(new_stars), set(new_empty), set(look)

    def wall_h(r: int, c: int) -> bool:  # the edge above cell (r, c)
        return r in (0, n) or g[r - 1][c] != g[r][c]

    def wall_v(r: int, c: int) -> bool:  # the edge left of cell (r, c)
        return c in (0, n) or g[r][c - 1] != g[r][c]

    text = Text()
    for r in range(n + 1):
        for c in range(n + 1):
            up = r > 0 and wall_v(r - 1, c)
            down = r < n and wall_v(r, c)
            left = c > 0 and wall_h(r, c - 1)
            right = c < n and wall_h(r, c)
            text.append(_ARMS[(int(up), int(right), int(down), int(left))], "bold")
            if c < n:
                text.append("━━━" if wall_h(r, c) else "   ", "bold")
        text.append("\n")
        if r == n:
            break
        for c in range(n + 1):
            text.append("┃" if wall_v(r, c) else " ", "bold")
            if c == n:
                break
            cell = (r, c)
            shade = " on grey23" if cell in looked else ""
            if cell in fresh_star:
                text.append(" ★ ", "bold green" + shade)
            elif cell in fresh_empty:
                text.append(" × ", "bold red" + shade)
            elif cell in star_set:
                text.append(" ★ ", "bold yellow" + shade)
            elif cell in empty_set:
                text.append(" · ", "dim" + shade)
            else:
                text.append("   ", shade.strip() or "")
        text.append("\n")
    return text


def _load(source: str, stars: int | None) -> StarPuzzle:
    puzzle = load(source, stars)
    for w in puzzle.warnings:
        err_console.print(f"warning: {source}: {w}")
    return puzzle


def _stars(k: int) -> str:
    return "1 star" if k == 1 else f"{k} stars"


def _all_cells(puzzle: StarPuzzle) -> list[Cell]:
    return [(r, c) for r in range(puzzle.size) for c in range(puzzle.size)]


@stars_app.command("solve")
@cli_command(StarsOptions, SOLVE)
def solve(
    sources: SourcesArg = None,
    from_file: FromOpt = None,
    json: JsonOpt = False,
    *,
    options: StarsOptions,
) -> None:
    """Solve puzzles, drawing each solution, and say whether it is the only one."""
    items = read_inputs(sources, from_file)
    counting = options.counting
    time_limit = options.time_limit
    timed_out = False
    for source in items:
        puzzle = _load(source, options.stars)
        result = options.solve(puzzle)
        timed_out |= result.status == "timeout"
        if json:
            doc = result.to_json()
            if len(items) > 1:
                doc = {"source": source, **doc}
            print_json(doc)
            continue
        head = f"[bold]{source}[/]: {puzzle.size}x{puzzle.size}, {_stars(puzzle.stars)}: "
        if result.status == "unsolvable":
            console.print(head + "[red]no solution[/]")
            continue
        if result.status == "timeout" and result.solution is None:
            console.print(head + f"[red]time limit ({time_limit:g} s) reached[/]")
            continue
        if counting:
            more = "" if result.count_complete else " or more"
            if result.status == "timeout":
                more += f" (time limit {time_limit:g} s reached)"
            verdict = f"{result.count}{more} solution{'s' if result.count != 1 or more else ''}"
        elif result.unique:
            verdict = "solved, unique"
        elif result.unique is None:
            verdict = f"solved; uniqueness unknown (time limit {time_limit:g} s reached)"
        else:
            verdict = "solved, [yellow]not unique[/] (another solution exists)"
        console.print(
            head + verdict + f"  [dim]({result.engine} engine, {result.elapsed * 1000:.1f} ms)[/]"
        )
        sol = set(result.solution or ())
        console.print(draw_board(puzzle, sol, [c for c in _all_cells(puzzle) if c not in sol]))
    if timed_out:
        raise typer.Exit(1)


def _print_failure(source: str, result: Explanation) -> bool:
    """An explanation that could not start: no solution, or no time (True: exit 1 at the end)."""
    if result.status == "unsolvable":
        console.print(f"{source}: [red]no solution[/]")
        return False
    console.print(f"{source}: [red]time limit reached[/]")
    return True


def _print_step(number: int, step: Step) -> None:
    """One step, its reason wrapped under itself (a hanging indent), not under the number."""
    import textwrap

    from rich.text import Text

    lines = textwrap.wrap(f"{number:>3}. {step.level:<6} {step.rule}: {step.reason}",
                          width=max(40, console.width - 1), subsequent_indent=" " * 12,
                          break_long_words=False, break_on_hyphens=False)
    text = Text("\n".join(lines))
    text.stylize("bold", 0, 4)
    text.stylize("cyan", 5, 11)
    text.stylize("bold", 12, 12 + len(step.rule))
    console.print(text, soft_wrap=True)


def _final_board(puzzle: StarPuzzle, result: Explanation) -> Text:
    sol = set(result.solution or ())
    return draw_board(puzzle, sol, [c for c in _all_cells(puzzle) if c not in sol])


def _json_line(result: Explanation | Hint, source: str, several: bool) -> None:
    doc = result.to_json()
    print_json({"source": source, **doc} if several else doc)


@stars_app.command("explain")
@cli_command(StarsOptions, EXPLAIN)
def explain(
    sources: SourcesArg = None,
    from_file: FromOpt = None,
    json: JsonOpt = False,
    *,
    options: StarsOptions,
) -> None:
    """Solve step by step with the rules a person uses, and grade each puzzle (several: one
    after the other; JSON Lines with --json)."""
    items = read_inputs(sources, from_file)
    several = len(items) > 1
    time_limit = options.time_limit
    timed_out = False
    for source in items:
        puzzle = _load(source, options.stars)
        with working(f"explaining {puzzle.size}x{puzzle.size}", time_limit):
            result = options.explain(puzzle)
        if json:
            _json_line(result, source, several)
            timed_out |= result.status == "timeout" or result.cut_short
            continue
        if several:
            console.print(f"[bold]{source}[/]: {puzzle.size}x{puzzle.size}, {_stars(puzzle.stars)}")
        if result.status != "solved":
            timed_out |= _print_failure(source, result)
            continue
        for i, step in enumerate(result.steps, 1):
            _print_step(i, step)
        console.print(_final_board(puzzle, result))
        guesses = sum(step.rule == "search" for step in result.steps) - result.cut_short
        note = (f" — the rules ran out {guesses} time{'s' if guesses != 1 else ''}; the solver's "
                f"search supplied {'that star' if guesses == 1 else 'those stars'}"
                if guesses else "")
        uniq = "" if result.unique else " (the puzzle has more than one solution)"
        if result.cut_short:
            timed_out = True
            console.print(
                f"[red]time limit reached[/] after {len(result.steps) - 1} steps: the solver "
                f"filled in the rest. Difficulty so far: at least [bold]{result.difficulty}[/] "
                f"(score {result.score:g}){note}{uniq}. A longer --time-limit gives the whole "
                f"explanation."
            )
            continue
        console.print(
            f"difficulty: [bold]{result.difficulty}[/] (score {result.score:g}){note}; "
            f"{len(result.steps)} steps{uniq}"
        )
        if result.hurried:
            console.print(_HURRIED)
    if timed_out:
        raise typer.Exit(1)


# (Past half of the time limit the costliest rules give way: on big grids, such as 21x21
# 5-star, deep trial needs far more than half of the default limit; docs/stars.md.)
_HURRIED = ("[yellow]the rules ran past half of the time limit[/], when the costliest of them "
            "give way (to search where stuck): a longer --time-limit (say 120 or 300) may take "
            "other steps, grade otherwise and need no search")


@stars_app.command("hint")
@cli_command(StarsOptions, HINT)
def hint(
    sources: SourcesArg = None,
    from_file: FromOpt = None,
    level: Annotated[int, typer.Option("--level", help="1: where to look; 2: the rule, in "
                                       "general words; 3: the step itself, on the board.")] = 3,
    json: JsonOpt = False,
    *,
    options: StarsOptions,
) -> None:
    """The next real deduction (from the start, or from the marks you give, for one puzzle;
    what your stars already give is applied first), or the marks that are wrong; several
    puzzles give one hint each (JSON Lines with --json, every level in each)."""
    if level not in (1, 2, 3):
        raise InputError(f"--level must be 1, 2 or 3, not {level}")
    items = read_inputs(sources, from_file)
    several = len(items) > 1
    if several and (options.star or options.empty):
        raise InputError("--star and --empty mark one puzzle: give a single puzzle with them")
    given_stars, given_empty = options.marks()
    time_limit = options.time_limit
    timed_out = False
    for source in items:
        puzzle = _load(source, options.stars)
        with working(f"looking for a step ({puzzle.size}x{puzzle.size})", time_limit):
            found = options.hint(puzzle)
        result = found.explanation
        if json:
            _json_line(found, source, several)
            timed_out |= result.status == "timeout" or result.cut_short
            continue
        if several:
            console.print(f"[bold]{source}[/]: {puzzle.size}x{puzzle.size}, {_stars(puzzle.stars)}")
        if result.status != "solved":
            timed_out |= _print_failure(source, result)
            continue
        if result.cut_short:
            # Its one step would be the whole solution: not a hint.
            console.print(f"{source}: [red]time limit reached[/] before the rules found a step; "
                          f"a longer --time-limit may find one")
            timed_out = True
            continue
        if not result.steps:
            console.print("nothing left to do: every cell is decided")
            continue
        _print_hint(puzzle, found, level, given_stars, given_empty)
    if timed_out:
        raise typer.Exit(1)


def _print_hint(puzzle: StarPuzzle, found: Hint, level: int, given_stars: tuple[Cell, ...],
                given_empty: tuple[Cell, ...]) -> None:
    """A hint at its level: where to look, the rule, or the step drawn on the board (with the
    empty cells the player's own stars give, applied first)."""
    if level < 3:
        console.print(f"hint {level} of 3: {found.nudge if level == 1 else found.lesson}",
                      soft_wrap=True)
        return
    step = found.explanation.steps[0]
    obvious = [(r, c) for s in found.skipped for r, c, _ in s.decided]
    if obvious:
        console.print(f"first, what your stars already give: {_plural_cells(len(obvious))} "
                      f"empty (around your stars, and in units with all their stars)",
                      soft_wrap=True)
    _print_step(1, step)
    if found.explanation.hurried:
        console.print(_HURRIED)
    console.print(draw_board(
        puzzle, given_stars, (*given_empty, *obvious),
        new_stars=[(r, c) for r, c, w in step.decided if w == "star"],
        new_empty=[(r, c) for r, c, w in step.decided if w == "empty"],
        look=step.cells,
    ))


def _plural_cells(n: int) -> str:
    return "1 cell is" if n == 1 else f"{n} cells are"


_CHECK_SAYS = {
    "solved": "solved: every star is placed and right",
    "right": "right so far: no mark differs from the solution",
    "several": "the puzzle has more than one solution, so there is no one answer to check against",
    "unsolvable": "the puzzle has no solution",
    "timeout": "time limit reached before the puzzle's one solution was found and proved",
}


@stars_app.command("check")
@cli_command(StarsOptions, CHECK)
def check(
    source: SourceArg,
    json: JsonOpt = False,
    *,
    options: StarsOptions,
) -> None:
    """Whether your marks are right so far (compared with the puzzle's only solution), without
    saying which cells are wrong or showing the answer."""
    puzzle = _load(source, options.stars)
    options.marks()  # bad marks are refused before any work
    with working(f"checking ({puzzle.size}x{puzzle.size})", options.time_limit):
        result = options.check(puzzle)
    if json:
        print_json(result.to_json())
    elif result.status == "wrong":
        console.print(f"[red]wrong[/]: {result.wrong} of your marks "
                      f"{'differs' if result.wrong == 1 else 'differ'} from the solution")
    else:
        console.print(_CHECK_SAYS[result.status])
    if result.status == "timeout":
        raise typer.Exit(1)


@stars_app.command("generate")
@cli_command(GenerateOptions, GENERATE)
def generate(
    show_solution: Annotated[bool, typer.Option("--solution", help="Also draw the solution.")] = False,
    json: JsonOpt = False,
    *,
    options: GenerateOptions,
) -> None:
    """A random puzzle with exactly one solution, as text and as a puzz.link URL."""
    size, stars = options.size, options.stars
    try:
        with working(f"generating a {size}x{size} puzzle", options.time_limit):
            made = options.generate()
    except SearchTimeout as e:
        err_console.print(str(e))
        raise typer.Exit(1) from None
    if json:
        print_json(made.to_json())
        return
    cut = "" if made.grade_complete else "; grade cut short, `stars explain` gives the full one"
    typer.echo(
        f"# {size}x{size}, {_stars(stars)}, difficulty {made.difficulty} (score {made.score:g}"
        f"{cut}), seed {made.seed}"
    )
    if console.is_terminal:  # drawn for the eye; a pipe or a file gets only the text to load
        console.print(draw_board(made.puzzle))
    typer.echo(made.text, nl=False)
    typer.echo(f"# {made.url}")
    if show_solution:
        sol = set(made.solution)
        console.print(draw_board(made.puzzle, sol, [c for c in _all_cells(made.puzzle) if c not in sol]))


@stars_app.command("convert")
@cli_command(StarsOptions, CONVERT)
def convert(
    sources: SourcesArg = None,
    from_file: FromOpt = None,
    to: Annotated[
        str | None, typer.Option(help="text or url (default: the other one).")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
    ] = None,
    json: JsonOpt = False,
    *,
    options: StarsOptions,
) -> None:
    """Turn text puzzles into puzz.link URLs and back."""
    if to not in (None, "text", "url"):
        raise InputError(f"--to must be text or url, got {to!r}")
    check_output(output)
    outs = []
    for source in read_inputs(sources, from_file):
        puzzle = _load(source, options.stars)
        if json:
            print_json({"source": source, "size": puzzle.size, "stars": puzzle.stars,
                        "text": to_text(puzzle), "url": to_url(puzzle)})
            continue
        target = to or ("text" if is_url(source) else "url")
        outs.append(to_text(puzzle) if target == "text" else to_url(puzzle) + "\n")
    if json:
        return
    if output is not None:
        from puzzlesmith.files import write_output

        write_output(output, "".join(outs).encode("utf-8"))
    else:
        typer.echo("".join(outs), nl=False)


def register(app: typer.Typer) -> None:
    app.add_typer(stars_app, name="stars")
