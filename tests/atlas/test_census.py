"""The census file: built from a complete atlas of toy dice, read back, and consulted.

Oracles: for three dice, a roll is solvable exactly when its three letters, in some order,
are a word (a 3-cell board is one word), and P(solvable) is counted over every face
outcome with itertools; neither uses the engine or the atlas's enumeration.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.qless import census
from puzzlesmith.qless.atlas import store
from puzzlesmith.qless.atlas.rolls import iter_rolls
from puzzlesmith.qless.atlas.to_census import from_atlas
from puzzlesmith.qless.dice import REAL_KEY, dice_key
from tests.cli import run as run_cli

TOY = ("aeiouu", "rstlne", "bcdfgh")
TOY_SPEC = " ".join(TOY)
ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "build_census.py"


def solvable_by_words(roll: str, words: frozenset[str]) -> bool:
    return any("".join(p) in words for p in itertools.permutations(roll))


@pytest.fixture(scope="module")
def toy_atlas(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("census") / "toy.sqlite"
    args = ["qless", "atlas", "build", "--all", "--dice", TOY_SPEC, "--db", str(db),
            "--workers", "1", "--batch-size", "64", "--json"]
    from puzzlesmith.cli import main

    try:
        main([*args, "--shard", "1/2"])
    except SystemExit as e:
        assert not e.code
    return db


def _script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, check=False)


def test_an_incomplete_atlas_is_refused_then_the_census_is_exact(
    toy_atlas: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "toy.census"
    half = _script("--db", str(toy_atlas), "--dice", TOY_SPEC, "--out", str(out))
    assert half.returncode == 2 and "final answers of the" in half.stderr and not out.exists()
    code, _, _ = run_cli(["qless", "atlas", "build", "--all", "--dice", TOY_SPEC, "--db",
                          str(toy_atlas), "--workers", "1", "--batch-size", "64"], capsys)
    assert code == 0
    done = _script("--db", str(toy_atlas), "--dice", TOY_SPEC, "--out", str(out))
    assert done.returncode == 0, done.stderr
    made = census.read(out)

    lex = narrowed(LexiconSpec())[0]
    words = frozenset(w for w in lex.words if len(w) == 3)
    rolls = list(iter_rolls(TOY))
    assert made.rolls == len(rolls) and made.dice == dice_key(TOY)
    assert made.lexicon_hash == lex.content_hash and made.header["engine_versions"]
    for i, (key, _) in enumerate(rolls):
        truth = solvable_by_words(key, words)
        assert made.solvable_at(i) == truth, key
        assert made.is_unsolvable(key) == (not truth)
    assert list(made.unsolvable) == sorted(k for k, _ in rolls if not solvable_by_words(k, words))
    good = sum(solvable_by_words("".join(sorted(f)), words) for f in itertools.product(*TOY))
    p = Fraction(made.to_json()["p_solvable_exact"])
    assert p == Fraction(good, 6**3)

    # The atlas and the census give the same unsolvable list.
    code, listed, _ = run_cli(["qless", "atlas", "stats", "--db", str(toy_atlas), "--dice",
                               TOY_SPEC, "--unsolvable"], capsys)
    assert code == 0 and listed.split() == list(made.unsolvable)


def test_stats_print_the_census_figures(
    toy_atlas: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    con = store.connect(toy_atlas)
    made = from_atlas(con, narrowed(LexiconSpec())[0].content_hash, TOY) if _complete(con) else None
    if made is None:
        pytest.skip("the toy atlas is completed by the test above")
    path = tmp_path / "toy.census"
    census.write(made, path)
    monkeypatch.setenv(census.ENV, str(path))
    census._load.cache_clear()
    code, out, _ = run_cli(["qless", "atlas", "stats", "--db", str(toy_atlas), "--dice",
                            TOY_SPEC, "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["census"]["unsolvable"] == len(made.unsolvable)
    assert doc["census"]["rolls"] == doc["total_rolls"]
    code, out, _ = run_cli(["qless", "atlas", "stats", "--db", str(tmp_path / "none.sqlite"),
                            "--dice", TOY_SPEC, "--unsolvable"], capsys)
    assert code == 0 and out.split() == list(made.unsolvable)
    census._load.cache_clear()


def _complete(con: object) -> bool:
    try:
        from_atlas(con, narrowed(LexiconSpec())[0].content_hash, TOY)  # type: ignore[arg-type]
    except census.IncompleteCensus:
        return False
    return True


def _real_census(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A census of the real dice that lists two rolls the exhaustive search proves
    unsolvable (tests/qless checks the engine against the brute force), with a placeholder
    bit array, made the one consulted."""
    lex = narrowed(LexiconSpec())[0]
    listed = ("abbbceggnnpw", "bcefggjmnntu")
    header = {"lexicon": lex.name, "lexicon_hash": lex.content_hash, "dice": REAL_KEY,
              "engine_versions": ["test"], "rolls": 16, "unsolvable": 2, "outcomes": 6**12,
              "unsolvable_outcomes": 2, "p_solvable": 1 - 2 / 6**12}
    path = tmp_path / "real.census"
    census.write(census.Census(header, b"\xff\xfc", listed), path)
    monkeypatch.setenv(census.ENV, str(path))
    census._load.cache_clear()


def test_qless_solve_answers_unsolvable_from_the_census(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lex = narrowed(LexiconSpec())[0]
    _real_census(tmp_path, monkeypatch)
    try:
        code, out, _ = run_cli(["qless", "solve", "bcefggjmnntu", "--json"], capsys)
        doc = json.loads(out)
        assert code == 0 and doc["status"] == "unsolvable" and doc["placements"] == 0
        assert doc["census"]["lexicon_hash"] == lex.content_hash
        code, out, _ = run_cli(["qless", "solve", "BCEFGGJMNNTU", "--count"], capsys)
        assert code == 0 and "census" in out and "exactly 0" in out
        # A roll the census does not list is searched as before.
        code, out, _ = run_cli(["qless", "solve", "aabbccddeeff", "--json"], capsys)
        assert "census" not in json.loads(out)
        # Another word list: the census is not consulted (the search decides).
        words = tmp_path / "w.txt"
        words.write_text("abc\n")
        code, out, _ = run_cli(["qless", "solve", "abbbceggnnpw", "--lexicon", str(words),
                                "--json"], capsys)
        assert code == 0 and "census" not in json.loads(out)
    finally:
        census._load.cache_clear()


def test_the_web_solve_answers_from_the_census_as_the_cli_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from puzzlesmith.web.tasks import run_qless_solve

    _real_census(tmp_path, monkeypatch)
    try:
        doc = run_qless_solve("BCEFGGJMNNTU", count=True)
        assert doc["status"] == "unsolvable" and doc["placements"] == 0
        assert doc["solutions"] == 0 and "census" in doc
        assert "census" not in run_qless_solve("aabbccddeeff")
    finally:
        census._load.cache_clear()


def test_a_damaged_census_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "bad.census"
    path.write_bytes(census.MAGIC + b'{"rolls": 3}\n')
    monkeypatch.setenv(census.ENV, str(path))
    census._load.cache_clear()
    try:
        assert census.available() is None
        assert census.lookup("abc", "h", REAL_KEY) is None
    finally:
        census._load.cache_clear()
