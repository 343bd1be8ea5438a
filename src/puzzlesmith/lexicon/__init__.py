"""Word lists in, indexes out: the one place that reads word files.

The index module (and numpy with it) loads on first use of one of its names, so a command
that only reads a word list starts without it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from puzzlesmith.lexicon.model import DEFAULT_COMMON_TOP, Lexicon
from puzzlesmith.lexicon.registry import available, load_lexicon
from puzzlesmith.lexicon.registry import register as register_file

__all__ = [
    "DEFAULT_COMMON_TOP",
    "LengthBucket",
    "Lexicon",
    "LexiconIndex",
    "available",
    "choose",
    "get_index",
    "letter_counts",
    "letter_mask",
    "load_lexicon",
    "register_file",
    "select",
]


if TYPE_CHECKING:
    from puzzlesmith.lexicon.index import (
        LengthBucket,
        LexiconIndex,
        get_index,
        letter_counts,
        letter_mask,
    )

_FROM_INDEX = ("LengthBucket", "LexiconIndex", "get_index", "letter_counts", "letter_mask")


def __getattr__(name: str) -> Any:
    if name in _FROM_INDEX:
        return getattr(importlib.import_module("puzzlesmith.lexicon.index"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_narrowed: dict[tuple[str, int], Lexicon] = {}


def select(spec: str | None = None, common_top: int | None = None) -> tuple[Lexicon, LexiconIndex]:
    """The lexicon and index a command runs on: --lexicon, narrowed to common words if asked."""
    from puzzlesmith.lexicon.index import get_index

    lexicon = load_lexicon(spec)
    index = get_index(lexicon)
    if common_top is None:
        return lexicon, index
    # Narrowing filters every word: a long-lived process (a web worker) does it once per list.
    key = (lexicon.content_hash, common_top)
    common = _narrowed.get(key)
    if common is None:
        common = lexicon.restricted(index.common_words(common_top), f"+common{common_top}")
        _narrowed[key] = common
    return common, get_index(common)


def choose(
    spec: str | None, common: bool = False, common_top: int = DEFAULT_COMMON_TOP
) -> tuple[Lexicon, LexiconIndex]:
    """`--lexicon`, `--common`, `--common-top` as every command reads them: a `--common-top`
    alone also turns on common mode."""
    use_common = common or common_top != DEFAULT_COMMON_TOP
    return select(spec or None, common_top if use_common else None)
