"""search_roll(): statuses, common-words mode and its fallback, seeds, limits, long rolls."""

from __future__ import annotations

import pytest

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import Lexicon, LexiconIndex, LexiconSpec, narrowed
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.limits import Deadline
from puzzlesmith.qless.board import is_solution
from puzzlesmith.qless.dice import roll
from puzzlesmith.qless.solve import search_roll


def index_of(*words: str) -> LexiconIndex:
    return build_index(Lexicon("small", "test", "test", tuple(sorted(set(words)))))


ALL_WORDS = {"care", "race", "acre", "tea", "eat", "ate", "cat", "act", "arc", "car"}
ALL = index_of(*ALL_WORDS)


def test_common_words_first() -> None:
    common = index_of("care", "tea")
    r = search_roll("careta", ALL, deadline=Deadline(10), common_index=common)
    assert r.status == "solved" and r.common_only and not r.fell_back
    assert set(r.words) <= {"care", "tea"}


def test_common_words_fall_back_to_all_words() -> None:
    common = index_of("care", "race")  # no word with the t
    r = search_roll("careta", ALL, deadline=Deadline(10), common_index=common)
    assert r.status == "solved" and r.fell_back and not r.common_only
    assert is_solution(r.board, "careta", ALL_WORDS)
    assert not set(r.words) <= {"care", "race"}
    assert r.to_json()["fell_back"] is True


def test_unsolvable_with_both_lists() -> None:
    r = search_roll("carezz", ALL, deadline=Deadline(10), common_index=index_of("care"))
    assert r.status == "unsolvable" and r.fell_back and r.board is None


def test_timeout_status() -> None:
    _, index = narrowed(LexiconSpec())
    r = search_roll(roll(0), index, deadline=Deadline(1e-9))
    assert r.status == "timeout" and r.board is None


def test_other_seeds_show_other_solutions() -> None:
    _, index = narrowed(LexiconSpec())
    letters = roll(3)
    boards = {tuple(search_roll(letters, index, deadline=Deadline(10), seed=s).board.rows())
              for s in range(6)}
    assert len(boards) >= 2


def test_count_and_cap() -> None:
    full = search_roll("careta", ALL, deadline=Deadline(10), count=True)
    assert full.count_complete and full.solutions is not None and full.solutions >= 2
    capped = search_roll("careta", ALL, deadline=Deadline(10), count=True, max_solutions=1)
    assert capped.solutions == 1 and not capped.count_complete and not capped.count_timed_out


def test_long_rolls_are_solved_past_the_stored_skeletons() -> None:
    _, index = narrowed(LexiconSpec())
    letters = roll(5) + "ear"  # 15 letters: cores and hung words
    r = search_roll(letters, index, deadline=Deadline(20))
    assert r.status == "solved"
    assert is_solution(r.board, letters, set(r.anagrams))


def test_real_rolls_give_valid_boards() -> None:
    _, index = narrowed(LexiconSpec())
    for seed in range(10):
        letters = roll(seed)
        r = search_roll(letters, index, deadline=Deadline(10))
        assert r.status in {"solved", "unsolvable"}
        if r.board is not None:
            assert is_solution(r.board, letters, set(r.anagrams))
        doc = r.to_json()
        assert doc["anagram_count"] == len(r.anagrams) and doc["lexicon"] == index.name


@pytest.mark.parametrize("bad", ["ab", "a" * 17, "abc!", "", "   "])
def test_bad_letters(bad: str) -> None:
    with pytest.raises(InputError):
        search_roll(bad, ALL, deadline=Deadline(1))


def test_a_count_reports_its_progress_as_it_goes() -> None:
    """The progress hook sees a rising count that ends at the exact total."""
    lex = narrowed(LexiconSpec())[0]
    seen: list[int] = []
    result = search_roll("plantersa", lex, deadline=Deadline(60), count=True, on_progress=seen.append)
    assert result.count_complete and result.solutions is not None
    assert len(seen) >= 3 and seen == sorted(seen)
    assert 0 < seen[0] < result.solutions and seen[-1] == result.solutions
    seen.clear()
    search_roll("plantersa", lex, deadline=Deadline(60))  # no count, no progress
    assert seen == []
