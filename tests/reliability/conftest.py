"""Faults a user's machine can have: a full disk, a folder the program may not write."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")


def cli(args: list[str], env: dict[str, str], *, file_limit: int | None = None,
        stdin: bytes | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """`python -m puzzlesmith ARGS` in a child; `file_limit` bytes is the largest file it may
    write (`ulimit -f`: past it a write fails as on a full disk)."""

    def limit() -> None:
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    done = subprocess.run([sys.executable, "-m", "puzzlesmith", *args], env=env,
                          capture_output=True, timeout=timeout, preexec_fn=limit,
                          input=stdin)
    return subprocess.CompletedProcess(done.args, done.returncode,
                                       done.stdout.decode("utf-8", "replace"),
                                       done.stderr.decode("utf-8", "replace"))


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """A child's environment with config, data and cache folders of its own."""
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join([SRC, *filter(None, [e.get("PYTHONPATH")])])
    e["PUZZLESMITH_CONFIG_DIR"] = str(tmp_path / "config")
    e["PUZZLESMITH_DATA_DIR"] = str(tmp_path / "data")
    e["PUZZLESMITH_CACHE_DIR"] = os.environ.get("PUZZLESMITH_CACHE_DIR") or str(tmp_path / "cache")
    return e


@pytest.fixture
def read_only_dir(tmp_path: Path) -> Iterator[Callable[[Path], Path]]:
    """make(path): `path`, a folder no write to may succeed: a read-only tmpfs mount when
    this is root (permissions do not stop root), else a folder without write permission."""
    mounted: list[Path] = []

    def make(path: Path) -> Path:
        path.mkdir(parents=True, exist_ok=True)
        if os.geteuid() != 0:
            path.chmod(0o555)
            return path
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(path)],
                              capture_output=True)
        if done.returncode != 0:
            pytest.skip("a read-only folder needs mount when running as root")
        mounted.append(path)
        return path

    yield make
    for path in mounted:
        subprocess.run(["umount", str(path)], check=False)
    for path in tmp_path.rglob("*"):
        if path.is_dir():
            path.chmod(0o755)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Callable[[Path, str], Path]]:
    """make(path, size): `path`, a tmpfs of `size` (as mount's size=, e.g. 400k) that a test
    may grow with `grow`; skips when this is not root or mount is not allowed."""
    mounted: list[Path] = []

    def make(path: Path, size: str) -> Path:
        path.mkdir(parents=True, exist_ok=True)
        if os.geteuid() != 0:
            pytest.skip("a small disk (tmpfs) needs root")
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                              capture_output=True)
        if done.returncode != 0:
            pytest.skip(f"a small disk (tmpfs) needs mount: {done.stderr.decode().strip()}")
        mounted.append(path)
        return path

    yield make
    for path in mounted:
        # Lazily if something still holds a file there: a mount must not outlive the test.
        if subprocess.run(["umount", str(path)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(path)], check=False)


def grow(disk: Path, size: str) -> None:
    """Give a `small_disk` more room, keeping what is on it."""
    subprocess.run(["mount", "-o", f"remount,size={size}", str(disk)], check=True)


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    """The run's stderr, checked to be one `error:` line and no traceback; exit status 2."""
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert len(lines[0]) <= 500, lines[0][:600]  # a line to read, not the input echoed whole
    assert done.returncode == 2, (done.returncode, done.stderr)
    return lines[0]
