"""`puzzlesmith serve`: its usage errors are one line and exit status 2."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import httpx

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
        while time.monotonic() < deadline:
            try:
                if httpx.get(base + "/api/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
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
