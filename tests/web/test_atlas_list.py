"""A lookup that names no word list reads the same list from the CLI and the web: the atlas's
only list when it holds one (`qless.answer.atlas_list`), else the default list; a server
started with --lexicon names its list in every request that names none. (The CLI used to
read the atlas's only list and the web the default one.) The app runs in-process, each task
run in the test's process."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from puzzlesmith.qless.atlas import store
from puzzlesmith.web.admission import FairGate
from puzzlesmith.web.app import Settings, create_app
from tests.atlas.helpers import make_row
from tests.cli import run
from tests.web.test_server_lexicon import _Client


class _InProcess:
    """A pool that runs each task here, at once."""

    async def run(self, fn: Callable[..., Any], args: tuple[Any, ...] = (),
                  kwargs: dict[str, Any] | None = None, **_: Any) -> Any:
        await asyncio.sleep(0)
        return fn(*args, **(kwargs or {}))


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from puzzlesmith.lexicon.registry import register

    monkeypatch.setenv("PUZZLESMITH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PUZZLESMITH_CONFIG_DIR", str(tmp_path / "config"))
    words = tmp_path / "tiny.txt"
    words.write_text("cat\nact\ntac\n")
    register("tiny", words)
    (tmp_path / "data").mkdir()
    return tmp_path / "data"


def _app(lexicon: str | None) -> _Client:
    app = create_app(Settings(lexicon=lexicon))
    app.state.solve_pool = app.state.long_pool = _InProcess()
    app.state.cheap_gate = FairGate(2, per_client=16, max_total=64, name="cheap")
    app.state.long_gate = FairGate(1, per_client=16, max_total=64, name="long")
    return _Client(app)  # the lifespan (real pools) never starts


def _both(body: dict[str, Any], args: list[str], capsys: pytest.CaptureFixture[str],
          server_lexicon: str | None = None) -> Iterator[dict[str, Any]]:
    """The web's answer, then the CLI's (less the atlas file's path, which only it names)."""
    import json

    r = _app(server_lexicon).post("/api/qless/atlas", json=body)
    assert r.status_code == 200, r.text
    yield r.json()
    code, out, err = run(["qless", "atlas", "lookup", *args, "--json"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    doc.get("atlas", {}).pop("db", None)
    doc.pop("hint", None)  # the CLI's advice on which option reads another list
    yield doc


def test_no_list_named_reads_the_atlas_s_only_list_on_both(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store.insert_rows(store.connect(data_dir / "atlas.sqlite"), [make_row("abc")])
    web, cli = _both({"letters": "cab"}, ["cab"], capsys)
    assert web == cli
    assert web["found"] is True and web["atlas"]["lexicon"] == "lex-h1"
    # A list named is that list, on both: the atlas holds nothing for it.
    web, cli = _both({"letters": "cab", "lexicon": "tiny"}, ["cab", "--lexicon", "tiny"], capsys)
    assert web == cli and web["found"] is False and web["stored_for"] == ["lex-h1"]
    web, cli = _both({"letters": "cab", "common": True}, ["cab", "--common"], capsys)
    assert web == cli and web["found"] is False and web["lexicon"].endswith("+common30000")


def test_an_atlas_of_two_lists_is_read_for_the_default_list(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store.insert_rows(store.connect(data_dir / "atlas.sqlite"),
                      [make_row("abc"), make_row("abd", lexicon_hash="h2")])
    web, cli = _both({"letters": "cab"}, ["cab"], capsys)
    assert web == cli
    assert web["found"] is False and web["lexicon"] == "letterpress"
    assert web["stored_for"] == ["lex-h1"]


def test_a_server_s_list_is_the_list_named(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store.insert_rows(store.connect(data_dir / "atlas.sqlite"), [make_row("abc")])
    web, cli = _both({"letters": "cab"}, ["cab", "--lexicon", "tiny"], capsys,
                     server_lexicon="tiny")
    assert web == cli and web["found"] is False and web["lexicon"] == "tiny"
