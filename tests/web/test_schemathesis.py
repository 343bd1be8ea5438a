"""Property-based fuzzing of the whole API from its OpenAPI document (schemathesis): no
input may get a 5xx answer, but the documented 504 of a time limit, and every answer fits
the schema (its status's documented model, where it has one). Bounded so CI stays
short: a fixed number of examples per operation, and every time limit a case asks for capped
at a second (the schema allows minutes)."""

from __future__ import annotations

from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="pip install -e '.[test]'")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import response_schema_conformance  # noqa: E402

EXAMPLES = 30
CAP_SECONDS = 1.0
TIME_FIELDS = ("timeout", "time_limit")


@pytest.fixture(scope="session")
def api_schema(server: str) -> Any:
    return schemathesis.openapi.from_url(server + "/openapi.json")


schema = schemathesis.pytest.from_fixture("api_schema")


def _capped(body: Any) -> Any:
    """The body with its time limits capped, so a case runs seconds, not minutes."""
    if isinstance(body, dict):
        for field in TIME_FIELDS:
            value = body.get(field)
            if isinstance(value, int | float) and not isinstance(value, bool):
                body[field] = min(value, CAP_SECONDS)
        if isinstance(body.get("improve"), int):
            body["improve"] = min(body["improve"], 1000)
    return body


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@pytest.mark.slow
def test_no_input_gets_a_server_error(case: Any) -> None:
    case.body = _capped(case.body)
    case.headers = {**(case.headers or {}), "x-puzzlesmith-client": "schemathesis"}
    response = case.call(timeout=60)
    # 504 is the documented answer of a search that reached its time limit (the CLI's exit
    # 1); any other 5xx is the server failing.
    if response.status_code == 504:
        assert "time limit" in response.json()["detail"], response.text[:300]
    else:
        assert response.status_code < 500, (
            f"{case.method} {case.path} {case.body!r:.300} -> {response.status_code} "
            f"{response.text[:300]}")
    # Every answer, error or not, fits the schema: errors are one-line Problems, and the
    # answers with a model of their own (lexicons, jobs) carry its fields.
    case.validate_response(response, checks=[response_schema_conformance])
