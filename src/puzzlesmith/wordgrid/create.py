"""Making column-word grids for friends: an answer row, column words through it, a blank row.

Plain puzzles: each column is any column word with the answer's letter in the
blank row; the other rows are whatever letters those words put there.

Unique puzzles: a column word leaves a *set* of letters that would also make a word in the
blank row (`?at` allows b, c, e, f, ...). The puzzle's other answers are the row words that fit
those sets, so column words are chosen, in a random order, until the row bitset of the
answer pattern holds the answer alone. A letter every candidate of a column allows is
unavoidable; if the unavoidable sets already admit another word, no choice can help.

Word-row puzzles: the other rows must be words too. That is a column-word grid with the
answer given and every other row unknown, so the solver fills it (in a random order); unique
ones are fills whose blanked puzzle the solver counts once.

Solution counts always come from the solver over the full column list, the count
`wordgrid solve` reports on the created puzzle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Literal

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import LengthBucket, LexiconIndex
from puzzlesmith.limits import Deadline, SearchTimeout, WorkLimit
from puzzlesmith.wordgrid.model import (
    MAX_HEIGHT,
    MAX_WIDTH,
    MIN_HEIGHT,
    MIN_WIDTH,
    UNIQUE_DEFAULT,
    UNKNOWN,
    Puzzle,
    check_solution,
    parse_rows,
)
from puzzlesmith.wordgrid.options import DEFAULT_SECONDS
from puzzlesmith.wordgrid.solve import count_solutions, iter_grids

Status = Literal["created", "impossible", "timeout"]
# How many fills of one random walk are tried for uniqueness before the walk restarts
# elsewhere: fills of one walk share most rows, so a failing walk rarely recovers.
FILLS_PER_WALK = 40
WALKS = 50
WALKS_PER_RANDOM_ANSWER = 5
# A random answer's work before the next one is drawn: looks at its limit, each after a
# node of the column-word search or a step of the fill's (docs/wordgrid.md).
ANSWER_CHECKS = 20_000
# Ends every reason that only uniqueness makes a puzzle impossible: unique is the default, so
# the way to a puzzle with several answers is named (the page says its checkbox instead).
NO_UNIQUE = " (--no-unique makes one with several answers)"


@dataclass(frozen=True)
class CreateResult:
    """A created puzzle, or why none could be made.

    `puzzle` has `?` in the blank row; `grid` is the filled grid whose blank row is `answer`;
    `solution_count` is how many answers the solver finds for `puzzle` over the full list.
    Show it with `to_json(answer_hidden=True)` to leave the answer out (for a friend).
    """

    status: Status
    reason: str | None
    puzzle: Puzzle | None
    answer: str | None
    grid: tuple[str, ...] | None
    solution_count: int | None
    blank_row: int
    seed: int
    options: dict[str, Any]
    lexicon: str
    word_lexicon: str
    elapsed: float

    @property
    def columns(self) -> tuple[str, ...]:
        if self.grid is None:
            return ()
        return tuple("".join(col) for col in zip(*self.grid, strict=True))

    def to_json(self, answer_hidden: bool = False) -> dict[str, Any]:
        """The JSON document; `answer_hidden` leaves out everything that gives the answer away."""
        show = not answer_hidden
        return {
            "status": self.status,
            "reason": self.reason,
            "puzzle": list(self.puzzle.rows) if self.puzzle else None,
            "title": self.puzzle.title if self.puzzle else None,
            "answer": self.answer if show else None,
            "answer_hidden": answer_hidden,
            "solution_count": self.solution_count,
            "grid": list(self.grid) if self.grid and show else None,
            "columns": list(self.columns) if show else [],
            "blank_row": self.blank_row,
            "seed": self.seed,
            "options": self.options,
            "lexicon": self.lexicon,
            "word_lexicon": self.word_lexicon,
            "elapsed_ms": round(self.elapsed * 1000, 3),
        }


class _Impossible(Exception):
    """No puzzle exists for this answer; the message says why."""


class _GaveUp(Exception):
    """The search stopped short of an answer (time or try budget); the message says how."""


def check_not_foreign(word: str) -> None:
    """InputError when an answer asked for is a foreign word and foreign words are left out
    (the default of `wordgrid create`), rather than a puzzle called impossible."""
    from puzzlesmith.lexicon.foreign import is_foreign

    if is_foreign(word.strip().lower()):
        raise InputError(f"--word {word.strip()!r} is a foreign word (more frequent in another "
                         "language's text than in English); add --foreign to use it")


def create(
    column_index: LexiconIndex,
    word_index: LexiconIndex | None = None,
    *,
    word: str | None = None,
    length: int = 6,
    rows: int = 3,
    blank_row: int = 1,
    word_rows: bool = False,
    unique: bool = UNIQUE_DEFAULT,
    seed: int | None = None,
    title: str | None = None,
    deadline: Deadline | None = None,
    answers: frozenset[str] | None = None,
) -> CreateResult:
    """Create a column-word grid: the engine behind `wordgrid create` and /api/wordgrid/create.

    - `column_index`: the full word list, which a solver of the puzzle uses; solution counts
      and uniqueness are judged over it.
    - `word_index`: the list every word of the puzzle is drawn from (answer, column words and,
      with `word_rows`, the other rows), e.g. the common words so the puzzle is fair to a
      person; defaults to `column_index`.
    - `word`: the answer; else a random `length`-letter word from `word_index`.
    - `rows`, `blank_row` (1-based): grid height and which row is blank.
    - `word_rows`: the other rows must be words of `word_index` too.
    - `unique`: the answer must be the puzzle's only solution (by default; False allows others).
    - `seed`: makes the puzzle reproducible; a random one is drawn (and reported) if None.
    - `title`: the puzzle's title (kept in its puzzle file).
    - `deadline`: time limit (default DEFAULT_SECONDS).
    - `answers`: a random answer is drawn only from these words (a themed puzzle, e.g. the
      birds of `lexicon.narrowed(LexiconSpec(kind_of="bird"))`).

    Bad parameters raise InputError. A puzzle that cannot exist is status "impossible" with a
    `reason`; running out of time is status "timeout". Every created puzzle has been solved
    again by the solver and its grid checked by the validator. Pure: no printing, no files.
    """
    deadline = deadline or Deadline(DEFAULT_SECONDS)
    words_idx = word_index or column_index
    if word is not None:
        word = word.strip().lower()
        if not word.isascii() or not word.isalpha():
            raise InputError(f"--word must be letters a-z only, got {word!r}")
        length = len(word)
    if not MIN_WIDTH <= length <= MAX_WIDTH:
        raise InputError(f"the answer needs {MIN_WIDTH} to {MAX_WIDTH} letters, got {length}")
    if not MIN_HEIGHT <= rows <= MAX_HEIGHT:
        raise InputError(f"a grid needs {MIN_HEIGHT} to {MAX_HEIGHT} rows, got {rows}")
    if not 1 <= blank_row <= rows:
        raise InputError(f"--blank-row must be between 1 and {rows}, got {blank_row}")
    if seed is None:
        seed = random.randrange(2**32)
    rng = random.Random(seed)
    maker = _Maker(column_index, words_idx, rows, blank_row - 1, word_rows, unique, rng, deadline)
    maker.answers = answers
    status: Status = "created"
    reason = None
    made: tuple[str, ...] | None = None
    try:
        made = maker.make(word) if word is not None else maker.make_random(length)
    except _Impossible as e:
        status, reason = "impossible", str(e)
    except _GaveUp as e:
        status, reason = "timeout", str(e)
    except SearchTimeout:
        status, reason = "timeout", "no puzzle found within the time limit"
    puzzle = answer = count = None
    if made is not None:
        answer = made[blank_row - 1]
        puzzle = replace(blanked(made, blank_row - 1), title=title)
        count = _recount(puzzle, made, column_index)
        if unique and count != 1:
            raise AssertionError(f"created puzzle {puzzle.rows} meant unique has {count} answers")
    options = {
        "word": word, "length": length, "rows": rows, "blank_row": blank_row,
        "word_rows": word_rows, "unique": unique,
    }
    return CreateResult(
        status=status,
        reason=reason,
        puzzle=puzzle,
        answer=answer,
        grid=made,
        solution_count=count,
        blank_row=blank_row,
        seed=seed,
        options=options,
        lexicon=column_index.name,
        word_lexicon=words_idx.name,
        elapsed=deadline.elapsed(),
    )


def blanked(grid: tuple[str, ...], k: int) -> Puzzle:
    """The puzzle of a filled grid with row `k` (0-based) turned into `?`s."""
    rows = list(grid)
    rows[k] = UNKNOWN * len(grid[k])
    return parse_rows(rows)


def _recount(puzzle: Puzzle, grid: tuple[str, ...], column_index: LexiconIndex) -> int:
    """Re-solve the finished puzzle with the solver and check the intended grid by the rules."""
    col_bucket = _bucket(column_index, puzzle.height)
    row_bucket = _bucket(column_index, puzzle.width)
    check_solution(puzzle, grid, frozenset(row_bucket.words), frozenset(col_bucket.words))
    # One unknown row is a single bitset pattern, so this count needs no time limit.
    count = count_solutions(puzzle, column_index, deadline=Deadline(None))
    if count < 1:
        raise AssertionError(f"solver finds no solution of created puzzle {puzzle.rows}")
    return count


def _bucket(index: LexiconIndex, length: int) -> LengthBucket:
    bucket = index.bucket(length)
    if bucket is None:
        raise _Impossible(f"the word list {index.name} has no {length}-letter words")
    return bucket


class _Maker:
    """One creation run: the lists, the shape, the options and the random source."""

    def __init__(
        self,
        column_index: LexiconIndex,
        words_idx: LexiconIndex,
        rows: int,
        k: int,
        word_rows: bool,
        unique: bool,
        rng: random.Random,
        deadline: Deadline,
        exhaustive: bool = True,
    ) -> None:
        self.column_index = column_index
        self.words_idx = words_idx
        self.rows = rows
        self.k = k
        self.word_rows = word_rows
        self.unique = unique
        self.rng = rng
        self.deadline = deadline
        self.exhaustive = exhaustive
        self.answers: frozenset[str] | None = None

    def make_random(self, length: int) -> tuple[str, ...]:
        """A puzzle for a random answer: answers are drawn until one works."""
        bucket = _bucket(self.words_idx, length)
        order = list(range(len(bucket.words)))
        self.rng.shuffle(order)
        if self.answers is not None:
            order = [i for i in order if bucket.words[i] in self.answers]
            if not order:
                raise _Impossible(f"no {length}-letter word of {self.words_idx.name} is in the "
                                  "answer category")
        last = ""
        given_up = 0
        for i in order:
            if self.deadline.expired():
                raise SearchTimeout
            # Each answer gets a fixed amount of work (its searches' looks at their limit), so
            # that one hard answer cannot use all the time, and a seed makes the same puzzle
            # on any machine however busy; the whole limit stays as the backstop, and an
            # answer it cuts ends the search with a timeout rather than passing on to another.
            sub = WorkLimit(self.deadline.within().seconds, checks=ANSWER_CHECKS)
            try:
                return self._with_deadline(sub).make(bucket.words[i])
            except _Impossible as e:
                last = str(e)
            except (SearchTimeout, _GaveUp):
                if sub.cut_by_clock:
                    raise SearchTimeout from None
                given_up += 1
        if given_up:
            # Some answers were not searched to the end, so impossibility is not proved.
            raise _GaveUp(
                f"no puzzle found: {len(order) - given_up} of the {length}-letter answers cannot "
                f"work and {given_up} were given up after their share of time or tries"
            )
        raise _Impossible(f"no {length}-letter answer works; the last one tried: {last}")

    def _with_deadline(self, deadline: Deadline) -> _Maker:
        return _Maker(self.column_index, self.words_idx, self.rows, self.k, self.word_rows,
                      self.unique, self.rng, deadline, exhaustive=False)

    def make(self, word: str) -> tuple[str, ...]:
        """The filled grid of a puzzle whose blank row is `word`, or _Impossible."""
        # An answer asked for may be any word of the full list (the setter chose it); a random
        # one comes from the words the puzzle is drawn from.
        row_bucket = self.column_index.bucket(len(word))
        if row_bucket is None or word not in row_bucket.words:
            raise _Impossible(f"{word!r} is not a word of {self.column_index.name}")
        col_bucket = self.words_idx.bucket(self.rows)
        if col_bucket is None:
            raise _Impossible(
                f"the word list {self.words_idx.name} has no {self.rows}-letter words for the "
                "columns"
            )
        columns = [self._columns_through(col_bucket, c, ch) for c, ch in enumerate(word)]
        if _distinct(columns) is None:
            raise _Impossible(f"every choice of column words through {word!r} takes one word "
                              "twice (a puzzle repeats no column word)")
        if self.word_rows:
            return self._word_rows(word)
        if self.unique:
            return self._unique_columns(word, columns)
        picks = _distinct(columns, self.rng)
        assert picks is not None  # (make checked that some choice exists)
        return self._grid(picks)

    def _columns_through(self, bucket: LengthBucket, c: int, letter: str) -> list[str]:
        """Column words with `letter` in the blank row; _Impossible when there are none."""
        cands = bucket.words_of(bucket.position_letter[self.k][ord(letter) - 97])
        if not cands:
            if self.k == 0:
                where = f"starts with {letter!r}"
            elif self.k == self.rows - 1:
                where = f"ends with {letter!r}"
            else:
                where = f"has {letter!r} as letter {self.k + 1}"
            raise _Impossible(
                f"no {self.rows}-letter word of {self.words_idx.name} {where} (column {c + 1})"
            )
        return cands

    def _grid(self, columns: list[str]) -> tuple[str, ...]:
        return tuple("".join(col[r] for col in columns) for r in range(self.rows))

    def _unique_columns(self, word: str, columns: list[list[str]]) -> tuple[str, ...]:
        """Column words that leave `word` the only answer, by depth-first search."""
        full_rows = _bucket(self.column_index, len(word))
        full_cols = self.column_index.bucket(self.rows)
        full_col_words = frozenset(full_cols.words) if full_cols else frozenset()
        if word not in full_rows.words:
            raise _Impossible(f"{word!r} is not a word of {self.column_index.name}")
        target = 1 << full_rows.words.index(word)
        rpl = full_rows.position_letter
        # Per column: the distinct row-bitsets its candidates allow, each with its words.
        options: list[list[tuple[int, list[str]]]] = []
        floors: list[int] = []
        for c, cands in enumerate(columns):
            by_bits: dict[int, list[str]] = {}
            common_letters = (1 << 26) - 1
            # The words in a random order and each row-bitset tried where its first word
            # comes: every column word has a fair draw. Trying the fewest alternatives first
            # brought the same few words (err, two, ohm) back in puzzle after puzzle, and
            # the floor check below keeps the random order about as fast.
            for col in self.rng.sample(cands, len(cands)):
                letters = 0
                for x in range(26):
                    alt = col[: self.k] + chr(97 + x) + col[self.k + 1 :]
                    if alt in full_col_words:
                        letters |= 1 << x
                common_letters &= letters
                bits = _union(rpl[c], letters)
                by_bits.setdefault(bits, []).append(col)
            options.append(list(by_bits.items()))
            floors.append(_union(rpl[c], common_letters))
        # floor_from[i]: the answers no choice for columns i.. can rule out.
        floor_from = [full_rows.all_bits] * (len(word) + 1)
        for i in range(len(word) - 1, -1, -1):
            floor_from[i] = floor_from[i + 1] & floors[i]
        if floor_from[0] != target:
            other = next(w for w in full_rows.words_of(floor_from[0] & ~target))
            raise _Impossible(
                f"{other!r} also fits whatever the column words are, so {word!r} cannot be "
                "the only answer" + NO_UNIQUE
            )
        picks: list[str] = []

        def search(i: int, bits: int) -> bool:
            if self.deadline.expired():
                raise SearchTimeout
            if bits & floor_from[i] != target:
                return False
            if i == len(word):
                return True
            for opt_bits, cols in options[i]:
                free = [w for w in cols if w not in picks]  # no column word twice
                if not free:
                    continue
                # The words of a group differ only in the no-repeat rule: a fill that works
                # with one of them works with any the later columns do not use, so as many
                # tries as there are columns from here on are enough (one missed fills).
                first = self.rng.choice(free)
                others = [w for w in free if w != first][: len(word) - i - 1]
                for pick in (first, *others):
                    picks.append(pick)
                    if search(i + 1, bits & opt_bits):
                        return True
                    picks.pop()
            return False

        if not search(0, full_rows.all_bits):
            raise _Impossible(
                f"every choice of column words leaves another answer than {word!r}" + NO_UNIQUE)
        return self._grid(picks)

    def _word_rows(self, word: str) -> tuple[str, ...]:
        """A fill whose other rows are words too (and, if asked, leaving `word` unique)."""
        rows = [UNKNOWN * len(word)] * self.rows
        rows[self.k] = word
        frame = parse_rows(rows)
        any_fill = repeated = False
        walks = WALKS if self.exhaustive else WALKS_PER_RANDOM_ANSWER
        for walk in range(walks + 1):
            # The last walk goes to the end, so "impossible" is only said after every fill;
            # a random answer is dropped for the next one instead, a fixed amount of work
            # (not time) so that a seed makes the same puzzle on a busy machine.
            if walk == walks and not self.exhaustive:
                raise _GaveUp(f"no unique fill found around {word!r} in {walks} tries")
            cap = FILLS_PER_WALK if walk < walks else None
            for tried, sol in enumerate(
                # The given rows of a created puzzle may repeat a word; only solve's
                # unknown rows must differ.
                iter_grids(frame, self.words_idx, deadline=self.deadline, rng=self.rng,
                           allow_repeats=True), 1
            ):
                columns = ["".join(col) for col in zip(*sol.grid, strict=True)]
                if len(set(columns)) < len(columns):
                    repeated = True
                    continue  # a puzzle repeats no column word
                any_fill = True
                if not self.unique or self._is_unique(sol.grid):
                    return sol.grid
                if tried == cap:
                    break
            else:
                break  # this walk saw every fill
        if any_fill:
            raise _Impossible(
                f"no fill of word rows around {word!r} leaves it the only answer" + NO_UNIQUE
            )
        if repeated:
            raise _Impossible(f"every fill of word rows around {word!r} repeats a column word")
        raise _Impossible(
            f"no words fit in the other {self.rows - 1} row(s) around {word!r}"
        )

    def _is_unique(self, grid: tuple[str, ...]) -> bool:
        puzzle = blanked(grid, self.k)
        return count_solutions(puzzle, self.column_index, deadline=self.deadline, stop_at=2) == 1


def _union(at_position: tuple[int, ...], letters: int) -> int:
    bits = 0
    for x in range(26):
        if letters >> x & 1:
            bits |= at_position[x]
    return bits


def _distinct(columns: list[list[str]], rng: random.Random | None = None) -> list[str] | None:
    """A word for each column, no word twice, or None when there is no such choice: a
    matching by augmenting paths (Kuhn's), over candidates in a random order given `rng`."""
    order = [rng.sample(c, len(c)) for c in columns] if rng else columns
    owner: dict[str, int] = {}

    def augment(c: int, seen: set[str]) -> bool:
        for w in order[c]:
            if w not in seen:
                seen.add(w)
                if w not in owner or augment(owner[w], seen):
                    owner[w] = c
                    return True
        return False

    if not all(augment(c, set()) for c in range(len(columns))):
        return None
    picks = [""] * len(columns)
    for w, c in owner.items():
        picks[c] = w
    return picks
