"""Bounded disk: the cache stays under its cap whatever values requests ask for, and the
answers stay right (least recently used files go first)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from puzzlesmith.diskcache import keep_under_cap

CAP_MB = 12


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.iterdir() if p.is_file())


def test_least_recently_used_files_go_first(tmp_path: Path) -> None:
    for i in range(6):
        (tmp_path / f"f{i}").write_bytes(bytes(1000))
        os.utime(tmp_path / f"f{i}", ns=(i * 10**9, i * 10**9))
    os.utime(tmp_path / "f0", ns=(9 * 10**9, 9 * 10**9))  # f0 was read last
    keep_under_cap(tmp_path, cap=3500)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f0", "f4", "f5"]
    keep_under_cap(tmp_path, cap=10)
    assert [p.name for p in tmp_path.iterdir()] == ["f0"]  # the newest stays, even over


@pytest.mark.slow
def test_a_hundred_common_cuts_stay_under_the_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import puzzlesmith.lexicon as lexicon_pkg
    from puzzlesmith.lexicon import index as index_mod
    from puzzlesmith.web import tasks

    cache = tmp_path / "cache"
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(cache))
    monkeypatch.setenv("PUZZLESMITH_CACHE_MB", str(CAP_MB))
    tops = [500 + 37 * i for i in range(100)]
    first = {}
    for top in tops:
        first[top] = tasks.run_match("?????", common=True, common_top=top)["words"]
        assert _size(cache) <= CAP_MB * 1024 * 1024
    # Answers stay right: the same from scratch, in a fresh process's state and cache.
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path / "fresh"))
    for top in tops[::11]:
        monkeypatch.setattr(lexicon_pkg, "_narrowed", {})
        index_mod._get_index.cache_clear()
        again = tasks.run_match("?????", common=True, common_top=top)["words"]
        assert again == first[top]
        _, index = lexicon_pkg.lexicon_and_index()
        assert set(again) == {w for w in index.common_words(top) if len(w) == 5}
