"""/api/stars/*: the CLI's documents for puzzles given as text or puzz.link URLs."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.test_api_words import cli, cli_json

URL = "https://puzz.link/p?starbattle/8/8/1/2041iicc7m8g1g1eb43vi960"  # an 8 x 8 one-star puzzle
TEXT = "stars=1\n00001111\n00000011\n00000021\n33300222\n43330222\n44566666\n54576676\n55577776\n"


def without_time(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k != "elapsed_ms"}


def test_solve_url_and_text_is_the_cli_document(client: httpx.Client) -> None:
    by_url = client.post("/api/stars/solve", json={"puzzle": URL}).json()
    assert without_time(by_url) == without_time(cli_json("stars", "solve", URL))
    assert by_url["status"] == "solved" and by_url["unique"] is True
    by_text = client.post("/api/stars/solve", json={"puzzle": TEXT}).json()
    assert by_text["solution"] == by_url["solution"]
    counted = client.post("/api/stars/solve", json={"puzzle": URL, "count": True}).json()
    assert counted["count"] == 1 and counted["count_complete"] is True


def test_parse_and_convert(client: httpx.Client) -> None:
    doc = client.post("/api/stars/parse", json={"puzzle": TEXT}).json()
    assert doc["size"] == 8 and doc["stars"] == 1 and doc["url"] == URL
    assert doc["regions"][0] == [0, 0, 0, 0, 1, 1, 1, 1]
    converted = client.post("/api/stars/convert", json={"puzzle": URL}).json()
    assert converted == cli_json("stars", "convert", URL)


def test_explain_and_hint(client: httpx.Client) -> None:
    doc = client.post("/api/stars/explain", json={"puzzle": URL}).json()
    assert without_time(doc) == without_time(cli_json("stars", "explain", URL))
    assert doc["steps"] and all(s["reason"] for s in doc["steps"])
    first = client.post("/api/stars/hint", json={"puzzle": URL}).json()
    assert without_time(first) == without_time(cli_json("stars", "hint", URL))
    assert len(first["steps"]) == 1
    # From marks: a wrong star is pointed out as a mistake, with the CLI's wording.
    marked = client.post("/api/stars/hint", json={"puzzle": URL, "star": ["r1c1"],
                                                  "empty": ["r7c2"]}).json()
    assert without_time(marked) == without_time(
        cli_json("stars", "hint", URL, "--star", "r1c1", "--empty", "r7c2"))
    assert marked["steps"][0]["rule"] == "mistake"


def test_generate_is_the_cli_document(client: httpx.Client) -> None:
    doc = client.post("/api/stars/generate", json={"size": 8, "stars": 1, "seed": 1}).json()
    cli_doc = cli_json("stars", "generate", "-n", "8", "-k", "1", "--seed", "1")
    assert without_time(doc) == without_time(cli_doc)
    assert doc["url"].startswith("https://puzz.link/p?starbattle/8/8/1/")
    # The generated puzzle has exactly the one solution it comes with.
    solved = client.post("/api/stars/solve", json={"puzzle": doc["url"]}).json()
    assert solved["unique"] is True and solved["solution"] == doc["solution"]


def test_bad_puzzles_are_400_with_the_cli_message(client: httpx.Client) -> None:
    bad_url = "https://puzz.link/p?starbattle/8/8/1/zz"
    done = cli("stars", "solve", bad_url)
    assert done.returncode == 2
    r = client.post("/api/stars/solve", json={"puzzle": bad_url})
    assert r.status_code == 400
    assert r.json()["detail"] == done.stderr.strip().removeprefix("error: ")
    r = client.post("/api/stars/solve", json={"puzzle": "000\n011\n"})
    assert r.status_code == 400
    r = client.post("/api/stars/hint", json={"puzzle": URL, "star": ["here"]})
    assert r.status_code == 400 and "cannot read cell 'here'" in r.json()["detail"]
    r = client.post("/api/stars/generate", json={"size": 4, "stars": 2})
    assert r.status_code == 400 and "cannot fit" in r.json()["detail"]
    r = client.post("/api/stars/solve", json={"puzzle": URL, "engine": "magic"})
    assert r.status_code == 400 and r.json()["detail"].startswith("unknown engine 'magic'")


def test_generate_past_its_limit_is_504(client: httpx.Client) -> None:
    r = client.post("/api/stars/generate", json={"size": 30, "stars": 6, "time_limit": 0.2})
    assert r.status_code == 504
    assert r.json()["detail"] == "no puzzle found within the time limit (0.2 s)"


@pytest.mark.slow
def test_generate_job_is_the_cli_document_with_progress(client: httpx.Client) -> None:
    from tests.web.test_api_qless import wait_job

    body = {"size": 10, "stars": 2, "seed": 6, "difficulty": "easy", "time_limit": 60}
    started = client.post("/api/stars/generate-job", json=body)
    assert started.status_code == 202
    seen: list[dict[str, Any]] = []

    def finished(doc: dict[str, Any]) -> bool:
        seen.append(doc["progress"])
        return doc["state"] not in ("queued", "running")

    done = wait_job(client, started.json()["job"], finished)
    assert done["state"] == "done", done
    cli_doc = cli_json("stars", "generate", "-n", "10", "-k", "2", "--seed", "6",
                       "--difficulty", "easy")
    assert without_time(done["result"]) == without_time(cli_doc)
    assert done["result"]["difficulty"] == "easy"
    # While it steered, the job said how many cells the easy rules still left open.
    assert any("undecided" in p and p["cells"] == 100 for p in seen), seen


def test_generate_job_bad_options_are_400(client: httpx.Client) -> None:
    r = client.post("/api/stars/generate-job", json={"size": 8, "stars": 1, "difficulty": "silly"})
    assert r.status_code == 400 and r.json()["detail"].startswith("unknown difficulty 'silly'")
    r = client.post("/api/stars/generate-job", json={"size": 8, "stars": 1, "score": "a-b"})
    assert r.status_code == 400 and "--score wants MIN-MAX" in r.json()["detail"]


def test_check_is_the_cli_document_and_keeps_the_answer(client: httpx.Client) -> None:
    answer = client.post("/api/stars/solve", json={"puzzle": URL}).json()["solution"]
    stars = [f"r{r + 1}c{c + 1}" for r, c in answer]
    off = next(f"r{r + 1}c{c + 1}" for r in range(8) for c in range(8) if [r, c] not in answer)
    cases = [
        ([], [], "right", 0),
        (stars[:3], [off], "right", 0),
        (stars, [], "solved", 0),
        ([*stars[:2], off], [stars[4]], "wrong", 2),
    ]
    for star, empty, status, wrong in cases:
        doc = client.post("/api/stars/check", json={"puzzle": URL, "star": star, "empty": empty}).json()
        args = [f"--star={s}" for s in star] + [f"--empty={e}" for e in empty]
        assert without_time(doc) == without_time(cli_json("stars", "check", URL, *args))
        assert (doc["status"], doc["wrong"]) == (status, wrong)
        assert "solution" not in doc
    several = "stars=1\n00000\n11111\n22222\n33333\n44444\n"
    assert client.post("/api/stars/check", json={"puzzle": several}).json()["status"] == "several"


def test_check_bad_marks_are_400(client: httpx.Client) -> None:
    for star, empty, message in [
        (["r1c1"], ["r1c1"], "r1c1 is marked both a star and empty: choose one"),
        (["r9c1"], [], "star r9c1 is off the 8x8 grid"),
        (["here"], [], "cannot read cell 'here' for --star: write r3c5 or 3,5 (from 1)"),
    ]:
        r = client.post("/api/stars/check", json={"puzzle": URL, "star": star, "empty": empty})
        assert r.status_code == 400 and r.json()["detail"] == message
    r = client.post("/api/stars/check", json={"puzzle": URL, "star": "r1c1"})
    assert r.status_code == 422 and "star" in r.json()["detail"]


def test_check_never_answers_500(client: httpx.Client) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    cells = st.one_of(st.text(max_size=8), st.from_regex(r"r-?\d{1,3}c-?\d{1,3}", fullmatch=True),
                      st.integers(), st.none())
    bodies = st.fixed_dictionaries({}, optional={
        "puzzle": st.one_of(st.sampled_from([URL, TEXT, "", "00\n00\n"]), st.text(max_size=40),
                            st.integers()),
        "stars": st.one_of(st.integers(-2, 30), st.text(max_size=3), st.none()),
        "star": st.one_of(st.lists(cells, max_size=5), cells),
        "empty": st.lists(cells, max_size=5),
        "time_limit": st.one_of(st.floats(allow_nan=True), st.integers(-5, 100)),
        "extra": st.integers(),
    })

    @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(body=bodies)
    def post(body: dict[str, Any]) -> None:
        r = client.post("/api/stars/check", json=body)
        assert r.status_code < 500, (body, r.status_code, r.text)
        if r.status_code >= 400:
            detail = r.json()["detail"]
            assert isinstance(detail, str) and detail and "\n" not in detail, detail

    post()


def test_a_hint_does_not_carry_the_solution(client: httpx.Client) -> None:
    # A player who asks for a hint must not get the whole answer in the response.
    for body in ({"puzzle": URL}, {"puzzle": URL, "star": ["r1c1"]}):
        doc = client.post("/api/stars/hint", json=body).json()
        assert doc["steps"] and "solution" not in doc, doc.keys()
    assert "solution" not in cli_json("stars", "hint", URL)
