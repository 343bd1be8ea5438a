"""The meaning layer against an independent reading of the raw WordNet files."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import LexiconSpec, describe, load_lexicon, means, narrowed
from puzzlesmith.lexicon import meanings as m
from tests.meanings.raw import RawWordNet

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


# -- hand cases ---------------------------------------------------------------------------

def test_falcon_and_parrot_are_birds_bird_is_not() -> None:
    birds = m.kind_of("bird")
    assert {"falcon", "parrot", "eagle", "peregrine falcon"} <= birds
    assert "bird" not in birds and "cat" not in birds


def test_boston_is_a_city_through_an_instance_link() -> None:
    assert "boston" in m.kind_of("city")
    assert "boston" in m.kind_of("cities")  # an inflected topic


def test_phrase_topic_and_unknown_topic() -> None:
    assert {"piano", "violin"} <= m.kind_of("musical instrument")
    with pytest.raises(InputError, match="no noun sense of 'xyzzy' in WordNet"):
        m.kind_of("xyzzy")


def test_geese_is_looked_up_as_goose() -> None:
    d = m.define("geese")
    assert d.base == "goose" and d.senses and d.senses[0].pos == "noun"
    assert m.define("falcon").base is None
    assert m.define("chadarim").to_json() == {"word": "chadarim", "base": None, "senses": []}
    assert m.define("falcons").base == "falcon" and m.define("running").base is None


def test_senses_in_pos_order_with_glosses_examples_synonyms() -> None:
    d = m.define("falcon")
    assert [s.pos for s in d.senses] == ["noun", "verb"]
    assert d.senses[0].kind_of == ("hawk",)
    assert d.senses[1].examples == ("The tribes like to falcon in the desert",)
    assert '"' not in d.senses[1].gloss
    boston = m.define("Boston").senses[0]
    assert "Beantown" in boston.synonyms and "Boston" not in boston.synonyms


def test_inflections_take_no_symbol_abbreviation_letter_or_name_sense() -> None:
    # Issue 39: `???:metal` gave las (La, lanthanum), pos (Po), tis (Ti); `--kind-of city`
    # gave corks and kievs; `define las` said "metallic element".
    metal = narrowed(LexiconSpec(kind_of="metal"))[0].word_set
    assert "tin" in metal and not {"las", "pos", "tis", "nas", "bas", "ers", "tas"} & metal
    element = narrowed(LexiconSpec(kind_of="chemical element"))[0].word_set
    assert {"tin", "neon", "iron", "gold"} <= element
    assert not {"las", "ars", "ids", "pos", "fes", "la", "ar", "fe"} & element
    state = narrowed(LexiconSpec(kind_of="american state"))[0].word_set
    assert not {"ars", "ids", "las", "mas", "mes"} & state
    city = narrowed(LexiconSpec(kind_of="city"))[0].word_set
    assert not {"corks", "kievs", "bales", "gents", "fezes"} & city
    d = m.define("las")
    assert d.base == "la" and all("metal" not in s.gloss for s in d.senses) and d.senses
    assert m.define("americans").base == "american"  # a class sense, capitalized: kept
    # The one rule reaches the word lists' --define (wordgrid, anagram) and the clue drafts.
    from puzzlesmith.fill.clues import draft_clue
    from puzzlesmith.lexicon.meanings import first_definitions

    assert "sixth" in (first_definitions(["las"])["las"] or "")
    assert "metal" not in draft_clue("las").lower() and draft_clue("las")
    assert m.kinds_inflectable(m.wordnet(), "dog")["dalmatian"]  # (Dalmatian: a class sense)
    assert m.wordnet().forms(m.wordnet().synsets_of("lanthanum", "n")[0]) == {
        "lanthanum": True, "atomic number 57": True}
    assert m.wordnet().forms(m.wordnet().synsets_of("saturn", "n")[0]) == {"saturn": False}


def test_bad_characters_are_bad_input() -> None:
    for bad in ("b1rd", "caf\u00e9", "", "a_b"):
        with pytest.raises(InputError):
            m.define(bad)


def test_an_exception_to_a_phrase_counts() -> None:
    # WordNet's exception list maps "comics" to "comic strip", a kind of cartoon; the per-word
    # rule therefore lets "comics" through, though "comic strip" is no bundled word.
    lex, _ = narrowed(LexiconSpec(kind_of="cartoon"))
    assert "comics" in lex.word_set and "strips" in lex.word_set


def test_narrowed_lexicon_keeps_inflections_of_birds() -> None:
    lex, _ = narrowed(LexiconSpec(kind_of="bird"))
    assert {"falcon", "falcons", "parrot", "geese"} <= lex.word_set
    assert "common" not in lex.word_set and "bird" not in lex.word_set


# -- generated cases against the raw files ------------------------------------------------

def acceptable(word: str) -> bool:
    """A word the commands take: letters a-z, spaces, hyphens, apostrophes."""
    return bool(word) and all("a" <= c <= "z" or c in " -'" for c in word)


@pytest.fixture(scope="session")
def noun_lemmas(raw: RawWordNet) -> list[str]:
    return sorted(w for w, by in raw.index.items() if "n" in by and acceptable(w))


@pytest.fixture(scope="session")
def all_lemmas(raw: RawWordNet) -> list[str]:
    return sorted(w for w in raw.index if acceptable(w))


@pytest.mark.slow
@SETTINGS
@given(data=st.data())
def test_kind_of_matches_a_breadth_first_walk(raw: RawWordNet, noun_lemmas: list[str],
                                              data: st.DataObject) -> None:
    topic = data.draw(st.sampled_from(noun_lemmas))
    assert m.kind_of(topic) == raw.below(topic)


@pytest.mark.parametrize("topic", ["bird", "city", "entity", "person", "tree", "dog", "fish"])
def test_kind_of_big_topics(raw: RawWordNet, topic: str) -> None:
    assert m.kind_of(topic) == raw.below(topic)


@pytest.mark.parametrize("topic", ["country", "instrument", "gem", "state", "writing", "dog"])
def test_a_sense_almost_no_one_means_gives_no_members(raw: RawWordNet, topic: str) -> None:
    """docs/meanings.md, near and far readings: the region sense of `country` and the legal
    one of `instrument` give no members; `gem`'s thinly named precious stone still does, and
    so do the judged senses of `writing`, whose near reading (the activity) has too few
    familiar members; thinly named senses in which the word is hardly used give none
    (`dog`'s frankfurter and cad, `state`'s state of matter)."""
    unread = {" ".join(raw.words[k]) for k in raw.unread(raw.index[topic]["n"], [topic])}
    assert unread == {"country": {"area country"}, "instrument": {
        "legal document legal instrument official document instrument"}, "state": {
        "state of matter state", "state", "Department of State United States Department of "
        "State State Department State DoS"}, "dog": {
        "cad bounder blackguard dog hound heel", "frank frankfurter hotdog hot dog dog wiener "
        "wienerwurst weenie", "pawl detent click dog", "andiron firedog dog dog-iron", "dog"}}.get(
        topic, set())
    assert m.kind_of(topic) == raw.below(topic)


@pytest.mark.slow
@SETTINGS
@given(data=st.data())
def test_define_matches_the_raw_files(raw: RawWordNet, all_lemmas: list[str],
                                      data: st.DataObject) -> None:
    word = data.draw(st.sampled_from(all_lemmas))
    assert m.define(word).to_json() == raw.define(word)


@pytest.mark.slow
@SETTINGS
@given(data=st.data())
def test_define_inflected_words(raw: RawWordNet, data: st.DataObject) -> None:
    """Words of the bundled list (many inflected) and forms of the exception lists."""
    words = load_lexicon().words
    word = data.draw(st.one_of(st.sampled_from(words),
                               st.sampled_from(sorted(w for w in raw.exc["n"] if acceptable(w))),
                               st.sampled_from(sorted(w for w in raw.exc["v"] if acceptable(w)))))
    assert m.define(word).to_json() == raw.define(word)


@pytest.fixture(scope="session")
def noun_bases(raw: RawWordNet) -> dict[str, list[str]]:
    """Every bundled word's noun base forms, by the raw rules (brute force)."""
    return {w: raw.noun_bases(w) for w in load_lexicon().words}


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_kind_of_filter_is_the_per_word_rule(raw: RawWordNet, noun_lemmas: list[str],
                                             noun_bases: dict[str, list[str]],
                                             data: st.DataObject) -> None:
    topic = data.draw(st.sampled_from(["bird", "city", "tool", "fruit", *noun_lemmas]))
    cat = raw.below_forms(topic)
    expected = {w for w, bases in noun_bases.items() if w in cat or any(cat.get(b) for b in bases)}
    lex, _ = narrowed(LexiconSpec(kind_of=topic))
    assert lex.word_set == expected


def test_means_tiers(raw: RawWordNet) -> None:
    tiers = m.means("bird")
    assert tiers["falcon"] == m.TIER_KIND
    assert tiers["dame"] == m.TIER_SYNONYM  # bird, sense 3: a girl
    # defined as one ("wader": any of many long-legged birds that wade in water) is a
    # mention; a definition that only mentions a bird is not (aviary: a large cage for birds)
    assert tiers.get("wader") == m.TIER_KIND and "aviary" not in tiers and "calls" not in tiers
    assert means.gloss_head("any of various usually white herons having long plumes") == (
        "usually white herons")
    assert means.gloss_head("large long-necked wading bird of marshes") == "large long-necked wading bird"
    assert "bird" not in tiers


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_means_matches_the_raw_files(raw: RawWordNet, all_lemmas: list[str],
                                     data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(["bird", "red", "run", "prey", "geese", "quickly",
                                      *(w for w in all_lemmas if w.isalpha())]))
    assert m.means(text) == raw.means(text)


def test_both_filters_keep_the_words_that_pass_both() -> None:
    both = narrowed(LexiconSpec(kind_of="bird", means="hawk"))[0].word_set
    kind = narrowed(LexiconSpec(kind_of="bird"))[0].word_set
    means = narrowed(LexiconSpec(means="hawk"))[0].word_set
    assert both == kind & means and "falcon" in both and "eagled" not in both


def test_phrases_squash_spaces_and_hyphens() -> None:
    phrases = m.wordnet().phrases
    assert phrases["newyork"] == ("new york",)
    assert "a la carte" in phrases["alacarte"]
    assert all(k.isalpha() and k.isascii() for k in phrases)


def test_definitions_from_the_disk_cache_are_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The definitions --means searches are kept on disk after the first use: a fresh load
    # reads the same text and offsets, and a file cut short is made again.
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path))
    made = m.wordnet.__wrapped__()._definitions
    read = m.wordnet.__wrapped__()._definitions
    assert read[0] == made[0] and list(read[1]) == list(made[1])
    (path,) = tmp_path.glob("wordnet-definitions-*.bin")
    path.write_bytes(path.read_bytes()[:-100])
    again = m.wordnet.__wrapped__()
    assert again._definitions[0] == made[0] and again.mentioning("fruit") == m.wordnet().mentioning("fruit")


def test_meaning_filters_from_the_disk_cache_are_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A later process reads a meaning filter's words from the disk cache instead of WordNet:
    # the same words, scores, name and tiers as narrowing afresh; a file cut short is made
    # again; each list (same words, other scores) and each filter has its own file.
    import puzzlesmith.lexicon.narrow as lexicon_pkg
    from puzzlesmith.lexicon import get_index, meaning_narrowed

    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path / "cache"))
    scored = tmp_path / "s.txt"
    scored.write_text("apple;10\npears;20\nfalcon;30\nhouse;40\nfalcons;50\n")
    scored2 = tmp_path / "t.txt"
    scored2.write_text("apple;70\npears;60\nfalcon;50\nhouse;40\nfalcons;30\n")
    plex = m.phrase_lexicon()
    cases = [(load_lexicon(None), "bird", None, False), (load_lexicon(None), None, "fruit", False),
             (load_lexicon(None), "bird", "prey", False), (load_lexicon(str(scored)), "bird", None, False),
             (load_lexicon(str(scored2)), "bird", None, False), (plex, None, "city", True)]
    made = []
    for lex, kind, text, phrases in cases:
        monkeypatch.setattr(lexicon_pkg, "_by_meaning", {})
        narrowed, _, tiers = meaning_narrowed(lex, get_index(lex), kind, text, phrases)
        assert set(tiers) == set(narrowed.words) and narrowed.words
        made.append((narrowed.words, narrowed.scores, narrowed.name, tiers))
    assert made[3][:2] == (("falcon", "falcons"), (30, 50)) and made[4][1] == (50, 30)
    assert len(list((tmp_path / "cache").glob("meaning-*.txt"))) == len(cases)

    def no_wordnet(*_: object, **__: object) -> None:
        raise AssertionError("narrowed afresh, not read from the disk cache")

    for damage in (False, True):
        if damage:
            for path in (tmp_path / "cache").glob("meaning-*.txt"):
                path.write_bytes(path.read_bytes()[:-3])
        with pytest.MonkeyPatch.context() as mp:
            if not damage:
                mp.setattr(m, "narrow_words", no_wordnet)
            for (lex, kind, text, phrases), expected in zip(cases, made, strict=True):
                mp.setattr(lexicon_pkg, "_by_meaning", {})
                narrowed, index, tiers = meaning_narrowed(lex, get_index(lex), kind, text, phrases)
                assert (narrowed.words, narrowed.scores, narrowed.name, tiers) == expected
                assert sorted(w for n in index.buckets for w in index.buckets[n].words) == sorted(expected[0])


TOPICS = ["bird", "fish", "tree", "flower", "dog", "fruit", "vegetable", "car", "boat", "color",
          "music", "weapon", "tool", "city", "river", "dance", "food", "sport", "insect", "prey"]


def _qualifies(raw: RawWordNet, routes: tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]],
               word: str) -> int | None:
    """The spec's rule, read from the raw files: a qualifying word, or a word that is no
    lemma with a base form (of part of speech p) that qualifies through a sense of p an
    inflection may take."""
    direct, inflect = routes
    if word in direct:
        return min(direct[word].values())
    if raw.is_lemma(word):
        return None
    tiers = [inflect[b][p] for p in "nvar" for b in raw.morphy(word, p) if p in inflect.get(b, {})]
    return min(tiers, default=None)


@pytest.mark.slow
def test_means_admits_inflections_only_of_the_matching_part_of_speech(raw: RawWordNet) -> None:
    # For 20 topics: every word a --means filter lets through qualifies by the rule, with the
    # tier the rule gives (no "ducked" through the noun "duck"), and for three of them (a
    # scan of every word) no word that qualifies is left out.
    lexicon = load_lexicon()
    for k, topic in enumerate(TOPICS):
        routes = raw.means_routes(topic)
        got = m.narrow_words(lexicon.word_set, text=topic)
        wrong = {w: t for w, t in got.items() if _qualifies(raw, routes, w) != t // m.TIER_STEP}
        assert not wrong, (topic, sorted(wrong)[:10])
        if k < 3:
            want = {w for w in lexicon.words if _qualifies(raw, routes, w) is not None}
            assert set(got) == want, (topic, sorted(set(got) ^ want)[:10])
    bird = m.narrow_words(lexicon.word_set, text="bird")
    assert {"falcon", "falcons", "ducks"} <= set(bird)
    assert not {"ducked", "penned", "polled", "cocked", "kiting", "sniped"} & set(bird)


@pytest.mark.slow
def test_reverse_dictionary_matches_the_raw_files(raw: RawWordNet) -> None:
    wn = m.wordnet()
    for text in ("large wading bird", "yellow fruit", "small dog", "sweet red wine",
                 "a person who steals"):
        whole, most = describe.reverse_dictionary(wn, text)
        got = ({w for sid in whole for w in wn.forms(sid)},
               {w for sid in most for w in wn.forms(sid)})
        assert got == raw.reverse(text), text
        assert got[0] or got[1]


def test_the_disk_caches_of_meaning_answers_are_keyed_by_the_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A cache made by other rules (an older version) must never be read: its key covers the
    # code that decides, not only the data (a stale cache once answered `????:sad` with none).
    from puzzlesmith.lexicon import narrow as lx

    lex = load_lexicon(None)
    before = lx._meaning_cache(lex, "+means:sad", False)
    monkeypatch.setattr(m, "rules_fingerprint", lambda: b"other rules")
    after = lx._meaning_cache(lex, "+means:sad", False)
    assert before is not None and after is not None and before != after
    assert m.rules_fingerprint() == b"other rules"
    monkeypatch.undo()
    assert lx._meaning_cache(lex, "+means:sad", False) == before
