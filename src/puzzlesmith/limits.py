"""Deadlines: every search takes one, none runs unbounded."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from puzzlesmith.errors import InputError


@dataclass
class Deadline:
    """A wall-clock limit; `seconds=None` means no limit (used only by tests and batch jobs)."""

    seconds: float | None
    start: float = field(default_factory=time.perf_counter)

    def __post_init__(self) -> None:
        if self.seconds is not None and not self.seconds > 0:
            raise InputError(f"time limit must be a positive number of seconds, got {self.seconds}")

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def remaining(self) -> float:
        if self.seconds is None:
            return float("inf")
        return self.seconds - self.elapsed()

    def expired(self) -> bool:
        return self.seconds is not None and self.elapsed() >= self.seconds


class SearchTimeout(Exception):
    """Raised inside an engine when its deadline passes; engines turn it into a "timeout" result."""
