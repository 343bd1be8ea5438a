"""Word lists in, indexes out: the one place that reads word files.

A command's word list is chosen and narrowed in `narrow`: a `LexiconSpec` in, `narrowed(spec)`
gives the lexicon and its index (an options object gives its spec: `lexicon_spec()`). The
registry and index modules load on first use of one of their names, so a command's --help
(which needs only DEFAULT_COMMON_TOP) starts without them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from puzzlesmith.lexicon.model import DEFAULT_COMMON_TOP, Lexicon
from puzzlesmith.lexicon.narrow import (
    LexiconSpec,
    common_cut,
    meaning_narrowed,
    narrowed,
)

__all__ = [
    "DEFAULT_COMMON_TOP",
    "LengthBucket",
    "Lexicon",
    "LexiconIndex",
    "LexiconSpec",
    "available",
    "common_cut",
    "get_index",
    "letter_counts",
    "letter_mask",
    "load_lexicon",
    "meaning_narrowed",
    "narrowed",
    "register_file",
]


if TYPE_CHECKING:
    from puzzlesmith.lexicon.index import (
        LengthBucket,
        LexiconIndex,
        get_index,
        letter_counts,
        letter_mask,
    )
    from puzzlesmith.lexicon.registry import available, load_lexicon
    from puzzlesmith.lexicon.registry import register as register_file

_LAZY = {
    **{n: ("index", n) for n in ("LengthBucket", "LexiconIndex", "get_index", "letter_counts",
                                 "letter_mask")},
    "available": ("registry", "available"),
    "load_lexicon": ("registry", "load_lexicon"),
    "register_file": ("registry", "register"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module, attr = _LAZY[name]
        return getattr(importlib.import_module(f"puzzlesmith.lexicon.{module}"), attr)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
