"""Meaning filters and phrases on the word searches: `--kind-of`, `--means`, `PATTERN:TEXT`,
`--phrases`.

A filter narrows the lexicon once (`lexicon.narrowed`, as --common does), so `match` and
`anagrams` run unchanged on fewer words. What this module adds is the part that is not
narrowing: `--means` answers ranked (a kind of TEXT, then synonyms, then words whose definition
mentions it, each tier by frequency), and WordNet's phrases searched beside the words and
shown with their spaces.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import LexiconIndex, LexiconSpec, get_index, meaning_narrowed, narrowed
from puzzlesmith.lexicon.meanings import FAR_ONLY, INFLECTED, TIER_MENTION, TIER_STEP
from puzzlesmith.lexicon.typical import SCALE
from puzzlesmith.limits import Deadline
from puzzlesmith.search.letters import Rack
from puzzlesmith.search.pattern import MatchResult, SortOrder, match

if TYPE_CHECKING:
    from puzzlesmith.search.anagram import AnagramResult

UNRANKED = 1 << 30
# How many powers of ten of frequency a wholly typical word is worth over a word none of
# whose use is of the meaning: `salmon` (mostly a fish) before the more frequent `permit`.
TYPICAL_WEIGHT = 2
MOSTLY_NOT = 0.75  # share of a word's use not of the meaning above which it ranks later
# The same two powers of ten among the words less than a quarter typical, whose untypicality
# spans only the last quarter of the scale: so a far reading's members (a gun, an instrument
# a fifth of the way) come before words hardly of the meaning at all (`put`, a legal
# instrument in a thousandth of its use), frequent as those are.
LATE_WEIGHT = TYPICAL_WEIGHT / (1 - MOSTLY_NOT)


def split_query(query: str, means: str | None = None) -> tuple[str, str | None]:
    """OneLook's `PATTERN:TEXT` -> (PATTERN, TEXT); any other query keeps the --means TEXT.
    An equation (`A=(3-5:a*)` has a colon too) is sent to equation mode."""
    from puzzlesmith.search.equation_parse import looks_like_equation

    if looks_like_equation(query):
        raise InputError(f"{query.strip()!r} is an equation: use equation mode (match --equation)")
    pattern, colon, text = query.partition(":")
    if colon and text.strip():
        return pattern, text.strip()
    return (pattern if colon else query), means


@dataclass(frozen=True)
class Words:
    """What a word search runs over: the (narrowed) index, and optionally WordNet's phrases.

    `tiers` (word -> its score: tier, 0 kind of, 1 synonym, 2 defined as one, times
    meanings.TIER_STEP, plus how untypical, lexicon.typical) is set for a meaning filter,
    which ranks.
    """

    index: LexiconIndex
    tiers: dict[str, int] | None = None
    phrases: LexiconIndex | None = None
    phrase_tiers: dict[str, int] | None = None
    topic: str | None = None  # the --kind-of or --means asked, for names_elsewhere
    left_out: tuple[str, ...] = ()  # words of a --means description WordNet knows nowhere

    @property
    def ranked(self) -> bool:
        return self.tiers is not None

    def key(self, word: str) -> str:
        """The lexicon form of a shown word ('new york' -> 'newyork')."""
        return word.replace(" ", "").replace("-", "") if self.phrases is not None else word

    def tier(self, word: str) -> int:
        k = self.key(word)
        for t in (self.tiers, self.phrase_tiers):
            if t is not None and k in t:
                return t[k]
        return (TIER_MENTION + 1) * TIER_STEP

    def typical_key(self, word: str) -> tuple[int, bool, bool, bool, float]:
        """The ranking of a meaning answer: its tier; then the words that name one thing
        before those that qualify only through their base form (meanings.INFLECTED: `dogs`
        after `deer`, as a plural never answers a clue that names one; the other way round
        for a plural topic, `birds`); then the kinds of a near reading before those only of
        a far one (meanings.FAR_ONLY: `fig`, mostly a figure, before `rye`, a botanist's
        fruit); then the words at least MOSTLY_NOT of
        whose use is this meaning before the others (`put`, a legal instrument in a tenth of
        its use at most, after `sax`); then how typical it is and how frequent (the
        log of its frequency rank, plus TYPICAL_WEIGHT for a word none of whose use is of
        this meaning, LATE_WEIGHT among the others)."""
        score = self.tier(word)
        tier, rest = divmod(score, TIER_STEP)
        inflected, rest = divmod(rest, INFLECTED)
        far, untypical = divmod(rest, FAR_ONLY)
        late = untypical > MOSTLY_NOT * SCALE
        weight = LATE_WEIGHT if late else TYPICAL_WEIGHT
        return (tier, bool(inflected), bool(far), late,
                math.log10(self.rank(word)) + weight * untypical / SCALE + self.named(word))

    def named(self, word: str) -> float:
        """What a word's frequency is worth when the common cut leaves it out as a name first,
        foreign or crosswordese (index.not_common: `murphy`, a surname, slang for a potato):
        its frequency is mostly not of this meaning, so it counts TYPICAL_WEIGHT powers of
        ten less, as a word none of whose use is."""
        from puzzlesmith.lexicon.index import not_common

        return TYPICAL_WEIGHT if self.key(word) in not_common() else 0.0

    def rank(self, word: str) -> int:
        k = self.key(word)
        r = self.index.rank_of.get(k)
        if r is None and self.phrases is not None:
            r = self.phrases.rank_of.get(k)
        return r or UNRANKED


def words_for(spec: LexiconSpec, phrases: bool = False) -> Words:
    """The Words a command searches: the list `spec` narrows to, each word's tier when it has
    a meaning filter (--kind-of, --means), and with `phrases` WordNet's phrases of that
    meaning (--no-foreign leaves them as they are: the flags are of single words)."""
    kind_of, means = spec.kind_of, spec.means
    lexicon, index = narrowed(replace(spec, kind_of=None, means=None))
    tiers = None
    if kind_of is not None or means is not None:
        _, index, found = meaning_narrowed(lexicon, index, kind_of, means)
        tiers = found
    phrase_index = phrase_tiers = None
    if phrases:
        from puzzlesmith.lexicon.meanings import phrase_lexicon

        plex = phrase_lexicon()
        phrase_index = get_index(plex)
        if kind_of is not None or means is not None:
            _, phrase_index, found = meaning_narrowed(plex, phrase_index, kind_of, means, True)
            phrase_tiers = found
    from puzzlesmith.lexicon.means import left_out

    return Words(index, tiers, phrase_index, phrase_tiers, kind_of or means,
                 left_out(means) if means is not None else ())


def _spelled(words: tuple[str, ...] | list[str]) -> list[str]:
    from puzzlesmith.lexicon.meanings import spellings

    return [s for w in words for s in spellings(w)]


def match_words(
    words: Words,
    query: str,
    *,
    contains: str = "",
    excludes: str = "",
    length: tuple[int, int] | None = None,
    sort: SortOrder | None = None,
    limit: int | None = None,
    deadline: Deadline | None = None,
    rhymes: str | None = None,
    syllables: int | None = None,
    sounds_like: str | None = None,
    near_rhymes: bool = False,
) -> MatchResult:
    """`match` over Words: phrases merged in, --means answers ranked (unless sort is given),
    and the sound filters (`rhymes`: perfect rhymes of a word, then its near rhymes with
    `near_rhymes`; `syllables`: that many; `sounds_like`: homophones first, then the nearest),
    which leave out the words the pronouncing dictionary lacks and count them (`skipped`)."""
    pattern, _ = split_query(query)
    order: SortOrder = sort or "alpha"
    sounds = _sound_asked(rhymes, syllables, sounds_like, near_rhymes)
    plain = words.phrases is None and not (words.ranked and sort is None) and not sounds

    def run(index: LexiconIndex, cut: int | None) -> MatchResult:
        return match(index, pattern, contains=contains, excludes=excludes, length=length,
                     sort=order, limit=cut, deadline=deadline)

    result = run(words.index, limit if plain else None)
    shown_query = result.query if pattern == query else query.strip().lower()
    if plain:
        if words.left_out:
            result = replace(result, extra={**result.extra, "left_out": list(words.left_out)})
        return result if shown_query == result.query else replace(result, query=shown_query)
    found = list(result.words)
    if words.phrases is not None:
        found += _spelled(run(words.phrases, None).words)
    extra: dict[str, Any] = {"left_out": list(words.left_out)} if words.left_out else {}
    near: dict[str, tuple[int, int, float]] = {}
    if sounds:
        found, extra["skipped"], near = _by_sound(found, rhymes, syllables, sounds_like,
                                                  near_rhymes, strong=sort is None)
    if words.ranked and sort is None:
        found.sort(key=lambda w: (near.get(w, _SAME), words.typical_key(w), w))
    elif sort is None and (rhymes or sounds_like):
        # a sound's order, then words a person uses (not names: docs/words.md), commoner first
        from puzzlesmith.lexicon.index import not_common

        unused = not_common()
        found.sort(key=lambda w: (near[w], w in unused, words.rank(w), w))
    elif order == "freq":
        found.sort(key=lambda w: (near.get(w, _SAME), words.rank(w), w))
    else:
        found.sort(key=lambda w: (near.get(w, _SAME), words.key(w), w))
    shown = found if limit is None else found[:limit]
    if words.topic is not None and not (contains or excludes or length):
        elsewhere = names_elsewhere(words, pattern)
        if elsewhere:
            extra["names_elsewhere"] = elsewhere
    return MatchResult(shown_query, tuple(shown), len(found), words.index.name, extra,
                       plain=words.phrases is None)


def names_elsewhere(words: Words, pattern: str) -> list[str]:
    """The proper names of the meaning's category that fit `pattern` and that the searched
    list lacks but the crossword list holds (`??????:planet` on the bundled list: jupiter,
    saturn), most frequent first, for a line saying so; [] when the list searched is the
    crossword list."""
    from puzzlesmith.lexicon.meanings import category_names
    from puzzlesmith.lexicon.registry import CROSSWORD_NAME
    from puzzlesmith.search.pattern import compile_pattern, parse_pattern

    if words.topic is None or words.index.name.split("+")[0] == CROSSWORD_NAME:
        return []
    parsed = parse_pattern(pattern)
    if parsed.anagram is not None:
        return []
    regex = compile_pattern(parsed)
    names = [n for n in category_names(words.topic)
             if n not in words.index.rank_of and regex.fullmatch(n)]
    if not names:
        return []
    crossword = narrowed(LexiconSpec(CROSSWORD_NAME))[1].rank_of
    # Most frequent first: a language's names run to sixty (thai, urdu before abor, akha).
    return sorted((n for n in names if n in crossword), key=lambda n: (crossword[n], n))


_SAME = (0, 0, 0.0)


def _sound_asked(rhymes: str | None, syllables: int | None, sounds_like: str | None,
                 near_rhymes: bool) -> bool:
    return rhymes is not None or syllables is not None or sounds_like is not None or near_rhymes


def _by_sound(found: list[str], rhymes: str | None, syllables: int | None,
              sounds_like: str | None = None, near_rhymes: bool = False, strong: bool = False,
              ) -> tuple[list[str], int, dict[str, tuple[int, int, float]]]:
    """The words that pass the sound filters, how many had no pronunciation, and how near
    each kept word is: 1 for a near rhyme (0 a perfect one), then with `strong` minus its
    rhyme's strength (sounds.rhyme_strengths), then its phonetic distance from `sounds_like`
    (0 a homophone)."""
    from puzzlesmith.lexicon import sounds

    if near_rhymes and rhymes is None:
        raise InputError("--near-rhymes needs --rhymes WORD")
    for asked in (rhymes, sounds_like):
        if asked is not None and not sounds.known(asked):
            raise InputError(f"{asked!r} is not in the CMU Pronouncing Dictionary")
    rhyming = sounds.rhymes(rhymes) if rhymes is not None else None
    slant = sounds.near_rhymes(rhymes) if rhymes is not None and near_rhymes else frozenset()
    near = sounds.sounds_like(sounds_like) if sounds_like is not None else None
    kept = []
    skipped = 0
    for w in found:
        if not sounds.known(w):
            skipped += 1
        elif (rhyming is None or w in rhyming or w in slant) and (near is None or w in near) and (
                syllables is None or syllables in sounds.syllable_counts(w)):
            kept.append(w)
    strength = sounds.rhyme_strengths(rhymes, kept) if strong and rhymes else {}
    return kept, skipped, {w: (w in slant, -strength.get(w, 0), near[w] if near else 0.0)
                           for w in kept}


def anagram_words(
    words: Words, rack: Rack, *, min_length: int = 3, n_words: int = 1,
    deadline: Deadline | None = None, length: tuple[int, int] | None = None,
    sort: SortOrder | None = None, limit: int | None = None,
    rhymes: str | None = None, syllables: int | None = None, sounds_like: str | None = None,
    near_rhymes: bool = False,
) -> AnagramResult:
    """`anagrams` over Words: phrases built from the rack merged in (full ones too, for single
    answers), --means answers ranked within each length (or by frequency with sort="freq").
    `length` (N-M letters) narrows the words as `min_length` does; `limit` keeps the longest
    `limit` words (ties in the order they are listed), `count` still counting them all."""
    from puzzlesmith.search.anagram import anagrams, buildable_words  # numpy: anagrams only

    lo, hi = length or (min_length, len(rack))
    lo = max(lo, min_length)
    result = anagrams(words.index, rack, min_length=lo, n_words=n_words, deadline=deadline)
    sounds = _sound_asked(rhymes, syllables, sounds_like, near_rhymes)
    plain = words.phrases is None and not words.ranked and sort != "freq" and not sounds
    if plain and hi >= len(rack) and limit is None:
        return result
    found = list(result.words)
    full = list(result.full)
    if words.phrases is not None:
        built = buildable_words(words.phrases, rack, lo)
        found += _spelled(built)
        if n_words == 1:
            full += _spelled([w for w in built if len(w) == len(rack)])
    if hi < len(rack):
        found = [w for w in found if len(words.key(w)) <= hi]
        if n_words == 1:
            full = [w for w in full if len(words.key(w)) <= hi]
    extra = dict(result.extra)
    if words.left_out:
        extra["left_out"] = list(words.left_out)
    if sounds:
        found, extra["skipped"], _ = _by_sound(found, rhymes, syllables, sounds_like,
                                               near_rhymes)
        full = [w for w in full if w in set(found)] if n_words == 1 else full
    _sort_by_length(words, found, sort)
    total = len(found)
    found = _longest(words, found, limit)
    return replace(result, words=tuple(found), full=tuple(sorted(full)),
                   total=total if len(found) < total else None, extra=extra)


def _sort_by_length(words: Words, found: list[str], sort: SortOrder | None) -> None:
    """Sort anagram answers in place by length, then typical first (a meaning asked and no
    sort given), by frequency (sort="freq") or alphabetically."""
    if words.ranked and sort is None:
        found.sort(key=lambda w: (len(words.key(w)), words.typical_key(w), w))
    elif sort == "freq":
        found.sort(key=lambda w: (len(words.key(w)), words.rank(w), w))
    else:
        found.sort(key=lambda w: (len(words.key(w)), words.key(w), w))


def _longest(words: Words, found: list[str], limit: int | None) -> list[str]:
    """The `limit` longest answers (the listing shows them first), each length in its order."""
    if limit is None or limit >= len(found):
        return found
    kept = sorted(range(len(found)), key=lambda i: (-len(words.key(found[i])), i))[:limit]
    return [found[i] for i in sorted(kept)]
