"""The Q-Less page in a real browser: type a roll, solve, another solution, count and stop."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def tiles(page: Any) -> str:
    letters: list[str] = page.locator("#board .tile:not(.empty)").all_inner_texts()
    return "".join(sorted(t.strip().lower() for t in letters))


def layout(page: Any) -> str:
    cells: list[str] = page.locator("#board .tile").all_inner_texts()
    return "".join(c.strip() or "." for c in cells) + page.locator("#board").get_attribute("style")


def test_type_a_roll_solve_and_another(page: Any, shot: Any) -> None:
    page.goto("/qless")
    page.wait_for_selector("form[data-ready]")
    page.get_by_label("Letter 1", exact=True).click()
    page.keyboard.type("mphrrsttsnea")
    page.keyboard.press("Enter")
    page.locator("#status.good").wait_for()
    assert page.locator("#status").inner_text().startswith("Solved: ")
    assert tiles(page) == "".join(sorted("mphrrsttsnea"))  # every letter on the board, once
    assert "hampsters" in page.locator("#anagrams").inner_text()
    assert "letters=mphrrsttsnea" in page.url
    shot(page, "qless-solved")

    first = layout(page)
    page.get_by_role("button", name="Another solution").click()
    page.wait_for_function("/seed=[1-9]/.test(location.search)")
    page.locator("#status.good").wait_for()
    assert tiles(page) == "".join(sorted("mphrrsttsnea"))
    assert layout(page) != first


@pytest.mark.viewport(375, 900)
def test_no_solution_and_fell_back_messages(page: Any, shot: Any) -> None:
    page.goto("/qless?letters=qqqzzzxx")
    page.locator("#status.warn").wait_for()
    assert page.locator("#status").inner_text().startswith("No solution exists")
    assert page.locator("#board-card").is_hidden()
    page.goto("/qless?letters=aeiouaeiou&common=1")
    page.locator("#status.warn").wait_for()
    assert "fell back to all words" in page.locator("#status").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "qless-fell-back-375")


def test_roll_dice(page: Any) -> None:
    page.goto("/qless")
    page.wait_for_selector("form[data-ready]")
    page.get_by_role("button", name="Roll dice").click()
    page.wait_for_function("new URLSearchParams(location.search).get('letters')?.length === 12")
    page.locator("#status:not(:empty)").wait_for()
    page.wait_for_function("!document.querySelector('#solve').disabled")
    assert page.locator("#status").inner_text() != ""


def test_count_with_progress_and_stop(page: Any, shot: Any) -> None:
    page.goto("/qless?letters=catdogs")
    page.locator("#status.good").wait_for()
    page.get_by_role("button", name="Count solutions").click()
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Exactly')")
    assert page.locator("#status").inner_text() == "Exactly 365 distinct solutions."

    page.goto("/qless?letters=mphrrsttsneaoi")
    page.locator("#status.good").wait_for()
    page.get_by_role("button", name="Count solutions").click()
    page.wait_for_function("/^[1-9][0-9]* s/.test(document.querySelector('#count-time').textContent)")
    assert page.locator("#count-progress").is_visible()
    # Solutions found so far beside the time, rising as the count goes on.
    found = "+(document.querySelector('#count-time').textContent.match(/([0-9,]+) found so far/)" \
            "?.[1].replaceAll(',', '') || 0)"
    page.wait_for_function(f"{found} > 0")
    first = page.evaluate(found)
    page.wait_for_function(f"{found} > {first}")
    assert page.locator("#status").inner_text() == "Counting…"
    shot(page, "qless-counting")
    page.get_by_role("button", name="Stop").click()
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Stopped')")
    assert "at least" in page.locator("#status").inner_text()
    assert page.locator("#counting").is_hidden()
    assert not page.get_by_role("button", name="Solve", exact=True).is_disabled()


def test_hints_go_one_level_further_each_press(page: Any, shot: Any) -> None:
    page.goto("/qless")
    page.wait_for_selector("form[data-ready]")
    page.get_by_label("Letter 1", exact=True).click()
    page.keyboard.type("mvhdrxwcciaa")
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function("document.querySelector('#hint-text').textContent.startsWith('Hint 1')")
    text = page.locator("#hint-text").inner_text()
    assert "has 5 letters and starts with C" in text and "CHAIR" not in text
    assert page.locator("#board-card").is_hidden()  # a hint, not the answer
    page.get_by_role("button", name="Another hint").click()
    page.wait_for_function("document.querySelector('#hint-text').textContent.startsWith('Hint 2')")
    assert "It is CHAIR." in page.locator("#hint-text").inner_text()
    page.get_by_role("button", name="Another hint").click()
    page.wait_for_function("document.querySelector('#hint-text').textContent.startsWith('Hint 3')")
    shown = page.locator("#hint-board .tile:not(.empty)").all_inner_texts()
    assert "".join(t.strip().lower() for t in shown) == "chair"
    assert page.locator("#hint-board .tile.empty").count() > 0
    shot(page, "qless-hint")
    # New letters start the hints over.
    page.get_by_label("Letter 12", exact=True).click()
    page.keyboard.press("Backspace")
    assert page.locator("#hint-box").is_hidden()


def test_roll_of_the_day(page: Any, shot: Any) -> None:
    page.goto("/qless?date=2026-12-01")
    page.wait_for_selector("form[data-ready]")
    page.get_by_role("button", name="Roll of the day").click()
    page.wait_for_function(
        "document.querySelector('#status').textContent.startsWith('Roll of the day 2026-12-01')")
    status = page.locator("#status").inner_text()
    assert "BVNDGZPDCIOO" in status and "intermediate" in status  # as `qless daily` says
    assert page.evaluate("Array.from(document.querySelectorAll('#letters input'))"
                         ".map(b => b.value).join('')") == "bvndgzpdcioo"
    shot(page, "qless-daily")
