"""The state the rules share over one puzzle: the board, the solution's stars when known, the
units' names, needs and capacities, the rules it runs (`RuleSpec`), and each rule family's memo
of it (`State.memo`: what a family keeps between steps is defined in the family's module)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from puzzlesmith.limits import Deadline
from puzzlesmith.stars.board import Board, bits, line_capacity
from puzzlesmith.stars.explain.steps import Step, unit_refs
from puzzlesmith.stars.explain.text import and_list
from puzzlesmith.stars.model import Cell, StarPuzzle

# A rule: given the shared state and a position (stars, open cells) as bit masks, its first
# Step, or None.
RuleFn = Callable[["State", int, int], Step | None]


@dataclass(frozen=True)
class RuleSpec:
    """One rule: `key` names it uniquely; `run` is its function (None for the search and
    mistake steps, which no rule makes); `name` is what a step shows (rules of one name
    differ by level, or by `variant`, the words docs/stars.md tells them apart by); `says`:
    what it decides, in one line."""

    key: str
    run: RuleFn | None
    name: str
    level: str
    weight: float
    says: str
    variant: str = ""


_LATE = 0.5  # share of the time limit after which no scan checks more than `SCAN_CELLS`


def union_of(units: tuple[int, ...], which: list[int]) -> int:
    """The cells of the units `which` (indices into `units`) together, as a mask."""
    m = 0
    for u in which:
        m |= units[u]
    return m


def past_half(deadline: Deadline) -> bool:
    """Whether `_LATE` of the time limit has passed: from then on the costliest rules give
    way, so the steps may be other than those of a longer limit."""
    return deadline.fraction_used() > _LATE


M = TypeVar("M")


class State:
    """What every rule asks of the board and shares with the others: one per puzzle (and one
    more, blind to the solution, for deep trial's supposed stars). `rules`: the rules it runs,
    easiest first (`registry.RULES`), which deep trial follows supposed stars with and a
    step finds its name and level in."""

    def __init__(self, puzzle: StarPuzzle, deadline: Deadline,
                 solution: tuple[Cell, ...] | list[Cell] = (),
                 rules: tuple[RuleSpec, ...] = ()) -> None:
        self.puzzle = puzzle
        self.rules = rules
        self.spec_of: dict[RuleFn, RuleSpec] = {s.run: s for s in rules if s.run is not None}
        self.b = Board.of(puzzle)
        self.deadline = deadline
        # The solution's stars, when known (0: not known). A supposed star there never leads
        # to a contradiction (nor a supposed empty cell elsewhere), so the per-cell rules
        # skip those cells: they would be checked only to find nothing. The steps the rules
        # find are the same; the reasons never depend on it.
        self.answer = self.b.mask(list(solution))
        self.refs = unit_refs(puzzle)
        # Whether this is the state deep trial follows supposed stars with (see
        # `supposition.exclusion_tiled`).
        self.supposing = False
        self._needs_key = -1
        self._needs: list[int] = []
        # Each family's memo of this state, by the class that makes it (`memo`).
        self.memos: dict[Callable[[State], Any], Any] = {}

    def memo(self, make: Callable[[State], M]) -> M:
        """What one rule family keeps of this state between steps (caches, scans left to
        check), made by `make`, the family's class, on first use."""
        found = self.memos.get(make)
        if found is None:
            found = self.memos[make] = make(self)
        return found

    def names(self, units: list[int]) -> str:
        """Units as a phrase: "region a", "regions a and b", "regions a, b and c"."""
        refs = [self.refs[u] for u in units]
        if len(refs) > 1 and len({r.kind for r in refs}) == 1:
            return f"{refs[0].kind}s " + and_list([r.name.split(" ", 1)[1] for r in refs])
        return and_list([r.name for r in refs])

    def needs(self, stars: int) -> list[int]:
        """Stars every unit still needs (cached for the current stars)."""
        if stars != self._needs_key:
            k = self.b.k
            self._needs = [k - (stars & m).bit_count() for m in self.b.units]
            self._needs_key = stars
        return self._needs

    def need(self, stars: int, u: int) -> int:
        return self.b.k - (stars & self.b.units[u]).bit_count()

    def step(
        self, rule: RuleFn | RuleSpec, stars: int, empty: int, cells: int | list[Cell],
        units: list[int], reason: str,
    ) -> Step:
        """The step of this rule (one of `rules`, or the spec of search) that decides these
        stars and empty cells, looked at these cells and units, for this reason."""
        spec = rule if isinstance(rule, RuleSpec) else self.spec_of[rule]
        b = self.b
        decided = sorted(
            [(r, c, "star") for r, c in b.cells(stars)] + [(r, c, "empty") for r, c in b.cells(empty)]
        )
        looked = b.cells(cells) if isinstance(cells, int) else cells
        return Step(spec.name, spec.level, tuple(decided), tuple(looked), tuple(self.refs[u] for u in units),
                    reason, spec.weight)

    def capacity(self, u: int, open_: int, need: int) -> int:
        """Most non-touching stars unit u's open cells take (capped at need)."""
        n = self.b.n
        if u < 2 * n:
            return line_capacity(open_ & self.b.units[u], 1 if u < n else n, need)
        return self._king_capacity(open_ & self.b.units[u], need)

    def _king_capacity(self, x: int, need: int) -> int:
        nbr = self.b.nbr
        best = 0

        def go(x: int, got: int) -> None:
            nonlocal best
            if got > best:
                best = got
            if best >= need or not x or got + x.bit_count() <= best:
                return
            low = x & -x
            i = low.bit_length() - 1
            go(x & ~(low | nbr[i]), got + 1)
            go(x & ~low, got)

        go(x, 0)
        return min(best, need)

    def band_capacity(self, open_: int, first: int, rows: bool, need: int) -> int:
        """Most stars two neighbouring rows (columns) `first`, `first`+1 can still hold."""
        b = self.b
        if rows:
            x = ((open_ >> (first * b.n)) | (open_ >> ((first + 1) * b.n))) & b.row0
            return line_capacity(x, 1, need)
        x = ((open_ >> first) | (open_ >> (first + 1))) & b.col0
        return line_capacity(x, b.n, need)

    def sees_all_of(self, om: int, open_: int) -> int:
        """Open cells outside `om` that touch every cell of it."""
        nbr = self.b.nbr
        common = open_ & ~om
        for i in bits(om):
            common &= nbr[i]
            if not common:
                break
        return common
