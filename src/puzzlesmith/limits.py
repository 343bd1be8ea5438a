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

    def fraction_used(self) -> float:
        """How much of the limit has passed (0.0 to 1.0 and past it; always 0.0 with none):
        engines whose costliest work gives way late in the limit ask this."""
        if self.seconds is None:
            return 0.0
        return self.elapsed() / self.seconds

    def within(self, seconds: float | None = None) -> Deadline:
        """A deadline of its own from now, ending no later than this one (nor than `seconds`
        from now, if given): for a part of a search that measures `fraction_used` against
        its own share of the time rather than the whole limit's. Of the same class, so that a
        test's clock reaches the parts too."""
        left = min(self.remaining(), float("inf") if seconds is None else seconds)
        return type(self)(None if left == float("inf") else max(left, _LEAST))

    def part(self, fraction: float) -> Deadline:
        """A deadline of its own from now at `fraction` of what is left of this one (no limit
        if this one has none), of the same kind: for one step of a search of several."""
        if self.seconds is None:
            return Deadline(None)
        return Deadline(max(self.remaining() * fraction, _LEAST))


# A deadline already passed still hands on a (tiny) positive limit, which `Deadline` requires.
_LEAST = 0.001


@dataclass
class WorkLimit(Deadline):
    """A limit counted in the search's own looks at it (`expired`), which an engine makes
    after a fixed amount of work, with `seconds` kept as a backstop: a search it cuts stops
    at the same point on any machine however busy, so what it found by then (a count's lower
    bound) is the same on every run. Parts (`part`) draw on their parent's count."""

    checks: int = 1
    used: list[int] = field(default_factory=lambda: [0])  # shared with the parts
    # Whether the backstop, not the work, ever stopped a search of this limit or its parts:
    # then what was found depends on the machine's speed, and callers say so.
    clock_cut: list[bool] = field(default_factory=lambda: [False])

    def expired(self) -> bool:
        self.used[0] += 1
        if self.used[0] > self.checks:
            return True
        if super().expired():
            self.clock_cut[0] = True
            return True
        return False

    @property
    def cut_by_clock(self) -> bool:
        return self.clock_cut[0]

    def fraction_used(self) -> float:
        return max(self.used[0] / self.checks, super().fraction_used())

    def part(self, fraction: float) -> WorkLimit:
        wall = super().part(fraction).seconds
        left = max(self.checks - self.used[0], 0)
        return WorkLimit(wall, checks=self.used[0] + max(1, int(left * fraction)), used=self.used,
                         clock_cut=self.clock_cut)

    def within(self, seconds: float | None = None) -> WorkLimit:
        wall = super().within(seconds).seconds
        return WorkLimit(wall, checks=self.checks, used=self.used, clock_cut=self.clock_cut)


class SearchTimeout(Exception):
    """Raised inside an engine when its deadline passes; engines turn it into a "timeout" result."""
