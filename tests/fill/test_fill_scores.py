"""Word scores: constructors' `word;score` lists keep theirs, other lists are scored by frequency."""

from __future__ import annotations

from puzzlesmith.fill.scores import rank_score, word_scores
from puzzlesmith.lexicon import Lexicon
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.lexicon.wordfile import parse_scored_words, parse_words


def test_scored_list_is_read_with_its_scores() -> None:
    words, skipped, scores = parse_scored_words("AaronBurr;50\nzebra; 30\nbad word;60\nzebra;40\n")
    assert words == ("aaronburr", "zebra") and skipped == 1 and scores == (50, 40)
    # the plain reader sees the same words
    assert parse_words("AaronBurr;50\nzebra; 30\n") == (("aaronburr", "zebra"), 0)


def test_a_list_with_plain_entries_has_no_scores() -> None:
    words, _, scores = parse_scored_words("cat;50\ndog\n")
    assert words == ("cat", "dog") and scores is None


def test_frequency_scores() -> None:
    assert rank_score(1) == 100 and rank_score(1000) == 55 and rank_score(0) == 0
    assert rank_score(10**9) == 1
    lex = Lexicon("t", "t", "t", ("the", "zzxq"))
    scores = word_scores(lex, build_index(lex))
    assert scores["the"] >= 90 and scores["zzxq"] == 0
    scored = Lexicon("s", "s", "s", ("the", "zzxq"), scores=(5, 60))
    assert word_scores(scored, build_index(scored)) == {"the": 5, "zzxq": 60}


def test_ties_of_score_go_by_frequency_not_the_alphabet() -> None:
    # A tiered list: every word the same score. The table puts the words wordfreq ranks first
    # in their rank order (read here from the shipped ranking), the unranked ones after them.
    from puzzlesmith.fill.tables import word_table
    from puzzlesmith.lexicon.index import build_index, wordfreq_ranks

    words = ["aas", "aaa", "the", "and", "cat", "zzq", "qqz", "ear", "abs"]
    lex = Lexicon("tiers", "test", "test", tuple(sorted(words)), scores=tuple(50 for _ in words))
    table = word_table(lex, build_index(lex), 3)
    ranks = wordfreq_ranks()
    ranked = sorted((w for w in words if ranks.get(w)), key=lambda w: ranks[w])
    assert list(table.words[:len(ranked)]) == ranked
    assert set(table.words[len(ranked):]) == {w for w in words if not ranks.get(w)}
    assert table.words[0] == "the" and table.scores == tuple(50 for _ in words)
