"""`match`, `anagram` and `match --equation`'s options in one place: the filters of a word
search (the common cut, foreign words, meaning, sound), its order and its limits, with their
defaults and checks, the words they choose, and the one call each search makes.

The CLI's commands and the API's requests are made from `WordQuery` (`puzzlesmith.options`).
A new filter is a field here, its use in `words()` or the engine call below, and its control
on the page: nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal, TypeVar

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon.narrow import LexiconSpec, common_cut
from puzzlesmith.options import check_limits, common_top_option, declared, lexicon_option, option

if TYPE_CHECKING:
    from puzzlesmith.limits import Deadline
    from puzzlesmith.search.anagram import AnagramResult
    from puzzlesmith.search.equation import EquationResult
    from puzzlesmith.search.meaning import Words
    from puzzlesmith.search.pattern import MatchResult

MATCH, ANAGRAM, EQUATION = "match", "anagram", "equation"
SEARCHES = (MATCH, ANAGRAM, EQUATION)
WORDS = frozenset({MATCH, ANAGRAM})  # the searches that list words (not an equation's tuples)
SORTS = ("alpha", "freq")
DEFAULT_TIME_LIMIT = 10.0
DEFINED_AT_ONCE = 500  # words defined between two looks at the clock (well under a second)
_Listed = TypeVar("_Listed", "MatchResult", "AnagramResult")  # a search that lists words


@dataclass(frozen=True)
class WordQuery:
    """What `match`, `anagram` and `match --equation` (/api/match, /api/anagram,
    /api/equation) take besides the pattern, letters or equation, with their defaults (each
    field's help is the CLI's and the API's); building one checks them (InputError)."""

    lexicon: str | None = lexicon_option()
    common: bool = option(False, "Only common words (wordfreq top N, no proper names).")
    common_top: int = common_top_option()
    foreign: bool = option(
        True, "Let in, or leave out, words markedly more frequent in French, Spanish, Italian, "
        "German, Portuguese or Dutch text than in English (ciao, merci, ja; see "
        "docs/foreign.md).", negatable=True)
    kind_of: str | None = option(
        None, "Only words that are a kind of TOPIC in WordNet (bird, city).",
        api={"max_length": 100})
    means: str | None = option(
        None, "Words for TEXT: kinds of it, synonyms, words whose definition mentions it, "
        "ranked in that order (also PATTERN:TEXT).", commands=WORDS, api={"max_length": 100})
    phrases: bool = option(False, "Also WordNet's phrases (new york), matched without spaces "
                           "and hyphens.", commands=WORDS)
    rhymes: str | None = option(
        None, "Only perfect rhymes of WORD: the same last stressed vowel (primary or "
        "secondary) and what follows it (CMU Pronouncing Dictionary); the strongest first, "
        "then the commonest.", commands=WORDS,
        api={"max_length": 64})
    near_rhymes: bool = option(
        False, "With rhymes, near rhymes too, after the perfect ones (the same vowels, "
        "consonants of the same kind: time, line).", commands=WORDS)
    syllables: int | None = option(None, "Only words of N syllables (CMU Pronouncing "
                                   "Dictionary).", ge=1, le=30, commands=WORDS)
    sounds_like: str | None = option(
        None, "Only words that sound like WORD: homophones first, then words one sound away "
        "(two for a word of five sounds or more), nearest first (CMU Pronouncing Dictionary).",
        commands=WORDS, api={"max_length": 64})
    contains: str = option("", "Letters the word must contain.", commands=frozenset({MATCH}),
                           api={"max_length": 64})
    excludes: str = option("", "Letters the word must not contain.",
                           commands=frozenset({MATCH}), api={"max_length": 64})
    length: str | None = option(None, "N or N-M letters (a match's * patterns; an anagram's "
                                "words, with min-length the least).", commands=WORDS,
                                api={"max_length": 20})
    min_length: int = option(3, "Shortest word.", ge=1, le=64, commands=frozenset({ANAGRAM}))
    words: int = option(1, "Words per full anagram (1-3).", ge=1, le=3,
                        commands=frozenset({ANAGRAM}))
    sort: str | None = option(
        None, "alpha or freq (default alpha; with means, by meaning; an anagram's within each "
        "length; an equation's freq puts first the solutions whose rarest word is most "
        "common).", api_type=Literal["alpha", "freq"] | None)
    limit: int | None = option(None, "At most N answers (an anagram's longest first; an "
                               "equation's solutions: 100 by default).", ge=1, le=1_000_000)
    define: bool = option(False, "Each word with its first WordNet definition (JSON: "
                          "`definitions`, each word's, null for none).", commands=WORDS)
    time_limit: float = option(DEFAULT_TIME_LIMIT, "Seconds a query may take.",
                               short=("-t", "--timeout"), gt=0)

    def __post_init__(self) -> None:
        check_limits(self)
        if self.sort not in (None, *SORTS):
            raise InputError(f"--sort must be alpha or freq, not {self.sort!r}")
        # The web sends "" for a field left empty: the same as not given.
        for name in ("kind_of", "means", "rhymes", "sounds_like"):
            if getattr(self, name) == "":
                object.__setattr__(self, name, None)

    @property
    def order(self) -> Literal["alpha", "freq"] | None:
        """The sort asked (None: the search's own order, alphabetical or by meaning)."""
        return "freq" if self.sort == "freq" else "alpha" if self.sort else None

    def span(self) -> tuple[int, int] | None:
        from puzzlesmith.search.pattern import parse_length

        return parse_length(self.length)

    def refuse_outside(self, command: str, why: str) -> None:
        """InputError for the first option given (not its default) that `command` does not
        take: `match --equation --contains e` says --contains does not apply."""
        for d in declared(type(self)):
            if not d.spec.takes(command) and getattr(self, d.name) not in (d.default, None):
                raise InputError(f"{d.flag} does not apply to {why}")

    # --- the words and the searches --------------------------------------------------------

    def lexicon_spec(self, means: str | None = None) -> LexiconSpec:
        """The list searched (lexicon, common cut, foreign, kind of, means); `means` in place
        of the option's (a pattern's own PATTERN:TEXT)."""
        return LexiconSpec(self.lexicon, common_cut(self.common, self.common_top), self.foreign,
                           self.kind_of, means if means is not None else self.means)

    def words_for(self, means: str | None = None) -> Words:
        """The words searched: `lexicon_spec(means)`'s, and the phrases with `phrases`."""
        from puzzlesmith.search.meaning import words_for

        return words_for(self.lexicon_spec(means), phrases=self.phrases)

    def match(self, pattern: str, *, words: Words | None = None) -> MatchResult:
        """`match PATTERN` (SearchTimeout at the time limit)."""
        from puzzlesmith.limits import Deadline
        from puzzlesmith.search.meaning import match_words, split_query

        if words is None:
            words = self.words_for(split_query(pattern, self.means)[1])
        deadline = Deadline(self.time_limit)
        return self._defined(match_words(
            words, pattern, contains=self.contains, excludes=self.excludes, length=self.span(),
            sort=self.order, limit=self.limit, deadline=deadline, rhymes=self.rhymes,
            syllables=self.syllables, sounds_like=self.sounds_like,
            near_rhymes=self.near_rhymes), deadline)

    def anagram(self, letters: str, *, words: Words | None = None) -> AnagramResult:
        """`anagram LETTERS` (SearchTimeout when `define`'s definitions pass the time
        limit; the search itself stops there with an answer, `timed_out`)."""
        from puzzlesmith.limits import Deadline
        from puzzlesmith.search.letters import parse_rack
        from puzzlesmith.search.meaning import anagram_words

        deadline = Deadline(self.time_limit)
        return self._defined(anagram_words(
            words or self.words_for(), parse_rack(letters), min_length=self.min_length,
            n_words=self.words, deadline=deadline, length=self.span(), sort=self.order,
            limit=self.limit, rhymes=self.rhymes, syllables=self.syllables,
            sounds_like=self.sounds_like, near_rhymes=self.near_rhymes), deadline)

    def _defined(self, result: _Listed, deadline: Deadline) -> _Listed:
        """`result` with each word's first definition (`definitions`) when `define` asks,
        within what is left of the search's time limit (SearchTimeout past it: every word of
        a long list takes seconds)."""
        if not self.define:
            return result
        from puzzlesmith.lexicon.meanings import first_definitions
        from puzzlesmith.limits import SearchTimeout

        defined: dict[str, str | None] = {}
        for start in range(0, len(result.words), DEFINED_AT_ONCE):
            if deadline.expired():
                raise SearchTimeout(f"the definitions took longer than {self.time_limit:g} s")
            defined.update(first_definitions(result.words[start:start + DEFINED_AT_ONCE]))
        return replace(result, extra={**result.extra, "definitions": defined})

    def equation(self, query: str, *, words: Words | None = None) -> EquationResult:
        """`match --equation QUERY` (stopped by its time limit, an answer: `exact` false)."""
        from puzzlesmith.limits import Deadline
        from puzzlesmith.search.equation import DEFAULT_LIMIT, solve_equation

        return solve_equation((words or self.words_for()).index, query,
                              limit=self.limit or DEFAULT_LIMIT,
                              deadline=Deadline(self.time_limit), sort=self.order or "alpha")
