"""Rebus cells (several letters the setter put in one cell): an entry through one reads all of
its letters, and so does the crossing entry. The fill, `fill --count`, `check` and `candidates`
against a brute-force filler written here (cells as strings, entries matched against words
cell by cell: no code shared with the engine, which spreads a rebus over cells of its own), on
hypothesis-made small grids and lists; the three file formats in and out; a real rebus
crossword from the shared data's crosswords/ when it is there."""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import puz
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from benchmarks.common import shared_data, shared_data_missing
from puzzlesmith.errors import InputError
from puzzlesmith.fill.candidates import candidates
from puzzlesmith.fill.engine import check, fill
from puzzlesmith.fill.formats import dump_grid, from_document, read_grid_bytes, read_grid_file, to_document
from puzzlesmith.fill.model import Grid, parse_grid
from puzzlesmith.lexicon import Lexicon
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.limits import Deadline
from tests.cli import run as run_cli

# The brute force knows no entry inside another (its own oracle: test_fill_inside).
candidates = functools.partial(candidates, allow_inside=True)
check = functools.partial(check, allow_inside=True)
fill = functools.partial(fill, allow_inside=True)

Cells = list[list[str]]  # "#" a block, "." empty, else the letters the cell holds (1 or more)
REAL = shared_data("crosswords", "real_grids.jsonl")


def lexicon(words: list[str], scores: list[int] | None = None) -> tuple[Lexicon, object]:
    pairs = sorted(dict(zip(words, scores or [0] * len(words), strict=True)).items())
    lex = Lexicon("t", "test", "test", tuple(w for w, _ in pairs),
                  scores=tuple(s for _, s in pairs) if scores is not None else None)
    return lex, build_index(lex)


# --- the oracle -------------------------------------------------------------------------


def brute_runs(cells: Cells) -> list[list[tuple[int, int]]]:
    """Every maximal across run of 2+ non-block cells, then every down one, each kind in the
    order of their first cells read row by row (clue-number order), as (row, col) lists."""
    h, w = len(cells), len(cells[0])
    out: list[list[tuple[int, int]]] = []
    for lines in ([[(r, c) for c in range(w)] for r in range(h)],
                  [[(r, c) for r in range(h)] for c in range(w)]):
        found: list[list[tuple[int, int]]] = []
        for line in lines:
            run: list[tuple[int, int]] = []
            for r, c in [*line, (-1, -1)]:
                if r >= 0 and cells[r][c] != "#":
                    run.append((r, c))
                    continue
                if len(run) >= 2:
                    found.append(run)
                run = []
        out.extend(sorted(found))
    return out


def split(word: str, pattern: list[str]) -> list[str] | None:
    """`word` cut into the run's cells: a cell with letters takes exactly those, an empty one
    one letter; None if it does not fit."""
    out, i = [], 0
    for cell in pattern:
        take = 1 if cell == "." else len(cell)
        piece = word[i:i + take]
        if len(piece) != take or (cell != "." and piece != cell):
            return None
        out.append(piece)
        i += take
    return out if i == len(word) else None


def brute_fills(cells: Cells, words: list[str], repeats: bool) -> Iterator[Cells]:
    """Every filled grid: each run a word (or given whole), no word twice unless `repeats`."""
    runs = brute_runs(cells)
    grid = [row[:] for row in cells]

    def place(i: int, used: list[str]) -> Iterator[None]:
        if i == len(runs):
            yield None
            return
        pattern = [grid[r][c] for r, c in runs[i]]
        if "." not in pattern:  # given whole (or filled by its crossings)
            word = "".join(pattern)
            given = "." not in "".join(cells[r][c] for r, c in runs[i])
            if (word in words or given) and (repeats or word not in used):
                yield from place(i + 1, [*used, word])
            return
        for word in words:
            pieces = split(word, pattern)
            if pieces is None or (not repeats and word in used):
                continue
            for (r, c), piece in zip(runs[i], pieces, strict=True):
                grid[r][c] = piece
            yield from place(i + 1, [*used, word])
            for (r, c), cell in zip(runs[i], pattern, strict=True):
                grid[r][c] = cell

    for _ in place(0, []):
        yield [row[:] for row in grid]


def entries_of(cells: Cells) -> list[str]:
    return ["".join(cells[r][c] for r, c in run) for run in brute_runs(cells)]


# --- generated cases --------------------------------------------------------------------


def as_rows(cells: Cells) -> list[str]:
    return ["".join(t if len(t) == 1 else f"[{t}]" for t in row) for row in cells]


def cells_of(grid: Grid) -> Cells:
    texts = grid.texts
    return [list(texts[r * grid.width:(r + 1) * grid.width]) for r in range(grid.height)]


REBUSES = ["ab", "ba", "abc", "cab", "bb"]


@st.composite
def rebus_cases(draw: st.DrawFn) -> tuple[Cells, list[str], bool]:
    """A small grid with one or two rebus cells; the list holds the entries of a random
    solution over the same cells (so many grids fill) and other words, some of them with a
    rebus's letters in them."""
    h, w = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    letters = draw(st.sampled_from(["ab", "abc"]))
    solution = [[draw(st.sampled_from(letters)) if draw(st.integers(0, 5)) else "#"
                 for _ in range(w)] for _ in range(h)]
    whites = [(r, c) for r in range(h) for c in range(w) if solution[r][c] != "#"]
    assume(whites)
    for r, c in draw(st.lists(st.sampled_from(whites), min_size=1, max_size=2, unique=True)):
        solution[r][c] = draw(st.sampled_from(REBUSES))
    cells = [[t if t == "#" or len(t) > 1 or draw(st.integers(0, 9)) == 0 else "." for t in row]
             for row in solution]
    planted = set(entries_of(solution)) if draw(st.integers(0, 3)) else set()
    pool = ["".join(p) for n in range(2, 7) for p in itertools.product(letters, repeat=n)]
    extra = draw(st.lists(st.sampled_from(pool), max_size=30, unique=True))
    return cells, sorted(planted | set(extra)), draw(st.booleans())


def make_grid(cells: Cells) -> Grid:
    try:
        return parse_grid(as_rows(cells), allow_2=True)
    except InputError:
        assume(False)
        raise


def assert_valid(cells: Cells, filled: Grid, words: set[str], repeats: bool) -> None:
    """The fill's rules, checked with the oracle's own runs, on the filled grid's cells."""
    got = cells_of(filled)
    for given_row, row in zip(cells, got, strict=True):
        for g, t in zip(given_row, row, strict=True):
            assert (g == "#") == (t == "#")
            assert g in ".#" or g == t  # fixed letters and rebus cells kept
            assert t == "#" or (t.isalpha() and (len(t) == 1 or t == g))
    answers = entries_of(got)
    for run, answer in zip(brute_runs(cells), answers, strict=True):
        assert answer in words or all(cells[r][c] != "." for r, c in run), answer
    if not repeats:
        assert len(answers) == len(set(answers)), answers


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rebus_cases())
def test_fill_and_count_match_brute_force(case: tuple[Cells, list[str], bool]) -> None:
    cells, words, repeats = case
    grid = make_grid(cells)
    lex, index = lexicon(words)
    every = list(brute_fills(cells, words, repeats))
    # (The brute force knows no stems: the same-stem rule has its own oracle, test_fill_stems.)
    counted = fill(grid, lex, index, allow_repeats=repeats, allow_same_stem=True, count=True,
                   deadline=Deadline(30))
    assert counted.complete and counted.count == len(every)
    found = fill(grid, lex, index, allow_repeats=repeats, allow_same_stem=True,
                 deadline=Deadline(30), improve=0)
    assert found.status == ("filled" if every else "impossible")
    if found.filled is not None:
        assert found.filled.rebus == grid.rebus
        assert_valid(cells, found.filled, set(words), repeats)
        assert cells_of(found.filled) in every
        assert [e.answer for e in found.entries] == entries_of(cells_of(found.filled))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rebus_cases())
def test_candidates_and_check_match_brute_force(case: tuple[Cells, list[str], bool]) -> None:
    cells, words, repeats = case
    grid = make_grid(cells)
    lex, index = lexicon(words)
    runs = brute_runs(cells)
    result = check(grid, lex, index, allow_repeats=repeats)
    for run, slot_check in zip(runs, result.slots, strict=True):
        pattern = [cells[r][c] for r, c in run]
        fitting = [w for w in words if split(w, pattern) is not None]
        assert slot_check.pattern == "".join(pattern)
        if "." in pattern:
            assert slot_check.candidates == len(fitting)
    # candidates: every word that fits the entry's cells (given letters and rebus), and a
    # word marked viable leaves each crossing a word
    for slot, run in zip(grid.slots, runs, strict=True):
        pattern = [cells[r][c] for r, c in run]
        if "." not in pattern:
            continue
        used = set() if repeats else {"".join(cells[r][c] for r, c in other) for other in runs
                                      if other != run and all(cells[r][c] != "." for r, c in other)}
        fitting = {w for w in words if split(w, pattern) is not None and w not in used}
        got = candidates(grid, lex, index, slot.label, allow_repeats=repeats, limit=2000,
                         allow_same_stem=True)
        assert {c.word for c in got.candidates} == fitting
        for cand in got.candidates:
            placed = [row[:] for row in cells]
            for (r, c), piece in zip(run, split(cand.word, pattern) or [], strict=True):
                placed[r][c] = piece
            open_crossings = [other for other in runs if other != run and set(other) & set(run)
                              and any(cells[r][c] == "." for r, c in set(other) & set(run))]
            keeps = all(any(split(w, [placed[r][c] for r, c in other]) is not None
                            and (repeats or w not in used | {cand.word}) for w in words)
                        for other in open_crossings)
            assert cand.viable == keeps, (cand, open_crossings)


# --- hand-made cases --------------------------------------------------------------------


def test_an_entry_through_a_rebus_reads_its_letters_and_so_does_the_crossing() -> None:
    grid = parse_grid(["no[STAR]ch", ".....", "....."])
    assert grid.rows[0] == "nosch" and grid.rebus == ((2, "star"),) and grid.width == 5
    across, down = grid.slots[0], next(s for s in grid.slots if s.label == "3 down")
    assert grid.word(across) == "nostarch" and grid.word(down) == "star.."
    lex, index = lexicon(["nostarch", "starts", "stares", "abcde", "stars"])
    assert sorted(c.word for c in candidates(grid, lex, index, "3 down").candidates) == ["stares", "starts"]
    assert check(grid, lex, index).slots[0].pattern == "nostarch"


def test_a_rebus_cell_needs_letters_in_brackets() -> None:
    for bad in (["no[st", "....."], ["no[]ch", "....."], ["no[s1]ch", "....."]):
        with pytest.raises(InputError, match="rebus"):
            parse_grid(bad)
    assert parse_grid(["a[b]c", "...", "..."]).rows[0] == "abc"  # one letter is a plain letter


def test_text_ipuz_and_puz_keep_rebus_cells_in_and_out(tmp_path: Path) -> None:
    grid = parse_grid(["c[at]s", "o.a", "wed"]).with_clues({"1 across": "Felines"})
    assert grid.word(grid.slots[0]) == "cats"
    for fmt in ("text", "ipuz", "puz"):
        again = read_grid_bytes(dump_grid(grid, fmt), fmt)
        assert again.rebus == ((1, "at"),) and again.rows == grid.rows, fmt
    assert dump_grid(grid, "text").decode().splitlines()[0] == "c[at]s"
    doc = json.loads(dump_grid(grid, "ipuz"))
    assert doc["solution"][0] == ["C", "AT", "S"]
    path = tmp_path / "x.puz"
    path.write_bytes(dump_grid(grid, "puz"))
    p = puz.read(str(path))  # another reader sees the same rebus
    assert p.has_rebus() and p.rebus().get_rebus_solution(1) == "AT" and p.solution[1] == "A"
    assert from_document(to_document(grid)) == grid
    assert from_document({"grid": ["cas", "o.a", "wed"], "rebus": {"1": "AT"}}).rebus == ((1, "at"),)
    with pytest.raises(InputError, match="rebus"):
        from_document({"grid": ["cas", "o.a", "wed"], "rebus": {"4": "zz9"}})


def test_a_puz_rebus_from_another_program_is_kept_through_the_cli(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A .puz made by puzpy with a rebus square (STAR in the middle cell): before, read as an
    # empty cell and lost in the output.
    p = puz.Puzzle()
    p.width = p.height = 3
    p.solution, p.fill = "CATOSAWED", "---------"
    p.clues = ["c"] * 6
    r = p.rebus()
    r.add_rebus_squares(4, "STAR")
    r.save()
    path = tmp_path / "rebus.puz"
    p.save(str(path))
    grid = read_grid_file(path)
    assert grid.rebus == ((4, "star"),) and grid.rows == ("cat", "osa", "wed")
    assert [grid.word(s) for s in grid.slots] == ["cat", "ostara", "wed", "cow", "astare", "tad"]
    words = tmp_path / "words.txt"
    words.write_text("cat\nwed\ncow\ntad\nbut\nostara\nastare\n")
    code, out, _ = run_cli(["fill", "check", "--file", str(path), "--lexicon", str(words),
                            "--json"], capsys)
    assert code == 0 and json.loads(out)["status"] == "ok"
    # blank the plain cells: the fill must put the rebus words back around STAR
    open_grid = grid.with_cells(["." if c != 4 else "s" for c in range(9)])
    text = tmp_path / "open.txt"
    text.write_bytes(dump_grid(open_grid, "text"))
    assert text.read_text().splitlines()[1] == ".[star]."
    for suffix in ("puz", "ipuz", "txt"):
        out_path = tmp_path / f"out.{suffix}"
        code, out, err = run_cli(["fill", str(text), "--lexicon", str(words), "--out", str(out_path)],
                                 capsys)
        assert code == 0, err
        back = read_grid_file(out_path)
        assert back.rebus == ((4, "star"),)
        assert sorted(back.word(s) for s in back.slots) == ["astare", "cat", "cow", "ostara", "tad", "wed"]
    code, out, _ = run_cli(["fill", str(text), "--lexicon", str(words), "--json"], capsys)
    doc = json.loads(out)
    assert doc["rebus"] == {"4": "star"} and "ostara" in [e["answer"] for e in doc["entries"]]


def _real_rebus() -> dict[str, object]:
    if not REAL.exists():
        pytest.skip(f"no real crosswords: {shared_data_missing(REAL)}")
    for line in REAL.read_text().splitlines():
        doc = json.loads(line)
        if doc["rebus"] and doc["solution"]:
            return doc
    pytest.skip("no unlocked rebus crossword in the shared data")


def test_a_real_rebus_crossword_reads_its_entries_and_fills_around_its_rebus(tmp_path: Path) -> None:
    doc = _real_rebus()
    solution, w = list(doc["solution"]), int(doc["width"])  # type: ignore[call-overload]
    p = puz.Puzzle()
    p.width, p.height = w, int(doc["height"])  # type: ignore[call-overload]
    p.solution = "".join(solution).replace("#", ".")
    p.fill = "".join("." if ch == "#" else "-" for ch in p.solution)
    grid = parse_grid(doc["blocks"])  # type: ignore[arg-type]
    p.clues = ["clue"] * len(grid.slots)
    for r, c, text in doc["rebus"]:  # type: ignore[attr-defined]
        p.rebus().add_rebus_squares(r * w + c, text)
    p.rebus().save()
    path = tmp_path / "real.puz"
    p.save(str(path))
    read = read_grid_file(path)
    rebus = {r * w + c: text.lower() for r, c, text in doc["rebus"]}  # type: ignore[attr-defined]
    assert dict(read.rebus) == rebus
    through = [s for s in read.slots if set(s.cells) & set(rebus)]
    for slot in through:  # each published entry through a rebus holds the whole string
        cell = next(c for c in slot.cells if c in rebus)
        assert rebus[cell] in read.word(slot) and len(read.word(slot)) == slot.length + len(rebus[cell]) - 1
    # the published pattern with only its rebus cells kept fills around them (crossword list)
    from puzzlesmith.fill.scores import FILL_LEXICON
    from puzzlesmith.lexicon import LexiconSpec, narrowed

    blank = read.with_cells(["#" if ch == "#" else rebus[c][0] if c in rebus else "."
                             for c, ch in enumerate(read.cells)])
    lex, index = narrowed(LexiconSpec(FILL_LEXICON))
    result = fill(blank, lex, index, deadline=Deadline(60), improve=0)
    assert result.status == "filled" and result.filled is not None
    assert dict(result.filled.rebus) == rebus
    for slot in through:
        cell = next(c for c in slot.cells if c in rebus)
        assert rebus[cell] in result.filled.word(slot)
