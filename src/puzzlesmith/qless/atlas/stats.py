"""Reading the atlas: how many rolls are solvable, how sure we are, and what the hard ones are.

Two questions, two estimators:
- weighted: the chance that a roll of the real dice can be solved. A weighted sample is a
  run of independent dice rolls, so this is a binomial proportion (Wilson interval).
- unweighted: the fraction of the 15,800,439 distinct rolls that can be solved. From the same
  draws, each weighted by 1/probability (the Hajek ratio estimator; a
  Wilson interval at the Kish effective sample size).
Once every roll is stored both are exact sums and need no interval. Timed-out rolls are
neither solvable nor unsolvable: they are left out of the estimates and counted separately.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from puzzlesmith.qless.atlas.store import REAL_DICE

Z95 = 1.959963984540054
QUANTILES = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1.0)


@dataclass(frozen=True)
class Estimate:
    """A proportion with its 95% interval (low == high == value when exact)."""

    value: float
    low: float
    high: float
    n: int  # draws (or rolls) it rests on
    method: str

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value, "low": self.low, "high": self.high, "n": self.n,
            "method": self.method,
        }


def wilson(k: int, n: int, z: float = Z95) -> Estimate:
    """k successes in n independent trials: the proportion and its Wilson score interval."""
    if n == 0:
        return Estimate(math.nan, 0.0, 1.0, 0, "wilson")
    lo, hi = _wilson_bounds(k / n, n, z)
    return Estimate(k / n, lo, hi, n, "wilson")


def _wilson_bounds(p: float, n: float, z: float) -> tuple[float, float]:
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def hajek(y: npt.NDArray[np.float64], w: npt.NDArray[np.float64], z: float = Z95) -> Estimate:
    """sum(w*y)/sum(w) over independent draws, with a Wilson interval at the effective size.

    The effective sample size (Kish: (sum w)^2 / sum w^2) says how many unweighted draws the
    weighted ones are worth; Wilson's interval at that size, unlike the plain delta method,
    stays sensible when every sampled roll is solvable.
    """
    n = len(y)
    if n == 0 or w.sum() <= 0:
        return Estimate(math.nan, 0.0, 1.0, n, "hajek")
    r = float((w * y).sum() / w.sum())
    n_eff = float(w.sum()) ** 2 / float((w * w).sum())
    lo, hi = _wilson_bounds(r, n_eff, z)
    return Estimate(r, lo, hi, n, "hajek")


def exact(k: float, n: float, count: int) -> Estimate:
    v = k / n if n else math.nan
    return Estimate(v, v, v, count, "exact")


@dataclass(frozen=True)
class AtlasStats:
    """Everything `qless atlas stats` shows, for one lexicon."""

    lexicon: str
    lexicon_hash: str
    dice: str
    total_rolls: int
    stored: int
    by_status: dict[str, int]
    probability_stored: float
    weighted: Estimate | None
    unweighted: Estimate | None
    draws: int  # recorded sample draws
    draws_answered: int  # of them, answered for this lexicon
    draws_timeout: int
    distributions: dict[str, dict[str, float]]
    hardest: list[dict[str, Any]]

    @property
    def complete(self) -> bool:
        return self.stored == self.total_rolls

    def to_json(self) -> dict[str, Any]:
        return {
            "lexicon": self.lexicon,
            "lexicon_hash": self.lexicon_hash,
            "dice": self.dice,
            "total_rolls": self.total_rolls,
            "stored": self.stored,
            "complete": self.complete,
            "by_status": self.by_status,
            "probability_stored": self.probability_stored,
            "solvable_weighted": self.weighted.to_json() if self.weighted else None,
            "solvable_unweighted": self.unweighted.to_json() if self.unweighted else None,
            "sample": {
                "draws": self.draws, "answered": self.draws_answered,
                "timeouts": self.draws_timeout,
            },
            "distributions": self.distributions,
            "hardest": self.hardest,
        }


def quantiles(values: npt.NDArray[np.floating[Any]], digits: int | None = None) -> dict[str, float]:
    """Count, mean and the QUANTILES of some values (empty dict if there are none).

    The array is reordered in place (no copy): a full atlas has 15.8M values per column.
    `digits`: round the quantiles so (seconds are stored to 6 decimals, and kept in float32).
    """
    if len(values) == 0:
        return {}
    out = {"count": float(len(values)), "mean": float(values.mean(dtype=np.float64))}
    qs = np.quantile(values, QUANTILES, overwrite_input=True)
    out.update({_qname(q): float(v) if digits is None else round(float(v), digits)
                for q, v in zip(QUANTILES, qs, strict=True)})
    return out


def _qname(q: float) -> str:
    return {0.0: "min", 1.0: "max"}.get(q, f"p{round(q * 100)}")


def _column(con: sqlite3.Connection, sql: str, args: tuple[Any, ...]) -> npt.NDArray[np.float64]:
    """One column of a query as a float array, batch by batch (no Python object per row)."""
    cur = con.execute(sql, args)
    parts = []
    while rows := cur.fetchmany(100_000):
        parts.append(np.array(rows, dtype=np.float64).reshape(-1))
    return np.concatenate(parts) if parts else np.empty(0)


_STATUS_CODE = {"solved": 0, "unsolvable": 1, "timeout": 2}
_SCAN = (
    "SELECT CASE status WHEN 'solved' THEN 0 WHEN 'unsolvable' THEN 1 ELSE 2 END,"
    " COALESCE(seconds, -1), COALESCE(anagram_count, -1), COALESCE(placements, -1)"
    " FROM rolls WHERE lexicon_hash = ? AND dice = ?"
)


def _distributions(
    con: sqlite3.Connection, h: tuple[str, str], n: int
) -> dict[str, dict[str, float]]:
    """The per-row distributions, from one pass over the rows into typed arrays.

    About 17 bytes a row (status, seconds and anagram counts in 1 + 4 + 4 bytes, placements
    in 8): some 270 MB at 15.8M rows, and each column is freed once its quantiles are
    taken, so memory stays under 500 MB for a full atlas.
    """
    status = np.empty(n, dtype=np.int8)
    seconds = np.empty(n, dtype=np.float32)
    anagrams = np.empty(n, dtype=np.float32)  # counts stay far below 2^24: exact
    placements = np.empty(n, dtype=np.float64)
    cur = con.execute(_SCAN, h)
    at = 0
    while at < n and (rows := cur.fetchmany(100_000)):
        block = np.array(rows, dtype=np.float64)[: n - at]
        end = at + len(block)
        status[at:end] = block[:, 0]
        seconds[at:end] = block[:, 1]
        anagrams[at:end] = block[:, 2]
        placements[at:end] = block[:, 3]
        at = end
    status, seconds, anagrams, placements = status[:at], seconds[:at], anagrams[:at], placements[:at]
    out: dict[str, dict[str, float]] = {}
    for name, code in _STATUS_CODE.items():
        picked = seconds[(status == code) & (seconds >= 0)]
        out[f"seconds_{name}"] = quantiles(picked, digits=6)
    del status, seconds
    out["anagram_count"] = quantiles(anagrams[anagrams >= 0])
    del anagrams
    out["placements"] = quantiles(placements[placements >= 0])
    del placements
    return out


def unsolvable(con: sqlite3.Connection, lexicon_hash: str, dice: str = REAL_DICE) -> Iterator[str]:
    """The unsolvable rolls of one lexicon and dice, sorted, streamed from SQL."""
    cur = con.execute(
        "SELECT letters FROM rolls WHERE lexicon_hash = ? AND dice = ? AND status = 'unsolvable'"
        " ORDER BY letters", (lexicon_hash, dice))
    while rows := cur.fetchmany(10_000):
        yield from (r[0] for r in rows)


def compute(
    con: sqlite3.Connection, lexicon_hash: str, lexicon: str, total_rolls: int, hardest: int = 10,
    dice: str = REAL_DICE,
) -> AtlasStats:
    """The statistics of one lexicon's rows of one set of dice (and of their sample draws)."""
    h = (lexicon_hash, dice)
    grouped = con.execute(
        "SELECT status, COUNT(*), COALESCE(SUM(probability), 0),"
        " COALESCE(SUM(count_complete = 1), 0) FROM rolls"
        " WHERE lexicon_hash = ? AND dice = ? GROUP BY status", h
    ).fetchall()
    by_status = {s: int(c) for s, c, _, _ in grouped}
    p_by_status = {s: float(p) for s, _, p, _ in grouped}
    counted = sum(int(k) for *_, k in grouped)  # rows with an exact solution count
    stored = sum(by_status.values())
    p_stored = sum(p_by_status.values())
    draws = int(con.execute("SELECT COUNT(*) FROM draws WHERE dice = ?", (dice,)).fetchone()[0])
    sample = con.execute(
        "SELECT r.status, r.probability FROM draws d JOIN rolls r"
        " ON r.letters = d.letters AND r.lexicon_hash = ? AND r.dice = d.dice WHERE d.dice = ?",
        h,
    ).fetchall()
    decided = [(s == "solved", p) for s, p in sample if s != "timeout"]
    weighted: Estimate | None = None
    unweighted: Estimate | None = None
    if stored == total_rolls and stored:
        solved_p = p_by_status.get("solved", 0.0)
        decided_p = solved_p + p_by_status.get("unsolvable", 0.0)
        solved_n = by_status.get("solved", 0)
        weighted = exact(solved_p, decided_p, stored)
        unweighted = exact(solved_n, solved_n + by_status.get("unsolvable", 0), stored)
    elif decided:
        y = np.array([1.0 if s else 0.0 for s, _ in decided])
        p = np.array([p for _, p in decided])
        weighted = wilson(int(y.sum()), len(y))
        unweighted = hajek(y, 1.0 / p)
    scanned = _distributions(con, h, stored)
    dists = {
        "anagram_count": scanned["anagram_count"],
        "placements": scanned["placements"],
        # Its own pass only when there is something to read: most atlases count nothing.
        "solution_count": quantiles(_column(
            con, "SELECT solution_count FROM rolls WHERE lexicon_hash = ? AND dice = ?"
            " AND count_complete = 1", h)) if counted else {},
        **{f"seconds_{s}": scanned[f"seconds_{s}"] for s in _STATUS_CODE},
    }
    hard = [
        {"letters": r[0], "status": r[1], "seconds": r[2], "placements": r[3],
         "anagram_count": r[4], "probability": r[5]}
        for r in con.execute(
            "SELECT letters, status, seconds, placements, anagram_count, probability FROM rolls"
            " WHERE lexicon_hash = ? AND dice = ?"
            " ORDER BY status = 'timeout' DESC, seconds DESC LIMIT ?",
            (lexicon_hash, dice, hardest),
        )
    ]
    return AtlasStats(
        lexicon=lexicon,
        lexicon_hash=lexicon_hash,
        dice=dice,
        total_rolls=total_rolls,
        stored=stored,
        by_status=by_status,
        probability_stored=float(p_stored),
        weighted=weighted,
        unweighted=unweighted,
        draws=draws,
        draws_answered=len(sample),
        draws_timeout=len(sample) - len(decided),
        distributions=dists,
        hardest=hard,
    )
