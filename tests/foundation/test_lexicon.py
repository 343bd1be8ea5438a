"""Word files, the registry, the index cache and common words."""

from __future__ import annotations

import gzip
import os
import time
from array import array
from collections import Counter
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import (
    DEFAULT_COMMON_TOP,
    LexiconSpec,
    common_cut,
    get_index,
    load_lexicon,
    narrowed,
    register_file,
)
from puzzlesmith.lexicon.index import bits_to_index_array, bits_to_indices, cache_dir, proper_names
from puzzlesmith.lexicon.wordfile import parse_words
from puzzlesmith.search.pattern import match


def test_parse_words_normalizes_and_counts_skips() -> None:
    words, skipped = parse_words("Hello\n\n# comment\nworld  # trailing\nfoo-bar\nNaïve\nHELLO\nab\n")
    assert words == ("ab", "hello", "world")
    assert skipped == 2


_LOWER = "abcdefghijklmnopqrstuvwxyz"


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.text(_LOWER, min_size=1, max_size=8),
                          st.lists(st.text(_LOWER + "[],-() ", min_size=1, max_size=12)
                                   .filter(str.strip), min_size=0, max_size=4),
                          st.sampled_from([" ", "\t", "  "]), st.booleans()),
                min_size=1, max_size=30))
def test_lists_with_definitions_are_read_as_their_words(
    lines: list[tuple[str, list[str], str, bool]]
) -> None:
    # NWL2023/Collins text files: "WORD definition". When most lines carry more than the word,
    # each line's first word is its entry; otherwise lines of several words are phrases,
    # skipped. The oracle counts the lines by hand.
    text = "\n".join((w.upper() if up else w) + (sep + " ".join(d) if d else "")
                     for w, d, sep, up in lines)
    with_text = sum(1 for _, d, _, _ in lines if d)
    words, skipped = parse_words(text)
    if 2 * with_text > len(lines):
        assert (words, skipped) == (tuple(sorted({w for w, _, _, _ in lines})), 0)
    else:
        assert words == tuple(sorted({w for w, d, _, _ in lines if not d}))
        assert skipped == with_text


def test_nwl_and_collins_lines() -> None:
    nwl = "AA rough, cindery lava [n AAS]\nAAH to exclaim in amazement [v -ED, -ING, -S]\n"
    collins = "AA\t(Hawaiian) a volcanic rock [n -S]\nZZZ\tused to suggest sleep [interj]\n"
    assert parse_words(nwl) == (("aa", "aah"), 0)
    assert parse_words(collins) == (("aa", "zzz"), 0)
    assert parse_words("apple\nbanana\nfoo bar\n") == (("apple", "banana"), 1)


def test_bundled_lexicon() -> None:
    lex = load_lexicon()
    assert len(lex) >= 250_000
    assert {2, 3, 15, 16} <= set(lex.counts_by_length())
    assert lex.words == tuple(sorted(set(lex.words)))
    assert "MIT" in lex.license


def test_index_agrees_with_plain_scan() -> None:
    lex, index = narrowed(LexiconSpec())
    for length in (3, 9, 15):
        bucket = index.bucket(length)
        assert bucket is not None
        assert bucket.words == tuple(w for w in lex.words if len(w) == length)
        bits = bucket.position_letter[1][ord("q") - 97]
        assert bucket.words_of(bits) == [w for w in bucket.words if w[1] == "q"]
        i = len(bucket.words) // 2
        w = bucket.words[i]
        assert dict(Counter(w)) == {chr(97 + c): int(n) for c, n in enumerate(bucket.counts[i]) if n}
        assert int(bucket.masks[i]) == sum(1 << (ord(c) - 97) for c in set(w))


def _bit_sets() -> st.SearchStrategy[tuple[int, int]]:
    """(n, bits below n): sparse sets, dense ones, and runs of neighbours (a fixed first letter)."""
    def sets(n: int) -> st.SearchStrategy[int]:
        return st.one_of(
            st.sets(st.integers(0, n - 1), max_size=min(n, 80)).map(lambda s: sum(1 << i for i in s)),
            st.integers(0, (1 << n) - 1),
            st.tuples(st.integers(0, n - 1), st.integers(1, n), st.integers(0, (1 << n) - 1)).map(
                lambda t: ((1 << min(t[1], n - t[0])) - 1 << t[0]) & (t[2] | t[2] >> 1)),
        )
    return st.integers(1, 3000).flatmap(lambda n: st.tuples(st.just(n), sets(n)))


@pytest.mark.parametrize("route", ["python", "numpy"])
@settings(max_examples=300, deadline=None)
@given(case=_bit_sets())
def test_set_bits_read_back(route: str, case: tuple[int, int]) -> None:
    # Sparse and dense sets take different routes, and dense ones go through numpy only once
    # it is loaded or paid for: each route is checked. The oracle reads the binary digits.
    import numpy as np

    from puzzlesmith.lexicon import index as index_module

    n, bits = case
    digits = bin(bits)[2:][::-1]
    want = [i for i, d in enumerate(digits) if d == "1"]
    names = tuple(f"w{i}" for i in range(n))
    bucket = index_module.LengthBucket(2, names, (), array("I"), b"", array("i"))
    with mock.patch.object(index_module, "_numpy_paid_for",
                           return_value=np if route == "numpy" else None):
        assert bits_to_indices(bits, n) == want
        assert bucket.words_of(bits) == [names[i] for i in want]
    assert bits_to_index_array(bits, n).tolist() == want


@pytest.mark.parametrize("numpy_loaded", [True, False])
@settings(max_examples=200, deadline=None)
@given(case=_bit_sets(), length=st.integers(1, 12))
def test_answers_written_as_json(numpy_loaded: bool, case: tuple[int, int], length: int) -> None:
    # json_of writes dense answers from fixed-width bytes once numpy is loaded, and joins
    # the words otherwise: both must be json.dumps's text of the chosen words.
    import json
    import sys

    import numpy  # noqa: F401  (loaded: the bytes route is open to dense answers)

    from puzzlesmith.lexicon import index as index_module

    n, bits = case
    names = tuple(sorted({format(i, "b").translate(str.maketrans("01", "ab")).rjust(length, "z")
                          [-length:] for i in range(n)}))
    bits &= (1 << len(names)) - 1
    want = [w for i, w in enumerate(names) if bits >> i & 1]
    bucket = index_module.LengthBucket(length, names, (), array("I"), b"", array("i"))
    # dict() copies in one step; a comprehension over sys.modules itself fails when another
    # thread (a test server's) imports meanwhile.
    modules = dict(sys.modules)
    if not numpy_loaded:
        modules.pop("numpy", None)
    with mock.patch.dict(sys.modules, modules, clear=True), \
            mock.patch.object(index_module, "_numpy_paid_for", return_value=None):
        assert bucket.json_of(bits) == json.dumps(want, separators=(",", ":"))


def test_numpy_is_imported_once_it_has_paid_for_itself() -> None:
    """Dense answers are read without numpy until they have cost about its import."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from puzzlesmith.lexicon.index import bits_to_indices, _NUMPY_RENT\n"
        "n = 40_000\n"
        "assert len(bits_to_indices((1 << n) - 1, n)) == n\n"
        "print('numpy' in sys.modules)\n"
        "for _ in range(_NUMPY_RENT // n + 1):\n"
        "    assert len(bits_to_indices((1 << n) - 1, n)) == n\n"
        "print('numpy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]


def test_cache_invalidated_when_file_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "words.txt"
    path.write_text("apple\nample\n")
    assert match(get_index(load_lexicon(str(path))), "a?p?e").words == ("ample", "apple")
    assert any(cache_dir().iterdir())
    time.sleep(0.01)
    path.write_text("apple\nample\naspie\nangle\n")
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert match(get_index(load_lexicon(str(path))), "a?p?e").words == ("ample", "apple", "aspie")


def test_gzip_word_file(tmp_path: Path) -> None:
    path = tmp_path / "w.txt.gz"
    path.write_bytes(gzip.compress(b"Zebra\nyak\n"))
    assert load_lexicon(str(path)).words == ("yak", "zebra")


def test_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUZZLESMITH_CONFIG_DIR", str(tmp_path / "cfg"))
    path = tmp_path / "mine.txt"
    path.write_text("cat\ndog\n")
    register_file("mine", path)
    assert load_lexicon("mine").words == ("cat", "dog")
    with pytest.raises(InputError):
        register_file("bad name!", path)
    with pytest.raises(InputError):
        load_lexicon("nosuchlist")


@pytest.mark.parametrize("content", [b"", b"# only a comment\n", b"\xff\xfe\x00bad"])
def test_bad_word_files(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(InputError):
        load_lexicon(str(path))


def test_missing_word_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not found"):
        load_lexicon(str(tmp_path / "nope.txt"))


def test_common_words() -> None:
    _, index = narrowed(LexiconSpec())
    common = index.common_words()
    assert 15_000 < len(common) < 30_000
    assert {"the", "house", "apple"} <= common
    names = proper_names()
    assert "paris" in names and not common & names
    rank = index.rank_of
    assert rank["the"] < rank["house"] < rank.get("zymurgy", 10**9)
    small = index.common_words(1000)
    assert small < common
    lex_common, index_common = narrowed(LexiconSpec(common_top=1000))
    assert set(lex_common.words) == small and index_common.bucket(3) is not None


@pytest.mark.parametrize(("common", "top", "cut"), [
    (False, DEFAULT_COMMON_TOP, None),  # neither option: the whole list
    (True, DEFAULT_COMMON_TOP, DEFAULT_COMMON_TOP),
    (True, 5000, 5000),
    (False, 5000, 5000),  # a --common-top alone turns common mode on
])
def test_common_options_read_as_a_cut(common: bool, top: int, cut: int | None) -> None:
    assert common_cut(common, top) == cut


def test_a_known_file_is_not_parsed_until_its_words_are_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from puzzlesmith.lexicon import registry

    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path / "cache"))
    f = tmp_path / "w.txt"
    f.write_text("cat\nDog\n# note\nx-ray\n")
    first = registry.load_file(f)
    assert first.words == ("cat", "dog") and first.skipped == 1
    get_index(first)  # now on disk too
    registry._load_file_cached.cache_clear()
    parsed: list[Path] = []
    real = registry.parse_word_bytes

    def counting(raw: bytes, path: Path) -> tuple[tuple[str, ...], int]:
        parsed.append(path)
        return real(raw, path)

    monkeypatch.setattr(registry, "parse_word_bytes", counting)
    again = registry.load_file(f)
    assert again.content_hash == first.content_hash and again.skipped == 1 and not parsed
    assert get_index(again).bucket(3) is not None and not parsed
    assert again.words == ("cat", "dog") and parsed == [f]
    # Other bytes are another record: the edit is seen at once.
    registry._load_file_cached.cache_clear()
    f.write_text("cat\ndog\nemu\n")
    edited = registry.load_file(f)
    assert edited.words == ("cat", "dog", "emu") and edited.content_hash != first.content_hash


def test_shipped_ranks_are_wordfreqs() -> None:
    """The ranking the package ships equals wordfreq's own (the test extra installs it)."""
    wordfreq = pytest.importorskip("wordfreq")
    from puzzlesmith.lexicon.index import wordfreq_ranks

    expected: dict[str, int] = {}
    for i, w in enumerate(wordfreq.iter_wordlist("en"), start=1):
        if w.isascii() and w.isalpha() and w not in expected:
            expected[w] = i
    assert wordfreq_ranks() == expected


def test_common_narrowing_keeps_each_lists_own_scores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Same words, other scores: the narrowed lexicon of one must not be served for the other.
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path / "cache"))
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("house;10\nwater;20\n")
    second.write_text("house;70\nwater;80\n")
    common_a, _ = narrowed(LexiconSpec(str(first), 30_000))
    common_b, _ = narrowed(LexiconSpec(str(second), 30_000))
    assert common_a.words == common_b.words == ("house", "water")
    assert common_a.scores == (10, 20)
    assert common_b.scores == (70, 80)


def test_common_narrowing_from_the_disk_cache_is_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A later process reads the narrowed list from the cache: the same words, scores and
    # name as filtering afresh, even when the file was cut short (then it is made again).
    # (Only the default cut is kept on disk: test_disk_cap.)
    import puzzlesmith.lexicon.narrow as lexicon_pkg

    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path / "cache"))
    f = tmp_path / "s.txt"
    f.write_text("house;10\nwater;20\nzymurgy;30\nthe;40\n")
    for spec, top in ((str(f), 30_000), (None, 30_000)):
        monkeypatch.setattr(lexicon_pkg, "_narrowed", {})
        made, _ = narrowed(LexiconSpec(spec, top))
        expected = set(made.words)
        full, index = narrowed(LexiconSpec(spec))
        assert expected == index.common_words(top) & set(full.words)
        for damage in (None, "cut"):
            if damage:
                for path in (tmp_path / "cache").glob(f"common-*-{top}.txt"):
                    path.write_bytes(path.read_bytes()[:-20])
            monkeypatch.setattr(lexicon_pkg, "_narrowed", {})
            again, _ = narrowed(LexiconSpec(spec, top))
            assert (again.words, again.scores, again.name) == (made.words, made.scores, made.name)
    assert made.scores is None
    assert narrowed(LexiconSpec(str(f), 30_000))[0].scores == (10, 40, 20)  # house the water


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=0, max_size=9),
                 st.integers(0, 274_000)))
def test_index_membership_is_the_word_sets(probe: str | int) -> None:
    lex, index = narrowed(LexiconSpec())
    word = lex.words[probe % len(lex.words)] if isinstance(probe, int) else probe
    assert (word in index) == (word in lex.word_set)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 9).flatmap(lambda n: st.tuples(st.just(n), st.lists(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=n, max_size=n),
    min_size=1, max_size=300, unique=True))))
def test_small_buckets_are_built_as_numpy_builds_them(case: tuple[int, list[str]]) -> None:
    from puzzlesmith.lexicon import index as index_module

    length, words = case
    words.sort()
    ranks = {w: i for i, w in enumerate(words) if i % 3}
    plain = index_module.build_bucket(length, words, ranks)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(index_module, "_SMALL_BUCKET", 0)
        numpy_made = index_module.build_bucket(length, words, ranks)
    assert plain.position_letter == numpy_made.position_letter
    assert (plain.mask_data, plain.count_data, plain.rank_data) == (
        numpy_made.mask_data, numpy_made.count_data, numpy_made.rank_data)


@pytest.mark.parametrize("word", ["Apple", "ap-le", "caf\u00e9", "ab1"])
def test_index_words_are_a_to_z(word: str) -> None:
    from puzzlesmith.lexicon.index import build_bucket

    with pytest.raises(ValueError, match="a-z"):
        build_bucket(len(word), sorted(["about"[: len(word)], word]), {})


def test_each_options_object_gives_the_spec_of_its_fields() -> None:
    """The one place a command's list is told: each options object's `lexicon_spec()`, with
    the common cut read as everywhere (--common-top alone turns it on) and a fill's own list."""
    from puzzlesmith.fill.options import FillOptions
    from puzzlesmith.fill.scores import FILL_LEXICON
    from puzzlesmith.qless.options import QlessOptions
    from puzzlesmith.search.query import WordQuery
    from puzzlesmith.wordgrid.options import CreateOptions, SolveOptions

    top = DEFAULT_COMMON_TOP
    assert WordQuery().lexicon_spec() == LexiconSpec()
    assert WordQuery(lexicon="crossword", common=True, foreign=False, kind_of="bird",
                     means="prey").lexicon_spec() == LexiconSpec("crossword", top, False,
                                                                 "bird", "prey")
    assert WordQuery(means="hawk").lexicon_spec("fish").means == "fish"  # PATTERN:TEXT's own
    assert WordQuery(common_top=500).lexicon_spec() == LexiconSpec(common_top=500)
    assert FillOptions().lexicon_spec() == LexiconSpec(FILL_LEXICON)
    assert FillOptions(lexicon="letterpress", common=True).lexicon_spec() == LexiconSpec(
        "letterpress", top)
    assert SolveOptions(common=True, means="hawk", foreign=False).lexicon_spec() == LexiconSpec(
        None, top, False, None, "hawk")
    assert CreateOptions().lexicon_spec() == LexiconSpec(None, top, False)  # fair by default
    assert CreateOptions(common=False, foreign=True).lexicon_spec() == LexiconSpec()
    assert QlessOptions().lexicon_spec() == LexiconSpec()  # no common list unless asked
    assert QlessOptions(common=True).lexicon_spec() == LexiconSpec(common_top=top)
    assert QlessOptions().lexicon_spec(always_common=True) == LexiconSpec(common_top=top)


def test_a_spec_narrows_step_by_step() -> None:
    """`narrowed` of a spec with two narrowings is the first narrowing's list less what the
    second leaves out: the common words (their own cut, read from the index) without the
    flagged foreign words (read from the flag file), the order of the list kept."""
    from puzzlesmith.lexicon.foreign import foreign_words

    full, index = narrowed(LexiconSpec())
    common = index.common_words(30_000)
    flagged = foreign_words()
    both, both_index = narrowed(LexiconSpec(common_top=30_000, foreign=False))
    assert both.words == tuple(w for w in full.words if w in common and w not in flagged)
    assert both_index.word_set == frozenset(both.words) and both.words != full.words
