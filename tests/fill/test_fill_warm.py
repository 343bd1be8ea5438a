"""The fill tables built into the disk cache ahead of the first fill (the server's warmer)."""

from __future__ import annotations

import itertools
import pickle
from pathlib import Path

import pytest

from puzzlesmith.files import load_cache
from puzzlesmith.fill.tables import DISK_CACHE_MIN, table_path, warm_tables
from puzzlesmith.lexicon import Lexicon
from puzzlesmith.lexicon.index import build_index


def test_warm_tables_fills_the_disk_cache_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path))
    three = ["".join(p) for p in itertools.product("abcdefghijklm", repeat=3)]
    assert len(three) >= DISK_CACHE_MIN
    words = tuple(sorted(three + ["abcd", "bcde"]))
    lex = Lexicon("warm-test", str(tmp_path / "w.txt"), "test", words)
    index = build_index(lex)
    assert not table_path(lex, 3).exists()
    assert warm_tables(lex, index, range(3, 5)) == 2
    path = table_path(lex, 3)
    assert path.exists() and path.parent == tmp_path
    table = load_cache(path, pickle.loads)
    assert sorted(table.words) == three
    # small tables build faster than they load, so they are not kept on disk
    assert not table_path(lex, 4).exists()
    assert warm_tables(lex, index, range(3, 5)) == 1
