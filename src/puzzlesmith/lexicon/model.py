"""The Lexicon: a named set of lowercase a-z words."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

# How many of wordfreq's most frequent English words count as common (the --common default).
DEFAULT_COMMON_TOP = 30_000


def words_hash(words: tuple[str, ...]) -> str:
    """Hash of normalized words: the cache key of every index built from them."""
    import hashlib

    return hashlib.sha256("\n".join(words).encode()).hexdigest()[:20]


class Lexicon:
    """A word list: sorted unique lowercase a-z words plus where they came from.

    Immutable. The words may be given, or a `loader` that reads them (and their scores) on
    first use, together with their `content_hash`: a command that only needs the lexicon's
    index (found on disk by that hash) then never parses the word file at all. A constructor's
    `word;score` list keeps its `scores`, aligned with the words; other lists have None.

    A `transient` lexicon is one a request made from values it may pick freely (a common cut
    of any size, the setter's own prefer list): nothing derived from it (its word list, index,
    fill or Q-Less tables) is written to the disk cache, or each new value would leave files
    of its own there (issue 31). Lexicons made from it are transient too.
    """

    def __init__(
        self,
        name: str,
        source: str,
        license: str,
        words: tuple[str, ...] | None = None,
        skipped: int = 0,
        scores: tuple[int, ...] | None = None,
        *,
        loader: Callable[[], tuple[tuple[str, ...], tuple[int, ...] | None]] | None = None,
        content_hash: str | None = None,
        transient: bool = False,
    ) -> None:
        if (words is None) == (loader is None):
            raise ValueError("give the words or a loader, not both")
        if loader is not None and content_hash is None:
            raise ValueError("a lazily loaded lexicon needs its content hash")
        self.name = name
        self.source = source
        self.license = license
        self.skipped = skipped  # entries dropped for characters other than a-z
        self._words = words
        self._scores = scores
        self._loader = loader
        self._hash = content_hash
        self.transient = transient

    def __repr__(self) -> str:
        return f"Lexicon(name={self.name!r}, source={self.source!r}, content_hash={self.content_hash!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Lexicon)
            and (self.name, self.content_hash) == (other.name, other.content_hash)
        )

    def __hash__(self) -> int:
        return hash((self.name, self.content_hash))

    def _load(self) -> tuple[str, ...]:
        if self._words is None:
            assert self._loader is not None
            self._words, self._scores = self._loader()
        return self._words

    @property
    def words(self) -> tuple[str, ...]:
        return self._load()

    @property
    def scores(self) -> tuple[int, ...] | None:
        self._load()  # the scores come with the words
        return self._scores

    @cached_property
    def word_set(self) -> frozenset[str]:
        return frozenset(self.words)

    @property
    def content_hash(self) -> str:
        """Hash of the normalized words: the cache key of every index built from them."""
        if self._hash is None:
            self._hash = words_hash(self.words)
        return self._hash

    def __contains__(self, word: object) -> bool:
        return word in self.word_set

    def __len__(self) -> int:
        return len(self.words)

    def counts_by_length(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for w in self.words:
            counts[len(w)] = counts.get(len(w), 0) + 1
        return dict(sorted(counts.items()))

    def restricted(self, keep: frozenset[str], suffix: str, transient: bool = False) -> Lexicon:
        """The sub-lexicon of words in `keep` (e.g. the common words); transient if this
        lexicon is or `transient` says so."""
        kept = [i for i, w in enumerate(self.words) if w in keep]
        scores = self.scores
        return Lexicon(
            name=f"{self.name}{suffix}",
            source=self.source,
            license=self.license,
            words=tuple(self.words[i] for i in kept),
            scores=None if scores is None else tuple(scores[i] for i in kept),
            transient=self.transient or transient,
        )
