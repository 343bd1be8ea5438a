"""The crossword list's sensitivity tier: entries that fail the breakfast test.

Disease, bodily functions, sex, drugs, atrocity, crude slang.

The data is `data/crossword-iffy.txt.gz` (an `entry topic` line each), built by
scripts/build_sensitivity.py (through `scripts/build_data.py iffy`) from WordNet's categories
and our own additions; its licence note is `data/CROSSWORD-IFFY-LICENSE.txt`. Unlike the block
list (slurs, obscenities: never offered), an iffy entry is a word a setter may want on
purpose, so a fill leaves it out by default and takes it when asked. Loaded on first use.
"""

from __future__ import annotations

import functools
import gzip
from collections.abc import Mapping
from importlib import resources
from types import MappingProxyType

TOPICS = ("disease", "body", "drugs", "war", "usage", "own")


@functools.cache
def iffy_words() -> frozenset[str]:
    """The iffy entries, lower-case a-z as a grid holds them (CONDOMS as "condoms")."""
    return frozenset(iffy_topics())


def iffy_topics() -> Mapping[str, str]:
    """Iffy entry -> why: a topic of TOPICS ("usage": WordNet marks it vulgar or a slur;
    "own": our own additions)."""
    return _topics()


@functools.cache
def _topics() -> Mapping[str, str]:
    data = resources.files("puzzlesmith.lexicon").joinpath("data", "crossword-iffy.txt.gz")
    out: dict[str, str] = {}
    for line in gzip.decompress(data.read_bytes()).decode().splitlines():
        if line and not line.startswith("#"):
            entry, topic = line.split()
            out[entry] = topic
    return MappingProxyType(out)
