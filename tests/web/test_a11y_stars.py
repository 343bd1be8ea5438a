"""axe-core finds no serious or critical accessibility violation on the Star Battle page in its
main states (a fresh board, playing with broken rules marked, stepping through an explanation
with Show me why), at desktop and phone widths, in the light and the dark theme."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest

from tests.web.a11y import assert_accessible
from tests.web.test_api_stars import URL

pytestmark = pytest.mark.browser


def fresh(page: Any) -> None:
    page.goto(f"/stars?p={quote(URL)}")
    page.wait_for_selector("form[data-ready]")
    page.wait_for_function("!document.querySelector('#grade').textContent.includes('working')")


def playing_with_broken_rules(page: Any) -> None:
    # Touching stars, a region with two, and row 8 with no open cell left.
    page.goto(f"/stars?p={quote(URL)}&s=r1c1_r2c2_r7c3&d=r8c1_r8c3_r8c4_r8c5_r8c6_r8c7_r8c8")
    page.wait_for_selector("form[data-ready]")
    page.locator("#conflicts li").nth(2).wait_for()
    page.get_by_role("button", name="Check", exact=True).click()
    page.locator("#status.warn").wait_for()


def stepping_through(page: Any) -> None:
    fresh(page)
    page.get_by_role("button", name="Step through").click()
    page.locator("#walk-reason").wait_for()
    page.get_by_role("button", name="Next →").click()
    page.get_by_role("button", name="Show me why").click()
    page.locator(".star-cell.hint").first.wait_for()


STATES: dict[str, Callable[[Any], None]] = {
    "fresh": fresh,
    "playing": playing_with_broken_rules,
    "stepping": stepping_through,
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 375])
@pytest.mark.parametrize("state", sorted(STATES))
def test_no_serious_violations(browser: Any, server: str, state: str, width: int, scheme: str) -> None:
    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": 900}, base_url=server,
                                  color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        STATES[state](page)
        assert page.evaluate("document.documentElement.dataset.theme") == scheme
        assert_accessible(page, f"stars {state} at {width} px, {scheme}")
    finally:
        context.close()
