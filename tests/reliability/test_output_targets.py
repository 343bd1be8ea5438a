"""Output that never clobbers (issue 41, item 1): a symlink is written through to its target,
a device, a FIFO or a folder is refused before any work with one `error:` line, no folder is
ever created, and new files get the umask's mode. Every device here is a FIFO or a symlink in
a temporary folder: a test never writes to /dev."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlesmith.files import output_target, write_atomic
from tests.reliability.conftest import cli, one_error_line

GRID = ["fill", "grid", "#....", ".....", ".....", ".....", "....#"]
WORDGRID = ["wordgrid", "create", "--word", "planet", "--seed", "1"]
STARS = ["stars", "convert", "https://puzz.link/p?starbattle/8/8/1/2041iicc7m8g1g1eb43vi960"]
# (command, its output flag): every command that writes a file the user names.
WRITERS = [(GRID, "--out"), (WORDGRID, "--out"), (STARS, "--output")]


def test_a_symlink_is_written_through_to_its_target(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_atomic(link, b"new\n", best_effort=False)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real.txt"]


def test_a_dangling_symlink_makes_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "made.txt")
    write_atomic(link, b"x\n", best_effort=False)
    assert link.is_symlink() and (tmp_path / "made.txt").read_text() == "x\n"


@pytest.mark.parametrize("kind", ["fifo", "folder", "symlink to a fifo"])
def test_what_is_not_a_regular_file_is_refused_and_kept(tmp_path: Path, kind: str) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    path = {"fifo": fifo, "folder": tmp_path,
            "symlink to a fifo": tmp_path / "to-pipe"}[kind]
    if kind == "symlink to a fifo":
        path.symlink_to(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        write_atomic(path, b"x", best_effort=False)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))


def test_a_missing_folder_is_refused_not_made(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="no folder"):
        output_target(tmp_path / "no" / "such" / "x.puz")
    assert not (tmp_path / "no").exists()


def test_new_files_get_the_umask_and_replaced_files_keep_their_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.txt", b"x", best_effort=False)
        write_atomic(tmp_path / "cache.bin", b"x")  # a cache file too
        kept = tmp_path / "kept.txt"
        kept.write_text("x")
        kept.chmod(0o640)
        write_atomic(kept, b"y", best_effort=False)
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "cache.bin").stat().st_mode) == 0o644
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640 and kept.read_text() == "y"


@pytest.mark.parametrize(("args", "flag"), WRITERS, ids=["fill", "wordgrid", "stars"])
def test_every_writer_refuses_a_fifo_before_any_work(
    args: list[str], flag: str, env: dict[str, str], tmp_path: Path
) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    # A reader would hang here had the command opened the FIFO; the check comes first.
    line = one_error_line(cli([*args, flag, str(fifo)], env, timeout=30))
    assert line == f"error: cannot write {fifo}: it is a FIFO (to write to a pipe, give - and " \
                   "redirect standard output), not a regular file"
    assert stat.S_ISFIFO(fifo.stat().st_mode)


@pytest.mark.parametrize(("args", "flag"), WRITERS, ids=["fill", "wordgrid", "stars"])
def test_every_writer_refuses_a_missing_folder(
    args: list[str], flag: str, env: dict[str, str], tmp_path: Path
) -> None:
    line = one_error_line(cli([*args, flag, str(tmp_path / "no" / "x.txt")], env))
    assert "(folders are not created)" in line
    assert not (tmp_path / "no").exists()


@pytest.mark.slow
def test_fill_writes_through_a_symlink_with_the_umask(env: dict[str, str], tmp_path: Path) -> None:
    target = tmp_path / "grid.txt"
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", *GRID, "--out", str(link)],
                          env=env, capture_output=True, text=True, timeout=120,
                          preexec_fn=lambda: os.umask(0o027))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and len(target.read_text().split()) == 5
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_dash_writes_the_file_alone_to_standard_output(env: dict[str, str]) -> None:
    done = cli([*STARS, "--to", "text", "--output", "-"], env)
    assert done.returncode == 0, done.stderr
    plain = cli([*STARS, "--to", "text"], env)
    assert done.stdout == plain.stdout and done.stdout.count("\n") >= 8
