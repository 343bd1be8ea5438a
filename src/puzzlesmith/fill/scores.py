"""Word scores for filling: how good an entry each word makes.

A constructor's `word;score` list (read by puzzlesmith.lexicon with its scores) is used as it
stands. Any other list is scored from word frequency: the wordfreq rank the lexicon index
already holds, on a 0-100 scale where the most frequent words score 100, a word ranked
1,000th about 55, 30,000th about 33, and words wordfreq does not know 0.
"""

from __future__ import annotations

import functools
import hashlib
import math
from array import array

from puzzlesmith.lexicon import Lexicon, LexiconIndex

MAX_SCORE = 100
# The word list a fill runs on when none is named (the CLI's and the web editor's): the
# crossword list's phrases, names and abbreviations read like a crossword; the Scrabble-style
# bundled list stays the default of the other commands.
FILL_LEXICON = "crossword"


# Score of the words of the setter's "prefer" list: the best there is, so the fill takes them
# first wherever they fit (ingrid_core's prioritised lists, the setter's own list first).
PREFERRED_SCORE = MAX_SCORE


def default_blocked(*, allow_iffy: bool = False) -> frozenset[str]:
    """The shipped block list (slurs and offensive entries; scripts/build_crossword.py), which
    every fill leaves out unless the setter gives such an entry whole, and unless
    `allow_iffy` (--allow-iffy) the entries that fail the breakfast test too (disease, bodily
    functions, drugs, war: lexicon.sensitivity)."""
    if allow_iffy:
        return _default_blocked()
    return _with_iffy()


@functools.cache
def _with_iffy() -> frozenset[str]:
    from puzzlesmith.lexicon.sensitivity import iffy_words

    return _default_blocked() | iffy_words()


@functools.cache
def _default_blocked() -> frozenset[str]:
    import gzip
    from importlib import resources

    data = resources.files("puzzlesmith.lexicon").joinpath("data", "crossword-blocked.txt.gz")
    return frozenset(gzip.decompress(data.read_bytes()).decode().split())


def with_preferred(lexicon: Lexicon, index: LexiconIndex, preferred: frozenset[str],
                   transient: bool = False) -> Lexicon:
    """The same words with those of `preferred` (that the lexicon holds) scored
    PREFERRED_SCORE: the index stays the lexicon's own, only the fill's order changes.
    `transient` (lexicon.Lexicon): no fill table of it is kept on disk (the server's lists,
    sent with each request, would each leave a table a word length)."""
    if not preferred:
        return lexicon
    scores = word_scores(lexicon, index)
    return Lexicon(lexicon.name + "+prefer", lexicon.source, lexicon.license, lexicon.words,
                   scores=tuple(PREFERRED_SCORE if w in preferred else scores.get(w, 0)
                                for w in lexicon.words),
                   transient=transient or lexicon.transient)


def rank_score(rank: int) -> int:
    """The score of a word from its wordfreq rank (1 = most frequent; 0 = not ranked)."""
    if rank <= 0:
        return 0
    return max(1, min(MAX_SCORE, round(MAX_SCORE - 15 * math.log10(rank))))


# The memos of this module and tables.py keep what they built for the last KEEP_LEXICONS
# lexicons only: a server's fill worker lives for days, and each setter's prefer list (or
# common cut) is a lexicon of its own whose scores and tables cost tens of megabytes.
KEEP_LEXICONS = 4

_CACHE: dict[tuple[str, str], dict[str, int]] = {}


# Digests of scored lists' scores, by the identity of their scores tuple (kept alive here, so
# an id is never reused): hashed as machine ints, far cheaper than as text, and the fill
# asks once an entry.
_DIGESTS: dict[int, tuple[tuple[int, ...], str]] = {}


def scores_key(lexicon: Lexicon) -> str:
    """What a lexicon's scores depend on: its words and, for a scored list, the scores."""
    scores = lexicon.scores
    if scores is None:
        return f"{lexicon.content_hash}-freq"
    known = _DIGESTS.get(id(scores))
    if known is None or known[0] is not scores:
        digest = hashlib.sha256(array("q", scores).tobytes()).hexdigest()[:12]
        known = _DIGESTS[id(scores)] = (scores, digest)
        while len(_DIGESTS) > 2 * KEEP_LEXICONS:  # an id freed here is not in the table
            del _DIGESTS[next(iter(_DIGESTS))]
    return f"{lexicon.content_hash}-{known[1]}"


def _scores(lexicon: Lexicon, index: LexiconIndex) -> dict[str, int]:
    if lexicon.scores is not None:
        return dict(zip(lexicon.words, lexicon.scores, strict=True))
    import numpy as np

    out: dict[str, int] = {}
    for bucket in index.buckets.values():
        ranks = bucket.ranks.astype(np.float64)
        with np.errstate(divide="ignore"):
            raw = np.rint(MAX_SCORE - 15 * np.log10(ranks))
        scores = np.where(ranks > 0, np.clip(raw, 1, MAX_SCORE), 0).astype(int).tolist()
        out.update(zip(bucket.words, scores, strict=True))
    return out


def word_scores(lexicon: Lexicon, index: LexiconIndex) -> dict[str, int]:
    """Every word of the lexicon -> its score (cached per lexicon)."""
    # Keyed by the content hash and the scores, not functools.lru_cache over the arguments:
    # Lexicon equality ignores the scores, which a prefer list changes alone.
    key = (scores_key(lexicon), lexicon.source)
    found = _CACHE.pop(key, None)
    if found is None:
        found = _scores(lexicon, index)
    _CACHE[key] = found  # the most recently used last
    while len(_CACHE) > KEEP_LEXICONS:
        del _CACHE[next(iter(_CACHE))]
    return found


def scored_by(lexicon: Lexicon) -> str:
    return "the list's own scores" if lexicon.scores is not None else "word frequency (wordfreq rank)"
