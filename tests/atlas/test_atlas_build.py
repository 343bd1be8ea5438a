"""Builds on a Dask LocalCluster: the runner, the real solver, and the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.limits import Deadline
from puzzlesmith.qless.atlas import runner, sources, store
from puzzlesmith.qless.atlas.rolls import outcomes, sample_rolls
from puzzlesmith.qless.atlas.work import Job
from puzzlesmith.qless.solve import search_roll
from tests.cli import run as run_cli

from .tasks import failing_task, parity_task

LEX = narrowed(LexiconSpec())[0]


def test_runner_stores_every_roll_once(dask_client: Any, tmp_path: Path) -> None:
    con = store.connect(tmp_path / "a.sqlite")
    job = Job(LEX, 1.0)
    rolls = [(k, outcomes(k)) for k in dict.fromkeys(sample_rolls(60, seed=2))]
    seen: list[int] = []
    todo = runner.pending(con, job, [rolls])
    report = runner.run(
        dask_client, con, job, todo, total=len(rolls), task=parity_task, batch_size=7,
        commit_rows=10, on_progress=lambda p: seen.append(p.done),
    )
    assert report.solved == len(rolls) == seen[-1] and seen == sorted(seen)
    stored = {r.letters: r for rows in store.iter_rows(con) for r in rows}
    assert set(stored) == {k for k, _ in rolls}
    for k, w in rolls:
        assert stored[k].outcomes == w
        assert stored[k].status == ("solved" if w % 2 == 0 else "unsolvable")
    # Everything is done now: a second pass finds nothing to do.
    assert list(runner.pending(con, job, [rolls])) == []


def test_a_failing_worker_stops_the_build_but_keeps_what_was_stored(
    dask_client: Any, tmp_path: Path
) -> None:
    con = store.connect(tmp_path / "a.sqlite")
    job = Job(LEX, 1.0)
    rolls = [(f"r{i:03d}", 2) for i in range(40)] + [("boom", 2)]
    with pytest.raises(runner.BuildError, match="boom"):
        runner.run(dask_client, con, job, iter(rolls), task=failing_task, batch_size=4)
    assert store.count_done(con, LEX.content_hash, need_count=False) >= 1


def test_real_solver_rows_match_a_direct_solve(dask_client: Any, tmp_path: Path) -> None:
    con = store.connect(tmp_path / "a.sqlite")
    job = Job(LEX, 3.0)
    picks = sources.weighted_sample(con, 4, seed=5)
    report = runner.run(dask_client, con, job, runner.pending(con, job, picks), batch_size=2)
    assert report.solved == sum(len(c) for c in picks)
    index = narrowed(LexiconSpec())[1]
    for rows in store.iter_rows(con):
        for row in rows:
            direct = search_roll(row.letters, index, deadline=Deadline(3.0))
            if "timeout" not in (row.status, direct.status):
                assert row.status == direct.status
            # The atlas's verdict skips the anagram list when a word tree answers.
            if '"method": "word-tree"' in row.result:
                assert row.anagram_count is None and row.status == "solved"
            else:
                assert row.anagram_count == len(direct.anagrams)
            assert row.lexicon_hash == LEX.content_hash and row.engine_version
            doc = store.lookup(tmp_path / "a.sqlite", row.letters, LEX.content_hash)
            assert doc is not None and doc["status"] == row.status


@pytest.mark.slow
def test_rolls_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["qless", "atlas", "rolls", "--count"], capsys)
    assert code == 0 and out.strip() == "15,800,439"
    code, out, _ = run_cli(["qless", "atlas", "rolls", "--sample", "3", "--seed", "1", "--json"],
                           capsys)
    docs = [json.loads(line) for line in out.splitlines()]
    assert [d["letters"] for d in docs] == sample_rolls(3, seed=1)
    assert all(d["outcomes"] == outcomes(d["letters"]) for d in docs)
    assert all(d["probability"] == d["outcomes"] / 6**12 for d in docs)
    code, out, _ = run_cli(["qless", "atlas", "rolls", "--uniform", "4", "--seed", "2"], capsys)
    pairs = [line.split() for line in out.splitlines()]
    assert code == 0 and len({k for k, _ in pairs}) == 4
    assert all(outcomes(k) == int(w) for k, w in pairs)


@pytest.mark.parametrize(
    "args",
    [
        ["rolls"],
        ["rolls", "--count", "--sample", "2"],
        ["rolls", "--uniform", "0"],
        ["build", "--db", "{db}"],
        ["build", "--all", "--sample", "3", "--db", "{db}"],
        ["build", "--sample", "0", "--db", "{db}"],
        ["build", "--sample", "2", "--timeout", "-1", "--db", "{db}"],
        ["build", "--sample", "2", "--scheduler", "localhost:8786", "--db", "{db}"],
        ["build", "--from", "{bad}", "--db", "{db}"],
        # (no atlas, and no census of the common words: the bundled one is of the whole list)
        ["stats", "--db", "{missing}", "--common"],
        ["lookup", "abc", "--db", "{missing}", "--common"],
        ["export", "--parquet", "{out}", "--db", "{missing}"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "rolls.txt"
    bad.write_text("cdeiklrrtuwx\naaaaaaaaaaaa\n")
    paths = {"db": tmp_path / "a.sqlite", "bad": bad, "missing": tmp_path / "none.sqlite",
             "out": tmp_path / "x.parquet"}
    code, out, err = run_cli(["qless", "atlas", *[a.format(**paths) for a in args]], capsys)
    assert code == 2
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "none.sqlite").exists()


def test_build_lookup_stats_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "a.sqlite"
    f = tmp_path / "rolls.txt"
    keys = sample_rolls(3, seed=9)
    f.write_text("\n".join(k.upper() for k in keys) + "\n" + keys[0] + "\n")
    args = ["qless", "atlas", "build", "--from", str(f), "--db", str(db), "--workers", "1",
            "--timeout", "2", "--json"]
    code, out, _ = run_cli(args, capsys)
    assert code == 0
    report = json.loads(out)
    assert report["solved"] == len(set(keys)) and report["workers"] == 1
    code, out, _ = run_cli(args, capsys)  # nothing left to do
    assert code == 0 and json.loads(out)["solved"] == 0

    code, out, _ = run_cli(["qless", "atlas", "lookup", *keys, "--db", str(db), "--json"], capsys)
    docs = [json.loads(line) for line in out.splitlines()]
    assert [d["letters"] for d in docs] == keys
    assert all(d["status"] in ("solved", "unsolvable", "timeout") for d in docs)
    code, out, _ = run_cli(["qless", "atlas", "lookup", "cdeiklrrtuwx", "--db", str(db)], capsys)
    assert code == 0 and ("not in the atlas" in out or "cdeiklrrtuwx" in keys)

    code, out, _ = run_cli(["qless", "atlas", "stats", "--db", str(db), "--json"], capsys)
    doc = json.loads(out)
    assert doc["stored"] == len(set(keys)) and doc["total_rolls"] == 15_800_439
    assert doc["sample"]["draws"] == 0 and doc["solvable_weighted"] is None
    code, out, _ = run_cli(["qless", "atlas", "stats", "--db", str(db)], capsys)
    assert code == 0 and "rolls stored: 3 of 15,800,439" in out

    pq_path = tmp_path / "atlas.parquet"
    code, out, _ = run_cli(["qless", "atlas", "export", "--parquet", str(pq_path), "--db", str(db)],
                           capsys)
    assert code == 0
    table = pq.read_table(pq_path)
    assert sorted(table.column("letters").to_pylist()) == sorted(set(keys))
    assert set(table.column("status").to_pylist()) <= {"solved", "unsolvable", "timeout"}


def test_build_on_a_scheduler(
    dask_client: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--scheduler: the same build submitted to a running cluster by its address."""
    db = tmp_path / "a.sqlite"
    keys = sample_rolls(2, seed=31)
    address = dask_client.scheduler.address
    assert address.startswith("tcp://")
    code, out, _ = run_cli(["qless", "atlas", "build", "--sample", "2", "--seed", "31",
                            "--scheduler", address, "--db", str(db), "--json"], capsys)
    assert code == 0 and json.loads(out)["solved"] == len(set(keys))
    assert {r.letters for rows in store.iter_rows(store.connect(db)) for r in rows} == set(keys)


@pytest.mark.slow
def test_retry_timeouts_with_a_longer_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "a.sqlite"
    f = tmp_path / "rolls.txt"
    keys = sample_rolls(3, seed=12)
    f.write_text("\n".join(keys) + "\n")
    base = ["qless", "atlas", "build", "--db", str(db), "--workers", "1", "--json"]
    code, out, _ = run_cli([*base, "--from", str(f), "--timeout", "0.00001"], capsys)
    assert code == 0
    con = store.connect(db)
    assert store.timeouts(con, LEX.content_hash, counts_too=False)  # the tiny limit bit
    code, out, _ = run_cli([*base, "--retry-timeouts", "--timeout", "10"], capsys)
    assert code == 0
    assert store.timeouts(con, LEX.content_hash, counts_too=False) == []
    limits = {r.letters: r.time_limit for rows in store.iter_rows(con) for r in rows}
    assert set(limits) == set(keys)
    assert 10.0 in limits.values()


@pytest.mark.slow
def test_plan_for_all_rolls_skips_what_is_stored(tmp_path: Path) -> None:
    from puzzlesmith.qless.atlas.rolls import iter_rolls
    from puzzlesmith.qless.atlas.work import row_of

    con = store.connect(tmp_path / "a.sqlite")
    job = Job(LEX, 1.0)
    first = [r for r, _ in zip(iter_rolls(), range(5), strict=False)]
    doc = {"status": "solved", "board": None, "words": [], "anagram_count": 0,
           "placements": 0, "seconds": 0.0}
    store.insert_rows(con, [row_of(k, w, {"letters": k, **doc}, job) for k, w in first[:3]])
    todo, total = sources.plan(con, job, every=True)
    assert total == 15_800_439 - 3
    assert [next(todo), next(todo)] == first[3:5]
