"""What the worker processes run: each API call as the CLI's `--json` runs it.

Every function takes the CLI command's options (same names, same defaults), calls the same
engine function the CLI calls and returns that result's `to_json()`, so an API answer and a
`--json` line are the same document. Nothing here knows about HTTP.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

from puzzlesmith.errors import InputError
from puzzlesmith.fill.options import DEFAULT_TIME_LIMIT as FILL_TIME_LIMIT
from puzzlesmith.fill.options import SETTER_WORDS_MAX
from puzzlesmith.fill.scores import FILL_LEXICON
from puzzlesmith.lexicon import (
    DEFAULT_COMMON_TOP,
    LexiconSpec,
    narrowed,
)
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.options import from_request
from puzzlesmith.qless.options import DEFAULT_TIME_LIMIT as QLESS_TIME_LIMIT
from puzzlesmith.qless.options import QlessOptions
from puzzlesmith.search.query import DEFAULT_TIME_LIMIT as WORDS_TIME_LIMIT
from puzzlesmith.stars.options import DEFAULT_GENERATE_SECONDS, EXPLAIN_SECONDS, StarsOptions
from puzzlesmith.stars.options import DEFAULT_SECONDS as STARS_TIME_LIMIT
from puzzlesmith.web.facts import MAX_COUNT_TIMEOUT, task
from puzzlesmith.wordgrid.options import DEFAULT_LENGTH as WORDGRID_LENGTH
from puzzlesmith.wordgrid.options import DEFAULT_SECONDS as WORDGRID_TIME_LIMIT
from puzzlesmith.wordgrid.options import CreateOptions

Doc = dict[str, Any]

# Each task's time limits and cost are declared above it (`@task`, web/facts.py).
QUICK_EXPLAIN = 5.0  # an explain with a limit up to this is a page's quick grade: cheap

# The engines the tasks below import when they run. Importing them here as well means the
# forkserver (which imports this module) loads them once for every worker it forks.
ENGINES = ("puzzlesmith.wordgrid.solve", "puzzlesmith.wordgrid.create",
           "puzzlesmith.qless.solve", "puzzlesmith.qless.play", "puzzlesmith.stars.explain",
           "puzzlesmith.stars.generate", "puzzlesmith.fill.engine")


def _preload_engines() -> None:
    for name in ENGINES:
        try:
            importlib.import_module(name)
        except Exception:
            # One broken engine must not stop the server: its own endpoints fail (500, with
            # the traceback in the log) when its task imports it again; the rest keep working.
            logging.getLogger("puzzlesmith.web").exception("cannot import %s", name)


_preload_engines()


def warm(spec: str | None) -> None:
    """Load the server's default lexicon index and the 12-letter Q-Less shapes once, when a
    worker starts, so no request spends its time limit on them."""
    from puzzlesmith.qless.engines.dispatch import prepare

    narrowed(LexiconSpec(spec))
    prepare(12)


def _word_query(command: str, options: dict[str, Any]) -> Any:
    from puzzlesmith.search.query import WordQuery

    return from_request(WordQuery, command, options)


@task(time_limit=WORDS_TIME_LIMIT)
def run_match(pattern: str, **options: Any) -> Doc:
    """`puzzlesmith match PATTERN --json` (past its time limit: 400, the pattern named)."""
    query = _word_query("match", options)
    try:
        return query.match(pattern).to_json()
    except SearchTimeout:
        raise InputError(f"pattern {pattern!r} took longer than {query.time_limit} s") from None


@task(time_limit=WORDS_TIME_LIMIT)
def run_equation(query: str, **options: Any) -> Doc:
    """`puzzlesmith match --equation QUERY --json` (a search stopped by its time limit is an
    answer here: `exact` false, its count a lower bound)."""
    return _word_query("equation", options).equation(query).to_json()


@task(time_limit=WORDS_TIME_LIMIT)
def run_anagram(letters: str, **options: Any) -> Doc:
    """`puzzlesmith anagram LETTERS --json`."""
    return _word_query("anagram", options).anagram(letters).to_json()


@task(time_limit=WORDGRID_TIME_LIMIT, long_when=("all", "count"))
def run_wordgrid_solve(rows: list[str], **options: Any) -> Doc:
    """`puzzlesmith wordgrid solve ROWS... --json`: the options are wordgrid.SolveOptions's."""
    from puzzlesmith.wordgrid.model import parse_rows
    from puzzlesmith.wordgrid.options import SOLVE, SolveOptions

    solve = from_request(SolveOptions, SOLVE, options)
    return {**solve.solve(parse_rows(rows)).to_json(), "source": "puzzle"}


@task(time_limit=WORDGRID_TIME_LIMIT, long=True,
      page={"length": WORDGRID_LENGTH, "rows": CreateOptions.rows})
def run_wordgrid_create(**options: Any) -> Doc:
    """`puzzlesmith wordgrid create ... --json`: the options are wordgrid.CreateOptions's."""
    from puzzlesmith.wordgrid.options import CREATE

    create = from_request(CreateOptions, CREATE, options)
    return create.create().to_json(answer_hidden=create.answer_hidden)


@task(most=None)
def run_define(word: str) -> Doc:
    """`puzzlesmith define WORD --json`."""
    from puzzlesmith.lexicon.meanings import define
    from puzzlesmith.lexicon.sounds import described

    d = define(word)
    return {**d.to_json(), **described(d.word)}


def _prepared_roll(letters: str) -> str:
    """The roll, its board shapes loaded before the time limit starts, as in the CLI (a
    long roll's take about a second from the disk cache; one the server's background
    builder has not written yet is built inside the limit)."""
    from puzzlesmith.qless.engines.dispatch import prepare_cached
    from puzzlesmith.qless.solve import parse_letters

    roll = parse_letters(letters)
    prepare_cached(len(roll))
    return roll


@task(time_limit=QLESS_TIME_LIMIT, job_for=("count", "/api/qless/count"))
def run_qless_solve(letters: str, **options: Any) -> Doc:
    """`puzzlesmith qless solve LETTERS --json` (one roll), less the atlas file's path."""
    return _qless_answer(letters, from_request(QlessOptions, "solve", options))


def _qless_answer(letters: str, q: QlessOptions) -> Doc:
    """A roll solved (or counted) as `qless solve` does, with `q`'s QlessOptions."""
    from puzzlesmith.web.pool import report_progress

    # The CLI's order (census, atlas, search), over the index the worker holds. No
    # on_solution callback: with one the engine lists every board instead of counting fast,
    # and its document would differ from the CLI's. A count reports how many it has found so
    # far to a job's progress (`jobs.Job.reported`).
    result = q.solve_roll(
        _prepared_roll(letters), indexed=True,
        on_progress=(lambda n: report_progress({"solutions": n})) if q.count else None)
    return _no_server_path(result.to_json())


@task(time_limit=120.0, most=MAX_COUNT_TIMEOUT, long=True, background=60.0)
def run_qless_count(letters: str, **options: Any) -> Doc:
    """`puzzlesmith qless solve LETTERS --count --json`, as a job (`POST /api/qless/count`);
    the options are `run_qless_solve`'s."""
    return run_qless_solve(letters, **{**options, "count": True})


def _no_server_path(doc: Doc) -> Doc:
    """A stored answer's document less the atlas file's path: no answer names a server file."""
    if isinstance(doc.get("atlas"), dict):
        doc["atlas"] = {k: v for k, v in doc["atlas"].items() if k != "db"}
    return doc


@task(time_limit=QLESS_TIME_LIMIT, job_for=("count", "/api/qless/count"))
def run_qless_roll(*, seed: int | None = None, **options: Any) -> Doc:
    """`puzzlesmith qless roll --json` (with `solve`: `qless roll --solve --json`); `dice` as
    --dice's text, never a file."""
    q = from_request(QlessOptions, "roll", options)
    doc = q.roll(seed)
    return _qless_answer(doc["letters"], q) if q.solve else doc


@task(time_limit=QLESS_TIME_LIMIT)
def run_qless_hint(letters: str, **options: Any) -> Doc:
    """`puzzlesmith qless hint LETTERS --level N --json`."""
    return from_request(QlessOptions, "hint", options).hint_roll(_prepared_roll(letters)).to_json()


@task(time_limit=QLESS_TIME_LIMIT, background=15.0)
def run_qless_grade(letters: str, **options: Any) -> Doc:
    """`puzzlesmith qless grade LETTERS --json`."""
    q = from_request(QlessOptions, "grade", options)
    _prepared_roll(letters)
    return q.grade_roll(letters).to_json()


@task(time_limit=QLESS_TIME_LIMIT, grace=10.0)
def run_qless_daily(**options: Any) -> Doc:
    """`puzzlesmith qless daily --date D --json` (`--no-grade` without `grade`)."""
    return from_request(QlessOptions, "daily", options).daily_roll().to_json()


MAX_BOARD_SIDE = 40  # rows and columns a board sent to be checked may have


def _board_cells(rows: list[str]) -> list[tuple[int, int, str]]:
    """A board as rows of letters, '.' or ' ' for an empty cell (the solver's `board`)."""
    if len(rows) > MAX_BOARD_SIDE:
        raise InputError(f"a board has at most {MAX_BOARD_SIDE} rows, not {len(rows)}")
    cells = []
    for r, row in enumerate(rows):
        if len(row) > MAX_BOARD_SIDE:
            raise InputError(f"row {r + 1} of the board has {len(row)} cells; at most "
                             f"{MAX_BOARD_SIDE}")
        for c, ch in enumerate(row.lower()):
            if ch in ". ":
                continue
            if not ("a" <= ch <= "z"):
                raise InputError(f"row {r + 1} of the board holds {ch!r}: a cell is a letter "
                                 "a-z, or '.' when empty")
            cells.append((r, c, ch))
    return cells


@task(most=None)
def run_qless_check(
    letters: str,
    board: list[str],
    *,
    lexicon: str | None = None,
    common: bool = False,
    common_top: int = DEFAULT_COMMON_TOP,
) -> Doc:
    """A board built by hand, judged by the validator every engine board passes.

    Each run (with where it starts, as rows and columns of the rows sent, from 0) gets
    "word", "not a word" or "too short"; `solved` is true only when no rule is broken.
    Words are those of the whole lexicon, as a solve that falls back to all words uses;
    `common` marks which of them are common words.
    """
    from puzzlesmith.qless.board import WORD, Board, review
    from puzzlesmith.qless.solve import parse_letters

    roll = parse_letters(letters)
    cells = _board_cells(board)
    _, index = narrowed(LexiconSpec(lexicon))
    judged = review(cells, roll, index)
    words = [run.text for run, verdict in judged.runs if verdict == WORD]
    common_words = index.common_among(words, common_top)
    problems = judged.problems()
    return {
        "letters": roll,
        "runs": [{"word": run.text, "row": run.row, "col": run.col,
                  "direction": "across" if run.across else "down", "verdict": verdict,
                  "common": run.text in common_words}
                 for run, verdict in judged.runs],
        "connected": judged.connected,
        "missing": judged.missing,
        "extra": judged.extra,
        "problems": problems,
        "solved": not problems,
        "words": Board.of(cells).words() if not problems else [],
        "lexicon": index.name,
    }


@task(most=None)
def run_atlas_lookup(letters: str, **options: Any) -> Doc:
    """`puzzlesmith qless atlas lookup LETTERS --json` (one roll), less the atlas file's path.

    A server without an atlas has no stored answer, which is an answer ("found": false, with
    what the census says of the roll when it can), not bad input: the page asks on every
    solve. No answer names a file on the server.
    """
    return _no_server_path(from_request(QlessOptions, "lookup", options).look_up(letters))


def _star_puzzle(puzzle: str, stars: int | None) -> Any:
    """A puzzle given as its text or a puzz.link URL (`stars.formats.load` without files)."""
    from puzzlesmith.stars.formats import is_url, load, parse_text

    source = puzzle.strip()
    if is_url(source) or source.startswith(("http://", "https://")) or "?starbattle" in source:
        return load(source, stars)  # its own message for a malformed URL
    if not source:
        raise InputError("no puzzle given: paste the region grid or a puzz.link URL")
    return parse_text(puzzle, stars)


@task(most=None)
def run_stars_parse(puzzle: str, **options: Any) -> Doc:
    """The puzzle itself (regions, labels, warnings) with its text and URL forms, to draw it."""
    from puzzlesmith.stars.formats import to_text, to_url

    p = _star_puzzle(puzzle, from_request(StarsOptions, "convert", options).stars)
    return {**p.to_json(), "text": to_text(p), "url": to_url(p)}


@task(most=None)
def run_stars_convert(puzzle: str, **options: Any) -> Doc:
    """`puzzlesmith stars convert PUZZLE --json`, the puzzle given as text or URL."""
    from puzzlesmith.stars.formats import to_text, to_url

    p = _star_puzzle(puzzle, from_request(StarsOptions, "convert", options).stars)
    return {"source": puzzle, "size": p.size, "stars": p.stars, "text": to_text(p),
            "url": to_url(p)}


@task(time_limit=STARS_TIME_LIMIT, long_when=("count", "max"))
def run_stars_solve(puzzle: str, **options: Any) -> Doc:
    """`puzzlesmith stars solve PUZZLE --json` (one puzzle)."""
    q = from_request(StarsOptions, "solve", options)
    return q.solve(_star_puzzle(puzzle, q.stars)).to_json()


@task(time_limit=EXPLAIN_SECONDS, cheap_up_to=QUICK_EXPLAIN)
def run_stars_explain(puzzle: str, **options: Any) -> Doc:
    """`puzzlesmith stars explain PUZZLE --json`."""
    q = from_request(StarsOptions, "explain", options)
    return q.explain(_star_puzzle(puzzle, q.stars)).to_json()


@task(time_limit=EXPLAIN_SECONDS)
def run_stars_hint(puzzle: str, **options: Any) -> Doc:
    """`puzzlesmith stars hint PUZZLE --star r1c2 --empty r3c4 --json`."""
    q = from_request(StarsOptions, "hint", options)
    return q.hint(_star_puzzle(puzzle, q.stars)).to_json()


@task(time_limit=STARS_TIME_LIMIT)
def run_stars_check(puzzle: str, **options: Any) -> Doc:
    """`puzzlesmith stars check PUZZLE --star r1c2 --empty r3c4 --json`."""
    q = from_request(StarsOptions, "check", options)
    return q.check(_star_puzzle(puzzle, q.stars)).to_json()


@task(time_limit=DEFAULT_GENERATE_SECONDS, long=True, page_most=60.0)
def run_stars_generate(**options: Any) -> Doc:
    """`puzzlesmith stars generate --json`; SearchTimeout (504) when no puzzle turned up. As a
    job, it reports how far the current try got (`generate`'s progress)."""
    from puzzlesmith.stars.options import GENERATE, GenerateOptions
    from puzzlesmith.web.pool import report_progress

    generate = from_request(GenerateOptions, GENERATE, options)
    return generate.generate(progress=report_progress).to_json()


def _fill_options(command: str, options: dict[str, Any]) -> Any:
    from puzzlesmith.fill.options import FillOptions

    return from_request(FillOptions, command, options)


@task(time_limit=FILL_TIME_LIMIT, grace=5.0, long=True, page_most=60.0,
      page={"setter_words_max": SETTER_WORDS_MAX, "lexicon": FILL_LEXICON})
def run_fill(grid: list[str], **options: Any) -> Doc:
    """`puzzlesmith fill GRID --json` (a "timeout" status is an answer here, as in the CLI's
    JSON; the CLI also exits 1). The time limit is the whole request's wait, the list's
    loading included."""
    fill = _fill_options("fill", options)
    deadline = Deadline(fill.time_limit)
    return fill.fill(fill.grid(grid), deadline=deadline, words=fill.words(transient=True)).to_json()


@task(most=None)
def run_fill_check(grid: list[str], **options: Any) -> Doc:
    """`puzzlesmith fill check GRID --json`."""
    check = _fill_options("check", options)
    return check.check(check.grid(grid), words=check.words(transient=True)).to_json()


@task(most=None)
def run_fill_candidates(grid: list[str], **options: Any) -> Doc:
    """`puzzlesmith fill candidates GRID --entry ENTRY --json`."""
    found = _fill_options("candidates", options)
    return found.candidates(found.grid(grid), words=found.words(transient=True)).to_json()


@task(time_limit=FILL_TIME_LIMIT, grace=5.0, long=True)
def run_fill_region(grid: list[str], **options: Any) -> Doc:
    """`puzzlesmith fill region GRID --rows A-B --cols C-D --json` (rows and columns from 1)."""
    region = _fill_options("region", options)
    deadline = Deadline(region.time_limit)
    return region.region(region.grid(grid), deadline=deadline,
                         words=region.words(transient=True)).to_json()
