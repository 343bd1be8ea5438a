"""--no-foreign on the word commands: answers equal a plain scan of the word list less the
shipped flags (read here, not through the module under test); wordgrid create leaves foreign
words out unless asked, wordgrid solve lets them in unless asked."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from functools import lru_cache
from importlib import resources

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli import run
from tests.foundation.oracles import oracle_anagrams, oracle_match
from tests.foundation.test_startup import run_cli

DATA = resources.files("puzzlesmith.lexicon").joinpath("data")


@lru_cache(maxsize=1)
def flags() -> frozenset[str]:
    lines = gzip.decompress(DATA.joinpath("foreign.txt.gz").read_bytes()).decode().split("\n")
    return frozenset(w for w in lines[1:] if w)


@lru_cache(maxsize=1)
def by_length() -> dict[int, list[str]]:
    words = gzip.decompress(DATA.joinpath("letterpress.txt.gz").read_bytes()).decode().split()
    out: dict[int, list[str]] = {}
    for w in words:
        out.setdefault(len(w), []).append(w)
    return out


def kept(n: int) -> list[str]:
    return [w for w in by_length()[n] if w not in flags()]


# Patterns of fixed letters and ?, each from a flagged word so that the filter has work to do.
@st.composite
def patterns(draw: st.DrawFn) -> str:
    word = draw(st.sampled_from(sorted(w for w in flags() if 3 <= len(w) <= 7)))
    holes = draw(st.lists(st.booleans(), min_size=len(word), max_size=len(word)))
    return "".join("?" if h else ch for ch, h in zip(word, holes, strict=True))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pattern=patterns())
def test_match_no_foreign_is_the_scan_less_the_flags(pattern: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["match", pattern, "--no-foreign", "--json"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["words"] == oracle_match(kept(len(pattern)), pattern)
    assert doc["count"] == len(doc["words"])


def test_match_lets_foreign_words_in_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["match", "m?ch?", "--json"], capsys)
    assert "mucho" in json.loads(out)["words"]
    _, out, _ = run(["match", "m?ch?", "--no-foreign", "--json"], capsys)
    words = json.loads(out)["words"]
    assert "mucho" not in words and "macho" in words


@pytest.mark.parametrize("letters", ["adieuo", "ciaosm", "merchi"])
def test_anagram_no_foreign_is_the_scan_less_the_flags(letters: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["anagram", letters, "--no-foreign", "--json"], capsys)
    assert code == 0
    pool = [w for n in range(3, len(letters) + 1) for w in kept(n)]
    assert sorted(json.loads(out)["words"]) == oracle_anagrams(pool, letters, 3)


def test_create_leaves_foreign_words_out_unless_asked(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(6):
        code, out, _ = run(["wordgrid", "create", "--seed", str(seed), "--word-rows", "--json"],
                           capsys)
        doc = json.loads(out)
        assert code == 0 and doc["status"] == "created"
        used = {doc["answer"], *doc["columns"], *doc["grid"]}
        assert not used & flags(), used & flags()
    code, _, err = run(["wordgrid", "create", "--word", "mucho"], capsys)
    assert code == 2 and "foreign" in err and "--foreign" in err
    code, out, _ = run(["wordgrid", "create", "--word", "mucho", "--foreign", "--seed", "1",
                        "--json"], capsys)
    assert code == 0 and json.loads(out)["answer"] == "mucho"


def test_solve_lets_foreign_words_in_unless_asked(capsys: pytest.CaptureFixture[str]) -> None:
    rows = ["?????", "eraee", "edmps"]  # made by `create --word mucho --foreign --no-unique --seed 1`
    _, out, _ = run(["wordgrid", "solve", *rows, "--all", "--json"], capsys)
    every = [s["words"][0] for s in json.loads(out)["solutions"]]
    assert "mucho" in every
    _, out, _ = run(["wordgrid", "solve", *rows, "--all", "--no-foreign", "--json"], capsys)
    doc = json.loads(out)
    without = [s["words"][0] for s in doc["solutions"]]
    for s in doc["solutions"]:
        assert not {*s["words"], *s["columns"]} & flags()
    full = set(w for n in (3, 5) for w in by_length()[n])
    expected = [w for w in every if w not in flags() and all(
        c in full and c not in flags() for c in ("".join(col) for col in zip(w, *rows[1:], strict=True)))]
    assert without == expected
    _, out, _ = run(["wordgrid", "solve", *rows, "--no-foreign"], capsys)
    assert ("foreign words were left out" in out) == (not without)


@pytest.mark.parametrize("args", [
    ["match", "a?p?e", "--json"],
    ["anagram", "listen", "--json"],
    ["wordgrid", "solve", "??????", "ipoaru", "gettct", "--json"],
])
def test_a_query_without_the_filter_never_reads_the_flags(args: list[str]) -> None:
    for extra, loaded in (([], "False"), (["--no-foreign"], "True")):
        probe = (run_cli([*args, *extra])
                 + "\nimport sys\nprint('puzzlesmith.lexicon.foreign' in sys.modules)")
        out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                             check=True)
        assert out.stdout.splitlines()[-1] == loaded, extra
