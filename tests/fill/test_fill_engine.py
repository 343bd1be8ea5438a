"""The fill engine against the brute-force filler, on hypothesis-made small grids and lists."""

from __future__ import annotations

import functools
import itertools

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.fill.engine import default_improve
from puzzlesmith.fill.engine import fill as engine_fill
from puzzlesmith.fill.model import Grid, parse_grid
from puzzlesmith.fill.nogoods import Nogood
from puzzlesmith.lexicon import Lexicon
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.limits import Deadline
from tests.fill import oracle

# The brute force knows no stems and no entry inside another: the engine's rules here are the
# others (those two have their own oracles, test_fill_stems and test_fill_inside).
fill = functools.partial(engine_fill, allow_same_stem=True, allow_inside=True)


def lexicon(words: list[str], scores: list[int] | None = None) -> tuple[Lexicon, object]:
    pairs = sorted(dict(zip(words, scores or [0] * len(words), strict=True)).items())
    lex = Lexicon("t", "test", "test", tuple(w for w, _ in pairs),
                  scores=tuple(s for _, s in pairs) if scores is not None else None)
    return lex, build_index(lex)


def independent_check(rows: list[str], filled: list[str], words: set[str], repeats: bool) -> None:
    """The fill's rules, checked with the oracle's own run finder."""
    assert len(filled) == len(rows)
    for given_row, row in zip(rows, filled, strict=True):
        for g, ch in zip(given_row, row, strict=True):
            assert (g == "#") == (ch == "#")
            assert g in ".#" or g == ch
            assert ch == "#" or ch.isalpha()
    answers = []
    for run in oracle.runs(filled):
        word = "".join(filled[r][c] for r, c in run)
        pattern = "".join(rows[r][c] for r, c in run)
        assert word in words or "." not in pattern, word
        answers.append(word)
    if not repeats:
        assert len(answers) == len(set(answers)), answers


ALPHABET = "abcde"


@st.composite
def cases(draw: st.DrawFn) -> tuple[list[str], list[str], bool]:
    h = draw(st.integers(3, 5))
    w = draw(st.integers(3, 5))
    cells = [draw(st.sampled_from("....#")) for _ in range(h * w)]
    # a few fixed letters
    for i in range(len(cells)):
        if cells[i] == "." and draw(st.integers(0, 9)) == 0:
            cells[i] = draw(st.sampled_from(ALPHABET[:3]))
    rows = ["".join(cells[r * w : (r + 1) * w]) for r in range(h)]
    letters = draw(st.sampled_from([ALPHABET[:2], ALPHABET[:3], ALPHABET]))
    pool = ["".join(p) for n in range(2, 6) for p in itertools.product(letters, repeat=n)]
    words = draw(st.lists(st.sampled_from(pool), min_size=3, max_size=40, unique=True))
    repeats = draw(st.booleans())
    return rows, words, repeats


@st.composite
def planted_cases(draw: st.DrawFn) -> tuple[list[str], list[str], bool]:
    """Like `cases`, but the list holds the entries of a random letter grid over the same
    blocks (plus some other words), so most of these grids have a fill: random lists
    rarely do (about 1 in 25 of `cases`), which leaves the filled side of a test thin."""
    h = draw(st.integers(3, 5))
    w = draw(st.integers(3, 5))
    letters = draw(st.sampled_from([ALPHABET[:2], ALPHABET[:3], ALPHABET]))
    solution = [draw(st.sampled_from(letters)) if draw(st.integers(0, 4)) else "#"
                for _ in range(h * w)]
    solved = ["".join(solution[r * w : (r + 1) * w]) for r in range(h)]
    cells = [ch if ch == "#" or draw(st.integers(0, 9)) == 0 else "." for ch in solution]
    rows = ["".join(cells[r * w : (r + 1) * w]) for r in range(h)]
    planted = {"".join(solved[r][c] for r, c in run) for run in oracle.runs(solved)}
    pool = ["".join(p) for n in range(2, 6) for p in itertools.product(letters, repeat=n)]
    extra = draw(st.lists(st.sampled_from(pool), max_size=25, unique=True))
    return rows, sorted(planted | set(extra)), draw(st.booleans())


def make_grid(rows: list[str]) -> Grid:
    try:
        return parse_grid(rows, allow_2=True)
    except InputError:
        assume(False)
        raise


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(cases(), planted_cases()))
def test_counts_and_impossible_match_brute_force(case: tuple[list[str], list[str], bool]) -> None:
    rows, words, repeats = case
    grid = make_grid(rows)
    lex, index = lexicon(words)
    expected = oracle.count(rows, words, repeats=repeats)
    counted = fill(grid, lex, index, allow_repeats=repeats, count=True, deadline=Deadline(30))
    assert counted.complete
    assert counted.count == expected
    found = fill(grid, lex, index, allow_repeats=repeats, deadline=Deadline(30), improve=0)
    assert found.status == ("filled" if expected else "impossible")
    if found.filled is not None:
        independent_check(rows, list(found.filled.rows), set(words), repeats)
        assert list(found.filled.rows) in list(oracle.fills(rows, words, repeats=repeats))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(cases(), planted_cases()), st.data())
def test_best_fill_has_the_strongest_weakest_entry(case: tuple[list[str], list[str], bool],
                                                    data: st.DataObject) -> None:
    rows, words, repeats = case
    grid = make_grid(rows)
    scores = [data.draw(st.integers(0, 60)) for _ in words]
    lex, index = lexicon(words, scores)
    score = dict(zip(words, scores, strict=True))
    best = None
    for filled in oracle.fills(rows, words, repeats=repeats):
        answers = [("".join(filled[r][c] for r, c in run), "".join(rows[r][c] for r, c in run))
                   for run in oracle.runs(filled)]
        free = [score[w] for w, pattern in answers if "." in pattern]
        weakest = min(free) if free else 0
        best = weakest if best is None else max(best, weakest)
    result = fill(grid, lex, index, allow_repeats=repeats, deadline=Deadline(60), improve=10**9)
    if best is None:
        assert result.status == "impossible"
        return
    assert result.status == "filled" and result.optimal
    free_scores = [e.score for e in result.entries if not e.given]
    assert (min(free_scores) if free_scores else 0) == best
    # each fill reported in `progress` beat the one before; the last is the one returned
    steps = [(m, a) for _, m, a in result.progress]
    assert steps == sorted(set(steps)) and steps[-1][0] == best
    assert [t for t, _, _ in result.progress] == sorted(t for t, _, _ in result.progress)
    # --min-score keeps exactly the fills whose free entries all score that much
    strict = fill(grid, lex, index, allow_repeats=repeats, min_score=best + 1,
                  deadline=Deadline(60), improve=0)
    assert strict.status == ("impossible" if free_scores else "filled")


def test_hand_grid_numbering_and_fill() -> None:
    words = ["cat", "ore", "wed", "cow", "are", "ted", "tar", "ace"]
    lex, index = lexicon(words)
    grid = parse_grid(["...", "...", "..."])
    result = fill(grid, lex, index, deadline=Deadline(10), count=True)
    assert result.count == oracle.count(list(grid.rows), words) == 2  # cat/ore/wed, transposed
    doc = result.to_json()
    assert [(e["number"], e["direction"]) for e in doc["entries"]] == [
        (1, "across"), (4, "across"), (5, "across"), (1, "down"), (2, "down"), (3, "down")]
    assert set(doc) >= {"grid", "status", "entries", "min_score", "mean_score", "seconds"}


def test_fixed_letters_kept_and_given_entries_allowed() -> None:
    words = ["cat", "ore", "wed", "cow", "are", "ted"]
    lex, index = lexicon(words)
    result = fill(parse_grid(["c..", "...", "..d"]), lex, index, deadline=Deadline(10))
    assert result.status == "filled" and result.filled is not None
    assert result.filled.rows == ("cat", "ore", "wed") or result.filled.rows == ("cow", "are", "ted")
    # a whole entry the setter typed need not be a listed word
    result = fill(parse_grid(["xyz", "#.#", "#.#"], allow_2=True), *lexicon(["yak", "ya"]),
                  deadline=Deadline(10), allow_repeats=True)
    assert result.status in ("filled", "impossible")
    assert oracle.count(["xyz", "#.#", "#.#"], ["yak"]) == (1 if result.status == "filled" else 0)


def test_no_word_twice_unless_allowed() -> None:
    lex, index = lexicon(["aa"])
    grid = parse_grid(["..", ".."], allow_2=True)
    assert fill(grid, lex, index, deadline=Deadline(5)).status == "impossible"
    ok = fill(grid, lex, index, allow_repeats=True, deadline=Deadline(5))
    assert ok.status == "filled" and ok.filled is not None and ok.filled.rows == ("aa", "aa")


def test_time_limit_is_a_timeout() -> None:
    from puzzlesmith.lexicon import LexiconSpec, narrowed

    lex, index = narrowed(LexiconSpec())
    result = fill(parse_grid(["." * 7] * 7), lex, index, deadline=Deadline(0.05))
    assert result.status == "timeout" and result.filled is None


def test_two_letter_entries_need_allow_2() -> None:
    rows = ["##..", "....", "...."]
    with pytest.raises(InputError, match="2-letter"):
        parse_grid(rows)
    short = [s.label for s in parse_grid(rows, allow_2=True).slots if s.length == 2]
    assert short == ["1 across", "3 down", "4 down"]
    with pytest.raises(InputError, match="in no entry"):
        parse_grid(["...", "#.#", ".#."], allow_2=True)


def test_a_proved_best_fill_ends_the_improvement_early() -> None:
    words = ["cat", "ore", "wed", "cow", "are", "ted", "tar", "ace"]
    lex, index = lexicon(words, [10, 20, 30, 40, 50, 60, 70, 80])
    result = fill(parse_grid(["...", "...", "..."]), lex, index, deadline=Deadline(30), improve=10**9)
    # "proved": the search ended on its proof of the best, not at its budget or the clock.
    assert result.status == "filled" and result.optimal and result.improvement == "proved"
    assert default_improve(10, 10) == 500 and default_improve(2000, 76) == 2000


def test_the_improvement_budget_is_nodes_so_a_fill_repeats() -> None:
    # The same grid and seed give the same fill however loaded the machine: the budget counts
    # search nodes, and the search stops within it (the mean search spends at most as many
    # nodes again as were spent before it).
    from puzzlesmith.lexicon import LexiconSpec, narrowed

    lex, index = narrowed(LexiconSpec(common_top=30000))
    grid = parse_grid(["...#...", ".......", ".......", "##...##", ".......", ".......", "...#..."])
    runs = [fill(grid, lex, index, deadline=Deadline(60), seed=3) for _ in range(2)]
    assert runs[0].status == "filled" and runs[0].first_nodes is not None
    assert runs[0].filled == runs[1].filled and runs[0].nodes == runs[1].nodes
    budget = default_improve(runs[0].first_nodes, len(grid.slots))
    assert runs[0].nodes <= runs[0].first_nodes + budget
    small = fill(grid, lex, index, deadline=Deadline(60), seed=3, improve=5)
    assert small.first_nodes == runs[0].first_nodes and small.nodes <= small.first_nodes + 5


@st.composite
def split_cases(draw: st.DrawFn) -> tuple[list[str], list[str], bool]:
    """Two small grids side by side with a column of blocks between: two regions at least."""
    h = draw(st.integers(2, 3))
    halves = [[draw(st.sampled_from("...#a")) for _ in range(h * 3)] for _ in range(2)]
    rows = ["".join(halves[0][r * 3:(r + 1) * 3]) + "#" + "".join(halves[1][r * 3:(r + 1) * 3])
            for r in range(h)]
    pool = ["".join(p) for n in (2, 3) for p in itertools.product("abc", repeat=n)]
    words = draw(st.lists(st.sampled_from(pool), min_size=3, max_size=25, unique=True))
    return rows, words, draw(st.booleans())


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(split_cases())
def test_regions_filled_apart_agree_with_brute_force(case: tuple[list[str], list[str], bool]) -> None:
    rows, words, repeats = case
    grid = make_grid(rows)
    lex, index = lexicon(words)
    # Whether any fill exists (listing them all cost seconds: the two regions' counts multiply);
    # the fill found is checked by the oracle's own rules instead.
    exists = next(oracle.fills(rows, words, repeats=repeats), None) is not None
    found = fill(grid, lex, index, allow_repeats=repeats, deadline=Deadline(30), improve=0)
    assert found.status == ("filled" if exists else "impossible")
    if found.filled is not None:
        independent_check(rows, list(found.filled.rows), set(words), repeats)


def test_regions_that_need_the_same_words() -> None:
    # Either 3x3 alone fills (with all six words); both together cannot without a repeat.
    lex, index = lexicon(["cat", "ore", "wed", "cow", "are", "ted"])
    grid = parse_grid(["...#...", "...#...", "...#..."])
    apart = fill(grid, lex, index, deadline=Deadline(10), improve=0)
    assert apart.status == "impossible" and apart.regions == 2
    assert fill(grid, lex, index, allow_repeats=True, deadline=Deadline(10)).status == "filled"
    assert fill(parse_grid(["...#..."] * 3), lex, index, deadline=Deadline(10),
                count=True).count == oracle.count(["...#..."] * 3, ["cat", "ore", "wed", "cow", "are", "ted"])


def test_a_pattern_only_a_used_word_fits_is_ruled_out_before_any_search() -> None:
    # The partial-dupe rule: "ab." fits only "abc", which the given entry already uses. An entry
    # down to one word takes it out of every other entry of its length, so propagation at the
    # root empties "ab." (no node searched), and `fill check` names the clash.
    from puzzlesmith.fill.engine import check

    words = ["abc", "xyz", "abcd"]
    lex, index = lexicon(words)
    rows = ["abc#ab.", "#######"]
    grid = parse_grid(rows)
    result = fill(grid, lex, index, deadline=Deadline(10))
    assert result.status == "impossible" and result.nodes == 0
    assert oracle.count(rows, words) == 0 and oracle.count(rows, words, repeats=True) == 1
    assert fill(grid, lex, index, allow_repeats=True, deadline=Deadline(10)).status == "filled"
    checked = check(grid, lex, index, allow_inside=True)
    assert checked.status == "overconstrained"
    assert checked.conflict is not None and checked.conflict["because_of"] == "1 across"
    # The same during the search: either down entry, once decided, leaves the other none.
    rows = ["a.", "b."]
    words = ["ab", "ac", "cd", "bd"]
    grid = parse_grid(rows, allow_2=True)
    lex, index = lexicon(words)
    found = fill(grid, lex, index, deadline=Deadline(10), count=True)
    assert found.count == oracle.count(rows, words)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(cases(), planted_cases()), st.data())
def test_a_region_without_a_fill_proves_the_grid_has_none(case: tuple[list[str], list[str], bool],
                                                          data: st.DataObject) -> None:
    from puzzlesmith.fill.engine import fill_region as engine_region

    fill_region = functools.partial(engine_region, allow_same_stem=True, allow_inside=True)

    rows, words, repeats = case
    grid = make_grid(rows)
    lex, index = lexicon(words)
    top = data.draw(st.integers(0, grid.height - 1))
    left = data.draw(st.integers(0, grid.width - 1))
    box = (top, left, data.draw(st.integers(top, grid.height - 1)),
           data.draw(st.integers(left, grid.width - 1)))
    region = fill_region(grid, lex, index, box, allow_repeats=repeats, deadline=Deadline(30))
    expected = oracle.count(rows, words, repeats=repeats)
    if region.status == "impossible":  # the relaxation's proof holds for the whole grid
        assert expected == 0
    # the whole grid as the box is the whole problem: the brute force's answer exactly
    whole = fill_region(grid, lex, index, (0, 0, grid.height - 1, grid.width - 1),
                        allow_repeats=repeats, deadline=Deadline(30))
    assert whole.status == ("filled" if expected else "impossible")
    assert len(whole.entries) == len(oracle.runs(rows)) - sum(
        all(rows[r][c] != "." for r, c in run)
        and "".join(rows[r][c] for r, c in run) not in words for run in oracle.runs(rows))


def test_region_box_outside_the_grid_is_bad_input() -> None:
    from puzzlesmith.fill.engine import fill_region as engine_region

    fill_region = functools.partial(engine_region, allow_same_stem=True, allow_inside=True)

    lex, index = lexicon(["cat", "ore"])
    with pytest.raises(InputError, match="not inside"):
        fill_region(parse_grid(["...", "...", "..."]), lex, index, (0, 0, 3, 2))


@pytest.fixture
def cores_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Core proofs before any search, small cores, a small node limit (some run out)."""
    import puzzlesmith.fill.driver as engine

    monkeypatch.setattr(engine, "CORE_AFTER", 0)
    monkeypatch.setattr(engine, "CORE_SIZES", (2, 3, 5, 8))
    monkeypatch.setattr(engine, "CORE_NODES", 40)


@settings(max_examples=120, deadline=None, suppress_health_check=[
    HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture])
@given(st.one_of(cases(), planted_cases()))
def test_core_proofs_agree_with_brute_force(cores_first: None,
                                            case: tuple[list[str], list[str], bool]) -> None:
    rows, words, repeats = case
    grid = make_grid(rows)
    lex, index = lexicon(words)
    exists = next(oracle.fills(rows, words, repeats=repeats), None) is not None
    found = fill(grid, lex, index, allow_repeats=repeats, deadline=Deadline(30), improve=0)
    assert found.status == ("filled" if exists else "impossible")
    if found.core:  # a core proof: the grid has no fill, by the brute force too
        assert found.status == "impossible" and "no fill even on their own" in found.note
    if found.filled is not None:
        independent_check(rows, list(found.filled.rows), set(words), repeats)


def test_a_core_without_a_fill_is_named(cores_first: None) -> None:
    # Arc consistency at the root leaves every entry a word; 1 across and 1 down, on their
    # own (their crossing and the no-repeat rule), have no fill: a core proof of two entries.
    words = ["baa", "bba", "bca", "bcb", "caa", "ccb"]
    lex, index = lexicon(words)
    rows = ["...", "...", "..."]
    result = fill(parse_grid(rows), lex, index, deadline=Deadline(10), improve=0)
    assert oracle.count(rows, words) == 0
    assert result.status == "impossible" and result.note.endswith("on their own: 1 across, 1 down")
    assert result.core == ("1 across", "1 down") and result.to_json()["core"] == ["1 across", "1 down"]


@st.composite
def open_cases(draw: st.DrawFn) -> tuple[list[str], list[str], bool]:
    """Open 3x3 to 4x5 grids over words of their two lengths from 3 or 4 letters: dense
    enough that the search fails (and so restarts) before it settles, unlike most `cases`."""
    h, w = draw(st.integers(3, 4)), draw(st.integers(3, 5))
    letters = draw(st.sampled_from(["abc", "abcd"]))
    pool = ["".join(p) for n in sorted({h, w}) for p in itertools.product(letters, repeat=n)]
    words = draw(st.lists(st.sampled_from(pool), min_size=4, max_size=30, unique=True))
    return ["." * w] * h, words, draw(st.booleans())


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[
    HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture])
@given(st.one_of(open_cases(), cases()), st.integers(0, 3), st.integers(0, 4))
def test_nogoods_from_restarts_agree_with_brute_force(monkeypatch: pytest.MonkeyPatch,
                                                      case: tuple[list[str], list[str], bool],
                                                      seed: int, fails: int) -> None:
    # Runs restart after very few failures, so they learn nogoods (Problem.learn) and lean
    # on them. Every nogood learned must hold in no fill the brute force finds.
    import puzzlesmith.fill.driver as engine
    from puzzlesmith.fill.problem import Problem

    monkeypatch.setattr(engine, "FIRST_RESTART", fails)
    monkeypatch.setattr(engine, "RESTART_GROWTH", 1.5)
    monkeypatch.setattr(engine, "CORE_AFTER", 10**9)
    learned: list[list[tuple[tuple[int, ...], str]]] = []
    real_learn = Problem.learn

    def learn(self: Problem, path: list[tuple[int, int, bool]]) -> list[Nogood]:
        new = real_learn(self, path)
        for nogood in new:
            learned.append([(self.vars[v].cells, self.words[v][b.bit_length() - 1])
                            for v, b in nogood])
        return new

    monkeypatch.setattr(Problem, "learn", learn)
    rows, words, repeats = case
    grid = make_grid(rows)
    lex, index = lexicon(words)
    fills = list(oracle.fills(rows, words, repeats=repeats))
    found = fill(grid, lex, index, allow_repeats=repeats, seed=seed, deadline=Deadline(30),
                 improve=0)
    assert found.status == ("filled" if fills else "impossible")
    if found.filled is not None:
        independent_check(rows, list(found.filled.rows), set(words), repeats)
    width = len(rows[0])
    for nogood in learned:
        for f in fills:
            assert not all("".join(f[c // width][c % width] for c in cells) == word
                           for cells, word in nogood), (nogood, f)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(open_cases(), cases()), st.data())
def test_a_tightened_root_is_the_root_of_the_tightened_domains(
        case: tuple[list[str], list[str], bool], data: st.DataObject) -> None:
    # The improvement search cuts the grid's propagated root to the words clearing a bound
    # and propagates only what changed (Problem.tightened); arc consistency has one
    # fixpoint, so that must be what propagating the cut domains from scratch reaches.
    from puzzlesmith.fill.problem import Problem

    rows, words, repeats = case
    grid = make_grid(rows)
    scores = [data.draw(st.integers(0, 60)) for _ in words]
    lex, index = lexicon(words, scores)
    problem = Problem(grid, lex, index, min_score=0, allow_repeats=repeats)
    root = problem.root(problem.base)
    if root is None:  # nothing to cut
        return
    for bound in sorted({0, *scores}):
        keep = [-1 if problem.given_var[v] else problem.tables[v].at_least(bound)
                for v in range(len(problem.vars))]
        cut = problem.tightened(root, keep)
        scratch = problem.root([d & k for d, k in zip(problem.base, keep, strict=True)])
        assert (cut is None) == (scratch is None), bound
        if cut is not None and scratch is not None:
            assert cut[0] == scratch[0] and cut[2] == scratch[2], bound
    assert problem.root(problem.base) is not None and problem.root(problem.base)[0] == root[0]


@settings(max_examples=30, deadline=None, suppress_health_check=[
    HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture])
@pytest.mark.slow
@given(st.one_of(open_cases(), planted_cases()), st.data(), st.integers(0, 3), st.integers(0, 2))
def test_nogoods_kept_across_bounds_agree_with_brute_force(
        monkeypatch: pytest.MonkeyPatch, case: tuple[list[str], list[str], bool],
        data: st.DataObject, seed: int, fails: int) -> None:
    # The improvement runs restart after very few failures, so they learn nogoods at their
    # bound and the runs at that bound or above lean on them. A nogood learned, or
    # propagated, at bound T must hold in no fill (the brute force's) whose free entries all
    # score T or more, and the best weakest entry, proved, must still be the brute force's.
    import puzzlesmith.fill.driver as engine
    from puzzlesmith.fill.problem import Problem

    monkeypatch.setattr(engine, "PROBE_FAILS", fails)
    monkeypatch.setattr(engine, "RESTART_GROWTH", 1.5)
    monkeypatch.setattr(engine, "CORE_AFTER", 10**9)
    learned: list[tuple[int, list[tuple[tuple[int, ...], str]]]] = []
    learned_at: dict[Nogood, int] = {}
    real_learn = Problem.learn

    def learn(self: Problem, path: list[tuple[int, int, bool]]) -> list[Nogood]:
        new = real_learn(self, path)
        for nogood in new:
            learned_at[nogood] = min(learned_at.get(nogood, self.bound), self.bound)
        learned.extend((self.bound, [(self.vars[v].cells, self.words[v][b.bit_length() - 1])
                                     for v, b in nogood]) for nogood in new)
        return new

    real_use = Problem.use_nogoods

    def use_nogoods(self: Problem, nogoods: list[Nogood]) -> None:
        # the nogoods a run at a bound propagates: each learned at that bound or below, and
        # (below) holding at it
        assert all(learned_at[ng] <= self.bound for ng in nogoods)
        learned.extend((self.bound, [(self.vars[v].cells, self.words[v][b.bit_length() - 1])
                                     for v, b in nogood]) for nogood in nogoods)
        real_use(self, nogoods)

    monkeypatch.setattr(Problem, "learn", learn)
    monkeypatch.setattr(Problem, "use_nogoods", use_nogoods)
    rows, words, repeats = case
    grid = make_grid(rows)
    scores = [data.draw(st.integers(0, 60)) for _ in words]
    lex, index = lexicon(words, scores)
    score = dict(zip(words, scores, strict=True))
    width = len(rows[0])
    fills = []  # (filled rows, weakest free entry)
    for f in oracle.fills(rows, words, repeats=repeats):
        free = [score["".join(f[r][c] for r, c in run)] for run in oracle.runs(f)
                if any(rows[r][c] == "." for r, c in run)]
        fills.append((f, min(free) if free else 0))
    assume(fills)  # the improvement runs need a first fill
    result = fill(grid, lex, index, allow_repeats=repeats, seed=seed, deadline=Deadline(60),
                  improve=10**9)
    assert result.status == "filled" and result.optimal
    assert result.filled is not None
    independent_check(rows, list(result.filled.rows), set(words), repeats)
    free_scores = [e.score for e in result.entries if not e.given]
    assert (min(free_scores) if free_scores else 0) == max(w for _, w in fills)
    for bound, nogood in learned:
        for f, weakest in fills:
            if weakest >= bound:
                assert not all("".join(f[c // width][c % width] for c in cells) == word
                               for cells, word in nogood), (bound, nogood, f)
