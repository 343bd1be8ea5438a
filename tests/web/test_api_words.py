"""The API answers with the CLI's --json documents, and with the CLI's messages for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

# The CLI of this checkout (the server under test runs it too).
ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "puzzlesmith", *args], capture_output=True,
                          text=True, timeout=120, env=ENV)


def cli_json(*args: str) -> dict[str, Any]:
    done = cli(*args, "--json")
    assert done.returncode == 0, done.stderr
    doc: dict[str, Any] = json.loads(done.stdout)
    return doc


def test_match_is_the_cli_document(client: httpx.Client) -> None:
    r = client.post("/api/match", json={"pattern": "a?p?e", "sort": "freq"})
    assert r.status_code == 200
    assert r.json() == cli_json("match", "a?p?e", "--sort", "freq")
    assert "apple" in r.json()["words"]


def test_match_takes_the_pattern_under_the_name_its_answer_gives_it(client: httpx.Client) -> None:
    """Issue 42: /api/match took `pattern` and answered `query`: `query` is taken too."""
    by_pattern = client.post("/api/match", json={"pattern": "a?p?e"}).json()
    by_query = client.post("/api/match", json={"query": by_pattern["query"]})
    assert by_query.status_code == 200 and by_query.json() == by_pattern
    assert by_pattern["query"] == "a?p?e" and by_pattern["words"] == ["ample", "apple"]


def test_anagram_is_the_cli_document(client: httpx.Client) -> None:
    body = {"letters": "listen", "common": True, "min_length": 4}
    r = client.post("/api/anagram", json=body)
    assert r.status_code == 200
    doc = r.json()
    assert doc == cli_json("anagram", "listen", "--common", "--min-length", "4")
    assert {"silent", "listen", "enlist"} <= set(doc["full"])


def test_bad_input_is_400_with_the_cli_message(client: httpx.Client) -> None:
    done = cli("anagram", "list3n")
    assert done.returncode == 2
    message = done.stderr.strip().removeprefix("error: ")
    r = client.post("/api/anagram", json={"letters": "list3n"})
    assert r.status_code == 400
    assert r.json() == {"detail": message}

    done = cli("match", "a[bc")
    r = client.post("/api/match", json={"pattern": "a[bc"})
    assert r.status_code == 400
    assert r.json()["detail"] == done.stderr.strip().removeprefix("error: ")

    # The schema names sort's values now (issue 41): the schema's one-line 422.
    r = client.post("/api/match", json={"pattern": "a?e", "sort": "random"})
    assert r.status_code == 422
    assert r.json()["detail"] == "sort: Input should be 'alpha' or 'freq'"


def test_request_that_does_not_fit_the_schema_is_422_with_one_line(client: httpx.Client) -> None:
    r = client.post("/api/anagram", json={"letterz": "abc"})
    assert r.status_code == 422
    detail = r.json()["detail"]
    assert isinstance(detail, str)
    assert "letters: Field required" in detail
    r = client.post("/api/match", json={"pattern": "a?e", "timeout": 10_000})
    assert r.status_code == 422
    assert "timeout" in r.json()["detail"]
    r = client.post("/api/match", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422


def test_dictionary_picker_and_lexicon_field(client: httpx.Client) -> None:
    doc = client.get("/api/lexicons").json()
    names = [lex["name"] for lex in doc["lexicons"]]
    assert doc["default"] == "letterpress"
    assert "letterpress" in names and "tiny" in names
    r = client.post("/api/anagram", json={"letters": "rats", "lexicon": "tiny"})
    assert r.status_code == 200
    assert r.json()["lexicon"] == "tiny"
    assert set(r.json()["words"]) == {"arts", "rats", "sat", "star", "tars", "tsar"}


def test_lexicon_must_be_a_registered_name(client: httpx.Client) -> None:
    r = client.post("/api/anagram", json={"letters": "rats", "lexicon": "/etc/passwd"})
    assert r.status_code == 400
    assert r.json()["detail"].startswith("unknown lexicon '/etc/passwd'")


def test_body_size_is_limited(client: httpx.Client) -> None:
    big = {"letters": "a", "lexicon": "x" * 70_000}
    r = client.post("/api/anagram", json=big)
    assert r.status_code == 413
    assert "too large" in r.json()["detail"]

    def chunks() -> Any:  # no content-length: the limit must hold for a streamed body too
        yield b'{"letters": "'
        for _ in range(100):
            yield b"a" * 1000
        yield b'"}'

    r = client.post("/api/anagram", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_pages_static_files_and_openapi(client: httpx.Client) -> None:
    for path in ("/", "/words"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert client.get("/static/js/common.js").status_code == 200
    assert client.get("/static/css/site.css").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for endpoint in ("/api/match", "/api/anagram", "/api/lexicons", "/api/jobs/{job_id}"):
        assert endpoint in paths
    assert "letters" in json.dumps(paths["/api/anagram"]) or "AnagramRequest" in json.dumps(paths)
    assert client.get("/docs").status_code == 200
    assert client.get("/api/nothing-here").status_code == 404


def test_lexicon_registered_while_serving_is_usable(
    client: httpx.Client, cli_env: dict[str, str], tmp_path: Path
) -> None:
    words = tmp_path / "late.txt"
    words.write_text("zebra\nzebus\nzero\n", "utf-8")
    subprocess.run([sys.executable, "-m", "puzzlesmith", "lexicon", "add", "late", str(words)],
                   env=cli_env, check=True, capture_output=True)
    names = [lex["name"] for lex in client.get("/api/lexicons").json()["lexicons"]]
    assert "late" in names
    r = client.post("/api/match", json={"pattern": "zeb??", "lexicon": "late"})
    assert r.status_code == 200 and r.json()["words"] == ["zebra", "zebus"]


def test_equation_is_the_cli_document(client: httpx.Client) -> None:
    query = "AB;BA;|A|=2;|B|=2;!=AB"
    r = client.post("/api/equation", json={"query": query, "limit": 5})
    assert r.status_code == 200
    assert r.json() == cli_json("match", "--equation", query, "--limit", "5")
    assert len(r.json()["solutions"]) == 5 and r.json()["exact"]
    r = client.post("/api/equation", json={"query": "A;~A;A!=~A", "limit": 3, "sort": "freq"})
    assert r.json() == cli_json("match", "-e", "A;~A;A!=~A", "--limit", "3", "--sort", "freq")
    assert r.json()["solutions"][0]["words"] == ["no", "on"]

    done = cli("match", "--equation", "AB;|A=3")
    assert done.returncode == 2
    r = client.post("/api/equation", json={"query": "AB;|A=3"})
    assert r.status_code == 400
    assert r.json()["detail"] == done.stderr.strip().removeprefix("error: ")
    r = client.post("/api/match", json={"pattern": "AB;BA"})
    assert r.status_code == 400 and "equation mode" in r.json()["detail"]


def test_anagram_options_as_the_cli(client: httpx.Client) -> None:
    body = {"letters": "listen", "length": "4-5", "limit": 6, "sort": "freq"}
    r = client.post("/api/anagram", json=body)
    assert r.status_code == 200
    assert r.json() == cli_json("anagram", "listen", "--length", "4-5", "--limit", "6",
                                "--sort", "freq")
    assert len(r.json()["words"]) == 6 and r.json()["truncated"]


def test_sound_filters_as_the_cli(client: httpx.Client) -> None:
    r = client.post("/api/match", json={"pattern": "?????", "rhymes": "table", "syllables": 2})
    assert r.status_code == 200
    assert r.json() == cli_json("match", "?????", "--rhymes", "table", "--syllables", "2")
    r = client.post("/api/anagram", json={"letters": "listen", "sounds_like": "listen"})
    assert r.json() == cli_json("anagram", "listen", "--sounds-like", "listen")
    r = client.post("/api/match", json={"pattern": "*", "rhymes": "xqzt"})
    assert r.status_code == 400 and "Pronouncing Dictionary" in r.json()["detail"]
    body = {"pattern": "????", "rhymes": "time", "near_rhymes": True}
    r = client.post("/api/match", json=body)
    assert r.json() == cli_json("match", "????", "--rhymes", "time", "--near-rhymes")
    assert "line" in r.json()["words"]
    r = client.post("/api/anagram", json={"letters": "nilet", "rhymes": "time", "near_rhymes": True})
    assert r.json() == cli_json("anagram", "nilet", "--rhymes", "time", "--near-rhymes")
    r = client.post("/api/match", json={"pattern": "????", "near_rhymes": True})
    assert r.status_code == 400 and "needs --rhymes" in r.json()["detail"]
