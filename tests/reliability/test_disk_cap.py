"""Bounded disk: the cache stays under its cap whatever values requests ask for, and the
answers stay right (least recently used files go first)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from puzzlesmith.files import keep_under_cap

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
def test_a_hundred_common_cuts_leave_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Requests may ask for any of a million common cuts: none of them leaves a file in the
    cache (only the default cut, --common's, is kept), and each answers right."""
    import puzzlesmith.lexicon as lexicon_pkg
    from puzzlesmith.lexicon.index import not_common
    from puzzlesmith.web import tasks

    cache = tmp_path / "cache"
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(cache))
    monkeypatch.setenv("PUZZLESMITH_CACHE_MB", str(CAP_MB))
    # The default cut and the whole list's own files, made once.
    tasks.run_match("?????", common=True)
    tasks.run_anagram("listen", common=True)
    tasks.run_qless_solve("catdogs", common=True)
    # (The files may already be in this process's memory from an earlier test, and then
    # none is written here: the folder need not exist.)
    def files() -> list[str]:
        return sorted(p.name for p in cache.iterdir()) if cache.exists() else []

    kept = files()
    _, index = lexicon_pkg.narrowed(lexicon_pkg.LexiconSpec())
    names = not_common()
    for i, top in enumerate(500 + 37 * i for i in range(100)):
        words = tasks.run_match("?????", common=True, common_top=top)["words"]
        # The oracle: wordfreq's rank of each five-letter word, the uncommon ones left out.
        assert set(words) == {w for w in index.buckets[5].words
                              if 0 < index.rank(w) <= top and w not in names}, top
        if i % 20 == 0:  # other users of a cut: anagrams, Q-Less tables, foreign words
            tasks.run_anagram("listen", common=True, common_top=top)
            tasks.run_qless_solve("catdogs", common=True, common_top=top)
            tasks.run_match("????", common=True, common_top=top, foreign=False)
        assert files() == kept, top
        assert not cache.exists() or _size(cache) <= CAP_MB * 1024 * 1024


def test_nothing_built_from_a_transient_lexicon_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its index, Q-Less word table and fill tables (one big enough to be kept otherwise) are
    built in memory only; the same lexicon not transient keeps each of them."""
    import random
    from itertools import product

    from puzzlesmith.fill.tables import word_table
    from puzzlesmith.lexicon import Lexicon, get_index
    from puzzlesmith.qless import anagrams

    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path))
    rng = random.Random(31)
    every = ["".join(p) for p in product("abcdefgh", repeat=5)]
    for transient in (True, False):
        words = tuple(sorted(rng.sample(every, 3000)))  # other words: nothing found in memory
        lexicon = Lexicon("test", "test", "test", words, transient=transient)
        index = get_index(lexicon)
        assert index.transient is transient
        assert len(anagrams.table(index).to_bytes()) > 0
        assert len(word_table(lexicon, index, 5).words) == len(words)
        kept = sorted(p.name.split("-")[0] for p in tmp_path.iterdir())
        assert kept == ([] if transient else ["fill", "index", "qless"]), transient


def test_prefer_lists_sent_to_the_server_leave_no_file_and_little_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each request's prefer list is a lexicon of its own (other scores): its fill tables are
    not kept on disk, and a worker keeps the scores and tables of a few lexicons only."""
    from itertools import product

    from puzzlesmith.fill import scores, tables
    from puzzlesmith.web import tasks

    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path / "cache"))
    for module, memo in ((tables, "_TABLES"), (tables, "_CODES"), (tables, "_RECENT"),
                         (scores, "_CACHE")):
        monkeypatch.setattr(module, memo, {}, raising=False)  # this test's own, empty
    words = tmp_path / "words.txt"
    every = ["".join(p) for p in product("abcdefgh", repeat=4)]  # 4,096: tables kept on disk
    words.write_text("\n".join(every) + "\n")
    grid = ["....", "....", "....", "...."]
    tasks.run_fill(grid, lexicon=str(words))  # the list's own tables, kept
    kept = sorted(p.name for p in (tmp_path / "cache").iterdir())
    assert any(name.startswith("fill-") for name in kept)
    for i in range(12):
        doc = tasks.run_fill(grid, lexicon=str(words), prefer=[every[97 * i]])
        entries = [*doc["grid"], *("".join(col) for col in zip(*doc["grid"], strict=True))]
        assert doc["status"] == "filled" and set(entries) <= set(every)
        assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == kept
    assert len({key[:2] for key in tables._TABLES}) <= scores.KEEP_LEXICONS
    assert len(tables._CODES) <= len(tables._TABLES)
    assert len(scores._CACHE) <= scores.KEEP_LEXICONS
