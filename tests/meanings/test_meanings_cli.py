"""`define`, the meaning filters, --phrases and --define on the command line."""

from __future__ import annotations

import json
import re

import pytest

from puzzlesmith.lexicon import meanings as m
from puzzlesmith.lexicon import means
from tests.cli import run


def docs(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_define_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["define", "falcon", "geese", "chadarim", "--json"], capsys)
    assert code == 0
    falcon, geese, chadarim = docs(out)
    assert set(falcon) >= {"word", "base", "senses"}
    assert falcon["base"] is None and geese["base"] == "goose"
    assert set(falcon["senses"][0]) >= {"pos", "gloss", "examples", "synonyms", "kind_of"}
    # (define adds the word's sounds, none for a word the pronouncing dictionary lacks)
    assert chadarim == {"word": "chadarim", "base": None, "senses": [], "pronunciations": [],
                        "syllables": []}


def test_define_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["define", "geese"], capsys)
    assert code == 0
    assert "geese (base form: goose)" in out and "noun" in out and "kind of:" in out


@pytest.mark.parametrize("bad", ["b1rd", "caf\u00e9", "x_y"])
def test_define_bad_input_exit_2(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["define", "falcon", bad], capsys)
    assert code == 2 and out == "" and err.startswith("error:") and len(err.splitlines()) == 1


def test_match_kind_of(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["match", "?a?c??", "--kind-of", "bird", "--json"], capsys)
    (doc,) = docs(out)
    assert code == 0 and "falcon" in doc["words"]
    _, out, _ = run(["match", "?a?c??", "--json"], capsys)
    (plain,) = docs(out)
    birds = m.kind_of("bird")
    # exactly the pattern's words that are birds or plurals of birds
    assert set(doc["words"]) <= set(plain["words"])
    assert {w for w in plain["words"] if w in birds} <= set(doc["words"])
    assert set(doc) == set(plain)


def test_unknown_topic_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["match", "?????", "--kind-of", "xyzzy"], capsys)
    assert code == 2 and err.strip() == "error: no noun sense of 'xyzzy' in WordNet"


def test_pattern_colon_text_is_means(capsys: pytest.CaptureFixture[str]) -> None:
    _, a, _ = run(["match", "?a???n:bird", "--json"], capsys)
    _, b, _ = run(["match", "?a???n", "--means", "bird", "--json"], capsys)
    da, db = docs(a)[0], docs(b)[0]
    assert da["words"] == db["words"] and "falcon" in da["words"]
    assert da["query"] == "?a???n:bird"


def test_means_ranks_kinds_before_mentions(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["match", "????????", "--means", "bird", "--json"], capsys)
    words = docs(out)[0]["words"]
    routes, inflect = means.means_routes("bird")

    def tier(w: str) -> int:
        if w in routes:
            return min(routes[w].values()) // m.TIER_STEP
        return min(inflect[b][p] for p, b in m.wordnet().base_forms(w)
                   if p in inflect.get(b, {})) // m.TIER_STEP

    assert [tier(w) for w in words] == sorted(tier(w) for w in words)
    assert len({tier(w) for w in words}) > 1


def test_phrases(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["match", "newy???", "--phrases", "--json"], capsys)
    assert code == 0 and "new york" in docs(out)[0]["words"]
    _, out, _ = run(["match", "newy???", "--json"], capsys)
    assert "new york" not in docs(out)[0]["words"]
    _, out, _ = run(["anagram", "newyork", "--phrases", "--min-length", "7", "--json"], capsys)
    doc = docs(out)[0]
    assert "new york" in doc["words"] and "new york" in doc["full"]
    code, out, _ = run(["lexicon", "info", "phrases", "--json"], capsys)
    info = docs(out)[0]
    assert code == 0 and info["phrases"] >= info["words"] > 60_000


def test_wordgrid_solve_kind_of_bird(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["wordgrid", "solve", "??????", "ipoaru", "gettct", "--kind-of", "bird",
                        "--all", "--json"], capsys)
    (doc,) = docs(out)
    answers = {s["words"][0] for s in doc["solutions"]}
    assert code == 0 and {"falcon", "parrot"} <= answers and "common" not in answers
    _, out, _ = run(["wordgrid", "solve", "??????", "ipoaru", "gettct", "--all", "--json"], capsys)
    everything = {s["words"][0] for s in docs(out)[0]["solutions"]}
    birds = m.kind_of("bird")
    assert answers == {w for w in everything if w in birds or any(
        b in birds for b in m.wordnet().bases(w, "n") if not m.wordnet().is_lemma(w))}


def test_wordgrid_create_kind_of(capsys: pytest.CaptureFixture[str]) -> None:
    birds = m.kind_of("bird")
    for seed in (1, 2):
        code, out, _ = run(["wordgrid", "create", "--kind-of", "bird", "--seed", str(seed),
                            "--json"], capsys)
        doc = docs(out)[0]
        assert code == 0 and doc["status"] == "created"
        answer = doc["answer"]
        assert answer in birds or any(b in birds for b in m.wordnet().bases(answer, "n"))
    code, _, err = run(["wordgrid", "create", "--kind-of", "bird", "--word", "common"], capsys)
    assert code == 2 and "not a kind of" in err


def test_define_flags(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["anagram", "listen", "--min-length", "6", "--define"], capsys)
    assert code == 0 and re.search(r"silent\*?\s+marked by absence of sound", out)
    _, out, _ = run(["wordgrid", "solve", "??????", "ipoaru", "gettct", "--kind-of", "bird",
                     "--define", "--json"], capsys)
    assert docs(out)[0]["definitions"]["falcon"].startswith("diurnal birds of prey")
    code, out, _ = run(["qless", "solve", "mvhdrxwcciaa", "--no-anagrams", "--define", "--json"],
                       capsys)
    doc = docs(out)[0]
    assert code == 0 and set(doc["definitions"]) == set(doc["words"])


def test_wordgrid_no_answer_of_the_kind_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["wordgrid", "solve", "??????", "ipoaru", "gettct", "--kind-of",
                        "musical instrument", "--json"], capsys)
    doc = docs(out)[0]
    assert code == 0 and doc["count"] == 0
    assert "letterpress+kind-of:musical instrument" in doc["note"]
    assert doc["note"].endswith("has 284 solutions (drop the meaning filter)")


def test_define_keeps_the_author_credit_after_an_example(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    code, out, _ = run(["define", "fixed"], capsys)
    assert code == 0 and re.search(r'hollow look"\s+- Connor Cruise\s+O\'Brien', out)
    _, out, _ = run(["define", "fixed", "--json"], capsys)
    examples = [e for s in docs(out)[0]["senses"] for e in s["examples"]]
    assert "his bearded face already has a set hollow look \u2014 Connor Cruise O'Brien" in examples
