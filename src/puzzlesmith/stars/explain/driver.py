"""The explain loop (the easiest rule that decides something, step after step), hints, the
search step when the rules are stuck, and the rules for the generator."""

from __future__ import annotations

from puzzlesmith.errors import InputError
from puzzlesmith.limits import Deadline
from puzzlesmith.stars.board import Board
from puzzlesmith.stars.explain.registry import MISTAKE, SEARCH, rules_of, state_of
from puzzlesmith.stars.explain.state import State, past_half
from puzzlesmith.stars.explain.steps import LEVELS, Explanation, Rule, Step, apply_step
from puzzlesmith.stars.explain.text import cells_text, rc
from puzzlesmith.stars.model import Cell, StarPuzzle, check_solution
from puzzlesmith.stars.solve import SolveResult, solve


def _search_step(
    st: State, stars: int, open_: int, target: int, out_of_time: bool
) -> Step:
    """When the rules are stuck: take one star from the solver's solution (in the unit with
    the fewest open cells, where it helps the rules most), or everything when out of time."""
    b = st.b
    if out_of_time:
        return st.step(
            SEARCH, open_ & target, open_ & ~target, open_, [],
            "Time ran out for the rules, so the remaining cells come from the solver's search.",
        )
    best = min(
        (u for u, m in enumerate(b.units) if open_ & m & target),
        key=lambda u: (open_ & b.units[u]).bit_count(),
    )
    om = open_ & b.units[best]
    pick = om & target
    pick &= -pick
    cell = b.cell(pick.bit_length() - 1)
    return st.step(
        SEARCH, pick, 0, om, [best],
        f"No rule applies any more. The solver's search (trial and error with backtracking) "
        f"puts one of the stars of {st.refs[best].name} at {rc(cell)}; the rules go on "
        f"from there.",
    )


def check_given(n: int, given_stars: tuple[Cell, ...], given_empty: tuple[Cell, ...]) -> None:
    """InputError for a given mark off the n x n grid, or a cell marked both a star and empty."""
    for r, c in (*given_stars, *given_empty):
        if not (0 <= r < n and 0 <= c < n):
            raise InputError(f"cell ({r}, {c}) is off the {n}x{n} grid")
    if set(given_stars) & set(given_empty):
        raise InputError("a cell cannot be both a star and empty")


def _state(board: Board, given_stars: tuple[Cell, ...], given_empty: tuple[Cell, ...]) -> tuple[int, int]:
    check_given(board.n, given_stars, given_empty)
    stars = board.mask(list(given_stars))
    return stars, board.full & ~stars & ~board.mask(list(given_empty))


def explain(
    puzzle: StarPuzzle,
    *,
    max_steps: int | None = None,
    deadline: Deadline | None = None,
    given_stars: tuple[Cell, ...] = (),
    given_empty: tuple[Cell, ...] = (),
    known_solution: tuple[Cell, ...] | None = None,
) -> Explanation:
    """Step-by-step human solution of a puzzle (from a partial state if given).

    Each step applies the easiest rule that decides something. When no rule applies (or
    the `deadline` passes: by default 30 seconds from the call), one final "search" step
    fills the rest from the solver's solution. `max_steps` stops early (`hint` is
    max_steps=1). Given marks that contradict the solution get a single "mistake" step
    pointing at them. `known_solution`: the puzzle's only solution, when the caller has
    proved it is the only one (the generator has): the solver is then not run again.
    """
    deadline = deadline or Deadline(30.0)
    if known_solution is not None:
        solved = SolveResult(size=puzzle.size, stars=puzzle.stars, status="solved",
                             solution=check_solution(puzzle, known_solution), unique=True,
                             count=None, count_complete=False, engine="known", elapsed=0.0)
    else:
        solved = solve(puzzle, deadline=deadline)
    if solved.solution is None:
        return Explanation(
            size=puzzle.size, stars=puzzle.stars, unique=solved.unique, status=solved.status,
            difficulty="search", used_search=False, steps=(),
            solution=None, elapsed=deadline.elapsed(),
        )
    st = state_of(puzzle, deadline, solved.solution)
    b = st.b
    target = b.mask(list(solved.solution))
    stars, open_ = _state(b, given_stars, given_empty)
    wrong = (stars & ~target) | (b.full & ~stars & ~open_ & target)
    if wrong:
        cells = b.cells(wrong)
        step = Step(
            MISTAKE.name, MISTAKE.level, (), tuple(cells), (),
            f"{cells_text(cells)} {'is' if len(cells) == 1 else 'are'} marked wrongly: "
            f"the solution differs there.", MISTAKE.weight,
        )
        return Explanation(
            size=puzzle.size, stars=puzzle.stars, unique=solved.unique, status="solved",
            difficulty="easy", used_search=False, steps=(step,),
            solution=solved.solution, elapsed=deadline.elapsed(),
        )
    steps: list[Step] = []
    every = rules_of(st)
    worst = 0
    used_search = cut_short = False
    while open_ and (max_steps is None or len(steps) < max_steps):
        found = None
        if not deadline.expired():
            for rule in every:
                found = rule(stars, open_)
                if found is not None:
                    break
        if found is None:
            cut_short = deadline.expired()
            found = _search_step(st, stars, open_, target, cut_short)
            used_search = True
        stars, open_ = apply_step(b, found, stars, open_)
        if not cut_short:
            worst = max(worst, LEVELS.index(found.level))
        steps.append(found)
    # Past half of the time limit the costliest rules give way (`past_half`), so the steps
    # from then on are not those a longer limit takes: the grade is not the puzzle's own.
    hurried = bool(steps) and past_half(deadline)
    if not open_:
        # Sound rules can only reach the solution; anything else is an engine bug.
        assert stars == target, "explain reached a state that is not the solver's solution"
        check_solution(puzzle, b.cells(stars))
    return Explanation(
        size=puzzle.size, stars=puzzle.stars, unique=solved.unique, status="solved",
        difficulty=LEVELS[worst], used_search=used_search,
        steps=tuple(steps), solution=solved.solution, elapsed=deadline.elapsed(),
        cut_short=cut_short, hurried=hurried,
    )


def hint(
    puzzle: StarPuzzle,
    *,
    given_stars: tuple[Cell, ...] = (),
    given_empty: tuple[Cell, ...] = (),
    deadline: Deadline | None = None,
) -> Explanation:
    """Only the next step from the start (or from the given marks)."""
    return explain(
        puzzle, max_steps=1, deadline=deadline, given_stars=given_stars,
        given_empty=given_empty,
    )


def rules_in_order(
    puzzle: StarPuzzle, deadline: Deadline, solution: list[Cell] | tuple[Cell, ...] = ()
) -> tuple[Board, list[Rule]]:
    """The board and the rules, easiest first, as `explain` tries them: each rule takes
    (stars, open cells) as bit masks and gives its first Step or None. For
    `stars/generate.py`, which runs the rules up to a level on the maps it builds.
    `solution`: one the map is known to have (the generator's plan). The per-cell rules then
    skip the checks it rules out, as `explain` does with the solver's, so that when it is
    the only one the steps are explain's on every size."""
    st = state_of(puzzle, deadline, solution)
    return st.b, rules_of(st)
