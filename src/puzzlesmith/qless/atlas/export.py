"""The atlas as a Parquet file, for pandas, DuckDB or Polars.

pyarrow is an optional extra (`pip install 'puzzlesmith[parquet]'`), imported only here.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from puzzlesmith.errors import InputError
from puzzlesmith.qless.atlas import store


def _pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError(
            "atlas export --parquet needs pyarrow: pip install 'puzzlesmith[parquet]'"
        ) from None
    return pa, pq


def schema(pa: Any) -> Any:
    """The columns of the exported table."""
    return pa.schema([
        ("letters", pa.string()),
        ("lexicon", pa.string()),
        ("lexicon_hash", pa.string()),
        ("outcomes", pa.int64()),
        ("probability", pa.float64()),
        ("status", pa.string()),
        ("board", pa.list_(pa.string())),
        ("words", pa.list_(pa.string())),
        ("anagram_count", pa.int32()),
        ("placements", pa.int64()),
        ("seconds", pa.float64()),
        ("time_limit", pa.float64()),
        ("solution_count", pa.int64()),
        ("count_complete", pa.bool_()),
        ("engine_version", pa.string()),
        ("solved_at", pa.string()),
    ])


def export_parquet(con: sqlite3.Connection, path: Path, lexicon_hash: str | None = None) -> int:
    """Write every stored row (of one lexicon, if named) to `path`; returns the row count.

    Streams in batches, so a full atlas never sits in memory; written to a temporary name and
    renamed, so an interrupted export leaves no half file behind.
    """
    from puzzlesmith.files import output_target

    try:
        path = output_target(path)  # through a symlink; never over a device or a folder
    except OSError as e:
        raise InputError(f"cannot write {path}: {e.strerror or e}") from None
    pa, pq = _pyarrow()
    table_schema = schema(pa)
    tmp = path.with_name(path.name + ".partial")
    n = 0
    try:
        with pq.ParquetWriter(tmp, table_schema, compression="zstd") as writer:
            for rows in store.iter_rows(con, lexicon_hash, batch=50_000):
                table = pa.table({
                    "letters": [r.letters for r in rows],
                    "lexicon": [r.lexicon for r in rows],
                    "lexicon_hash": [r.lexicon_hash for r in rows],
                    "outcomes": [r.outcomes for r in rows],
                    "probability": [r.probability for r in rows],
                    "status": [r.status for r in rows],
                    "board": [r.board.split("\n") if r.board else None for r in rows],
                    "words": [json.loads(r.words) if r.words else [] for r in rows],
                    "anagram_count": [r.anagram_count for r in rows],
                    "placements": [r.placements for r in rows],
                    "seconds": [r.seconds for r in rows],
                    "time_limit": [r.time_limit for r in rows],
                    "solution_count": [r.solution_count for r in rows],
                    "count_complete": [
                        None if r.count_complete is None else bool(r.count_complete) for r in rows
                    ],
                    "engine_version": [r.engine_version for r in rows],
                    "solved_at": [r.solved_at for r in rows],
                }, schema=table_schema)
                writer.write_table(table)
                n += len(rows)
        tmp.replace(path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise InputError(f"cannot write {path}: {e}") from None
    return n
