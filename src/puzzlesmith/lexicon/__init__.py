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
    "choose",
    "get_index",
    "letter_counts",
    "letter_mask",
    "load_lexicon",
    "register_file",
    "select",
]


_narrowed: dict[tuple[str, int], Lexicon] = {}


def select(spec: str | None = None, common_top: int | None = None) -> tuple[Lexicon, LexiconIndex]:
    """The lexicon and index a command runs on: --lexicon, narrowed to common words if asked."""
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
