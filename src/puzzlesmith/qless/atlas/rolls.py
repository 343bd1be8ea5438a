"""The roll space: every distinct roll of the twelve dice, once, with how many ways it comes up.

A roll is a multiset of letters; its canonical key is its letters sorted. Its weight is the
number of face outcomes (of the 6^12) that give it, so weights / 6^12 are probabilities.

Enumeration encodes a multiset as one integer in a mixed radix (one digit per letter, the digit
bounded by how many dice carry that letter), so adding a face is adding an integer and merging
equal multisets is `np.unique`. The two dice with the fewest distinct letters between them are
kept out of the main convolution and get the lowest digits: adding them never changes the high
digits, so the final rolls come out in disjoint, sorted chunks and the whole space streams in
about 1 s and 200 MB instead of being held at once.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from puzzlesmith.errors import InputError
from puzzlesmith.qless.atlas.faces import real_dice

Codes = npt.NDArray[np.int64]
_CHUNK_GROUPS = 20_000  # base groups per streamed chunk: ~250k rolls, a few MB


@dataclass(frozen=True)
class RollChunk:
    """Consecutive rolls of the space: sorted letter keys and their face-outcome counts."""

    letters: list[str]
    outcomes: npt.NDArray[np.int64]


@dataclass(frozen=True)
class _Radix:
    order: str  # letters, least significant digit first
    place: dict[str, int]  # letter -> place value
    base: dict[str, int]  # letter -> radix (max count + 1)


def _radix(dice: Sequence[str], low: set[str]) -> _Radix:
    letters = sorted(set("".join(dice)))
    order = "".join(sorted(low) + [ch for ch in letters if ch not in low])
    base = {ch: sum(ch in d for d in dice) + 1 for ch in order}
    place: dict[str, int] = {}
    value = 1
    for ch in order:
        place[ch] = value
        value *= base[ch]
    if value >= 2**62:
        raise InputError("too many dice to encode a roll in 64 bits")
    return _Radix(order, place, base)


def _die(die: str, radix: _Radix) -> tuple[Codes, Codes]:
    codes, counts = np.unique(np.array([radix.place[f] for f in die], dtype=np.int64),
                              return_counts=True)
    return codes, counts.astype(np.int64)


def _convolve(a: tuple[Codes, Codes], b: tuple[Codes, Codes]) -> tuple[Codes, Codes]:
    """Every pair of rolls combined, equal multisets merged with their counts summed."""
    codes = (a[0][:, None] + b[0][None, :]).ravel()
    weights = (a[1][:, None] * b[1][None, :]).ravel()
    merged, inverse = np.unique(codes, return_inverse=True)
    # Sums stay below 6^12 < 2^53, so float64 bincount is exact.
    summed = np.bincount(inverse, weights=weights, minlength=len(merged))
    return merged, np.rint(summed).astype(np.int64)


def _distribution(dice: Sequence[str], radix: _Radix) -> tuple[Codes, Codes]:
    dist = (np.zeros(1, dtype=np.int64), np.ones(1, dtype=np.int64))
    for die in dice:
        dist = _convolve(dist, _die(die, radix))
    return dist


def _decode(codes: Codes, radix: _Radix, width: int) -> list[str]:
    """Integer codes of `width`-letter rolls back to sorted letter strings, vectorised."""
    if len(codes) == 0:
        return []
    alphabet = sorted(radix.order)
    counts = np.stack(
        [(codes // radix.place[ch]) % radix.base[ch] for ch in alphabet], axis=1
    )
    # Every roll has `width` letters, so repeating each letter by its count, row by row,
    # lays the rolls end to end already sorted.
    table = np.frombuffer("".join(alphabet).encode(), dtype=np.uint8)
    chars = np.repeat(np.tile(table, len(codes)), counts.ravel())
    return [r.decode() for r in chars.view(f"S{width}").tolist()]


def iter_roll_chunks(
    dice: Sequence[str] | None = None, *, letters: bool = True
) -> Iterator[RollChunk]:
    """Every distinct roll exactly once with its outcome count, in a fixed order, in chunks.

    `letters=False` skips decoding the keys (chunks then carry an empty list), for counting.
    """
    dice = list(real_dice() if dice is None else dice)
    if len(dice) < 2:
        rolls = Counter("".join(sorted(f)) for f in itertools.product(*dice))
        keys = sorted(rolls)
        yield RollChunk(keys, np.array([rolls[k] for k in keys], dtype=np.int64))
        return
    pair = min(
        itertools.combinations(range(len(dice)), 2),
        key=lambda p: (len(set(dice[p[0]]) | set(dice[p[1]])), p),
    )
    suffix = [dice[i] for i in pair]
    rest = [d for i, d in enumerate(dice) if i not in pair]
    low = set("".join(suffix))
    radix = _radix(dice, low)
    low_span = 1
    for ch in low:
        low_span *= radix.base[ch]
    base_codes, base_weights = _distribution(rest, radix)
    tail = _distribution(suffix, radix)
    high = base_codes // low_span
    starts = np.concatenate([[0], np.flatnonzero(np.diff(high)) + 1, [len(high)]])
    for g in range(0, len(starts) - 1, _CHUNK_GROUPS):
        lo, hi = starts[g], starts[min(g + _CHUNK_GROUPS, len(starts) - 1)]
        codes, weights = _convolve((base_codes[lo:hi], base_weights[lo:hi]), tail)
        yield RollChunk(_decode(codes, radix, len(dice)) if letters else [], weights)


def iter_rolls(dice: Sequence[str] | None = None) -> Iterator[tuple[str, int]]:
    """Every distinct roll and its outcome count, one at a time."""
    for chunk in iter_roll_chunks(dice):
        yield from zip(chunk.letters, chunk.outcomes.tolist(), strict=True)


def uniform_sample(n: int, seed: int, dice: Sequence[str] | None = None) -> list[tuple[str, int]]:
    """n distinct rolls, each distinct roll equally likely (not as a player rolls), in
    enumeration order: what the full atlas costs per roll is measured on these."""
    total = count_rolls(dice)
    if not 0 <= n <= total:
        raise InputError(f"sample size must be between 0 and {total}, got {n}")
    picks = np.sort(np.random.default_rng(seed).choice(total, size=n, replace=False))
    out: list[tuple[str, int]] = []
    start = 0
    for chunk in iter_roll_chunks(dice):
        end = start + len(chunk.letters)
        lo, hi = np.searchsorted(picks, [start, end])
        out.extend((chunk.letters[i - start], int(chunk.outcomes[i - start])) for i in picks[lo:hi])
        start = end
    return out


def count_rolls(dice: Sequence[str] | None = None) -> int:
    """How many distinct rolls the dice have (15,800,439 for the real dice)."""
    return sum(len(c.outcomes) for c in iter_roll_chunks(dice, letters=False))


def total_outcomes(dice: Sequence[str] | None = None) -> int:
    """6^12 for the real dice: every face outcome."""
    dice = real_dice() if dice is None else dice
    return int(np.prod([len(d) for d in dice], dtype=object))


def canonical(text: str) -> str:
    """A roll's key: its letters lowercased and sorted (spaces ignored)."""
    raw = "".join(text.split()).lower()
    if not raw or not raw.isascii() or not raw.isalpha():
        raise InputError(f"{text!r}: a roll is letters a-z")
    return "".join(sorted(raw))


def outcomes(letters: str, dice: Sequence[str] | None = None) -> int:
    """How many face outcomes of the dice give this multiset (0 if it cannot be rolled)."""
    dice_t = tuple(real_dice() if dice is None else dice)
    key = canonical(letters)
    if len(key) != len(dice_t):
        return 0
    return _outcomes(dice_t, tuple(sorted(Counter(key).items())))


@cache
def _outcomes(dice: tuple[str, ...], need: tuple[tuple[str, int], ...]) -> int:
    if not dice:
        return 1
    die, rest = dice[0], dice[1:]
    total = 0
    remaining = dict(need)
    for face, mult in Counter(die).items():
        if remaining.get(face, 0) > 0:
            after = dict(remaining)
            after[face] -= 1
            total += mult * _outcomes(rest, tuple((k, v) for k, v in after.items() if v))
    return total


def parse_roll(text: str, dice: Sequence[str] | None = None) -> tuple[str, int]:
    """A typed roll -> (key, outcome count); InputError unless the dice can show it."""
    key = canonical(text)
    n = len(real_dice() if dice is None else dice)
    if len(key) != n:
        raise InputError(f"{text!r}: a roll has {n} letters, not {len(key)}")
    ways = outcomes(key, dice)
    if ways == 0:
        which = "Q-Less dice" if dice is None else "dice"
        raise InputError(f"{text!r}: the {which} cannot show these letters together")
    return key, ways


def sample_rolls(n: int, seed: int, dice: Sequence[str] | None = None) -> list[str]:
    """n rolls drawn as a player draws them (just roll the dice), with repeats, reproducibly.

    Drawn in fixed blocks so the first k of a sample of n are the sample of k: growing a
    sample with the same seed extends it.
    """
    if n < 0:
        raise InputError(f"sample size must be at least 0, got {n}")
    dice = list(real_dice() if dice is None else dice)
    faces = np.array([[ord(f) for f in d] for d in dice], dtype=np.uint8)
    rng = np.random.default_rng(seed)
    out: list[str] = []
    block = 4096
    while len(out) < n:
        pick = rng.integers(0, faces.shape[1], size=(block, len(dice)))
        letters = np.sort(faces[np.arange(len(dice)), pick], axis=1)
        out.extend(r.decode() for r in letters.view(f"S{len(dice)}").ravel().tolist())
    return out[:n]
