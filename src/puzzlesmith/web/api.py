"""The JSON API: one endpoint per CLI command, answering with that command's `--json` document.

Request fields are the command's options under the same names (dashes become underscores), so
`puzzlesmith match 'a?p?e' --sort freq --json` is `POST /api/match {"pattern": "a?p?e",
"sort": "freq"}`. The work itself runs in `tasks`, in a worker process, under a time limit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import DEFAULT_COMMON_TOP, available
from puzzlesmith.lexicon.registry import DEFAULT_NAME
from puzzlesmith.web import tasks
from puzzlesmith.web.jobs import Job, JobTable
from puzzlesmith.web.pool import WorkerPool

MAX_TIMEOUT = 60.0  # the longest a single request may ask a solver to run
MAX_COUNT_TIMEOUT = 600.0  # solution counts run as jobs and may take longer

router = APIRouter(prefix="/api")

Doc = dict[str, Any]


class Options(BaseModel):
    """Options every word command shares."""

    model_config = ConfigDict(extra="forbid")

    lexicon: str | None = Field(
        None, max_length=100, description="A registered lexicon name (see /api/lexicons); "
        "default: the server's --lexicon.")
    common: bool = Field(False, description="Only common words (wordfreq top N, no names).")
    common_top: int = Field(DEFAULT_COMMON_TOP, ge=1, le=1_000_000,
                            description="How many of the most frequent words count as common.")


class MatchRequest(Options):
    pattern: str = Field(..., max_length=200, examples=["a?p?e"],
                         description="A pattern: ? . _ one letter, * any run, [abc] sets, "
                         "@ vowel, # consonant, 1-9 repeated letters, PATTERN/LETTERS anagram.")
    contains: str = Field("", max_length=64, description="Letters the word must contain.")
    excludes: str = Field("", max_length=64, description="Letters the word must not contain.")
    length: str | None = Field(None, max_length=20, description="N or N-M (for * patterns).")
    sort: str = Field("alpha", max_length=10, description="alpha or freq.")
    limit: int | None = Field(None, ge=1, description="Return at most N words.")
    timeout: float = Field(10.0, gt=0, le=MAX_TIMEOUT, description="Time limit, seconds.")


class AnagramRequest(Options):
    letters: str = Field(..., max_length=200, examples=["listen"],
                         description="Letters; ? is a blank tile.")
    min_length: int = Field(3, ge=1, description="Shortest word.")
    words: int = Field(1, ge=1, le=3, description="Words per full anagram (1-3).")
    timeout: float = Field(10.0, gt=0, le=MAX_TIMEOUT, description="Time limit, seconds.")


class WordgridSolveRequest(Options):
    rows: list[str] = Field(..., min_length=1, max_length=15,
                            examples=[["??????", "ipoaru", "gettct"]],
                            description="Rows top to bottom; ? marks an unknown cell.")
    all: bool = Field(False, description="Every solution.")
    count: bool = Field(False, description="Only the number of solutions.")
    timeout: float = Field(10.0, gt=0, le=MAX_TIMEOUT, description="Time limit, seconds.")


class WordgridCreateRequest(Options):
    word: str | None = Field(None, max_length=15, description="The answer word (else random).")
    length: int | None = Field(None, ge=1, le=15, description="Letters of a random answer.")
    rows: int = Field(3, ge=1, le=15, description="Rows in the grid.")
    blank_row: int = Field(1, ge=1, le=15, description="Which row is blank.")
    word_rows: bool = Field(False, description="The given rows must be words too.")
    unique: bool = Field(False, description="The answer must be the only one.")
    seed: int | None = Field(None, description="Random seed (reproducible).")
    answer_hidden: bool = Field(False, description="Leave the answer out of the document.")
    title: str | None = Field(None, max_length=200, description="Title for the puzzle.")
    timeout: float = Field(10.0, gt=0, le=MAX_TIMEOUT, description="Time limit, seconds.")


class QlessSolveRequest(Options):
    letters: str = Field(..., max_length=64, examples=["mphrrsttsnea"],
                         description="The roll: 3 to 16 letters.")
    seed: int = Field(0, description="Another value searches in another order (another "
                      "solution).")
    timeout: float = Field(5.0, gt=0, le=MAX_TIMEOUT, description="Time limit, seconds.")
    count: bool = Field(False, description="Count the distinct solutions exactly.")
    max_solutions: int | None = Field(None, description="Stop counting after N solutions.")


class QlessCountRequest(QlessSolveRequest):
    timeout: float = Field(120.0, gt=0, le=MAX_COUNT_TIMEOUT, description="Time limit, seconds.")
    count: bool = Field(True, description="Always true: this endpoint counts.")


class QlessRollRequest(Options):
    seed: int | None = Field(None, description="Roll seed (same seed, same roll).")
    solve: bool = Field(False, description="Solve the roll too.")
    timeout: float = Field(5.0, gt=0, le=MAX_TIMEOUT, description="Time limit, seconds.")
    count: bool = Field(False, description="Count the distinct solutions exactly.")


class AtlasLookupRequest(Options):
    letters: str = Field(..., max_length=64, examples=["mphrrsttsnea"],
                         description="The roll (12 letters).")


def _check_lexicon(name: str | None) -> None:
    # The API takes registered names only: a path would let any client read server files.
    if name and name not in available():
        raise InputError(f"unknown lexicon {name!r}: choose one of {', '.join(available())}")


async def run_solve(
    request: Request, fn: Callable[..., Doc], body: BaseModel, *, limit: float
) -> Doc:
    """Run a task in the solve pool with the request's options as its keyword arguments."""
    kwargs = body.model_dump()
    _check_lexicon(kwargs.get("lexicon"))
    pool: WorkerPool = request.app.state.solve_pool
    doc: Doc = await pool.run(fn, (), kwargs, limit=limit)
    return doc


@router.get("/health", summary="Server and worker state")
async def health(request: Request) -> Doc:
    jobs: JobTable = request.app.state.jobs
    return {
        "ok": True,
        "solve_pool": request.app.state.solve_pool.describe(),
        "job_pool": jobs.pool.describe(),
    }


@router.get("/lexicons", summary="Dictionaries for the picker (`lexicon list --json`)")
async def lexicons(request: Request) -> Doc:
    default = request.app.state.settings.lexicon or DEFAULT_NAME
    return {
        "lexicons": [{"name": n, "source": s} for n, s in available().items()],
        "default": default,
    }


@router.post("/match", summary="Words that fit a pattern (`puzzlesmith match --json`)")
async def match(body: MatchRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_match, body, limit=body.timeout)


@router.post("/anagram", summary="Words built from letters (`puzzlesmith anagram --json`)")
async def anagram(body: AnagramRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_anagram, body, limit=body.timeout)


@router.post("/wordgrid/solve",
             summary="Fill a column-word grid (`puzzlesmith wordgrid solve --json`)")
async def wordgrid_solve(body: WordgridSolveRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_wordgrid_solve, body, limit=body.timeout)


@router.post("/wordgrid/create",
             summary="Make a column-word grid puzzle (`puzzlesmith wordgrid create --json`)")
async def wordgrid_create(body: WordgridCreateRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_wordgrid_create, body, limit=body.timeout)


@router.post("/qless/solve",
             summary="A crossword using every letter, or proof of none (`qless solve --json`)")
async def qless_solve(body: QlessSolveRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_qless_solve, body, limit=body.timeout)


@router.post("/qless/roll", summary="Roll the twelve dice (`qless roll [--solve] --json`)")
async def qless_roll(body: QlessRollRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_qless_roll, body, limit=body.timeout)


@router.post("/qless/count", status_code=202,
             summary="Start counting a roll's solutions as a job (`qless solve --count --json`)",
             description="Answers with the job; poll `GET /api/jobs/{job}` for progress "
             "(solutions so far, the latest board) and, once done, `result`: the document of "
             "`qless solve --count --json`. `DELETE /api/jobs/{job}` stops it.")
async def qless_count(body: QlessCountRequest, request: Request) -> Doc:
    from puzzlesmith.qless.solve import parse_letters

    parse_letters(body.letters)  # bad letters answer 400 now, not as a failed job later
    kwargs = body.model_dump()
    kwargs["count"] = True
    _check_lexicon(kwargs.get("lexicon"))
    jobs: JobTable = request.app.state.jobs
    return jobs.start("qless-count", tasks.run_qless_solve, kwargs, limit=body.timeout).to_json()


@router.post("/qless/atlas",
             summary="A roll's stored result, at once (`qless atlas lookup --json`)")
async def atlas_lookup(body: AtlasLookupRequest, request: Request) -> Doc:
    return await run_solve(request, tasks.run_atlas_lookup, body, limit=10.0)


def _job(request: Request, job_id: str) -> Job:
    job = request.app.state.jobs.get(job_id)
    if job is None:
        raise HTTPException(404, f"no job {job_id!r} (finished jobs are kept for a while only)")
    result: Job = job
    return result


@router.get("/jobs/{job_id}", summary="A long job's state, progress and (when done) result")
async def job_state(job_id: str, request: Request) -> Doc:
    return _job(request, job_id).to_json()


@router.delete("/jobs/{job_id}", summary="Stop a long job")
async def job_stop(job_id: str, request: Request) -> Doc:
    job = _job(request, job_id)
    await request.app.state.jobs.stop(job)
    return job.to_json()
