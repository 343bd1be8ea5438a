"""`fill`, `fill check`, `fill region` and `fill candidates`'s options in one place: their
defaults, limits and checks, the words they choose, and the one call each command makes.

The CLI's commands and the API's requests are made from `FillOptions` (`puzzlesmith.options`);
`words()` is the list a fill runs on (the --prefer words scored first, every blocked word
gathered) and `fill`, `check`, `region` and `candidates` run the engine with these options.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon.narrow import LexiconSpec, common_cut, narrowed
from puzzlesmith.options import check_limits, common_top_option, lexicon_option, option

if TYPE_CHECKING:
    from puzzlesmith.fill.candidates import CandidatesResult
    from puzzlesmith.fill.engine import CheckResult, FillResult, RegionResult
    from puzzlesmith.fill.model import Grid
    from puzzlesmith.lexicon import Lexicon, LexiconIndex
    from puzzlesmith.limits import Deadline

FILL, CHECK, REGION, CANDIDATES = "fill", "check", "region", "candidates"
SEARCHES = frozenset({FILL, REGION})  # the commands that search, under a time limit
SETTER_WORDS_MAX = 20_000  # words a request may list inline in block or prefer
SETTER_LISTS_MAX = 5  # lists a request may name in block_lists or prefer_lists
DEFAULT_TIME_LIMIT = 10.0


def word_files(paths: list[Path] | None) -> tuple[str, ...]:
    """The words of the word files given on the command line (--block, --prefer)."""
    from puzzlesmith.lexicon.registry import load_file

    return tuple(sorted(frozenset().union(*(load_file(p.resolve()).word_set
                                            for p in paths or ()))))


def by_length(text: str | None) -> dict[int, int]:
    """`3:40,4:30` -> {3: 40, 4: 30} (--min-score-by-length on the command line)."""
    out: dict[int, int] = {}
    for part in (text or "").replace(" ", "").split(","):
        if not part:
            continue
        length, sep, score = part.partition(":")
        if not sep or not length.isdigit() or not score.lstrip("-").isdigit():
            raise InputError(f"--min-score-by-length {text!r}: give LENGTH:SCORE pairs split by "
                             "commas, e.g. 3:40,4:30")
        out[int(length)] = int(score)
    return out


def span(text: str | None, name: str) -> tuple[int, int] | None:
    """`3-11` -> (3, 11), from 1 as given; one number is a span of one (--rows, --cols)."""
    if not text:
        return None
    parts = text.replace(" ", "").split("-")
    try:
        a, b = (int(parts[0]), int(parts[-1])) if len(parts) <= 2 else (0, 0)
    except ValueError:
        a = b = 0
    if a < 1 or b < a:
        raise InputError(f"{name} {text!r}: give FIRST-LAST, counted from 1 (e.g. 3-11)")
    return a, b


def _squashed(words: tuple[str, ...], what: str) -> tuple[str, ...]:
    """Inline words squashed to a-z as a word file's are (ONE-OFF -> oneoff)."""
    out = []
    for word in words:
        if word.isascii() and word.isalpha() and word.islower():
            out.append(word)
            continue
        squashed = "".join(ch for ch in word.lower() if "a" <= ch <= "z")
        if not squashed:
            raise InputError(f"{word!r} holds no letter a-z: give words ({what})")
        out.append(squashed)
    return tuple(out)


@dataclass(frozen=True)
class FillWords:
    """The list a fill runs on: the lexicon (the preferred words scored first), its index,
    and every word no entry may take."""

    lexicon: Lexicon
    index: LexiconIndex
    blocked: frozenset[str]


@dataclass(frozen=True)
class FillOptions:
    """What the fill commands and /api/fill* take, with their defaults (each field's help is
    the CLI's and the API's); building one checks them (InputError)."""

    lexicon: str | None = lexicon_option(
        "Word list: a registered name (on the command line also a path to a word file); "
        "default: crossword, the bundled crossword list (letterpress is the Scrabble-style "
        "list).")
    common: bool = option(False, "Only common words (wordfreq top N, no proper names).")
    common_top: int = common_top_option()
    allow_2: bool = option(False, "Allow 2-letter entries.")
    allow_repeats: bool = option(False, "Let a word fill two entries.")
    allow_same_stem: bool = option(
        False, "Let two entries share a stem (RULE and RULED, RULES, RULING), which the fill "
        "avoids by default.")
    allow_inside: bool = option(
        False, "Let an entry hold another of 3+ letters at its start or end (SET and CLOSESET, "
        "USE and USEFUL), which the fill avoids by default.")
    allow_iffy: bool = option(
        False, "Let the fill use the entries that fail the breakfast test (disease, bodily "
        "functions, drugs, war, crude slang: the crossword list's sensitivity tier), which it "
        "leaves out by default.")
    min_score: int = option(0, "Only words scoring at least N (the list's scores, else 0-100 "
                            "from word frequency).", ge=-1_000_000, le=1_000_000)
    min_score_by_length: dict[int, int] = option(
        help="Least scores by length above min-score: on the command line LENGTH:SCORE split "
        "by commas (3:40,4:30), in a request an object ({\"3\": 40, \"4\": 30}).",
        factory=dict, cli_type=str | None, from_cli=by_length,
        api={"max_length": 25, "examples": [{"3": 40, "4": 30}]})
    max_shared_substring: int | None = option(
        None, "No two entries share a run of N letters or more (STARLIT and STARGAZE share "
        "STAR: 4).", ge=2, le=25, api={"examples": [4]})
    block: tuple[str, ...] = option(
        help="Entries never to use, besides the shipped block list of offensive entries: on "
        "the command line a word file (any number of times), in a request the words.",
        factory=tuple, cli_type=list[Path] | None, from_cli=word_files,
        api={"max_length": SETTER_WORDS_MAX, "item_max_length": 40, "examples": [["oater"]]})
    block_lists: tuple[str, ...] = option(
        help="A registered word list (`lexicon add`) whose words no entry may take (any "
        "number of times).", factory=tuple, cli_type=list[str] | None,
        from_cli=lambda v: tuple(v or ()),
        api={"max_length": SETTER_LISTS_MAX, "item_max_length": 100})
    prefer: tuple[str, ...] = option(
        help="Entries to use first wherever they fit (scored as the list's best): on the "
        "command line a word file (any number of times), in a request the words.",
        factory=tuple, cli_type=list[Path] | None, from_cli=word_files,
        api={"max_length": SETTER_WORDS_MAX, "item_max_length": 40,
             "examples": [["escapehatch"]]})
    prefer_lists: tuple[str, ...] = option(
        help="A registered word list whose words to use first (any number of times).",
        factory=tuple, cli_type=list[str] | None, from_cli=lambda v: tuple(v or ()),
        api={"max_length": SETTER_LISTS_MAX, "item_max_length": 100})
    time_limit: float = option(DEFAULT_TIME_LIMIT, "Seconds before giving up.",
                               short=("-t", "--timeout"), gt=0, commands=SEARCHES)
    # fill
    seed: int = option(0, "Another seed gives another fill.", commands=frozenset({FILL}))
    improve: int | None = option(
        None, "Search nodes to spend looking for a better fill after the first (default: 300 "
        "and 20 an entry, or as many as the first took if more), within the time limit.",
        ge=0, le=10_000_000, commands=frozenset({FILL}))
    count: bool = option(False, "Count every fill (small grids).", commands=frozenset({FILL}))
    clues: bool = option(False, "Draft a clue for each entry from WordNet (a file's own clues "
                         "stay).", commands=frozenset({FILL}))
    # region
    rows: tuple[int, int] | None = option(
        None, "The box's rows, FIRST-LAST from 1 (a request: [first, last]); default: all.",
        commands=frozenset({REGION}), cli_type=str | None,
        from_cli=lambda v: span(v, "--rows"), api_type=list[int] | None,
        api={"min_length": 2, "max_length": 2, "examples": [[1, 5]]})
    cols: tuple[int, int] | None = option(
        None, "The box's columns, FIRST-LAST from 1 (a request: [first, last]); default: all.",
        commands=frozenset({REGION}), cli_type=str | None,
        from_cli=lambda v: span(v, "--cols"), api_type=list[int] | None,
        api={"min_length": 2, "max_length": 2, "examples": [[1, 5]]})
    # candidates
    entry: str = option("", "The entry: its number and direction (`12 across`, `3d`).",
                        short=("-e",), commands=frozenset({CANDIDATES}), required=True,
                        api={"max_length": 20, "examples": ["1 across"]})
    limit: int = option(30, "At most N words (best first).", short=("-n",), ge=1, le=2000,
                        commands=frozenset({CANDIDATES}))
    viable_first: bool = option(False, "Words whose crossings keep a word first.",
                                commands=frozenset({CANDIDATES}))

    def __post_init__(self) -> None:
        check_limits(self)
        for name in ("block", "prefer"):
            object.__setattr__(self, name, _squashed(tuple(getattr(self, name)), name))
        for name in ("rows", "cols"):
            box = getattr(self, name)
            if box is not None:
                a, b = box
                if a < 1 or b < a:
                    raise InputError(f"--{name} {a}-{b}: give FIRST-LAST, counted from 1 "
                                     "(e.g. 3-11)")
                object.__setattr__(self, name, (a, b))
        object.__setattr__(self, "min_score_by_length",
                           {int(k): int(v) for k, v in self.min_score_by_length.items()})

    # --- the words ---------------------------------------------------------------------------

    def lexicon_spec(self) -> LexiconSpec:
        """The list a fill runs on: `lexicon` (the fill's default list when none is), its
        common cut."""
        from puzzlesmith.fill.scores import FILL_LEXICON

        return LexiconSpec(self.lexicon or FILL_LEXICON, common_cut(self.common, self.common_top))

    def base(self) -> Lexicon:
        """The word list named (the fill's default list when none is), before its cut."""
        from puzzlesmith.lexicon.registry import load_lexicon

        return load_lexicon(self.lexicon_spec().source)

    def words(self, transient: bool = False) -> FillWords:
        """The lexicon and index a fill runs on (lexicon, common, common_top), the prefer
        words scored first, and every word blocked: the shipped block list, unless
        allow_iffy the iffy tier, and the setter's own. `transient` (the server, whose every
        request may send another prefer list): no fill table of it is kept on disk."""
        from puzzlesmith.fill.scores import default_blocked, with_preferred
        from puzzlesmith.lexicon.registry import load_lexicon

        lex, index = narrowed(self.lexicon_spec())
        preferred = frozenset(self.prefer).union(*(load_lexicon(n).word_set
                                                   for n in self.prefer_lists))
        blocked = frozenset(self.block).union(*(load_lexicon(n).word_set
                                                for n in self.block_lists))
        return FillWords(with_preferred(lex, index, preferred, transient=transient), index,
                         default_blocked(allow_iffy=self.allow_iffy) | blocked)

    def grid(self, rows: list[str]) -> Grid:
        """A grid given as rows (2-letter entries allowed with allow_2)."""
        from puzzlesmith.fill.model import parse_grid

        return parse_grid(rows, allow_2=self.allow_2)

    def box(self, grid: Grid) -> tuple[int, int, int, int]:
        """The region's box (top, left, bottom, right from 0); the whole grid by default."""
        top, bottom = self.rows or (1, grid.height)
        left, right = self.cols or (1, grid.width)
        return top - 1, left - 1, bottom - 1, right - 1

    # --- the engine, one call a command ------------------------------------------------------

    def _rules(self, words: FillWords) -> dict[str, object]:
        return {"min_score": self.min_score, "allow_repeats": self.allow_repeats,
                "blocked": words.blocked, "allow_same_stem": self.allow_same_stem,
                "allow_inside": self.allow_inside, "max_shared_substring": self.max_shared_substring,
                "min_score_by_length": self.min_score_by_length}

    def fill(self, grid: Grid, *, deadline: Deadline | None = None,
             words: FillWords | None = None) -> FillResult:
        """`fill`: the grid filled (clue drafts with `clues`). The deadline, when not given,
        starts now: the list's loading counts."""
        from puzzlesmith.fill.engine import fill
        from puzzlesmith.limits import Deadline

        deadline = deadline or Deadline(self.time_limit)
        words = words or self.words()
        result = fill(grid, words.lexicon, words.index, seed=self.seed, deadline=deadline,
                      improve=self.improve, count=self.count, **self._rules(words))  # type: ignore[arg-type]
        if self.clues:
            from puzzlesmith.fill.clues import with_clue_drafts

            result = with_clue_drafts(result)
        return result

    def check(self, grid: Grid, *, words: FillWords | None = None) -> CheckResult:
        """`fill check`: which entries no word fits, before any search."""
        from puzzlesmith.fill.engine import check

        words = words or self.words()
        return check(grid, words.lexicon, words.index, **self._rules(words))  # type: ignore[arg-type]

    def region(self, grid: Grid, *, deadline: Deadline | None = None,
               words: FillWords | None = None) -> RegionResult:
        """`fill region`: the entries inside the box searched on their own."""
        from puzzlesmith.fill.engine import fill_region
        from puzzlesmith.limits import Deadline

        deadline = deadline or Deadline(self.time_limit)
        words = words or self.words()
        return fill_region(grid, words.lexicon, words.index, self.box(grid), deadline=deadline,
                           **self._rules(words))  # type: ignore[arg-type]

    def candidates(self, grid: Grid, *, words: FillWords | None = None) -> CandidatesResult:
        """`fill candidates`: the words for one entry, best first."""
        from puzzlesmith.fill.candidates import candidates

        if not self.entry:
            raise InputError("give the entry with --entry, e.g. --entry '1 across'")
        words = words or self.words()
        return candidates(grid, words.lexicon, words.index, self.entry, limit=self.limit,
                          viable_first=self.viable_first, **self._rules(words))  # type: ignore[arg-type]
