"""Task facts: what admission, the routes and the pages know of a task, declared once beside it.

Every task of `web/tasks.py` carries its `TaskFacts` (the `@task(...)` line above it): its
default and maximum time limit (or the fixed limit of a task that takes none), how long its
worker may run past that limit, whether it is long work whatever its options or which of its
options make it long, the most a page lets a person give it, and the values a page must know.
Admission (`TaskFacts.is_long`), the routes (`api.run_solve`, the request models'
`time_limit` fields, the jobs) and the pages (`GET /api/config`, read once by
`common.js`'s `config()`) read them; no other place names a task or spells its limits. A task
without facts cannot be run by a route (`facts_of` raises), and tests/web/test_task_facts.py
fails on one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from puzzlesmith.errors import InputError

CHEAP_LIMIT = 10.0  # seconds: a request allowed longer is long work (the word endpoints' default)
MAX_TIMEOUT = 120.0  # the longest one request may ask a solver to run: the CLI's longest default
MAX_COUNT_TIMEOUT = 600.0  # solution counts run as jobs and may take longer
FIXED_LIMIT = 10.0  # the limit of a task that takes no `time_limit`

_ATTRIBUTE = "__task_facts__"

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class TaskFacts:
    """One task's facts (see the module's docstring). Seconds throughout."""

    time_limit: float = FIXED_LIMIT  # the default `time_limit` (the fixed one when `most` is None)
    most: float | None = MAX_TIMEOUT  # the largest `time_limit` a request may ask; None: no option
    grace: float = 0.0  # the worker may run this much past `time_limit` (a fill's loading)
    long: bool = False  # long work whatever its options (fills, generation, jobs)
    long_when: tuple[str, ...] = ()  # options that, set, make it long work (`count`, `all`)
    cheap_up_to: float = CHEAP_LIMIT  # a `time_limit` above this is long work
    job_for: tuple[str, str] | None = None  # (option, route): set, it runs as a job there (400)
    page_most: float | None = None  # the most a page lets a person give it
    background: float | None = None  # what a page gives it when it asks unprompted
    page: Mapping[str, int | float | str] = field(default_factory=dict)  # other page limits

    def seconds(self, options: Mapping[str, Any]) -> float:
        """The request's time limit: its `time_limit`, else the default (or the fixed one)."""
        if self.most is None:
            return self.time_limit
        return float(options.get("time_limit") or self.time_limit)

    def limit(self, options: Mapping[str, Any]) -> float:
        """How long the worker may run before it is killed: the time limit and the grace."""
        return self.seconds(options) + self.grace

    def is_long(self, options: Mapping[str, Any]) -> bool:
        """Long work (the long pool) rather than a cheap request: by kind, by the options
        that make it long, or by its time limit (`docs/web.md`, Time limits and workers)."""
        return (self.long or any(options.get(name) for name in self.long_when)
                or self.seconds(options) > self.cheap_up_to)

    def refuse_job_work(self, options: Mapping[str, Any]) -> None:
        """A request asking for what runs as a job here (a Q-Less count, which may run for
        minutes) is refused with a pointer, never run holding a cheap request's worker."""
        if self.job_for is not None and options.get(self.job_for[0]):
            name, route = self.job_for
            raise InputError(f"{name}: true runs as a job here: POST {route} with the same "
                             "fields, then poll GET /api/jobs/{job}")

    def to_json(self) -> dict[str, Any]:
        """What `GET /api/config` says of the task."""
        return {"time_limit": self.time_limit, "most": self.most, "grace": self.grace,
                "long": self.long, "long_when": list(self.long_when),
                "cheap_up_to": self.cheap_up_to, "page_most": self.page_most,
                "background": self.background, "page": dict(self.page)}


def task(**facts: Any) -> Callable[[F], F]:
    """Declare a task's facts: `@task(time_limit=10.0, long=True)` above its function."""
    declared = TaskFacts(**facts)
    if declared.most is not None and not 0 < declared.time_limit <= declared.most:
        raise ValueError(f"a default time limit of {declared.time_limit} s is not within "
                         f"(0, {declared.most}]")

    def declare(fn: F) -> F:
        setattr(fn, _ATTRIBUTE, declared)
        return fn

    return declare


def facts_of(fn: Callable[..., Any]) -> TaskFacts:
    """The facts declared for task `fn`; LookupError for a function declared as none."""
    facts = getattr(fn, _ATTRIBUTE, None)
    if not isinstance(facts, TaskFacts):
        raise LookupError(f"{getattr(fn, '__qualname__', fn)!r} declares no task facts: put "
                          "@task(...) above it (web/facts.py)")
    return facts


def task_name(fn: Callable[..., Any]) -> str:
    """The name `GET /api/config` gives a task: its function's, less `run_`."""
    return fn.__name__.removeprefix("run_")


def declared_tasks(module: Any) -> dict[str, Callable[..., Any]]:
    """Every task of `module` (its `run_` functions), by `task_name`."""
    return {task_name(fn): fn for name, fn in vars(module).items()
            if name.startswith("run_") and callable(fn)}


def config(module: Any) -> dict[str, Any]:
    """`GET /api/config`: every task's facts by name, and the cheap bound, for the pages."""
    return {"cheap_limit": CHEAP_LIMIT,
            "tasks": {name: facts_of(fn).to_json()
                      for name, fn in sorted(declared_tasks(module).items())}}
