"""Other dice: parsing `--dice`, rolling them, their roll space, their atlas rows and bad input."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import Lexicon
from puzzlesmith.qless.atlas import sources, stats, store
from puzzlesmith.qless.atlas.rolls import count_rolls, iter_rolls, outcomes
from puzzlesmith.qless.atlas.work import Job, solve_rolls
from puzzlesmith.qless.dice import DICE, REAL_KEY, dice_key, parse_dice, roll

SMALL = ("aabbcc", "abcdef", "cattle", "dogged")


def test_parse_dice_from_text_and_from_a_file(tmp_path: Path) -> None:
    assert parse_dice("AABBCC, abcdef  cattle\tdogged") == SMALL
    f = tmp_path / "dice.txt"
    f.write_text("# my dice\naabbcc\nABCDEF  # the second\n\ncattle\ndogged\n")
    assert parse_dice(str(f)) == SMALL
    assert parse_dice(" ".join(DICE)) == DICE
    assert dice_key(DICE) == REAL_KEY == store.REAL_DICE
    assert dice_key(reversed(SMALL)) == dice_key(["ccbbaa", *SMALL[1:]])  # order-free


@pytest.mark.parametrize("bad", ["abc", "aabbcc abcdef", "aabbcc abcdef abcde1", "abcdefg x y",
                                 " ".join(["abcdef"] * 17), "", "ab-def abcdef abcdef"])
def test_bad_dice_are_input_errors(bad: str) -> None:
    with pytest.raises(InputError):
        parse_dice(bad)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "puzzlesmith", *args], capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("args", [
    ["qless", "roll", "--dice", "abcdef abc"],
    ["qless", "atlas", "rolls", "--count", "--dice", "abcdef"],
    ["qless", "atlas", "rolls", "--sample", "3", "--dice", " ".join(["abcdef"] * 17)],
    ["qless", "atlas", "build", "--sample", "3", "--dice", "abcdef abcdef abcde!"],
    ["qless", "atlas", "build", "--all", "--shard", "0/16"],
    ["qless", "atlas", "build", "--all", "--shard", "17/16"],
    ["qless", "atlas", "build", "--all", "--shard", "3"],
    ["qless", "atlas", "build", "--all", "--shard", "a/b"],
])
def test_bad_input_is_one_line_and_exit_2(args: list[str]) -> None:
    done = run(*args)
    assert done.returncode == 2, done
    assert done.stderr.startswith("error: ") and len(done.stderr.strip().splitlines()) == 1


def test_roll_other_dice() -> None:
    done = run("qless", "roll", "--seed", "4", "--dice", " ".join(SMALL), "--json")
    doc = json.loads(done.stdout)
    assert doc["letters"] == roll(4, SMALL) and doc["dice"] == list(SMALL)
    assert all(ch in die for ch, die in zip(doc["letters"], SMALL, strict=True))


def brute_rolls(dice: tuple[str, ...]) -> Counter[str]:
    return Counter("".join(sorted(faces)) for faces in itertools.product(*dice))


def test_the_roll_space_of_other_dice_against_every_outcome() -> None:
    expect = brute_rolls(SMALL)
    assert dict(iter_rolls(SMALL)) == dict(expect) and count_rolls(SMALL) == len(expect)
    assert all(outcomes(k, SMALL) == w for k, w in expect.items())


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 9).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, n))))
def test_shards_cover_the_rolls_once(nk: tuple[int, int]) -> None:
    n, _ = nk
    every = [r for chunk in sources.all_rolls(SMALL) for r in chunk]
    shards = [[r for chunk in sources.shard_rolls(SMALL, k, n) for r in chunk]
              for k in range(1, n + 1)]
    assert [r for s in shards for r in s] == every
    assert max(map(len, shards)) - min(map(len, shards)) <= 1


def test_an_atlas_keeps_each_dice_apart(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "a.sqlite")
    lex = Lexicon("mini", "t", "t", ("abc", "cab", "bad", "dab", "cat", "act", "tab"))
    job = Job(lex, 2.0, dice=SMALL)
    rolls = [r for chunk in sources.weighted_sample(con, 50, seed=1, dice=SMALL) for r in chunk]
    store.insert_rows(con, solve_rolls(rolls, job))
    rows = [r for rows in store.iter_rows(con) for r in rows]
    assert rows and all(r.dice == dice_key(SMALL) for r in rows)
    assert all(r.probability == outcomes(r.letters, SMALL) / 6**4 for r in rows)
    mine = stats.compute(con, lex.content_hash, lex.name, count_rolls(SMALL), dice=dice_key(SMALL))
    assert mine.draws == 50 and mine.stored == len(rows) and mine.to_json()["dice"] == dice_key(SMALL)
    real = stats.compute(con, lex.content_hash, lex.name, 15_800_439)
    assert real.draws == 0 and real.stored == 0
