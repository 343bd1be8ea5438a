"""A machine of a chosen speed for the determinism tests, whatever the real one is doing."""

from __future__ import annotations

import pytest

from puzzlesmith.limits import Deadline


class Clock:
    """Time that passes only as the searches work: each look at any deadline moves it on by
    `step` seconds, and a deadline's time runs from its first look. A run under one step and
    under another compare a fast and a slow machine."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.started: dict[int, float] = {}

    def elapsed(self, deadline: Deadline) -> float:
        self.now += self.step
        return self.now - self.started.setdefault(id(deadline), self.now - self.step)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(Deadline, "elapsed", lambda deadline: self.elapsed(deadline))
