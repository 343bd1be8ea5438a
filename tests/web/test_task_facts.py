"""Task facts declared once, beside the task (issue 43, item 3): every task declares them, the
routes and admission read them and spell no limit of their own, and `GET /api/config` serves
them to the pages."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Any

import httpx
import pytest

from puzzlesmith.errors import InputError
from puzzlesmith.web import api, tasks
from puzzlesmith.web.facts import (
    CHEAP_LIMIT,
    MAX_COUNT_TIMEOUT,
    MAX_TIMEOUT,
    TaskFacts,
    declared_tasks,
    facts_of,
    task,
)
from puzzlesmith.wordgrid.options import CreateOptions

API_SOURCE = Path(api.__file__).read_text("utf-8")
# Calls that run a task or size a time limit: each names its task, and no number.
TASK_CALLS = {"run_solve", "start_job", "TimeLimitField"}


def test_every_task_declares_its_facts() -> None:
    found = declared_tasks(tasks)
    assert len(found) >= 24
    for name, fn in found.items():
        assert isinstance(facts_of(fn), TaskFacts), name


def test_a_function_without_facts_cannot_be_run() -> None:
    def run_undeclared() -> None: ...

    with pytest.raises(LookupError, match="declares no task facts"):
        facts_of(run_undeclared)
    with pytest.raises(ValueError, match="not within"):
        task(time_limit=200.0, most=MAX_TIMEOUT)


def test_a_task_default_in_its_signature_is_its_declared_one() -> None:
    for name, fn in declared_tasks(tasks).items():
        param = inspect.signature(fn).parameters.get("time_limit")
        if param is not None and param.default is not inspect.Parameter.empty:
            assert param.default == facts_of(fn).time_limit, name


def _task_calls() -> list[tuple[str, ast.Call]]:
    """(route function, call) for every call of TASK_CALLS in web/api.py, and every call of
    `jobs.start` or `pool.run`."""
    out = []
    for node in ast.walk(ast.parse(API_SOURCE)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for call in ast.walk(node):
                if isinstance(call, ast.Call):
                    name = (call.func.id if isinstance(call.func, ast.Name)
                            else call.func.attr if isinstance(call.func, ast.Attribute) else "")
                    if name in TASK_CALLS or name == "start":
                        out.append((node.name, call))
    return out


def test_no_route_spells_a_limit() -> None:
    calls = _task_calls()
    assert sum(1 for _, c in calls if isinstance(c.func, ast.Name)
               and c.func.id == "run_solve") >= 24
    for where, call in calls:
        numbers = [n.value for n in ast.walk(call)
                   if isinstance(n, ast.Constant) and isinstance(n.value, int | float)
                   and not isinstance(n.value, bool)]
        assert not numbers, f"{where}: a bare limit {numbers} in {ast.unparse(call)}"
        keywords = {k.arg for k in call.keywords}
        if not (isinstance(call.func, ast.Attribute) and call.func.attr == "start"):
            assert "limit" not in keywords, f"{where}: {ast.unparse(call)}"
        tasks_named = [a for a in call.args if isinstance(a, ast.Attribute)
                       and isinstance(a.value, ast.Name) and a.value.id == "tasks"]
        if not (isinstance(call.func, ast.Attribute) and call.func.attr == "start"):
            assert len(tasks_named) == 1, f"{where}: {ast.unparse(call)} names no task"
    # A bare number where a route runs a task is caught (the check above can fail).
    bad = ast.parse("async def f(): return await run_solve(request, tasks.run_fill, body, "
                    "limit=body.time_limit + 5.0)").body[0]
    call = next(n for n in ast.walk(bad) if isinstance(n, ast.Call) and
                isinstance(n.func, ast.Name))
    assert any(isinstance(n, ast.Constant) for n in ast.walk(call))


def _route_tasks() -> dict[str, tuple[Any, type]]:
    """Each POST route's task (the one `tasks.run_` its function names) and body model."""
    tree = ast.parse(API_SOURCE)
    by_function = {}
    for node in tree.body:
        if isinstance(node, ast.AsyncFunctionDef):
            named = {a.attr for a in ast.walk(node) if isinstance(a, ast.Attribute)
                     and isinstance(a.value, ast.Name) and a.value.id == "tasks"
                     and a.attr.startswith("run_")}
            if len(named) == 1:
                by_function[node.name] = getattr(tasks, named.pop())
    out = {}
    for route in api.router.routes:
        endpoint = getattr(route, "endpoint", None)
        if endpoint is None or endpoint.__name__ not in by_function:
            continue
        hints = inspect.get_annotations(endpoint, eval_str=True)
        out[route.path] = (by_function[endpoint.__name__], hints["body"])
    return out


def test_each_route_takes_its_tasks_time_limits() -> None:
    routes = _route_tasks()
    assert len(routes) >= 25 and "/api/qless/count" in routes and "/api/define" in routes
    for path, (fn, model) in routes.items():
        facts = facts_of(fn)
        field = model.model_fields.get("time_limit")
        if facts.most is None:
            assert field is None, f"{path}: a time_limit its task does not take"
            continue
        assert field is not None, f"{path}: its task takes a time_limit"
        most = next(m.le for m in field.metadata if getattr(m, "le", None) is not None)
        assert (field.default, most) == (facts.time_limit, facts.most), path


# The admission policy of docs/web.md (Time limits and workers), written out by hand: which
# tasks are long work with their default options, and which options make them so.
LONG_BY_DEFAULT = {"wordgrid_create", "fill", "fill_region", "stars_generate", "qless_count",
                   "stars_explain", "stars_hint"}
LONG_WITH = [("wordgrid_solve", {"all": True}), ("wordgrid_solve", {"count": True}),
             ("stars_solve", {"count": True}), ("stars_solve", {"max": 3}),
             ("equation", {"time_limit": 40.0}), ("match", {"time_limit": CHEAP_LIMIT + 1}),
             ("stars_explain", {"time_limit": 5.5}), ("qless_grade", {"time_limit": 15.0})]
CHEAP_WITH = [("match", {"time_limit": CHEAP_LIMIT}), ("stars_explain", {"time_limit": 5.0}),
              ("stars_hint", {"time_limit": 10.0}), ("wordgrid_solve", {"all": False})]


def test_admission_reads_the_declared_cost() -> None:
    found = declared_tasks(tasks)
    long = {name for name, fn in found.items() if facts_of(fn).is_long({})}
    assert long == LONG_BY_DEFAULT
    for name, options in LONG_WITH:
        assert facts_of(found[name]).is_long(options), (name, options)
    for name, options in CHEAP_WITH:
        assert not facts_of(found[name]).is_long(options), (name, options)


def test_the_worker_limit_is_the_time_limit_and_its_grace() -> None:
    assert facts_of(tasks.run_fill).limit({"time_limit": 30.0}) == 35.0
    assert facts_of(tasks.run_qless_daily).limit({}) == 15.0
    assert facts_of(tasks.run_define).limit({"time_limit": 99.0}) == 10.0  # takes none
    assert facts_of(tasks.run_qless_count).most == MAX_COUNT_TIMEOUT


def test_a_count_asked_of_a_solve_points_to_its_job() -> None:
    for fn in (tasks.run_qless_solve, tasks.run_qless_roll):
        with pytest.raises(InputError, match=r"POST /api/qless/count"):
            facts_of(fn).refuse_job_work({"count": True})
        facts_of(fn).refuse_job_work({"count": False})


def test_the_config_serves_the_declared_facts(client: httpx.Client) -> None:
    doc = client.get("/api/config").json()
    assert doc["cheap_limit"] == CHEAP_LIMIT
    found = declared_tasks(tasks)
    assert set(doc["tasks"]) == set(found)
    for name, fn in found.items():
        assert doc["tasks"][name] == facts_of(fn).to_json(), name
    # What the pages read from it rather than copy.
    assert doc["tasks"]["fill"]["page"]["setter_words_max"] == api.SETTER_WORDS_MAX
    assert doc["tasks"]["stars_explain"]["cheap_up_to"] == tasks.QUICK_EXPLAIN
    assert doc["tasks"]["qless_count"]["time_limit"] == 120.0
    made = CreateOptions()  # the word grid page's create defaults (its one-row grid's rows too)
    assert doc["tasks"]["wordgrid_create"]["page"] == {"length": made.answer_length,
                                                       "rows": made.rows}
    schema = client.get("/openapi.json").json()
    assert "/api/config" in schema["paths"]
    assert "TaskFactsDoc" in schema["components"]["schemas"]
