"""Letter racks: parsing the letters a user types ("?" is a blank tile)."""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzlesmith.errors import InputError

MAX_LETTERS = 64


@dataclass(frozen=True)
class Rack:
    """Letters a-z (sorted) plus a number of blank tiles that stand for any letter."""

    letters: str
    blanks: int = 0
    typed: str = field(default="", compare=False)  # as the user typed it, for display

    def __len__(self) -> int:
        return len(self.letters) + self.blanks

    def __str__(self) -> str:
        return self.typed or self.letters + "?" * self.blanks


def parse_rack(text: str, *, allow_blanks: bool = True) -> Rack:
    """Parse typed letters: any case, spaces ignored, '?' a blank; InputError otherwise."""
    raw = "".join(text.split()).lower()
    if not raw:
        raise InputError("no letters given")
    bad = sorted({c for c in raw if not ("a" <= c <= "z" or (c == "?" and allow_blanks))})
    if bad:
        allowed = "letters a-z and '?' for a blank" if allow_blanks else "letters a-z"
        raise InputError(f"{text!r}: only {allowed} are allowed, not {' '.join(bad)!r}")
    if len(raw) > MAX_LETTERS:
        raise InputError(f"too many letters: {len(raw)} (at most {MAX_LETTERS})")
    return Rack("".join(sorted(raw.replace("?", ""))), raw.count("?"), raw)
