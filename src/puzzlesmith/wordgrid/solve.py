"""Solving column-word grids with the lexicon's position/letter bitsets.

The representation: for each column, the bitset of column words still consistent with every
letter placed in it so far (AND of `position_letter[row][letter]` over its fixed cells). The
letters a column allows at an unknown cell are the letters found at that row among those
words. An unknown row is then a pattern of letter sets, answered by the row-length bucket:
OR the bitsets of the allowed letters at each position, AND across positions.

One unknown row is that single pattern. With several, the search fills one row at a time,
always the row with the fewest candidate words next (so a dead end shows up as an empty row
at once), narrowing every column's bitset by the letters it placed. When one row is left, its
candidate bitset *is* the set of completions, so counting never lists them. Unless repeats
are allowed, a word placed in one unknown row is taken out of the others' candidates.

Search is a generator of solution groups, so "first", "all" and "count" are one code path.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from puzzlesmith.lexicon import LengthBucket, LexiconIndex
from puzzlesmith.lexicon.index import bits_to_indices
from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.wordgrid.model import UNKNOWN, Puzzle, check_solution

Mode = Literal["first", "all", "count"]
MODES: tuple[Mode, ...] = ("first", "all", "count")
DEFAULT_SECONDS = 10.0
MEMO_LIMIT = 20_000


@dataclass(frozen=True)
class Solution:
    """One filled grid: the words of the unknown rows (top to bottom), the grid, its columns."""

    words: tuple[str, ...]
    grid: tuple[str, ...]
    columns: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"words": list(self.words), "grid": list(self.grid), "columns": list(self.columns)}


@dataclass(frozen=True)
class SolveResult:
    """The answer to one puzzle.

    `count` is the number of solutions found; it is the exact total when `complete` is true
    (modes "all" and "count" finished in time, or "first" found none). In mode "first" at
    most one solution is listed and `complete` is false when one was found (there may be more).
    """

    puzzle: Puzzle
    mode: Mode
    count: int
    solutions: tuple[Solution, ...]
    complete: bool
    timed_out: bool
    lexicon: str
    row_lexicon: str
    elapsed: float
    note: str | None = None

    @property
    def status(self) -> str:
        if self.count:
            return "solved"
        return "timeout" if self.timed_out else "no solution"

    def to_json(self) -> dict[str, Any]:
        return {
            "rows": list(self.puzzle.rows),
            "title": self.puzzle.title,
            "status": self.status,
            "mode": self.mode,
            "count": self.count,
            "complete": self.complete,
            "solutions": [s.to_json() for s in self.solutions],
            "unknown_rows": [r + 1 for r in self.puzzle.unknown_rows],
            "lexicon": self.lexicon,
            "row_lexicon": self.row_lexicon,
            "timed_out": self.timed_out,
            "note": self.note,
            "elapsed_ms": round(self.elapsed * 1000, 3),
        }


@dataclass(frozen=True)
class _Group:
    """Grids that share the `fixed` rows and differ only in `last_row`, one per word in `bits`."""

    fixed: tuple[tuple[int, str], ...]
    last_row: int
    bits: int


class _Search:
    """The state shared by one search: buckets, the puzzle's given letters and memo tables."""

    def __init__(
        self,
        puzzle: Puzzle,
        col_bucket: LengthBucket,
        row_bucket: LengthBucket,
        deadline: Deadline,
        rng: random.Random | None,
        allow_repeats: bool,
    ) -> None:
        self.puzzle = puzzle
        self.allow_repeats = allow_repeats
        self.cpl = col_bucket.position_letter
        self.rpl = row_bucket.position_letter
        self.col_all = col_bucket.all_bits
        self.row_bucket = row_bucket
        self.deadline = deadline
        self.rng = rng
        # Given letters of each unknown row, as one bitset over row words.
        self.row_fixed: dict[int, int] = {}
        self.row_open: dict[int, tuple[int, ...]] = {}
        for r in puzzle.unknown_rows:
            bits = row_bucket.all_bits
            for c, ch in enumerate(puzzle.rows[r]):
                if ch != UNKNOWN:
                    bits &= self.rpl[c][ord(ch) - 97]
            self.row_fixed[r] = bits
            self.row_open[r] = tuple(c for c, ch in enumerate(puzzle.rows[r]) if ch == UNKNOWN)
        self._letters: dict[tuple[int, int], int] = {}
        self._union: dict[tuple[int, int], int] = {}

    def start_columns(self) -> list[int] | None:
        """Each column's bitset of words consistent with its given letters; None if one is empty."""
        cols = []
        for c in range(self.puzzle.width):
            bits = self.col_all
            for r, row in enumerate(self.puzzle.rows):
                if row[c] != UNKNOWN:
                    bits &= self.cpl[r][ord(row[c]) - 97]
            cols.append(bits)
        return None if any(b == 0 for b in cols) else cols

    def letters_at(self, r: int, col_bits: int) -> int:
        """26-bit mask of the letters at row `r` among the column words in `col_bits`."""
        key = (r, col_bits)
        mask = self._letters.get(key)
        if mask is None:
            at = self.cpl[r]
            mask = 0
            for x in range(26):
                if col_bits & at[x]:
                    mask |= 1 << x
            if len(self._letters) >= MEMO_LIMIT:
                # Long searches see ever new column bitsets: a bounded memo keeps memory flat
                # and the final clean-up short, so the time limit holds.
                self._letters.clear()
            self._letters[key] = mask
        return mask

    def union(self, c: int, mask: int) -> int:
        """Bitset of row words whose letter at position `c` is in the 26-bit `mask`."""
        key = (c, mask)
        bits = self._union.get(key)
        if bits is None:
            at = self.rpl[c]
            bits = 0
            for x in range(26):
                if mask >> x & 1:
                    bits |= at[x]
            if len(self._union) >= MEMO_LIMIT:
                self._union.clear()
            self._union[key] = bits
        return bits

    def candidates(self, r: int, cols: list[int]) -> int:
        """Bitset of the words that can go in unknown row `r` given the columns' bitsets."""
        bits = self.row_fixed[r]
        for c in self.row_open[r]:
            if not bits:
                break
            bits &= self.union(c, self.letters_at(r, cols[c]))
        return bits

    def groups(self) -> Iterator[_Group]:
        cols = self.start_columns()
        if cols is None:
            return
        yield from self._walk(tuple(self.puzzle.unknown_rows), cols, (), 0)

    def _walk(
        self, left: tuple[int, ...], cols: list[int], fixed: tuple[tuple[int, str], ...], used: int
    ) -> Iterator[_Group]:
        if self.deadline.expired():
            raise SearchTimeout
        best_row, best_bits, best_n = -1, 0, -1
        for r in left:
            bits = self.candidates(r, cols) & ~used
            n = bits.bit_count()
            if n == 0:
                return
            if best_n < 0 or n < best_n:
                best_row, best_bits, best_n = r, bits, n
        if len(left) == 1:
            yield _Group(fixed, best_row, best_bits)
            return
        rest = tuple(r for r in left if r != best_row)
        open_cells = self.row_open[best_row]
        at = self.cpl[best_row]
        words = self.row_bucket.words
        for i in ordered_indices(self.row_bucket, best_bits, self.rng):
            word = words[i]
            narrowed = list(cols)
            for c in open_cells:
                narrowed[c] &= at[ord(word[c]) - 97]
            now_used = used if self.allow_repeats else used | 1 << i
            yield from self._walk(rest, narrowed, (*fixed, (best_row, word)), now_used)


def ordered_indices(bucket: LengthBucket, bits: int, rng: random.Random | None = None) -> list[int]:
    """Bucket positions of the words in `bits`: most frequent first (unranked ones last, A-Z),
    or shuffled by `rng`."""
    idx = bits_to_indices(bits, len(bucket.words))
    if rng is not None:
        rng.shuffle(idx)
        return idx
    ranks = bucket.rank_data
    return sorted(idx, key=lambda i: ranks[i] or 1 << 31)


def ordered_words(bucket: LengthBucket, bits: int, rng: random.Random | None = None) -> list[str]:
    """The words in `bits`, in `ordered_indices` order."""
    return [bucket.words[i] for i in ordered_indices(bucket, bits, rng)]


def iter_grids(
    puzzle: Puzzle,
    column_index: LexiconIndex,
    row_index: LexiconIndex | None = None,
    *,
    deadline: Deadline | None = None,
    rng: random.Random | None = None,
    allow_repeats: bool = False,
) -> Iterator[Solution]:
    """Every solution of `puzzle`, lazily; raises SearchTimeout when `deadline` passes.

    Column words come from `column_index`, unknown rows' words from `row_index` (default: the
    same index); no two unknown rows hold the same word unless `allow_repeats`. Solutions
    come in search order; with `rng` the order is shuffled (create uses this to draw a random
    fill), otherwise it is deterministic.
    """
    bucket = _row_bucket(puzzle, row_index or column_index)
    for group in _groups(puzzle, column_index, row_index, deadline, rng, allow_repeats):
        base = dict(group.fixed)
        assert bucket is not None  # a group exists only when the bucket does
        for i, w in enumerate(ordered_words(bucket, group.bits, rng)):
            # A group can hold millions of grids: keep honouring the deadline while listing.
            if i & 1023 == 1023 and deadline is not None and deadline.expired():
                raise SearchTimeout
            yield _solution(puzzle, {**base, group.last_row: w})


def _row_bucket(puzzle: Puzzle, index: LexiconIndex) -> LengthBucket | None:
    return index.bucket(puzzle.width)


def _groups(
    puzzle: Puzzle,
    column_index: LexiconIndex,
    row_index: LexiconIndex | None,
    deadline: Deadline | None,
    rng: random.Random | None,
    allow_repeats: bool,
) -> Iterator[_Group]:
    col_bucket = column_index.bucket(puzzle.height)
    row_bucket = _row_bucket(puzzle, row_index or column_index)
    if col_bucket is None or row_bucket is None:
        return
    search = _Search(puzzle, col_bucket, row_bucket, deadline or Deadline(None), rng, allow_repeats)
    yield from search.groups()


def _solution(puzzle: Puzzle, by_row: dict[int, str]) -> Solution:
    grid = tuple([by_row.get(r, row) for r, row in enumerate(puzzle.rows)])
    words = tuple([by_row[r] for r in puzzle.unknown_rows])
    return Solution(words, grid, tuple(map("".join, zip(*grid, strict=True))))


def count_solutions(
    puzzle: Puzzle,
    column_index: LexiconIndex,
    row_index: LexiconIndex | None = None,
    *,
    deadline: Deadline | None = None,
    stop_at: int | None = None,
    allow_repeats: bool = False,
) -> int:
    """How many solutions `puzzle` has (at least `stop_at` when it stops there early).

    Raises SearchTimeout when `deadline` passes.
    """
    total = 0
    for group in _groups(puzzle, column_index, row_index, deadline, None, allow_repeats):
        total += group.bits.bit_count()
        if stop_at is not None and total >= stop_at:
            break
    return total


def solve(
    puzzle: Puzzle,
    column_index: LexiconIndex,
    row_index: LexiconIndex | None = None,
    *,
    mode: Mode = "first",
    deadline: Deadline | None = None,
    allow_repeats: bool = False,
) -> SolveResult:
    """Solve a column-word grid: the engine behind `wordgrid solve` and /api/wordgrid/solve.

    - `puzzle`: from `model.parse_rows` or `formats.parse_puzzle` (both raise InputError).
    - `column_index`: index of the full word list; every column must be one of its words.
    - `row_index`: index the unknown rows' words come from (e.g. the common-words index of
      `options.SolveOptions.word_lists`); defaults to `column_index`. When it finds nothing
      the result's `note` says how many solutions the column list would allow.
    - `mode`: "first" (stop at one), "all" (list every solution) or "count" (the number only,
      no list). Candidate words are tried most frequent first, so the first solution and the
      head of the list are the likeliest answers; the order is deterministic.
    - `allow_repeats`: let two unknown rows hold the same word (by default they may not).
    - `deadline`: time limit (default DEFAULT_SECONDS); on expiry the result holds what was
      found so far with `timed_out` set.

    Every listed grid has passed `model.check_solution`. Pure: no printing, no file access.
    """
    deadline = deadline or Deadline(DEFAULT_SECONDS)
    rows_idx = row_index or column_index
    row_words = _word_set(rows_idx, puzzle.width)
    col_words = _word_set(column_index, puzzle.height)
    found: list[Solution] = []
    count = 0
    timed_out = False
    complete = True
    try:
        if mode == "count":
            # Counted here, group by group, so a timeout still reports the count so far.
            for group in _groups(puzzle, column_index, rows_idx, deadline, None, allow_repeats):
                count += group.bits.bit_count()
        else:
            for sol in iter_grids(
                puzzle, column_index, rows_idx, deadline=deadline, allow_repeats=allow_repeats
            ):
                check_solution(puzzle, sol.grid, row_words, col_words, distinct=not allow_repeats)
                found.append(sol)
                count += 1
                if mode == "first":
                    complete = False
                    break
    except SearchTimeout:
        timed_out, complete = True, False
    note = None
    if count == 0 and complete and rows_idx is not column_index:
        note = _fallback_note(puzzle, column_index, deadline, rows_idx.name)
    return SolveResult(
        puzzle=puzzle,
        mode=mode,
        count=count,
        solutions=tuple(found),
        complete=complete,
        timed_out=timed_out,
        lexicon=column_index.name,
        row_lexicon=rows_idx.name,
        elapsed=deadline.elapsed(),
        note=note,
    )


@lru_cache(maxsize=32)
def _word_set(index: LexiconIndex, length: int) -> frozenset[str]:
    bucket = index.bucket(length)
    return frozenset(bucket.words) if bucket is not None else frozenset()


def _fallback_note(puzzle: Puzzle, column_index: LexiconIndex, deadline: Deadline,
                   rows_name: str = "") -> str:
    """Why common mode (or a meaning filter) found nothing: how the full list fares."""
    meaning = "+kind-of:" in rows_name or "+means:" in rows_name
    words, flag = (f"words of {rows_name}", "the meaning filter") if meaning else (
        "common words", "--common")
    head = f"no solution uses only {words} in the unknown rows"
    try:
        n = count_solutions(puzzle, column_index, deadline=deadline)
    except SearchTimeout:
        return f"{head}; the full word list was not tried to the end (time limit)"
    if n == 0:
        return f"{head}, and the full word list {column_index.name} has none either"
    plural = "s" if n != 1 else ""
    return f"{head}; the full word list {column_index.name} has {n} solution{plural} (drop {flag})"
