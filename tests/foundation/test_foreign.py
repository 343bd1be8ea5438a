"""The foreign-word flags: the shipped set against a recomputation from wordfreq, the issue's
examples, the hand lists' measured counts, and lexicons without their foreign words."""

from __future__ import annotations

import gzip
import math
import unicodedata
from importlib import resources
from pathlib import Path

import pytest

from puzzlesmith.lexicon import foreign
from puzzlesmith.lexicon.model import Lexicon
from puzzlesmith.lexicon.registry import load_lexicon
from tests.foundation.foreign_hand_lists import FOREIGN, HOMOGRAPHS, NATURALISED

DATA = resources.files("puzzlesmith.lexicon").joinpath("data")


def shipped() -> set[str]:
    """The flag file read here, not through the module under test."""
    lines = gzip.decompress(DATA.joinpath("foreign.txt.gz").read_bytes()).decode().split("\n")
    assert lines[0].startswith("# wordfreq ")
    return {w for w in lines[1:] if w}


def bundled_words() -> set[str]:
    letterpress = gzip.decompress(DATA.joinpath("letterpress.txt.gz").read_bytes()).decode()
    crossword = gzip.decompress(DATA.joinpath("crossword.txt.gz").read_bytes()).decode()
    return set(letterpress.split()) | set(crossword.split("\n")[1].split())


def wordnet_words() -> set[str]:
    """WordNet's one-word lemmas and irregular forms, from the shipped index's sections."""
    text = gzip.decompress(DATA.joinpath("wordnet-index.txt.gz").read_bytes()).decode()
    lemmas = text[text.index("@lemmas\n") + 8:text.index("\n@senses")].split("\n")
    exc = text[text.index("@exc\n") + 5:text.index("\n@blocks")].split("\n")
    return {w for w in lemmas + [row.split("\t")[1] for row in exc]
            if w.isascii() and w.isalpha()}


@pytest.mark.slow
def test_shipped_flags_equal_a_recomputation_from_wordfreq() -> None:
    """The rule as docs/words.md states it, computed here from wordfreq's tables."""
    wordfreq = pytest.importorskip(
        "wordfreq", reason="wordfreq (the test extra) is needed to recompute the flags")
    tables: dict[str, dict[str, float]] = {}
    for lang in ("en", "fr", "es", "it", "de", "pt", "nl"):
        table: dict[str, float] = {}
        for word, freq in wordfreq.get_frequency_dict(lang).items():
            plain = word if word.isascii() else "".join(
                c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn")
            if plain.isascii() and plain.isalpha() and plain.islower():
                table[plain] = table.get(plain, 0.0) + freq
        tables[lang] = table
    english = tables.pop("en")
    lemmas = wordnet_words()
    # WordNet's own detachment rules (morphy), as its documentation lists them.
    endings = {"noun": ["s:", "ses:s", "xes:x", "zes:z", "ches:ch", "shes:sh", "men:man", "ies:y"],
               "verb": ["s:", "ies:y", "es:e", "es:", "ed:e", "ed:", "ing:e", "ing:"],
               "adj": ["er:", "est:", "er:e", "est:e"]}
    rules = [tuple(r.split(":")) for group in endings.values() for r in group]
    wordnet = {w for w in bundled_words() if w in lemmas or any(
        w.endswith(end) and len(w) > len(end) and w[: -len(end)] + base in lemmas
        for end, base in rules)}
    expected = set()
    for w in bundled_words():
        en = english.get(w, 0.0)
        other = max(t.get(w, 0.0) for t in tables.values())
        en_zipf = math.log10(en * 1e9) if en else -99.0
        if (other > 0 and other / max(en, 1e-8) >= 10 and en_zipf < 4
                and math.log10(other * 1e9) >= 3 and not (w in wordnet and en_zipf >= 3.25)):
            expected.add(w)
    got = shipped()
    assert got == expected, (sorted(got - expected)[:20], sorted(expected - got)[:20])


def test_the_issue_examples() -> None:
    flags = shipped()
    assert {"adieu", "ciao", "merci", "ja"} <= flags
    assert not {"cafe", "piano", "ballet"} & flags
    assert not {"hen", "hay", "die", "also"} & flags  # English first, whatever others do


def test_hand_lists_at_the_chosen_threshold() -> None:
    """The counts docs/foreign.md reports: 46 of the 50 foreign words flagged, 48 of the 50
    naturalised ones and all 50 homographs left alone (a rebuilt flag file may only do better)."""
    lists = (FOREIGN, NATURALISED, HOMOGRAPHS)
    assert all(len(hand) == len(set(hand)) == 50 for hand in lists)
    assert len(set().union(*lists)) == 150
    words = bundled_words()
    assert all(set(hand) <= words for hand in lists)
    assert set(HOMOGRAPHS) <= wordnet_words()
    flags = shipped()
    assert sum(w in flags for w in FOREIGN) >= 46
    assert sum(w not in flags for w in NATURALISED) >= 48
    assert sum(w not in flags for w in HOMOGRAPHS) >= 50


def test_module_reads_the_same_flags() -> None:
    assert foreign.foreign_words() == shipped()
    assert foreign.is_foreign("ciao") and not foreign.is_foreign("piano")


def test_without_foreign_is_the_list_minus_the_flags(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path))
    flags = shipped()
    words = ("adieu", "ballet", "cafe", "ciao", "ja", "piano", "zebra")
    small = Lexicon("mine", "test", "test", words)
    narrowed = foreign.without_foreign(small)
    assert narrowed.words == tuple(w for w in words if w not in flags)
    assert narrowed.name == "mine-foreign"
    # A fresh process finds the record and so the content hash without reading the words.
    foreign._memo.clear()
    again = foreign.without_foreign(Lexicon("mine", "test", "test", words))
    assert again.content_hash == narrowed.content_hash
    assert again.words == narrowed.words
    full = load_lexicon(None)
    assert foreign.without_foreign(full).words == tuple(w for w in full.words if w not in flags)
