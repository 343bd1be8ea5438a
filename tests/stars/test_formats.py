"""Text and puzz.link formats, both directions, and bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from puzzlesmith.errors import InputError
from puzzlesmith.stars.formats import load, parse_text, parse_url, to_text, to_url
from puzzlesmith.stars.model import StarPuzzle
from tests.stars.strategies import blob_maps, region_maps

MENSA = "000011\n023011\n223331\n211111\n244145\n224445\n"
MENSA_URL = "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk"


def test_issue_example_url_round_trips_exactly() -> None:
    puzzle = parse_text(MENSA)
    assert to_url(puzzle) == MENSA_URL
    assert parse_url(MENSA_URL) == puzzle
    assert to_url(parse_url(MENSA_URL)) == MENSA_URL
    assert to_text(parse_url(MENSA_URL)) == "stars=1\n" + MENSA


def test_pzv_form_and_trailing_slash() -> None:
    assert parse_url("http://pzv.jp/p.html?starbattle/6/6/1/2u9gn9c9jpmk/") == parse_text(MENSA)


def test_text_variants() -> None:
    spaced = "stars = 1  # header\n" + "\n".join(" ".join(line) for line in MENSA.split()) + "\n"
    assert parse_text(spaced) == parse_text(MENSA)
    assert parse_text("1\n" + MENSA.replace("0", "x")).regions == parse_text(MENSA).regions
    assert parse_text("# c\n\nstars=1\n" + MENSA).stars == 1
    assert parse_text(MENSA, stars=1) == parse_text(MENSA)
    wide = "\n".join(" ".join(f"r{c}" for c in line) for line in MENSA.split())
    assert parse_text(wide).regions == parse_text(MENSA).regions


@settings(max_examples=100, deadline=None)
@given(region_maps(sizes=(1, 3, 5, 8, 11)))
def test_url_and_text_round_trip(grid: list[list[int]]) -> None:
    puzzle = StarPuzzle.from_labels(grid, 1, check_stars=False)
    assert parse_text(to_text(puzzle)).regions == puzzle.regions
    if not puzzle.warnings:
        # Borders can only describe connected regions.
        assert parse_url(to_url(puzzle)).regions == puzzle.regions


@settings(max_examples=50, deadline=None)
@given(blob_maps(sizes=(5, 9, 12)))
def test_connected_maps_round_trip_through_urls(grid: list[list[int]]) -> None:
    puzzle = StarPuzzle.from_labels(grid, 1, check_stars=False)
    assert not puzzle.warnings
    url = to_url(puzzle)
    assert to_url(parse_url(url)) == url


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0011\n0011\n2233\n", "not square"),
        ("00112\n0011\n2233\n2233\n", "not square"),
        ("000\n000\n111\n", "needs 3 regions, found 2"),
        ("stars=2\n" + MENSA, "cannot fit"),
        ("stars=x\n" + MENSA, "stars line"),
        ("", "empty grid"),
    ],
)
def test_bad_text(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_text(text)


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpm",
        "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmkk",
        "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmz",
        "https://puzz.link/p?starbattle/6/x/1/2u9gn9c9jpmk",
        "https://puzz.link/p?nurikabe/6/6/1/2u9gn9c9jpmk",
        "https://puzz.link/p?starbattle/6/6",
        "https://example.com/p?starbattle/6/6/1/2u9gn9c9jpmk",
    ],
)
def test_bad_urls(url: str) -> None:
    with pytest.raises(InputError):
        load(url)


def test_disconnected_region_warns(tmp_path: Path) -> None:
    f = tmp_path / "p.txt"
    f.write_text(MENSA.replace("244145", "244140"))
    puzzle = load(str(f))
    assert puzzle.warnings and "not connected" in puzzle.warnings[0]


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        load(str(tmp_path / "missing.txt"))
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(InputError, match="cannot read"):
        load(str(bad))
