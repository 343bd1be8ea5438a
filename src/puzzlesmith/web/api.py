"""The JSON API: one endpoint per CLI command, answering with that command's `--json` document.

Request fields are the command's options under the same names (dashes become underscores), so
`puzzlesmith match 'a?p?e' --sort freq --json` is `POST /api/match {"pattern": "a?p?e",
"sort": "freq"}`. The work itself runs in `tasks`, in a worker process, under a time limit.

Long: one short route a command and its request model, kept in one file so that the
schema, the routes and their admission are read in one place.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StringConstraints,
    model_validator,
)

from puzzlesmith.errors import InputError
from puzzlesmith.fill.options import CANDIDATES, CHECK, FILL, REGION, FillOptions
from puzzlesmith.lexicon import DEFAULT_COMMON_TOP, available
from puzzlesmith.lexicon.registry import DEFAULT_NAME
from puzzlesmith.options import request_model
from puzzlesmith.qless.options import DAILY, GRADE, HINT, LOOKUP, ROLL, QlessOptions
from puzzlesmith.qless.options import SOLVE as Q_SOLVE
from puzzlesmith.search.query import ANAGRAM, EQUATION, MATCH, WordQuery
from puzzlesmith.stars.options import CHECK as S_CHECK
from puzzlesmith.stars.options import CONVERT as S_CONVERT
from puzzlesmith.stars.options import EXPLAIN, GENERATE, GenerateOptions, StarsOptions
from puzzlesmith.stars.options import HINT as S_HINT
from puzzlesmith.stars.options import SOLVE as S_SOLVE
from puzzlesmith.web import tasks
from puzzlesmith.web.admission import FairGate, client_of
from puzzlesmith.web.facts import config, facts_of
from puzzlesmith.web.jobs import Job, JobTable
from puzzlesmith.web.pool import PoolBusy, WorkerPool
from puzzlesmith.wordgrid.options import CREATE, SOLVE, CreateOptions, SolveOptions

if TYPE_CHECKING:
    from puzzlesmith.fill import model as fill_model

DISCONNECT_CHECK_AFTER = 2.0  # seconds a request runs before we look whether its client left

class Problem(BaseModel):
    """Every error: one line, for bad input the same message the CLI prints after `error:`."""

    detail: str


# Answers' models where they are small and fixed (the engines' documents are the CLI's
# --json, described by its docs): the schema then says what a client may rely on, and the
# schemathesis test checks every answer against it.
class LexiconSummary(BaseModel):
    """One dictionary of the picker; never a file path."""

    name: str
    kind: Literal["bundled", "registered"]
    bytes: int | None = Field(description="Its word file's size (null: the file cannot be read)")
    source: str


class Lexicons(BaseModel):
    lexicons: list[LexiconSummary]
    default: str


class TaskFactsDoc(BaseModel):
    """One task's facts (web/facts.py): seconds throughout."""

    time_limit: float = Field(description="The default time_limit (the fixed one when `most` "
                              "is null)")
    most: float | None = Field(description="The largest time_limit a request may ask (null: "
                               "the task takes none)")
    grace: float = Field(description="Seconds its worker may run past time_limit")
    long: bool = Field(description="Long work whatever its options (the long-work workers)")
    long_when: list[str] = Field(description="Options that, set, make it long work")
    cheap_up_to: float = Field(description="A time_limit above this makes it long work")
    page_most: float | None = Field(description="The most a page lets a person give it")
    background: float | None = Field(description="The time_limit a page gives it when it asks "
                                     "unprompted")
    page: dict[str, int | float | str] = Field(description="Other limits a page must know")


class Config(BaseModel):
    cheap_limit: float = Field(description="Seconds: a request allowed longer is long work")
    tasks: dict[str, TaskFactsDoc]


class JobProgress(BaseModel):
    """Time used of the job's limit, and what its task reported so far (a count's
    `solutions`; a generation's `attempt`, `undecided` and `cells`)."""

    model_config = ConfigDict(extra="allow")
    seconds: float
    limit: float
    fraction: float | None


class JobState(BaseModel):
    job: str
    kind: str
    state: Literal["queued", "running", "done", "stopped", "timeout", "error"]
    position: int | None = Field(description="1 for the next job to start, while it waits; "
                                 "null once it runs")
    progress: JobProgress
    result: dict[str, Any] | None = Field(description="Once done: the CLI's --json document")
    detail: str | None
    elapsed: float


_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Problem, "description": "Bad input (the CLI's message; its exit status 2)"},
    413: {"model": Problem, "description": "Request body over the size limit"},
    422: {"model": Problem, "description": "The body does not fit this endpoint's schema"},
    429: {"model": Problem, "description": "Too much long work running or waiting, for this "
          "client or in all (retry later, or stop a job)"},
    503: {"model": Problem, "description": "Every worker stayed busy, or the server is stopping"},
    504: {"model": Problem, "description": "The time limit was reached (the CLI's exit status 1)"},
}

router = APIRouter(prefix="/api", responses=_ERRORS)

Doc = dict[str, Any]


class ListOptions(BaseModel):
    """The word list and the frequency cut of what is common."""

    model_config = ConfigDict(extra="forbid")

    lexicon: str | None = Field(
        None, max_length=100, description="A registered lexicon name (see /api/lexicons); "
        "default: the server's --lexicon.")
    common_top: int = Field(DEFAULT_COMMON_TOP, ge=1, le=1_000_000,
                            description="How many of the most frequent words count as common.")


class Options(ListOptions):
    """Options every word command shares."""

    common: StrictBool = Field(False, description="Only common words (wordfreq top N, no names).")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


TIME_LIMIT_ALIAS = "timeout"  # the older name of `time_limit` (the Q-Less and word endpoints')


def TimeLimitField(task: Callable[..., Any]) -> Any:
    """`time_limit` in seconds, as every endpoint names it (and the CLI: --time-limit), its
    default and maximum the task's (`@task`, web/facts.py); the older name `timeout` is
    still accepted (`TimeLimited`)."""
    facts = facts_of(task)
    return Field(facts.time_limit, gt=0, le=facts.most,
                 description=f"Seconds before the search gives up (the CLI's --time-limit). "
                 f"`{TIME_LIMIT_ALIAS}` is an alias, the older name; both with different "
                 f"values is a 400.",
                 validation_alias=AliasChoices("time_limit", TIME_LIMIT_ALIAS))


class TimeLimited(BaseModel):
    """A request with a `time_limit` (a `TimeLimitField`), which may come under its older
    name: given under both names it must be one value."""

    @model_validator(mode="before")
    @classmethod
    def _one_time_limit(cls, data: Any) -> Any:
        if isinstance(data, dict) and "time_limit" in data and TIME_LIMIT_ALIAS in data:
            if data["time_limit"] != data[TIME_LIMIT_ALIAS]:
                # Not a ValueError, which pydantic would make a 422: two values for one
                # field is bad input (400), as the CLI's two options for one would be.
                raise HTTPException(400, f"time_limit and {TIME_LIMIT_ALIAS} (its older name) "
                                         f"differ: give one")
            data = {k: v for k, v in data.items() if k != TIME_LIMIT_ALIAS}
        return data


KindOfField = Field(None, max_length=100,
                    description="Only words that are a kind of TOPIC in WordNet (--kind-of).")
MeansField = Field(None, max_length=100, description="Words for TEXT, ranked: kinds of it, "
                   "synonyms, words whose definition mentions it (--means).")


def _request(cls: type, command: str, name: str, time_limit: Any = None,
             overrides: dict[str, tuple[Any, Any]] | None = None, **own: Any) -> Any:
    """A command's request: its inputs (`own`), then `cls`'s options for it (the one list).
    A timed command's `time_limit` is its task's: the `TimeLimitField(tasks.run_x)` written
    where the request is made (tests/web/test_task_facts.py reads it there), which also takes
    the older name (`TimeLimited`)."""
    if time_limit is None:
        return request_model(cls, command, name, Strict, overrides, **own)
    return request_model(cls, command, name, (Strict, TimeLimited),
                         overrides={"time_limit": (float, time_limit), **(overrides or {})},
                         **own)


_Match: Any = _request(WordQuery, MATCH, "Match", TimeLimitField(tasks.run_match),
                            pattern=(str, Field(
        ..., min_length=1, max_length=200, examples=["a?p?e"],
        description="A pattern: ? . _ one letter, * any run, [abc] sets, @ vowel, # consonant, "
        "1-9 repeated letters, PATTERN/LETTERS anagram. `query` is an alias: the answer names "
        "the pattern `query`.", validation_alias=AliasChoices("pattern", "query"))))


# Each generated request gets a class of its name: a route's annotation needs a class mypy
# sees (the generated models are Any), and the schema names it.
class MatchRequest(_Match):
    pass


_Equation: Any = _request(WordQuery, EQUATION, "Equation", TimeLimitField(tasks.run_equation),
                                query=(str, Field(
        ..., min_length=1, max_length=400, examples=["AB;BA;|A|=2;|B|=2;!=AB"],
        description="An equation: A-Z variables, ~A reversed, patterns separated by ';', "
        "|A|=N or N-M lengths, |AB|=N joint, !=AB, A=(3-5:PATTERN).")))


class EquationRequest(_Equation):
    pass


_Anagram: Any = _request(WordQuery, ANAGRAM, "Anagram", TimeLimitField(tasks.run_anagram),
                               letters=(str, Field(
        ..., min_length=1, max_length=200, examples=["listen"],
        description="Letters; ? is a blank tile.")))


class AnagramRequest(_Anagram):
    pass


_WordgridSolve: Any = _request(
    SolveOptions, SOLVE, "WordgridSolve", TimeLimitField(tasks.run_wordgrid_solve),
    rows=(list[Annotated[str, StringConstraints(min_length=1)]], Field(
        ..., min_length=1, max_length=15, examples=[["??????", "ipoaru", "gettct"]],
        description="Rows top to bottom; ? marks an unknown cell.")))


class WordgridSolveRequest(_WordgridSolve):
    pass


_WordgridCreate: Any = _request(CreateOptions, CREATE, "WordgridCreate",
                                TimeLimitField(tasks.run_wordgrid_create))


class WordgridCreateRequest(_WordgridCreate):
    pass


class DefineRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    word: str = Field(..., max_length=100, examples=["falcon"],
                      description="A word or phrase: letters a-z, spaces, hyphens, apostrophes.")


LettersField = (str, Field(..., min_length=1, max_length=64, examples=["mphrrsttsnea"],
                          description="The roll: 3 to 16 letters."))


_QlessSolve: Any = _request(QlessOptions, Q_SOLVE, "QlessSolve",
                           TimeLimitField(tasks.run_qless_solve), letters=LettersField)
_QlessCount: Any = _request(
    QlessOptions, Q_SOLVE, "QlessCount", TimeLimitField(tasks.run_qless_count), letters=LettersField,
    overrides={"count": (StrictBool, Field(True, description="Always true: this endpoint "
                                           "counts."))})
_QlessRoll: Any = _request(
    QlessOptions, ROLL, "QlessRoll", TimeLimitField(tasks.run_qless_roll),
    seed=(int | None, Field(None, description="Roll seed (same seed, same roll).")))
_QlessHint: Any = _request(QlessOptions, HINT, "QlessHint",
                           TimeLimitField(tasks.run_qless_hint), letters=LettersField)
_QlessGrade: Any = _request(QlessOptions, GRADE, "QlessGrade",
                            TimeLimitField(tasks.run_qless_grade), letters=LettersField)
_QlessDaily: Any = _request(QlessOptions, DAILY, "QlessDaily",
                            TimeLimitField(tasks.run_qless_daily))


# A class of its name for each, as the word requests above.
class QlessSolveRequest(_QlessSolve):
    pass


class QlessCountRequest(_QlessCount):
    pass


class QlessRollRequest(_QlessRoll):
    pass


class QlessHintRequest(_QlessHint):
    pass


class QlessGradeRequest(_QlessGrade):
    pass


class QlessDailyRequest(_QlessDaily):
    pass


_AtlasLookup: Any = _request(QlessOptions, LOOKUP, "AtlasLookup", letters=(
    str, Field(..., min_length=1, max_length=64, examples=["mphrrsttsnea"],
               description="The roll (12 letters).")))


class AtlasLookupRequest(_AtlasLookup):
    pass


class QlessCheckRequest(Options):
    letters: str = Field(..., min_length=1, max_length=64, examples=["mvhdrxwcciaa"],
                         description="The roll: 3 to 16 letters.")
    board: list[Annotated[str, StringConstraints(max_length=40)]] = Field(
        ..., max_length=40, examples=[["chair", "..v..", "..a..", "..x..", ".wad."]],
        description="The board as rows: a letter a-z, or '.' for an empty cell.")


PuzzleField = (str, Field(..., max_length=20_000, examples=[
    "https://puzz.link/p?starbattle/8/8/1/2041iicc7m8g1g1eb43vi960"],
    description="The puzzle: its text region grid (an optional first line stars=K, then N "
    "lines of N region labels) or a puzz.link / pzv.jp URL."))


_StarsParse: Any = _request(StarsOptions, S_CONVERT, "StarsParse", puzzle=PuzzleField)
_StarsSolve: Any = _request(StarsOptions, S_SOLVE, "StarsSolve",
                            TimeLimitField(tasks.run_stars_solve), puzzle=PuzzleField)
_StarsExplain: Any = _request(StarsOptions, EXPLAIN, "StarsExplain",
                              TimeLimitField(tasks.run_stars_explain), puzzle=PuzzleField)
_StarsHint: Any = _request(StarsOptions, S_HINT, "StarsHint",
                           TimeLimitField(tasks.run_stars_hint), puzzle=PuzzleField)
_StarsCheck: Any = _request(StarsOptions, S_CHECK, "StarsCheck",
                            TimeLimitField(tasks.run_stars_check), puzzle=PuzzleField)


# A class of its name for each, as the word requests above.
class StarsParseRequest(_StarsParse):
    pass


class StarsSolveRequest(_StarsSolve):
    pass


class StarsExplainRequest(_StarsExplain):
    pass


class StarsHintRequest(_StarsHint):
    pass


class StarsCheckRequest(_StarsCheck):
    pass


_StarsGenerate: Any = _request(GenerateOptions, GENERATE, "StarsGenerate",
                               TimeLimitField(tasks.run_stars_generate))


class StarsGenerateRequest(_StarsGenerate):
    pass


SETTER_WORDS_MAX = tasks.SETTER_WORDS_MAX  # a fill page's limit too (the task's facts)


GridField = (list[str], Field(..., min_length=2, max_length=25,
                              examples=[["#....", ".....", "....#"]],
                              description="Rows: # a block, . an empty cell, a-z a fixed "
                              "letter, [letters] a rebus cell."))


_FillCheck: Any = _request(FillOptions, CHECK, "FillCheck", grid=GridField)


# A class of its name for each, as the word requests above.
class FillCheckRequest(_FillCheck):
    pass


_Fill: Any = _request(FillOptions, FILL, "Fill", TimeLimitField(tasks.run_fill), grid=GridField)


class FillRequest(_Fill):
    pass


_FillCandidates: Any = _request(FillOptions, CANDIDATES, "FillCandidates", grid=GridField)


class FillCandidatesRequest(_FillCandidates):
    pass


_FillRegion: Any = _request(FillOptions, REGION, "FillRegion",
                            TimeLimitField(tasks.run_fill_region), grid=GridField)


class FillRegionRequest(_FillRegion):
    pass


CLUE_MAX = 500
NOTES_MAX = 20_000
UPLOAD_MAX = 4 * 1024 * 1024  # bytes of a grid file a page may open (.puz files are a few KB)
SAVE_MAX = 1024 * 1024  # a grid with its clues as JSON: 21x21 with long clues is well under
# Paths allowed a larger body than the server's default (see app.BodyLimit).
LARGE_BODIES = {"/api/fill/open": UPLOAD_MAX, "/api/fill/save": SAVE_MAX}


class FillSaveRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    grid: list[str] = Field(..., min_length=2, max_length=25, examples=[["#cat", "dove", "area", "yes#"]],
                            description="Rows: # a block, . an empty cell, a-z a letter.")
    format: str = Field("puz", max_length=10, description="puz, ipuz or text.")
    title: str = Field("", max_length=CLUE_MAX)
    author: str = Field("", max_length=CLUE_MAX)
    copyright: str = Field("", max_length=CLUE_MAX)
    notes: str = Field("", max_length=NOTES_MAX)
    clues: dict[str, str] = Field({}, max_length=1000, examples=[{"1 across": "Pet"}],
                                  description="Entry label -> clue.")
    voids: list[int] = Field([], max_length=625, description="Blocks written as voids (.ipuz "
                             "null cells): cell numbers, row by row from 0.")
    rebus: dict[str, str] = Field({}, max_length=625, examples=[{"5": "star"}],
                                  description="Rebus cells: cell number (row by row from 0) -> "
                                  "its letters (the row holds the first; `[letters]` in a row "
                                  "does the same).")
    circles: list[list[int]] = Field([], max_length=625, examples=[[[0, 0], [2, 3]]],
                                     description="Circled cells, [row, column] from 0 (.puz "
                                     "GEXT circles, .ipuz style shapebg circle).")
    shaded: list[list[int]] = Field([], max_length=625, examples=[[[1, 1]]],
                                    description="Shaded cells, [row, column] from 0 (.ipuz "
                                    "style highlight; a .puz has none).")
    # What /fill/open accepts, save takes: a grid with 2-letter entries opens (allow_2).
    allow_2: StrictBool = Field(True, description="Allow 2-letter entries.")


def _check_lexicon(name: str | None) -> None:
    # The API takes registered names only: a path would let any client read server files.
    if name and name not in available():
        raise InputError(f"unknown lexicon {name!r}: choose one of {', '.join(available())}")


def task_kwargs(request: Request, body: BaseModel) -> Doc:
    """The request's options as a task's keyword arguments, the server's --lexicon filled in
    where the request names none, every lexicon named checked."""
    kwargs = body.model_dump()
    default = request.app.state.settings.lexicon
    if "lexicon" in kwargs and not kwargs["lexicon"] and default:
        kwargs["lexicon"] = default
    _check_lexicon(kwargs.get("lexicon"))
    for name in kwargs.get("block_lists", []) + kwargs.get("prefer_lists", []):
        _check_lexicon(name)
    return kwargs


async def run_solve(request: Request, fn: Callable[..., Doc], body: BaseModel) -> Doc:
    """Run a task with the request's options as its keyword arguments, under the limit its
    facts give them (`@task`): a cheap one in the solve pool, long work in the long pool,
    admitted within its limits (`admission`).

    A search whose client went away (a closed tab) is stopped, so it stops holding a worker;
    quick ones are left to finish, as restarting a worker costs more than they do.
    """
    kwargs = task_kwargs(request, body)
    facts = facts_of(fn)
    facts.refuse_job_work(kwargs)
    state = request.app.state
    long = facts.is_long(kwargs)
    gate: FairGate = state.long_gate if long else state.cheap_gate
    # Long work waits its turn as long as it takes (the gate caps what may wait).
    timeout = None if long else state.settings.queue_timeout
    ticket = gate.join(client(request))
    try:
        try:
            await gate.wait(ticket, timeout)
        except TimeoutError:
            raise PoolBusy(f"every {gate.name} worker stayed busy for {timeout:g} s; try "
                           "again") from None
        return await _run_in(request, state.long_pool if long else state.solve_pool, fn, kwargs,
                             facts.limit(kwargs))
    finally:
        gate.leave(ticket)


def start_job(request: Request, kind: str, fn: Callable[..., Doc], body: BaseModel) -> Doc:
    """Start a task as a job (`jobs.JobTable`) under the limit its facts give the request."""
    kwargs = task_kwargs(request, body)
    jobs: JobTable = request.app.state.jobs
    return jobs.start(kind, fn, kwargs, limit=facts_of(fn).limit(kwargs),
                      client=client(request)).to_json()


def client(request: Request) -> str:
    """Who asks (a browser's signed cookie; any other request is ANONYMOUS), for fair shares."""
    return client_of(dict(request.cookies))


async def _run_in(
    request: Request, pool: WorkerPool, fn: Callable[..., Doc], kwargs: dict[str, Any],
    limit: float,
) -> Doc:
    task = asyncio.ensure_future(pool.run(fn, (), kwargs, limit=limit))
    try:
        done, _ = await asyncio.wait({task}, timeout=DISCONNECT_CHECK_AFTER)
        while not done:
            if await request.is_disconnected():
                task.cancel()  # the pool kills the worker and starts another
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                raise HTTPException(499, "the client closed the request")
            done, _ = await asyncio.wait({task}, timeout=1.0)
        doc: Doc = task.result()
        return doc
    finally:
        if not task.done():  # this request itself was cancelled (the server is stopping)
            task.cancel()


@router.get("/health", summary="Server and worker state")
async def health(request: Request) -> Doc:
    jobs: JobTable = request.app.state.jobs
    state = request.app.state
    return {
        "ok": True,
        # False while the workers load the dictionary (a first start builds its caches):
        # requests wait for them meanwhile, and the pages say so.
        "ready": state.ready,
        "building": [name for name, p in state.building.items()
                     if p is not None and p.poll() is None],
        **({"start_error": state.start_error} if getattr(state, "start_error", None) else {}),
        "solve_pool": request.app.state.solve_pool.describe(),
        "job_pool": jobs.pool.describe(),
        "admission": {"cheap": request.app.state.cheap_gate.describe(),
                      "long": request.app.state.long_gate.describe()},
    }


@router.get("/config", summary="Each task's time limits and cost, and the limits a page must know",
            response_model=Config,
            description="What the server declares of each task (`@task` in web/tasks.py), by "
            "its name (`fill`, `qless_count`, `stars_explain`): its default and maximum "
            "`time_limit`, how it is admitted, and the values the pages read from here "
            "rather than copy. The pages ask once per load.")
async def server_config() -> Doc:
    return config(tasks)


@router.get("/lexicons", summary="Dictionaries for the picker (`lexicon list --json`)",
            response_model=Lexicons,
            description="Each lexicon's `name`, `kind` (bundled or registered), `bytes` (its "
            "word file's size) and `source`; unlike `lexicon list --json`, never a file path.")
async def lexicons(request: Request) -> Doc:
    from puzzlesmith.lexicon.registry import summaries

    default = request.app.state.settings.lexicon or DEFAULT_NAME
    return {"lexicons": summaries(), "default": default}


@router.post("/match", summary="Words that fit a pattern (`puzzlesmith match --json`)")
async def match(body: MatchRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_match, body)


@router.post("/equation",
             summary="Patterns sharing variables (`puzzlesmith match --equation QUERY --json`)")
async def equation(body: EquationRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_equation, body)


@router.post("/anagram", summary="Words built from letters (`puzzlesmith anagram --json`)")
async def anagram(body: AnagramRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_anagram, body)


@router.post("/define", summary="Every WordNet sense of a word (`puzzlesmith define --json`)")
async def define(body: DefineRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_define, body)


@router.post("/wordgrid/solve",
             summary="Fill a column-word grid (`puzzlesmith wordgrid solve --json`)")
async def wordgrid_solve(body: WordgridSolveRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_wordgrid_solve, body)


@router.post("/wordgrid/create",
             summary="Make a column-word grid puzzle (`puzzlesmith wordgrid create --json`)")
async def wordgrid_create(body: WordgridCreateRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_wordgrid_create, body)


@router.post("/fill", summary="Fill a crossword grid (`puzzlesmith fill --json`)")
async def fill(body: FillRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_fill, body)


@router.post("/fill/check", summary="Entries no word fits (`puzzlesmith fill check --json`)")
async def fill_check(body: FillCheckRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_fill_check, body)


@router.post("/fill/candidates",
             summary="Words for one entry, each with whether its crossings keep a word "
             "(`fill candidates --json`)")
async def fill_candidates(body: FillCandidatesRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_fill_candidates, body)


@router.post("/fill/region",
             summary="Whether the entries inside a box have a fill on their own (`fill region "
             "--json`)")
async def fill_region(body: FillRegionRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_fill_region, body)


@router.post("/fill/open",
             summary="Read a .puz, .ipuz or text grid file: rows, title, author and clues",
             description="The body is the file itself (at most 4 MB); `format` is puz, ipuz or "
             "text (else taken from `name`'s suffix). Answers `{grid, title, author, copyright, "
             "notes, clues}`, clues by entry label (`1 across`).",
             openapi_extra={"requestBody": {"content": {"application/octet-stream": {
                 "schema": {"type": "string", "format": "binary"}}}, "required": True}})
async def fill_open(request: Request, format: str | None = None, name: str = "",
                    allow_2: bool = True) -> Doc:
    from puzzlesmith.fill.formats import FORMATS, format_of, read_grid_bytes, to_document

    fmt = format or format_of(name)
    if fmt not in FORMATS:
        raise InputError(f"unknown grid format {fmt!r}: choose one of {', '.join(FORMATS)}")
    data = await request.body()
    if not data:
        raise InputError("the file is empty")
    grid = await asyncio.to_thread(read_grid_bytes, data, fmt, allow_2=allow_2)
    grid, changed = _fit_to_save(grid)
    return {**to_document(grid), "format": fmt, "changed": changed}



def _fit_to_save(grid: fill_model.Grid) -> tuple[fill_model.Grid, list[str]]:
    """The grid as /fill/save will take it, and what had to change, one sentence each: a
    title, author, copyright or clue over CLUE_MAX characters (notes over NOTES_MAX) is cut
    there, so whatever opens can be saved, and the page can say what the open changed."""
    changed = []
    info: dict[str, str] = {}
    for key, most in (("title", CLUE_MAX), ("author", CLUE_MAX), ("copyright", CLUE_MAX),
                      ("notes", NOTES_MAX)):
        text = getattr(grid, key)
        if len(text) > most:
            info[key] = text[:most]
            changed.append(f"the {key} was cut from {len(text):,} to {most:,} characters")
    clues = dict(grid.clues)
    for label, clue in grid.clues:
        if len(clue) > CLUE_MAX:
            clues[label] = clue[:CLUE_MAX]
            changed.append(f"the clue for {label} was cut from {len(clue):,} to {CLUE_MAX} "
                           "characters")
    if changed:
        grid = grid.with_info(**info).with_clues(clues)
    return grid, changed


@router.post("/fill/save", summary="A grid with its title, author and clues as a .puz, .ipuz "
             "or text file", response_class=Response,
             responses={200: {"content": {"application/octet-stream": {}},
                              "description": "The file, as an attachment."}})
async def fill_save(body: FillSaveRequest) -> Response:
    from puzzlesmith.fill.formats import FORMATS, dump_grid, from_document

    if body.format not in FORMATS:
        raise InputError(f"unknown grid format {body.format!r}: choose one of {', '.join(FORMATS)}")
    too_long = next((k for k, v in body.clues.items() if len(v) > CLUE_MAX), None)
    if too_long:
        raise InputError(f"the clue for {too_long} is over {CLUE_MAX} characters")
    grid = from_document(body.model_dump(), allow_2=body.allow_2)
    data = await asyncio.to_thread(dump_grid, grid, body.format)
    stem = "".join(ch if ch.isalnum() else "-" for ch in grid.title.lower()).strip("-")[:40]
    filename = f"{stem or 'crossword'}.{'txt' if body.format == 'text' else body.format}"
    kind = "application/json" if body.format == "ipuz" else (
        "text/plain; charset=utf-8" if body.format == "text" else "application/octet-stream")
    return Response(data, media_type=kind,
                    headers={"content-disposition": f'attachment; filename="{filename}"'})


@router.post("/qless/solve",
             summary="A crossword using every letter, or proof of none (`qless solve --json`)")
async def qless_solve(body: QlessSolveRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_qless_solve, body)


@router.post("/qless/roll", summary="Roll the twelve dice (`qless roll [--solve] --json`)")
async def qless_roll(body: QlessRollRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_qless_roll, body)


@router.post("/qless/hint", summary="A hint about a solution (`qless hint --level N --json`)")
async def qless_hint(body: QlessHintRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_qless_hint, body)


@router.post("/qless/grade", summary="How hard a roll is (`qless grade --json`)")
async def qless_grade(body: QlessGradeRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_qless_grade, body)


@router.post("/qless/daily", summary="The roll of the day (`qless daily --date D --json`)")
async def qless_daily(body: QlessDailyRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_qless_daily, body)


@router.post("/qless/count", status_code=202, response_model=JobState,
             summary="Start counting a roll's solutions as a job (`qless solve --count --json`)",
             description="Answers with the job; poll `GET /api/jobs/{job}` for its state and "
             "progress (time used of its limit) and, once done, `result`: the document of "
             "`qless solve --count --json`. `DELETE /api/jobs/{job}` stops it.")
async def qless_count(body: QlessCountRequest, request: Request) -> Doc:
    from puzzlesmith.qless.solve import parse_letters

    parse_letters(body.letters)  # bad letters answer 400 now, not as a failed job later
    return start_job(request, "qless-count", tasks.run_qless_count, body)


@router.post("/qless/atlas",
             summary="A roll's stored result, at once (`qless atlas lookup --json`)")
async def atlas_lookup(body: AtlasLookupRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_atlas_lookup, body)


@router.post("/qless/check",
             summary="Judge a board built by hand: each run, connected, every letter used",
             description="The validator every solver board passes: `solved` is true only when "
             "it accepts the board. `runs` gives each across and down run of two or more "
             "letters with where it starts (row and col of the rows sent, from 0) and its "
             "verdict: word, not a word or too short.")
async def qless_check(body: QlessCheckRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_qless_check, body)


@router.post("/stars/parse", summary="Read a Star Battle puzzle: regions, text and URL forms",
             description="The engine's puzzle document (`size`, `stars`, `regions`, `labels`, "
             "`warnings`) plus `text` and `url`, for drawing it.")
async def stars_parse(body: StarsParseRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_stars_parse, body)


@router.post("/stars/convert", summary="Text to puzz.link URL and back (`stars convert --json`)")
async def stars_convert(body: StarsParseRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_stars_convert, body)


@router.post("/stars/solve", summary="Solve and check uniqueness (`stars solve --json`)")
async def stars_solve(body: StarsSolveRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_stars_solve, body)


@router.post("/stars/explain", summary="Every deduction with its reason (`stars explain --json`)")
async def stars_explain(body: StarsExplainRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_stars_explain, body)


@router.post("/stars/hint", summary="The next deduction from your marks (`stars hint --json`)",
             description="The first real deduction once what your stars already give (`skipped`) "
             "is applied, or the marks that are wrong; `nudge` (where to look) and `lesson` (the "
             "rule in general words) are its first two levels, the step its third.")
async def stars_hint(body: StarsHintRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_stars_hint, body)


@router.post("/stars/check", summary="Whether your marks are right so far (`stars check --json`)",
             description="Compares your stars and empty marks with the puzzle's only solution: "
             "`status` solved, right, wrong (with how many marks are `wrong`, not which), several "
             "(more than one solution), unsolvable or timeout. The answer is never in it.")
async def stars_check(body: StarsCheckRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_stars_check, body)


@router.post("/stars/generate",
             summary="A random puzzle with one solution (`stars generate --json`)",
             description="504 when no puzzle turned up within the time limit (the CLI's exit 1).")
async def stars_generate(body: StarsGenerateRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_stars_generate, body)


@router.post("/stars/generate-job", status_code=202, response_model=JobState,
             summary="Start generating a puzzle as a job (`stars generate --json`)",
             description="Answers with the job; poll `GET /api/jobs/{job}` for its state and "
             "progress (time used of its limit; while steering towards a level, `attempt` and "
             "`undecided` of `cells`: the cells the rules up to that level leave open) and, once "
             "done, `result`: the document of `stars generate --json`. `DELETE /api/jobs/{job}` "
             "stops it.")
async def stars_generate_job(body: StarsGenerateRequest, request: Request) -> Doc:
    from puzzlesmith.stars.generate import check_request, parse_score_range

    # Bad options answer 400 now, not as a failed job later.
    check_request(body.size, body.stars, body.difficulty,
                  parse_score_range(body.score) if body.score else None)
    return start_job(request, "stars-generate", tasks.run_stars_generate, body)


def _job(request: Request, job_id: str) -> Job:
    job = request.app.state.jobs.get(job_id)
    if job is None:
        raise HTTPException(404, f"no job {job_id!r} (finished jobs are kept for a while only)")
    result: Job = job
    return result


_NO_JOB: dict[int | str, dict[str, Any]] = {
    404: {"model": Problem, "description": "No such job (finished jobs are kept for a while)"}}


@router.get("/jobs/{job_id}", summary="A long job's state, progress and (when done) result",
            response_model=JobState, responses=_NO_JOB)
async def job_state(job_id: str, request: Request) -> Doc:
    return _job(request, job_id).to_json()


@router.delete("/jobs/{job_id}", summary="Stop a long job", response_model=JobState,
               responses=_NO_JOB)
async def job_stop(job_id: str, request: Request) -> Doc:
    job = _job(request, job_id)
    await request.app.state.jobs.stop(job)
    return job.to_json()
