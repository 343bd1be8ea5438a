"""The dice the atlas enumerates: the Q-Less solver's dice, as lowercase face strings."""

from __future__ import annotations

from functools import cache

from puzzlesmith.qless.dice import DICE


@cache
def real_dice() -> tuple[str, ...]:
    """The twelve Q-Less dice, each six lowercase faces."""
    return tuple(d.lower() for d in DICE)
