"""Help for a player: hints that stop short of the answer, a difficulty grade, a roll of the day.

- `hint`: from the first solution (common words first, as a person would look for them), its
  longest word: level 1 its length and first letter, level 2 the word, level 3 the word on
  the board with every other cell blank.
- `grade`: how many solutions use common words only (the words a person knows): novice
  (more than 100), intermediate (31-100), advanced (1-30), expert (solvable only with
  uncommon words), impossible (no solution). It counts for an amount of work in proportion
  to the time limit (`WorkLimit`, GRADE_CHECKS_PER_SECOND), not for a time, so a roll grades
  the same on every run and machine, however busy; the time limit stays as a backstop, and
  a grade it cut says so (`clock_cut`). Counts cut short are lower bounds, so the roll is
  that grade or easier, and the grade says so.
- `daily`: the roll of a date, the same for everyone: dice rolled from a seed made of the
  date (and the dice), rolled again until the common words solve it. Its exact counts come
  from the days-ahead file (`qless.ahead`) when it covers the date for these word lists and
  dice; otherwise its grade counts for DAILY_GRADE_CHECKS of work, within a second or two,
  and counts cut there are lower bounds ("at least"), as in any grade.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline, SearchTimeout, WorkLimit
from puzzlesmith.qless import ahead
from puzzlesmith.qless.dice import dice_key, roll
from puzzlesmith.qless.solve import parse_letters, search_roll

if TYPE_CHECKING:
    from puzzlesmith.lexicon import Lexicon, LexiconIndex, LexiconSpec
    from puzzlesmith.qless.solve import WordList

LEVELS = (1, 2, 3)
GRADES = ("novice", "intermediate", "advanced", "expert", "impossible")  # easiest first
# Share of the time limit the common-words count may use (the rest counts all words).
COMMON_SHARE = 0.6
# A daily roll must be solved with common words within this long on any machine; rolls of
# the real dice take milliseconds, so a slow machine still picks the same roll.
DAILY_CHECK_SECONDS = 10.0
DAILY_TRIES = 1000
# The daily grade's work when the days-ahead file does not cover the date: the engines'
# looks at their limit (each after a fixed amount of counting), about a second on a quiet
# machine (benchmarks/RESULTS.md, qless_daily).
DAILY_GRADE_CHECKS = 40
# `grade`'s work per second of its time limit: a fraction of what a quiet machine does, so
# that a machine several times busier still stops at the same point before the time limit.
GRADE_CHECKS_PER_SECOND = 50


@dataclass(frozen=True)
class Hint:
    letters: str
    level: int
    status: str  # "solved" | "unsolvable"
    word: str | None  # the longest word of the solution the hint comes from
    board: tuple[str, ...] | None  # that word on the solution's board, '.' elsewhere
    common_only: bool  # the solution uses common words only

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "letters": self.letters, "level": self.level, "status": self.status,
            "length": len(self.word) if self.word else None,
            "first_letter": self.word[0] if self.word else None,
            "common_only": self.common_only,
        }
        if self.level >= 2:
            doc["word"] = self.word
        if self.level >= 3:
            doc["board"] = list(self.board) if self.board is not None else None
        return doc


def play_words(spec: LexiconSpec) -> tuple[Lexicon, LexiconIndex]:
    """The words hint, grade and daily play with: all words (the plain list) and the common
    words a person knows (`spec`, `QlessOptions.lexicon_spec(always_common=True)`), tried
    first (an index: it needs word ranks)."""
    from puzzlesmith.lexicon import load_lexicon, narrowed

    return load_lexicon(spec.source), narrowed(spec)[1]


def hint(
    letters: str, index: WordList, *, level: int, deadline: Deadline,
    common_index: WordList | None = None,
) -> Hint:
    """A hint of the given level; SearchTimeout if no solution turned up in time."""
    if level not in LEVELS:
        raise InputError(f"--level must be 1, 2 or 3, not {level}")
    result = search_roll(letters, index, deadline=deadline, common_index=common_index)
    if result.status == "timeout":
        raise SearchTimeout("no solution found within the time limit")
    if result.board is None:
        return Hint(result.letters, level, result.status, None, None, False)
    board = result.board
    word = max(board.words(), key=len)  # the first of the longest, in reading order
    return Hint(result.letters, level, "solved", word, _only(board.rows(), word),
                result.common_only)


def _only(rows: list[str], word: str) -> tuple[str, ...]:
    """The rows with only the first placement of `word` (across, then down) left in."""
    keep: set[tuple[int, int]] = set()
    for r, row in enumerate(rows):
        for run in re.finditer(r"[a-z]{3,}", row):
            if run.group() == word and not keep:
                keep = {(r, c) for c in range(run.start(), run.end())}
    if not keep:
        cols = ["".join(row[c] for row in rows) for c in range(len(rows[0]))]
        for c, col in enumerate(cols):
            for run in re.finditer(r"[a-z]{3,}", col):
                if run.group() == word and not keep:
                    keep = {(r, c) for r in range(run.start(), run.end())}
    return tuple(
        "".join(ch if (r, c) in keep else "." for c, ch in enumerate(row))
        for r, row in enumerate(rows)
    )


@dataclass(frozen=True)
class Grade:
    letters: str
    grade: str
    common_solutions: int
    common_exact: bool
    solutions: int | None  # all-words solutions (None: not counted in time)
    solutions_exact: bool
    clock_cut: bool = False  # the time limit, not the work budget, cut a count
    ahead: bool = False  # the counts come from the days-ahead file (counted with no limit)

    @property
    def exact(self) -> bool:
        """Whether the grade is certain (else the roll is this grade or easier)."""
        return self.common_exact or self.grade == "novice"

    @property
    def text(self) -> str:
        if self.exact or self.grade == GRADES[0]:
            return self.grade
        return f"{self.grade} or easier"

    def to_json(self) -> dict[str, Any]:
        return {
            "letters": self.letters, "grade": self.grade, "exact": self.exact,
            "grade_text": self.text, "common_solutions": self.common_solutions,
            "common_complete": self.common_exact, "solutions": self.solutions,
            "solutions_complete": self.solutions_exact, "time_limit_cut": self.clock_cut,
            "counted_ahead": self.ahead,
        }


def grade_of(common_solutions: int, solvable: bool) -> str:
    if common_solutions > 100:
        return "novice"
    if common_solutions > 30:
        return "intermediate"
    if common_solutions >= 1:
        return "advanced"
    return "expert" if solvable else "impossible"


def work_budget(deadline: Deadline) -> WorkLimit:
    """A grade's limit: GRADE_CHECKS_PER_SECOND of work per second of `deadline`, which stays
    as the backstop; a WorkLimit is kept as it is, and no time limit means no limit."""
    if isinstance(deadline, WorkLimit):
        return deadline
    seconds = deadline.within().seconds
    checks = 2**62 if seconds is None else max(1, round(seconds * GRADE_CHECKS_PER_SECOND))
    return WorkLimit(seconds, checks=checks)


def grade(letters: str, index: WordList, common_index: WordList, *, deadline: Deadline) -> Grade:
    """The roll's difficulty from its common-words solutions (and all-words ones), counted
    for `work_budget(deadline)`."""
    letters = parse_letters(letters)
    work = work_budget(deadline)
    common = search_roll(letters, common_index, deadline=work.part(COMMON_SHARE), count=True)
    every = search_roll(letters, index, deadline=work.part(1.0), count=True)
    n_common = common.solutions or 0
    if every.status == "timeout" and common.status == "timeout":
        raise SearchTimeout("no solution found within the time limit")
    solvable = every.status == "solved" or common.status == "solved"
    return Grade(
        letters, grade_of(n_common, solvable), n_common, common.count_complete,
        every.solutions if every.status != "timeout" else None, every.count_complete,
        work.cut_by_clock,
    )


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_date(text: str | None) -> dt.date:
    """`--date YYYY-MM-DD` (default: today); InputError (one line) otherwise."""
    if text is None:
        return dt.date.today()
    try:
        if not _DATE.fullmatch(text.strip()):
            raise ValueError
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise InputError(f"--date must be a date YYYY-MM-DD, not {text!r}") from None


@dataclass(frozen=True)
class Daily:
    date: dt.date
    letters: str
    attempt: int  # how many rolls were passed over (not solvable with common words)
    grade: Grade | None  # None: not asked for (the roll alone, at once)
    dice: tuple[str, ...] | None

    def to_json(self) -> dict[str, Any]:
        doc = {"date": self.date.isoformat(), "letters": self.letters, "attempt": self.attempt,
               **({} if self.grade is None else
                  {k: v for k, v in self.grade.to_json().items() if k != "letters"})}
        if self.dice is not None:
            doc["dice"] = list(self.dice)
        return doc


def daily_seed(date: dt.date, dice: Sequence[str] | None, attempt: int) -> int:
    """The seed of a date's roll: the same on every machine and every Python."""
    text = f"puzzlesmith qless daily {date.isoformat()} {dice_key(dice)} {attempt}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def daily(
    date: dt.date, index: WordList, common_index: WordList, *, deadline: Deadline,
    dice: Sequence[str] | None = None, graded: bool = True,
) -> Daily:
    """The date's roll: the first of its seeded rolls that common words solve, graded
    (`daily_grade`) unless not `graded`."""
    for attempt in range(DAILY_TRIES):
        letters = roll(daily_seed(date, dice, attempt), dice)
        check = search_roll(letters, common_index, deadline=Deadline(DAILY_CHECK_SECONDS))
        if check.status == "solved":
            the_grade = (daily_grade(letters, index, common_index, deadline=deadline,
                                     date=date, dice=dice) if graded else None)
            return Daily(date, letters, attempt, the_grade, None if dice is None else tuple(dice))
    raise InputError(f"these dice gave no roll solvable with common words in {DAILY_TRIES} tries")


def daily_grade(letters: str, index: WordList, common_index: WordList, *,
                deadline: Deadline, date: dt.date | None = None,
                dice: Sequence[str] | None = None) -> Grade:
    """A daily roll's grade: the exact counts of the days-ahead file when it holds `date` with
    this roll for these word lists and dice, else DAILY_GRADE_CHECKS of work (`deadline`
    only a backstop)."""
    letters = parse_letters(letters)
    day = None if date is None else ahead.lookup(
        date, letters, index.content_hash, common_index.content_hash, dice_key(dice))
    if day is not None:
        return Grade(letters, grade_of(day.common_solutions, True), day.common_solutions, True,
                     day.solutions, True, ahead=True)
    work = WorkLimit(deadline.within().seconds, checks=DAILY_GRADE_CHECKS)
    return grade(letters, index, common_index, deadline=work)
