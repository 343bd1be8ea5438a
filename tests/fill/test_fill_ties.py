"""Ties of score (a constructor's tiered `word;score` list) broken by frequency and by the
seed: fills vary with --seed and repeat for the same seed."""

from __future__ import annotations

from puzzlesmith.fill.engine import fill
from puzzlesmith.fill.model import parse_grid
from puzzlesmith.lexicon import Lexicon, LexiconSpec, narrowed
from puzzlesmith.lexicon.index import build_index, wordfreq_ranks
from puzzlesmith.limits import Deadline
from tests.fill import oracle

MINI = ["#....", ".....", ".....", ".....", "....#"]


def tiered() -> tuple[Lexicon, object, set[str]]:
    """The crossword list's 4- and 5-letter words in two tiers, as a setter's list has them:
    50 for most, 20 for the rest."""
    base, _ = narrowed(LexiconSpec("crossword"))
    words = sorted(w for w in base.words if len(w) in (4, 5) and w.isalpha())
    scores = tuple(20 if i % 7 == 0 else 50 for i in range(len(words)))
    lex = Lexicon("tiered", "test", "test", tuple(words), scores=scores)
    return lex, build_index(lex), set(words)


def answers(rows: list[str]) -> list[str]:
    return ["".join(rows[r][c] for r, c in run) for run in oracle.runs(rows)]


def test_ten_seeds_give_varied_valid_fills_and_each_seed_its_own() -> None:
    lex, index, words = tiered()
    grid = parse_grid(MINI)
    fills = {}
    for seed in range(10):
        got = fill(grid, lex, index, seed=seed, deadline=Deadline(30))
        assert got.status == "filled" and got.filled is not None
        rows = list(got.filled.rows)
        entries = answers(rows)
        assert all(w in words for w in entries) and len(set(entries)) == len(entries)
        assert all(a == "#" or a.isalpha() for row in rows for a in row)
        fills[seed] = tuple(rows)
    assert len(set(fills.values())) >= 5, fills
    for seed in (0, 3, 7):
        again = fill(grid, lex, index, seed=seed, deadline=Deadline(30))
        assert again.filled is not None and tuple(again.filled.rows) == fills[seed]


def test_ties_go_to_the_frequent_word_first() -> None:
    # Seed 0 (the engine's own choice) takes, among ties, the words wordfreq ranks first:
    # across its entries, far more often a ranked word than the list's share of them.
    lex, index, words = tiered()
    ranks = wordfreq_ranks()
    got = fill(parse_grid(MINI), lex, index, seed=0, deadline=Deadline(30))
    assert got.filled is not None
    entries = answers(list(got.filled.rows))
    ranked = sum(1 for w in entries if ranks.get(w, 0) > 0) / len(entries)
    share = sum(1 for w in words if ranks.get(w, 0) > 0) / len(words)
    assert ranked > share, (entries, ranked, share)
