"""Foreign words: the bundled lists' words an English speaker would italicise (`ciao`, `merci`,
`muy`, `sehr`; not `cafe`, `impede` or `lager`), flagged at data-build time by
scripts/build_foreign.py and shipped as data/foreign.txt.gz (docs/foreign.md).

Read only by a command that leaves foreign words out (`narrow.without_foreign`) and by
`wordgrid create`'s check of a given word: nothing else imports this module.
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=1)
def flag_file() -> bytes:
    return resources.files("puzzlesmith.lexicon").joinpath("data", "foreign.txt.gz").read_bytes()


@lru_cache(maxsize=1)
def foreign_words() -> frozenset[str]:
    """Every flagged word (after the file's `#` header line)."""
    lines = gzip.decompress(flag_file()).decode("ascii").split("\n")
    return frozenset(w for w in lines if w and not w.startswith("#"))


def is_foreign(word: str) -> bool:
    return word in foreign_words()
