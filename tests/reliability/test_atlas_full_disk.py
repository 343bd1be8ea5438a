"""An atlas build that runs out of room: one `error:` line saying so and how to continue, the
answers stored so far whole, and the same command, rerun with room, finishes the build."""

from __future__ import annotations

import sqlite3
import subprocess
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from puzzlesmith.qless.atlas.rolls import sample_rolls
from tests.reliability.conftest import cli, grow

N, SEED = 600, 3
BUILD = ["qless", "atlas", "build", "--sample", str(N), "--seed", str(SEED), "--workers", "1",
         "--time-limit", "1", "--batch-size", "4"]


def stored(db: Path) -> dict[str, str]:
    """Each stored roll and when it was solved; the file checked whole first."""
    with closing(sqlite3.connect(db)) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return dict(con.execute("SELECT letters, solved_at FROM rolls"))


def stopped_for_room(done: subprocess.CompletedProcess[str]) -> str:
    """The run's one `error:` line (after the progress bar's last frame), exit status 2."""
    assert "Traceback" not in done.stderr, done.stderr
    errors = [line for line in done.stderr.splitlines() if "error" in line.lower()]
    assert len(errors) == 1 and errors[0].startswith("error: "), done.stderr
    assert done.stderr.strip().splitlines()[-1] == errors[0]
    assert done.returncode == 2, (done.returncode, done.stderr)
    return errors[0]


def finishes_after(db: Path, env: dict[str, str], before: dict[str, str]) -> None:
    """The same command, rerun, answers the rest and keeps what was stored."""
    done = cli([*BUILD, "--db", str(db)], env, timeout=280)
    assert done.returncode == 0, done.stderr
    after = stored(db)
    assert set(after) == set(sample_rolls(N, SEED))
    assert all(after[k] == when for k, when in before.items())  # kept, not solved again


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_full_disk_says_so_and_the_rerun_continues(
    env: dict[str, str], tmp_path: Path, small_disk: Callable[[Path, str], Path]
) -> None:
    disk = small_disk(tmp_path / "disk", "300k")
    db = disk / "atlas.sqlite"
    line = stopped_for_room(cli([*BUILD, "--db", str(db)], env, timeout=280))
    assert line.startswith("error: the disk is full (answers so far are stored in "), line
    assert str(db) in line and "rerun the same command to continue" in line
    grow(disk, "16m")
    before = stored(db)
    assert len(before) < len(set(sample_rolls(N, SEED)))
    finishes_after(db, env, before)


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_file_size_limit_says_so_and_the_rerun_continues(
    env: dict[str, str], tmp_path: Path
) -> None:
    # Where mount is not allowed: `ulimit -f`, past which every write fails (EFBIG).
    db = tmp_path / "atlas" / "atlas.sqlite"
    line = stopped_for_room(cli([*BUILD, "--db", str(db)], env, file_limit=200_000,
                                timeout=280))
    assert line.startswith("error: the file-size limit (ulimit -f) is reached"), line
    assert "rerun the same command to continue" in line
    before = stored(db)
    assert len(before) < len(set(sample_rolls(N, SEED)))
    finishes_after(db, env, before)
