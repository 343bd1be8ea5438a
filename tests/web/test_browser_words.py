"""The Words page in a real browser: type, read the answers off the page, share the URL."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def shown_words(page: Any, selector: str = "#results li") -> list[str]:
    words: list[str] = page.locator(selector).evaluate_all("els => els.map(e => e.dataset.word)")
    return words


def test_pattern_answers_as_you_type(page: Any, shot: Any) -> None:
    page.goto("/words")
    page.get_by_role("searchbox", name="Pattern").fill("a?p?e")
    page.wait_for_function("document.querySelectorAll('#results li').length === 2")
    assert shown_words(page) == ["ample", "apple"]
    assert "2 words" in page.locator("#status").inner_text()
    # Common words are bold (and say so to screen readers).
    assert "common" in (page.locator("#results li", has_text="apple").get_attribute("class") or "")
    assert "a%3Fp%3Fe" in page.url or "a?p?e" in page.url
    shot(page, "words-pattern")


@pytest.mark.viewport(375, 800)
def test_anagram_mode_by_keyboard_at_phone_width(page: Any, shot: Any) -> None:
    page.goto("/words")
    page.wait_for_selector("form[data-ready]")
    page.keyboard.press("Shift+Tab")  # the search box has focus; go back to the mode switch
    page.keyboard.press("ArrowRight")  # radio group: arrows choose
    page.get_by_role("searchbox", name="Letters").fill("listen")
    page.wait_for_selector("#results h3")
    status = page.locator("#status")
    page.wait_for_function("document.querySelector('#status').textContent.includes('use every letter')")
    assert "use every letter" in status.inner_text()
    headings = page.locator("#results h3").all_inner_texts()
    assert headings[0].startswith("6 letters")  # longest first
    full = shown_words(page, "#results li.full")
    assert {"listen", "silent", "enlist"} <= set(full)
    # Nothing sticks out sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "words-anagram-375")

    # The address is a shareable link to the same answer.
    url = page.url
    assert "mode=anagram" in url and "q=listen" in url
    page.goto(url)
    page.wait_for_function("document.querySelectorAll('#results li.full').length >= 3")
    assert page.get_by_role("searchbox", name="Letters").input_value() == "listen"


def test_bad_input_shows_the_cli_message(page: Any) -> None:
    page.goto("/words?mode=anagram")
    page.get_by_role("searchbox", name="Letters").fill("ab3")
    status = page.locator("#status.error")
    status.wait_for()
    assert "only letters a-z" in status.inner_text()


def test_dictionary_picker(page: Any) -> None:
    page.goto("/words?mode=anagram&q=rats")
    page.wait_for_selector("#results li")
    page.get_by_label("Dictionary").select_option("tiny")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('6 words')")
    assert "lexicon=tiny" in page.url


def test_more_options_multi_word_anagrams_and_letter_filters(page: Any, shot: Any) -> None:
    page.goto("/words?mode=anagram&q=dormitory&common=1&words=2")
    page.wait_for_selector("#phrases li")
    assert "dirty room" in shown_words(page, "#phrases li")
    assert page.locator("details#more").get_attribute("open") is not None
    assert "2-word anagrams" in page.locator("#status").inner_text()
    assert page.get_by_label("Must contain").is_hidden()  # a pattern-only option
    shot(page, "words-two-word-anagrams")

    page.goto("/words")
    page.wait_for_selector("form[data-ready]")
    page.get_by_text("More options").click()
    page.get_by_label("Must contain").fill("xz")
    page.get_by_role("searchbox", name="Pattern").fill("?????")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('2 words')")
    assert shown_words(page) == ["zaxes", "zexes"]
    assert "contains=xz" in page.url


def test_picker_shows_a_list_registered_while_the_page_is_open(
    page: Any, cli_env: dict[str, str], tmp_path: Any
) -> None:
    import subprocess
    import sys

    page.goto("/words")
    page.wait_for_selector("form[data-ready]")
    picker = page.get_by_label("Dictionary")
    assert "opened" not in picker.locator("option").all_inner_texts()
    words = tmp_path / "opened.txt"
    words.write_text("quartz\nquiz\n", "utf-8")
    subprocess.run([sys.executable, "-m", "puzzlesmith", "lexicon", "add", "opened", str(words)],
                   env=cli_env, check=True, capture_output=True)
    picker.focus()
    page.wait_for_function(
        "[...document.querySelectorAll('option')].some(o => o.value === 'opened')")


def test_every_tab_stop_is_visible(page: Any) -> None:
    """Defect 11: no invisible control takes a Tab stop (the form's hidden submit button did)."""
    page.goto("/words?q=a%3Fp%3Fe")
    page.wait_for_selector("#results li[data-word=apple]")
    page.locator("body").focus()
    seen = []
    for _ in range(40):
        page.keyboard.press("Tab")
        where = page.evaluate("""() => { const e = document.activeElement;
            const r = e.getBoundingClientRect();
            return [e.tagName + (e.id ? '#' + e.id : '') + ' ' + (e.textContent || '').trim().slice(0, 20),
                    r.width, r.height]; }""")
        seen.append(where[0])
        if "apple" in where[0]:
            break
        assert where[1] > 2 and where[2] > 2, f"an invisible tab stop: {where[0]}"
    assert any("apple" in s for s in seen), seen


def test_nothing_typed_or_linked_is_changed_silently(page: Any) -> None:
    """Defect 7 on the Words page: a long paste is kept whole (the server judges it), and an
    address asking for more words per anagram than the page offers says what it shows."""
    page.goto("/words?q=*&contains=" + "e" * 40)
    page.wait_for_selector("form[data-ready]")
    assert page.get_by_label("Must contain").input_value() == "e" * 40
    page.get_by_label("Must contain").fill("e" * 70)
    page.locator("#status.error").wait_for()
    assert "64" in page.locator("#status").inner_text()
    assert page.get_by_label("Must contain").input_value() == "e" * 70
    page.goto("/words?mode=anagram&q=listen&words=5")
    page.wait_for_selector("#results li[data-word=silent]")
    note = page.locator("#words-note")
    assert "5" in note.inner_text() and "3" in note.inner_text()
    assert note.is_visible()


@pytest.mark.viewport(375, 800)
def test_equation_mode(page: Any, shot: Any) -> None:
    page.goto("/words")
    page.wait_for_selector("form[data-ready]")
    page.get_by_text("Equations", exact=True).click()
    page.get_by_role("searchbox", name="Equation").fill("AB;BA;|A|=2;|B|=2;!=AB")
    page.wait_for_function("document.querySelector('#status').textContent.includes('solutions')")
    assert page.locator("#status").inner_text().startswith("252 solutions")
    first = page.locator("#results li").first
    assert shown_words(page, "#results li >> nth=0 >> [data-word]") == ["addy", "dyad"]
    assert "A=ad B=dy" in first.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "words-equation-375")
    # A malformed equation says where; the address reopens the same equation.
    page.get_by_role("searchbox", name="Equation").fill("AB;|A=3")
    page.locator("#status.error").wait_for()
    assert "at position 4" in page.locator("#status").inner_text()
    page.goto(page.url)
    page.wait_for_selector("form[data-ready]")
    assert page.get_by_role("radio", name="Equations").is_checked()


def test_sound_filters(page: Any) -> None:
    page.goto("/words?q=%3F%3F%3F%3F%3F&rhymes=table")
    page.wait_for_function("document.querySelector('#status').textContent.includes('left out')")
    assert shown_words(page) == ["cable", "label", "fable", "gable", "hable", "sable"]
    assert page.locator("#more").get_attribute("open") is not None
    page.get_by_label("Rhymes with").fill("")
    page.get_by_role("searchbox", name="Pattern").fill("????")
    page.get_by_label("Sounds like").fill("bare")
    page.wait_for_function("document.querySelector('#results li') && "
                           "document.querySelector('#results li').dataset.word === 'bear'")
    assert "like=bare" in page.url and "rhymes" not in page.url
    page.get_by_label("Sounds like").fill("")
    page.get_by_label("Rhymes with").fill("time")
    page.get_by_label("Near rhymes too").check()
    page.wait_for_function("[...document.querySelectorAll('#results li')]"
                           ".some(li => li.dataset.word === 'line')")
    words = shown_words(page)
    assert "near=1" in page.url and words.index("dime") < words.index("line")


@pytest.mark.parametrize("width", [1280, 375])
def test_foreign_words_checkbox(page: Any, shot: Any, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto("/words?q=m%3Fch%3F")
    page.wait_for_function("[...document.querySelectorAll('#results li')]"
                           ".some(li => li.dataset.word === 'mucho')")
    box = page.get_by_label("Foreign words too (ciao, merci)")
    assert box.is_checked()
    box.uncheck()
    page.wait_for_function("document.querySelectorAll('#results li').length > 0 && "
                           "![...document.querySelectorAll('#results li')]"
                           ".some(li => li.dataset.word === 'mucho')")
    assert "macho" in shown_words(page)
    assert "noforeign=1" in page.url
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"words-no-foreign-{width}")
    page.reload()
    assert not page.get_by_label("Foreign words too (ciao, merci)").is_checked()


@pytest.mark.parametrize("width", [320, 375])
def test_the_mode_switch_fits_a_small_phone(browser: Any, server: str, width: int) -> None:
    """The Pattern search / Anagrams / Equations switch stays inside its card: at 320 px it ran
    past the window's edge (the page scrolled sideways), at 375 px past the card's padding."""
    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": 800}, base_url=server)
    try:
        page = context.new_page()
        page.goto("/words")
        page.wait_for_selector("form[data-ready]")
        switch = page.locator("fieldset.segmented").bounding_box()
        box = page.get_by_role("searchbox", name="Pattern").bounding_box()
        assert switch["x"] + switch["width"] <= box["x"] + box["width"] + 0.5
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # Each mode is still a target to tap, in one row, with its whole name in view.
        tops = {round(page.get_by_text(n, exact=True).bounding_box()["y"])
                for n in ("Pattern search", "Anagrams", "Equations")}
        assert len(tops) == 1
        for name in ("Pattern search", "Anagrams", "Equations"):
            label = page.get_by_text(name, exact=True)
            mine = label.bounding_box()
            assert mine["height"] >= 24 and mine["x"] >= switch["x"] - 0.5
            assert mine["x"] + mine["width"] <= switch["x"] + switch["width"] + 0.5, name
            assert label.evaluate("e => e.scrollWidth <= e.clientWidth"), name
    finally:
        context.close()


@pytest.mark.parametrize("width", [1280, 375])
def test_a_slow_query_says_it_is_searching(browser: Any, server: str, width: int,
                                           shot: Any) -> None:
    """Issue 42: a slow first query (Rhymes loads the pronouncing dictionary) showed no busy
    sign: the last query's "12,578 words" stayed for seconds. The answer is held here until
    the page has been looked at."""
    from tests.web.a11y import assert_accessible

    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": 900}, base_url=server)
    page = context.new_page()
    page.set_default_timeout(60_000)
    held: list[Any] = []
    try:
        page.goto("/words?q=?????&syllables=2")
        page.wait_for_function("/\\d words/.test(document.querySelector('#status').textContent)")
        before = page.locator("#status").inner_text()
        page.route("**/api/match", lambda route: held.append(route))
        page.locator("#rhymes").fill("time")
        page.wait_for_function("document.querySelector('#status').textContent === 'Searching…'")
        assert page.locator("#results").get_attribute("aria-busy") == "true"
        assert_accessible(page, f"a slow query at {width} px")
        page.locator("#status").scroll_into_view_if_needed()
        shot(page, f"words-searching-{width}").unlink()  # the page is thousands of px long:
        from tests.web.conftest import ARTIFACTS  # the window only

        page.screenshot(path=str(ARTIFACTS / f"words-searching-{width}.png"))
        for route in held:
            route.continue_()
        page.unroute("**/api/match")
        page.wait_for_function("/\\d words/.test(document.querySelector('#status').textContent)")
        assert page.locator("#status").inner_text() != before
        assert page.locator("#results").get_attribute("aria-busy") is None
        assert "rhyme" in page.url
    finally:
        context.close()
