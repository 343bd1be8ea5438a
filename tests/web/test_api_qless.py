"""/api/qless/*: solve, roll and counting as a job with progress and Stop."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from tests.web.test_api_words import cli, cli_json

SOLVABLE = "mphrrsttsnea"  # roll --seed 1: solved at once, counted in about 20 s
LONG_COUNT = "mphrrsttsneaoi"  # counting its solutions takes minutes
SMALL_COUNT = "catdogs"  # 365 distinct solutions, counted in well under a second


def same_doc(api_doc: dict[str, Any], cli_doc: dict[str, Any]) -> None:
    api_doc, cli_doc = dict(api_doc), dict(cli_doc)
    api_doc.pop("seconds"), cli_doc.pop("seconds")  # wall-clock time, the only key that may differ
    assert api_doc == cli_doc


def wait_job(client: httpx.Client, job: str, until: Any, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        doc: dict[str, Any] = client.get(f"/api/jobs/{job}").json()
        if until(doc):
            return doc
        assert time.monotonic() < deadline, f"job never got there: {doc}"
        time.sleep(0.1)


def test_solve_is_the_cli_document(client: httpx.Client) -> None:
    r = client.post("/api/qless/solve", json={"letters": SOLVABLE})
    assert r.status_code == 200
    same_doc(r.json(), cli_json("qless", "solve", SOLVABLE))
    assert r.json()["status"] == "solved"
    other = client.post("/api/qless/solve", json={"letters": SOLVABLE, "seed": 1}).json()
    same_doc(other, cli_json("qless", "solve", SOLVABLE, "--seed", "1"))


def test_unsolvable_and_fell_back(client: httpx.Client) -> None:
    doc = client.post("/api/qless/solve", json={"letters": "qqqzzzxx"}).json()
    assert doc["status"] == "unsolvable" and doc["board"] is None
    doc = client.post("/api/qless/solve", json={"letters": "aeiouaeiou", "common": True}).json()
    assert doc["status"] == "solved" and doc["fell_back"] is True


def test_bad_letters_are_400_with_the_cli_message(client: httpx.Client) -> None:
    for letters in ("ab", "abc1"):
        done = cli("qless", "solve", letters)
        assert done.returncode == 2
        r = client.post("/api/qless/solve", json={"letters": letters})
        assert r.status_code == 400
        assert r.json()["detail"] == done.stderr.strip().removeprefix("error: ")
        r = client.post("/api/qless/count", json={"letters": letters})
        assert r.status_code == 400


def test_roll(client: httpx.Client) -> None:
    assert client.post("/api/qless/roll", json={"seed": 7}).json() == cli_json(
        "qless", "roll", "--seed", "7")
    random_roll = client.post("/api/qless/roll", json={}).json()
    assert len(random_roll["letters"]) == 12 and random_roll["seed"] is None
    solved = client.post("/api/qless/roll", json={"seed": 1, "solve": True}).json()
    assert solved["letters"] == SOLVABLE and solved["status"] == "solved"


def test_roll_dice_are_text_never_a_server_file(client: httpx.Client, tmp_path: Path) -> None:
    """The command line's --dice may name a file; a request's `dice` is read as dice only."""
    dice_file = tmp_path / "dice.txt"
    dice_file.write_text("abcdef\nghijkl\nmnopqr\n", "utf-8")
    for path in ("/api/qless/roll", "/api/qless/daily"):
        r = client.post(path, json={"dice": str(dice_file), "grade": False} if "daily" in path
                        else {"dice": str(dice_file)})
        assert r.status_code == 400 and "each die is 6 letters" in r.json()["detail"], r.text
    doc = cli_json("qless", "roll", "--seed", "2", "--dice", str(dice_file))
    assert doc["dice"] == ["abcdef", "ghijkl", "mnopqr"] and len(doc["letters"]) == 3


def test_count_job_runs_to_the_cli_count(client: httpx.Client) -> None:
    r = client.post("/api/qless/count", json={"letters": SMALL_COUNT})
    assert r.status_code == 202
    job = r.json()["job"]
    doc = wait_job(client, job, lambda d: d["state"] not in ("queued", "running"))
    assert doc["state"] == "done", doc
    same_doc(doc["result"], cli_json("qless", "solve", SMALL_COUNT, "--count"))
    assert doc["result"]["solutions"] == 365 and doc["result"]["count_complete"]
    assert client.get("/api/jobs/nope").status_code == 404


def test_count_job_reports_progress_and_stops(client: httpx.Client) -> None:
    before = client.get("/api/health").json()["job_pool"]
    job = client.post("/api/qless/count", json={"letters": LONG_COUNT, "timeout": 300}).json()
    assert job["state"] in ("queued", "running") and job["progress"]["limit"] == 300
    # The waits end when the job does, so a job that stopped early fails here by its state;
    # their deadline is only a net, as long as the job's own limit (a loaded machine may
    # keep the job queued a long while).
    ended = ("done", "error", "stopped", "timeout")

    def progressed(test: Any) -> Any:
        return lambda d: d["state"] in ended or test(d["progress"])

    doc = wait_job(client, job["job"], progressed(lambda p: p["seconds"] > 1), 300)
    assert doc["state"] == "running" and 0 < doc["progress"]["fraction"] < 1
    # Solutions found so far, rising while the count runs.
    doc = wait_job(client, job["job"], progressed(lambda p: p.get("solutions", 0) > 0), 300)
    assert doc["state"] == "running", doc
    first = doc["progress"]["solutions"]
    doc = wait_job(client, job["job"], progressed(lambda p: p["solutions"] > first), 300)
    assert doc["state"] == "running", doc
    stopped = client.delete(f"/api/jobs/{job['job']}").json()
    assert stopped["state"] == "stopped" and stopped["result"] is None
    assert client.get(f"/api/jobs/{job['job']}").json()["state"] == "stopped"
    # Its worker was killed and a fresh one takes its place.
    after = wait_job_pool(client, before["started"] + 1)
    assert after["alive"] == after["workers"]


def wait_job_pool(client: httpx.Client, started: int) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        pool: dict[str, Any] = client.get("/api/health").json()["job_pool"]
        if pool["started"] >= started and pool["alive"] == pool["workers"]:
            return pool
        assert time.monotonic() < deadline, pool
        time.sleep(0.1)


def no_server_path(doc: Any, *paths: Path) -> None:
    """No string in an API answer names a file on the server (defect 6 of issue 30)."""
    text = json.dumps(doc)
    for p in (Path.home(), *paths):
        assert str(p) not in text, f"{p} in {text[:300]}"


def test_atlas_lookup(client: httpx.Client, cli_env: dict[str, str], data_dir: Path) -> None:
    r = client.post("/api/qless/atlas", json={"letters": SOLVABLE})
    assert r.status_code == 200  # no atlas is no stored answer, not a failed request
    if r.json().get("found") is False:  # no atlas yet in this session's data dir
        assert r.json()["letters"] == "".join(sorted(SOLVABLE))
        subprocess.run([sys.executable, "-m", "puzzlesmith", "qless", "atlas", "build",
                        "--workers", "1", "--from", "-"], input=SOLVABLE + "\n", text=True,
                       env=cli_env, check=True, capture_output=True, timeout=180)
        r = client.post("/api/qless/atlas", json={"letters": SOLVABLE})
    assert r.status_code == 200
    doc = r.json()
    lookup = subprocess.run([sys.executable, "-m", "puzzlesmith", "qless", "atlas", "lookup",
                             SOLVABLE, "--json"], env=cli_env, capture_output=True, text=True,
                            check=True)
    cli_doc = json.loads(lookup.stdout)
    assert cli_doc["atlas"].pop("db")  # the CLI names its own file; the API names none
    assert doc == cli_doc
    no_server_path(doc, data_dir)
    assert doc["status"] == "solved" and doc["atlas"]["lexicon"] == "letterpress"
    missing = client.post("/api/qless/atlas", json={"letters": "aaaaaaaaaaaa"}).json()
    assert missing["letters"] == "aaaaaaaaaaaa" and missing["found"] is False
    no_server_path(missing, data_dir)
    bad = client.post("/api/qless/atlas", json={"letters": "abc1"})
    assert bad.status_code == 400 and bad.json()["detail"] == "'abc1': a roll is letters a-z"


def test_the_time_limit_reaches_the_engine(client: httpx.Client) -> None:
    job = client.post("/api/qless/count", json={"letters": SOLVABLE, "timeout": 0.5}).json()
    doc = wait_job(client, job["job"], lambda d: d["state"] not in ("queued", "running"))
    # The count is cut (not complete), so the engine, not the job's end, stopped it.
    assert doc["result"]["count_timed_out"] is True and doc["result"]["count_complete"] is False


def test_a_count_on_the_solve_endpoint_points_to_the_job(client: httpx.Client) -> None:
    for path, body in (("/api/qless/solve", {"letters": SOLVABLE, "count": True}),
                       ("/api/qless/roll", {"seed": 1, "solve": True, "count": True})):
        r = client.post(path, json=body)
        assert r.status_code == 400 and "POST /api/qless/count" in r.json()["detail"]


def test_a_second_count_waits_for_the_job_worker(client: httpx.Client) -> None:
    first = client.post("/api/qless/count", json={"letters": LONG_COUNT}).json()["job"]
    second = None
    try:
        wait_job(client, first, lambda d: d["state"] == "running")
        r = client.post("/api/qless/count", json={"letters": SMALL_COUNT}).json()
        second = r["job"]
        # The long pool's one place is taken: the job waits in the queue from the start.
        assert r["state"] == "queued" and r["position"] == 1
        client.delete(f"/api/jobs/{first}")
        doc = wait_job(client, second, lambda d: d["state"] not in ("queued", "running"))
        assert doc["state"] == "done" and doc["result"]["solutions"] == 365
    finally:
        client.delete(f"/api/jobs/{first}")
        if second:
            client.delete(f"/api/jobs/{second}")


def browser_client(server: str) -> httpx.Client:
    """A client with a cookie of its own, as a browser gets with its first page."""
    c = httpx.Client(base_url=server, timeout=60)
    c.get("/")
    assert c.cookies.get("puzzlesmith_client")
    return c


def test_long_work_is_shared_fairly_and_capped_per_client(server: str) -> None:
    """Two long tasks a client, past which 429 with the reason; a newcomer arriving while
    others hold every place waits with a position ahead of their second tasks, not a 429;
    requests without a cookie are one client whatever header they send (issue 41, item 3)."""
    clients = [browser_client(server) for _ in range(5)]
    scripts = [httpx.Client(base_url=server, timeout=60,
                            headers={"x-puzzlesmith-client": f"script-{i}"}) for i in range(3)]
    started: list[tuple[httpx.Client, str]] = []
    try:
        for c in clients[:4]:
            for _ in range(2):
                r = c.post("/api/qless/count", json={"letters": LONG_COUNT})
                assert r.status_code == 202, r.text
                started.append((c, r.json()["job"]))
        mine = clients[0].post("/api/qless/count", json={"letters": SMALL_COUNT})
        assert mine.status_code == 429 and "you already have 2" in mine.json()["detail"]
        assert mine.headers["retry-after"]
        newcomer = clients[4].post("/api/qless/count", json={"letters": SMALL_COUNT})
        assert newcomer.status_code == 202 and newcomer.json()["state"] == "queued"
        started.append((clients[4], newcomer.json()["job"]))
        # Round-robin: only first tasks of other clients are ahead of it, never a second one.
        assert newcomer.json()["position"] <= 4
        positions = [c.get(f"/api/jobs/{j}").json()["position"] for c, j in started]
        waiting = sorted(p for p in positions if p is not None)
        assert waiting == list(range(1, len(waiting) + 1))
        # Scripts naming themselves by a header are one client: two tasks, then 429.
        for i, script in enumerate(scripts):
            r = script.post("/api/qless/count", json={"letters": SMALL_COUNT})
            if i < 2:
                assert r.status_code == 202, r.text
                started.append((script, r.json()["job"]))
            else:
                assert r.status_code == 429 and "you already have 2" in r.json()["detail"]
    finally:
        for c, job in started:
            c.delete(f"/api/jobs/{job}")
        for c in [*clients, *scripts]:
            c.close()


def test_hint_grade_and_daily_are_the_cli_documents(client: httpx.Client) -> None:
    for level in (1, 2, 3):
        doc = client.post("/api/qless/hint", json={"letters": "mvhdrxwcciaa", "level": level}).json()
        assert doc == cli_json("qless", "hint", "mvhdrxwcciaa", "--level", str(level))
    assert client.post("/api/qless/hint", json={"letters": "abc", "level": 4}).status_code == 422
    # Grades count solutions within a time limit: a generous one, so that a busy machine
    # cannot cut one count and not the other.
    doc = client.post("/api/qless/grade", json={"letters": "catdogs", "timeout": 60}).json()
    assert doc == cli_json("qless", "grade", "catdogs", "--timeout", "60")
    doc = client.post("/api/qless/daily", json={"date": "2026-12-01", "timeout": 60}).json()
    assert doc == cli_json("qless", "daily", "--date", "2026-12-01", "--timeout", "60")
    bad = client.post("/api/qless/daily", json={"date": "2026-02-30"})
    assert bad.status_code == 400 and bad.json()["detail"].startswith("--date must be")


# ---- /api/qless/check: a board built by hand, judged by the engine's validator ------------

TINY = {"cat", "act", "tac", "star", "rats", "arts", "tars", "tsar", "sat"}  # conftest's "tiny"


def brute_check(roll: str, rows: list[str], words: set[str]) -> dict[str, Any]:
    """An independent reading of a board: runs by scanning rows and columns as strings,
    connectivity by flood fill over the grid, letters by counting."""
    import re
    from collections import Counter

    width = max((len(r) for r in rows), default=0)
    grid = [r.ljust(width, ".") for r in rows]
    runs = []
    for r, row in enumerate(grid):
        runs += [(m.group(), r, m.start(), "across") for m in re.finditer(r"[a-z]{2,}", row)]
    for c in range(width):
        col = "".join(row[c] for row in grid)
        runs += [(m.group(), m.start(), c, "down") for m in re.finditer(r"[a-z]{2,}", col)]
    filled = {(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != "."}
    seen: set[tuple[int, int]] = set()
    if filled:
        todo = [min(filled)]
        while todo:
            r, c = todo.pop()
            if (r, c) in seen or (r, c) not in filled:
                continue
            seen.add((r, c))
            todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
    connected = bool(filled) and seen == filled
    have = Counter(ch for row in grid for ch in row if ch != ".")
    want = Counter(roll)
    verdicts = {(w, r, c, d): "too short" if len(w) < 3 else "word" if w in words
                else "not a word" for w, r, c, d in runs}
    solved = connected and have == want and all(v == "word" for v in verdicts.values())
    return {"runs": verdicts, "connected": connected, "solved": solved,
            "missing": "".join(sorted((want - have).elements())),
            "extra": "".join(sorted((have - want).elements()))}


def check(client: httpx.Client, roll: str, rows: list[str], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/qless/check", json={"letters": roll, "board": rows, **extra})
    assert r.status_code == 200, r.text
    doc: dict[str, Any] = r.json()
    return doc


def test_check_agrees_with_an_independent_reading_of_random_boards(client: httpx.Client) -> None:
    import random

    rng = random.Random(30)
    boards = [["star", "a...", "t..."], ["star", "a..t", "t..."], ["cat", "..a", "..t"],
              ["sat.", "...t"], [], ["....", ".ca.", ".at."]]
    for _ in range(40):  # random tiles of the roll on a small grid: most break some rule
        h, w = rng.randint(1, 4), rng.randint(1, 5)
        grid = [["."] * w for _ in range(h)]
        for ch in rng.sample("starcat", rng.randint(1, min(7, h * w))):
            grid[rng.randrange(h)][rng.randrange(w)] = ch
        boards.append(["".join(row) for row in grid])
    solved = 0
    for rows in boards:
        roll = "starat" if rows[:1] == ["star"] else "starcat"
        doc = check(client, roll, rows, lexicon="tiny")
        want = brute_check(roll, rows, TINY)
        got = {(x["word"], x["row"], x["col"], x["direction"]): x["verdict"] for x in doc["runs"]}
        assert got == want["runs"], rows
        assert (doc["connected"], doc["solved"], doc["missing"], doc["extra"]) == (
            want["connected"], want["solved"], want["missing"], want["extra"]), rows
        assert doc["solved"] == (doc["problems"] == [])
        solved += doc["solved"]
    assert solved >= 1  # the first board is a solution: the check can say yes


def test_check_accepts_every_board_the_solver_gives(client: httpx.Client) -> None:
    for letters in (SOLVABLE, "mvhdrxwcciaa"):
        doc = client.post("/api/qless/solve", json={"letters": letters}).json()
        got = check(client, letters, doc["board"])
        assert got["solved"] and sorted(got["words"]) == sorted(doc["words"])
        assert all(x["verdict"] == "word" for x in got["runs"])
        # One tile moved off the board: never solved.
        rows = list(doc["board"])
        c = next(i for i, ch in enumerate(rows[0]) if ch != ".")
        rows += ["." * len(rows[0]), "." * (len(rows[0]) - 1) + rows[0][c]]
        rows[0] = rows[0][:c] + "." + rows[0][c + 1:]
        assert not check(client, letters, rows)["solved"]


def test_check_bad_input_is_one_clear_4xx(client: httpx.Client) -> None:
    cases = [
        ({"letters": "starat", "board": ["st1r"]}, 400, "row 1 of the board holds '1'"),
        ({"letters": "ab", "board": ["ab"]}, 400, "a roll has 3 to 16 letters"),
        ({"letters": "starat", "board": ["star"], "lexicon": "/etc/passwd"}, 400,
         "unknown lexicon"),
        ({"letters": "starat", "board": ["." * 41]}, 422, ""),
        ({"letters": "starat", "board": ["a"] * 41}, 422, ""),
        ({"letters": "starat"}, 422, ""),
    ]
    for body, status, text in cases:
        r = client.post("/api/qless/check", json=body)
        assert r.status_code == status, (body, r.text)
        assert text in str(r.json()["detail"])


def test_check_never_answers_500(client: httpx.Client) -> None:
    """Any body at all: a verdict, or one clear 4xx."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    text = st.text(alphabet=st.characters(codec="utf-8"), max_size=50)
    rows = st.lists(st.one_of(text, st.text(alphabet="abcz. \\n", max_size=45)), max_size=45)
    anything = st.one_of(st.none(), st.integers(), text, st.lists(st.integers(), max_size=3))

    @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.one_of(text, st.just("starcat")), st.one_of(rows, anything),
           st.one_of(st.none(), st.just("tiny"), text), st.booleans())
    def one(letters: str, board: Any, lexicon: Any, common: bool) -> None:
        r = client.post("/api/qless/check", json={"letters": letters, "board": board,
                                                  "lexicon": lexicon, "common": common})
        assert r.status_code in (200, 400, 422), (r.status_code, r.text)
        if r.status_code != 200:
            assert r.json()["detail"]

    one()
