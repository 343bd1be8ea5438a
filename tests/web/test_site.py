"""One site: every page arrives composed into the one shell (head, header, navigation, footer)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from puzzlesmith.web.pages import PAGES, compose, render


@pytest.mark.parametrize("path", sorted(PAGES))
def test_every_page_has_the_shell_once_and_its_own_head(client: httpx.Client, path: str) -> None:
    html = client.get(path).text
    assert html.startswith("<!doctype html>")
    for part in ("<header class=\"site\">", "<nav aria-label=\"Puzzles\">", "<footer class=\"site\">",
                 "<main id=\"main\"", "css/site.css", "<title>", 'class="skip"'):
        assert html.count(part) == 1, (path, part)
    head = html[:html.index("</head>")]
    # The page's own scripts sit in <head>, after the shared stylesheet.
    own = re.findall(r'src="(/static/js/[a-z]+\.js)"', render(PAGES[path], path))
    for src in own:
        assert src in head
    current = re.findall(r'<a href="([^"]+)" aria-current="page">', html)
    assert current == ([path] if path in ("/words", "/wordgrid", "/fill", "/qless", "/stars") else [])
    assert html.index("<header") < html.index("<main") < html.index("<footer")


def test_a_page_without_main_or_title_is_refused() -> None:
    shell = "<head><!--page:head--></head><!--page:main-->"
    assert compose("<title>t</title>\n<main>x</main>", "/x", shell) == (
        "<head>  <title>t</title></head>  <main>x</main>")
    for bad in ("<title>t</title><div>x</div>", "<main>x</main>"):
        with pytest.raises(ValueError):
            compose(bad, "/x", shell)


def test_a_missing_page_is_a_page_and_a_missing_api_path_stays_json(client: httpx.Client) -> None:
    page = client.get("/no-such-page", headers={"accept": "text/html,*/*;q=0.8"})
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "<h1>Page not found</h1>" in page.text and '<header class="site">' in page.text
    for path, accept in [("/api/no-such-call", "text/html"), ("/no-such-page", "application/json"),
                         ("/static/js/no-such.js", "*/*")]:
        answer = client.get(path, headers={"accept": accept})
        assert answer.status_code == 404, path
        assert answer.json() == {"detail": "Not Found"}, path


@pytest.mark.browser
def test_the_404_page_in_a_browser(page: Any) -> None:
    response = page.goto("/wordgird?g=___-ate-den")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Page not found"
    page.get_by_role("link", name="Word grid").first.click()
    page.wait_for_url("**/wordgrid")


def theme(page: Any) -> str:
    return str(page.evaluate("document.documentElement.dataset.theme"))


def assert_toggle_says(toggle: Any, now: str, why: str) -> None:
    """The theme button's name is the action it takes (visible as text, or as the icon's
    words for screen readers on a phone); its title names the theme on show and its reason."""
    other = "dark" if now == "light" else "light"
    page = toggle.page
    assert page.get_by_role("button", name=f"Switch to {other} theme", exact=True).count() == 1
    assert page.get_by_role("button", name=f"Switch to {now} theme").count() == 0
    assert toggle.get_attribute("aria-pressed") is None
    title = toggle.get_attribute("title")
    assert title.startswith(f"The page is {now}") and f"switch to {other}" in title
    assert ("system" in title) == (why == "system") and ("your choice" in title) == (why == "choice")


@pytest.mark.browser
@pytest.mark.parametrize("system", ["light", "dark"])
def test_the_theme_follows_the_system_until_the_toggle_picks_one(
        browser: Any, server: str, system: str) -> None:
    other = "dark" if system == "light" else "light"
    context = browser.new_context(bypass_csp=True, viewport={"width": 375, "height": 800}, base_url=server,
                                  color_scheme=system)
    page = context.new_page()
    try:
        page.goto("/words")
        toggle = page.locator("#theme-toggle")
        assert theme(page) == system
        # The button says what pressing it does (no pressed state to decode), and its title
        # says which theme is on and why.
        assert_toggle_says(toggle, now=system, why="system")
        toggle.click()
        assert theme(page) == other
        assert_toggle_says(toggle, now=other, why="choice")
        # Remembered on the next page and after a reload, whatever the system says meanwhile.
        page.goto("/wordgrid")
        assert theme(page) == other
        page.emulate_media(color_scheme=other)
        page.emulate_media(color_scheme=system)
        page.reload()
        assert theme(page) == other
        # Picking the system's theme again forgets the choice: the page follows the system.
        page.get_by_role("button", name=f"Switch to {system} theme").click()
        assert theme(page) == system
        assert_toggle_says(toggle, now=system, why="system")
        assert page.evaluate("localStorage.getItem('puzzlesmith-theme')") is None
        page.emulate_media(color_scheme=other)
        page.wait_for_function(f"document.documentElement.dataset.theme === '{other}'")
        dark_paper = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        page.emulate_media(color_scheme=system)
        page.wait_for_function(f"document.documentElement.dataset.theme === '{system}'")
        assert page.evaluate("getComputedStyle(document.documentElement).backgroundColor") != dark_paper
    finally:
        context.close()


@pytest.mark.browser
def test_nothing_loads_from_another_host(browser: Any, server: str) -> None:
    """Every request a page makes, in the state it opens in and after its first answer, goes
    to this server: the assets are ours or vendored, none from another host."""
    states = {path: None for path in sorted(PAGES)}
    states |= {"/words?q=a%3Fp%3Fe": "#results [data-word=apple]",
               "/qless?letters=catdogs": "#status.good",
               "/stars": "form[data-ready]",
               "/fill": "#candidates[aria-busy='false']",
               "/api-docs": "main[data-ready]",
               "/no-such-page": None}
    context = browser.new_context(bypass_csp=True, base_url=server)
    asked: list[str] = []
    context.on("request", lambda r: asked.append(r.url))
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        for path, ready in states.items():
            page.goto(path)
            if ready:
                page.wait_for_selector(ready)
    finally:
        context.close()
    assert any("/static/css/site.css" in u for u in asked)
    elsewhere = [u for u in asked if not u.startswith(server + "/") and not u.startswith("data:")]
    assert not elsewhere, elsewhere


@pytest.mark.browser
@pytest.mark.parametrize(("path", "button", "answered"), [
    ("/stars", "Check", "#status.good"),
    ("/qless?roll=catdogs", "Solve", "#board-card:not([hidden])"),
    ("/wordgrid", "Find one", "#status.good"),
    ("/fill?size=5", "Fill", "#status.good"),
])
def test_a_button_pressed_from_the_keyboard_keeps_the_focus(page: Any, path: str, button: str,
                                                            answered: str) -> None:
    """The pages disable their buttons while a request runs, and a disabled button loses the
    focus to the page's body: after each answer a keyboard or screen-reader user started again
    from the top of the page. The focus goes back to the button when the answer is in."""
    page.goto(path)
    page.wait_for_selector("form[data-ready]")
    pressed = page.get_by_role("button", name=button, exact=True)
    page.wait_for_function("el => !el.disabled", arg=pressed.element_handle())
    pressed.focus()
    page.keyboard.press("Enter")
    page.locator(answered).wait_for()
    page.wait_for_function("el => !el.disabled", arg=pressed.element_handle())
    assert pressed.evaluate("el => el === document.activeElement")
