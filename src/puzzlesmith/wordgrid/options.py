"""`wordgrid solve` and `wordgrid create`'s options in one place: their defaults and checks, the
word lists they choose (fair ones by default: words a person uses), and the one call the CLI and
the web make.

The CLI's commands and the API's requests are made from `SolveOptions` and `CreateOptions`
(`puzzlesmith.options`); a new option is a field here and its use in the call below.

A created puzzle is fair when a person can solve it: its answer and its column words are words
a person uses, and no column word comes twice. So by default (`common`) they are drawn from the
common words (wordfreq's `common_top` most frequent English words, no proper names, no foreign
words unless `foreign`) that two dictionaries list in lower case: SCOWL's everyday size-50
American and British lists (data/everyday.txt.gz, by scripts/build_data.py everyday) and WordNet (the
word is a lower-case lemma, or an inflection of one whose sense an inflection may take, as
`define` reads it: `hes` is no plural of the letter he). That leaves out surnames
(barton, parton, carter, murphy), the fragments and crosswordese of the frequency list (mor,
mora, mort, shh, ecu, myc, aba, raj, tsk) and words known mostly as names (batman). The most
frequent words SCOWL lists need no WordNet entry: it has none for "the", "and", "you" (but a
prefix, `pre`, is no word of SCOWL's). Last, CROSSWORDESE: the words of three and four
letters (every column of a calendar puzzle, or of one a row taller) that pass those tests and
that a person would still not accept in a puzzle for friends, judged one by one
(docs/wordgrid.md).
The solution count is still judged over the whole list, which a solver may use.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import DEFAULT_COMMON_TOP, LexiconSpec, common_cut, narrowed
from puzzlesmith.options import check_limits, common_top_option, lexicon_option, option
from puzzlesmith.wordgrid.model import UNIQUE_DEFAULT

if TYPE_CHECKING:
    from puzzlesmith.lexicon import Lexicon, LexiconIndex
    from puzzlesmith.wordgrid.create import CreateResult
    from puzzlesmith.wordgrid.model import Puzzle
    from puzzlesmith.wordgrid.solve import Mode, SolveResult

SOLVE, CREATE = "solve", "create"
DEFAULT_LENGTH = 6
DEFAULT_SECONDS = 10.0
# wordfreq's most frequent words are words a person uses whether or not WordNet lists them
# (function words: the, and, you, her).
EVERYDAY_TOP = 3_000
# Our own judgement, word by word, of every three- and four-letter word the dictionary tests
# keep (the column words of a calendar puzzle, and of one a row taller): crosswordese and
# abbreviations a solver would not accept, which both dictionaries list (docs/wordgrid.md;
# tests/wordgrid/test_wordgrid_fair.py).
CROSSWORDESE = frozenset((
    "ani", "chi", "col", "ell", "ems", "ids", "ism", "ken", "mas", "meg", "non", "ova", "pap",
    "pas", "sic", "ares", "gage", "rhea", "sera"))


@dataclass(frozen=True)
class SolveOptions:
    """What `wordgrid solve` and /api/wordgrid/solve take besides the puzzle, with their
    defaults (each field's help is the CLI's and the API's); building one checks them
    (InputError); `solve()` runs one puzzle."""

    all: bool = option(False, "Every solution.")
    count: bool = option(False, "Only the number of solutions.")
    allow_repeats: bool = option(False, "Let two unknown rows hold the same word.")
    lexicon: str | None = lexicon_option()
    common: bool = option(
        False, "The unknown rows must be common words (wordfreq top N, no proper names); "
        "column words still come from the whole list, and when that leaves no solution a "
        "note says how many the whole list allows.")
    common_top: int = common_top_option()
    kind_of: str | None = option(None, "The unknown rows must be a kind of TOPIC in WordNet "
                                 "(bird, city).", api={"max_length": 100})
    means: str | None = option(None, "The unknown rows must be words for TEXT: kinds of it, "
                               "synonyms, words whose definition mentions it.",
                               api={"max_length": 100})
    foreign: bool = option(
        True, "Let foreign words (ciao, merci, ja; see docs/foreign.md) into the unknown rows "
        "and the columns, as a setter may have used one (the default); --no-foreign, false in "
        "a request, leaves them out.", negatable=True)
    time_limit: float = option(DEFAULT_SECONDS, "Seconds a puzzle may take.",
                               short=("-t", "--timeout"), gt=0)

    def __post_init__(self) -> None:
        check_limits(self)
        if self.all and self.count:
            raise InputError("choose one of --all and --count")
        # The web sends "" for a field left empty: the same as not given.
        for name in ("kind_of", "means"):
            if getattr(self, name) == "":
                object.__setattr__(self, name, None)

    @property
    def mode(self) -> Mode:
        return "all" if self.all else "count" if self.count else "first"

    def lexicon_spec(self) -> LexiconSpec:
        """The unknown rows' list: the list, its common cut, foreign words, meaning filter."""
        return LexiconSpec(self.lexicon, common_cut(self.common, self.common_top), self.foreign,
                           self.kind_of, self.means)

    def word_lists(self) -> tuple[LexiconIndex, LexiconIndex]:
        """The full list (every column's: the whole list, less its foreign words unless
        `foreign`) and the unknown rows' list (both held in memory by `narrowed`, so each
        puzzle of a run finds them loaded)."""
        _, full = narrowed(LexiconSpec(self.lexicon, foreign=self.foreign))
        _, rows = narrowed(self.lexicon_spec())
        return full, rows

    def solve(self, puzzle: Puzzle) -> SolveResult:
        """`puzzle` solved with these options, within the time limit."""
        from puzzlesmith.limits import Deadline
        from puzzlesmith.wordgrid.solve import solve

        full, rows = self.word_lists()
        return solve(puzzle, full, rows, mode=self.mode, deadline=Deadline(self.time_limit),
                     allow_repeats=self.allow_repeats)


@dataclass(frozen=True)
class CreateOptions:
    """What `wordgrid create` and /api/wordgrid/create take, with their defaults (each
    field's help is the CLI's and the API's; `puzzlesmith.options` makes both from them).

    `common` draws the answer and every column (and word row) from the words a person uses
    (the module's docstring); a `common_top` other than the default turns it on, as
    everywhere. Building one checks the options together (InputError for bad ones);
    `create()` runs it.
    """

    word: str | None = option(None, "The answer word (else a random one).", short=("-w",),
                              api={"max_length": 15})
    length: int | None = option(None, f"Letters of a random answer (default "
                                f"{DEFAULT_LENGTH}).", short=("-n",), ge=1, le=15)
    rows: int = option(3, "Rows in the grid (2 to 15).", short=("-r",), ge=2, le=15)
    blank_row: int = option(1, "Which row is blank, from 1.", short=("-k",), ge=1, le=15)
    word_rows: bool = option(False, "The given rows must be words too.")
    unique: bool = option(
        UNIQUE_DEFAULT, "The answer must be the only one, judged over the whole list (the "
        "default; --no-unique, false in a request: other answers allowed).", negatable=True)
    common: bool = option(
        True, "Draw the answer and every column from words a person uses: common words that "
        "SCOWL's everyday lists and WordNet spell in lower case, no names or crosswordese "
        "(the default; --no-common, false in a request: the whole list).", negatable=True)
    common_top: int = common_top_option()
    seed: int | None = option(None, "Random seed (the same seed and options make the same "
                              "puzzle).")
    answer_hidden: bool = option(False, "Leave the answer out of what is printed, written "
                                 "and answered.")
    title: str | None = option(None, "Title for the puzzle.", api={"max_length": 200})
    kind_of: str | None = option(None, "Draw the answer from a category: a kind of TOPIC "
                                 "(bird, city).", api={"max_length": 100})
    foreign: bool = option(
        False, "Let foreign words (ciao, merci, ja; see docs/foreign.md) into the answer, "
        "columns and word rows; left out by default.", negatable=True)
    lexicon: str | None = lexicon_option()
    time_limit: float = option(DEFAULT_SECONDS, "Seconds before the search gives up.",
                               short=("-t", "--timeout"), gt=0)

    def __post_init__(self) -> None:
        check_limits(self)
        # The web sends "" for a field left empty: the same as not given.
        if not self.kind_of:
            object.__setattr__(self, "kind_of", None)
        if self.word is not None:
            object.__setattr__(self, "word", self.word.strip().lower())
        if self.word is not None and self.length is not None and self.length != len(self.word):
            raise InputError(f"--length {self.length} disagrees with --word {self.word!r}")

    @property
    def answer_length(self) -> int:
        return len(self.word) if self.word is not None else self.length or DEFAULT_LENGTH

    @property
    def cut(self) -> int | None:
        return common_cut(self.common, self.common_top)

    def lexicon_spec(self) -> LexiconSpec:
        """The list the puzzle's words are drawn from, before `people_words` keeps the words a
        person uses: the list, its common cut, less its foreign words unless `foreign`."""
        return LexiconSpec(self.lexicon, self.cut, self.foreign)

    def word_lists(self) -> tuple[LexiconIndex, LexiconIndex]:
        """The full list (solution counts) and the list the puzzle's words are drawn from."""
        _, full = narrowed(LexiconSpec(self.lexicon))
        lexicon, words = narrowed(self.lexicon_spec())
        if self.cut is not None:
            words = people_words(lexicon, words, {self.answer_length, self.rows})
        return full, words

    def answers(self) -> frozenset[str] | None:
        """The words a random answer is drawn from (None: any of the list's), checked
        against `word` and `foreign`."""
        from puzzlesmith.wordgrid.create import check_not_foreign

        if self.word is not None and not self.foreign:
            check_not_foreign(self.word)
        if self.kind_of is None:
            return None
        found = narrowed(replace(self.lexicon_spec(), kind_of=self.kind_of))[0].word_set
        if self.word is not None and self.word not in found:
            raise InputError(f"--word {self.word!r} is not a kind of {self.kind_of!r}")
        return found

    def create(self) -> CreateResult:
        """The puzzle these options ask for (wordgrid.create.create does the work)."""
        from puzzlesmith.limits import Deadline
        from puzzlesmith.wordgrid.create import create

        answers = self.answers()
        full, words = self.word_lists()
        return create(full, words, word=self.word, length=self.answer_length, rows=self.rows,
                      blank_row=self.blank_row, word_rows=self.word_rows, unique=self.unique,
                      seed=self.seed, title=self.title, deadline=Deadline(self.time_limit),
                      answers=answers)

    def command(self, result: CreateResult) -> str:
        """The command line that makes `result` again (a puzzle file's `made by:` note)."""
        if self.word is None:
            first = f"--length {len(result.answer or '')}"
        else:
            first = "--word (hidden)" if self.answer_hidden else f"--word {result.answer}"
        flags = [first, f"--rows {self.rows}", f"--blank-row {self.blank_row}"]
        flags += [f for f, on in (("--word-rows", self.word_rows), ("--no-unique", not self.unique),
                                  ("--no-common", not self.common), ("--foreign", self.foreign))
                  if on]
        if self.kind_of and self.word is None:
            flags.append(f"--kind-of '{self.kind_of}'")
        if self.common_top != DEFAULT_COMMON_TOP:
            flags.append(f"--common-top {self.common_top}")
        if self.lexicon:
            flags.append(f"--lexicon {self.lexicon}")
        return f"puzzlesmith wordgrid create {' '.join(flags)} --seed {result.seed}"


@cache
def everyday_words() -> frozenset[str]:
    """SCOWL's size-50 American and British lists, their lowercase a-z words."""
    data = resources.files("puzzlesmith.lexicon").joinpath("data", "everyday.txt.gz")
    return frozenset(gzip.decompress(data.read_bytes()).decode("ascii").split())


def is_people_word(word: str, rank: int) -> bool:
    """Whether a common word (of wordfreq rank `rank`) is one a person uses: in SCOWL's
    everyday lists and no CROSSWORDESE, and among the everyday top or with a sense in WordNet
    as a lower-case word (`lower_case_sense`; the module's docstring)."""
    if word not in everyday_words() or word in CROSSWORDESE:
        return False
    return 0 < rank <= EVERYDAY_TOP or lower_case_sense(word)


def lower_case_sense(word: str) -> bool:
    """Whether WordNet gives the word a sense as a lower-case lemma, no symbol or abbreviation,
    or gives one to a base it inflects that an inflection may take (`WordNet.forms`, the rule
    of `define`: `hes` takes no sense of the letter he). Its bases are read even when the word
    is itself a lemma: "judges" is also the book of Judges."""
    from puzzlesmith.lexicon.meanings import wordnet

    wn = wordnet()
    if any(word in wn.lemmas_of(s) and word in wn.forms(s) for s in wn.synsets_of(word)):
        return True
    return any(base in wn.lemmas_of(s) and wn.forms(s).get(base)
               for pos in "nvar" for base in wn.bases(word, pos)
               for s in wn.synsets_of(base, pos))


def people_words(lexicon: Lexicon, index: LexiconIndex, lengths: set[int]) -> LexiconIndex:
    """The words of `lengths` letters of a common list (`lexicon`, `index`) a person uses,
    less those a fill leaves out by default: the block list and the words that fail the
    breakfast test (`fill.scores.default_blocked`: pee, cancer, heroin), which no one wants
    in a puzzle a friend receives."""
    from puzzlesmith.fill.scores import default_blocked
    from puzzlesmith.lexicon.index import sub_index

    blocked = default_blocked()
    kept = frozenset(w for n in lengths if (b := index.bucket(n)) is not None
                     for w in b.words if w not in blocked and is_people_word(w, index.rank(w)))
    people = lexicon.restricted(kept, "+people", transient=True)
    return sub_index(index, people)
