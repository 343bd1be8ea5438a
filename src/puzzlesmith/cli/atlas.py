"""`puzzlesmith qless atlas ...`: the roll space, building the atlas, and reading it."""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from puzzlesmith.cli.common import (
    CommonOpt,
    CommonTopOpt,
    FromOpt,
    JsonOpt,
    LexiconOpt,
    console,
    err_console,
    print_json,
    read_inputs,
)
from puzzlesmith.cli.qless import DiceOpt
from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import DEFAULT_COMMON_TOP, LexiconSpec, common_cut, narrowed
from puzzlesmith.options import cli_command
from puzzlesmith.qless.options import LOOKUP, QlessOptions

if TYPE_CHECKING:
    from rich.progress import Progress

    from puzzlesmith.lexicon import Lexicon
    from puzzlesmith.qless.atlas import stats as atlas_stats

atlas_app = typer.Typer(
    help="The atlas: a stored result for every roll of the real dice.", no_args_is_help=True
)

TOTAL_ROLLS = 15_800_439  # count_rolls() of the real dice; checked by the tests

DbOpt = Annotated[
    Path | None,
    typer.Option("--db", help="Atlas database (default: atlas.sqlite in your data dir)."),
]
SeedOpt = Annotated[int, typer.Option("--seed", help="Random seed of the sample.")]


def _db(path: Path | None) -> Path:
    from puzzlesmith.qless.atlas import store

    return path if path is not None else store.default_db_path()


def _lexicon(lexicon: str | None, common: bool, common_top: int) -> Lexicon:
    """The word list an atlas command's --lexicon, --common and --common-top name."""
    return narrowed(LexiconSpec(lexicon, common_cut(common, common_top)))[0]


def _timeout(seconds: float) -> float:
    if not (seconds > 0 and math.isfinite(seconds)):
        raise InputError(f"--time-limit must be a positive number of seconds, got {seconds}")
    return seconds


@atlas_app.command("rolls")
def rolls_cmd(
    count: Annotated[bool, typer.Option("--count", help="Count the distinct rolls.")] = False,
    sample: Annotated[
        int | None, typer.Option("--sample", help="Draw N rolls as a player would.")
    ] = None,
    uniform: Annotated[
        int | None,
        typer.Option("--uniform", help="N distinct rolls, each equally likely (not as rolled)."),
    ] = None,
    all_: Annotated[bool, typer.Option("--all", help="Print every distinct roll.")] = False,
    seed: SeedOpt = 0,
    dice: DiceOpt = None,
    json: JsonOpt = False,
) -> None:
    """The roll space: how many distinct rolls, a sample, or all of them (with outcome counts)."""
    from puzzlesmith.qless.atlas.rolls import (
        count_rolls,
        iter_rolls,
        outcomes,
        sample_rolls,
        total_outcomes,
        uniform_sample,
    )
    from puzzlesmith.qless.dice import parse_dice

    faces = parse_dice(dice) if dice is not None else None
    if sum([count, sample is not None, uniform is not None, all_]) != 1:
        raise InputError("give exactly one of --count, --sample N, --uniform N or --all")
    if count:
        n = count_rolls(faces)
        if json:
            print_json({"rolls": n, "outcomes": total_outcomes(faces)})
        else:
            console.print(f"{n:,}")
        return
    if (sample is not None and sample < 1) or (uniform is not None and uniform < 1):
        raise InputError(f"the sample size must be at least 1, got {sample or uniform}")
    total = total_outcomes(faces)
    pairs: Iterable[tuple[str, int]]
    if sample is not None:
        pairs = ((k, outcomes(k, faces)) for k in sample_rolls(sample, seed, faces))
    elif uniform is not None:
        pairs = uniform_sample(uniform, seed, faces)
    else:
        pairs = iter_rolls(faces)
    for key, ways in pairs:
        if json:
            print_json({"letters": key, "outcomes": ways, "probability": ways / total})
        else:
            print(f"{key} {ways}")


@atlas_app.command("build")
def build_cmd(
    all_: Annotated[bool, typer.Option("--all", help="Every roll of the dice.")] = False,
    sample: Annotated[
        int | None,
        typer.Option("--sample", help="N rolls drawn as a player rolls (grows with the seed)."),
    ] = None,
    seed: SeedOpt = 0,
    from_file: FromOpt = None,
    retry_timeouts: Annotated[
        bool,
        typer.Option("--retry-timeouts", help="Solve the stored timeouts again (with --timeout)."),
    ] = False,
    db: DbOpt = None,
    lexicon: LexiconOpt = None,
    common: CommonOpt = False,
    common_top: CommonTopOpt = DEFAULT_COMMON_TOP,
    count_solutions: Annotated[
        bool, typer.Option("--count-solutions", help="Also count every roll's solutions.")
    ] = False,
    timeout: Annotated[float, typer.Option("--time-limit", "-t", "--timeout",
                                           help="Time limit per roll (s).")] = 5.0,
    workers: Annotated[
        int | None, typer.Option("--workers", help="Local worker processes (default: all cores).")
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", help="Run on a Dask cluster: tcp://HOST:8786."),
    ] = None,
    batch_size: Annotated[int, typer.Option("--batch-size", min=1, help="Rolls per task.")] = 32,
    shard: Annotated[
        str | None,
        typer.Option("--shard", help="With --all: only part K of N of the rolls (e.g. 3/16), "
                     "so a census can run in pieces, on several machines or days."),
    ] = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
) -> None:
    """Solve rolls and store the answers; rerun the same command to continue a stopped build."""
    from puzzlesmith.qless.atlas import cluster, runner, sources, store
    from puzzlesmith.qless.atlas.work import Job
    from puzzlesmith.qless.dice import parse_dice

    faces = parse_dice(dice) if dice is not None else None
    part = sources.parse_shard(shard) if shard is not None else None
    if part is not None and not all_:
        raise InputError("--shard goes with --all")

    if sum([all_, sample is not None, from_file is not None, retry_timeouts]) != 1:
        raise InputError("give exactly one of --all, --sample N, --from FILE or --retry-timeouts")
    if sample is not None and sample < 1:
        raise InputError(f"--sample must be at least 1, got {sample}")
    if scheduler is not None and workers is not None:
        raise InputError("--workers is for local runs; a --scheduler's cluster has its own")
    job = Job(_lexicon(lexicon, common, common_top), _timeout(timeout),
              count_solutions, faces)
    given = (sources.from_lines(read_inputs(None, from_file), faces)
             if from_file is not None else None)
    path = _db(db)
    with _stops_whole(path):
        con = store.connect(path)
        todo, total = sources.plan(
            con, job, every=all_, sample=None if sample is None else (sample, seed),
            rolls=given, retry_timeouts=retry_timeouts, shard=part,
        )
        if total == 0:
            report = runner.BuildReport(0, {}, 0.0, 0, 0.0)
        else:
            try:
                with cluster.open_client(scheduler, workers) as client, _progress() as bar:
                    task = bar.add_task(f"atlas {job.lexicon.name}", total=total)
                    report = runner.run(
                        client, con, job, todo, total=total, batch_size=batch_size,
                        on_progress=lambda p: bar.update(task, completed=p.done),
                    )
            except runner.BuildError as e:
                # Not bad input, and what was answered is stored: rerunning continues there.
                typer.echo(f"error: {e} (answers so far are stored; rerun to continue)",
                           err=True)
                raise typer.Exit(1) from None
    if json:
        print_json({"db": str(path), "lexicon": job.lexicon.name, **report.to_json()})
        return
    if total == 0:
        console.print(f"nothing to do: every roll asked for is already in {path}")
        return
    parts = ", ".join(f"{n:,} {s}" for s, n in sorted(report.by_status.items()))
    console.print(
        f"{report.solved:,} rolls answered ({parts}) in {report.seconds:.1f} s"
        f" on {report.workers} worker(s): {report.rolls_per_second_per_worker:.2f} rolls/s/worker"
        f" -> {path}"
    )


@contextmanager
def _stops_whole(path: Path) -> Iterator[None]:
    """A build that cannot write: one `error:` line saying what is kept and how to go on.

    The atlas commits batch by batch, so what was stored before the failure is whole and a
    rerun of the same command skips it.
    """
    from puzzlesmith.qless.atlas import store

    try:
        yield
    except (sqlite3.DatabaseError, OSError) as e:
        room = store.out_of_room(e)
        if room is not None:
            raise InputError(f"{room} (answers so far are stored in {path}; make room and "
                             "rerun the same command to continue)") from None
        if isinstance(e, OSError):
            raise
        raise InputError(f"cannot write the atlas {path}: {e} (answers so far are stored; "
                         "rerun the same command to continue)") from None


def _progress() -> Progress:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        """Rolls per second."""

        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text(f"{speed:,.1f} rolls/s" if speed else "-- rolls/s", style="cyan")

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("elapsed,"),
        TimeRemainingColumn(),
        TextColumn("left"),
        console=err_console,
    )


@atlas_app.command("stats")
def stats_cmd(
    db: DbOpt = None,
    lexicon: LexiconOpt = None,
    common: CommonOpt = False,
    common_top: CommonTopOpt = DEFAULT_COMMON_TOP,
    top: Annotated[int, typer.Option("--top", min=0, help="How many hardest rolls.")] = 10,
    unsolvable: Annotated[
        bool, typer.Option("--unsolvable", help="Print the unsolvable rolls, one a line "
                           "(sorted letters), from the atlas or else from the census.")
    ] = False,
    dice: DiceOpt = None,
    json: JsonOpt = False,
) -> None:
    """Rolls done, how many can be solved (with 95% intervals), distributions, hardest rolls."""
    from puzzlesmith.qless import census
    from puzzlesmith.qless.answer import atlas_list
    from puzzlesmith.qless.atlas import stats as atlas_stats
    from puzzlesmith.qless.atlas import store
    from puzzlesmith.qless.dice import dice_key, parse_dice

    faces = parse_dice(dice) if dice is not None else None
    which = dice_key(faces)
    path = _db(db)
    if not path.exists():
        # No atlas here: the census (the bundled one or $PUZZLESMITH_CENSUS) knows every roll.
        lex = _lexicon(lexicon, common, common_top)
        found = census.of(lex.content_hash, which)
        if found is None:
            raise InputError(f"no atlas at {path}, and no census for {lex.name} and these dice:"
                             " build one with `puzzlesmith qless atlas build`")
        if unsolvable:
            _print_unsolvable(iter(found.unsolvable), json)
        elif json:
            print_json({"db": None, "census": found.to_json()})
        else:
            _print_census(found.to_json())
            console.print(f"[dim](no atlas at {path}: `qless atlas build` stores each roll's"
                          " board, time and grade for the distributions)[/]")
        return
    h, name = atlas_list(LexiconSpec(lexicon, common_cut(common, common_top)), path)
    con = store.connect(path, create=False)
    present = store.lexicons(con)
    if unsolvable:
        _print_unsolvable(atlas_stats.unsolvable(con, h, which), json)
        return
    from puzzlesmith.qless.atlas.rolls import count_rolls

    total = TOTAL_ROLLS if faces is None else count_rolls(faces)
    result = atlas_stats.compute(con, h, name, total, top, dice=which)
    found = census.of(h, which)
    exact = found.to_json() if found is not None else None
    if json:
        print_json({"db": str(path), **result.to_json(), "census": exact})
        return
    _print_stats(result, path, [p for p in present if p[0] != h])
    if exact is not None:
        _print_census(exact)


def _print_census(exact: dict[str, Any]) -> None:
    console.print(
        f"census (every roll searched, exact): {exact['unsolvable']:,} of"
        f" {exact['rolls']:,} rolls have no solution; P(a roll can be solved) ="
        f" {exact['p_solvable_exact']} = {100 * exact['p_solvable']:.4f}%"
    )


def _print_unsolvable(keys: Iterable[str], json: bool) -> None:
    for key in keys:
        if json:
            print_json({"letters": key})
        else:
            print(key)


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.2f}%"


def _estimate(label: str, e: atlas_stats.Estimate | None) -> None:
    if e is None:
        console.print(f"{label}: no weighted sample yet (qless atlas build --sample N)")
    elif e.method == "exact":
        console.print(f"{label}: {_pct(e.value)} (exact, every roll)")
    else:
        how = "Wilson" if e.method == "wilson" else "weighted by 1/probability"
        console.print(
            f"{label}: {_pct(e.value)}  95% CI [{_pct(e.low)}, {_pct(e.high)}]"
            f"  ({e.n:,} sampled rolls, {how})"
        )


_LABELS = {
    "anagram_count": "anagrams",
    "solution_count": "solutions",
    "seconds_solved": "s, solved",
    "seconds_unsolvable": "s, unsolvable",
    "seconds_timeout": "s, timeout",
}


def _print_stats(s: atlas_stats.AtlasStats, path: Path, others: list[tuple[str, str, int]]) -> None:
    from rich.table import Table

    console.print(f"[bold]Atlas[/] {path} — lexicon {s.lexicon} ({s.lexicon_hash})")
    statuses = ", ".join(f"{n:,} {k}" for k, n in sorted(s.by_status.items())) or "none"
    console.print(
        f"rolls stored: {s.stored:,} of {s.total_rolls:,} ({_pct(s.stored / s.total_rolls)}),"
        f" {_pct(s.probability_stored)} of all dice outcomes — {statuses}"
    )
    if not s.complete:
        console.print(
            f"weighted sample: {s.draws:,} draws recorded, {s.draws_answered:,} answered"
            f" for this lexicon ({s.draws_timeout:,} timed out, left out below)"
        )
    _estimate("P(a roll of the dice can be solved)", s.weighted)
    _estimate("fraction of distinct rolls solvable", s.unweighted)
    table = Table("", "count", "mean", "min", "p10", "p50", "p90", "p99", "max")
    for name, q in s.distributions.items():
        if q:
            fmt = "{:.3f}" if name.startswith("seconds") else "{:,.0f}"
            table.add_row(
                _LABELS.get(name, name), f"{q['count']:,.0f}", fmt.format(q["mean"]),
                *(fmt.format(q[k]) for k in ("min", "p10", "p50", "p90", "p99", "max")),
            )
    console.print(table)
    if s.hardest:
        hard = Table("hardest rolls", "status", "seconds", "placements", "anagrams")
        for r in s.hardest:
            hard.add_row(
                r["letters"].upper(), r["status"], f"{r['seconds']:.3f}",
                f"{r['placements']:,}",
                "-" if r["anagram_count"] is None else str(r["anagram_count"]),
            )
        console.print(hard)
    for h, name, n in others:
        console.print(f"also in this atlas: {name} ({h}), {n:,} rolls — see --lexicon/--common")


@atlas_app.command("lookup")
@cli_command(QlessOptions, LOOKUP)
def lookup_cmd(
    letters: Annotated[list[str] | None, typer.Argument(help="Rolls (12 letters each).")] = None,
    from_file: FromOpt = None,
    db: DbOpt = None,
    json: JsonOpt = False,
    *,
    options: QlessOptions,
) -> None:
    """The stored result of a roll, at once (nothing is solved)."""
    from puzzlesmith.qless.atlas.rolls import canonical

    keys = [canonical(x) for x in read_inputs(letters, from_file)]  # all checked first
    path = _db(db)
    for key in keys:
        doc = options.look_up(key, path)
        says = doc.get("census")
        if not path.exists() and says is None:
            raise InputError(f"no atlas at {path}, and no census for {doc['lexicon']} and these "
                             "dice: build one with `puzzlesmith qless atlas build`")
        if doc["found"]:
            print_json(doc) if json else _print_doc(key, doc)
            continue
        elsewhere = doc.get("stored_for", [])
        hint = "; ".join(f"stored for lexicon {n}; add {_lexicon_option(n)}" for n in elsewhere)
        if json:
            print_json({**doc, **({"hint": hint} if hint else {})})
        elif not path.exists() and says is not None:
            console.print(f"{key.upper()}: {_CENSUS_SAYS[says]}", soft_wrap=True)
        else:
            line = f"{key.upper()}: not in the atlas for {doc['lexicon']}" + (
                f" ({hint})" if hint else "")
            if says is not None:
                line += f"; {_CENSUS_SAYS[says]}"
            console.print(line, soft_wrap=True)


_CENSUS_SAYS = {
    "unsolvable": "no solution (from the Q-Less census: every roll of the dice was searched"
                  " exhaustively)",
    "solvable": "can be solved (from the Q-Less census; no board is stored:"
                " `puzzlesmith qless solve` shows one)",
    "not a roll": "not a roll of these dice (they cannot show these letters, one die each)",
}


def _lexicon_option(name: str) -> str:
    """The options that select a stored lexicon name again (common lists carry a suffix)."""
    base, plus, top = name.partition("+common")
    if plus and top.isdigit():
        extra = "" if int(top) == DEFAULT_COMMON_TOP else f" --common-top {top}"
        return f"--lexicon {base} --common{extra}"
    return f"--lexicon {name}"


def _print_doc(key: str, doc: dict[str, Any]) -> None:
    a = doc["atlas"]
    extra = ""
    if a.get("solution_count") is not None:
        cut = "" if a.get("count_complete") else "at least "
        extra = f", {cut}{a['solution_count']:,} solutions"
    console.print(
        f"[bold]{key.upper()}[/]: {doc['status']} — {doc.get('anagram_count', 0)} anagrams,"
        f" {doc.get('placements', 0):,} placements, {doc.get('seconds', 0):.3f} s{extra}"
        f" (probability {a['probability']:.3g}; {a['lexicon']}, {a['engine_version']},"
        f" {a['solved_at']})"
    )
    for row in doc.get("board") or []:
        console.print("  " + " ".join(row.upper()))


@atlas_app.command("export")
def export_cmd(
    parquet: Annotated[Path, typer.Option("--parquet", help="Write the rows to this file.")],
    db: DbOpt = None,
    json: JsonOpt = False,
) -> None:
    """Every stored row as a Parquet file (for pandas, DuckDB, Polars)."""
    from puzzlesmith.qless.atlas import store
    from puzzlesmith.qless.atlas.export import export_parquet

    path = _db(db)
    con = store.connect(path, create=False)
    n = export_parquet(con, parquet)
    if json:
        print_json({"db": str(path), "parquet": str(parquet), "rows": n})
    else:
        console.print(f"{n:,} rows -> {parquet}")


def register(app: typer.Typer) -> None:
    app.add_typer(atlas_app, name="atlas")
