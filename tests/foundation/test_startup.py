"""Start-up: the CLI imports only what the command it runs needs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlesmith.cli import COMMANDS, load_command

HEAVY = ("pyarrow", "pysat", "dask", "distributed", "fastapi", "uvicorn", "starlette", "ortools")


def imported_after(code: str) -> set[str]:
    """Top-level packages loaded by a fresh interpreter that runs `code`."""
    probe = f"{code}\nimport sys, json\nprint(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


def run_cli(args: list[str]) -> str:
    return (
        "from puzzlesmith.cli import main\n"
        f"try:\n    main({args!r})\nexcept SystemExit:\n    pass"
    )


def test_importing_the_cli_loads_no_engine() -> None:
    loaded = imported_after("import puzzlesmith.cli")
    assert not loaded & {*HEAVY, "numpy", "rich"}, loaded & {*HEAVY, "numpy", "rich"}


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["match", "a?p?e", "--json"],
        ["anagram", "listen", "--json"],
        ["wordgrid", "solve", "??????", "ipoaru", "gettct", "--json"],
        ["qless", "--help"],
        ["stars", "--help"],
    ],
)
def test_commands_load_no_heavy_package(args: list[str]) -> None:
    loaded = imported_after(run_cli(args))
    assert not loaded & set(HEAVY), loaded & set(HEAVY)


@pytest.mark.parametrize(
    "args",
    [
        ["match", "a?p?e"],
        ["match", "a?p?e", "--json"],
        ["anagram", "listen", "--json"],
        ["wordgrid", "solve", "??????", "ipoaru", "gettct"],
        ["define", "falcon", "--json"],
        ["qless", "solve", "mvhdrxwcciaa", "--json"],
    ],
)
def test_quick_commands_load_no_numpy(args: list[str]) -> None:
    """numpy costs more to import than these commands take to answer."""
    assert "numpy" not in imported_after(run_cli(args))


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_help_pages_load_no_engine(path: str) -> None:
    """--help is plain click text: neither Rich nor numpy nor any engine's heavy package."""
    loaded = imported_after(run_cli([*path.split(), "--help"]))
    assert not loaded & {*HEAVY, "numpy", "rich"}, loaded & {*HEAVY, "numpy", "rich"}


def test_listing_matches_each_commands_own_help() -> None:
    for path, (_, line) in COMMANDS.items():
        own = (load_command(path).help or "").strip().splitlines()[0]
        assert own == line, path


def test_export_without_pyarrow_says_how_to_get_it(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite"
    code = (
        "import sys\nsys.modules['pyarrow'] = None\n"
        "from pathlib import Path\nfrom puzzlesmith.qless.atlas import store\n"
        f"store.connect(Path({str(db)!r})).close()\n"
        + run_cli(["qless", "atlas", "export", "--parquet", str(tmp_path / "x.parquet"),
                   "--db", str(db)])
        .replace("except SystemExit:\n    pass", "except SystemExit as e:\n    print('exit', e.code)")
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "exit 2" in out.stdout
    assert out.stderr.strip().splitlines() == [
        "error: atlas export --parquet needs pyarrow: pip install 'puzzlesmith[parquet]'"
    ]


@pytest.mark.parametrize("group", ["", *sorted(p for p in COMMANDS if p != "match")])
def test_command_listings_show_whole_first_sentences(group: str) -> None:
    """Click cuts a long line of a group's listing with "..." (and a sentence at "e.g."); each
    line must end where the command's first sentence ends, however it wraps."""
    import os

    out = subprocess.run(
        [sys.executable, "-m", "puzzlesmith", *group.split(), "--help"],
        capture_output=True, text=True, env={**os.environ, "COLUMNS": "80"}, check=True,
    ).stdout
    if "Commands:" not in out:
        return  # a command, not a group: nothing listed
    listing = " ".join(out.split("Commands:")[1].split())
    assert "..." not in listing
    assert "(e.g." not in listing or "e.g. NWL2023, Collins) under a name." in listing


def test_summary_is_the_first_sentence() -> None:
    from puzzlesmith.cli import summary

    assert summary("Register a list (e.g. NWL2023) under a name. More here.") == (
        "Register a list (e.g. NWL2023) under a name.")
    assert summary("Line one\n  goes on. Second.\n\nNext paragraph.") == "Line one goes on."
    assert summary("No full stop") == "No full stop"
