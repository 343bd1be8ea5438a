"""`puzzlesmith serve`: its usage errors are one line and exit status 2."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.web.conftest import free_port
from tests.web.test_concurrency import LONG_GENERATE


def test_port_in_use_is_a_clear_usage_error(cli_env: dict[str, str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "puzzlesmith", "serve", "--port", str(port)],
                              env=cli_env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == (f"error: cannot listen on 127.0.0.1:{port}: Address already "
                                   "in use (another server there? try --port)")


def test_unknown_lexicon(cli_env: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", "serve", "--lexicon", "nope"],
                          env=cli_env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("error: unknown lexicon 'nope'")
    assert "Traceback" not in done.stderr


def test_ctrl_c_answers_requests_in_flight_and_exits_cleanly(cli_env: dict[str, str]) -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "puzzlesmith", "serve", "--port", str(port), "--workers", "1"],
        env=cli_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and not _up(base, ready=True):
            time.sleep(0.2)
        with ThreadPoolExecutor(1) as pool:
            # Long work that would run for a minute, in flight when Ctrl-C comes.
            answer = pool.submit(httpx.post, base + "/api/stars/generate", timeout=60,
                                 json=LONG_GENERATE)
            time.sleep(1.5)
            started = time.monotonic()
            server.send_signal(signal.SIGINT)
            r = answer.result(timeout=30)
        assert r.status_code == 503 and r.json() == {"detail": "the server is shutting down"}
        assert server.wait(timeout=30) in (0, 130)  # 130: the usual status after Ctrl-C
        assert time.monotonic() - started < 15
        err = server.stderr.read() if server.stderr else ""
        assert "Traceback" not in err and "ERROR" not in err, err
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def _children(pid: int) -> dict[int, str]:
    """The processes `pid` started, by id, with their command lines (from /proc)."""
    found = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            cmdline = Path(f"/proc/{child}/cmdline")
            found[int(child)] = cmdline.read_bytes().replace(b"\0", b" ").decode()
    return found


def _state(pid: int) -> str | None:
    """A process's state letter (Z: a zombie), None once it is gone (reaped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return stat.rpartition(")")[2].split()[0]


@pytest.mark.slow
def test_a_first_start_answers_at_once_and_builds_behind_with_a_niced_reaped_builder(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    if not Path("/proc/self/task").exists():
        pytest.skip("needs /proc to see the server's child processes")
    # A cache of its own, empty: the workers build the dictionary's index (tens of seconds)
    # and the server starts a builder of the long Q-Less shape tables.
    env = {**cli_env, "PUZZLESMITH_CACHE_DIR": str(tmp_path / "cache")}
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "puzzlesmith", "serve", "--port", str(port), "--workers", "1",
         "--job-workers", "1"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while not _up(base):
            assert server.poll() is None and time.monotonic() < deadline, "no server"
            time.sleep(0.2)
        # Issue 42: the server answers before its workers are up, and says so; the pages
        # carry the note that reads it; a request made meanwhile waits and is answered.
        health = httpx.get(base + "/api/health", timeout=10).json()
        assert health["ready"] is False and health["solve_pool"]["alive"] == 0, health
        assert "/static/js/startup.js" in httpx.get(base + "/words", timeout=10).text
        match = httpx.post(base + "/api/match", json={"pattern": "a?p?e"}, timeout=120)
        assert match.status_code == 200 and "apple" in match.json()["words"], match.text
        while not _up(base, ready=True):
            assert server.poll() is None and time.monotonic() < deadline, "never ready"
            time.sleep(0.2)
        builders = [p for p, cmd in _children(server.pid).items() if "build_long_tries" in cmd]
        assert len(builders) == 1, _children(server.pid)
        builder = builders[0]
        # Niced: it must not take the CPU from the workers answering requests.
        niceness = os.getpriority(os.PRIO_PROCESS, server.pid)
        assert os.getpriority(os.PRIO_PROCESS, builder) > niceness or niceness == 19
        os.kill(builder, signal.SIGTERM)  # it ends, as it does when its tables are built
        while _state(builder) is not None:  # a zombie keeps its /proc entry until reaped
            assert time.monotonic() < deadline, f"builder left in state {_state(builder)}"
            time.sleep(0.1)
        assert server.poll() is None and _up(base)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    said = server.stderr.read() if server.stderr else ""
    # The address as soon as it answers, then word that the workers are ready.
    assert 0 <= said.index("web app on http://") < said.index("ready: the dictionary"), said


def _up(base: str, ready: bool = False) -> bool:
    """The server answers (and, with `ready`, its workers are up)."""
    try:
        health = httpx.get(base + "/api/health", timeout=2)
    except httpx.HTTPError:
        return False
    return health.status_code == 200 and (health.json()["ready"] or not ready)


def test_make_run_takes_a_port() -> None:
    import shutil

    if shutil.which("make") is None:
        pytest.skip("needs make")
    root = Path(__file__).resolve().parents[2]
    shown = subprocess.run(["make", "-n", "run", "PORT=8123", "PYTHON=python"], cwd=root,
                           capture_output=True, text=True, check=True).stdout
    assert "python -m puzzlesmith serve --port 8123" in shown.splitlines()
    default = subprocess.run(["make", "-n", "run", "PYTHON=python"], cwd=root,
                             capture_output=True, text=True, check=True).stdout
    assert "python -m puzzlesmith serve --port 8000" in default.splitlines()
