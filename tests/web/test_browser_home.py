"""The home page links every puzzle page, and every page's links and labels are in place."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGES = ["/words", "/wordgrid", "/qless", "/stars", "/api-docs"]


@pytest.mark.viewport(375, 800)
def test_home_links_every_page(page: Any, shot: Any) -> None:
    page.goto("/")
    for path in PAGES:
        assert page.locator(f"main a[href='{path}']").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "home-375")
    page.locator("main a[href='/words']").click()
    page.wait_for_url("**/words")
    assert page.title().startswith("Words")


def test_every_form_control_has_a_label(page: Any) -> None:
    for path in PAGES:
        response = page.goto(path)
        if response.status == 404:  # a page whose engine has not landed
            continue
        page.wait_for_selector("[data-ready]")
        unlabelled = page.evaluate("""() => [...document.querySelectorAll(
            'input:not([type=hidden]), select, textarea, button')]
            .filter(e => !e.closest('[hidden]'))
            .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')
                         && !e.getAttribute('aria-labelledby') && !e.textContent.trim())
            .map(e => e.outerHTML.slice(0, 80))""")
        assert unlabelled == [], f"{path}: controls without a label: {unlabelled}"
        # A skip link and one h1 on every page.
        assert page.locator("a.skip").count() == 1
        assert page.locator("h1").count() == 1


def test_api_reference_page_works_offline_and_tries_a_call(page: Any, shot: Any) -> None:
    page.goto("/api-docs")
    page.wait_for_selector("main[data-ready]")
    assert page.locator("h2", has_text="POST /api/match").count() == 1
    assert page.locator("h2", has_text="POST /api/stars/hint").count() == 1
    section = page.locator("section", has=page.locator("h2", has_text="POST /api/match"))
    assert "pattern" in section.locator("table").inner_text()
    section.get_by_role("button", name="Send").click()
    section.locator("pre", has_text="apple").wait_for()
    shot(page, "api-docs")


@pytest.mark.viewport(375, 800)
def test_api_reference_has_an_index_of_every_endpoint(page: Any) -> None:
    """Defect 10: the long API page opens with an index, grouped by page, linking every section."""
    page.goto("/api-docs")
    page.wait_for_selector("main[data-ready]")
    index = page.get_by_role("navigation", name="Endpoints")
    sections = page.locator("#endpoints section[id]").evaluate_all("els => els.map(e => e.id)")
    links = index.locator("a").evaluate_all("els => els.map(e => e.getAttribute('href').slice(1))")
    assert sections and sorted(links) == sorted(sections)
    assert index.locator("h3", has_text="Star Battle").count() == 1
    # Grouped by the page that uses each endpoint: the Words page's Equations mode asks
    # /api/equation (it sat alone under "Other"), and no endpoint is left without a page.
    groups = index.locator("section").evaluate_all(
        "ss => Object.fromEntries(ss.map(s => [s.querySelector('h3').textContent,"
        " [...s.querySelectorAll('code')].map(c => c.textContent)]))")
    assert "POST /api/equation" in groups["Words"]
    assert "Other" not in groups, groups.get("Other")
    # On a phone every field's meaning is in view: no table runs off the side.
    assert page.evaluate("""() => [...document.querySelectorAll('#endpoints .board-scroll')]
        .every(b => b.scrollWidth <= b.clientWidth + 1)""")
    index.get_by_role("link", name="POST /api/stars/hint").click()
    page.wait_for_url("**#post-api-stars-hint")
    heading = page.locator("#post-api-stars-hint h2")
    page.wait_for_function("""() => { const r = document.querySelector('#post-api-stars-hint h2')
        .getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }""")
    assert "POST /api/stars/hint" in heading.inner_text()
    # An address with the section opens there.
    page.goto("/api-docs#post-api-qless-solve")
    page.wait_for_selector("main[data-ready]")
    page.wait_for_function("""() => { const r = document.querySelector('#post-api-qless-solve')
        .getBoundingClientRect(); return r.top >= -1 && r.top <= innerHeight / 2; }""")
