"""Choosing a word list and narrowing it, in one place: the list (bundled, registered or a
file), its common cut (--common, --common-top), less its foreign words (--no-foreign), then
a meaning filter (--kind-of, --means), each narrowed lexicon kept in memory and, where it
pays, in the cache folder (`files`).

`narrowed(spec)` is the one way to ask for a narrowed list and its index: a command's options
object gives its `LexiconSpec` (`lexicon_spec()`), so no adapter assembles one; a plain list,
with no index and no narrowing, is `registry.load_lexicon`.

Light on purpose (no numpy, no registry, no WordNet at import): `lexicon` re-exports
`common_cut` for every command's options.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlesmith.lexicon.model import DEFAULT_COMMON_TOP, Lexicon

if TYPE_CHECKING:
    from pathlib import Path

    from puzzlesmith.lexicon.index import LexiconIndex


@dataclass(frozen=True)
class LexiconSpec:
    """The word list a command runs on, as its options say: `source` (None or "" the bundled
    list, a registered name or a file), its `common_top` most common words unless that is None
    (`common_cut` reads --common/--common-top into it), less its foreign words when `foreign`
    is false (--no-foreign), then the words of a meaning filter (--kind-of TOPIC, --means
    TEXT) if one is given."""

    source: str | None = None
    common_top: int | None = None
    foreign: bool = True
    kind_of: str | None = None
    means: str | None = None


def common_cut(common: bool, common_top: int = DEFAULT_COMMON_TOP) -> int | None:
    """The `LexiconSpec.common_top` that the --common and --common-top options ask for, as
    every command (and the web's matching parameters) reads them: None for the whole list; a
    --common-top other than the default also turns common mode on."""
    return common_top if common or common_top != DEFAULT_COMMON_TOP else None


def narrowed(spec: LexiconSpec) -> tuple[Lexicon, LexiconIndex]:
    """The lexicon and index `spec` asks for: the list, then each narrowing in turn (the
    steps below, in this order). Each step keeps what it made in memory, and the common cut,
    the foreign-less list and a meaning filter also on disk (`files`), so a step shared by
    two specs (the common cut of `--common` and of `--common --no-foreign`) is done once."""
    from puzzlesmith.lexicon.index import get_index
    from puzzlesmith.lexicon.registry import load_lexicon

    lexicon = load_lexicon(spec.source)
    index = get_index(lexicon)
    if spec.common_top is not None:
        lexicon, index = _common_step(lexicon, index, spec.common_top)
    if not spec.foreign:
        lexicon = without_foreign(lexicon)
        index = _index_of(lexicon, index)
    if spec.kind_of is not None or spec.means is not None:
        lexicon, index, _ = meaning_narrowed(lexicon, index, spec.kind_of, spec.means)
    return lexicon, index


# Step 1, the common cut. The memos below are dicts keyed by the list's content hash and
# scores, not functools.lru_cache over the Lexicon: Lexicon equality ignores the scores, and
# two lists of the same words with other scores narrow to other lexicons.

_narrowed: dict[tuple[str, int | None, int], Lexicon] = {}


def _common_step(lexicon: Lexicon, index: LexiconIndex, top: int) -> tuple[Lexicon, LexiconIndex]:
    """The lexicon's `top` most common words and their index. Narrowing filters every word:
    a long-lived process (a web worker) does it once per list. Two lists with the same words
    but other scores (`word;score`) narrow to other lexicons."""
    scores = lexicon.scores
    key = (lexicon.content_hash, None if scores is None else hash(scores), top)
    common = _narrowed.pop(key, None)
    if common is None:
        common = _common_lexicon(lexicon, index, top, key[1])
    _narrowed[key] = common  # the most recently used last
    while len(_narrowed) > 8:  # a server's requests may ask for any number of cuts
        del _narrowed[next(iter(_narrowed))]
    return common, _index_of(common, index)


# Part of the names of the narrowed-lexicon files (`_write_narrowed`): bump it when their
# layout, or the rule that picks their words, changes, so no file of the old kind is read.
_NARROWED_FORMAT = 7


def _common_lexicon(lexicon: Lexicon, index: LexiconIndex, top: int, scores_key: int | None) -> Lexicon:
    """The lexicon's common words. The default cut (--common) is kept in the disk cache once
    made: filtering the whole list (and reading every length's ranks) was a large share of each
    --common command (docs/architecture.md, Start-up figures). Any other cut is a transient
    lexicon, made again by each process that asks: a request may pick any of a million sizes,
    and each kept would leave a list and an index on disk."""
    from puzzlesmith.files import cache_dir
    from puzzlesmith.lexicon.index import FORMAT_VERSION

    suffix = f"+common{top}"
    if top != DEFAULT_COMMON_TOP or lexicon.transient:
        return lexicon.restricted(index.common_words(top), suffix, transient=True)
    path = (cache_dir() / f"common-v{FORMAT_VERSION}.{_NARROWED_FORMAT}-{lexicon.content_hash}"
                          f"-{scores_key}-{top}.txt")
    found = _read_narrowed(path, lexicon, suffix)
    if found is not None:
        return found[0]
    common = lexicon.restricted(index.common_words(top), suffix)
    _write_narrowed(path, common)
    return common


# Step 2, the foreign words.

SUFFIX = "-foreign"  # the name of a lexicon without its foreign words: letterpress-foreign
# Part of the names of the records `without_foreign` keeps: bump it when the rule changes.
_RECORD_FORMAT = 1


def _foreign_narrowed(lexicon: Lexicon) -> Lexicon:
    from puzzlesmith.lexicon.foreign import foreign_words

    flagged = foreign_words()
    return lexicon.restricted(frozenset(w for w in lexicon.words if w not in flagged), SUFFIX)


_foreign_memo: dict[tuple[str, str, int | None], Lexicon] = {}


def without_foreign(lexicon: Lexicon) -> Lexicon:
    """`lexicon` less its flagged words.

    A small record in the cache folder keeps the narrowed list's content hash, so a later
    command finds its index on disk without reading the word list or the flags (`wordgrid
    create` leaves foreign words out by default and must start as fast as before).
    """
    import hashlib

    from puzzlesmith.files import cache_dir, read_cache, write_cache
    from puzzlesmith.lexicon.foreign import flag_file

    scores_key = None if lexicon.scores is None else hash(lexicon.scores)
    key = (lexicon.name, lexicon.content_hash, scores_key)
    hit = _foreign_memo.get(key)
    if hit is not None:
        return hit
    if lexicon.transient:  # no record of a cut a request picked (model.Lexicon)
        return _foreign_narrowed(lexicon)
    flags = hashlib.blake2b(flag_file(), digest_size=8).hexdigest()
    record = (cache_dir() / f"noforeign-v{_RECORD_FORMAT}-{lexicon.content_hash}-{scores_key}"
                            f"-{flags}.txt")
    stored = (read_cache(record) or b"").decode("ascii", "replace")
    if len(stored) == 20 and stored.isalnum():
        def load() -> tuple[tuple[str, ...], tuple[int, ...] | None]:
            narrowed = _foreign_narrowed(lexicon)
            return narrowed.words, narrowed.scores

        result = Lexicon(lexicon.name + SUFFIX, lexicon.source, lexicon.license, loader=load,
                         content_hash=stored)
    else:
        result = _foreign_narrowed(lexicon)
        write_cache(record, result.content_hash.encode("ascii"))
    if len(_foreign_memo) > 8:
        _foreign_memo.clear()
    _foreign_memo[key] = result
    return result


# Step 3, a meaning filter.

_by_meaning: dict[tuple[str, str | None, str | None], tuple[Lexicon, LexiconIndex, dict[str, int]]] = {}


def meaning_narrowed(
    lexicon: Lexicon, index: LexiconIndex, kind_of: str | None, means: str | None,
    phrases: bool = False,
) -> tuple[Lexicon, LexiconIndex, dict[str, int]]:
    """`lexicon` narrowed to the words of a meaning filter, its index, and each word's tier
    (0 a kind of, 1 a synonym, 2 mentioned by a definition) for ranking --means answers."""
    key = (lexicon.content_hash, kind_of, means)
    hit = _by_meaning.get(key)
    if hit is None:
        from puzzlesmith.lexicon.index import sub_index
        from puzzlesmith.lexicon.meanings import narrow_words

        # (A phrase filter goes through every word; the others only ask about some, which
        # the index answers without a set of all 274,000.)
        label = "".join(f"+{k}:{v}" for k, v in (("kind-of", kind_of), ("means", means)) if v)
        cached = _meaning_cache(lexicon, label, phrases)
        found = _read_narrowed(cached, lexicon, label) if cached is not None else None
        if found is not None and len(found[1]) == len(found[0].words):
            narrowed, tiers = found[0], dict(zip(found[0].words, found[1], strict=True))
        else:
            tiers = narrow_words(lexicon.word_set if phrases else index, kind_of, means,
                                 phrases=phrases)
            narrowed = lexicon.restricted(frozenset(tiers), label)
            if cached is not None:
                _write_narrowed(cached, narrowed, tuple(tiers[w] for w in narrowed.words))
        hit = (narrowed, sub_index(index, narrowed), tiers)
        if len(_by_meaning) > 64:
            _by_meaning.clear()
        _by_meaning[key] = hit
    return hit


def _meaning_cache(lexicon: Lexicon, label: str, phrases: bool) -> Path | None:
    """Where a meaning filter's words are kept on disk: loading WordNet and narrowing the whole
    list was most of every `--kind-of`/`--means`/`PATTERN:TEXT` command (docs/architecture.md,
    Start-up figures), and a setter asks the same topic with pattern after pattern. The key
    covers the word list (with its scores), the filter, the WordNet data and the code of the
    rules (`rules_fingerprint`). None when the data cannot be read, or for a transient
    lexicon (model.Lexicon)."""
    if lexicon.transient:
        return None
    import hashlib
    from importlib import resources

    from puzzlesmith.files import cache_dir
    from puzzlesmith.lexicon.index import FORMAT_VERSION
    from puzzlesmith.lexicon.meanings import rules_fingerprint

    try:
        data = resources.files("puzzlesmith.lexicon").joinpath("data")
        wordnet = data.joinpath("wordnet-index.txt.gz").read_bytes()
        with data.joinpath("wordnet-synsets.bin").open("rb") as f:
            synsets = f.seek(0, 2)  # its size, without reading it all
    except OSError:
        return None
    h = hashlib.blake2b(digest_size=12)
    for part in (lexicon.content_hash, repr(None if lexicon.scores is None else hash(lexicon.scores)),
                 label, repr(phrases), str(synsets)):
        h.update(part.encode("utf-8") + b"\0")
    h.update(wordnet)
    h.update(rules_fingerprint())
    return cache_dir() / f"meaning-v{FORMAT_VERSION}.{_NARROWED_FORMAT}-{h.hexdigest()}.txt"


# What the steps share: the index of a narrowed lexicon, and the narrowed-list files.

_transient_indexes: dict[str, LexiconIndex] = {}


def _index_of(lexicon: Lexicon, parent: LexiconIndex) -> LexiconIndex:
    """The index of `lexicon`, a sub-lexicon of `parent`'s: the cached one, or for a transient
    lexicon one built in memory from the parent's (kept for the process, never written)."""
    from puzzlesmith.lexicon.index import get_index, sub_index

    if not lexicon.transient:
        return get_index(lexicon)
    found = _transient_indexes.pop(lexicon.content_hash, None)
    if found is None:
        found = sub_index(parent, lexicon)
    _transient_indexes[lexicon.content_hash] = found  # the most recently used last
    while len(_transient_indexes) > 8:
        del _transient_indexes[next(iter(_transient_indexes))]
    return found


def _read_narrowed(path: Path, lexicon: Lexicon, suffix: str) -> tuple[Lexicon, tuple[int, ...]] | None:
    """A narrowed lexicon `_write_narrowed` kept (its words, scores, and one number a word),
    or None when the file is missing, cut short or unreadable: then it is made again."""
    from puzzlesmith.files import read_cache

    try:
        count, words, scores, numbers = (read_cache(path) or b"").decode("ascii").split("\n")
        kept = tuple(words.split()) if words else ()
        per_word = tuple(map(int, numbers.split())) if numbers else ()
        kept_scores = tuple(map(int, scores.split())) if lexicon.scores is not None else None
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if len(kept) != int(count) or len(per_word) not in (0, len(kept)) or (
            kept_scores is not None and len(kept_scores) != len(kept)):
        return None
    return Lexicon(name=lexicon.name + suffix, source=lexicon.source, license=lexicon.license,
                   words=kept, scores=kept_scores), per_word


def _write_narrowed(path: Path, narrowed: Lexicon, per_word: tuple[int, ...] = ()) -> None:
    from puzzlesmith.files import write_cache

    scores = "" if narrowed.scores is None else " ".join(map(str, narrowed.scores))
    text = (f"{len(narrowed.words)}\n{' '.join(narrowed.words)}\n{scores}\n"
            f"{' '.join(map(str, per_word))}")
    write_cache(path, text.encode("ascii"))
