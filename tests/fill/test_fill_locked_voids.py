"""A locked .puz (scrambled answers, made locked by puzpy) is read for its blocks only and
said to be locked; an .ipuz null cell is a void, read as no white cell and written back as
null (checked with plain JSON reading). Rebus cells: test_fill_rebus.py."""

from __future__ import annotations

import json
from pathlib import Path

import puz
import pytest

from puzzlesmith.fill.formats import dump_grid, read_grid_bytes, read_grid_file
from puzzlesmith.fill.model import BLOCK
from tests.cli import run as run_cli


def _locked_puz(path: Path) -> None:
    p = puz.Puzzle()
    p.width = p.height = 3
    p.solution = "CAT" "O.A" "WED"
    p.fill = "---" "-.-" "---"
    p.clues = ["Pet", "Bovine", "A little", "Married"]
    p.lock_solution(1234)
    assert p.is_solution_locked() and p.solution != "CATO.AWED"
    p.save(str(path))


def test_a_locked_puz_is_read_for_its_blocks_and_said_locked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "locked.puz"
    _locked_puz(path)
    grid = read_grid_file(path)
    assert grid.locked and grid.rows == ("...", ".#.", "...")
    assert grid.clue_map["1 across"] == "Pet"
    code, out, err = run_cli(["fill", "check", "--file", str(path), "--lexicon", "letterpress"], capsys)
    assert code == 0 and "locked" in err


def test_an_unlocked_puz_keeps_its_letters(tmp_path: Path) -> None:
    p = puz.Puzzle()
    p.width = p.height = 3
    p.solution, p.fill = "CATO.AWED", "---" "-.-" "---"
    p.clues = ["Pet", "Bovine", "A little", "Married"]
    path = tmp_path / "open.puz"
    p.save(str(path))
    grid = read_grid_file(path)
    assert not grid.locked and grid.rows == ("cat", "o#a", "wed")


def test_ipuz_voids_are_read_as_voids_and_written_back_as_null() -> None:
    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
           "dimensions": {"width": 4, "height": 3}, "block": "#",
           "puzzle": [[None, 1, 2, 3], [4, 0, 0, 0], [5, 0, 0, None]],
           "solution": [[None, "C", "A", "T"], ["D", None, None, None], ["O", None, None, None]]}
    grid = read_grid_bytes(json.dumps(doc).encode(), "ipuz", allow_2=True)
    assert grid.voids == frozenset({0, 11})
    assert grid.rows[0][0] == BLOCK and grid.rows[2][3] == BLOCK
    written = json.loads(dump_grid(grid, "ipuz"))
    assert written["puzzle"][0][0] is None and written["puzzle"][2][3] is None
    assert written["solution"][0][0] is None and written["solution"][0][1] == "C"
    assert all(cell is not None for cell in written["puzzle"][1])
    again = read_grid_bytes(dump_grid(grid, "ipuz"), "ipuz", allow_2=True)
    assert again == grid
