"""`qless solve`, `roll`, `hint`, `grade`, `daily` and `atlas lookup`'s options in one place:
their defaults, limits and checks, and the one call each command makes.

The CLI's commands and the API's requests (/api/qless/solve, count, roll, hint, grade, daily,
atlas) are made from `QlessOptions` (`puzzlesmith.options`); a new option is a field here and its use
in the object's call for the command (`solve_roll`, `hint_roll`, `grade_roll`, `daily_roll`,
`look_up`, `roll`), which the CLI and the web both make. What a command is given rather than told
(the roll's letters, a roll's seed) stays its own input.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from puzzlesmith.lexicon.narrow import LexiconSpec, common_cut, narrowed
from puzzlesmith.options import check_limits, common_top_option, lexicon_option, option

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from puzzlesmith.lexicon import Lexicon, LexiconIndex
    from puzzlesmith.qless.board import Board
    from puzzlesmith.qless.play import Daily, Grade, Hint
    from puzzlesmith.qless.solve import QlessResult

SOLVE, ROLL, HINT, GRADE, DAILY, LOOKUP = "solve", "roll", "hint", "grade", "daily", "lookup"
COMMANDS = (SOLVE, ROLL, HINT, GRADE, DAILY, LOOKUP)
SEARCHES = frozenset({SOLVE, ROLL})  # the commands that run the solver (with --solve, a roll)
TIMED = frozenset(COMMANDS) - {LOOKUP}  # a lookup reads a stored answer, at once
DEFAULT_TIME_LIMIT = 5.0


def dice_text(spec: str | None) -> str | None:
    """--dice on the command line (the dice, or a file of them) as a request gives them: the
    dice as text, checked."""
    from puzzlesmith.qless.dice import parse_dice

    return None if spec is None else " ".join(parse_dice(spec))


@dataclass(frozen=True)
class QlessOptions:
    """What the Q-Less commands and /api/qless/* take besides the roll, with their defaults
    (each field's help is the CLI's and the API's); building one checks them (InputError)."""

    lexicon: str | None = lexicon_option()
    common: bool = option(
        False, "Every run on the board, crossings included, must be a common word (wordfreq "
        "top N, no proper names); if no common-words solution turns up, the solver falls back "
        "to all words and says so (a lookup: the answer stored for the common words).",
        commands=SEARCHES | {LOOKUP})
    common_top: int = common_top_option(
        "How many of the most frequent words count as common (a hint, a grade and the roll of "
        "the day try them first).")
    seed: int = option(0, "Search in another order, to show another solution.",
                       commands=frozenset({SOLVE}))
    count: bool = option(False, "Count the distinct solutions exactly (with common: of the "
                         "common-words solutions, unless it fell back).", commands=SEARCHES)
    max_solutions: int | None = option(None, "Stop counting (or listing) after N solutions.",
                                       ge=1, commands=frozenset({SOLVE}))
    solve: bool = option(False, "Solve the roll too.", commands=frozenset({ROLL}))
    level: int = option(1, "1: length and first letter of the longest word of a solution; 2: "
                        "the word; 3: the word on the board.", ge=1, le=3,
                        commands=frozenset({HINT}))
    date: str | None = option(None, "The day, YYYY-MM-DD (default: today).",
                              commands=frozenset({DAILY}), api={"max_length": 20,
                                                                "examples": ["2026-12-01"]})
    grade: bool = option(True, "Grade the roll too (a second or two of counting); --no-grade, "
                         "false in a request: the roll alone, at once.", negatable=True,
                         commands=frozenset({DAILY}))
    dice: str | None = option(
        None, "Other dice: 6 letters a die, split by spaces or commas (3 to 16 dice; on the "
        "command line also a file, one die a line); default: the 12 real Q-Less dice.",
        commands=frozenset({ROLL, DAILY, LOOKUP}), from_cli=dice_text,
        api={"max_length": 200, "examples": ["abcdef ghijkl mnopqr"]})
    time_limit: float = option(DEFAULT_TIME_LIMIT, "Seconds a roll may take.",
                               short=("-t", "--timeout"), gt=0, commands=TIMED)

    def __post_init__(self) -> None:
        check_limits(self)

    def lexicon_spec(self, *, always_common: bool = False) -> LexiconSpec:
        """The common words a search tries first: the `common_top` most frequent when `common`
        (or a `common_top` of its own) asks, or `always_common` (a hint, a grade and the roll
        of the day always try them); else no cut (`common_top` None): no such list."""
        top = self.common_top if always_common else common_cut(self.common, self.common_top)
        return LexiconSpec(self.lexicon, top)

    def common_index(self) -> LexiconIndex | None:
        """The index of the common words a solve tries first (`lexicon_spec`); None when
        none are asked for."""
        spec = self.lexicon_spec()
        return None if spec.common_top is None else narrowed(spec)[1]

    def words(self) -> Lexicon:
        """All the words of the list, the plain list (no index: no numpy to load)."""
        from puzzlesmith.lexicon import load_lexicon

        return load_lexicon(self.lexicon)

    def roll(self, seed: int | None) -> dict[str, Any]:
        """`qless roll`'s document: the dice (`dice`) rolled with `seed` (None: at random)."""
        from puzzlesmith.qless.dice import roll_document

        return roll_document(seed, self.faces)

    def solve_roll(self, roll: str, *, indexed: bool = False,
                   on_solution: Callable[[Board], None] | None = None,
                   on_progress: Callable[[int], None] | None = None) -> QlessResult:
        """`qless solve`'s answer for a roll: the census, the atlas, else a search
        (`answer.known_or_search`), within the time limit. `on_solution` hears every board as
        it is found (which lists them all: a count); `on_progress`, a count so far. `indexed`
        searches the list's index, which a long-lived process (a web worker, numpy loaded
        anyway) has at hand and which finds a roll's anagrams faster: the same answer."""
        from puzzlesmith.limits import Deadline
        from puzzlesmith.qless.answer import known_or_search

        words = narrowed(LexiconSpec(self.lexicon))[1] if indexed else self.words()
        common = self.common_index()  # loaded before the time limit starts
        return known_or_search(
            roll, words, deadline=Deadline(self.time_limit), seed=self.seed,
            common_index=common, count=self.count or on_solution is not None,
            max_solutions=self.max_solutions, on_solution=on_solution, on_progress=on_progress)

    def hint_roll(self, roll: str) -> Hint:
        """`qless hint`'s hint at `level` (SearchTimeout when no solution turned up in time)."""
        from puzzlesmith.limits import Deadline
        from puzzlesmith.qless.play import hint, play_words

        full, common = play_words(self.lexicon_spec(always_common=True))
        return hint(roll, full, level=self.level, deadline=Deadline(self.time_limit),
                    common_index=common)

    def grade_roll(self, roll: str) -> Grade:
        """`qless grade`'s grade (SearchTimeout when no solution turned up in time)."""
        from puzzlesmith.limits import Deadline
        from puzzlesmith.qless.play import grade, play_words

        full, common = play_words(self.lexicon_spec(always_common=True))
        return grade(roll, full, common, deadline=Deadline(self.time_limit))

    def daily_roll(self, *, graded: bool | None = None) -> Daily:
        """`qless daily`'s roll of `date` on `dice`, graded when `graded` (default: `grade`)."""
        from puzzlesmith.limits import Deadline
        from puzzlesmith.qless.play import daily, parse_date, play_words

        day = parse_date(self.date)
        full, common = play_words(self.lexicon_spec(always_common=True))
        return daily(day, full, common, deadline=Deadline(self.time_limit), dice=self.faces,
                     graded=self.grade if graded is None else graded)

    def daily_grade(self, day: Daily) -> Grade:
        """The grade `daily_roll` gives its roll, asked for after the roll (`day`)."""
        from puzzlesmith.limits import Deadline
        from puzzlesmith.qless.play import daily_grade, play_words

        full, common = play_words(self.lexicon_spec(always_common=True))
        return daily_grade(day.letters, full, common, deadline=Deadline(self.time_limit),
                           date=day.date, dice=self.faces)

    def look_up(self, letters: str, db_path: Path | None = None) -> dict[str, Any]:
        """`qless atlas lookup`'s document for a roll (`answer.look_up`) in the atlas at
        `db_path` (default the user's), for the word list `answer.atlas_list` picks."""
        from puzzlesmith.qless.answer import atlas_list, look_up
        from puzzlesmith.qless.atlas import default_db_path
        from puzzlesmith.qless.atlas.rolls import canonical

        key = canonical(letters)
        path = db_path if db_path is not None else default_db_path()
        h, name = atlas_list(self.lexicon_spec(), path)
        return look_up(key, h, name, db_path=path, faces=self.faces)

    @property
    def faces(self) -> tuple[str, ...] | None:
        """The dice asked for (None: the real ones)."""
        from puzzlesmith.qless.dice import parse_dice

        return None if self.dice is None else parse_dice(self.dice, files=False)
