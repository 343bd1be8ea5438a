"""Hints on the Star Battle page in a real browser, late in a game: three presses (where to
look, the rule, the step), what the player's stars already give applied with the hint, and
wrong marks named and taken back."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

from tests.web.test_api_stars import URL
from tests.web.test_browser_stars import SOLUTION, marks, marks_of

pytestmark = pytest.mark.browser

BOTH = [pytest.param(1280, marks=pytest.mark.viewport(1280, 800), id="1280"),
        pytest.param(375, marks=pytest.mark.viewport(375, 800), id="375")]


def rc(cell: tuple[int, int]) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def open_with(page: Any, stars: list[tuple[int, int]]) -> None:
    """The 8 x 8 puzzle with these stars placed (by the address) and no dots."""
    page.goto("/stars")
    page.evaluate("localStorage.clear()")  # marks another test left are not this test's
    page.goto(f"/stars?p={quote(URL)}&s={'_'.join(rc(c) for c in stars)}")
    page.wait_for_selector("form[data-ready]")
    assert marks(page, "star") == sorted(stars) and marks(page, "dot") == []


def press_hint(page: Any, starts: str) -> str:
    page.get_by_role("button", name="Hint", exact=True).click()
    page.wait_for_function(
        f"document.querySelector('#reason').textContent.startsWith({starts!r})")
    text: str = page.locator("#reason").inner_text()
    return text


@pytest.mark.parametrize("width", BOTH)
def test_a_hint_late_in_a_game_names_a_real_deduction(page: Any, client: Any, shot: Any,
                                                      width: int) -> None:
    placed = SOLUTION[:6]
    doc = client.post("/api/stars/hint", json={"puzzle": URL, "star": [rc(c) for c in placed]}).json()
    step = doc["steps"][0]
    # The explainer's own next step from these marks is the stars' neighbours; the hint's is not.
    assert step["rule"] not in ("star-neighbours", "unit-full") and doc["skipped"]
    open_with(page, placed)

    assert press_hint(page, "Hint 1 of 3") == f"Hint 1 of 3: {doc['nudge']}"
    assert page.locator(".star-cell.unit").count() > 0  # the units to look at, hatched
    assert marks_of(page, ".star-cell.hint") == [] == marks_of(page, ".star-cell.decided")
    assert marks_of(page, ".star-cell.given") == []
    shot(page, f"stars-hint-late-1-{width}")
    assert press_hint(page, "Hint 2 of 3") == f"Hint 2 of 3: {doc['lesson']}"
    assert marks_of(page, ".star-cell.hint") == sorted((r, c) for r, c in step["cells"])
    assert marks_of(page, ".star-cell.decided") == []
    obvious = {(r, c) for s in doc["skipped"] for r, c, _ in s["decided"]}
    assert marks_of(page, ".star-cell.given") == sorted(obvious)  # dotted faintly
    shot(page, f"stars-hint-late-2-{width}")
    text = press_hint(page, step["rule"])
    assert text.startswith(f"{step['rule']} ({step['level']}): {step['reason']}")
    assert marks_of(page, ".star-cell.given") == sorted(obvious)
    assert f"what your stars already give: {len(obvious)} cells are empty" in text
    decided = sorted((r, c) for r, c, _ in step["decided"])
    assert marks_of(page, ".star-cell.decided") == decided
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"stars-hint-late-3-{width}")

    page.get_by_role("button", name="Apply hint").click()
    new_stars = {(r, c) for r, c, what in step["decided"] if what == "star"}
    new_dots = {(r, c) for r, c, what in step["decided"] if what == "empty"}
    assert marks(page, "star") == sorted({*placed, *new_stars})
    assert marks(page, "dot") == sorted(obvious | new_dots)
    assert not set(marks(page, "dot")) & set(SOLUTION)
    assert set(marks(page, "star")) <= set(SOLUTION)
    # The next press is a new hint, from the new marks, at its first level.
    press_hint(page, "Hint 1 of 3")


@pytest.mark.parametrize("width", BOTH)
def test_a_wrong_mark_is_named_and_taken_back(page: Any, client: Any, shot: Any,
                                              width: int) -> None:
    open_with(page, [SOLUTION[0], (3, 3)])  # r4c4 is not in the solution
    first = press_hint(page, "Hint 1 of 3")
    assert first.startswith("Hint 1 of 3: One of your marks is wrong, in region ")
    assert "r4c4" not in first and marks_of(page, ".star-cell.hint") == []
    press_hint(page, "Hint 2 of 3")
    third = press_hint(page, "mistake")
    assert "Your star at r4c4 is wrong" in third and rc(SOLUTION[0]) not in third
    assert marks_of(page, ".star-cell.hint") == [(3, 3)]
    shot(page, f"stars-hint-wrong-{width}")
    page.get_by_role("button", name="Take back the wrong mark").click()
    assert marks(page, "star") == [SOLUTION[0]]
    assert page.locator("#status").inner_text() == "Wrong marks taken back."
