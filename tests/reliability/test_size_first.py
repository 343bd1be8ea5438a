"""Size before parse (issue 41, item 7): an input past a grid's size limits is refused by its
size, as soon as the limit is passed, never after the whole of it has been split and checked
(a 3.8 MB text grid of 1.9 M rows took 15 s to be refused). Each case asserts the size
message: the one that can only come before the rest of the input is read."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from puzzlesmith.errors import InputError
from puzzlesmith.fill.formats import read_grid_bytes
from puzzlesmith.stars.formats import parse_text as parse_stars
from puzzlesmith.wordgrid.formats import parse_puzzle
from tests.reliability.conftest import cli, one_error_line

ROWS = 1_900_000

CASES: list[tuple[str, Callable[[], object], str]] = [
    ("fill rows", lambda: read_grid_bytes(b".\n" * ROWS, "text"), "at most 25 rows"),
    ("fill rows on one line", lambda: read_grid_bytes(b"/".join([b"."] * ROWS), "text"),
     "at most 25 rows"),
    ("fill row", lambda: read_grid_bytes(b"." * 2 * ROWS, "text"), "a grid row is at most"),
    ("fill rebus row", lambda: read_grid_bytes(b"[ab]" * ROWS, "text"), "a grid row is at most"),
    ("stars rows", lambda: parse_stars("ab\n" * ROWS), "this one has more rows"),
    ("stars row", lambda: parse_stars("a" * 2 * ROWS), "this one has a longer row"),
    ("wordgrid rows", lambda: parse_puzzle("?a\n" * ROWS), "this one is larger"),
    ("wordgrid row", lambda: parse_puzzle("?" * 2 * ROWS), "this one is larger"),
]


@pytest.mark.parametrize(("name", "parse", "message"), CASES, ids=[c[0] for c in CASES])
def test_an_oversize_grid_is_refused_by_its_size(
    name: str, parse: Callable[[], object], message: str
) -> None:
    with pytest.raises(InputError, match=message):
        parse()


def test_the_cli_refuses_an_oversize_grid_file_by_its_size(
    env: dict[str, str], tmp_path: Path
) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b".\n" * ROWS)
    line = one_error_line(cli(["fill", "--file", str(big)], env))
    assert "at most 25 rows" in line
