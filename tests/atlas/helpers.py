"""Rows for atlas tests, made without the solver."""

from __future__ import annotations

import json

from puzzlesmith.qless.atlas.store import Row


def make_row(
    letters: str,
    status: str = "solved",
    *,
    lexicon_hash: str = "h1",
    outcomes: int = 100,
    seconds: float = 0.1,
    solution_count: int | None = None,
    count_complete: int | None = None,
) -> Row:
    board = "abc\nd.e" if status == "solved" else None
    return Row(
        letters=letters, lexicon_hash=lexicon_hash, lexicon=f"lex-{lexicon_hash}",
        outcomes=outcomes, probability=outcomes / 6**12, status=status, board=board,
        words=json.dumps(["abc"] if board else []), anagram_count=42, placements=7,
        seconds=seconds, time_limit=5.0, solution_count=solution_count,
        count_complete=count_complete, engine_version="test", solved_at="2026-01-01T00:00:00",
        result=json.dumps({"letters": letters, "status": status, "anagram_count": 42}),
    )
