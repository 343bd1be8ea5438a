"""Counters a search keeps while it runs, reported with every result."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class SearchStats:
    """Mutable tallies shared by a search and its caller (engines only ever add to them)."""

    placements: int = 0  # words put on the board (each try counts, kept or undone)
    states: int = 0  # distinct partial boards (or skeleton nodes) explored
    solutions: int = 0  # solutions counted so far, while a count runs
    # Called with these stats now and then while a count runs (a progress bar's hook); it
    # should be cheap, and rate-limit itself if it does anything slow.
    on_progress: Callable[[SearchStats], None] | None = field(
        default=None, repr=False, compare=False
    )

    def progress(self, solutions: int) -> None:
        """A count in progress has found `solutions` so far."""
        self.solutions = solutions
        if self.on_progress is not None:
            self.on_progress(self)
