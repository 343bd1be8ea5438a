"""The engine's fills, recorded: the same grids, lists and seeds give the same fills, node for
node, as when the record was made.

This guards refactors (moving the engine between modules must not change one search node).
A change that alters the search on purpose (another word order, a new tie-break) rewrites
the record, in its own commit, with `PUZZLESMITH_RECORD_FILLS=1 pytest tests/fill/test_fill_record.py`.

The grids: generated ones (made here from a seeded random generator, with small lists that make
the search restart, learn nogoods, try cores and prove grids impossible), and the block patterns
of the real crosswords in the shared data's crosswords/ when that folder is present (recorded by
name and digest only: other people's grids are never copied into the repository).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from benchmarks.common import shared_data, shared_data_missing
from puzzlesmith.errors import InputError
from puzzlesmith.fill.engine import check, fill, fill_region
from puzzlesmith.fill.model import Grid, parse_grid
from puzzlesmith.lexicon import Lexicon, LexiconSpec, common_cut, narrowed
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.limits import Deadline

RECORD = Path(__file__).with_name("fill_record.json")
REAL = shared_data("crosswords", "real_grids.jsonl")
REWRITE = os.environ.get("PUZZLESMITH_RECORD_FILLS") == "1"

SMALL_GRIDS = {
    "5x5 open": ".....|.....|.....|.....|.....",
    "7x7": "...#...|.......|.......|##...##|.......|.......|...#...",
    "9x9": "...#.....|...#.....|...#.....|.......##|....#....|##.......|.....#...|.....#...|.....#...",
    "11x11": ("...#...#...|.......#...|...........|###.....###|......#....|...#...#...|"
              "....#......|###.....###|...........|...#.......|...#...#..."),
}


def _random_case(seed: int) -> tuple[list[str], list[str], list[int]]:
    """A small grid (some blocks, a few letters) and a list over a few letters, with scores."""
    rng = random.Random(seed)
    while True:  # until every white cell is in an entry
        h, w = rng.randint(3, 5), rng.randint(3, 5)
        cells = ["#" if rng.random() < 0.15 else "." for _ in range(h * w)]
        for i, ch in enumerate(cells):
            if ch == "." and rng.random() < 0.08:
                cells[i] = rng.choice("abc")
        rows = ["".join(cells[r * w:(r + 1) * w]) for r in range(h)]
        try:
            parse_grid(rows, allow_2=True)
            break
        except InputError:
            continue
    letters = rng.choice(["abc", "abcd", "abcde"])
    pool = ["".join(p) for n in range(2, 6) for p in itertools.product(letters, repeat=n)]
    words = sorted(set(rng.sample(pool, min(len(pool), rng.randint(20, 120)))))
    return rows, words, [rng.randint(0, 60) for _ in words]


def _small_lexicon(words: list[str], scores: list[int]) -> tuple[Lexicon, Any]:
    lex = Lexicon("t", "test", "test", tuple(words), scores=tuple(scores))
    return lex, build_index(lex)


def _digest(doc: Any) -> str:
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:20]


def _fill_doc(grid: Grid, lex: Lexicon, index: Any, **kw: Any) -> dict[str, Any]:
    r = fill(grid, lex, index, deadline=Deadline(120), **kw)
    doc = r.to_json()
    # The search's outcome only: not its times, nor the words that explain it (a note may be
    # reworded without one node changing).
    kept = {k: doc[k] for k in ("grid", "status", "entries", "min_score", "mean_score", "nodes",
                                "first_fill_nodes", "fills_found", "optimal_min_score", "regions",
                                "count", "complete", "core") if k in doc}
    kept["progress"] = [(p["min_score"], p["mean_score"]) for p in doc.get("progress", [])]
    return kept


def _cases() -> dict[str, Any]:
    """name -> a function computing the recorded document (built lazily, per case)."""
    out: dict[str, Any] = {}
    for seed in range(40):
        def gen(seed: int = seed) -> Any:
            rows, words, scores = _random_case(seed)
            lex, index = _small_lexicon(words, scores)
            grid = parse_grid(rows, allow_2=True)
            docs = [_fill_doc(grid, lex, index, seed=s, allow_repeats=rep)
                    for s, rep in ((0, False), (3, False), (1, True))]
            docs.append(_fill_doc(grid, lex, index, count=True))
            docs.append(check(grid, lex, index).to_json() | {"seconds": 0})
            box = (0, 0, grid.height // 2, grid.width - 1)
            docs.append(fill_region(grid, lex, index, box).to_json() | {"seconds": 0})
            return docs
        out[f"generated {seed}"] = gen
    for name, text in SMALL_GRIDS.items():
        for common in (True, False):
            def small(text: str = text, common: bool = common) -> Any:
                lex, index = narrowed(LexiconSpec(common_top=common_cut(common)))
                grid = parse_grid(text.split("|"))
                return [_fill_doc(grid, lex, index, seed=s) for s in (0, 1)]
            out[f"{name} {'common' if common else 'whole'}"] = small
    if REAL.exists():
        for line in REAL.read_text("utf-8").splitlines():
            d = json.loads(line)
            if d["width"] > 15:
                continue

            def real(blocks: list[str] = d["blocks"]) -> Any:
                lex, index = narrowed(LexiconSpec())
                grid = parse_grid(blocks)
                return [_fill_doc(grid, lex, index, improve=150),
                        check(grid, lex, index).to_json() | {"seconds": 0}]
            out[f"real {d['name']}"] = real
    return out


CASES = _cases()


def _recorded() -> dict[str, str]:
    try:
        return dict(json.loads(RECORD.read_text("utf-8")))
    except FileNotFoundError:
        return {}


@pytest.fixture(scope="module")
def recorded() -> Any:
    record = _recorded()
    yield record
    if REWRITE:
        RECORD.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", "utf-8")


@pytest.mark.parametrize("name", sorted(CASES))
def test_fills_are_as_recorded(name: str, recorded: dict[str, str]) -> None:
    digest = _digest(CASES[name]())
    if REWRITE:
        recorded[name] = digest
        return
    if name not in recorded:
        pytest.skip(f"{name}: not in the record (made without the shared data?)")
    assert digest == recorded[name], f"{name}: the fill, its nodes or its scores changed"


def test_the_real_grids_are_among_the_cases() -> None:
    # Without the data its grids are no cases at all, so nothing above would say so.
    if not REAL.exists():
        pytest.skip(f"no real crosswords, so no real grids recorded: {shared_data_missing(REAL)}")
    assert any(name.startswith("real ") for name in CASES)


def test_the_record_covers_the_generated_grids() -> None:
    # A record that lost its cases would let every test above skip.
    if REWRITE:
        pytest.skip("rewriting the record")
    record = _recorded()
    assert all(name in record for name in CASES if not name.startswith("real "))
