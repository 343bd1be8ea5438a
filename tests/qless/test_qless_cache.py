"""The skeleton trie and the anagram table kept in the disk cache: same data, never stale."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from puzzlesmith.lexicon import Lexicon
from puzzlesmith.qless import anagrams
from puzzlesmith.qless.shapes import skeletons


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path))
    skeletons.trie.cache_clear()
    anagrams._tables.clear()
    yield tmp_path
    skeletons.trie.cache_clear()
    anagrams._tables.clear()


def walk(node: skeletons.Node) -> list[tuple[object, ...]]:
    """Every node's data, depth first, read through the public attributes."""
    out = []
    stack = [node]
    while stack:
        n = stack.pop()
        out.append((n.step, n.new_positions, n.first_id, n.skeletons, n.number, n.needs,
                    n.only_leaves, n.last_before_leaves, n.plain_endings, n.mirror_endings,
                    [(e.coords, e.mirror) for e in n.endings], list(n.children)))
        stack.extend(reversed(list(n.children.values())))
    return out


@pytest.mark.parametrize("n", [5, 9, 10])
def test_a_cached_trie_is_the_trie_built_from_the_skeletons(cache: Path, n: int) -> None:
    built = walk(skeletons.build_trie(skeletons.stored()[n]))
    first = skeletons.trie(n)  # builds it and writes the cache
    assert first is not None and walk(first) == built
    files = list(cache.glob(f"qless-trie-{n}-*.marshal"))
    assert len(files) == 1
    skeletons.trie.cache_clear()
    loaded = skeletons.trie(n)  # from the file
    assert loaded is not None and type(loaded) is not skeletons.Node
    assert walk(loaded) == built


def test_a_torn_cache_file_is_rebuilt(cache: Path) -> None:
    skeletons.trie(7)
    (path,) = cache.glob("qless-trie-7-*.marshal")
    path.write_bytes(path.read_bytes()[:100])
    skeletons.trie.cache_clear()
    root = skeletons.trie(7)
    assert root is not None and walk(root) == walk(skeletons.build_trie(skeletons.stored()[7]))
    assert len(path.read_bytes()) > 100  # written whole again
    assert not list(cache.glob("*.tmp"))


def test_the_trie_file_name_changes_with_the_code_it_was_built_by(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = skeletons._trie_path(8)
    monkeypatch.setattr(skeletons, "TRIE_FORMAT", skeletons.TRIE_FORMAT + 1)
    assert skeletons._trie_path(8) != before


def test_the_anagram_table_is_cached_by_content_hash(cache: Path) -> None:
    words = ("ant", "tan", "nat", "tanned", "dent", "den", "ten", "net", "zzz", "tent")
    lex = Lexicon("t", "t", "t", words)
    rack = "tanedn"
    expect = sorted((w for w in words if not Counter(w) - Counter(rack)),
                    key=lambda w: (-len(w), w))
    assert anagrams.roll_anagrams(rack, lex) == expect
    (path,) = cache.glob(f"qless-words-*-{lex.content_hash}.marshal")
    anagrams._tables.clear()
    assert anagrams.roll_anagrams(rack, lex) == expect  # loaded from the file
    other = Lexicon("t", "t", "t", (*words, "dean"))
    assert "dean" in anagrams.roll_anagrams(rack, other)  # other words, other file
    assert len(list(cache.glob("qless-words-*.marshal"))) == 2
    assert path.exists()


def test_qless_solve_starts_without_numpy() -> None:
    code = (
        "import sys\n"
        "from puzzlesmith.cli import qless\n"
        "from puzzlesmith.qless import anagrams, solve\n"
        "from puzzlesmith.qless.engines import dispatch\n"
        "assert 'numpy' not in sys.modules, 'numpy loaded'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_table_and_the_index_give_the_same_anagrams() -> None:
    from puzzlesmith.lexicon import LexiconSpec, narrowed
    from puzzlesmith.qless.dice import roll

    lex, index = narrowed(LexiconSpec())
    for letters in [roll(s) for s in range(40)] + ["gghjlmnoorstx", "abcdefghijklmnop"]:
        assert anagrams.roll_anagrams(letters, lex) == anagrams.roll_anagrams(letters, index)


def test_a_long_trie_not_in_the_cache_is_not_built_by_prepare_cached(cache: Path) -> None:
    from puzzlesmith.qless.engines.dispatch import prepare_cached
    from puzzlesmith.qless.shapes import cores

    cores._trie.cache_clear()
    assert not cores.long_trie_cached(13)
    assert prepare_cached(13) is False  # would take ~10 s to build; a request must not
    assert not list(cache.glob("qless-long-*"))
    assert prepare_cached(12) is True  # the stored 12-cell shapes are always at hand


def test_the_server_builds_missing_long_tries_in_the_background(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from puzzlesmith.qless.shapes import cores
    from puzzlesmith.web import app

    builder = app._start_long_trie_builder()
    assert builder is not None
    try:
        assert builder.poll() is None  # running, not failed at once
    finally:
        builder.terminate()
        builder.wait(timeout=10)
    monkeypatch.setattr(cores, "long_trie_cached", lambda n: True)
    assert app._start_long_trie_builder() is None
