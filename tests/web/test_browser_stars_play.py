"""Playing Star Battle by hand in a real browser: undo and redo, the rules broken marked as
they happen, Check, solving to "Solved", and the board kept across a reload."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any
from urllib.parse import quote

import pytest

from tests.web.test_api_stars import URL
from tests.web.test_browser_stars import SOLUTION, marks

pytestmark = pytest.mark.browser

BOTH = [pytest.param(1280, marks=pytest.mark.viewport(1280, 800), id="1280"),
        pytest.param(375, marks=pytest.mark.viewport(375, 740), id="375")]


@pytest.fixture
def play(page: Any) -> Iterator[Any]:
    """The page, with no answer of 500 or more allowed while the test runs."""
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    yield page
    assert not failed, failed


def open_puzzle(page: Any, url: str = URL, fresh: bool = True) -> None:
    page.goto(f"/stars?p={quote(url)}")
    page.wait_for_selector("form[data-ready]")
    if fresh:  # marks another test left in this browser's storage are not this test's
        page.evaluate("localStorage.clear()")
        page.reload()
        page.wait_for_selector("form[data-ready]")


def cell(page: Any, r: int, c: int) -> Any:
    return page.locator(f".star-cell[data-r='{r}'][data-c='{c}']")


def star(page: Any, r: int, c: int) -> None:
    """Click an empty cell once: a star."""
    cell(page, r, c).click()
    assert cell(page, r, c).get_attribute("data-mark") == "star"


def problems(page: Any) -> list[str]:
    box = page.locator("#conflicts")
    return box.locator("li").all_inner_texts() if box.is_visible() else []


@pytest.mark.parametrize("width", BOTH)
def test_undo_and_redo(play: Any, width: int) -> None:
    page = play
    open_puzzle(page)
    undo = page.get_by_role("button", name="Undo")
    redo = page.get_by_role("button", name="Redo")
    assert undo.is_disabled() and redo.is_disabled()
    star(page, 0, 7)
    cell(page, 1, 0).click()
    cell(page, 1, 0).click()  # star -> dot
    assert marks(page, "star") == [(0, 7)] and marks(page, "dot") == [(1, 0)]
    undo.click()  # the dot back to a star
    assert marks(page, "star") == [(0, 7), (1, 0)] and marks(page, "dot") == []
    cell(page, 3, 3).focus()
    page.keyboard.press("Control+z")  # on the board too, and no mark for the Z
    assert marks(page, "star") == [(0, 7)]
    undo.click()
    assert marks(page, "star") == [] and undo.is_disabled()
    redo.click()
    page.keyboard.press("Control+y")
    assert marks(page, "star") == [(0, 7), (1, 0)]
    page.keyboard.press("Control+Shift+z")
    assert marks(page, "dot") == [(1, 0)] and redo.is_disabled()
    assert "s=r1c8" in page.url and "d=r2c1" in page.url
    # Clear marks is a change like any other: Undo brings them back, and a new mark after an
    # undo forgets what was undone.
    page.get_by_role("button", name="Clear marks").click()
    assert marks(page, "star") == [] and marks(page, "dot") == []
    undo.click()
    assert marks(page, "star") == [(0, 7)] and marks(page, "dot") == [(1, 0)]
    undo.click()
    star(page, 7, 1)
    assert redo.is_disabled()
    # In the puzzle's text box, Ctrl+Z is the text's own undo, not the board's.
    page.get_by_label("Text grid or puzz.link address").press("Control+z")
    assert marks(page, "star") == [(0, 7), (1, 0), (7, 1)]


@pytest.mark.parametrize("width", BOTH)
def test_each_broken_rule_is_marked_as_it_happens(play: Any, shot: Any, width: int) -> None:
    page = play
    open_puzzle(page)
    clash = ".star-cell.clash"
    star(page, 0, 0)
    assert problems(page) == [] and page.locator(clash).count() == 0
    star(page, 1, 1)  # touching (and region 0 twice)
    assert "Stars touch: r1c1 and r2c2." in problems(page)
    assert "Region 0 has 2 stars, more than 1." in problems(page)
    assert cell(page, 1, 1).get_attribute("aria-label") == (
        "Row 2, column 2, region 0, star; touches the star at row 1, column 1; "
        "region 0 has too many stars")
    page.get_by_role("button", name="Undo").click()
    assert problems(page) == [] and page.locator(clash).count() == 0
    star(page, 0, 4)  # row 1, regions 0 and 1
    assert problems(page) == ["Row 1 has 2 stars, more than 1."]
    assert sorted(marks_of(page, clash)) == [(0, 0), (0, 4)]
    page.get_by_role("button", name="Undo").click()
    star(page, 3, 0)  # column 1, regions 0 and 3
    assert problems(page) == ["Column 1 has 2 stars, more than 1."]
    page.get_by_role("button", name="Undo").click()
    star(page, 2, 2)  # region 0 again, rows and columns apart
    assert problems(page) == ["Region 0 has 2 stars, more than 1."]
    assert sorted(marks_of(page, clash)) == [(0, 0), (2, 2)]
    page.get_by_role("button", name="Undo").click()
    shot(page, f"stars-play-clash-{width}")
    page.get_by_role("button", name="Undo").click()
    assert marks(page, "star") == []
    # A unit that can no longer get its star: row 1 all dots but r1c1, which touches a star.
    star(page, 1, 0)
    for c in range(1, 8):
        cell(page, 0, c).focus()
        page.keyboard.press("x")
    assert problems(page) == ["Row 1 can no longer get its star: 0 placed and 0 open cells left."]
    assert sorted(marks_of(page, ".star-cell.short")) == [(0, c) for c in range(8)]
    assert cell(page, 0, 0).get_attribute("aria-label").endswith(
        "; row 1 can no longer get its stars")
    cell(page, 0, 2).focus()
    page.keyboard.press("Delete")  # r1c3 open again
    assert problems(page) == [] and page.locator(".star-cell.short").count() == 0
    page.keyboard.press("x")
    shot(page, f"stars-play-short-{width}")


def marks_of(page: Any, selector: str) -> list[tuple[int, int]]:
    cells: list[list[int]] = page.eval_on_selector_all(
        selector, "cs => cs.map(c => [Number(c.dataset.r), Number(c.dataset.c)])")
    return [(r, c) for r, c in cells]


@pytest.mark.parametrize("width", BOTH)
def test_check_says_right_or_wrong_without_the_answer(play: Any, width: int) -> None:
    page = play
    open_puzzle(page)
    status = page.locator("#status")
    check = page.get_by_role("button", name="Check", exact=True)
    star(page, *SOLUTION[0])
    cell(page, 0, 0).click()
    cell(page, 0, 0).click()  # a dot where the solution has none: right
    check.click()
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Right so far')")
    assert "good" in (status.get_attribute("class") or "")
    star(page, 3, 3)  # not in the solution
    check.click()
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Wrong')")
    assert status.inner_text().startswith("Wrong: 1 of your marks differs from the solution.")
    # Nothing of the answer shows: the board is the player's.
    assert marks(page, "star") == [SOLUTION[0], (3, 3)] and marks(page, "dot") == [(0, 0)]
    assert page.locator(".star-cell.hint, .star-cell.decided").count() == 0


@pytest.mark.parametrize("width", BOTH)
def test_solving_a_6x6_by_hand(play: Any, client: Any, shot: Any, width: int) -> None:
    page = play
    made = client.post("/api/stars/generate", json={"size": 6, "stars": 1, "seed": 1}).json()
    open_puzzle(page, made["url"])
    solution = [tuple(rc) for rc in made["solution"]]
    for r, c in solution[:-1]:
        star(page, r, c)
    assert not page.locator("#status").inner_text().startswith("Solved")
    # A wrong last star: all placed, rules broken, never "Solved".
    r, c = solution[-1]
    wrong = next((r, cc) for cc in range(6) if (r, cc) != (r, c))
    star(page, *wrong)
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('All stars')")
    page.get_by_role("button", name="Undo").click()
    star(page, r, c)
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Solved!')")
    assert problems(page) == []
    assert "solved" in (page.locator("#board-box").get_attribute("class") or "")
    shot(page, f"stars-play-solved-{width}")
    page.get_by_role("button", name="Undo").click()
    assert "solved" not in (page.locator("#board-box").get_attribute("class") or "")


@pytest.mark.parametrize("width", BOTH)
def test_the_next_puzzle_has_no_solved_frame(play: Any, client: Any, shot: Any,
                                             width: int) -> None:
    """Issue 42: the green frame of a solved board went on to the next puzzle, pasted or
    generated (show() never cleared it)."""
    page = play
    made = client.post("/api/stars/generate", json={"size": 6, "stars": 1, "seed": 1}).json()
    other = client.post("/api/stars/generate", json={"size": 6, "stars": 1, "seed": 2}).json()
    open_puzzle(page, made["url"])
    for r, c in made["solution"]:
        star(page, r, c)
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Solved!')")
    frame = page.locator("#board-box")
    assert "solved" in (frame.get_attribute("class") or "")
    # Pasted: another puzzle's address, loaded.
    page.locator("#puzzle").fill(other["url"])
    page.get_by_role("button", name="Load puzzle").click()
    page.wait_for_function(f"document.querySelector('#puzzle').value === {other['url']!r}"
                           " && !document.querySelector('.star-cell[data-mark=star]')")
    page.wait_for_selector("form[data-ready]")
    assert "solved" not in (frame.get_attribute("class") or "")
    shot(page, f"stars-next-puzzle-{width}")
    # Generated: solve this one too, then Generate.
    for r, c in other["solution"]:
        star(page, r, c)
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Solved!')")
    assert "solved" in (frame.get_attribute("class") or "")
    page.get_by_role("button", name="Generate").click()
    page.wait_for_function("document.querySelector('#load-status').textContent"
                           ".startsWith('Generated')")
    assert "solved" not in (frame.get_attribute("class") or "")


def test_the_board_survives_a_reload(play: Any) -> None:
    page = play
    open_puzzle(page)
    star(page, 0, 7)
    cell(page, 2, 2).focus()
    page.keyboard.press("x")
    page.reload()
    page.wait_for_selector("form[data-ready]")
    assert marks(page, "star") == [(0, 7)] and marks(page, "dot") == [(2, 2)]
    # Without the marks in the address, this browser's storage brings them back.
    open_puzzle(page, fresh=False)
    assert marks(page, "star") == [(0, 7)] and marks(page, "dot") == [(2, 2)]
    # Another puzzle has its own board.
    page.get_by_role("button", name="Clear marks").click()
    open_puzzle(page, fresh=False)
    assert marks(page, "star") == [] and marks(page, "dot") == []
    # Unreadable storage starts afresh, without an error.
    key = "puzzlesmith.stars.marks:" + URL
    page.evaluate(f"localStorage.setItem({key!r}, '{{\"stars\": [[99, 1]], \"dots\": 3}}')")
    open_puzzle(page, fresh=False)
    assert marks(page, "star") == [] and page.locator("#load-status.good").count() == 1


def test_the_walk_through_leaves_the_players_board_alone(play: Any) -> None:
    page = play
    open_puzzle(page)
    star(page, 0, 7)
    page.get_by_role("button", name="Step through").click()
    page.locator("#walk-reason").wait_for()
    walked = marks(page, "star") + marks(page, "dot")
    assert (0, 7) not in marks(page, "star")
    page.get_by_role("button", name="Back to my board").click()
    assert marks(page, "star") == [(0, 7)] and page.locator("#walk").is_hidden()
    # Check and Hint are about the player's board, even when asked during the walk.
    page.get_by_role("button", name="Step through").click()
    page.locator("#walk-reason").wait_for()
    page.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Right so far')")
    assert marks(page, "star") == [(0, 7)] and page.locator("#walk").is_hidden()
    assert "s=r1c8" in page.url
    # Marking a cell during the walk carries on from the step shown; Undo goes back to it,
    # then to the player's own board.
    page.get_by_role("button", name="Step through").click()
    page.locator("#walk-reason").wait_for()
    free = next((r, c) for r in range(8) for c in range(8) if (r, c) not in walked)
    cell(page, *free).click()
    assert page.locator("#walk").is_hidden()
    assert sorted(marks(page, "star") + marks(page, "dot")) == sorted([*walked, free])
    page.get_by_role("button", name="Undo").click()
    assert sorted(marks(page, "star") + marks(page, "dot")) == sorted(walked)
    page.get_by_role("button", name="Undo").click()
    assert marks(page, "star") == [(0, 7)]


def oracle(n: int, k: int, regions: list[list[int]], stars: set[tuple[int, int]],
           dots: set[tuple[int, int]]) -> dict[str, Any]:
    """The broken rules counted plainly: every pair of stars, every unit cell by cell."""
    touching = [[list(a), list(b)] for a in sorted(stars) for b in sorted(stars)
                if a < b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1]
    units = ([("row", i, [(i, c) for c in range(n)]) for i in range(n)]
             + [("column", i, [(r, i) for r in range(n)]) for i in range(n)]
             + [("region", g, [(r, c) for r in range(n) for c in range(n) if regions[r][c] == g])
                for g in range(n)])
    over, short = [], []
    for kind, index, cells in units:
        count = sum(1 for cell in cells if cell in stars)
        free = [(r, c) for (r, c) in cells if (r, c) not in stars and (r, c) not in dots
                and not any((r + dr, c + dc) in stars
                            for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)]
        # The most stars the free cells take with no two touching: every set of them tried,
        # up to as many as the unit still needs.
        room = max(size for size in range(max(k - count, 0) + 1)
                   if any(all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1
                              for a, b in combinations(chosen, 2))
                          for chosen in combinations(free, size)))
        if count > k:
            over.append({"kind": kind, "index": index, "count": count})
        elif count + room < k:
            short.append({"kind": kind, "index": index, "count": count, "open": len(free),
                          "room": room})
    return {"touching": touching, "over": over, "short": short}


def test_the_pages_rules_match_a_plain_count(play: Any) -> None:
    page = play
    open_puzzle(page)
    rng = random.Random(30)
    cases = []
    for _ in range(300):
        n = rng.randint(1, 10)
        k = rng.randint(1, 3)
        regions = [[rng.randrange(n) for _ in range(n)] for _ in range(n)]
        cells = [(r, c) for r in range(n) for c in range(n)]
        stars = set(rng.sample(cells, rng.randint(0, min(len(cells), 2 * n))))
        rest = [cell for cell in cells if cell not in stars]
        dots = set(rng.sample(rest, rng.randint(0, len(rest))))
        cases.append({"puzzle": {"size": n, "stars": k, "regions": regions},
                      "stars": [list(s) for s in stars], "dots": [list(d) for d in dots]})
    found = page.evaluate(
        """async (cases) => {
             const { conflicts } = await import('/static/js/starrules.js');
             return cases.map((t) => conflicts(t.puzzle, t.stars, t.dots));
           }""", cases)
    assert any(f["touching"] for f in found) and any(f["over"] for f in found)
    assert any(f["short"] for f in found)
    # Units short only because their open cells touch, which counting cells misses.
    assert any(u["room"] < u["open"] and u["count"] + u["open"] >= case["puzzle"]["stars"]
               for f, case in zip(found, cases, strict=True) for u in f["short"])
    # How the page says it: row 1 of a 2-star 5x5 (regions the columns) with only r1c1 and
    # r1c2 open.
    said = page.evaluate(
        """async () => {
             const { conflicts } = await import('/static/js/starrules.js');
             const { problemLines } = await import('/static/js/starplay.js');
             const regions = [0, 1, 2, 3, 4].map(() => [0, 1, 2, 3, 4]);
             const dots = [[0, 2], [0, 3], [0, 4]];
             const found = conflicts({ size: 5, stars: 2, regions }, [], dots);
             return problemLines(found, 2, (u) => `${u.kind} ${u.index + 1}`);
           }""")
    assert said == ["Row 1 can no longer get its 2 stars: 0 placed and 2 open cells left, room "
                    "for only 1 more (stars cannot touch)."]
    for case, got in zip(cases, found, strict=True):
        p = case["puzzle"]
        want = oracle(p["size"], p["stars"], p["regions"], set(map(tuple, case["stars"])),
                      set(map(tuple, case["dots"])))
        assert got == want, case


@pytest.mark.viewport(1280, 800)
def test_a_mouse_drag_marks_dots_as_one_change(play: Any) -> None:
    page = play
    open_puzzle(page)
    star(page, 2, 3)

    def drag(*cells: tuple[int, int]) -> None:
        for i, (r, c) in enumerate(cells):
            box = cell(page, r, c).bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=3)
            if i == 0:
                page.mouse.down()
        page.mouse.up()

    drag((2, 0), (2, 1), (2, 2), (2, 3), (2, 4))  # across row 3, over the star
    assert marks(page, "dot") == [(2, 0), (2, 1), (2, 2), (2, 4)]
    assert marks(page, "star") == [(2, 3)]
    assert "d=r3c1_r3c2_r3c3_r3c5" in page.url
    drag((2, 1), (2, 2))  # from a dot: clears
    assert marks(page, "dot") == [(2, 0), (2, 4)]
    page.get_by_role("button", name="Undo").click()
    assert marks(page, "dot") == [(2, 0), (2, 1), (2, 2), (2, 4)]
    page.get_by_role("button", name="Undo").click()
    assert marks(page, "dot") == [] and marks(page, "star") == [(2, 3)]
    # A press and release on one cell is still a click.
    drag((5, 5))
    assert marks(page, "star") == [(2, 3), (5, 5)]


def _overlaps(page: Any) -> list[str]:
    """The labelled cells whose mark's box meets the region label's box."""
    found: list[str] = page.evaluate("""() => {
      const out = [];
      for (const tag of document.querySelectorAll('.star-cell .region-label')) {
        const cell = tag.closest('.star-cell');
        const mark = cell.querySelector('.mark');
        if (!mark.textContent) continue;
        const a = tag.getBoundingClientRect(), b = mark.getBoundingClientRect();
        const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        if (!apart) out.push(`${cell.dataset.r},${cell.dataset.c} ${tag.textContent}`);
      }
      return out;
    }""")
    return found


@pytest.mark.parametrize("width", BOTH)
def test_region_labels_and_stars_do_not_overlap(play: Any, shot: Any, width: int) -> None:
    """Issue 42: a star (or dot) in a region's first cell was drawn over the region's label.
    Twelve regions (rows), labels 1-12: two-digit ones are the widest."""
    page = play
    text = "\n".join(" ".join([str(r + 1)] * 12) for r in range(12))
    page.goto("/stars")
    page.wait_for_selector("form[data-ready]")
    page.evaluate("localStorage.clear()")
    page.locator("#puzzle").fill(text)
    page.get_by_role("button", name="Load puzzle").click()
    page.wait_for_function("document.querySelectorAll('.star-cell').length === 144")
    for r in range(12):
        star(page, r, 0)  # each region's labelled cell
    assert _overlaps(page) == []
    shot(page, f"stars-labels-starred-{width}")
    for r in range(12):
        cell(page, r, 0).click()  # a dot now
        assert cell(page, r, 0).get_attribute("data-mark") == "dot"
    assert _overlaps(page) == []


@pytest.mark.parametrize("width", BOTH)
def test_a_clock_from_the_first_mark_paused_while_hidden_stopped_at_the_solve(
        play: Any, client: Any, shot: Any, width: int) -> None:
    """Issue 42: a timer, as puzz.link players know it."""
    import re

    page = play
    made = client.post("/api/stars/generate", json={"size": 6, "stars": 1, "seed": 1}).json()
    page.clock.install()
    open_puzzle(page, made["url"])
    shown = page.locator("#star-clock")
    assert shown.is_hidden()  # no mark yet

    def seconds() -> int:
        m = re.search(r"(\d+):(\d\d)", shown.inner_text())
        assert m, shown.inner_text()
        return int(m[1]) * 60 + int(m[2])

    solution = [tuple(rc) for rc in made["solution"]]
    star(page, *solution[0])
    page.clock.fast_forward("00:20")
    assert 20 <= seconds() < 40
    hidden = """(h) => {
      Object.defineProperty(document, 'hidden', {value: h, configurable: true});
      document.dispatchEvent(new Event('visibilitychange'));
    }"""
    page.evaluate(hidden, True)
    before = seconds()
    page.clock.fast_forward("05:00")
    assert seconds() - before < 5 and "paused" in shown.inner_text()
    page.evaluate(hidden, False)
    for r, c in solution[1:]:
        star(page, r, c)
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Solved!')")
    took = seconds()
    assert took < 120 and page.locator("#status").inner_text().endswith(
        f"Time {took // 60}:{took % 60:02d}.")
    page.clock.fast_forward("01:00")
    assert seconds() == took  # stopped at the solve
    shot(page, f"stars-clock-solved-{width}")
    other = client.post("/api/stars/generate", json={"size": 6, "stars": 1, "seed": 2}).json()
    page.locator("#puzzle").fill(other["url"])
    page.get_by_role("button", name="Load puzzle").click()
    page.wait_for_function("!document.querySelector('.star-cell[data-mark=star]')")
    assert shown.is_hidden()  # the next puzzle's clock starts with its own first mark
