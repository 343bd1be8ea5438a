"""A census (`qless.census`) from a complete atlas: one bit per roll, and the unsolvable ones.

Only the atlas's counts and its unsolvable rows are read; the bits come from walking the
roll enumeration once and marking the unsolvable rolls (np.isin per chunk), so a full
15.8M-roll atlas is turned into a census in seconds and a few hundred MB at most.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime

import numpy as np

from puzzlesmith.qless.atlas.rolls import count_rolls, iter_roll_chunks, total_outcomes
from puzzlesmith.qless.census import Census, IncompleteCensus
from puzzlesmith.qless.dice import dice_key


def from_atlas(
    con: sqlite3.Connection, lexicon_hash: str, dice: Sequence[str] | None = None
) -> Census:
    """The census of one word list and dice; IncompleteCensus unless every roll is answered."""
    which = dice_key(dice)
    h = (lexicon_hash, which)
    total = count_rolls(dice)
    by_status = dict(con.execute(
        "SELECT status, COUNT(*) FROM rolls WHERE lexicon_hash = ? AND dice = ? GROUP BY status",
        h,
    ).fetchall())
    stored = sum(by_status.values())
    timeouts = by_status.get("timeout", 0)
    if stored != total or timeouts:
        raise IncompleteCensus(
            f"the atlas holds {stored - timeouts:,} final answers of the {total:,} rolls"
            f" ({timeouts:,} timed out) for this word list and dice: finish it with"
            " `puzzlesmith qless atlas build --all` (and `--retry-timeouts --timeout 60`"
            " for the timeouts) before building a census"
        )
    unsolvable = [k for (k,) in con.execute(
        "SELECT letters FROM rolls WHERE lexicon_hash = ? AND dice = ? AND status = 'unsolvable'"
        " ORDER BY letters", h)]
    (bad_outcomes,) = con.execute(
        "SELECT COALESCE(SUM(outcomes), 0) FROM rolls WHERE lexicon_hash = ? AND dice = ?"
        " AND status = 'unsolvable'", h).fetchone()
    names = con.execute(
        "SELECT DISTINCT lexicon FROM rolls WHERE lexicon_hash = ? AND dice = ?", h).fetchall()
    engines = sorted(e for (e,) in con.execute(
        "SELECT DISTINCT engine_version FROM rolls WHERE lexicon_hash = ? AND dice = ?", h))
    marked = np.array(unsolvable)
    parts = []
    for chunk in iter_roll_chunks(dice):
        keys = np.array(chunk.letters)
        parts.append(~np.isin(keys, marked) if len(marked) else np.ones(len(keys), np.bool_))
    solvable = np.concatenate(parts) if parts else np.zeros(0, np.bool_)
    if len(solvable) != total or int((~solvable).sum()) != len(unsolvable):
        raise IncompleteCensus("the atlas's unsolvable rolls are not all rolls of these dice")
    outcomes = total_outcomes(dice)
    header = {
        "lexicon": names[0][0] if names else "", "lexicon_hash": lexicon_hash, "dice": which,
        "engine_versions": engines, "rolls": total, "unsolvable": len(unsolvable),
        "outcomes": outcomes, "unsolvable_outcomes": int(bad_outcomes),
        "p_solvable": (outcomes - int(bad_outcomes)) / outcomes,
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    return Census(header, np.packbits(solvable).tobytes(), tuple(unsolvable))
