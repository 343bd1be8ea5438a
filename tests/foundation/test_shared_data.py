"""The shared puzzle data is found one way, by benchmarks.common, from any checkout: by
$PUZZLESMITH_SHARED_DATA, else by going up from the checkout to a `shared/data` folder (so a
worktree at /work/wt/NAME finds /work/shared/data without a link beside it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from benchmarks import common
from benchmarks.common import SHARED_DATA_VAR, shared_data, shared_data_folder, shared_data_missing

ROOT = Path(__file__).resolve().parents[2]


def test_the_variable_names_the_folder(tmp_path: Path) -> None:
    (tmp_path / "shared" / "data").mkdir(parents=True)  # found by going up, but the variable wins
    chosen = tmp_path / "elsewhere"
    assert shared_data_folder(tmp_path, {SHARED_DATA_VAR: str(chosen)}) == chosen


def test_the_folder_is_found_above_a_worktree(tmp_path: Path) -> None:
    data = tmp_path / "shared" / "data"
    data.mkdir(parents=True)
    worktree = tmp_path / "wt" / "name"
    worktree.mkdir(parents=True)
    assert shared_data_folder(worktree, {}) == data
    assert shared_data_folder(tmp_path / "wt", {SHARED_DATA_VAR: ""}) == data  # empty is unset


def test_no_folder_is_none(tmp_path: Path) -> None:
    if any((p / "shared" / "data").is_dir() for p in tmp_path.parents):
        pytest.skip(f"a shared/data folder exists above {tmp_path}")
    assert shared_data_folder(tmp_path, {}) is None


def test_a_file_of_the_data_and_why_it_is_absent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SHARED_DATA_VAR, str(tmp_path))
    path = shared_data("stars", "real_puzzles.jsonl")
    assert path == tmp_path / "stars" / "real_puzzles.jsonl"
    assert shared_data_missing(path) == f"{path} is absent (under {SHARED_DATA_VAR}={tmp_path})"


def test_without_a_folder_the_reason_says_how_to_give_one(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SHARED_DATA_VAR, raising=False)
    monkeypatch.setattr(common, "CHECKOUT", tmp_path)
    if any((p / "shared" / "data").is_dir() for p in tmp_path.parents):
        pytest.skip(f"a shared/data folder exists above {tmp_path}")
    reason = shared_data_missing(shared_data("crosswords", "real_grids.jsonl"))
    assert "no shared/data folder" in reason and SHARED_DATA_VAR in reason


def _own_paths(path: Path) -> list[str]:
    """Where a file spells the shared data's place itself (a "shared" path part, or a string
    holding shared/data), docstrings aside."""
    tree = ast.parse(path.read_text("utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [f"{path.relative_to(ROOT)}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings
            and (node.value == "shared" or "shared/data" in node.value)]


def test_every_benchmark_and_test_finds_the_data_through_the_one_helper() -> None:
    files = [p for folder in ("benchmarks", "tests", "scripts") for p in (ROOT / folder).rglob("*.py")
             if p not in (ROOT / "benchmarks" / "common.py", Path(__file__).resolve())]
    found = [where for path in files for where in _own_paths(path)]
    assert not found, "use benchmarks.common.shared_data instead: " + ", ".join(found)
