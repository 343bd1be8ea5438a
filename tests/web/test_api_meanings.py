"""/api/define and the meaning filters in the API: the CLI's --json documents."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}


def cli_json(*args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", *args, "--json"],
                          capture_output=True, text=True, timeout=120, env=ENV)
    assert done.returncode == 0, done.stderr
    doc: dict[str, Any] = json.loads(done.stdout)
    return doc


def test_define_is_the_cli_document(client: httpx.Client) -> None:
    r = client.post("/api/define", json={"word": "geese"})
    assert r.status_code == 200
    assert r.json() == cli_json("define", "geese")
    assert r.json()["base"] == "goose"
    r = client.post("/api/define", json={"word": "chadarim"})
    assert r.status_code == 200 and r.json()["senses"] == []


def test_define_bad_input_is_400_with_the_cli_message(client: httpx.Client) -> None:
    r = client.post("/api/define", json={"word": "b1rd"})
    assert r.status_code == 400 and "is not a word" in r.json()["detail"]


def test_match_kind_of_and_means(client: httpx.Client) -> None:
    r = client.post("/api/match", json={"pattern": "?a?c??", "kind_of": "bird"})
    assert r.status_code == 200
    assert r.json() == cli_json("match", "?a?c??", "--kind-of", "bird")
    r = client.post("/api/match", json={"pattern": "??????:bird", "limit": 20})
    assert r.json() == cli_json("match", "??????:bird", "--limit", "20")
    r = client.post("/api/match", json={"pattern": "c????", "means": "bird", "sort": "alpha"})
    assert r.json() == cli_json("match", "c????", "--means", "bird", "--sort", "alpha")
    assert r.json()["words"] == sorted(r.json()["words"])
    r = client.post("/api/match", json={"pattern": "?????", "kind_of": "xyzzy"})
    assert r.status_code == 400 and r.json()["detail"] == "no noun sense of 'xyzzy' in WordNet"


def test_phrases_and_wordgrid_clue(client: httpx.Client) -> None:
    r = client.post("/api/match", json={"pattern": "newy???", "phrases": True})
    assert "new york" in r.json()["words"]
    r = client.post("/api/anagram", json={"letters": "newyork", "phrases": True, "min_length": 7})
    assert r.json() == cli_json("anagram", "newyork", "--phrases", "--min-length", "7")
    body = {"rows": ["??????", "ipoaru", "gettct"], "all": True, "kind_of": "bird"}
    doc = client.post("/api/wordgrid/solve", json=body).json()
    assert {"falcon", "parrot"} <= {s["words"][0] for s in doc["solutions"]}
    doc = client.post("/api/wordgrid/create", json={"kind_of": "bird", "seed": 1}).json()
    assert doc["status"] == "created"
    assert doc == cli_json("wordgrid", "create", "--kind-of", "bird", "--seed", "1") | {
        "elapsed_ms": doc["elapsed_ms"]}


def test_define_beside_the_answers_is_the_cli_document(client: httpx.Client) -> None:
    # One implementation (WordQuery.define, lexicon.meanings.first_definitions) for the
    # command line's --define and a request's define, on match and anagram alike.
    r = client.post("/api/match", json={"pattern": "c?ck??", "define": True})
    assert r.status_code == 200
    doc = r.json()
    assert doc == cli_json("match", "c?ck??", "--define")
    assert list(doc["definitions"]) == doc["words"]
    # Read from WordNet by hand: a hen's sound, and cocket (a customs seal) in no sense.
    assert doc["definitions"]["cackle"] == "the sound made by a hen after laying an egg"
    assert doc["definitions"]["cocket"] is None
    assert "definitions" not in client.post("/api/match", json={"pattern": "c?ck??"}).json()
    r = client.post("/api/anagram", json={"letters": "listen", "min_length": 6, "define": True})
    assert r.json() == cli_json("anagram", "listen", "--min-length", "6", "--define")
    assert r.json()["definitions"]["silent"] == "marked by absence of sound"
    # An equation lists tuples, not words: no such field (the CLI: one line, exit 2).
    r = client.post("/api/equation", json={"query": "AB;BA", "define": True})
    assert r.status_code == 422
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", "match", "-e", "AB;BA",
                           "--define"], capture_output=True, text=True, timeout=120, env=ENV)
    assert done.returncode == 2 and done.stderr == "error: --define does not apply to equations\n"
