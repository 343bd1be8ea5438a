"""Steering a map towards a level, and grading it (step 4 of `generate`): the explainer's
rules up to the level run on the map, and where they stop, cells are handed from region to
region until the rules decide every cell."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from itertools import takewhile
from typing import TYPE_CHECKING

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.stars.board import bits
from puzzlesmith.stars.maps import _move_path
from puzzlesmith.stars.model import Cell, StarPuzzle
from puzzlesmith.stars.solve import solutions

if TYPE_CHECKING:
    from puzzlesmith.stars.board import Board
    from puzzlesmith.stars.explain import Step

# Wall seconds for grading a puzzle made without a level (see `grade_map`). Up to 15x15 a grade
# takes at most a few seconds of CPU; a full grade of a 25x25 6-star map can take longer
# than making one is allowed (docs/stars.md), so above 15x15 it is cut off sooner.
_GRADE_LIMIT = 20.0
_GRADE_LIMIT_BIG = 5.0
_STEER_STALE = 150  # region changes in a row that gain nothing before a fresh map
# Changes in a row that gain nothing before the solver is asked whether the map has another
# solution where the rules stop (`steer_map`).
_STALL_CHECK = 3
# The solver's budget for that, in conflicts (none found within it: steer on). Conflicts,
# not seconds, so that a seed gives the same puzzle under any load.
_STALL_CONFLICTS = 20_000
_BREAK_TRIES = 2  # ways tried to break such a solution before a fresh map
# ... each kept only if the rules then leave at most this many times N more undecided
# (measured in `_stuck`'s terms) than before.
_BREAK_SLACK = 1.0
_LOOSENESS = 1.0  # weight of the regions' open placements against cells left undecided
_OPEN_PICK = 0.7  # how often a change moves a stuck region's open cells, not a random cell
# No region grows past this many times N cells. The regions that take the cells others give
# away would otherwise swell far past what real puzzles' largest regions are (docs/stars.md,
# "Making puzzles", has the figures).
_MOST_CELLS = 2.5


def explain_upto(
    puzzle: StarPuzzle, cap: int, deadline: Deadline, planned: list[Cell]
) -> tuple[int, int, list[Step]] | None:
    """The explainer's steps up to level `cap`, until they get stuck: (stars, open cells,
    steps); None when the deadline passed (or, at expert, half of the time left). The rules
    are explain's own, in its order, cut at the first one above the level, and a step above
    the level ends the run as stuck: from the empty grid these are exactly `explain`'s first
    steps (it too takes the first rule that decides something), so when no cell is left
    open they are its whole explanation, and its grade is at most `cap`.
    """
    from puzzlesmith.stars.explain import LEVELS, RULES, apply_step, past_half, rules_in_order

    # Up to hard, no rule's work depends on time, and the rules get no time limit of their
    # own: on grids over 15x15 explain's scans narrow once half of a time limit has passed,
    # and the steps here must be those of `explain` with none. The deadline is checked
    # between steps instead. Expert's deep trial can run for long, so it gets the time
    # left, and a map still going past half of it is passed over (its steps, too, might
    # not be explain's).
    # (The plan is a solution of every map built around it: see `rules_in_order`.)
    own = Deadline(None) if cap <= 2 else deadline.within()
    b, every = rules_in_order(puzzle, own, planned)
    # The rules (easiest first) up to the first one above the level asked. Only which rules
    # are run at all depends on this: a step above the level asked stops the run.
    rules = [rule for spec, rule in takewhile(lambda pair: LEVELS.index(pair[0].level) <= cap,
                                              zip(RULES, every, strict=True))]
    stars, open_ = 0, b.full
    steps: list[Step] = []
    while open_:
        if deadline.expired():
            return None
        found = next((step for rule in rules if (step := rule(stars, open_)) is not None), None)
        if found is None or LEVELS.index(found.level) > cap:
            break
        stars, open_ = apply_step(b, found, stars, open_)
        steps.append(found)
    if past_half(own):
        return None
    return stars, open_, steps


def _grade_upto(
    puzzle: StarPuzzle, cap: int, deadline: Deadline, planned: list[Cell]
) -> tuple[str, float, int] | None:
    """The grade, score and step count of a puzzle the rules up to level `cap` solve (None
    otherwise)."""
    done = explain_upto(puzzle, cap, deadline, planned)
    if done is None or done[1]:
        return None
    return _grade_steps(puzzle, done[2])


def _grade_steps(puzzle: StarPuzzle, steps: list[Step]) -> tuple[str, float, int]:
    """The grade, score and step count of explain's steps that solve the puzzle."""
    from puzzlesmith.stars.explain import LEVELS, Explanation

    worst = max((LEVELS.index(s.level) for s in steps), default=0)
    # The score as `explain` adds it up.
    points = Explanation(size=puzzle.size, stars=puzzle.stars, status="solved",
                         difficulty=LEVELS[worst], used_search=False, unique=True,
                         steps=tuple(steps), solution=None, elapsed=0.0).score
    return LEVELS[worst], points, len(steps)


def _easy_closure(board: Board, regs: list[int]) -> tuple[int, int]:
    """What the easy rules decide from the empty grid, all at once (stars, open cells): a
    full unit's other cells are empty, a unit with as many open cells as stars missing fills,
    a star's neighbours are empty, cells touching every open cell of a unit that needs one
    more star are empty, and one-line confinement. `propagate` applies the first four too,
    but also checks every line and band for room, which a map grown around a planned solution
    never lacks; without those checks this runs twice as fast, and steering runs it for every
    change it tries."""
    n, k, nbr = board.n, board.k, board.nbr
    units = board.units[:2 * n] + tuple(regs)
    lines = units[:2 * n]
    stars, open_ = 0, board.full
    while True:
        before = open_
        for m in units:
            om = open_ & m
            if not om:
                continue
            need = k - (stars & m).bit_count()
            if need == 0:
                open_ &= ~m
            elif om.bit_count() == need:
                for i in bits(om):
                    stars |= 1 << i
                    open_ &= ~((1 << i) | nbr[i])
            elif need == 1:
                common = open_ & ~m
                while om and common:
                    low = om & -om
                    common &= nbr[low.bit_length() - 1]
                    om ^= low
                open_ &= ~common
        open_regs = [(open_ & m, k - (stars & m).bit_count()) for m in regs]
        open_regs = [(om, need) for om, need in open_regs if om]
        for line in lines:
            if not open_ & line:
                continue
            need = k - (stars & line).bit_count()
            inside_need = touch_need = inside = touch = 0
            for om, rneed in open_regs:
                if om & line:
                    touch_need += rneed
                    touch |= om
                    if not om & ~line:
                        inside_need += rneed
                        inside |= om
            if inside and inside_need == need:
                open_ &= ~(line & ~inside)
            if touch_need == need:
                open_ &= ~(touch & ~line)
        if open_ == before:
            return stars, open_


def _stuck(
    regs: list[int], k: int, base: Board, cap: int, deadline: Deadline, planned: list[Cell]
) -> tuple[float, int, list[int], list[Step] | None]:
    """Where the rules up to level `cap` get stuck on a map (region masks): (how far from
    solved, open cells, open cells per region, and above easy the steps). How far: the open
    cells, plus how loose the regions are (log2 of the ways each could still place its
    stars), so that a change that tightens a region counts before it lets a rule fire.
    Easy runs its rules all at once (`_easy_closure`); above easy, the rules run as explain
    runs them, from the empty grid, so when they leave nothing open their steps are the
    explanation (and grade) of the map."""
    steps: list[Step] | None = None
    if cap == 0:
        stars, open_ = _easy_closure(base, regs)
    else:
        n = base.n
        grid = [[0] * n for _ in range(n)]
        for g, m in enumerate(regs):
            for i in bits(m):
                grid[i // n][i % n] = g
        done = explain_upto(StarPuzzle.from_labels(grid, k), cap, deadline, planned)
        if done is None:
            stars, open_ = _easy_closure(base, regs)
        else:
            stars, open_, steps = done
    loose = 0.0
    for m in regs:
        om = (open_ & m).bit_count()
        if om:
            loose += math.log2(math.comb(om, k - (stars & m).bit_count()))
    return open_.bit_count() + _LOOSENESS * loose, open_, [open_ & m for m in regs], steps


# Complex on purpose: one loop over one map's state (owner, regions, how far the rules get,
# how stale the changes are) that each kind of change updates in place; what needs none of
# that state is in the functions after it (`_shape_tests`, `_masks`, `_hand_away`, `_pick_cells`).
def steer_map(
    grid: list[list[int]], k: int, planned: list[Cell], cap: int, rng: random.Random,
    deadline: Deadline, report: Callable[[int], None], exact: bool = False,
) -> list[Step] | None:
    """Reshape the regions (in place) until the rules up to level `cap` decide every cell;
    None when changes stop helping (or time runs out), else explain's steps for the map
    (above easy; an empty list at easy, where they are not worked out here).

    A change hands cells that hold no planned star to neighbouring regions, keeping their own
    regions in one piece, so every region keeps its K planned stars. Mostly the cells are all
    the open cells (after the rules) of one region, bar its stars, that can go: a region
    left with only its stars open is filled by the easy rules, and its stars' neighbours
    empty. Each cell goes to a neighbouring region with no open cell left if it can (the rules
    empty it there at once), and never to a region of _MOST_CELLS * N cells already (the
    receivers would swell, unlike real puzzles). The change stays if the map is then no
    further from solved
    (`_stuck`), and, with `exact` (a level asked), not solved by easier rules than level
    `cap`; after _STEER_STALE changes in a row that gain nothing, a fresh map is tried.
    Above easy, after _STALL_CHECK such changes, the solver looks for another solution where the rules
    stopped, and if there is one, it is broken (its stars outside the plan handed to other
    regions); a fresh map when that cannot be done.
    """
    from puzzlesmith.stars.board import Board

    n = len(grid)
    planbits = sum(1 << (r * n + c) for r, c in planned)
    base = Board.of(StarPuzzle.from_labels(grid, k))
    owner = [g for row in grid for g in row]
    regs = _masks(owner, n)
    spread, in_one_piece = _shape_tests(n, base.full)
    most = int(_MOST_CELLS * n)
    if max(m.bit_count() for m in regs) > most:
        return None  # rare in a fresh map; a fresh one is quicker than shrinking this one
    far, open_, open_in, steps = _stuck(regs, k, base, cap, deadline, planned)
    plan = set(planned)
    stale = 0
    while open_:
        report(open_.bit_count())
        if stale >= _STEER_STALE or deadline.expired():
            return None
        stale += 1
        if stale == _STALL_CHECK and cap > 0:
            # Sound rules cannot decide cells where the map has another solution, and no
            # change that leaves it in place helps. Changes found at random rarely break it
            # (on 25x25 6-star it was often a swap of two stars between two pairs of cells,
            # that the steering never broke), so when the steering stalls, the solver looks
            # for one among the open cells (every decided cell is the plan's, the rules being
            # sound; with few open cells this takes milliseconds, with most of a 25x25 grid
            # open up to seconds, hence a budget), and its stars outside the plan leave
            # their regions, as in `make_unique`. (Not at easy: that steering starts from
            # a fresh map, full of other solutions, and breaking them at every stall
            # threw away its progress: fewer easy 10x10 2-star maps within the time.)
            try:
                other = other_solution(owner, k, planned, planbits & ~open_, open_, deadline)
            except SearchTimeout:
                other = None
            if other is None:
                continue
            extra = sorted(set(other) - plan)
            best = None
            for _ in range(_BREAK_TRIES):
                owner2 = _hand_away(owner, n, extra, plan, rng, most)
                if owner2 is None:
                    break
                regs2 = _masks(owner2, n)
                got = _stuck(regs2, k, base, cap, deadline, planned)
                if got[0] <= far + _BREAK_SLACK * n and not (exact and not got[1]
                                                             and _worst(got[3]) < cap):
                    best = owner2, regs2, got
                    break
            if best is None:
                return None  # it stays, or breaking it undoes the steering: a fresh map
            owner, regs, (far2, open_, open_in, steps) = best
            if far2 < far:
                stale = 0
            far = far2
            continue
        cells = _pick_cells(open_in, planbits, n, rng)
        undo = []
        for i in cells:
            bit = 1 << i
            g = owner[i]
            if bit & planbits or not in_one_piece(regs[g] & ~bit):
                continue
            near = spread(bit) & ~bit
            targets = [h for h in range(n) if h != g and regs[h] & near
                       and regs[h].bit_count() < most]
            if not targets:
                continue
            closed = [h for h in targets if not open_in[h]]
            h = rng.choice(closed or targets)
            owner[i] = h
            regs[g] &= ~bit
            regs[h] |= bit
            undo.append((i, g, h))
        if not undo:
            continue
        far2, open_2, open2, steps2 = _stuck(regs, k, base, cap, deadline, planned)
        if exact and not open_2 and _worst(steps2) < cap:
            # Solved, but by easier rules than asked: not the puzzle wanted, and a fresh map
            # would lose the steering done so far, so the change is undone instead.
            far2 = far + 1
        if far2 <= far:
            if far2 < far:
                stale = 0
            far, open_, open_in, steps = far2, open_2, open2, steps2
        else:
            for i, g, h in reversed(undo):
                owner[i] = g
                regs[h] &= ~(1 << i)
                regs[g] |= 1 << i
    for i, g in enumerate(owner):
        grid[i // n][i % n] = g
    return steps or []


def _shape_tests(n: int, full: int) -> tuple[Callable[[int], int], Callable[[int], bool]]:
    """For cells as bits of an N x N grid (`full`: all of them): `spread`, a set of cells with
    their neighbours across sides, and `in_one_piece`, whether a set of cells is connected."""
    left_col = sum(1 << (r * n) for r in range(n))
    not_left, not_right = full & ~left_col, full & ~(left_col << (n - 1))

    def spread(x: int) -> int:
        return x | ((x << 1) & not_left) | ((x >> 1) & not_right) | (x << n) | (x >> n)

    def in_one_piece(m: int) -> bool:
        seen = m & -m
        while True:
            grown = spread(seen) & m
            if grown == seen:
                return seen == m
            seen = grown

    return spread, in_one_piece


def _masks(owner: list[int], n: int) -> list[int]:
    """The regions as bit masks, from the region of each cell in reading order."""
    regs = [0] * n
    for i, g in enumerate(owner):
        regs[g] |= 1 << i
    return regs


def _hand_away(owner: list[int], n: int, extra: list[Cell], plan: set[Cell], rng: random.Random,
               most: int) -> list[int] | None:
    """The map (region per cell, in reading order) with the cells `extra` (another solution's
    stars outside the plan) handed to other regions where they can go, in random order, no
    region growing past `most` cells; None when none could go."""
    trial = [owner[r * n:(r + 1) * n] for r in range(n)]
    moved = False
    for cell in rng.sample(extra, len(extra)):
        again = [row[:] for row in trial]
        if _move_path(again, cell, plan, rng, set()) and max(
                sum(row.count(g) for row in again) for g in range(n)) <= most:
            trial, moved = again, True
    if not moved:
        return None
    return [g for row in trial for g in row]


def _pick_cells(open_in: list[int], planbits: int, n: int, rng: random.Random) -> list[int]:
    """The cells a change tries to hand to other regions: mostly every open cell of a region
    that the rules left stuck, bar its stars, in random order (none when no region has one),
    else one cell at random."""
    if rng.random() < _OPEN_PICK:
        # Every open cell of a region that the rules left stuck, bar its stars.
        live = [m & ~planbits for m in open_in if m & ~planbits]
        if not live:
            return []
        cells = bits(rng.choice(live))
        rng.shuffle(cells)
        return cells
    return [rng.randrange(n * n)]


def _worst(steps: list[Step] | None) -> int:
    """The level of the hardest of explain's steps (0 for none)."""
    from puzzlesmith.stars.explain import LEVELS

    return max((LEVELS.index(s.level) for s in steps or ()), default=0)


def other_solution(owner: list[int], k: int, planned: list[Cell], stars: int, open_: int,
                    deadline: Deadline) -> tuple[Cell, ...] | None:
    """A solution of the map (region per cell, in reading order) other than the plan, with
    the given stars and no star outside the open cells (bit masks); None if there is none."""
    n = len(planned) // k
    puzzle = StarPuzzle.from_labels([owner[r * n:(r + 1) * n] for r in range(n)], k)
    plan = set(planned)
    for count, sol in enumerate(solutions(puzzle, deadline, hint=tuple(planned),
                                          state=(stars, open_), conflicts=_STALL_CONFLICTS)):
        if set(sol) != plan:
            return sol
        if count:
            break
    return None


def grade_map(puzzle: StarPuzzle, deadline: Deadline, solution: list[Cell] | None = None,
           limit: float | None = None) -> tuple[str, float, int, bool]:
    """Grade, score, step count and whether the grade is complete, by a full explain.
    `solution`: the puzzle's only one, when `make_unique` has just proved it so (the
    explainer then does not solve again, which costs most on the biggest grids)."""
    from puzzlesmith.stars.explain import explain

    # On big grids (25x25 with 6) the step-by-step pass can take long: it gets at most
    # `limit` seconds, after which the rest is filled by search and the grade reads
    # "search", marked incomplete. The puzzle itself does not depend on this; only that
    # grade can, on timing.
    if limit is None:
        limit = _GRADE_LIMIT if puzzle.size <= 15 else _GRADE_LIMIT_BIG
    result = explain(puzzle, deadline=deadline.within(limit),
                     known_solution=tuple(solution) if solution is not None else None)
    # Out of time, explain ends with one search step for the rest (`cut_short`), or with no
    # steps at all when its own solve ran out. Past half of its time it may take other steps
    # than `stars explain` with time to spare (`hurried`): a grade, but not the puzzle's own.
    cut = result.solution is None or result.cut_short
    grade = "search" if cut else result.difficulty
    return grade, result.score, len(result.steps), not (cut or result.hurried)
