"""The SQLite store: rows in, rows out, and which rolls count as done."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzlesmith.errors import InputError
from puzzlesmith.qless.atlas import store

from .helpers import make_row


def test_rows_round_trip_and_lookup(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite"
    con = store.connect(db)
    store.insert_rows(con, [make_row("abc"), make_row("def", "unsolvable")])
    assert store.count_done(con, "h1", need_count=False) == 2
    doc = store.lookup(db, "CBA", "h1")
    assert doc is not None
    assert doc["status"] == "solved" and doc["board"] == ["abc", "d.e"] and doc["words"] == ["abc"]
    assert doc["found"] is True
    assert doc["atlas"]["probability"] == pytest.approx(100 / 6**12)
    assert doc["atlas"]["engine_version"] == "test"
    assert store.lookup(db, "abc", "other-lexicon") is None
    assert store.lookup(db, "xyz", "h1") is None
    assert store.lookup(tmp_path / "missing.sqlite", "abc", "h1") is None
    assert not (tmp_path / "missing.sqlite").exists()


def test_a_newer_answer_replaces_the_old_one(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "a.sqlite")
    store.insert_rows(con, [make_row("abc", "timeout")])
    store.insert_rows(con, [make_row("abc", "solved")])
    assert [r.status for rows in store.iter_rows(con) for r in rows] == ["solved"]


def test_done_rules(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "a.sqlite")
    store.insert_rows(con, [
        make_row("aaa"),
        make_row("bbb", "timeout"),
        make_row("ccc", solution_count=3, count_complete=1),
        make_row("ddd", "unsolvable"),
        make_row("eee", solution_count=1, count_complete=0),
        make_row("fff", lexicon_hash="h2"),
    ])
    keys = ["aaa", "bbb", "ccc", "ddd", "eee", "fff", "ggg"]
    assert store.done_among(con, "h1", keys, need_count=False) == {"aaa", "bbb", "ccc", "ddd", "eee"}
    # Counting needs a count: a first-solution-only row is not done, an unsolvable one is.
    assert store.done_among(con, "h1", keys, need_count=True) == {"bbb", "ccc", "ddd", "eee"}
    assert store.count_done(con, "h1", need_count=True) == 4
    assert store.timeouts(con, "h1", counts_too=False) == [("bbb", 100)]
    assert [k for k, _ in store.timeouts(con, "h1", counts_too=True)] == ["bbb", "eee"]
    assert sorted(store.lexicons(con)) == [("h1", "lex-h1", 5), ("h2", "lex-h2", 1)]


def test_many_keys_are_checked_in_parts(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "a.sqlite")
    keys = [f"k{i:05d}" for i in range(1234)]
    store.insert_rows(con, [make_row(k) for k in keys[::2]])
    assert store.done_among(con, "h1", keys, need_count=False) == set(keys[::2])


def test_draws_are_recorded_once(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "a.sqlite")
    store.record_draws(con, 7, ["abc", "abc", "def"])
    store.record_draws(con, 7, ["abc", "abc", "def"])
    assert con.execute("SELECT COUNT(*) FROM draws").fetchone()[0] == 3


def test_not_an_atlas_is_one_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("hello, this is not a database\n" * 100)
    with pytest.raises(InputError, match="cannot open atlas"):
        store.connect(bad)
    with pytest.raises(InputError, match="no atlas at"):
        store.connect(tmp_path / "none.sqlite", create=False)
    assert store.lookup(bad, "abc", "h1") is None


def test_wal_mode(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "a.sqlite")
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_engine_version_names_the_engine_source() -> None:
    from puzzlesmith.qless.atlas.work import engine_version

    assert re.fullmatch(r"puzzlesmith \S+ qless-[0-9a-f]{10}", engine_version())


def test_a_schema_1_atlas_is_migrated_with_its_rows_on_the_real_dice(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "old.sqlite"
    old = sqlite3.connect(db)
    cols = ",".join(c for c in store.COLUMNS if c != "dice")
    old.executescript(f"""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO meta VALUES ('schema_version', '1');
        CREATE TABLE rolls ({cols.replace(',', ' ,')} , UNIQUE (letters, lexicon_hash));
        CREATE TABLE draws (seed INTEGER NOT NULL, idx INTEGER NOT NULL, letters TEXT NOT NULL,
                            PRIMARY KEY (seed, idx)) WITHOUT ROWID;
        INSERT INTO draws VALUES (3, 0, 'abc');
    """)
    row = make_row("abc")
    old.execute(f"INSERT INTO rolls ({cols}) VALUES ({','.join('?' * 17)})", row.values()[:17])
    old.commit()
    old.close()
    con = store.connect(db)
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == "2"
    (moved,) = [r for rows in store.iter_rows(con) for r in rows]
    assert moved == row and moved.dice == store.REAL_DICE
    assert con.execute("SELECT dice, seed, idx, letters FROM draws").fetchall() == [
        (store.REAL_DICE, 3, 0, "abc")]
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # The same roll of other dice is another row, not a replacement.
    store.insert_rows(con, [row._replace(dice="aaaaaa bbbbbb cccccc", outcomes=1)])
    assert store.lookup(db, "abc", "h1")["atlas"]["outcomes"] == 100  # type: ignore[index]
    other = store.lookup(db, "abc", "h1", dice="aaaaaa bbbbbb cccccc")
    assert other is not None and other["atlas"]["outcomes"] == 1
