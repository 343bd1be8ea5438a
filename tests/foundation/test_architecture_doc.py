"""docs/architecture.md names every module of src/puzzlesmith, each under its package's
heading with a line saying what it holds, and names no module that is gone.

The page is a newcomer's map: a module it leaves out is one they will not find, and one it
names after a move sends them to a file that is not there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "puzzlesmith"
DOC = ROOT / "docs" / "architecture.md"

HEADING = re.compile(r"^### `([^`]+)`\s*$")  # "### `puzzlesmith`" or "### `qless/engines/`"
ROW = re.compile(r"^\| `([^`]+\.py)` \| (.*) \|\s*$")  # "| `file.py` | what it holds |"


def _modules() -> set[str]:
    """Every module of the package, as its path from src/ ("puzzlesmith/qless/board.py")."""
    return {p.relative_to(PACKAGE.parent).as_posix() for p in PACKAGE.rglob("*.py")}


def _documented() -> dict[str, str]:
    """The modules the page's tables name, as paths from src/, with what each row says."""
    named: dict[str, str] = {}
    folder: str | None = None
    for line in DOC.read_text("utf-8").splitlines():
        if heading := HEADING.match(line):
            name = heading.group(1)
            folder = "puzzlesmith/" if name == "puzzlesmith" else f"puzzlesmith/{name}"
        elif (row := ROW.match(line)) and folder is not None:
            named[folder + row.group(1)] = row.group(2).strip()
    return named


def test_every_module_is_on_the_map() -> None:
    missing = sorted(_modules() - _documented().keys())
    assert not missing, "docs/architecture.md does not name: " + ", ".join(f"src/{m}" for m in missing)


def test_the_map_names_no_module_that_is_gone() -> None:
    gone = sorted(_documented().keys() - _modules())
    assert not gone, "docs/architecture.md names modules that do not exist: " + ", ".join(
        f"src/{m}" for m in gone)


def test_every_row_says_what_its_module_holds() -> None:
    blank = sorted(m for m, what in _documented().items() if not what)
    assert not blank, "docs/architecture.md gives no description for: " + ", ".join(
        f"src/{m}" for m in blank)
