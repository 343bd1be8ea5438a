"""`define` beside a word search's answers (`WordQuery.define`): each word's first definition,
within the search's time limit."""

from __future__ import annotations

import pytest

from puzzlesmith.limits import SearchTimeout, WorkLimit
from puzzlesmith.search.query import DEFINED_AT_ONCE, WordQuery


def test_definitions_follow_the_answers_and_only_when_asked() -> None:
    plain = WordQuery().match("a?p?e").to_json()
    doc = WordQuery(define=True).match("a?p?e").to_json()
    assert "definitions" not in plain and doc == {**plain, "definitions": doc["definitions"]}
    # Read by hand in WordNet 3.1: the first sense of each.
    assert doc["definitions"] == {
        "ample": "more than enough in size or scope or capacity",
        "apple": "fruit with red or yellow or green skin and sweet to tart crisp whitish flesh"}
    found = WordQuery(define=True, min_length=6).anagram("listen").to_json()["definitions"]
    assert found["silent"] == "marked by absence of sound" and found["elints"] is None


def test_definitions_stop_at_the_time_limit() -> None:
    # A limit counted in looks at the clock (WorkLimit), so the cut falls at the same place
    # on any machine: one look before each DEFINED_AT_ONCE words.
    query = WordQuery(define=True)
    result = WordQuery().match("?????")
    looks = -(-len(result.words) // DEFINED_AT_ONCE)
    assert looks >= 3
    done = query._defined(result, WorkLimit(600.0, checks=looks))
    assert list(done.extra["definitions"]) == list(result.words)
    with pytest.raises(SearchTimeout, match="definitions took longer"):
        query._defined(result, WorkLimit(600.0, checks=looks - 1))
