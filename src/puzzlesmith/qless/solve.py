"""Q-Less: the first crossword that uses every letter, or proof that none exists.

The search alone (the atlas, the player's hints and the benchmarks call it; a user's
question goes through `answer.known_or_search`, which asks the census and the atlas first)::

    search_roll(letters, index, *, deadline, seed=0, common_index=None, count=False,
                max_solutions=None) -> QlessResult

- `letters`: 3 to 16 letters a-z (any case, spaces ignored); InputError otherwise.
- `index`: the word list, a Lexicon or its LexiconIndex (all words); `result.lexicon` is
  `index.name`.
- `deadline`: the whole call's time limit; past it the status is "timeout".
- `seed`: 0 is the default order (long words first); any other value searches in another
  order, to show another solution.
- `common_index`: when given, search with its (common) words first; if that finds no
  solution (none exists or it used up its share of the time), fall back to `index` and
  say so (`fell_back`).
- `count`: also count the distinct solutions exactly (`solutions`), up to `max_solutions`;
  `on_solution(board)` is called with each one as it is found (streaming).

Statuses: "solved" (a board, checked by the validator), "unsolvable" (the exhaustive search
finished without one) or "timeout".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline
from puzzlesmith.qless.anagrams import roll_anagrams
from puzzlesmith.qless.board import Board, problems
from puzzlesmith.qless.driver import OnSolution, Outcome, search
from puzzlesmith.qless.engines.counters import SearchStats
from puzzlesmith.search.letters import parse_rack

if TYPE_CHECKING:
    from puzzlesmith.lexicon import Lexicon, LexiconIndex

    WordList = Lexicon | LexiconIndex

MIN_LETTERS, MAX_LETTERS = 3, 16
# Share of the time limit the common-words search may use before falling back to all words.
COMMON_SHARE = 0.5


@dataclass(frozen=True)
class QlessResult:
    """The answer for one roll: status, the board (if any), the anagrams and the stats."""

    letters: str
    status: str  # "solved" | "unsolvable" | "timeout"
    board: Board | None
    anagrams: tuple[str, ...]
    placements: int
    seconds: float
    lexicon: str
    common_only: bool = False
    fell_back: bool = False
    solutions: int | None = None  # with count=True: distinct solutions found
    count_complete: bool = False  # the count is exact (not cut by time or max_solutions)
    count_timed_out: bool = False  # the count was cut by the time limit
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def words(self) -> list[str]:
        return self.board.words() if self.board is not None else []

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "letters": self.letters,
            "status": self.status,
            "board": self.board.rows() if self.board is not None else None,
            "words": self.words,
            "anagram_count": len(self.anagrams),
            "anagrams": list(self.anagrams),
            "placements": self.placements,
            "seconds": round(self.seconds, 6),
            "common_only": self.common_only,
            "fell_back": self.fell_back,
            "lexicon": self.lexicon,
        }
        if self.solutions is not None:
            doc["solutions"] = self.solutions
            doc["count_complete"] = self.count_complete
            doc["count_timed_out"] = self.count_timed_out
        doc.update(self.extra)  # e.g. "atlas": where a stored answer came from
        return doc


def parse_letters(text: str) -> str:
    """A roll as typed: 3 to 16 letters a-z, any case, spaces ignored."""
    letters = parse_rack(text, allow_blanks=False).letters
    if not MIN_LETTERS <= len(letters) <= MAX_LETTERS:
        raise InputError(
            f"{text.strip()!r}: a roll has {MIN_LETTERS} to {MAX_LETTERS} letters, not {len(letters)}"
        )
    return "".join(ch for ch in text.lower() if not ch.isspace())


def anagrams_of(letters: str, index: WordList) -> list[str]:
    """Every word of 3+ letters buildable from the roll (longest first, then alphabetical)."""
    return roll_anagrams(letters, index)


def verdicts(rolls: Sequence[str], index: WordList, *,
             time_limit: float | None) -> list[QlessResult]:
    """Solvable or not, for each roll, as fast as it can be told: the atlas's question.

    A word tree (`engines.tree`, a whole batch at a time) answers most solvable rolls at once
    (docs/qless.md, Speed), with a board the validator checks; every other roll gets the full
    search (`search_roll`, with `time_limit` again), so an "unsolvable" is always
    exhaustive. A board found the quick way comes without the anagram list
    (`anagram_count` is None) and says `"method": "word-tree"`; the others say
    `"method": "search"`.
    """
    from puzzlesmith.qless.engines.tree import quick_boards, tables

    clock = Deadline(None)
    keys = [parse_letters(r) for r in rolls]
    t = tables(index)
    boards = quick_boards(keys, t, time_limit=time_limit)
    share = clock.elapsed() / max(len(keys), 1)
    out = []
    for letters, board in zip(keys, boards, strict=True):
        if board is None:
            result = search_roll(letters, index, deadline=Deadline(time_limit))
            result.extra["method"] = "search"
            out.append(result)
            continue
        wrong = problems(board, letters, t.members)
        if wrong:
            raise AssertionError(f"word tree gave an invalid board for {letters}: {wrong}")
        out.append(QlessResult(
            letters=letters, status="solved", board=board, anagrams=(), placements=0,
            seconds=share, lexicon=index.name,
            extra={"anagram_count": None, "method": "word-tree"},
        ))
    return out


def search_roll(
    letters: str,
    index: WordList,
    *,
    deadline: Deadline,
    seed: int = 0,
    common_index: WordList | None = None,
    count: bool = False,
    max_solutions: int | None = None,
    on_solution: OnSolution | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> QlessResult:
    """The first solution (or all of them, counted), a proof of none, or a timeout, found by
    searching: neither the census nor the atlas is consulted (`answer.known_or_search` does).

    `on_progress(n)` is called now and then while a count runs, with the solutions counted
    so far (a lower bound of the final count).
    """
    letters = parse_letters(letters)
    if max_solutions is not None and max_solutions < 1:
        raise InputError(f"max solutions must be at least 1, got {max_solutions}")
    stats = SearchStats()
    if on_progress is not None:
        stats.on_progress = lambda s: on_progress(s.solutions)
    all_words = anagrams_of(letters, index)
    common_only = fell_back = False
    run: Outcome | None = None
    if common_index is not None:
        common_words = anagrams_of(letters, common_index)
        share = Deadline(max(deadline.remaining() * COMMON_SHARE, 1e-3))
        run = search(letters, common_words, share, seed, stats, count, max_solutions, on_solution)
        if run.board is not None:
            common_only = True
            words_used = frozenset(common_words)
        else:
            fell_back = True
            run = None
    if run is None:
        words_used = frozenset(all_words)
        if deadline.expired():
            run = Outcome("timeout", None, 0, False, True)
        else:
            run = search(letters, all_words, deadline, seed, stats, count, max_solutions, on_solution)
    if run.board is not None:
        wrong = problems(run.board, letters, words_used)
        if wrong:
            raise AssertionError(f"engine returned an invalid board for {letters}: {wrong}")
    status = run.status
    return QlessResult(
        letters=letters,
        status=status,
        board=run.board,
        anagrams=tuple(all_words),
        placements=stats.placements,
        seconds=deadline.elapsed(),
        lexicon=index.name,
        common_only=common_only,
        fell_back=fell_back,
        solutions=run.solutions if count else None,
        count_complete=run.complete if count else False,
        count_timed_out=run.timed_out if count else False,
    )
