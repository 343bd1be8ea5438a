"""Fair created puzzles (issue 39): the answer and the columns are words a person uses, no
column word twice, judged by a plain scan and on a seeded random sample labelled by hand; and
`wordgrid.CreateOptions`, the one place both adapters take the options from."""

from __future__ import annotations

import random

import pytest

from puzzlesmith.errors import InputError
from puzzlesmith.fill.scores import default_blocked
from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.lexicon.index import proper_names
from puzzlesmith.wordgrid import CreateOptions
from puzzlesmith.wordgrid.options import (
    CROSSWORDESE,
    EVERYDAY_TOP,
    everyday_words,
    is_people_word,
    lower_case_sense,
    people_words,
)

SEED = 39


def _words(text: str) -> list[str]:
    return text.split()


# The sample below: random.Random(SEED), 60 kept 3-letter words, 40 kept 6-letter words, then
# 40 of the words the rule takes out of the common cut (3 and 6 letters; the bundled list's
# top 30,000 without foreign words), drawn with the rule of SCOWL's everyday lists, WordNet and
# the crosswordese judged by hand (drawn again when that list came, and labelled again).
# Labelled by hand, reading each word: 1 = a word a person uses (would accept in a puzzle for
# friends), 0 = a name, a nationality, an abbreviation, a fragment or crosswordese.
KEPT_3 = dict.fromkeys(_words(
    "ace add ads amp arm bat bee bow bun din dos dub ebb elk fir fit fix foe gem gig gun had his "
    "hop hug inn ion ivy jag kin kit lag lot mew net owe owl pat pay pro pry rag ray rep rub rue "
    "set sew sin sit sky sun ton toy try use wee won wow yew"), 1)
KEPT_6 = dict.fromkeys(_words(
    "aching allege aspect bleeds bribed bursts chewed clicks cyclic exiles galley gentle granny "
    "invoke lessen loader magnet midget mildly movers partly pellet proven rapper sabres scrubs "
    "shapes spoons sprung stokes sucker taller tavern tender trends troupe tucked twelve unwell "
    "veggie"), 1)
LEFT_OUT = dict.fromkeys(_words(
    "albeit aortic badass bodied docker fro luv nah orc pacers pharma reboot sheesh shorty topper "
    "tum yup"), 1) | dict.fromkeys(_words(
        "bethel carter curran cutler dev eds ems hap harman hes hoo horner ids jin ken lac lister "
        "muller oculus pap raj sixers yorker"), 0)

# Every three-letter word the dictionary tests keep was read (the columns of a calendar
# puzzle: 474 words); these are the ones a solver would not accept, here from the rule
# (pre: no word of SCOWL's; hes, cis: no sense an inflection takes) or our list (CROSSWORDESE).
CROSSWORDESE_3 = _words("ani chi cis col ell ems hes ids ism ken mas meg non ova pap pas pre sic")
# The same for the 1,620 four-letter words (a grid of four rows): these four.
CROSSWORDESE_4 = _words("ares gage rhea sera")


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
    # 17 of 40 wrongly left out, of 249 left out (about 106 words). Before the crosswordese
    # came out, 27 of 40 of 231 (about 156: the draw was another); 22 of 40 of 253 before issue
    # 39's second pass of the common cut, 16 of 40 of 419 before that.
    assert sum(LEFT_OUT.values()) / len(LEFT_OUT) * n_out <= 130


def test_the_issues_names_and_crosswordese_are_not_people_words() -> None:
    _, idx = narrowed(LexiconSpec(common_top=30_000))
    for word in _words("barton parton mor rom mora mort shh ecu emo myc dobson batman carter "
                       "murphy aba raj tsk") + CROSSWORDESE_3 + CROSSWORDESE_4:
        assert not is_people_word(word, idx.rank(word)), word
    # Each by the rule it fails: a prefix SCOWL lacks though frequent, plurals of a letter
    # (he, the Hebrew letter; ci, the curie's symbol) that take no sense of it.
    assert "pre" not in everyday_words() and idx.rank("pre") <= EVERYDAY_TOP
    assert not lower_case_sense("hes") and not lower_case_sense("cis")
    assert lower_case_sense("ems") and "ems" in CROSSWORDESE  # em, the printing unit
    _, three = narrowed(LexiconSpec(common_top=30_000, foreign=False))
    kept = [w for w in three.bucket(3).words if is_people_word(w, three.rank(w))]
    assert len(kept) + len(CROSSWORDESE_3) == 474 and not set(kept) & set(CROSSWORDESE_3)
    kept = [w for w in three.bucket(4).words if is_people_word(w, three.rank(w))]
    assert len(kept) + len(CROSSWORDESE_4) == 1620 and not set(kept) & set(CROSSWORDESE_4)
    assert set(CROSSWORDESE) == set(CROSSWORDESE_3 + CROSSWORDESE_4) - {"pre", "hes", "cis"}
    for word in _words("the and you two eel ore judges"):  # WordNet lacks the first three
        assert is_people_word(word, idx.rank(word)), word


@pytest.mark.parametrize("extra", [{}, {"unique": False}, {"rows": 4, "blank_row": 2},
                                   {"length": 5, "word_rows": True}])
def test_created_puzzles_are_fair_by_default(extra: dict[str, object]) -> None:
    """A plain scan of each created grid: its columns all differ, and the answer and every
    column are among the 30,000 most frequent words, no proper name, nothing a fill leaves out
    by default (the block list, the breakfast test)."""
    _, full = narrowed(LexiconSpec())
    names = proper_names()
    blocked = default_blocked()
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
            assert word not in blocked and word not in CROSSWORDESE, word
    assert made >= 4


def test_seed_1_is_no_longer_stemme() -> None:
    result = CreateOptions(seed=1).create()
    assert result.answer != "stemme" and len(set(result.columns)) == len(result.columns)
    whole = CreateOptions(seed=1, common=False).create()
    assert whole.status == "created" and len(set(whole.columns)) == len(whole.columns)


# Issue 39's fresh draw of created puzzles, made after the crosswordese rule was fixed: 40
# seeds of random.Random(FRESH_SEED), 6x3, the default fair words. Every distinct column word
# read: all 126 are words a person uses. Before the rule (main at 9943d42, the same seeds) the
# columns held 138 distinct words, 15 of the 240 crosswordese (chi 5, pre 3, ems 2, ism 2,
# ken, meg, ova); docs/wordgrid.md has both.
FRESH_SEED = 4039
FRESH_COLUMNS = dict.fromkeys(_words(
    "act air ale amp ant ape app art ask ate axe boa bra buy cob cry cue cup cut den dry duo ear "
    "eat ebb eel egg ego elf elk elm era err eve fir foe fry gnu guy gym hem her hey hue hut icy "
    "ill imp ink inn ins ivy keg key lax lid lie lip lob lug mid mix mom mop mud nap net nil nip "
    "nit nut ode ohm old orb our out own peg per pie ply pro put rat raw ref rep rev roe rot rue "
    "rum rut sac she sin sip sir sis sit six ski sky sly soy spa spy sue sup tab the tie toe toy "
    "try two urn use was who why win wiz yak yes"), 1)


@pytest.mark.slow
def test_created_puzzles_vary_and_their_columns_are_words() -> None:
    """The fresh draw's puzzles, columns counted by a plain counter: the same column words as
    labelled (another rule or data draws others: label them again), every one fair, most
    come once or twice, every puzzle unique. Trying the most constraining column words first
    had made 57 distinct words of 240 over 40 seeds, err 28 times."""
    rng = random.Random(FRESH_SEED)
    seen: dict[str, int] = {}
    for _ in range(40):
        result = CreateOptions(seed=rng.randrange(2**32), time_limit=60).create()
        assert result.status == "created" and result.solution_count == 1, result.reason
        for column in result.columns:
            seen[column] = seen.get(column, 0) + 1
    assert sum(seen.values()) == 240
    assert sorted(seen) == sorted(FRESH_COLUMNS)
    assert sum(FRESH_COLUMNS.values()) == len(FRESH_COLUMNS) == 126
    assert max(seen.values()) <= 15, sorted(seen.items(), key=lambda kv: -kv[1])[:10]


def test_people_words_leave_out_what_a_fill_does() -> None:
    """The block list and the breakfast test's words are no answer or column by default, as
    no fill takes them unasked; the everyday words beside them stay."""
    lexicon, idx = narrowed(LexiconSpec(common_top=30_000, foreign=False))
    words = people_words(lexicon, idx, {3, 6}).word_set
    for word in _words("pee pus cancer heroin condom"):
        assert word in idx.word_set and word not in words, word
    for word in _words("pea pun cannon hermit candle"):
        assert word in words, word


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
