"""Q-Less boards: letters on grid cells, the rules a finished board obeys, and its equivalence.

A board is a set of (row, column, letter) cells. It is *valid* for a roll when

- it uses every letter of the roll exactly once,
- its cells are connected (through shared edges), and
- every across and down run of two or more letters is a word of at least 3 letters.

Two boards are the same solution when one is a translation of the other, or of its
transposition (rows and columns swapped); words read left to right and top to bottom, so
rotations and mirror images are different solutions. `Board.canonical()` is the one place
that equivalence is implemented: equal canonical boards <=> same solution.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass

Cell = tuple[int, int, str]


@dataclass(frozen=True, order=True)
class Board:
    """Letters on cells, translated so the top row and the left column are 0 (sorted)."""

    cells: tuple[Cell, ...]

    @classmethod
    def of(cls, cells: Iterable[Cell]) -> Board:
        """A board from cells anywhere on the plane, moved to the origin."""
        cs = list(cells)
        if not cs:
            return cls(())
        r0 = min(r for r, _, _ in cs)
        c0 = min(c for _, c, _ in cs)
        return cls(tuple(sorted((r - r0, c - c0, ch) for r, c, ch in cs)))

    @classmethod
    def from_rows(cls, rows: Iterable[str]) -> Board:
        """A board from row strings, '.' (or space) for an empty cell."""
        return cls.of(
            (r, c, ch) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch not in ". "
        )

    @property
    def height(self) -> int:
        return 1 + max((r for r, _, _ in self.cells), default=-1)

    @property
    def width(self) -> int:
        return 1 + max((c for _, c, _ in self.cells), default=-1)

    def letters(self) -> str:
        return "".join(sorted(ch for _, _, ch in self.cells))

    def rows(self) -> list[str]:
        """Row strings, '.' for an empty cell."""
        grid = [["."] * self.width for _ in range(self.height)]
        for r, c, ch in self.cells:
            grid[r][c] = ch
        return ["".join(row) for row in grid]

    def transpose(self) -> Board:
        return Board.of((c, r, ch) for r, c, ch in self.cells)

    def canonical(self) -> Board:
        """The representative of this board's class under translation and transposition.

        The orientation that is wider than tall (it reads best on a screen); for a square
        bounding box, the smaller of the two by cells.
        """
        other = self.transpose()
        if self.width != self.height:
            return self if self.width > self.height else other
        return min(self, other)

    def is_symmetric(self) -> bool:
        """Whether the board equals its own transposition (so it is one solution, not two)."""
        return self == self.transpose()

    def runs(self) -> list[str]:
        """Every maximal across run, then every down run, of two or more letters."""
        return list(_runs(self.cells))

    def words(self) -> list[str]:
        """The words a reader sees: across words top to bottom, then down words left to right."""
        return self.runs()

    def to_json(self) -> list[str]:
        return self.rows()


@dataclass(frozen=True)
class Run:
    """One maximal across or down run of two or more letters, where it starts."""

    row: int
    col: int
    across: bool
    text: str


def placed_runs(cells: Iterable[Cell]) -> list[Run]:
    """Every maximal across run (top to bottom), then every down run (left to right)."""
    grid = {(r, c): ch for r, c, ch in cells}
    found = []
    for dr, dc in ((0, 1), (1, 0)):
        starts = sorted(
            (r, c) if dr == 0 else (c, r)
            for (r, c) in grid
            if (r - dr, c - dc) not in grid and (r + dr, c + dc) in grid
        )
        for a, b in starts:
            r, c = (a, b) if dr == 0 else (b, a)
            r0, c0, run = r, c, []
            while (r, c) in grid:
                run.append(grid[r, c])
                r, c = r + dr, c + dc
            found.append(Run(r0, c0, dr == 0, "".join(run)))
    return found


def _runs(cells: Iterable[Cell]) -> Iterator[str]:
    return (run.text for run in placed_runs(cells))


def connected(board: Board) -> bool:
    """Whether every cell can be reached from every other through shared edges."""
    return _connected(board.cells)


def _connected(cells: Iterable[Cell]) -> bool:
    todo = {(r, c) for r, c, _ in cells}
    if not todo:
        return False
    stack = [todo.pop()]
    while stack:
        r, c = stack.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in todo:
                todo.remove(nb)
                stack.append(nb)
    return not todo


TOO_SHORT, NOT_A_WORD, WORD = "too short", "not a word", "word"


@dataclass(frozen=True)
class Review:
    """Each rule of a finished board, judged for a board as it stands (built by hand or not)."""

    runs: tuple[tuple[Run, str], ...]  # every run with its verdict: WORD, NOT_A_WORD, TOO_SHORT
    connected: bool
    missing: str  # letters of the roll not on the board, sorted
    extra: str  # letters on the board the roll does not have, sorted

    def problems(self) -> list[str]:
        found: list[str] = []
        if self.missing or self.extra:
            found.append(f"letters differ from the roll (missing {self.missing!r}, "
                         f"extra {self.extra!r})")
        if not self.connected:
            found.append("not connected")
        for run, verdict in self.runs:
            if verdict == TOO_SHORT:
                found.append(f"run {run.text!r} is shorter than 3 letters")
            elif verdict == NOT_A_WORD:
                found.append(f"run {run.text!r} is not a word")
        return found


def review(cells: Iterable[Cell], letters: str, words: Container[str]) -> Review:
    """Every rule judged for these cells (anywhere on the plane) and this roll."""
    cs = list(cells)
    want, have = Counter(letters), Counter(ch for _, _, ch in cs)
    judged = tuple(
        (run, TOO_SHORT if len(run.text) < 3 else WORD if run.text in words else NOT_A_WORD)
        for run in placed_runs(cs)
    )
    return Review(judged, _connected(cs), "".join(sorted((want - have).elements())),
                  "".join(sorted((have - want).elements())))


def problems(board: Board, letters: str, words: Container[str]) -> list[str]:
    """Every rule the board breaks for this roll (empty when it is a solution)."""
    return review(board.cells, letters, words).problems()


def is_solution(board: Board, letters: str, words: Container[str]) -> bool:
    return not problems(board, letters, words)
