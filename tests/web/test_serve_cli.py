"""`puzzlesmith serve`: its usage errors are one line and exit status 2."""

from __future__ import annotations

import socket
import subprocess
import sys


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
