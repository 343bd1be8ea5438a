"""Worker tasks for runner tests (importable, so Dask workers can load them)."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlesmith.qless.atlas.store import Row
from puzzlesmith.qless.atlas.work import Job, row_of


def parity_task(rolls: Sequence[tuple[str, int]], job: Job) -> list[Row]:
    """Answers without solving: even outcome counts 'solved', odd 'unsolvable'."""
    return [
        row_of(k, w, {"letters": k, "status": "solved" if w % 2 == 0 else "unsolvable",
                      "board": None, "words": [], "anagram_count": 0, "placements": 0,
                      "seconds": 0.0}, job)
        for k, w in rolls
    ]


def failing_task(rolls: Sequence[tuple[str, int]], job: Job) -> list[Row]:
    """Fails on the roll 'boom', answers the rest like parity_task."""
    if any(k == "boom" for k, _ in rolls):
        raise ValueError("boom")
    return parity_task(rolls, job)
