"""One real server per test session (on a free 127.0.0.1 port) and, when Chromium is there, a browser."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
# Debian's Chromium; PUZZLESMITH_CHROMIUM names another build (never downloaded by the tests).
CHROMIUM = Path(os.environ.get("PUZZLESMITH_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# A tiny registered dictionary, so the picker and the `lexicon` field have a second choice.
TINY_WORDS = "cat\nact\ntac\nstar\nrats\narts\ntars\ntsar\nsat\n"

# Test this checkout, even if the environment's editable install points at another one.
SRC = str(ROOT / "src")
if sys.path[:1] != [SRC]:
    sys.path.insert(0, SRC)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The server's PUZZLESMITH_DATA_DIR (where it looks for the Q-Less atlas); empty at first."""
    return tmp_path_factory.mktemp("data")


@pytest.fixture(scope="session")
def cli_env(data_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment the server and the CLI runs of the tests share (with a registry of
    lexicons of their own, not the user's)."""
    env = dict(os.environ)
    env["PUZZLESMITH_CONFIG_DIR"] = str(tmp_path_factory.mktemp("config"))
    env["PYTHONPATH"] = os.pathsep.join([SRC, *filter(None, [env.get("PYTHONPATH")])])
    env["PUZZLESMITH_DATA_DIR"] = str(data_dir)
    return env


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory, cli_env: dict[str, str]) -> Iterator[str]:
    """Base URL of a `puzzlesmith serve` started for these tests, stopped after them."""
    words = tmp_path_factory.mktemp("lexicon") / "tiny.txt"
    words.write_text(TINY_WORDS, "utf-8")
    env = cli_env
    subprocess.run([sys.executable, "-m", "puzzlesmith", "lexicon", "add", "tiny", str(words)],
                   check=True, env=env, capture_output=True)
    # The crossword list's fill tables, built once into the cache before the server starts: on
    # a fresh cache a worker builds them at its first fill request, and on a loaded 2-core
    # machine that can pass a check's time limit (the page then asks again, but the tests
    # count the 504s it saw as console errors). Entries of every length 3-15, rows of blocks
    # between them.
    rows = [("." * n + "#" + "." * (14 - n)) for n in range(3, 8)]
    rows += ["." * n + "#" * (15 - n) for n in range(12, 16)]
    warm = "/###############/".join(rows)
    subprocess.run([sys.executable, "-m", "puzzlesmith", "fill", "check", warm, "--json"],
                   env=env, capture_output=True, timeout=600)
    port = free_port()
    log = open(tmp_path_factory.mktemp("server") / "server.log", "w+")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "puzzlesmith", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--workers", "2", "--job-workers", "1",
         # Long work at the solve workers' priority: on a machine shared with other work a
         # niced worker may wait minutes for the CPU, and the tests wait for its progress.
         # (test_pool checks that a niced pool's workers are niced.)
         "--long-nice", "0"],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                log.seek(0)
                pytest.fail(f"the server exited early:\n{log.read()}")
            try:
                # The server answers at once; its workers are up once it says `ready`.
                health = httpx.get(base + "/api/health", timeout=2)
                if health.status_code == 200 and health.json()["ready"]:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("the server's workers were not ready within 90 s")
            time.sleep(0.2)
        yield base
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="session")
def client(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=60) as c:
        yield c


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright; the test skips (with the reason) without one."""
    if not CHROMIUM.exists():
        pytest.skip(f"browser tests need Debian's Chromium at {CHROMIUM} "
                    "(apt-get install chromium; .ci/run does this)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("browser tests need the playwright package (pip install -e '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: Any, server: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page (375 px wide unless the test says otherwise); console errors fail the test."""
    marker = request.node.get_closest_marker("viewport")
    width, height = marker.args if marker else (1024, 900)
    # Playwright's wait_for_function runs its predicate through eval, which the site's policy
    # refuses (no 'unsafe-eval'): the tests' tools may bypass it, the pages never need to;
    # test_security_headers loads and uses every page under the policy.
    csp = request.node.get_closest_marker("csp") is not None
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=server,
                                  bypass_csp=not csp)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    # Generous: the solve workers are shared by the whole session's pages, and a 2-core CI
    # machine running pytest, the server and Chromium at once can be slow to answer.
    pg.set_default_timeout(60_000)
    try:
        yield pg
    finally:
        context.close()
    # A 4xx answer shown to the user is logged by Chromium as a failed resource; that is expected.
    unexpected = [e for e in errors if "status of 4" not in e]
    assert not unexpected, f"errors in the browser console: {unexpected}"


@pytest.fixture
def shot() -> Callable[[Any, str], Path]:
    """save(page, name): a full-page screenshot under test-artifacts/ (ignored by git)."""

    def save(pg: Any, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        pg.screenshot(path=str(path), full_page=True)
        return path

    return save


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "viewport(width, height): the browser page's size")
    config.addinivalue_line("markers", "csp: the browser page keeps the site's content policy")
