"""Output whole or absent: --out atomic, unknown formats refused, a full disk or a closed
standard output one `error:` line and a non-zero exit, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.reliability.conftest import cli, one_error_line

GRID = ["fill", "grid", "#....", ".....", ".....", ".....", "....#"]


@pytest.mark.parametrize("args", [
    ["match", "a?p?e"], ["match", "a?p?e", "--json"], ["anagram", "listen"], ["--help"],
    ["lexicon", "list", "--json"],
])
def test_a_full_standard_output_is_one_error_line(args: list[str], env: dict[str, str]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "puzzlesmith", *args], env=env,
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert "No space left" in one_error_line(done)


def test_a_closed_standard_output_is_one_error_line(env: dict[str, str]) -> None:
    # The shell's `>&-`: the child starts without a file descriptor 1.
    done = subprocess.run(["/bin/sh", "-c", 'exec "$0" -m puzzlesmith match "a?p?e" >&-',
                           sys.executable], env=env, capture_output=True, text=True, timeout=60)
    assert "closed" in one_error_line(done)


def test_fill_out_refuses_a_format_it_cannot_write(env: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    line = one_error_line(cli([*GRID, "--out", str(out)], env))
    assert line == "error: cannot write .pdf: use .txt, .puz or .ipuz"
    assert not out.exists()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["x.txt", "x.puz", "x.ipuz", "x"])
def test_fill_out_on_a_full_disk_leaves_no_file(
    name: str, env: dict[str, str], tmp_path: Path
) -> None:
    # A folder of its own: tmp_path also holds the child's cache when none is given.
    folder = tmp_path / "out"
    folder.mkdir()
    out = folder / name
    done = cli([*GRID, "--out", str(out)], env, file_limit=20)
    assert "cannot write" in one_error_line(done)
    assert sorted(p.name for p in folder.iterdir()) == []  # neither it nor a temporary file
    whole = cli([*GRID, "--out", str(out)], env)
    assert whole.returncode == 0 and out.stat().st_size > 20


@pytest.mark.slow
def test_wordgrid_and_stars_outputs_are_whole_or_absent(
    env: dict[str, str], tmp_path: Path
) -> None:
    for args, out in (
        (["wordgrid", "create", "--word", "planet", "--seed", "1"], tmp_path / "p.txt"),
        (["stars", "convert", "https://puzz.link/p?starbattle/8/8/1/2041iicc7m8g1g1eb43vi960"],
         tmp_path / "s.txt"),
    ):
        flag = "--out" if args[0] == "wordgrid" else "--output"
        done = cli([*args, flag, str(out)], env, file_limit=10)
        assert "cannot write" in one_error_line(done)
        assert not out.exists()
        assert cli([*args, flag, str(out)], env).returncode == 0 and out.stat().st_size > 10

