"""Anagrams against a Counter-scan oracle."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.lexicon.model import Lexicon
from puzzlesmith.search.anagram import anagrams, buildable_words
from puzzlesmith.search.letters import parse_rack
from tests.foundation.oracles import oracle_anagrams, oracle_multiword

ALPHA = "abcdeo"
words_st = st.lists(st.text(alphabet=ALPHA, min_size=1, max_size=6), min_size=1, max_size=80)


def _index(words: list[str]):  # type: ignore[no-untyped-def]
    return build_index(Lexicon("t", "t", "t", tuple(sorted(set(words)))))


@settings(max_examples=300, deadline=None)
@given(words=words_st, letters=st.text(alphabet=ALPHA + "?", min_size=1, max_size=8),
       min_length=st.integers(1, 4))
def test_buildable_words_match_oracle(words: list[str], letters: str, min_length: int) -> None:
    got = buildable_words(_index(words), parse_rack(letters), min_length)
    assert sorted(got) == oracle_anagrams(sorted(set(words)), letters, min_length)


@settings(max_examples=150, deadline=None)
@given(words=words_st, letters=st.text(alphabet=ALPHA, min_size=2, max_size=8),
       n=st.integers(2, 3))
def test_multiword_matches_oracle(words: list[str], letters: str, n: int) -> None:
    result = anagrams(_index(words), parse_rack(letters), min_length=1, n_words=n)
    got = {tuple(sorted(g.split())) for g in result.full}
    assert got == oracle_multiword(sorted(set(words)), letters, n, 1)
    assert len(got) == len(result.full)  # each group listed once


def test_full_anagrams_bundled() -> None:
    index = narrowed(LexiconSpec())[1]
    result = anagrams(index, parse_rack("listen"))
    assert set(result.full) >= {"silent", "enlist", "tinsel", "listen"}
    assert "lint" in result.words and "list" in result.words
    doc = result.to_json()
    assert doc["count"] == len(doc["words"]) and set(doc["full"]) <= set(doc["words"])
    pairs = anagrams(index, parse_rack("dormitory"), n_words=2).full
    assert "dirty room" in pairs
