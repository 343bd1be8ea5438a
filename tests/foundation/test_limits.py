"""`Deadline`: the share of the limit used, and the deadlines handed to parts of a search."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline, WorkLimit


class _Stopped(Deadline):
    """A clock that reads `at` seconds since its start, whenever it is read."""

    at = 0.0

    def elapsed(self) -> float:
        return type(self).at


@given(st.floats(0.01, 1e6), st.floats(0.0, 2e6))
def test_fraction_used_is_elapsed_over_the_limit(seconds: float, at: float) -> None:
    _Stopped.at = at
    d = _Stopped(seconds)
    assert d.fraction_used() == pytest.approx(at / seconds)
    assert (d.fraction_used() >= 1.0) == d.expired() or at == pytest.approx(seconds)
    _Stopped.at = 0.0


def test_no_limit_never_uses_any_of_it() -> None:
    _Stopped.at = 1e9
    assert _Stopped(None).fraction_used() == 0.0 and not _Stopped(None).expired()
    _Stopped.at = 0.0


@given(st.floats(0.01, 1e4), st.floats(0.0, 2e4), st.none() | st.floats(0.01, 1e4))
def test_within_ends_at_the_earlier_of_the_two(seconds: float, at: float,
                                               cap: float | None) -> None:
    _Stopped.at = at
    part = _Stopped(seconds).within(cap)
    assert isinstance(part, _Stopped)
    left = seconds - at if cap is None else min(seconds - at, cap)
    # A limit already passed still hands on a tiny positive one (Deadline refuses 0).
    assert part.seconds == pytest.approx(max(left, 0.001))
    _Stopped.at = 0.0


def test_within_no_limit() -> None:
    assert Deadline(None).within().seconds is None
    assert Deadline(None).within(5.0).seconds == 5.0


def test_a_limit_must_be_positive() -> None:
    with pytest.raises(InputError, match="positive"):
        Deadline(0.0)


@given(st.integers(1, 500), st.floats(0.05, 0.95))
def test_a_work_limit_ends_after_its_looks_whatever_the_clock(checks: int,
                                                              fraction: float) -> None:
    limit = WorkLimit(1e6, checks=checks)
    looks = 0
    while not limit.expired():
        looks += 1
    assert looks == checks and limit.fraction_used() >= 1.0
    # A part draws on its parent's looks: the parent has what the part left.
    parent = WorkLimit(1e6, checks=checks)
    part = parent.part(fraction)
    taken = 0
    while not part.expired():
        taken += 1
    assert taken == max(1, int(checks * fraction))
    rest = 0
    while not parent.expired():
        rest += 1
    assert taken + 1 + rest == checks or (rest == 0 and taken + 1 >= checks)


def test_a_work_limit_keeps_its_clock_as_a_backstop() -> None:
    limit = WorkLimit(1.0, checks=10**9)
    assert not limit.expired()
    limit.start -= 2.0  # its second passed
    assert limit.expired()
    assert WorkLimit(None, checks=3).part(0.5).seconds is None
