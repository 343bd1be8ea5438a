"""The estimators against known values and against the definitions."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlesmith.qless.atlas import stats, store

from .helpers import make_row


def test_wilson_known_values() -> None:
    # Textbook values (Newcombe 1998, table I): 0/10 -> [0, 0.2775], 81/263 -> [0.2553, 0.3662].
    e = stats.wilson(0, 10)
    assert e.value == 0 and e.low == 0 and e.high == pytest.approx(0.2775, abs=1e-4)
    e = stats.wilson(81, 263)
    assert (e.low, e.high) == (pytest.approx(0.2553, abs=1e-4), pytest.approx(0.3662, abs=1e-4))
    assert math.isnan(stats.wilson(0, 0).value)


@given(st.lists(st.booleans(), min_size=1, max_size=200))
def test_hajek_with_equal_weights_is_wilson(ys: list[bool]) -> None:
    y = np.array(ys, dtype=float)
    h = stats.hajek(y, np.full(len(y), 3.0))
    w = stats.wilson(int(y.sum()), len(y))
    assert h.value == pytest.approx(w.value)
    assert (h.low, h.high) == (pytest.approx(w.low), pytest.approx(w.high))


def test_hajek_reweights() -> None:
    # Two draws: solvable with weight 3, unsolvable with weight 1 -> 3/4.
    h = stats.hajek(np.array([1.0, 0.0]), np.array([3.0, 1.0]))
    assert h.value == pytest.approx(0.75)
    assert 0 <= h.low < 0.75 < h.high <= 1


def test_quantiles() -> None:
    q = stats.quantiles(np.arange(101, dtype=float))
    assert (q["min"], q["p50"], q["p90"], q["max"], q["count"]) == (0, 50, 90, 100, 101)
    assert stats.quantiles(np.empty(0)) == {}


def test_sample_estimates_from_draws(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "a.sqlite")
    store.insert_rows(con, [
        make_row("aaa", outcomes=300), make_row("bbb", "unsolvable", outcomes=100),
        make_row("ccc", "timeout", seconds=5.0), make_row("ddd", lexicon_hash="h2"),
    ])
    # aaa drawn three times, bbb once, ccc once (a timeout: left out), eee not solved yet.
    store.record_draws(con, 1, ["aaa", "bbb", "aaa", "ccc", "aaa", "eee"])
    s = stats.compute(con, "h1", "lex", total_rolls=1000, hardest=2)
    assert s.stored == 3 and s.by_status == {"solved": 1, "unsolvable": 1, "timeout": 1}
    assert (s.draws, s.draws_answered, s.draws_timeout) == (6, 5, 1)
    assert s.weighted is not None and s.weighted.value == pytest.approx(3 / 4)
    assert s.weighted.method == "wilson" and s.weighted.n == 4
    # Per distinct roll: aaa (1/p = 1/300, 3 draws) vs bbb (1/100, 1 draw) -> 0.01 / 0.02 = 1/2.
    assert s.unweighted is not None and s.unweighted.value == pytest.approx(0.5)
    assert [h["letters"] for h in s.hardest] == ["ccc", "aaa"]
    assert s.distributions["seconds_timeout"]["max"] == 5.0
    assert s.to_json()["sample"] == {"draws": 6, "answered": 5, "timeouts": 1}


def test_complete_atlas_is_exact(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "a.sqlite")
    store.insert_rows(con, [
        make_row("aaa", outcomes=300), make_row("bbb", "unsolvable", outcomes=100),
        make_row("ccc", outcomes=100),
    ])
    s = stats.compute(con, "h1", "lex", total_rolls=3)
    assert s.complete
    assert s.weighted is not None and s.weighted.method == "exact"
    assert s.weighted.value == pytest.approx(400 / 500)
    assert s.unweighted is not None and s.unweighted.value == pytest.approx(2 / 3)


def test_distributions_match_a_plain_count(tmp_path: Path) -> None:
    # The one-pass scan (typed arrays, NULLs as -1) against Python over the same rows.
    import random

    rng = random.Random(3)
    con = store.connect(tmp_path / "d.sqlite")
    rows = []
    for i in range(500):
        status = rng.choice(["solved", "solved", "unsolvable", "timeout"])
        rows.append(make_row(f"r{i:04d}", status)._replace(
            anagram_count=None if i % 7 == 0 else rng.randint(0, 900),
            placements=None if i % 11 == 0 else rng.randint(0, 10**7),
            seconds=round(rng.random() * 5, 6)))
    store.insert_rows(con, rows)
    s = stats.compute(con, "h1", "lex-h1", 10**6)
    for column, key in (("anagram_count", "anagram_count"), ("placements", "placements")):
        values = [getattr(r, column) for r in rows if getattr(r, column) is not None]
        got = s.distributions[key]
        assert got["count"] == len(values) and got["min"] == min(values)
        assert got["max"] == max(values) and abs(got["mean"] - sum(values) / len(values)) < 1e-6
        assert got["p50"] == pytest.approx(float(np.quantile(values, 0.5)))
    for status in ("solved", "unsolvable", "timeout"):
        secs = [r.seconds for r in rows if r.status == status]
        got = s.distributions[f"seconds_{status}"]
        assert got["count"] == len(secs) and got["max"] == max(secs) and got["min"] == min(secs)
        assert got["p90"] == pytest.approx(float(np.quantile(secs, 0.9)), abs=1e-6)
