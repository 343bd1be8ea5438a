"""Foreign words: the bundled lists' words an English speaker would italicise (`ciao`, `merci`,
`muy`, `sehr`; not `cafe`, `impede` or `lager`), flagged at data-build time by
scripts/build_foreign.py and shipped as data/foreign.txt.gz (docs/foreign.md).

Read only by a command that leaves foreign words out: nothing else imports this module.
"""

from __future__ import annotations

import gzip
import hashlib
from functools import lru_cache
from importlib import resources

from puzzlesmith.lexicon.model import Lexicon

SUFFIX = "-foreign"  # the name of a lexicon without its foreign words: letterpress-foreign
# Part of the names of the records `without_foreign` keeps: bump it when the rule changes.
_RECORD_FORMAT = 1


@lru_cache(maxsize=1)
def _flag_file() -> bytes:
    return resources.files("puzzlesmith.lexicon").joinpath("data", "foreign.txt.gz").read_bytes()


@lru_cache(maxsize=1)
def foreign_words() -> frozenset[str]:
    """Every flagged word (after the file's `#` header line)."""
    lines = gzip.decompress(_flag_file()).decode("ascii").split("\n")
    return frozenset(w for w in lines if w and not w.startswith("#"))


def is_foreign(word: str) -> bool:
    return word in foreign_words()


def _narrowed(lexicon: Lexicon) -> Lexicon:
    flagged = foreign_words()
    return lexicon.restricted(frozenset(w for w in lexicon.words if w not in flagged), SUFFIX)


_memo: dict[tuple[str, str, int | None], Lexicon] = {}


def without_foreign(lexicon: Lexicon) -> Lexicon:
    """`lexicon` less its flagged words.

    A small record in the cache folder keeps the narrowed list's content hash, so a later
    command finds its index on disk without reading the word list or the flags (`wordgrid
    create` leaves foreign words out by default and must start as fast as before).
    """
    from puzzlesmith.files import cache_dir, read_cache, write_cache

    scores_key = None if lexicon.scores is None else hash(lexicon.scores)
    key = (lexicon.name, lexicon.content_hash, scores_key)
    hit = _memo.get(key)
    if hit is not None:
        return hit
    if lexicon.transient:  # no record of a cut a request picked (model.Lexicon)
        return _narrowed(lexicon)
    flags = hashlib.blake2b(_flag_file(), digest_size=8).hexdigest()
    record = (cache_dir() / f"noforeign-v{_RECORD_FORMAT}-{lexicon.content_hash}-{scores_key}"
                            f"-{flags}.txt")
    stored = (read_cache(record) or b"").decode("ascii", "replace")
    if len(stored) == 20 and stored.isalnum():
        def load() -> tuple[tuple[str, ...], tuple[int, ...] | None]:
            narrowed = _narrowed(lexicon)
            return narrowed.words, narrowed.scores

        result = Lexicon(lexicon.name + SUFFIX, lexicon.source, lexicon.license, loader=load,
                         content_hash=stored)
    else:
        result = _narrowed(lexicon)
        write_cache(record, result.content_hash.encode("ascii"))
    if len(_memo) > 8:
        _memo.clear()
    _memo[key] = result
    return result
