"""`stars generate`'s options in one place: their defaults, limits and checks, and the one call
the CLI and the web make.

The CLI's command and the API's request (/api/stars/generate) are made from `GenerateOptions`
(`puzzlesmith.options`); a new option is a field here and its use in `generate()`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlesmith.options import check_limits, option
from puzzlesmith.stars.generate import DIFFICULTIES

if TYPE_CHECKING:
    from puzzlesmith.stars.generate import GeneratedPuzzle, Progress

GENERATE = "generate"
DEFAULT_GENERATE_SECONDS = 120.0


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
        from puzzlesmith.limits import Deadline, SearchTimeout
        from puzzlesmith.stars.generate import generate, parse_score_range

        try:
            return generate(self.size, self.stars, seed=self.seed, difficulty=self.difficulty,
                            score=parse_score_range(self.score) if self.score else None,
                            deadline=Deadline(self.time_limit), progress=progress)
        except SearchTimeout:
            raise SearchTimeout(f"no puzzle found within the time limit "
                                f"({self.time_limit:g} s)") from None
