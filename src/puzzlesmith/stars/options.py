"""The Star Battle commands' options in one place: their defaults, limits and checks, and the
one call each command makes.

The CLI's commands and the API's requests are made from `StarsOptions` (`stars solve`,
`explain`, `hint`, `check`, `convert`: a puzzle given) and `GenerateOptions` (`stars
generate`: a puzzle made) with `puzzlesmith.options`; a new option is a field here and its
use in the object's call for the command (`solve`, `explain`, `hint`, `check`, `generate`),
which the CLI and the web both make.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlesmith.limits import Deadline
from puzzlesmith.options import check_limits, option
from puzzlesmith.stars.generate import DIFFICULTIES
from puzzlesmith.stars.solve import ENGINES

if TYPE_CHECKING:
    from puzzlesmith.stars.check import MarksCheck
    from puzzlesmith.stars.explain import Explanation
    from puzzlesmith.stars.generate import GeneratedPuzzle, Progress
    from puzzlesmith.stars.hints import Hint
    from puzzlesmith.stars.model import Cell, StarPuzzle
    from puzzlesmith.stars.solve import SolveResult

SOLVE, EXPLAIN, HINT, CHECK, CONVERT = "solve", "explain", "hint", "check", "convert"
STARS_COMMANDS = (SOLVE, EXPLAIN, HINT, CHECK, CONVERT)
MARKED = frozenset({HINT, CHECK})  # the commands that take a player's marks
SEARCHES = frozenset({SOLVE, EXPLAIN, HINT, CHECK})  # the commands with a time limit
GENERATE = "generate"
DEFAULT_SECONDS = 10.0
EXPLAIN_SECONDS = 30.0  # an explanation (and a hint, which is one) tries every rule
DEFAULT_GENERATE_SECONDS = 120.0


def _marks(values: list[str] | None) -> tuple[str, ...]:
    return tuple(values or ())


@dataclass(frozen=True)
class StarsOptions:
    """What `stars solve`, `explain`, `hint`, `check` and `convert` (and /api/stars/*) take
    besides the puzzle, with their defaults (each field's help is the CLI's and the API's);
    building one checks them (InputError)."""

    stars: int | None = option(None, "Stars per row, column and region (overrides the "
                               "puzzle's own).", short=("-k",), ge=1, le=20)
    count: bool = option(False, "Count every solution.", commands=frozenset({SOLVE}))
    max: int | None = option(None, "Stop counting at this many (implies count).", ge=1,
                             commands=frozenset({SOLVE}))
    engine: str = option("auto", f"One of {', '.join(ENGINES)}.", commands=frozenset({SOLVE}),
                         api={"max_length": 10})
    star: tuple[str, ...] = option(
        help="A star you placed: r3c5 or 3,5, from 1 (any number of times; a request's list).",
        factory=tuple, commands=MARKED, cli_type=list[str] | None, from_cli=_marks,
        api_type=list[str], api={"max_length": 2000, "examples": [["r1c8"]]})
    empty: tuple[str, ...] = option(
        help="A cell you marked empty, as --star.", factory=tuple, commands=MARKED,
        cli_type=list[str] | None, from_cli=_marks, api_type=list[str],
        api={"max_length": 2000, "examples": [["r7c2"]]})
    time_limit: float = option(DEFAULT_SECONDS, "Seconds before giving up.",
                               short=("-t", "--timeout"), gt=0, commands=SEARCHES,
                               defaults={EXPLAIN: EXPLAIN_SECONDS, HINT: EXPLAIN_SECONDS})

    def __post_init__(self) -> None:
        check_limits(self)

    def marks(self) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
        """The player's stars and empty cells, 0-based (InputError for a bad one)."""
        from puzzlesmith.stars.formats import parse_cells

        return parse_cells(list(self.star), "--star"), parse_cells(list(self.empty), "--empty")

    @property
    def counting(self) -> bool:
        """Whether `solve` counts the solutions (`count`, or a `max` to count up to)."""
        return self.count or self.max is not None

    def solve(self, puzzle: StarPuzzle) -> SolveResult:
        """`stars solve`'s answer: the solution and whether it is the only one (or the count)."""
        from puzzlesmith.stars.solve import solve

        return solve(puzzle, count=self.counting, max_count=self.max,
                     deadline=Deadline(self.time_limit), engine=self.engine)

    def explain(self, puzzle: StarPuzzle) -> Explanation:
        """`stars explain`'s steps and grade."""
        from puzzlesmith.stars.explain import explain

        return explain(puzzle, deadline=Deadline(self.time_limit))

    def hint(self, puzzle: StarPuzzle) -> Hint:
        """`stars hint`'s next deduction from the marks (`star`, `empty`)."""
        from puzzlesmith.stars.hints import teach

        given_stars, given_empty = self.marks()
        return teach(puzzle, given_stars=given_stars, given_empty=given_empty,
                     deadline=Deadline(self.time_limit))

    def check(self, puzzle: StarPuzzle) -> MarksCheck:
        """`stars check`'s verdict on the marks (`star`, `empty`)."""
        from puzzlesmith.stars.check import check_marks

        given_stars, given_empty = self.marks()
        return check_marks(puzzle, given_stars=given_stars, given_empty=given_empty,
                           deadline=Deadline(self.time_limit))


@dataclass(frozen=True)
class GenerateOptions:
    """What `stars generate` and /api/stars/generate take, with their defaults (each field's
    help is the CLI's and the API's); building one checks them (InputError)."""

    size: int = option(10, "Grid size N.", short=("-n",), ge=1, le=40)
    stars: int = option(2, "Stars per row, column and region.", short=("-k",), ge=1)
    seed: int | None = option(None, "Random seed (same seed, same puzzle).")
    difficulty: str | None = option(None, f"One of {', '.join(DIFFICULTIES)}.",
                                    api={"max_length": 10})
    score: str | None = option(None, "Score range MIN-MAX (see `stars explain`).",
                               api={"max_length": 40, "examples": ["20-60"]})
    time_limit: float = option(DEFAULT_GENERATE_SECONDS, "Seconds before giving up.",
                               short=("-t", "--timeout"), gt=0)

    def __post_init__(self) -> None:
        check_limits(self)

    def generate(self, progress: Progress | None = None) -> GeneratedPuzzle:
        """A puzzle these options ask for (SearchTimeout, saying so, when none turned up within
        the time limit); `progress` hears how far each try got."""
        from puzzlesmith.limits import SearchTimeout
        from puzzlesmith.stars.generate import generate, parse_score_range

        try:
            return generate(self.size, self.stars, seed=self.seed, difficulty=self.difficulty,
                            score=parse_score_range(self.score) if self.score else None,
                            deadline=Deadline(self.time_limit), progress=progress)
        except SearchTimeout:
            raise SearchTimeout(f"no puzzle found within the time limit "
                                f"({self.time_limit:g} s)") from None
