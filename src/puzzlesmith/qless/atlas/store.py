"""The SQLite store: one row per roll and lexicon, keyed by the roll's sorted letters.

WAL journal and batched transactions: a run killed at any moment (kill -9 included) loses only
the batches not yet committed, and SQLite's journal keeps what was committed whole. The key is
a UNIQUE index on (letters, lexicon_hash) over an ordinary rowid table: rows are a few hundred
bytes, and keeping them out of the key's B-tree doubles the insert rate.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any, NamedTuple

import platformdirs

from puzzlesmith.errors import InputError
from puzzlesmith.qless.dice import REAL_KEY

SCHEMA_VERSION = 2
STATUSES = ("solved", "unsolvable", "timeout")
# The real dice's key (`qless.dice.dice_key`): rows of schema 1 all belong to them.
REAL_DICE = REAL_KEY

_TABLES = f"""
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rolls (
    letters TEXT NOT NULL,            -- the roll: its letters sorted
    lexicon_hash TEXT NOT NULL,       -- content hash of the word list it was solved with
    lexicon TEXT NOT NULL,
    outcomes INTEGER NOT NULL,        -- face outcomes giving this roll, of 6^12
    probability REAL NOT NULL,        -- outcomes / 6^12
    status TEXT NOT NULL CHECK (status IN {STATUSES!r}),
    board TEXT,                       -- one solution, rows joined by newlines
    words TEXT,                       -- JSON list of that solution's words
    anagram_count INTEGER,
    placements INTEGER,
    seconds REAL,
    time_limit REAL,
    solution_count INTEGER,           -- only when counted (--count-solutions)
    count_complete INTEGER,           -- 1 if that count is exact, 0 if cut by the time limit
    engine_version TEXT NOT NULL,
    solved_at TEXT NOT NULL,          -- UTC, ISO 8601
    result TEXT NOT NULL,             -- the solver's JSON document
    dice TEXT NOT NULL DEFAULT '{REAL_DICE}',  -- the dice whose roll this is (their key)
    UNIQUE (letters, lexicon_hash, dice)
);
-- Weighted samples: draw `idx` of the sample with `seed` was `letters`. Each draw is an
-- independent roll of the dice, which is what the confidence intervals rest on.
-- (The key's columns come first: SQLite 3.40's integrity check misreads a WITHOUT ROWID
-- table whose key columns follow another column.)
CREATE TABLE IF NOT EXISTS draws (
    dice TEXT NOT NULL DEFAULT '{REAL_DICE}',
    seed INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    letters TEXT NOT NULL,
    PRIMARY KEY (dice, seed, idx)
) WITHOUT ROWID;
"""
_SCHEMA = _TABLES + """
CREATE INDEX IF NOT EXISTS rolls_by_lexicon_status ON rolls (lexicon_hash, status);
"""

COLUMNS = (
    "letters", "lexicon_hash", "lexicon", "outcomes", "probability", "status", "board", "words",
    "anagram_count", "placements", "seconds", "time_limit", "solution_count", "count_complete",
    "engine_version", "solved_at", "result", "dice",
)


class Row(NamedTuple):
    """One stored result (a named tuple: rows cross process boundaries by the million)."""

    letters: str
    lexicon_hash: str
    lexicon: str
    outcomes: int
    probability: float
    status: str
    board: str | None
    words: str | None
    anagram_count: int | None
    placements: int | None
    seconds: float | None
    time_limit: float | None
    solution_count: int | None
    count_complete: int | None
    engine_version: str
    solved_at: str
    result: str
    dice: str = REAL_DICE

    def values(self) -> tuple[Any, ...]:
        return tuple(self)


def default_db_path() -> Path:
    """The atlas in the user's data dir ($PUZZLESMITH_DATA_DIR overrides it)."""
    env = os.environ.get("PUZZLESMITH_DATA_DIR")
    base = Path(env) if env else Path(platformdirs.user_data_dir("puzzlesmith"))
    return base / "atlas.sqlite"


def connect(path: Path, *, create: bool = True) -> sqlite3.Connection:
    """Open (and if asked create) an atlas; InputError if it is missing or not an atlas."""
    if not create and not path.exists():
        raise InputError(f"no atlas at {path}: build one with `puzzlesmith qless atlas build`")
    try:
        if create:
            path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(path, timeout=30.0, isolation_level=None)
        con.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode is still crash-safe: a power loss may drop the last commits,
        # never corrupt the file.
        con.execute("PRAGMA synchronous=NORMAL")
        con.execute("PRAGMA cache_size=-65536")  # 64 MB: the key index of a full atlas is big
        con.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        found = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if found is not None and found[0] == "1":
            _migrate_from_1(con)
        con.executescript(_SCHEMA)
        con.execute(
            "INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
        )
    except (sqlite3.DatabaseError, OSError) as e:
        if out_of_room(e) is not None:
            raise  # the build's own message says how to continue once there is room
        raise InputError(f"cannot open atlas {path}: {e}") from None
    return con


def out_of_room(e: BaseException) -> str | None:
    """Why a failed write found no room, or None if it failed for another reason.

    SQLite says "database or disk is full" on ENOSPC; past a file-size limit (`ulimit -f`) the
    write fails with EFBIG, which SQLite reports as a plain I/O error on writing.
    """
    if isinstance(e, sqlite3.Error):
        code = getattr(e, "sqlite_errorcode", None)
        if code == sqlite3.SQLITE_FULL:
            return "the disk is full"
        if code == sqlite3.SQLITE_IOERR_WRITE and _file_size_limited():
            return "the file-size limit (ulimit -f) is reached"
        return None
    if isinstance(e, OSError) and e.errno == errno.ENOSPC:
        return "the disk is full"
    if isinstance(e, OSError) and e.errno == errno.EFBIG:
        return "the file-size limit (ulimit -f) is reached"
    return None


def _file_size_limited() -> bool:
    try:
        import resource
    except ImportError:  # not on Windows
        return False
    return resource.getrlimit(resource.RLIMIT_FSIZE)[0] != resource.RLIM_INFINITY


def _migrate_from_1(con: sqlite3.Connection) -> None:
    """Schema 1 had no dice column: every row and draw was of the real dice."""
    old = ",".join(c for c in COLUMNS if c != "dice")
    con.executescript(f"""
        BEGIN IMMEDIATE;
        ALTER TABLE rolls RENAME TO rolls_v1;
        ALTER TABLE draws RENAME TO draws_v1;
        DROP INDEX IF EXISTS rolls_by_lexicon_status;
        {_TABLES}
        INSERT INTO rolls ({old}) SELECT {old} FROM rolls_v1;
        INSERT INTO draws (seed, idx, letters) SELECT seed, idx, letters FROM draws_v1;
        DROP TABLE rolls_v1;
        DROP TABLE draws_v1;
        UPDATE meta SET value = '{SCHEMA_VERSION}' WHERE key = 'schema_version';
        COMMIT;
    """)


def insert_rows(con: sqlite3.Connection, rows: Sequence[Row]) -> None:
    """Store a batch in one transaction (a newer result for the same roll replaces the old)."""
    if not rows:
        return
    marks = ",".join("?" * len(COLUMNS))
    with con:
        con.execute("BEGIN IMMEDIATE")
        con.executemany(
            f"INSERT OR REPLACE INTO rolls ({','.join(COLUMNS)}) VALUES ({marks})",
            [r.values() for r in rows],
        )


def record_draws(
    con: sqlite3.Connection, seed: int, letters: Sequence[str], dice: str = REAL_DICE
) -> None:
    """Remember a weighted sample's draws; recording the same sample again changes nothing."""
    with con:
        con.execute("BEGIN IMMEDIATE")
        con.executemany(
            "INSERT OR IGNORE INTO draws (seed, idx, letters, dice) VALUES (?, ?, ?, ?)",
            [(seed, i, key, dice) for i, key in enumerate(letters)],
        )


def done_among(
    con: sqlite3.Connection, lexicon_hash: str, letters: Iterable[str], *, need_count: bool,
    dice: str = REAL_DICE,
) -> set[str]:
    """Which of these rolls already have a final answer for the lexicon.

    Timeouts are final too (retried only with --retry-timeouts); with `need_count` a roll
    counts as done only once its solutions are counted.
    """
    extra = " AND (status != 'solved' OR solution_count IS NOT NULL)" if need_count else ""
    found: set[str] = set()
    keys = list(letters)
    for i in range(0, len(keys), 500):
        part = keys[i : i + 500]
        q = (
            f"SELECT letters FROM rolls WHERE lexicon_hash = ? AND dice = ? AND letters IN "
            f"({','.join('?' * len(part))}){extra}"
        )
        found.update(r[0] for r in con.execute(q, (lexicon_hash, dice, *part)))
    return found


def timeouts(
    con: sqlite3.Connection, lexicon_hash: str, *, counts_too: bool, dice: str = REAL_DICE
) -> list[tuple[str, int]]:
    """Rolls stored as timed out for the lexicon (and, if asked, those whose count was cut)."""
    extra = " OR count_complete = 0" if counts_too else ""
    q = (
        "SELECT letters, outcomes FROM rolls WHERE lexicon_hash = ? AND dice = ? AND "
        f"(status = 'timeout'{extra}) ORDER BY letters"
    )
    return [(r[0], int(r[1])) for r in con.execute(q, (lexicon_hash, dice))]


def count_done(
    con: sqlite3.Connection, lexicon_hash: str, *, need_count: bool, dice: str = REAL_DICE
) -> int:
    """How many rolls have a final answer for the lexicon (the rule of `done_among`)."""
    extra = " AND (status != 'solved' OR solution_count IS NOT NULL)" if need_count else ""
    q = f"SELECT COUNT(*) FROM rolls WHERE lexicon_hash = ? AND dice = ?{extra}"
    return int(con.execute(q, (lexicon_hash, dice)).fetchone()[0])


def lexicons(con: sqlite3.Connection) -> list[tuple[str, str, int]]:
    """(lexicon hash, name, rolls stored) for every lexicon in the atlas."""
    q = "SELECT lexicon_hash, MAX(lexicon), COUNT(*) FROM rolls GROUP BY lexicon_hash"
    return [(h, n, int(c)) for h, n, c in con.execute(q)]


def holders(con: sqlite3.Connection, letters: str) -> list[str]:
    """The names of the lexicons the atlas holds this roll for."""
    key = "".join(sorted("".join(letters.split()).lower()))
    q = "SELECT DISTINCT lexicon FROM rolls WHERE letters = ? ORDER BY lexicon"
    return [n for (n,) in con.execute(q, (key,))]


def iter_rows(
    con: sqlite3.Connection, lexicon_hash: str | None = None, batch: int = 10_000
) -> Iterator[list[Row]]:
    """Stored rows in batches (all lexicons unless one is named)."""
    where, args = ("WHERE lexicon_hash = ?", (lexicon_hash,)) if lexicon_hash else ("", ())
    cur = con.execute(f"SELECT {','.join(COLUMNS)} FROM rolls {where}", args)
    while rows := cur.fetchmany(batch):
        yield [Row(*r) for r in rows]


def lookup(
    db_path: Path | str, letters: str, lexicon_hash: str, dice: str = REAL_DICE
) -> dict[str, Any] | None:
    """The stored answer for a roll and lexicon, or None; never creates or writes the atlas.

    The document is the solver's JSON as it was stored, plus an "atlas" key saying where it
    came from. Meant for `qless solve` and the web app: it never raises for a missing or
    unreadable atlas, it just has no answer.
    """
    path = Path(db_path)
    if not path.exists():
        return None
    key = "".join(sorted("".join(letters.split()).lower()))
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as con:
            con.row_factory = sqlite3.Row
            row = con.execute(
                "SELECT * FROM rolls WHERE letters = ? AND lexicon_hash = ? AND dice = ?",
                (key, lexicon_hash, dice),
            ).fetchone()
    except sqlite3.DatabaseError:
        return None
    return None if row is None else document(Row(**dict(row)), path)


def document(row: Row, db_path: Path | None = None) -> dict[str, Any]:
    """A stored row as the solver's JSON document (less the anagram list) plus "atlas"."""
    doc: dict[str, Any] = json.loads(row.result)
    doc["board"] = row.board.split("\n") if row.board else None
    doc["words"] = json.loads(row.words) if row.words else []
    doc["found"] = True  # as `atlas lookup --json` says {"letters", "found": false} for a miss
    doc["atlas"] = {
        "db": str(db_path) if db_path else None,
        "probability": row.probability,
        "outcomes": row.outcomes,
        "solution_count": row.solution_count,
        "count_complete": None if row.count_complete is None else bool(row.count_complete),
        "time_limit": row.time_limit,
        "engine_version": row.engine_version,
        "solved_at": row.solved_at,
        "lexicon": row.lexicon,
        "lexicon_hash": row.lexicon_hash,
        "dice": row.dice,
    }
    return doc
