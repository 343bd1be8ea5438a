"""Every page that follows a job does it with common.js's `followJob()` (issue 43, item 3), and
reads its limits from `GET /api/config`: the Q-Less count and the Star Battle generation at
1280 and 375 px (progress, Stop), a job stopped when its page goes, and the limits the pages
take from the server's task facts rather than a copy."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

from tests.web.conftest import ARTIFACTS

pytestmark = pytest.mark.browser

WIDTHS = [pytest.param(1280, 900, marks=pytest.mark.viewport(1280, 900), id="1280"),
          pytest.param(375, 800, marks=pytest.mark.viewport(375, 800), id="375")]


def _view(page: Any, name: str) -> None:
    """A screenshot of the window (the Q-Less page's full length is its anagram list)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _state_becomes(client: httpx.Client, job: str, wanted: str, within: float = 90.0) -> str:
    """Ask for the job's state until it is `wanted` (or `within` seconds pass): its last."""
    deadline = time.monotonic() + within
    state = ""
    while time.monotonic() < deadline:
        state = client.get(f"/api/jobs/{job}").json()["state"]
        if state == wanted:
            break
        time.sleep(0.2)
    return state


@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_a_count_shows_its_progress_and_stops(page: Any, client: httpx.Client,
                                              width: int, height: int) -> None:
    limit = client.get("/api/config").json()["tasks"]["qless_count"]["time_limit"]
    page.goto("/qless?letters=mphrrsttsneaoi")
    page.locator("#status.good").wait_for()
    page.get_by_role("button", name="Count solutions").click()
    # The limit shown is the job's own (the server's default for a count), not a copy.
    page.wait_for_function("/^[1-9][0-9]* s of at most/.test("
                           "document.querySelector('#count-time').textContent)")
    assert f"of at most {limit:g} s" in page.locator("#count-time").inner_text()
    assert page.locator("#count-progress").is_visible()
    assert page.evaluate("document.activeElement.id") == "stop"
    _view(page, f"qless-count-{width}")
    page.get_by_role("button", name="Stop", exact=True).click()
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Stopped')")
    assert page.locator("#counting").is_hidden()
    assert page.evaluate("document.activeElement.id") == "count"
    assert not page.get_by_role("button", name="Solve", exact=True).is_disabled()
    _view(page, f"qless-count-stopped-{width}")


@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_a_generation_shows_its_progress_and_stops(page: Any, shot: Any, client: httpx.Client,
                                                   width: int, height: int) -> None:
    most = client.get("/api/config").json()["tasks"]["stars_generate"]["page_most"]
    page.goto("/stars?seed=1")
    page.wait_for_selector("form[data-ready]")
    page.get_by_label("Size").select_option("12")
    page.get_by_label("Stars", exact=True).select_option("3")
    page.get_by_label("Difficulty").select_option("easy")
    with page.expect_request("**/api/stars/generate-job") as asked:
        page.get_by_role("button", name="Generate").click()
    assert json.loads(asked.value.post_data)["time_limit"] == most
    page.locator("#generating").wait_for()
    page.wait_for_function("/ s of at most /.test(document.querySelector('#gen-detail').textContent)",
                           timeout=90_000)
    assert f"of at most {most:g} s" in page.locator("#gen-detail").inner_text()
    assert page.get_by_role("button", name="Generate").is_disabled()
    shot(page, f"stars-generating-{width}")
    page.get_by_role("button", name="Stop", exact=True).click()
    page.wait_for_function("document.querySelector('#load-status').textContent.startsWith('Stopped')",
                           timeout=90_000)
    assert page.locator("#generating").is_hidden()
    assert page.get_by_role("button", name="Generate").is_enabled()
    shot(page, f"stars-generate-stopped-{width}")


def test_a_job_is_stopped_when_its_page_goes(page: Any, client: httpx.Client) -> None:
    page.goto("/qless?letters=mphrrsttsneaoi")
    page.locator("#status.good").wait_for()
    with page.expect_response("**/api/qless/count") as started:
        page.get_by_role("button", name="Count solutions").click()
    job = started.value.json()["job"]
    page.wait_for_function("/ s of at most/.test(document.querySelector('#count-time').textContent)")
    page.goto("/")  # pagehide: common.js stops every job the page follows
    assert _state_becomes(client, job, "stopped") == "stopped"


def test_the_pages_take_their_limits_from_the_config(page: Any, client: httpx.Client) -> None:
    tasks = client.get("/api/config").json()["tasks"]
    page.goto("/fill?limit=999")
    page.wait_for_selector("form[data-ready]")
    field = page.locator("#time-limit")
    assert float(field.get_attribute("max")) == tasks["fill"]["page_most"]
    assert float(field.input_value()) == tasks["fill"]["page_most"]  # 999 cut to the most
    assert page.locator("#lexicon").input_value() == tasks["fill"]["page"]["lexicon"]
    # The Star Battle grade line asks an explain that stays a cheap request.
    with page.expect_request("**/api/stars/explain") as asked:
        page.goto("/stars")
    assert json.loads(asked.value.post_data)["time_limit"] == tasks["stars_explain"]["cheap_up_to"]
