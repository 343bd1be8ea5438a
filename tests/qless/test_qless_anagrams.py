"""A roll's anagrams against a plain letter-count check."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.lexicon import Lexicon
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.qless.anagrams import roll_anagrams

WORDS = st.lists(st.text("abcdeqz", min_size=1, max_size=9), min_size=1, max_size=60)


@settings(max_examples=40, deadline=None)
@given(WORDS, st.text("abcdeqz", min_size=3, max_size=12))
def test_roll_anagrams_are_exactly_the_buildable_words(words: list[str], letters: str) -> None:
    index = build_index(Lexicon("t", "t", "t", tuple(sorted(set(words)))))
    have = Counter(letters)
    expected = sorted(
        {w for w in words if len(w) >= 3 and not Counter(w) - have}, key=lambda w: (-len(w), w)
    )
    assert roll_anagrams(letters, index) == expected
