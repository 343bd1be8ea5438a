"""/api/wordgrid/*: the CLI's documents, its messages for bad grids."""

from __future__ import annotations

import httpx

from tests.web.test_api_words import cli, cli_json


def test_solve_first_is_the_cli_document(client: httpx.Client) -> None:
    r = client.post("/api/wordgrid/solve", json={"rows": ["??????", "ipoaru", "gettct"]})
    assert r.status_code == 200
    doc = r.json()
    cli_doc = cli_json("wordgrid", "solve", "??????", "ipoaru", "gettct")
    doc.pop("elapsed_ms"), cli_doc.pop("elapsed_ms")  # the only key that may differ
    assert doc == cli_doc
    assert doc["solutions"][0]["words"] == ["common"]


def test_solve_all_and_count(client: httpx.Client) -> None:
    rows = ["???", "ate", "den"]
    every = client.post("/api/wordgrid/solve", json={"rows": rows, "all": True}).json()
    assert every["mode"] == "all" and every["complete"]
    assert every["count"] == len(every["solutions"]) > 1
    counted = client.post("/api/wordgrid/solve", json={"rows": rows, "count": True}).json()
    assert counted["count"] == every["count"]
    r = client.post("/api/wordgrid/solve", json={"rows": rows, "count": True, "all": True})
    assert r.status_code == 400 and r.json()["detail"] == "choose one of --all and --count"


def test_bad_grid_is_400_with_the_cli_message(client: httpx.Client) -> None:
    done = cli("wordgrid", "solve", "??????", "ipoaru", "gett")
    assert done.returncode == 2
    r = client.post("/api/wordgrid/solve", json={"rows": ["??????", "ipoaru", "gett"]})
    assert r.status_code == 400
    assert r.json()["detail"] == done.stderr.strip().removeprefix("error: ")
    r = client.post("/api/wordgrid/solve", json={"rows": "??????"})
    assert r.status_code == 422


def test_create_is_the_cli_document(client: httpx.Client) -> None:
    body = {"seed": 3, "unique": True, "word_rows": True, "answer_hidden": True}
    doc = client.post("/api/wordgrid/create", json=body).json()
    cli_doc = cli_json("wordgrid", "create", "--seed", "3", "--unique", "--word-rows",
                       "--answer-hidden")
    doc.pop("elapsed_ms"), cli_doc.pop("elapsed_ms")
    assert doc == cli_doc
    assert doc["status"] == "created" and doc["answer"] is None and doc["solution_count"] == 1

    shown = client.post("/api/wordgrid/create", json={"word": "planet", "seed": 1}).json()
    assert shown["answer"] == "planet" and shown["grid"][0] == "planet"
    assert shown["puzzle"][0] == "??????"


def test_create_bad_input(client: httpx.Client) -> None:
    r = client.post("/api/wordgrid/create", json={"word": "planet", "length": 5})
    assert r.status_code == 400
    assert r.json()["detail"] == "--length 5 disagrees with --word 'planet'"


def test_foreign_words_over_the_api_as_on_the_cli(client: httpx.Client) -> None:
    """`foreign`: created puzzles leave foreign words out unless asked, solving lets them in
    unless asked, match leaves them out when asked; each as the CLI answers."""
    r = client.post("/api/wordgrid/create", json={"word": "mucho"})
    assert r.status_code == 400 and "--foreign" in r.json()["detail"]
    made = client.post("/api/wordgrid/create",
                       json={"word": "mucho", "foreign": True, "seed": 1}).json()
    assert made["answer"] == "mucho"
    rows = made["puzzle"]
    every = client.post("/api/wordgrid/solve", json={"rows": rows, "all": True}).json()
    assert "mucho" in [s["words"][0] for s in every["solutions"]]
    kept = client.post("/api/wordgrid/solve",
                       json={"rows": rows, "all": True, "foreign": False}).json()
    cli_doc = cli_json("wordgrid", "solve", *rows, "--all", "--no-foreign")
    kept.pop("elapsed_ms"), cli_doc.pop("elapsed_ms")
    assert kept == {**cli_doc, "source": "puzzle"}
    assert "mucho" not in [s["words"][0] for s in kept["solutions"]]
    doc = client.post("/api/match", json={"pattern": "m?ch?", "foreign": False}).json()
    assert doc == cli_json("match", "m?ch?", "--no-foreign")
    assert "mucho" not in doc["words"] and "macho" in doc["words"]


def test_unique_has_one_default_on_the_page_the_api_and_the_cli(client: httpx.Client) -> None:
    """A created puzzle has one answer unless asked otherwise: the page's box is ticked, the
    OpenAPI schema says true, a body without `unique` gets a unique puzzle, and so does a CLI
    run without the flag; `--no-unique` / false are the way out, the same on both."""
    import re

    schema = client.get("/openapi.json").json()["components"]["schemas"]["WordgridCreateRequest"]
    assert schema["properties"]["unique"]["default"] is True
    page = client.get("/wordgrid", headers={"accept": "text/html"}).text
    box = re.search(r'<input type="checkbox" id="unique"[^>]*>', page)
    assert box is not None and " checked" in box.group(0)
    doc = client.post("/api/wordgrid/create", json={"seed": 3}).json()
    cli_doc = cli_json("wordgrid", "create", "--seed", "3")
    doc.pop("elapsed_ms"), cli_doc.pop("elapsed_ms")
    assert doc == cli_doc
    assert doc["options"]["unique"] is True and doc["solution_count"] == 1
    # The oracle: the solver counts the puzzle's answers itself.
    counted = client.post("/api/wordgrid/solve", json={"rows": doc["puzzle"], "count": True}).json()
    assert counted["count"] == 1
    loose = client.post("/api/wordgrid/create", json={"seed": 3, "unique": False}).json()
    cli_loose = cli_json("wordgrid", "create", "--seed", "3", "--no-unique")
    loose.pop("elapsed_ms"), cli_loose.pop("elapsed_ms")
    assert loose == cli_loose and loose["options"]["unique"] is False
