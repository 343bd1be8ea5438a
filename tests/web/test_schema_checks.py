"""The schema says what the server checks (issue 41, item 8): what the server refuses as
empty has minLength, closed sets are enums, booleans are strict; so the answer to a request
the schema forbids is the schema's 422, never a surprise."""

from __future__ import annotations

from typing import Any

import httpx


def _props(client: httpx.Client, model: str) -> dict[str, Any]:
    doc = client.get("/openapi.json").json()
    props: dict[str, Any] = doc["components"]["schemas"][model]["properties"]
    return props


def _enum(prop: dict[str, Any]) -> list[Any]:
    for option in prop.get("anyOf", [prop]):
        if "enum" in option:
            return list(option["enum"])
    return []


def test_the_schema_has_min_lengths_and_enums(client: httpx.Client) -> None:
    match = _props(client, "MatchRequest")
    assert match["pattern"]["minLength"] == 1
    assert _enum(match["sort"]) == ["alpha", "freq"]
    assert _props(client, "EquationRequest")["query"]["minLength"] == 1
    assert _props(client, "AnagramRequest")["letters"]["minLength"] == 1
    assert _props(client, "QlessSolveRequest")["letters"]["minLength"] == 1
    assert _props(client, "WordgridSolveRequest")["rows"]["items"]["minLength"] == 1


def test_what_the_schema_forbids_is_refused_by_it(client: httpx.Client) -> None:
    for path, body in (("/api/match", {"pattern": ""}), ("/api/equation", {"query": ""}),
                       ("/api/anagram", {"letters": ""}),
                       ("/api/match", {"pattern": "a?p?e", "sort": "x"}),
                       ("/api/match", {"pattern": "a?p?e", "common": 1}),
                       ("/api/match", {"pattern": "a?p?e", "common": "true"}),
                       ("/api/wordgrid/solve", {"rows": ["", "cat"]})):
        r = client.post(path, json=body)
        assert r.status_code == 422, (path, body, r.text)
    ok = client.post("/api/match", json={"pattern": "a?p?e", "common": True, "sort": "freq"})
    assert ok.status_code == 200 and set(ok.json()["words"]) <= {"ample", "apple"}
