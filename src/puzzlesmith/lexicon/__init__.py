"""Word lists in, indexes out: the one place that reads word files."""

from puzzlesmith.lexicon.index import (
    DEFAULT_COMMON_TOP,
    LengthBucket,
    LexiconIndex,
    get_index,
    letter_counts,
    letter_mask,
)
from puzzlesmith.lexicon.model import Lexicon
from puzzlesmith.lexicon.registry import available, load_lexicon
from puzzlesmith.lexicon.registry import register as register_file

__all__ = [
    "DEFAULT_COMMON_TOP",
    "LengthBucket",
    "Lexicon",
    "LexiconIndex",
    "available",
    "get_index",
    "letter_counts",
    "letter_mask",
    "load_lexicon",
    "register_file",
    "select",
]


def select(spec: str | None = None, common_top: int | None = None) -> tuple[Lexicon, LexiconIndex]:
    """The lexicon and index a command runs on: --lexicon, narrowed to common words if asked."""
    lexicon = load_lexicon(spec)
    index = get_index(lexicon)
    if common_top is None:
        return lexicon, index
    common = lexicon.restricted(index.common_words(common_top), f"+common{common_top}")
    return common, get_index(common)
