"""Caches checked before use: flipped bits in any cache file cost a rebuild, never a wrong
answer or a traceback, and the damaged file is replaced by a whole one."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlesmith.files import (
    CacheDamaged,
    Sections,
    load_cache,
    seal,
    unseal,
    write_cache,
    write_sections,
)
from tests.reliability.conftest import cli

# (what, the cache files it names, a command that reads them)
KINDS = [
    ("lexicon index and buckets", "index-*.bin", ["match", "*", "--json"]),
    ("word records", "lexicon-*.json", ["match", "?????", "--json"]),
    ("common list", "common-*.txt", ["match", "a????", "--common", "--json"]),
    ("meaning list", "meaning-*.txt", ["match", "a????:fruit", "--json"]),
    ("definitions", "wordnet-definitions-*.bin", ["match", "?????", "--means", "small bird",
                                                  "--json"]),
    ("Q-Less shape trie", "qless-trie-*", ["qless", "solve", "catdogs", "--json"]),
    ("Q-Less word table", "qless-words-*", ["qless", "solve", "catdogs", "--json"]),
    ("fill table", "fill-*.pickle", ["fill", "grid", "#....", ".....", ".....", ".....", "....#",
                                     "--json"]),
]
TIMING = {"seconds", "elapsed", "elapsed_ms", "time", "ms"}


def _answer(stdout: str) -> Any:
    """The command's JSON answer without its timings."""
    def strip(doc: Any) -> Any:
        if isinstance(doc, dict):
            return {k: strip(v) for k, v in doc.items()
                    if k not in TIMING and not k.endswith(("_seconds", "_ms"))}
        if isinstance(doc, list):
            return [strip(v) for v in doc]
        return doc

    return strip(json.loads(stdout))


@pytest.fixture(scope="module")
def word_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A list small enough that a flipped bit anywhere in its index lands in a part the
    commands read, with enough 5-letter words for a fill table on disk."""
    from puzzlesmith.lexicon import load_lexicon

    words = [w for i, w in enumerate(load_lexicon().words) if len(w) == 5 or i % 40 == 0]
    path = tmp_path_factory.mktemp("words") / "small.txt"
    path.write_text("\n".join(words) + "\n", "utf-8")
    return path


def _flip(path: Path, rng: random.Random, bits: int) -> None:
    data = bytearray(path.read_bytes())
    for _ in range(bits):
        at = rng.randrange(len(data) * 8)
        data[at // 8] ^= 1 << (at % 8)
    path.write_bytes(bytes(data))


def _whole(path: Path) -> bool:
    try:
        if path.name.startswith("index-"):
            sections = Sections(path)
            for i in range(len(sections)):
                sections[i]
        else:
            unseal(path.read_bytes())
    except CacheDamaged:
        return False
    return True


@pytest.mark.slow
@pytest.mark.parametrize(("what", "pattern", "args"), KINDS, ids=[k[0] for k in KINDS])
def test_flipped_bits_cost_a_rebuild_not_a_wrong_answer(
    what: str, pattern: str, args: list[str], env: dict[str, str], tmp_path: Path,
    word_file: Path,
) -> None:
    cache = tmp_path / "cache"
    env["PUZZLESMITH_CACHE_DIR"] = str(cache)
    argv = [*args, "--lexicon", str(word_file)]
    first = cli(argv, env)
    assert first.returncode == 0, first.stderr
    expected = _answer(first.stdout)
    rng = random.Random(what)
    for round_ in range(3):
        files = sorted(cache.glob(pattern))
        assert files, f"{what}: no cache file {pattern} after {argv}"
        for path in files:
            _flip(path, rng, bits=1 + round_)
        if what == "definitions":  # else the meaning list kept answers without them
            for path in cache.glob("meaning-*"):
                path.unlink()
        again = cli(argv, env)
        assert "Traceback" not in again.stderr, again.stderr
        assert again.returncode == 0, again.stderr
        assert _answer(again.stdout) == expected, f"{what}: round {round_}"
        # A damaged index bucket is rebuilt in memory and its file removed: the next run
        # writes a whole one.
        assert cli(argv, env).returncode == 0
        assert all(_whole(p) for p in cache.glob(pattern)), f"{what}: not rewritten whole"


@given(st.binary(min_size=0, max_size=300), st.data())
def test_seal_finds_every_flipped_bit(payload: bytes, data: st.DataObject) -> None:
    sealed = seal(payload)
    assert unseal(sealed) == payload
    at = data.draw(st.integers(0, len(sealed) * 8 - 1))
    damaged = bytearray(sealed)
    damaged[at // 8] ^= 1 << (at % 8)
    with pytest.raises(CacheDamaged):
        unseal(bytes(damaged))


@given(st.lists(st.binary(max_size=200), min_size=1, max_size=5), st.data())
def test_sections_find_every_flipped_bit(parts: list[bytes], data: st.DataObject) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.bin"
        write_sections(path, parts)
        sections = Sections(path)
        assert [sections[i] for i in range(len(sections))] == parts
        del sections
        raw = bytearray(path.read_bytes())
        at = data.draw(st.integers(0, len(raw) * 8 - 1))
        raw[at // 8] ^= 1 << (at % 8)
        path.write_bytes(bytes(raw))
        with pytest.raises(CacheDamaged):
            damaged = Sections(path)
            for i in range(len(damaged)):
                damaged[i]


def test_a_sealed_file_that_does_not_decode_is_dropped(tmp_path: Path) -> None:
    """A whole file of an older layout: any error of the decoder counts as damage."""
    path = tmp_path / "old.pickle"
    write_cache(path, pickle.dumps(("a", "tuple", "not", "a", "table")) + b"junk")
    for payload in (b"\x80\x05garbage", pickle.dumps(object)[:-3]):
        write_cache(path, payload)
        assert load_cache(path, pickle.loads) is None
        assert not path.exists()
    write_cache(path, b"\xff")
    assert load_cache(path, lambda raw: raw.decode("utf-8")) is None
