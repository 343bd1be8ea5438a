"""The twelve real Q-Less dice, other dice, and rolling them."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from puzzlesmith.bounded import read_puzzle_bytes
from puzzlesmith.errors import InputError

# Six faces per die, as printed on the real dice.
DICE: tuple[str, ...] = (
    "mmllby", "vfgkpp", "hhnnrr", "dfrllw", "rrdlgg", "xkbszn",
    "whhttp", "ccbtjd", "ccmtts", "oiinny", "aeiouu", "aaeeoo",
)
MIN_DICE, MAX_DICE = 3, 16  # a roll has 3 to 16 letters
_DIE = re.compile(r"[a-z]{6}")


def parse_dice(spec: str, *, files: bool = True) -> tuple[str, ...]:
    """`--dice`: six letters a-z per die, separated by spaces or commas, or (with `files`,
    the command line's) a file of them (one die a line, '#' comments); 3 to 16 dice.
    InputError (one line) otherwise."""
    text = spec
    path = Path(spec).expanduser()
    if files and "\n" not in spec and path.is_file():
        try:
            raw = read_puzzle_bytes(path, f"dice file {spec}").decode("utf-8")
            text = "\n".join(line.split("#", 1)[0] for line in raw.splitlines())
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"cannot read dice file {spec}: {e}") from None
    dice = tuple(d.lower() for d in text.replace(",", " ").split())
    for d in dice:
        if not _DIE.fullmatch(d):
            raise InputError(f"--dice: each die is 6 letters a-z, not {d!r}")
    if not MIN_DICE <= len(dice) <= MAX_DICE:
        raise InputError(f"--dice: give {MIN_DICE} to {MAX_DICE} dice, not {len(dice)}")
    return dice


def dice_key(dice: Sequence[str] | None = None) -> str:
    """How the atlas names a set of dice: each die's faces sorted, the dice sorted.

    Two specs with the same key have the same rolls with the same probabilities.
    """
    return " ".join(sorted("".join(sorted(d)) for d in (DICE if dice is None else dice)))


REAL_KEY = dice_key(DICE)


def roll(seed: int | None = None, dice: Sequence[str] | None = None) -> str:
    """One face of each die, in dice order; the same seed always gives the same roll."""
    rng = random.Random(seed)
    return "".join(rng.choice(die) for die in (DICE if dice is None else dice))


def roll_document(seed: int | None = None, dice: Sequence[str] | None = None) -> dict[str, Any]:
    """`qless roll --json` and /api/qless/roll without solving: the roll, its seed, and the
    dice when they are not the real ones."""
    return {"letters": roll(seed, dice), "seed": seed,
            **({"dice": list(dice)} if dice is not None else {})}


def could_roll(letters: str, dice: Sequence[str] | None = None) -> bool:
    """Whether the dice can show exactly these letters (a perfect matching, by search)."""
    dice = DICE if dice is None else tuple(dice)
    if len(letters) != len(dice):
        return False
    used = [False] * len(dice)

    def place(i: int) -> bool:
        if i == len(letters):
            return True
        for d, die in enumerate(dice):
            if not used[d] and letters[i] in die:
                used[d] = True
                if place(i + 1):
                    return True
                used[d] = False
        return False

    return place(0)
