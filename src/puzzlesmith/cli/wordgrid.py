"""`puzzlesmith wordgrid solve|create`: column-word grids (parsing and printing only)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from puzzlesmith.cli.common import (
    DefineOpt,
    JsonOpt,
    check_output,
    console,
    print_json,
)
from puzzlesmith.cli.define import print_defined
from puzzlesmith.errors import InputError
from puzzlesmith.options import cli_command
from puzzlesmith.wordgrid.options import CREATE, SOLVE, CreateOptions, SolveOptions

if TYPE_CHECKING:
    from rich.panel import Panel

    from puzzlesmith.wordgrid.create import CreateResult
    from puzzlesmith.wordgrid.model import Puzzle
    from puzzlesmith.wordgrid.solve import Solution, SolveResult

wordgrid_app = typer.Typer(
    help="Column-word grids: fill the blank row so every column reads as a word.",
    no_args_is_help=True,
)

GRIDS_DRAWN = 12  # beyond this many solutions, the rest are listed as words


def draw_grid(grid: tuple[str, ...] | list[str], marked: tuple[int, ...], title: str = "") -> Panel:
    """A grid as letter cells, the `marked` rows (0-based) highlighted."""
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    table = Table.grid(padding=(0, 1))
    for _ in grid[0]:
        table.add_column(justify="center")
    for r, row in enumerate(grid):
        style = "bold black on yellow" if r in marked else ""
        table.add_row(*(Text(ch.upper(), style=style) for ch in row))
    return Panel.fit(table, title=title or None, padding=(0, 1))


def word_columns(items: list[str], width: int) -> str:
    """Words in aligned columns filling the terminal width, as plain text.

    Written without Rich layout, which takes seconds for the 100,000-odd answers that a
    grid with two blank rows can have.
    """
    cell = max(map(len, items)) + 2
    per_line = max(1, width // cell)
    lines = ("".join(w.ljust(cell) for w in items[i : i + per_line]).rstrip()
             for i in range(0, len(items), per_line))
    return "\n".join(lines) + "\n"


def _solution_panel(sol: Solution, puzzle: Puzzle, n: int | None) -> Panel:
    label = " / ".join(sol.words)
    return draw_grid(sol.grid, puzzle.unknown_rows, f"{n}. {label}" if n else label)


def print_solve(result: SolveResult, source: str) -> None:
    """The puzzle's answer for a person: drawn grids, column words, count and notes."""
    from rich.columns import Columns

    puzzle = result.puzzle
    heading = puzzle.title or source
    size = f"{puzzle.width}x{puzzle.height}"
    console.print(f"[bold]{heading}[/] [dim]({size}, {result.row_lexicon})[/]")
    if result.mode == "count":
        more = "" if result.complete else " so far (time limit reached)"
        console.print(f"[bold]{result.count:,}[/] solution{'s' if result.count != 1 else ''}{more}")
    elif not result.solutions:
        console.print(draw_grid(puzzle.rows, puzzle.unknown_rows))
        console.print("[red]no solution[/]" if not result.timed_out else "[red]time limit reached[/]")
    elif result.mode == "first":
        sol = result.solutions[0]
        console.print(_solution_panel(sol, puzzle, None))
        console.print(f"columns: {' '.join(sol.columns)}")
        console.print("[dim]first solution; --all lists every one, --count counts them[/]")
    else:
        panels = [_solution_panel(s, puzzle, i) for i, s in enumerate(result.solutions[:GRIDS_DRAWN], 1)]
        console.print(Columns(panels))
        rest = result.solutions[GRIDS_DRAWN:]
        if rest:
            console.print(f"[dim]and {len(rest):,} more:[/]")
            console.file.write(word_columns(["/".join(s.words) for s in rest], console.width))
        more = "" if result.complete else " (time limit reached; there may be more)"
        console.print(f"[bold]{result.count:,}[/] solution{'s' if result.count != 1 else ''}{more}")
    if result.note:
        console.print(f"[yellow]note:[/] {result.note}")


@wordgrid_app.command("solve")
@cli_command(SolveOptions, SOLVE)
def solve_cmd(
    rows: Annotated[
        list[str] | None,
        typer.Argument(help="Rows top to bottom, ? = unknown cell, e.g. ?????? ipoaru gettct"),
    ] = None,
    files: Annotated[
        list[Path] | None,
        typer.Option(
            "--file", "-f",
            help="Puzzle file, one whole puzzle a file (repeatable; --from elsewhere reads one "
                 "input a line); with --file, the arguments are files too.",
        ),
    ] = None,
    define: DefineOpt = False,
    json: JsonOpt = False,
    *,
    options: SolveOptions,
) -> None:
    """Fill the unknown rows so every column reads down as a word.

    A row of ? is a blank row, anywhere in the grid.
    Partly known rows (b?????) and several unknown rows are allowed; each must become a word.
    Quote rows holding ? in the shell. --kind-of / --means filter the unknown rows' words.
    Foreign words are let in (a setter may have used one); --no-foreign leaves them out of
    the rows and the columns.
    """
    from puzzlesmith.wordgrid.formats import read_puzzle_file
    from puzzlesmith.wordgrid.model import parse_rows

    puzzles: list[tuple[str, Puzzle]] = []
    if files:
        # `--file a b c` (a shell glob) reads as one --file and two arguments: all are files.
        for path in [*files, *(Path(r) for r in rows or [])]:
            puzzles.append((str(path), read_puzzle_file(path)))
    elif rows:
        puzzles.append(("puzzle", parse_rows(rows)))
    else:
        raise InputError("give the rows (e.g. ?????? ipoaru gettct) or --file PUZZLE")
    any_timeout = False
    for i, (source, puzzle) in enumerate(puzzles):
        result = options.solve(puzzle)
        any_timeout |= result.timed_out
        answer_words = list(dict.fromkeys(w for s in result.solutions for w in s.words))
        if json:
            doc = {**result.to_json(), "source": source}
            if define:
                from puzzlesmith.lexicon.meanings import first_definitions

                doc["definitions"] = first_definitions(answer_words)
            print_json(doc)
        else:
            if i:
                console.print()
            print_solve(result, source)
            if not options.foreign and not result.solutions and not result.timed_out:
                console.print("[yellow]note:[/] foreign words were left out (--no-foreign)")
            if define:
                print_defined(answer_words)
    if any_timeout:
        raise typer.Exit(1)


def _create_doc(result: CreateResult, hidden: bool) -> dict[str, Any]:
    return result.to_json(answer_hidden=hidden)


def print_create(result: CreateResult, hidden: bool) -> None:
    """The created puzzle drawn with its blank row marked, then its answer and count."""
    if result.status != "created" or result.puzzle is None or result.grid is None:
        label = "impossible" if result.status == "impossible" else "time limit reached"
        console.print(f"[bold red]{label}:[/] {result.reason}")
        return
    k = result.blank_row - 1
    console.print(draw_grid(result.puzzle.rows, (k,), result.puzzle.title or "puzzle"))
    n = result.solution_count
    unique = " (unique)" if n == 1 else ""
    console.print(f"solutions: [bold]{n}[/]{unique}")
    if not hidden:
        console.print(draw_grid(result.grid, (k,), "answer"))
        console.print(f"answer: [bold]{result.answer}[/]   columns: {' '.join(result.columns)}")
    console.print(f"[dim]seed {result.seed} (the same options with --seed {result.seed} "
                  "make this puzzle again)[/]")


@wordgrid_app.command("create")
@cli_command(CreateOptions, CREATE)
def create_cmd(
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the puzzle file here.")] = None,
    json: JsonOpt = False,
    *,
    options: CreateOptions,
) -> None:
    """Make a puzzle: a grid whose blank row is the answer and whose columns are words."""
    from puzzlesmith.files import is_stdout

    check_output(out)
    result = options.create()
    hidden = options.answer_hidden
    if out is not None and result.puzzle is not None:
        _write_puzzle(out, result, hidden, options.command(result))
    if out is not None and is_stdout(out):
        pass  # standard output holds the file alone
    elif json:
        print_json(_create_doc(result, hidden))
    else:
        print_create(result, hidden)
        if out is not None and result.puzzle is not None:
            console.print(f"wrote {out}")
    if result.status == "timeout":
        raise typer.Exit(1)


def _titled(result: CreateResult, title: str) -> CreateResult:
    """The result with its puzzle titled (for callers made before `create(title=...)`)."""
    assert result.puzzle is not None
    return replace(result, puzzle=replace(result.puzzle, title=title))


def _write_puzzle(out: Path, result: CreateResult, hidden: bool, command: str) -> None:
    from puzzlesmith.wordgrid.formats import dump_puzzle

    assert result.puzzle is not None
    notes = [f"made by: {command}"]
    if not hidden:
        notes.append(f"answer: {result.answer}")
    notes.append(f"solutions: {result.solution_count}")
    from puzzlesmith.files import write_output

    write_output(out, dump_puzzle(result.puzzle, notes).encode("utf-8"))


def register(app: typer.Typer) -> None:
    app.add_typer(wordgrid_app, name="wordgrid")

