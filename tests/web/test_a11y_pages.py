"""axe-core finds no serious or critical accessibility violation on the site's own pages
(home, Words, Word grid, API reference, 404) in their main states, at desktop and phone
widths, in the light and the dark theme."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.web.a11y import assert_accessible

pytestmark = pytest.mark.browser
WIDTHS = [1280, 375]


def home(page: Any) -> None:
    page.goto("/")
    page.locator("main h1").wait_for()


def words_with_a_meaning_open(page: Any) -> None:
    page.goto("/words?q=falcon")
    page.locator("#results [data-word=falcon]").click()
    page.locator("#senses .sense").first.wait_for()


def anagrams(page: Any) -> None:
    page.goto("/words?mode=anagram&q=dormitory&common=1&words=2")
    page.locator("#phrases li").first.wait_for()


def equations(page: Any) -> None:
    page.goto("/words?mode=equation&q=A~A%3B%7CA%7C%3D3")
    page.locator("#results li").first.wait_for()


def wordgrid_all_answers(page: Any) -> None:
    page.goto("/wordgrid?g=___-ate-den")
    page.wait_for_selector("form[data-ready]")
    page.get_by_role("button", name="Find all").click()
    page.locator("#status.good").wait_for()


def api_docs_after_a_call(page: Any) -> None:
    page.goto("/api-docs")
    page.wait_for_selector("main[data-ready]")
    section = page.locator("section", has=page.locator("h2", has_text="POST /api/match"))
    section.get_by_role("button", name="Send").click()
    section.locator("pre", has_text="apple").wait_for()


def not_found(page: Any) -> None:
    assert page.goto("/no-such-page").status == 404
    page.locator("main h1").wait_for()


STATES: dict[str, Callable[[Any], None]] = {
    "home": home,
    "words-meaning": words_with_a_meaning_open,
    "words-anagrams": anagrams,
    "words-equations": equations,
    "wordgrid-all": wordgrid_all_answers,
    "api-docs-call": api_docs_after_a_call,
    "404": not_found,
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("state", sorted(STATES))
def test_no_serious_violations(browser: Any, server: str, state: str, width: int, scheme: str) -> None:
    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": 900}, base_url=server,
                                  color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        STATES[state](page)
        assert_accessible(page, f"{state} at {width} px, {scheme}")
    finally:
        context.close()
