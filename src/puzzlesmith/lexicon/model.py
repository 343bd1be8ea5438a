"""The Lexicon: a named set of lowercase a-z words."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property


@dataclass(frozen=True)
class Lexicon:
    """A word list: sorted unique lowercase a-z words plus where they came from."""

    name: str
    source: str
    license: str
    words: tuple[str, ...] = field(repr=False)
    skipped: int = 0  # entries dropped for characters other than a-z
    # A constructor's `word;score` list keeps its scores, aligned with `words`; None otherwise.
    scores: tuple[int, ...] | None = field(default=None, repr=False)

    @cached_property
    def word_set(self) -> frozenset[str]:
        return frozenset(self.words)

    @cached_property
    def content_hash(self) -> str:
        """Hash of the normalized words: the cache key of every index built from them."""
        return hashlib.sha256("\n".join(self.words).encode()).hexdigest()[:20]

    def __contains__(self, word: object) -> bool:
        return word in self.word_set

    def __len__(self) -> int:
        return len(self.words)

    def counts_by_length(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for w in self.words:
            counts[len(w)] = counts.get(len(w), 0) + 1
        return dict(sorted(counts.items()))

    def restricted(self, keep: frozenset[str], suffix: str) -> Lexicon:
        """The sub-lexicon of words in `keep` (e.g. the common words)."""
        kept = [i for i, w in enumerate(self.words) if w in keep]
        return Lexicon(
            name=f"{self.name}{suffix}",
            source=self.source,
            license=self.license,
            words=tuple(self.words[i] for i in kept),
            scores=None if self.scores is None else tuple(self.scores[i] for i in kept),
        )
