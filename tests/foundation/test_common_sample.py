"""The common cut (`--common`) judged on a seeded random sample labelled by hand
(tests/foundation/common_samples.py): before and after the words a person does not use were
left out, with the figures docs/common.md gives; and the build rule on hand cases."""

from __future__ import annotations

import gzip
import sys
from importlib import resources
from pathlib import Path

from puzzlesmith.lexicon import LexiconSpec, narrowed
from tests.foundation import common_samples as samples

DATA = resources.files("puzzlesmith.lexicon").joinpath("data")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import build_common as bc  # noqa: E402


def cut_before() -> set[str]:
    """The bundled list's words among wordfreq's 30,000 most frequent, less the proper names,
    read from the data files as they are shipped."""
    words = set(gzip.decompress(DATA.joinpath("letterpress.txt.gz").read_bytes()).decode().split())
    ranks = gzip.decompress(DATA.joinpath("english_ranks.txt.gz").read_bytes()).decode()
    top = set(ranks.split("\n")[1:30_001])
    names = set(gzip.decompress(DATA.joinpath("proper_names.txt.gz").read_bytes()).decode().split())
    return (words & top) - names


def counts(labels: dict[str, str], kept: set[str]) -> dict[str, tuple[int, int]]:
    """Label -> (how many the cut keeps, how many were drawn)."""
    return {label: (sum(w in kept for w, x in labels.items() if x == label),
                    sum(x == label for x in labels.values())) for label in "UCN"}


def test_the_sample_is_the_seeds_draw() -> None:
    three, other = samples.drawn(cut_before())
    assert three == list(samples.THREE)
    assert other == list(samples.ANY)
    assert set(samples.THREE.values()) | set(samples.ANY.values()) <= {"U", "C", "N"}


def test_figures_before_and_after() -> None:
    """As docs/common.md gives them: before, 9 of the 150 three-letter words were crosswordese
    and 27 names, abbreviations or foreign; now the cut keeps 2 and 9 of them, and 107 of the
    114 words a person uses (of other lengths: 195 of 195, and 2 of the 5 others: sawyer, glover)."""
    before = cut_before()
    _, index = narrowed(LexiconSpec())
    after = set(index.common_words())
    assert after <= before
    assert counts(samples.THREE, before) == {"U": (114, 114), "C": (9, 9), "N": (27, 27)}
    assert counts(samples.THREE, after) == {"U": (107, 114), "C": (2, 9), "N": (9, 27)}
    assert counts(samples.ANY, before) == {"U": (195, 195), "C": (2, 2), "N": (3, 3)}
    assert counts(samples.ANY, after) == {"U": (195, 195), "C": (1, 2), "N": (1, 3)}
    assert {"lea", "sol", "eta", "asp", "tam", "batman", "barton", "mort", "mora", "deb", "mor",
            "lam"}.isdisjoint(after)
    assert {"webcam", "smartphone", "espresso", "manga", "online", "sushi"} <= after


def test_fresh_sample() -> None:
    """The second draw (seed 3939, made after the rule was chosen): of 120 three-letter words
    the cut keeps 84 of the 92 words a person uses, 1 of the 5 crosswordese (ani) and 7 of the
    23 names, abbreviations and foreign words; of 100 words it leaves out, 27 are words a
    person uses (`max`, `tic`, `tesla`, `hotspot`, `telecom`)."""
    before = cut_before()
    _, index = narrowed(LexiconSpec())
    after = set(index.common_words())
    three, left = samples.drawn_fresh(before, before - after)
    assert three == list(samples.FRESH)
    assert left == list(samples.LEFT)
    assert counts(samples.FRESH, after) == {"U": (84, 92), "C": (1, 5), "N": (7, 23)}
    assert counts(samples.LEFT, after) == {"U": (0, 27), "C": (0, 8), "N": (0, 65)}


def test_rule_on_hand_cases() -> None:
    english = {"lea": 4.0, "web": 5.0, "dork": 3.0, "sol": 5.0}
    others = [{"lea": 4.0, "web": 9.0, "sol": 80.0}, {"lea": 5.0, "web": 6.0, "dork": 0.1},
              {"sol": 1.0}, {}, {}, {}]
    assert bc.used_abroad("lea", english, others) and bc.used_abroad("web", english, others)
    assert not bc.used_abroad("dork", english, others)  # English text's own
    assert not bc.used_abroad("sol", english, others)  # one other language is not enough
    capital = bc.capital_sizes({35: ["York", "web"], 95: ["Lea", "York", "DORK"]})
    assert capital == {"york": 35, "lea": 95}
    sizes = {"lea": 50, "web": 35, "dork": 50, "york": 70, "moi": 95}
    out = bc.not_common(["lea", "web", "dork", "york", "moi"], english, others, sizes.get,
                        capital, frozenset({"moi"}))
    # web is among SCOWL's most common words; york is a name first; moi is foreign.
    assert out == ["lea", "moi", "york"]


def test_short_and_international_words() -> None:
    """Three letters seen half as often in four other languages are used across languages
    (names and abbreviations travel: `lam`); a word of four letters or more that SCOWL lists
    in lowercase up to size 50 and never capitalised is an international word (`webcam`)."""
    english = {"lam": 10.0, "yup": 10.0, "webcam": 10.0, "lea": 10.0, "tamale": 10.0}
    others = [{"lam": 6.0, "webcam": 20.0, "lea": 20.0, "tamale": 20.0},
              {"lam": 5.0, "webcam": 20.0, "lea": 20.0, "tamale": 20.0},
              {"lam": 5.0, "yup": 9.0}, {"lam": 4.9, "yup": 9.0}, {"yup": 9.0}, {}]
    assert not bc.used_abroad("lam", english, others[:3] + others[4:])  # half in three only
    assert bc.used_abroad("lam", english, [*others[:3], {"lam": 5.0}, *others[4:]])
    assert bc.used_abroad("yup", english, [{"yup": 9.0}] * 4)  # and not yup, at home in SCOWL 35
    capital = {"lea": 50, "lam": 70}
    sizes = {"lam": 50, "yup": 35, "webcam": 50, "lea": 50, "tamale": 70}
    assert bc.international("webcam", 50, capital)
    assert not bc.international("lea", 50, capital)  # Lea: a name
    assert not bc.international("tamale", 70, capital)  # not an everyday word of SCOWL
    assert not bc.international("rad", 50, {})  # three letters: abbreviations and crosswordese
    out = bc.not_common(list(sizes), english, [{"yup": 9.0}] * 4 + others[:2], sizes.get,
                        capital, frozenset())
    assert out == ["lea", "tamale"]
