"""The days-ahead file (exact counts of the rolls of the day) and the grade's work budget:
the file is current and right, used only when verified, and a grade reads the same on a
fast and a slow machine."""

from __future__ import annotations

import datetime as dt
import gzip
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlesmith.lexicon import (
    DEFAULT_COMMON_TOP,
    Lexicon,
    LexiconIndex,
    LexiconSpec,
    load_lexicon,
    narrowed,
)
from puzzlesmith.limits import Deadline
from puzzlesmith.qless import ahead, play
from puzzlesmith.qless.dice import REAL_KEY
from puzzlesmith.qless.solve import search_roll
from tests.clock import Clock


def lists() -> tuple[Lexicon, LexiconIndex]:
    return load_lexicon(None), narrowed(LexiconSpec(common_top=DEFAULT_COMMON_TOP))[1]


def bundled() -> ahead.Ahead:
    return ahead.from_bytes(ahead.BUNDLED.read_bytes())


def test_the_bundled_file_is_made_on_the_bundled_lists_and_covers_a_run_of_days() -> None:
    full, common = lists()
    found = bundled()
    assert found.matches(full.content_hash, common.content_hash, REAL_KEY), (
        "the days-ahead file is stale (the word lists changed): rebuild it with "
        "nice python scripts/build_daily.py --first 2026-12-01 --last <a date>")
    days = sorted(found.days)
    assert days[0] == dt.date(2026, 12, 1) and len(days) >= 390
    assert days == [days[0] + dt.timedelta(days=i) for i in range(len(days))]
    assert found.header["last"] == days[-1].isoformat()


@pytest.mark.slow
def test_a_seeded_sample_of_shipped_days_is_rolled_and_counted_again() -> None:
    # Seed 42: three days of the file, rolled again and counted again with no limit (days of
    # under 20,000 all-words solutions, a few seconds each; the counter itself is checked
    # against the brute-force solver in test_qless_oracle).
    full, common = lists()
    found = bundled()
    small = [d for d in sorted(found.days) if found.days[d].solutions < 20_000]
    for date in random.Random(42).sample(small, 3):
        day = found.days[date]
        again = play.daily(date, full, common, deadline=Deadline(10), graded=False)
        assert (again.letters, again.attempt) == (day.letters, day.attempt)
        n_common = search_roll(day.letters, common, deadline=Deadline(None), count=True)
        n_all = search_roll(day.letters, full, deadline=Deadline(None), count=True)
        assert (n_common.solutions, n_all.solutions) == (day.common_solutions, day.solutions)


def daily_json(date: str, **env: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", "qless", "daily", "--date", date,
                           "--json"], capture_output=True, text=True, check=True,
                          env={**os.environ, **env})
    doc = json.loads(done.stdout)
    assert isinstance(doc, dict)
    return doc


def test_the_roll_of_a_covered_day_has_exact_counts() -> None:
    # 2026-12-07 has 662 common-word and 136,737 all-words solutions; a budget of work alone
    # gives "at least 8,577" of the latter.
    doc = daily_json("2026-12-07")
    assert doc["letters"] == "mgnrrshjcouo" and doc["counted_ahead"] is True
    assert (doc["common_solutions"], doc["common_complete"]) == (662, True)
    assert (doc["solutions"], doc["solutions_complete"]) == (136_737, True)
    assert doc["grade"] == "novice" and doc["exact"] is True


def write_file(path: Path, header: dict[str, object], rows: list[ahead.Day]) -> Path:
    ahead.write(header, rows, path)
    ahead._load.cache_clear()
    return path


def test_a_file_is_used_only_when_verified(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    full, common = lists()
    head = {"lexicon_hash": full.content_hash, "common_hash": common.content_hash,
            "dice": REAL_KEY}
    date = dt.date(2026, 12, 7)
    right = ahead.Day(date, "mgnrrshjcouo", 0, 7, 70)  # counts made up, to see them used
    monkeypatch.setenv(ahead.ENV, str(write_file(tmp_path / "a.tsv.gz", head, [right])))
    g = play.daily_grade("mgnrrshjcouo", full, common, deadline=Deadline(10), date=date)
    assert (g.common_solutions, g.solutions, g.ahead, g.grade) == (7, 70, True, "advanced")
    counted = play.daily_grade("mgnrrshjcouo", full, common, deadline=Deadline(10))
    assert not counted.ahead and counted.common_solutions != 7  # no date: counted
    # Another roll on that date (other dice), another date, another word list, other dice,
    # a damaged file: each is counted within the work budget instead.
    assert ahead.lookup(date, "mgnrrshjcoua", full.content_hash, common.content_hash,
                        REAL_KEY) is None
    assert ahead.lookup(date + dt.timedelta(days=1), "mgnrrshjcouo", full.content_hash,
                        common.content_hash, REAL_KEY) is None
    assert ahead.lookup(date, "mgnrrshjcouo", "0" * 20, common.content_hash, REAL_KEY) is None
    assert ahead.lookup(date, "mgnrrshjcouo", full.content_hash, common.content_hash,
                        "abcdef " * 12) is None
    for hashes in ({"lexicon_hash": "x"}, {"common_hash": "x"}, {"dice": "x"}):
        monkeypatch.setenv(ahead.ENV, str(write_file(tmp_path / "b.tsv.gz", {**head, **hashes},
                                                     [right])))
        g = play.daily_grade("mgnrrshjcouo", full, common, deadline=Deadline(10), date=date)
        assert not g.ahead and g == counted
    damaged = tmp_path / "c.tsv.gz"
    raw = gzip.decompress(ahead.to_bytes(head, [right])).decode()
    for bad in (raw.replace('"days": 1', '"days": 2'), raw.replace("\t7\t", "\t71\t"),
                raw.replace('"format": 1', '"format": 0'), "not a file"):
        damaged.write_bytes(gzip.compress(bad.encode()))
        with pytest.raises(ValueError):
            ahead.from_bytes(damaged.read_bytes())
        monkeypatch.setenv(ahead.ENV, str(damaged))
        ahead._load.cache_clear()
        g = play.daily_grade("mgnrrshjcouo", full, common, deadline=Deadline(10), date=date)
        assert not g.ahead and g == counted
    ahead._load.cache_clear()


def test_the_file_round_trips(tmp_path: Path) -> None:
    days = [ahead.Day(dt.date(2027, 1, 1) + dt.timedelta(days=i), "abcdefghijkl"[i:] + "x" * i,
                      i, i + 1, 10 * i + 1) for i in range(5)]
    back = ahead.from_bytes(ahead.to_bytes({"dice": "d"}, days[::-1]))
    assert list(back.days.values()) == days
    assert back.header["first"] == "2027-01-01" and back.header["last"] == "2027-01-05"


@pytest.mark.slow
def test_a_grade_reads_the_same_on_a_fast_and_a_slow_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    # lphwrbhtmnua: 154 common-word and 11,303 all-words solutions; 2 s of limit count the
    # common ones to the end and cut the others. On a wall clock alone, a machine ten times
    # slower cut them at another point (the grade differed); within the work budget it does
    # not, and a machine so slow that the time limit comes first says so.
    full, common = lists()
    grades = []
    for step in (0.0001, 0.001, 0.01, 0.2):
        Clock(step).install(monkeypatch)
        grades.append(play.grade("lphwrbhtmnua", full, common, deadline=Deadline(2)))
        monkeypatch.undo()
    fast, middle, slow, crawling = grades
    assert fast == middle == slow and not fast.clock_cut
    assert (fast.common_solutions, fast.common_exact) == (154, True)
    assert fast.solutions is not None and 1 <= fast.solutions < 11_303 and not fast.solutions_exact
    assert crawling.clock_cut and crawling.to_json()["time_limit_cut"] is True
    assert crawling.solutions is None or crawling.solutions < fast.solutions


def test_the_cli_says_when_the_time_limit_cut_a_grade(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from puzzlesmith.cli import app

    Clock(0.5).install(monkeypatch)
    done = CliRunner().invoke(app, ["qless", "grade", "lphwrbhtmnua", "-t", "2"])
    assert done.exit_code == 0, done.output
    assert "the time limit cut the count before its work budget" in done.output
