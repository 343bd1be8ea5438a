"""A real build killed with SIGKILL: the database stays whole and a rerun finishes the job."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import puzzlesmith
from puzzlesmith.qless.atlas.rolls import sample_rolls

SRC = str(Path(puzzlesmith.__file__).resolve().parents[1])


def rows(db: Path) -> dict[str, tuple[str, str, float]]:
    with sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True) as con:
        return {
            r[0]: (r[1], r[2], r[3])
            for r in con.execute("SELECT letters, status, solved_at, seconds FROM rolls")
        }


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.timeout(300)
def test_kill_9_then_rerun(tmp_path: Path) -> None:
    db = tmp_path / "atlas.sqlite"
    n, seed = 400, 21
    cmd = [
        sys.executable, "-m", "puzzlesmith", "qless", "atlas", "build", "--sample", str(n),
        "--seed", str(seed), "--workers", "1", "--db", str(db), "--timeout", "1",
        "--batch-size", "1", "--json",
    ]
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 200
        while time.monotonic() < deadline and proc.poll() is None:
            if db.exists():
                try:
                    if len(rows(db)) >= 1:
                        break
                except sqlite3.OperationalError:
                    pass  # tables not created yet
            time.sleep(0.2)
        assert proc.poll() is None, "the build finished before it could be killed"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        assert proc.returncode == -signal.SIGKILL
        # Dask's worker processes notice their parent is gone and exit by themselves.
        for _ in range(100):
            try:
                os.killpg(proc.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            pytest.fail("worker processes outlived the killed build")
    finally:
        if proc.poll() is None:
            proc.kill()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()

    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    before = rows(db)
    distinct = set(sample_rolls(n, seed))
    assert 1 <= len(before) < len(distinct)
    assert set(before) <= distinct

    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=250, check=True)
    report = json.loads(done.stdout)
    after = rows(db)
    # Nothing stored was solved again; everything else was.
    assert report["solved"] == len(distinct) - len(before)
    assert set(after) == distinct
    assert all(after[k] == v for k, v in before.items())
