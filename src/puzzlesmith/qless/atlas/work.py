"""What a worker does with a batch of rolls: solve each and turn the answer into a row.

Runs inside worker processes (local or on a cluster), so it takes the lexicon itself (its
words travel once per worker) rather than a path only the submitting machine can read.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from typing import Any

from puzzlesmith import __version__
from puzzlesmith.lexicon import Lexicon, get_index
from puzzlesmith.limits import Deadline
from puzzlesmith.qless.atlas.store import Row
from puzzlesmith.qless.dice import DICE, dice_key


@cache
def engine_version() -> str:
    """The package version plus a fingerprint of the Q-Less engine's source files.

    The version number alone does not move while the engine is being worked on; stored
    results from different engines must stay distinguishable.
    """
    digest = hashlib.sha256()
    package = resources.files("puzzlesmith.qless")
    for item in sorted(package.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".py"):
            digest.update(item.name.encode() + b"\0" + item.read_bytes())
    return f"puzzlesmith {__version__} qless-{digest.hexdigest()[:10]}"

# Kept in their own columns (or recomputable in milliseconds), so not repeated in `result`:
# the anagram lists alone would make the full atlas tens of gigabytes.
_NOT_IN_RESULT = ("anagrams", "board", "words")


@dataclass(frozen=True)
class Job:
    """How every roll of a build is solved."""

    lexicon: Lexicon
    time_limit: float | None
    count_solutions: bool = False
    dice: tuple[str, ...] | None = None  # None: the real dice

    @property
    def dice_key(self) -> str:
        return dice_key(self.dice)

    @property
    def total_outcomes(self) -> int:
        """Every face outcome of the dice (6^12 for the real ones)."""
        return 6 ** len(DICE if self.dice is None else self.dice)


Task = Callable[[Sequence[tuple[str, int]], Job], list[Row]]


def solve_rolls(rolls: Sequence[tuple[str, int]], job: Job) -> list[Row]:
    """Solve (roll, outcome count) pairs with the Q-Less engine: one row each."""
    from puzzlesmith.qless.solve import search_roll, verdicts

    index = get_index(job.lexicon)
    if job.count_solutions:
        results = [search_roll(letters, index, deadline=Deadline(job.time_limit), count=True)
                   for letters, _ in rolls]
    else:
        results = verdicts([letters for letters, _ in rolls], index, time_limit=job.time_limit)
    return [row_of(letters, ways, result.to_json(), job)
            for (letters, ways), result in zip(rolls, results, strict=True)]


def row_of(letters: str, ways: int, doc: dict[str, Any], job: Job) -> Row:
    """The stored row for one solver answer (its JSON document)."""
    board = doc.get("board")
    solutions = doc.get("solutions")
    return Row(
        letters=letters,
        lexicon_hash=job.lexicon.content_hash,
        lexicon=job.lexicon.name,
        outcomes=ways,
        probability=ways / job.total_outcomes,
        status=doc["status"],
        board="\n".join(board) if board else None,
        words=json.dumps(doc.get("words") or []),
        anagram_count=doc.get("anagram_count"),
        placements=doc.get("placements"),
        seconds=doc.get("seconds"),
        time_limit=job.time_limit,
        solution_count=solutions,
        count_complete=None if solutions is None else int(bool(doc.get("count_complete"))),
        engine_version=engine_version(),
        solved_at=datetime.now(UTC).isoformat(timespec="seconds"),
        result=json.dumps({k: v for k, v in doc.items() if k not in _NOT_IN_RESULT}),
        dice=job.dice_key,
    )
