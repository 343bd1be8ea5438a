"""Issue 42: while the server's workers start (a first start builds its caches for up to a
minute), every page says so at its top, and the note goes once /api/health says `ready`."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.a11y import assert_accessible

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 375])
def test_a_page_says_the_server_is_starting_until_it_is_ready(
        browser: Any, server: str, width: int, scheme: str, shot: Any) -> None:
    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": 900}, base_url=server,
                                  color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(60_000)
    starting = [True]

    def health(route: Any) -> None:
        # The real answer, as the server gives it before its workers are up.
        doc = json.loads(route.fetch().text())
        if starting[0]:
            doc = {**doc, "ready": False, "building": ["crossword fill tables"]}
        route.fulfill(status=200, content_type="application/json", body=json.dumps(doc))

    try:
        page.route("**/api/health", health)
        page.goto("/qless")
        note = page.locator("main #server-note")
        note.wait_for()
        assert note.get_attribute("role") == "status"
        text = note.inner_text()
        assert "still starting" in text and "crossword fill tables" in text
        box = note.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert_accessible(page, f"starting note at {width} px, {scheme}")
        shot(page, f"server-starting-{width}-{scheme}")
        starting[0] = False  # the workers are up: the page's next look removes the note
        note.wait_for(state="detached")
    finally:
        context.close()


def test_a_ready_server_shows_no_note(page: Any) -> None:
    with page.expect_response("**/api/health") as answer:
        page.goto("/words")
    assert answer.value.json()["ready"] is True
    page.wait_for_selector("form[data-ready]")
    assert page.locator("#server-note").count() == 0
