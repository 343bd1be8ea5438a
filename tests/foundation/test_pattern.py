"""Pattern search against a recursive-matcher oracle, on generated and hand-written cases."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.lexicon.model import Lexicon
from puzzlesmith.search.pattern import match, parse_length, parse_pattern, plain_match_json
from tests.foundation.oracles import oracle_match

ALPHA = "abcde"
words_st = st.lists(st.text(alphabet=ALPHA, min_size=1, max_size=7), min_size=1, max_size=60)
token_st = st.one_of(
    st.sampled_from(list(ALPHA) + ["?", ".", "_", "@", "#", "*", "1", "2", "3"]),
    st.builds(lambda s, neg: "[" + ("^" if neg else "") + "".join(sorted(s)) + "]",
              st.sets(st.sampled_from(ALPHA), min_size=1, max_size=3), st.booleans()),
    st.just("[a-c]"), st.just("[!b-d]"),
)
pattern_st = st.lists(token_st, min_size=1, max_size=7).map("".join).filter(
    lambda p: p.strip("*") != ""
)


def _index(words: list[str]):  # type: ignore[no-untyped-def]
    return build_index(Lexicon("t", "t", "t", tuple(sorted(set(words)))))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=words_st, pattern=pattern_st)
def test_pattern_matches_oracle(words: list[str], pattern: str) -> None:
    index = _index(words)
    assert list(match(index, pattern).words) == oracle_match(sorted(set(words)), pattern)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=words_st, pattern=pattern_st)
def test_plain_json_is_the_oracles_document(words: list[str], pattern: str) -> None:
    # `match --from --json` writes plain queries' documents straight from the bitset; other
    # queries are not its to answer (None).
    import json

    index = _index(words)
    text = plain_match_json(index, pattern)
    if not all(c in ALPHA + "?._" for c in pattern):
        assert text is None
        return
    want = oracle_match(sorted(set(words)), pattern)
    assert text == json.dumps({"query": pattern, "count": len(want), "words": want,
                               "truncated": False, "lexicon": "t"}, separators=(",", ":"))


@settings(max_examples=150, deadline=None)
@given(words=words_st, pattern=pattern_st,
       letters=st.text(alphabet=ALPHA + "?", min_size=1, max_size=6))
def test_anagram_constraint_matches_oracle(words: list[str], pattern: str, letters: str) -> None:
    index = _index(words)
    query = f"{pattern}/{letters}"
    assert list(match(index, query).words) == oracle_match(sorted(set(words)), query)


@settings(max_examples=100, deadline=None)
@given(words=words_st, contains=st.text(alphabet=ALPHA, max_size=2),
       excludes=st.text(alphabet=ALPHA, max_size=2))
def test_contains_excludes(words: list[str], contains: str, excludes: str) -> None:
    index = _index(words)
    got = match(index, "*", contains=contains, excludes=excludes).words
    want = [
        w for w in sorted(set(words))
        if all(w.count(c) >= contains.count(c) for c in contains) and not set(w) & set(excludes)
    ]
    assert list(got) == want


@pytest.fixture(scope="module")
def bundled():  # type: ignore[no-untyped-def]
    return narrowed(LexiconSpec())[1]


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("a?p?e", ["ample", "apple"]),
        ("/listen", ["elints", "enlist", "inlets", "intels", "listen", "silent", "tinsel"]),
        ("?yzzy?", []),
    ],
)
def test_hand_written(bundled, pattern: str, expected: list[str]) -> None:  # type: ignore[no-untyped-def]
    assert list(match(bundled, pattern).words) == expected


def test_digits_and_sort(bundled) -> None:  # type: ignore[no-untyped-def]
    words = match(bundled, "1231").words
    assert "that" in words and "eyre" in words and "toot" not in words and "anna" not in words
    assert all(w[0] == w[3] and len({w[0], w[1], w[2]}) == 3 for w in words)
    by_freq = match(bundled, "*ing", sort="freq", limit=3)
    assert by_freq.words[0] == "being" and by_freq.count > 1000 and len(by_freq.words) == 3


def test_length_range(bundled) -> None:  # type: ignore[no-untyped-def]
    words = match(bundled, "c*t", length=parse_length("4-5")).words
    assert words and all(4 <= len(w) <= 5 and w[0] == "c" and w[-1] == "t" for w in words)


@pytest.mark.parametrize("bad", ["", "a[bc", "ab]", "a%b", "[]", "[z-a]", "x/a1", "*" + "a" * 80])
def test_malformed_patterns(bad: str) -> None:
    with pytest.raises(InputError):
        parse_pattern(bad)


@pytest.mark.parametrize("bad", ["x", "3-1", "0", "a-b"])
def test_bad_length(bad: str) -> None:
    with pytest.raises(InputError):
        parse_length(bad)
