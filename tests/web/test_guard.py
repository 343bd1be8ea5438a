"""Only local pages reach the server (the Host check), and no answer names a server path."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlesmith.files import cache_dir
from puzzlesmith.web.guard import host_name, redact


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8765", "localhost", "LOCALHOST:1",
                                  "[::1]", "[::1]:8000"])
def test_local_host_names_are_answered(client: httpx.Client, host: str) -> None:
    r = client.get("/api/lexicons", headers={"host": host})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("host", ["attacker.example", "attacker.example:8765", "127.0.0.1.evil",
                                  "localhost.evil:80", "[::2]", "127.0.0.2", "", "a b",
                                  "127.0.0.1:port", "user@127.0.0.1"])
def test_other_host_names_are_refused(client: httpx.Client, host: str) -> None:
    for method, path in (("GET", "/api/lexicons"), ("GET", "/"), ("POST", "/api/match")):
        r = client.request(method, path, headers={"host": host}, json={"pattern": "a?p?e"})
        assert r.status_code == 400, (host, path)
        assert "is not served here" in r.json()["detail"]


def test_host_name_parsing() -> None:
    assert host_name("Example.COM:80") == "example.com"
    assert host_name("[::1]:8000") == "::1"
    assert host_name("[::1]") == "::1"
    assert host_name("x:99999") is None
    assert host_name("x/y") is None
    assert host_name("") is None


def _paths_in(doc: Any) -> list[str]:
    text = json.dumps(doc)
    return re.findall(r"(?<![\w.])/(?:[\w.+-]+/)+[\w.+-]*", text)


def test_lexicons_answer_names_kinds_and_sizes_without_paths(client: httpx.Client) -> None:
    doc = client.get("/api/lexicons").json()
    by_name = {lex["name"]: lex for lex in doc["lexicons"]}
    assert by_name["letterpress"]["kind"] == "bundled"
    assert by_name["tiny"]["kind"] == "registered"
    # conftest's TINY_WORDS, 9 lines of letters
    assert by_name["tiny"]["bytes"] == len("cat\nact\ntac\nstar\nrats\narts\ntars\ntsar\nsat\n")
    assert by_name["letterpress"]["bytes"] > 100_000
    assert _paths_in(doc) == []


def test_error_messages_name_no_server_folder(
    client: httpx.Client, cli_env: dict[str, str], tmp_path: Path
) -> None:
    words = tmp_path / "gone.txt"
    words.write_text("zebra\nzebus\n", "utf-8")
    subprocess.run([sys.executable, "-m", "puzzlesmith", "lexicon", "add", "gone", str(words)],
                   env=cli_env, check=True, capture_output=True)
    words.unlink()  # registered, then deleted: its error names the file
    try:
        r = client.post("/api/match", json={"pattern": "zeb??", "lexicon": "gone"})
    finally:
        words.write_text("zebra\nzebus\n", "utf-8")  # whole again for the session's other tests
    assert r.status_code == 400
    assert "gone.txt" in r.json()["detail"]
    assert str(tmp_path) not in r.json()["detail"]
    assert _paths_in(r.json()) == [], r.json()


@given(st.lists(st.from_regex(r"[a-z0-9._-]{1,8}", fullmatch=True), min_size=1, max_size=4))
def test_redact_keeps_only_the_last_part_of_a_server_path(parts: list[str]) -> None:
    for folder in (Path.home(), Path(tempfile.gettempdir()), cache_dir()):
        path = "/".join([str(folder), *parts])
        assert redact(f"cannot read {path}: gone") == f"cannot read …/{parts[-1]}: gone"


def test_redact_leaves_what_the_client_sent_alone() -> None:
    for message in ("unknown lexicon '/etc/passwd'", "pattern 'a??le/pleat' is bad", "*ing/x/y"):
        assert redact(message) == message


def test_serve_on_all_addresses_warns_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    from puzzlesmith.cli import serve as serve_cli

    seen: dict[str, Any] = {}

    def no_run(self: Any, *args: Any, **kwargs: Any) -> None:
        seen["settings"] = self.config.app.state.settings

    monkeypatch.setattr(uvicorn.Server, "run", no_run)
    monkeypatch.setattr(serve_cli, "_check_port", lambda host, port: None)
    serve_cli.serve(host="0.0.0.0", port=8000, lexicon=None, workers=1, job_workers=1,
                    allow_host=["puzzles.lan"])
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert len(warnings) == 1
    assert "no login" in warnings[0] and "puzzles.lan" in warnings[0]
    assert "localhost" in warnings[0]
    assert "puzzles.lan" in seen["settings"].allowed_hosts


def test_serve_on_this_machine_does_not_warn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    from puzzlesmith.cli import serve as serve_cli

    monkeypatch.setattr(uvicorn.Server, "run", lambda self: None)
    monkeypatch.setattr(serve_cli, "_check_port", lambda host, port: None)
    serve_cli.serve(host="127.0.0.1", port=8000, lexicon=None, workers=1, job_workers=1,
                    allow_host=None)
    assert "warning" not in capsys.readouterr().err


def test_serve_on_all_addresses_answers_the_printed_address_and_this_machines() -> None:
    import socket

    import psutil

    from puzzlesmith.cli.serve import _allowed_hosts
    from puzzlesmith.web.guard import HostCheck

    allowed = _allowed_hosts("0.0.0.0", [])
    own = [a.address for addrs in psutil.net_if_addrs().values() for a in addrs
           if a.family == socket.AF_INET]
    check = HostCheck(_ok_app, allowed)
    for name in ["0.0.0.0", socket.gethostname(), *own]:
        assert _status(check, f"{name}:8000") == 200, name
    assert _status(check, "attacker.example") == 400


def test_allow_host_star_answers_any_name_with_one_warning(cli_env: dict[str, str]) -> None:
    from puzzlesmith.cli.serve import _allowed_hosts
    from puzzlesmith.web.guard import HostCheck

    check = HostCheck(_ok_app, _allowed_hosts("127.0.0.1", ["*"]))
    assert _status(check, "anything.example:80") == 200
    assert _status(check, "a b") == 400  # a malformed Host is still refused
    with socket.socket() as taken:  # the port is taken: the warning comes, then the error
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        done = subprocess.run([sys.executable, "-m", "puzzlesmith", "serve", "--port",
                               str(taken.getsockname()[1]), "--allow-host", "*"],
                              env=cli_env, capture_output=True, text=True, timeout=60)
    lines = done.stderr.splitlines()
    assert lines[0].startswith("warning: --allow-host '*' answers any Host name")
    assert len(lines) == 2 and lines[1].startswith("error: cannot listen")


async def _ok_app(scope: Any, receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b""})


def _status(app: Any, host: str) -> int:
    import asyncio

    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    from concurrent.futures import ThreadPoolExecutor

    scope = {"type": "http", "method": "GET", "path": "/", "headers": [(b"host", host.encode())]}
    with ThreadPoolExecutor(1) as pool:  # a loop of its own: Playwright may own this thread's
        pool.submit(asyncio.run, app(scope, receive, send)).result(timeout=30)
    return int(sent[0]["status"])
