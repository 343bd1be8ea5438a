"""One name for a request's time limit: `time_limit` on every endpoint, and `timeout`, the
older name, as an alias that gives the same answer; both with different values is a 400."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from puzzlesmith.web.facts import MAX_TIMEOUT

STARS = "https://puzz.link/p?starbattle/8/8/1/2041iicc7m8g1g1eb43vi960"

# One endpoint of each family, with a body the engine answers well within the limit.
ONE_OF_EACH = [
    ("/api/match", {"pattern": "a?e"}),
    ("/api/wordgrid/solve", {"rows": ["??????", "ipoaru", "gettct"], "all": True}),
    ("/api/qless/solve", {"letters": "mphrrsttsnea"}),
    ("/api/stars/solve", {"puzzle": STARS}),
    ("/api/fill", {"grid": ["#....", ".....", ".....", ".....", "....#"], "common": True,
                   "improve": 0}),
]


def timeless(doc: Any) -> Any:
    """The document without its wall-clock figures, the only part that may differ."""
    if isinstance(doc, dict):
        return {k: timeless(v) for k, v in doc.items() if "seconds" not in k and "elapsed" not in k}
    if isinstance(doc, list):
        return [timeless(v) for v in doc]
    return doc


@pytest.mark.parametrize(("path", "body"), ONE_OF_EACH, ids=[p for p, _ in ONE_OF_EACH])
def test_both_names_give_the_same_answer(client: httpx.Client, path: str,
                                         body: dict[str, Any]) -> None:
    new = client.post(path, json={**body, "time_limit": 60})
    old = client.post(path, json={**body, "timeout": 60})
    both = client.post(path, json={**body, "time_limit": 60, "timeout": 60})
    assert new.status_code == old.status_code == both.status_code == 200, (new.text, old.text)
    assert timeless(new.json()) == timeless(old.json()) == timeless(both.json())
    # Either name is the one field: over the maximum, both are refused as the schema's.
    for name in ("time_limit", "timeout"):
        r = client.post(path, json={**body, name: MAX_TIMEOUT + 1})
        assert r.status_code == 422 and name in r.json()["detail"], r.text


@pytest.mark.parametrize(("path", "body"), ONE_OF_EACH, ids=[p for p, _ in ONE_OF_EACH])
def test_both_names_with_different_values_is_a_400(client: httpx.Client, path: str,
                                                   body: dict[str, Any]) -> None:
    r = client.post(path, json={**body, "time_limit": 30, "timeout": 60})
    assert r.status_code == 400
    assert r.json()["detail"] == "time_limit and timeout (its older name) differ: give one"


def test_the_schema_names_time_limit_and_documents_the_alias(client: httpx.Client) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    # The requests' fields (an answer, /api/config's, may name a task's default time_limit).
    timed = {name: s["properties"]["time_limit"] for name, s in schemas.items()
             if "time_limit" in s.get("properties", {}) and name.endswith("Request")}
    assert {"MatchRequest", "QlessSolveRequest", "StarsExplainRequest", "FillRequest"} <= set(timed)
    assert not any("timeout" in s.get("properties", {}) for s in schemas.values())
    assert all("`timeout` is an alias" in field["description"] for field in timed.values())
