"""`puzzlesmith fill GRID`, `fill check GRID`, `fill region GRID` and `fill candidates GRID`:
crossword fill (parsing and printing only; the engine is imported inside the commands so the
CLI starts fast)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from puzzlesmith.cli.common import (
    JsonOpt,
    check_output,
    console,
    err_console,
    print_json,
    working,
)
from puzzlesmith.errors import InputError
from puzzlesmith.fill.options import CANDIDATES, CHECK, FILL, REGION, FillOptions
from puzzlesmith.options import cli_command

if TYPE_CHECKING:
    from rich.columns import Columns
    from rich.console import Group
    from rich.table import Table

    from puzzlesmith.fill.candidates import CandidatesResult
    from puzzlesmith.fill.engine import CheckResult, FillResult, RegionResult
    from puzzlesmith.fill.model import Grid
    from puzzlesmith.fill.options import FillWords
    from puzzlesmith.limits import Deadline


class _FillGroup(TyperGroup):
    """`fill GRID...` runs the default command; `fill check GRID...` the check."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["grid", *args]
        return super().parse_args(ctx, args)


fill_app = typer.Typer(
    cls=_FillGroup,
    help=(
        "Crossword fill: every entry of a grid a word, no word twice.\n\n"
        "puzzlesmith fill GRID... fills a grid (see `puzzlesmith fill grid --help`); "
        "puzzlesmith fill check GRID... says which entries cannot be filled; puzzlesmith fill "
        "region GRID... --rows A-B --cols C-D searches the entries inside a box on their own "
        "(no fill there proves the grid has none); puzzlesmith fill candidates GRID... --entry "
        "'1 across' lists the words for one entry. A grid whose first row is spelled `check`, "
        "`region`, `candidates` or `grid`: write `fill grid ROWS...` (or the rows in one "
        "argument split by /)."
    ),
    no_args_is_help=True,
)

GridArg = Annotated[
    list[str] | None,
    typer.Argument(help="Grid rows (# block, . or ? empty, a-z fixed, [letters] a rebus cell: "
                        "no[star]ch), one argument a row or "
                        "all in one split by /; or a grid file (.txt, .puz, .ipuz)."),
]
FileOpt = Annotated[Path | None, typer.Option("--file", "-f", help="Read the whole grid from a "
                                              "file (text, .puz or .ipuz; not --from's one input "
                                              "a line).")]


def _said_if_locked(grid: Grid) -> Grid:
    if grid.locked:
        rebus = " and rebus cells (not scrambled)" if grid.rebus else ""
        err_console.print(f"note: the .puz file is locked (its answers scrambled): only its "
                          f"blocks{rebus} are read, every other white cell is empty", markup=False)
    return grid


def _grid(rows: list[str] | None, file: Path | None, allow_2: bool) -> Grid:
    from puzzlesmith.fill.formats import SUFFIXES, grid_rows_from_args, read_grid_file
    from puzzlesmith.fill.model import parse_grid

    if file is not None:
        if rows:
            raise InputError("give the grid as rows or with --file, not both")
        return _said_if_locked(read_grid_file(file, allow_2=allow_2))
    if not rows:
        raise InputError("give the grid rows (e.g. '...#/..../....' ) or --file GRID")
    if len(rows) == 1 and (rows[0].lower().endswith((*SUFFIXES, ".txt")) or Path(rows[0]).is_file()):
        return _said_if_locked(read_grid_file(Path(rows[0]), allow_2=allow_2))
    return parse_grid(grid_rows_from_args(rows), allow_2=allow_2)


def _prepared(grid: Grid, options: FillOptions) -> tuple[FillWords, Deadline]:
    """The words a fill runs on, and its deadline: the time limit is the user's whole wait
    from here (loading the list included), except a first use's build of the list's index
    and the grid's word tables, which is done first, under a note and a progress bar (on a
    terminal) that say it is not counted, and the limit starts after it."""
    import puzzlesmith.cli
    from puzzlesmith.fill.tables import tables_missing, warm_tables
    from puzzlesmith.lexicon.index import index_cached
    from puzzlesmith.limits import Deadline

    time_limit = options.time_limit
    deadline = Deadline(time_limit)
    if puzzlesmith.cli.invoked_at is not None:  # the command line's own start-up counts too
        deadline.start = puzzlesmith.cli.invoked_at
    lengths = sorted({s.length for s in grid.word_slots})
    base = options.base()
    if index_cached(base):
        words = options.words()
        if not tables_missing(words.lexicon, words.index, lengths):
            return words, deadline
    what = (f"building the {base.name} list's index and word tables (first use, once: not counted in "
            f"the {time_limit:g} s limit)")
    if err_console.is_terminal:  # a note to a person waiting, as progress bars are
        err_console.print(f"note: {what}", markup=False, highlight=False)
    with working(what, None):
        words = options.words()
        warm_tables(words.lexicon, words.index, tables_missing(words.lexicon, words.index, lengths))
    return words, Deadline(time_limit)


def draw(grid: Grid, *, highlight: set[int] | frozenset[int] = frozenset()) -> Table:
    """The grid as cells: letters, blocks shaded, given letters bold; a rebus cell's letters
    (the first two and `…` past three)."""
    from rich.table import Table
    from rich.text import Text

    table = Table.grid(padding=(0, 0))
    for _ in range(grid.width):
        table.add_column(justify="center", width=3)
    w, rebus = grid.width, dict(grid.rebus)
    for r, row in enumerate(grid.rows):
        cells = []
        for c, ch in enumerate(row):
            if ch == "#":
                # Solid glyphs, not a shaded space: a block stays visible without colour (a pipe).
                cells.append(Text("\u2588\u2588\u2588", style="grey23 on grey23"))
            elif ch == ".":
                cells.append(Text(" · ", style="dim on grey93"))
            else:
                style = "bold black on yellow" if r * w + c in highlight else "black on grey93"
                text = rebus.get(r * w + c, ch).upper()
                text = text if len(text) <= 3 else text[:2] + "\u2026"
                cells.append(Text(text.center(3), style=style))
        table.add_row(*cells)
    return table


def _entry_lists(doc: dict[str, Any]) -> Columns | Group:
    from rich.columns import Columns
    from rich.table import Table

    clued = any("clue" in e for e in doc["entries"])
    lists = []
    for direction in ("across", "down"):
        t = Table(title=direction.capitalize(), box=None, show_header=False, padding=(0, 1))
        t.add_column(justify="right", style="bold")
        t.add_column()
        t.add_column(justify="right", style="dim")
        if clued:
            t.add_column()
        for e in doc["entries"]:
            if e["direction"] == direction:
                score = "given" if e["score"] is None else str(e["score"])
                t.add_row(str(e["number"]), e["answer"].upper(), score,
                          *([e.get("clue") or "-"] if clued else []))
        lists.append(t)
    if clued:  # clues are long: the lists go one under the other
        from rich.console import Group

        return Group(*lists)
    return Columns(lists, padding=(0, 4))


_WHOLE_LIST_HINT = ("--common uses only the common words (too few for most 15x15 grids); "
                    "without it the whole list is used, and the fill whose weakest entry is "
                    "strongest still wins")


def print_fill(result: FillResult, common: bool = False) -> None:
    doc = result.to_json()
    grid = result.filled or result.grid
    given = {c for c, ch in enumerate(result.grid.cells) if "a" <= ch <= "z"}
    console.print(draw(grid, highlight=given))
    for warning in result.warnings:
        console.print(f"[yellow]note:[/] {warning}", highlight=False)
    if result.status == "impossible":
        if result.core:
            console.print(f"[bold red]impossible:[/] no fill exists with these words: these "
                          f"{len(result.core)} entries have none even on their own: "
                          + ", ".join(result.core))
        else:
            console.print(f"[bold red]impossible:[/] no fill exists with these words: "
                          f"{result.note or 'the search tried every choice'}", highlight=False)
    elif result.status == "timeout":
        console.print("[bold red]time limit reached[/] before a fill was found")
    if result.status != "filled":
        if common:
            console.print(_WHOLE_LIST_HINT, style="dim")
        return
    console.print(_entry_lists(doc))
    if doc["min_score"] is None:
        # Every entry was the setter's: nothing filled, so no fill's figures to give.
        scores = [x["score"] for x in doc["entries"] if x["score"] is not None]
        weakest = f"; the weakest of yours scores {min(scores)}" if scores else ""
        console.print(f"nothing to fill: every entry is given{weakest}")
        return
    best = (" (no fill has a stronger weakest entry)" if result.optimal else
            " (could be better: stopped at the limit; a longer --time-limit searches on)"
            if result.improvement == "cut" else
            " (the search for a stronger one spent its budget, --improve)"
            if result.improvement == "budget" else "")
    console.print(f"weakest entry [bold]{doc['min_score']}[/]{best}, mean [bold]{doc['mean_score']}[/]; "
                  f"{doc['fills_found']} fill{'s' if doc['fills_found'] != 1 else ''} found in "
                  f"{doc['seconds']:.2f} s (first after {doc['first_fill_seconds'] or doc['seconds']:.2f} s)")
    if result.count is not None:
        more = "" if result.complete else " so far (time limit reached)"
        console.print(f"[bold]{result.count:,}[/] fill{'s' if result.count != 1 else ''}{more}")


@fill_app.command("grid")
@cli_command(FillOptions, FILL)
def fill_cmd(
    grid: GridArg = None,
    file: FileOpt = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the filled grid "
                                             "(.puz, .ipuz or text, by the suffix).")] = None,
    json: JsonOpt = False,
    *,
    options: FillOptions,
) -> None:
    """Fill every entry of GRID with a word, no word twice, fixed letters kept.

    "impossible" (exit 0) means the search proved no fill exists; a time limit exits 1.
    """
    from puzzlesmith.files import is_stdout
    from puzzlesmith.fill.formats import check_out_name, write_grid_file

    if out is not None:
        check_out_name(out)
        check_output(out)
    parsed = _grid(grid, file, options.allow_2)
    words, deadline = _prepared(parsed, options)
    with working(f"filling the {parsed.width}x{parsed.height} grid", options.time_limit):
        result = options.fill(parsed, deadline=deadline, words=words)
    if out is not None and result.filled is not None:
        write_grid_file(out, result.filled)
    if out is not None and is_stdout(out):
        pass  # standard output holds the file alone
    elif json:
        print_json(result.to_json())
    else:
        print_fill(result, options.common)
        if out is not None and result.filled is not None:
            console.print(f"wrote {out}")
    if result.status == "timeout" or (options.count and not result.complete):
        err_console.print("time limit: no fill found" if result.status == "timeout" else
                          "time limit: the count is incomplete", markup=False)
        raise typer.Exit(1)


def print_check(result: CheckResult) -> None:
    from rich.table import Table

    doc = result.to_json()
    bad = {c for s in result.slots if s.candidates == 0 for c in s.slot.cells}
    console.print(draw(result.grid, highlight=bad))
    t = Table(box=None, padding=(0, 1))
    for col in ("entry", "pattern", "fit", "after crossings", "e.g."):
        t.add_column(col, justify="right" if col in ("fit", "after crossings") else "left")
    for s in sorted(result.slots, key=lambda s: (s.consistent, s.candidates))[:12]:
        style = "red" if s.candidates == 0 else "yellow" if s.consistent == 0 else ""
        t.add_row(s.slot.label, s.pattern.upper(), str(s.candidates), str(s.consistent),
                  " ".join(s.examples), style=style)
    console.print(t)
    if result.not_in_list:
        console.print(f"[bold yellow]typed whole, not in the word list[/] (kept as given): "
                      f"{', '.join(result.not_in_list)}")
    if result.status == "unfillable":
        console.print(f"[bold red]no word fits:[/] {', '.join(result.unfillable)}")
    elif result.status == "overconstrained" and doc["conflict"]:
        c = doc["conflict"]
        where = f" at row {c['row'] + 1}, column {c['col'] + 1}" if "row" in c else ""
        why = f" and {c['because_of']}" if c.get("because_of") else ""
        console.print(f"[bold red]over-constrained:[/] no words fit {c['entry']}{why} together{where}")
    else:
        console.print("[green]every entry has words that fit its crossings[/] "
                      "(a full search may still find no fill)")


@fill_app.command("check")
@cli_command(FillOptions, CHECK)
def check_cmd(grid: GridArg = None, file: FileOpt = None, json: JsonOpt = False, *,
              options: FillOptions) -> None:
    """Which entries no word fits, and where crossings rule every word out, before a search."""
    result = options.check(_grid(grid, file, options.allow_2))
    if json:
        print_json(result.to_json())
    else:
        print_check(result)


def print_region(result: RegionResult) -> None:
    top, left, bottom, right = result.box
    w = result.grid.width
    inside = {r * w + c for r in range(top, bottom + 1) for c in range(left, right + 1)}
    console.print(draw(result.grid, highlight=inside))
    where = f"rows {top + 1}-{bottom + 1}, columns {left + 1}-{right + 1}"
    n = len(result.entries)
    if result.status == "impossible":
        console.print(f"[bold red]no fill:[/] the {n} entries inside {where} have none on their own, "
                      "so the grid has none")
    elif result.status == "filled":
        console.print(f"[green]the {n} entries inside {where} can be filled on their own[/] "
                      "(the whole grid may still have no fill)")
    console.print(f"entries: {', '.join(result.entries)}; {result.nodes:,} nodes, "
                  f"{result.seconds:.2f} s", markup=False)


@fill_app.command("region")
@cli_command(FillOptions, REGION)
def region_cmd(grid: GridArg = None, file: FileOpt = None, json: JsonOpt = False, *,
               options: FillOptions) -> None:
    """Search the entries with two or more cells inside a box on their own, completely.

    "impossible" (exit 0) proves the whole grid has no fill, and shows where; a time limit
    exits 1. The entries' crossings with each other are kept, the rest dropped.
    """
    parsed = _grid(grid, file, options.allow_2)
    words, deadline = _prepared(parsed, options)
    result = options.region(parsed, deadline=deadline, words=words)
    if json:
        print_json(result.to_json())
    else:
        print_region(result)
    if result.status == "timeout":
        err_console.print("time limit: the region is not settled", markup=False)
        raise typer.Exit(1)


def print_candidates(result: CandidatesResult) -> None:
    from rich.table import Table

    doc = result.to_json()
    console.print(f"{doc['entry']} {doc['pattern'].upper()}: {doc['total']:,} words fit, "
                  f"{doc['viable']:,} leave every crossing a word", markup=False)
    t = Table(box=None, padding=(0, 1))
    for col in ("word", "score", "crossings"):
        t.add_column(col, justify="right" if col == "score" else "left")
    for c in result.candidates:
        mark = "ok" if c.viable else f"none left for {c.blocked}"
        t.add_row(c.word.upper(), str(c.score), mark, style="" if c.viable else "dim")
    console.print(t)


@fill_app.command("candidates")
@cli_command(FillOptions, CANDIDATES)
def candidates_cmd(grid: GridArg = None, file: FileOpt = None, json: JsonOpt = False, *,
                   options: FillOptions) -> None:
    """The words that fit one entry, best score first, each marked by whether every entry it
    crosses still has a word once it is placed (one step ahead; `fill` is the search)."""
    result = options.candidates(_grid(grid, file, options.allow_2))
    if json:
        print_json(result.to_json())
    else:
        print_candidates(result)


def register(app: typer.Typer) -> None:
    app.add_typer(fill_app, name="fill")
