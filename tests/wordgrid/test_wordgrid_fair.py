"""Fair created puzzles (issue 39): the answer and the columns are words a person uses, no
column word twice, judged by a plain scan and on a seeded random sample labelled by hand; and
`wordgrid.CreateOptions`, the one place both adapters take the options from."""

from __future__ import annotations

import random

import pytest

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.lexicon.index import proper_names
from puzzlesmith.wordgrid import CreateOptions
from puzzlesmith.wordgrid.options import is_people_word

SEED = 39


def _words(text: str) -> list[str]:
    return text.split()


# The sample below: random.Random(SEED), 60 kept 3-letter words, 40 kept 6-letter words, then
# 40 of the words the rule takes out of the common cut (3 and 6 letters; the bundled list's
# top 30,000 without foreign words), drawn with the rule of SCOWL's everyday lists and WordNet.
# Labelled by hand, reading each word: 1 = a word a person uses (would accept in a puzzle for
# friends), 0 = a name, a nationality, an abbreviation, a fragment or crosswordese.
KEPT_3 = dict.fromkeys(_words(
    "ace add ads amp ark bar bed bop bug did dip don duo eel fed fee few fir gal gay got her hid "
    "hoe hum ice ill ink jet jig joy led low mod odd ode one orb peg pen pin pot pro rat raw rub "
    "rue run sad sat sip sup tap tie ups wad wan wee won yew"), 1)
KEPT_6 = dict.fromkeys(_words(
    "aching allege aspect bleeds bribed bursts chewed clicks cyclic exiles galley gentle granny "
    "hardly invoke lessen loader magnet midget mildly movers partly pellet proven rapper sabres "
    "scrubs shapes spoons sprung stokes sucker taller tavern tender trends troupe tucked twelve "
    "veggie"), 1)
LEFT_OUT = dict.fromkeys(_words(
    "aortic bogged carers celebs cos crypto cyborg draper footer fro gamers hah ish luv mic nee "
    "opioid pacers pic psi quinoa raptor seater sheesh shorty tis whilst"), 1) | \
    dict.fromkeys(_words("bowser doo gis gon harman hye lac mes mickey mou sri syn todays"), 0)


def _sample() -> tuple[list[str], list[str], list[str], int]:
    _, idx = narrowed(LexiconSpec(common_top=30_000, foreign=False))
    rng = random.Random(SEED)
    kept = {}
    for n, k in ((3, 60), (6, 40)):
        words = [w for w in idx.bucket(n).words if is_people_word(w, idx.rank(w))]
        kept[n] = sorted(rng.sample(words, k))
    out = [w for n in (3, 6) for w in idx.bucket(n).words if not is_people_word(w, idx.rank(w))]
    return kept[3], kept[6], sorted(rng.sample(out, 40)), len(out)


def test_people_words_on_a_hand_labelled_random_sample() -> None:
    three, six, out, n_out = _sample()
    # The same sample as labelled (a change of rule or data draws another: label it again).
    assert (three, six, out) == (sorted(KEPT_3), sorted(KEPT_6), sorted(LEFT_OUT))
    assert sum(KEPT_3.values()) / len(KEPT_3) >= 0.9  # 60 of 60
    assert sum(KEPT_6.values()) / len(KEPT_6) >= 0.95  # 40 of 40
    # 27 of 40 wrongly left out, of 231 left out: the common cut leaves most names out first
    # and keeps international words (docs/common.md), so fewer words are left here, more of
    # them words (22 of 40 of 253 before issue 39's second pass, 16 of 40 of 419 before that).
    assert sum(LEFT_OUT.values()) / len(LEFT_OUT) * n_out <= 160


def test_the_issues_names_and_crosswordese_are_not_people_words() -> None:
    _, idx = narrowed(LexiconSpec(common_top=30_000))
    for word in _words("barton parton mor rom mora mort shh ecu emo myc dobson batman carter "
                       "murphy aba raj tsk"):
        assert not is_people_word(word, idx.rank(word)), word
    for word in _words("the and you two eel ore judges"):  # WordNet lacks the first three
        assert is_people_word(word, idx.rank(word)), word


@pytest.mark.parametrize("extra", [{}, {"unique": False}, {"rows": 4, "blank_row": 2},
                                   {"length": 5, "word_rows": True}])
def test_created_puzzles_are_fair_by_default(extra: dict[str, object]) -> None:
    """A plain scan of each created grid: its columns all differ, and the answer and every
    column are among the 30,000 most frequent words, no proper name."""
    _, full = narrowed(LexiconSpec())
    names = proper_names()
    made = 0
    for seed in range(6):
        result = CreateOptions(seed=seed, time_limit=60, **extra).create()  # type: ignore[arg-type]
        if result.status != "created":
            continue
        made += 1
        assert result.grid is not None and result.answer is not None
        columns = ["".join(row[c] for row in result.grid) for c in range(len(result.grid[0]))]
        assert len(set(columns)) == len(columns), columns
        for word in [result.answer, *columns]:
            assert 0 < full.rank(word) <= 30_000 and word not in names, word
    assert made >= 4


def test_seed_1_is_no_longer_stemme() -> None:
    result = CreateOptions(seed=1).create()
    assert result.answer != "stemme" and len(set(result.columns)) == len(result.columns)
    whole = CreateOptions(seed=1, common=False).create()
    assert whole.status == "created" and len(set(whole.columns)) == len(whole.columns)


def test_created_puzzles_vary_across_seeds() -> None:
    """Puzzles of 20 seeds (random.Random(SEED)), columns counted by a plain counter: most
    column words come once or twice. Trying the most constraining column words first had
    brought err back in 15 of these 20 puzzles and made 45 distinct words of 120 columns;
    a random order makes 81, none more than 7 times. Every puzzle is still unique."""
    rng = random.Random(SEED)
    seen: dict[str, int] = {}
    for _ in range(20):
        result = CreateOptions(seed=rng.randrange(2**32), time_limit=60).create()
        assert result.status == "created" and result.solution_count == 1, result.reason
        for column in result.columns:
            seen[column] = seen.get(column, 0) + 1
    assert sum(seen.values()) == 120
    assert len(seen) >= 70, sorted(seen.items(), key=lambda kv: -kv[1])[:10]
    assert max(seen.values()) <= 9, sorted(seen.items(), key=lambda kv: -kv[1])[:10]


def test_an_answer_asked_for_may_be_any_word() -> None:
    """The setter's own answer need not be common; its columns still are."""
    result = CreateOptions(word="stemme", seed=1, time_limit=60).create()
    assert result.answer == "stemme" or result.status == "impossible"


def test_options_checked_where_they_are_built() -> None:
    with pytest.raises(InputError, match="disagrees"):
        CreateOptions(word="planet", length=5)
    with pytest.raises(InputError, match="foreign"):
        CreateOptions(word="mucho").answers()
    assert CreateOptions(kind_of="").kind_of is None
    assert CreateOptions(word=" Planet ").word == "planet"
