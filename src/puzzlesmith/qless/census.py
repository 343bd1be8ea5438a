"""The census: whether each roll of the dice can be solved, for every roll, in one small file.

Built from a complete atlas (`atlas build --all`) by `scripts/build_census.py`, shipped as
`data/census.bin` for the real dice on the bundled word list once that atlas is complete.
The file is

    b"QLESS-CENSUS 1\\n" + header (one line of JSON) + b"\\n" + bits + unsolvable

- header: the lexicon's name and content hash, the dice, the engine versions that gave
  the answers, how many rolls, how many unsolvable, the exact outcome counts (so the
  probability that a roll can be solved is an exact fraction), and the two sections' sizes;
- bits: lzma-compressed, one bit per roll in the enumeration order of `atlas.rolls`
  (`np.packbits`, first roll in the high bit of the first byte), 1 = solvable;
- unsolvable: lzma-compressed, every unsolvable roll's sorted letters, in sorted order,
  one a line.

Light to read (stdlib only): `qless solve` consults it before searching.
"""

from __future__ import annotations

import json
import lzma
import os
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from puzzlesmith.lexicon import Lexicon, LexiconIndex
    from puzzlesmith.qless.solve import QlessResult

MAGIC = b"QLESS-CENSUS 1\n"
BUNDLED = "census.bin"
ENV = "PUZZLESMITH_CENSUS"  # a census file to use instead of the bundled one


class IncompleteCensus(Exception):
    """The atlas does not hold a final answer for every roll, so no census can be made."""


@dataclass(frozen=True)
class Census:
    """The solvability of every roll of one set of dice on one word list."""

    header: dict[str, Any]
    bits: bytes  # packed, one bit per roll in enumeration order, 1 = solvable
    unsolvable: tuple[str, ...]  # sorted letters of each unsolvable roll, sorted
    _set: frozenset[str] = field(default=frozenset(), repr=False, compare=False)

    @property
    def lexicon_hash(self) -> str:
        return str(self.header["lexicon_hash"])

    @property
    def dice(self) -> str:
        return str(self.header["dice"])

    @property
    def rolls(self) -> int:
        return int(self.header["rolls"])

    def matches(self, lexicon_hash: str, dice: str) -> bool:
        return self.lexicon_hash == lexicon_hash and self.dice == dice

    def is_unsolvable(self, letters: str) -> bool:
        """Whether this roll (any order of its letters) is one of the unsolvable ones."""
        key = "".join(sorted(letters))
        i = bisect_left(self.unsolvable, key)
        return i < len(self.unsolvable) and self.unsolvable[i] == key

    def solvable_at(self, index: int) -> bool:
        """The bit of the roll at this position of the enumeration order."""
        if not 0 <= index < self.rolls:
            raise IndexError(index)
        return bool(self.bits[index >> 3] >> (7 - (index & 7)) & 1)

    def to_json(self) -> dict[str, Any]:
        h = self.header
        return {
            "lexicon": h["lexicon"], "lexicon_hash": h["lexicon_hash"], "dice": h["dice"],
            "engine_versions": h["engine_versions"], "rolls": h["rolls"],
            "unsolvable": h["unsolvable"], "solvable": h["rolls"] - h["unsolvable"],
            "outcomes": h["outcomes"], "unsolvable_outcomes": h["unsolvable_outcomes"],
            "p_solvable": h["p_solvable"],
            "p_solvable_exact": f"{h['outcomes'] - h['unsolvable_outcomes']}/{h['outcomes']}",
            "fraction_of_rolls_solvable": (h["rolls"] - h["unsolvable"]) / h["rolls"],
            "built_at": h.get("built_at"),
        }


def to_bytes(census: Census) -> bytes:
    bits = lzma.compress(census.bits, preset=9)
    listed = lzma.compress("".join(k + "\n" for k in census.unsolvable).encode(), preset=9)
    header = dict(census.header, bits_bytes=len(bits), unsolvable_bytes=len(listed))
    return MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n" + bits + listed


def from_bytes(raw: bytes) -> Census:
    """A census back from its file; ValueError if it is not one."""
    if not raw.startswith(MAGIC):
        raise ValueError("not a Q-Less census file")
    end = raw.index(b"\n", len(MAGIC))
    header = json.loads(raw[len(MAGIC):end])
    at = end + 1
    bits = lzma.decompress(raw[at : at + header["bits_bytes"]])
    at += header["bits_bytes"]
    listed = lzma.decompress(raw[at : at + header["unsolvable_bytes"]]).decode().split()
    if len(listed) != header["unsolvable"] or len(bits) != (header["rolls"] + 7) // 8:
        raise ValueError("census file is damaged: its sections do not match its header")
    return Census(header, bits, tuple(listed))


def read(path: Path) -> Census:
    return from_bytes(Path(path).read_bytes())


def write(census: Census, path: Path) -> None:
    from puzzlesmith.files import write_atomic

    write_atomic(Path(path), to_bytes(census))


@lru_cache(maxsize=4)
def _load(where: str) -> Census | None:
    try:
        if where == BUNDLED:
            raw = resources.files("puzzlesmith.qless").joinpath("data", BUNDLED).read_bytes()
        else:
            raw = Path(where).read_bytes()
        return from_bytes(raw)
    except (OSError, ValueError, KeyError, lzma.LZMAError):
        return None


def available() -> Census | None:
    """The census `qless solve` consults: $PUZZLESMITH_CENSUS, else the bundled file."""
    return _load(os.environ.get(ENV) or BUNDLED)


def of(lexicon_hash: str, dice: str) -> Census | None:
    """The available census when it was made on this word list and these dice, else None."""
    census = available()
    return census if census is not None and census.matches(lexicon_hash, dice) else None


def lookup(letters: str, lexicon_hash: str, dice: str) -> Census | None:
    """The census that says this roll is unsolvable on this word list and dice, or None."""
    census = of(lexicon_hash, dice)
    return census if census is not None and census.is_unsolvable(letters) else None


def answer(roll: str, source: Lexicon | LexiconIndex, count: bool) -> QlessResult | None:
    """"unsolvable" at once, when the census of the real dice on this word list says so.

    Only a census made on exactly this word list (content hash) and the real dice answers;
    for any other roll or list the caller searches as usual. `roll` is parsed (sorted).
    """
    from puzzlesmith.qless.dice import REAL_KEY
    from puzzlesmith.qless.solve import QlessResult, anagrams_of

    found = lookup(roll, source.content_hash, REAL_KEY)
    if found is None:
        return None
    h = found.header
    return QlessResult(
        letters=roll, status="unsolvable", board=None,
        anagrams=tuple(anagrams_of(roll, source)), placements=0, seconds=0.0,
        lexicon=source.name, solutions=0 if count else None, count_complete=count,
        extra={"census": {"lexicon_hash": h["lexicon_hash"], "dice": h["dice"],
                          "engine_versions": h["engine_versions"], "rolls": h["rolls"]}},
    )
