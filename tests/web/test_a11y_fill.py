"""axe-core finds no serious or critical accessibility violation on the crossword editor in its
main states (fresh, a conflict with candidates marked, filled with a box and a clue), at
desktop and phone widths, in the light and the dark theme; each state is saved as a
screenshot under test-artifacts/ to look at."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.web.a11y import assert_accessible_in
from tests.web.conftest import ARTIFACTS
from tests.web.test_browser_fill import COMMON, cell

pytestmark = pytest.mark.browser


def settled(page: Any) -> None:
    page.wait_for_selector("#fill-form[data-checked='1']")
    page.wait_for_selector("#candidates[aria-busy='false']")


def fresh(page: Any) -> None:
    page.goto("/fill")
    page.wait_for_selector("form[data-ready]")
    settled(page)


def conflict(page: Any) -> None:
    page.goto(f"/fill?size=5&{COMMON}")
    page.wait_for_selector("form[data-ready]")
    cell(page, 2, 1).click()
    page.keyboard.type("q")
    cell(page, 2, 3).click()
    page.keyboard.type("xj")
    cell(page, 1, 2).click()
    settled(page)
    page.locator("#warning:not([hidden])").wait_for()
    page.locator("#candidates button.dead").first.wait_for()


def filled(page: Any) -> None:
    page.goto("/fill?size=5")
    page.wait_for_selector("form[data-ready]")
    cell(page, 1, 1).click()
    page.keyboard.press("#")
    page.get_by_role("button", name="Fill", exact=True).click()
    page.locator("#status.good").wait_for(timeout=60_000)
    cell(page, 2, 2).click()
    cell(page, 3, 3).click(modifiers=["Shift"])
    page.get_by_label("Clue", exact=True).fill("A clue")
    page.get_by_label("Title").fill("Five by five")
    settled(page)


STATES: dict[str, Callable[[Any], None]] = {"fresh": fresh, "conflict": conflict, "filled": filled}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 375])
@pytest.mark.parametrize("state", sorted(STATES))
def test_no_serious_violations(browser: Any, server: str, state: str, width: int, scheme: str) -> None:
    assert_accessible_in(browser, server, STATES[state], width=width, scheme=scheme,
                         state=f"fill {state}",
                         screenshot=ARTIFACTS / f"a11y-fill-{state}-{width}-{scheme}.png")
