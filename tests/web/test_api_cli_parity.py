"""Every Q-Less API answer is the CLI's `--json` document for the same input.

The decisions (census, then atlas, then search; an atlas miss told by the census) live in
the engine package (`qless.answer`), so the two adapters can only differ in what they
parse and print. Each case runs the CLI in the server's environment (its data dir, where
an atlas may be built by other tests), so both see the same stored answers. (The grade
counts solutions against a time limit, so two runs may differ on a busy machine: it is left
out; the roll of the day's grade counts for a fixed amount of work, so it is in.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import httpx
import pytest

from tests.web.test_api_qless import wait_job

SOLVABLE = "mphrrsttsnea"  # roll --seed 1
# Other dice: the API's roll document had no `dice` and the API took no dice (the CLI's had
# and did); one roll_document now makes both.
DICE = "aeiouu aaeeoo rstlne rstlne cdmbph gkfwyv ssttrr"


def _census_unsolvable() -> str | None:
    """A roll of the real dice the bundled census knows is unsolvable (None: no census)."""
    from puzzlesmith.qless import census

    found = census.available()
    return found.unsolvable[0] if found is not None and found.unsolvable else None


CASES: list[tuple[str, str, dict[str, Any], list[str]]] = [
    ("solve", "/api/qless/solve", {"letters": SOLVABLE}, ["qless", "solve", SOLVABLE]),
    ("solve-seed", "/api/qless/solve", {"letters": SOLVABLE, "seed": 2},
     ["qless", "solve", SOLVABLE, "--seed", "2"]),
    ("solve-common", "/api/qless/solve", {"letters": SOLVABLE, "common": True},
     ["qless", "solve", SOLVABLE, "--common"]),
    ("count", "/api/qless/count", {"letters": "catdogs"},
     ["qless", "solve", "catdogs", "--count"]),
    ("count-capped", "/api/qless/count", {"letters": "catdogs", "max_solutions": 5},
     ["qless", "solve", "catdogs", "--count", "--max-solutions", "5"]),
    ("unsolvable", "/api/qless/solve", {"letters": "qqqzzzxx"}, ["qless", "solve", "qqqzzzxx"]),
    ("census", "/api/qless/solve", {"letters": "CENSUS"}, ["qless", "solve", "CENSUS"]),
    ("roll", "/api/qless/roll", {"seed": 3}, ["qless", "roll", "--seed", "3"]),
    ("roll-dice", "/api/qless/roll", {"seed": 3, "dice": DICE},
     ["qless", "roll", "--seed", "3", "--dice", DICE]),
    ("daily-dice", "/api/qless/daily", {"date": "2026-12-01", "grade": False, "dice": DICE},
     ["qless", "daily", "--date", "2026-12-01", "--no-grade", "--dice", DICE]),
    ("roll-solve", "/api/qless/roll", {"seed": 3, "solve": True},
     ["qless", "roll", "--seed", "3", "--solve"]),
    ("hint", "/api/qless/hint", {"letters": SOLVABLE, "level": 2},
     ["qless", "hint", SOLVABLE, "--level", "2"]),
    ("hint-board", "/api/qless/hint", {"letters": SOLVABLE, "level": 3},
     ["qless", "hint", SOLVABLE, "--level", "3"]),
    ("daily", "/api/qless/daily", {"date": "2026-12-01"}, ["qless", "daily", "--date",
                                                          "2026-12-01"]),
    ("daily-roll", "/api/qless/daily", {"date": "2026-12-01", "grade": False},
     ["qless", "daily", "--date", "2026-12-01", "--no-grade"]),
    ("atlas", "/api/qless/atlas", {"letters": SOLVABLE}, ["qless", "atlas", "lookup", SOLVABLE]),
    ("atlas-miss", "/api/qless/atlas", {"letters": "aaaaaaaaaaaa"},
     ["qless", "atlas", "lookup", "aaaaaaaaaaaa"]),
]


def _comparable(doc: Any) -> Any:
    """The document less what may differ between two runs: wall-clock times, and the atlas
    file's path (the CLI names its own file; the API names none)."""
    if isinstance(doc, dict):
        return {k: _comparable(v) for k, v in doc.items()
                if k not in ("seconds", "elapsed_ms", "db")}
    if isinstance(doc, list):
        return [_comparable(v) for v in doc]
    return doc


@pytest.mark.parametrize(("path", "body", "args"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_the_api_answers_as_the_cli(path: str, body: dict[str, Any], args: list[str],
                                    client: httpx.Client, cli_env: dict[str, str]) -> None:
    if "CENSUS" in args:
        roll = _census_unsolvable()
        if roll is None:
            pytest.skip("no census is bundled, so no roll is answered from one")
        body = {**body, "letters": roll}
        args = [roll if a == "CENSUS" else a for a in args]
    r = client.post(path, json=body)
    assert r.status_code in (200, 202), r.text
    doc = r.json()
    if path.endswith("/count"):  # a count runs as a job: its result is the document
        job = wait_job(client, doc["job"], lambda d: d["state"] not in ("queued", "running"))
        assert job["state"] == "done", job
        doc = job["result"]
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", *args, "--json"], env=cli_env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr  # 1: a time limit reached, as the API says
    assert _comparable(doc) == _comparable(json.loads(done.stdout))
