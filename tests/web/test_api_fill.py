"""/api/fill and /api/fill/check: the CLI's documents, its messages for bad grids."""

from __future__ import annotations

import httpx
from test_api_words import cli, cli_json

GRID = ["#....", ".....", ".....", ".....", "....#"]


def test_fill_is_the_cli_document(client: httpx.Client) -> None:
    r = client.post("/api/fill", json={"grid": GRID, "common": True, "improve": 0})
    assert r.status_code == 200
    doc = r.json()
    cli_doc = cli_json("fill", "/".join(GRID), "--common", "--improve", "0")
    for key in ("seconds", "first_fill_seconds"):  # the only keys that may differ
        doc.pop(key), cli_doc.pop(key)
    for d in (doc, cli_doc):  # and the times in the progress list
        d["progress"] = [{k: v for k, v in step.items() if k != "seconds"} for step in d["progress"]]
    assert doc == cli_doc and doc["status"] == "filled"


def test_check_names_unfillable_entries(client: httpx.Client) -> None:
    grid = ["#qxz.", ".....", ".....", ".....", "....#"]
    doc = client.post("/api/fill/check", json={"grid": grid}).json()
    assert doc["status"] == "unfillable" and "1 across" in doc["unfillable"]


def test_bad_grid_is_400_with_the_cli_message(client: httpx.Client) -> None:
    done = cli("fill", "..../...")
    assert done.returncode == 2
    r = client.post("/api/fill", json={"grid": ["....", "..."]})
    assert r.status_code == 400
    assert r.json()["detail"] == done.stderr.strip().removeprefix("error: ")
