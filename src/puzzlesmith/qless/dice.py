"""The twelve real Q-Less dice and rolling them."""

from __future__ import annotations

import random

# Six faces per die, as printed on the real dice.
DICE: tuple[str, ...] = (
    "mmllby", "vfgkpp", "hhnnrr", "dfrllw", "rrdlgg", "xkbszn",
    "whhttp", "ccbtjd", "ccmtts", "oiinny", "aeiouu", "aaeeoo",
)


def roll(seed: int | None = None) -> str:
    """One face of each die, in dice order; the same seed always gives the same roll."""
    rng = random.Random(seed)
    return "".join(rng.choice(die) for die in DICE)


def could_roll(letters: str) -> bool:
    """Whether the twelve dice can show exactly these letters (a perfect matching, by search)."""
    if len(letters) != len(DICE):
        return False
    used = [False] * len(DICE)

    def place(i: int) -> bool:
        if i == len(letters):
            return True
        for d, die in enumerate(DICE):
            if not used[d] and letters[i] in die:
                used[d] = True
                if place(i + 1):
                    return True
                used[d] = False
        return False

    return place(0)
