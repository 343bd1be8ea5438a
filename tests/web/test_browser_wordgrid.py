"""The Word grid page in a real browser: type the calendar puzzle, find the answer, create one."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def grid_rows(page: Any) -> list[str]:
    rows: list[str] = page.eval_on_selector_all(
        "#grid tr", "trs => trs.map(tr => [...tr.querySelectorAll('input')]"
        ".map(i => i.value || '?').join(''))")
    return rows


def test_type_twelve_letters_and_find_one(page: Any, shot: Any) -> None:
    page.goto("/wordgrid?g=______")
    page.wait_for_selector("form[data-ready]")
    assert grid_rows(page) == ["??????", "??????", "??????"]
    page.get_by_label("Row 2, column 1").click()
    page.keyboard.type("ipoarugettct")  # the cursor runs on from row 2 into row 3
    assert grid_rows(page) == ["??????", "ipoaru", "gettct"]
    assert "g=______-ipoaru-gettct" in page.url
    page.get_by_role("button", name="Find one").click()
    page.locator("#status.good").wait_for()
    assert page.locator("#status").inner_text() == "Answer: COMMON"
    assert grid_rows(page)[0] == "common"
    assert "orc" in page.locator("#columns").inner_text()
    shot(page, "wordgrid-find-one")


@pytest.mark.viewport(375, 900)
def test_find_all_then_create_a_hidden_puzzle(page: Any, shot: Any) -> None:
    page.goto("/wordgrid?g=___-ate-den")
    page.wait_for_selector("form[data-ready]")
    page.get_by_role("button", name="Find all").click()
    page.locator("#status.good").wait_for()
    answers = page.locator("#solutions li")
    assert answers.count() > 1
    assert "answers" in page.locator("#status").inner_text()
    second = answers.nth(1).inner_text()
    answers.nth(1).get_by_role("button").click()
    assert grid_rows(page)[0] == second
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "wordgrid-find-all-375")

    page.get_by_label("Answer word").fill("planet")
    page.get_by_label("Hide the answer").check()
    page.get_by_role("button", name="Create").click()
    page.locator("#create-status.good").wait_for()
    text = page.locator("#create-status").inner_text()
    assert "(unique)" in text and "hidden" in text and "PLANET" not in text
    rows = grid_rows(page)
    assert rows[0] == "??????" and all("?" not in r for r in rows[1:])
    page.get_by_role("button", name="Find one").click()
    page.locator("#status.good").wait_for()
    assert page.locator("#status").inner_text() == "Answer: PLANET"
    shot(page, "wordgrid-created")


def test_paste_a_puzzle_backspace_and_arrows(page: Any) -> None:
    page.goto("/wordgrid?g=______")
    page.wait_for_selector("form[data-ready]")
    first = page.get_by_label("Row 1, column 1")
    first.focus()
    # A puzzle pasted whole, as printed: blank row, then the two letter rows.
    first.evaluate("""(cell) => {
        const data = new DataTransfer();
        data.setData('text/plain', '??????\\nipoaru\\ngettct');
        cell.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true,
                                                        cancelable: true}));
    }""")
    assert grid_rows(page) == ["??????", "ipoaru", "gettct"]
    page.get_by_label("Row 3, column 6").focus()
    page.keyboard.press("Backspace")  # clears the cell
    page.keyboard.press("Backspace")  # empty: goes back one and clears that
    assert grid_rows(page)[2] == "gett??"
    page.keyboard.press("ArrowUp")
    page.keyboard.type("x")
    assert grid_rows(page)[1] == "ipoaxu"
