"""Meanings in a real browser: the senses panel, the Words page's meaning field, the Word grid
page's clue field, their state in the URL."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def shown_words(page: Any, selector: str = "#results li") -> list[str]:
    words: list[str] = page.locator(selector).evaluate_all("els => els.map(e => e.dataset.word)")
    return words


def test_clicking_a_word_shows_its_senses(page: Any, shot: Any) -> None:
    page.goto("/words?q=falcon")
    page.locator("#results li[data-word=falcon]").click()
    panel = page.locator("#senses")
    panel.locator(".sense").first.wait_for()
    assert panel.get_by_role("heading", name="falcon").is_visible()
    text = panel.inner_text()
    assert "diurnal birds of prey" in text and "kind of: hawk" in text
    assert panel.locator("h3").evaluate_all("els => els.map(e => e.textContent)") == ["noun", "verb"]
    assert panel.locator("ol").nth(1).get_attribute("start") == "2"  # numbered as `define`
    # A related word in the panel opens its own senses; Escape closes the panel.
    panel.locator(".word-link[data-word=hawk]").click()
    page.wait_for_function("document.querySelector('#senses-title').textContent === 'hawk'")
    shot(page, "senses-panel")
    page.keyboard.press("Escape")
    panel.wait_for(state="hidden", timeout=10_000)  # the key handler runs after the press returns


def test_focusing_a_word_by_keyboard_shows_its_senses(page: Any) -> None:
    page.goto("/words?mode=anagram&q=geese")
    page.wait_for_selector("#results li[data-word=geese]")
    page.locator("#results li[data-word=geese] button").focus()
    page.wait_for_function("document.querySelector('#senses .sense') !== null")
    assert "base form: goose" in page.locator("#senses").inner_text()


def test_meaning_field_filters_and_is_in_the_url(page: Any, shot: Any) -> None:
    page.goto("/words")
    page.wait_for_selector("form[data-ready]")
    page.get_by_role("searchbox", name="Pattern").fill("?a?c??")
    page.wait_for_function("document.querySelectorAll('#results li').length > 50")
    page.get_by_role("searchbox", name="Topic or words").fill("bird")
    page.wait_for_function("document.querySelectorAll('#results li').length === 1")
    assert shown_words(page) == ["falcon"]
    assert "kind=bird" in page.url
    shot(page, "words-kind-of-bird")
    page.get_by_label("Meaning", exact=True).select_option("means")
    page.wait_for_function("location.search.includes('means=bird')")
    # A description with a word WordNet knows nowhere is answered without it, and says so
    page.goto("/words?q=%3F%3F%3F%3F%3F&means=large%20xyzzyq%20bird")
    page.locator("#results li[data-word='stork']").wait_for()
    assert "read without “xyzzyq”" in page.locator("#status").inner_text()
    page.goto("/words?q=newy%3F%3F%3F&phrases=1")
    page.wait_for_selector("#results li[data-word='new york']")
    assert page.get_by_label("Phrases too (new york)").is_checked()


def test_wordgrid_clue_filters_the_answers(page: Any, shot: Any) -> None:
    page.goto("/wordgrid")
    page.wait_for_selector("form#solve-form[data-ready]")
    page.get_by_label("Clue").fill("It's a bird")
    page.get_by_role("button", name="Find all").click()
    page.wait_for_selector("ol.solutions li")
    answers = page.locator("ol.solutions button").all_inner_texts()
    assert "falcon" in answers and "parrot" in answers and "common" not in answers
    assert "clue=It" in page.url
    # The answer shown is a word to click for its meaning.
    page.locator("#answer-words button.word").first.click()
    page.locator("#senses .sense").first.wait_for()
    shot(page, "wordgrid-clue-bird")
    # The clue comes back with the address.
    page.goto(page.url)
    page.wait_for_selector("form#solve-form[data-ready]")
    assert page.get_by_label("Clue").input_value() == "It's a bird"


def test_clickable_words_are_buttons(page: Any) -> None:
    """Defect 11: a word to click is a button to a screen reader, not a bare focusable <li>."""
    page.goto("/words?q=falco%3F")
    page.wait_for_selector("#results li[data-word=falcon]")
    assert page.locator("#results").get_by_role("button", name="falcon").count() == 1
    page.goto("/wordgrid?g=______-ipoaru-gettct")
    page.wait_for_selector("form[data-ready]")
    page.get_by_role("button", name="Find one").click()
    page.locator("#status.good").wait_for()
    for path in ("/words?q=falco%3F", None):
        if path:
            page.goto(path)
            page.wait_for_selector("#results li[data-word=falcon]")
        bare = page.evaluate("""() => [...document.querySelectorAll('[tabindex="0"]')]
            .filter(e => !e.matches('a, button, input, select, textarea') && !e.getAttribute('role'))
            .map(e => e.outerHTML.slice(0, 60))""")
        assert bare == []


def test_word_grid_column_words_show_their_meaning(page: Any) -> None:
    """Defect 10: every word the word grid shows, the columns too, can be clicked for a meaning."""
    page.goto("/wordgrid?g=______-ipoaru-gettct")
    page.wait_for_selector("form[data-ready]")
    page.get_by_role("button", name="Find one").click()
    page.locator("#status.good").wait_for()
    page.locator("#columns").get_by_role("button", name="nut").click()
    page.wait_for_function("document.querySelector('#senses-title').textContent === 'nut'")
    page.locator("#senses .sense").first.wait_for()
    page.locator("#answer-words").get_by_role("button", name="COMMON").press("Enter")
    page.wait_for_function("document.querySelector('#senses-title').textContent === 'common'")


def test_the_panel_closes_when_its_word_goes_and_stays_while_it_is_shown(page: Any) -> None:
    """Defect 9: the panel never describes a word the results no longer show."""
    page.goto("/words?q=falco%3F")
    page.locator("#results li[data-word=falcon]").click()
    panel = page.locator("#senses")
    panel.locator(".sense").first.wait_for()
    box = page.get_by_role("searchbox", name="Pattern")
    box.fill("f?lcon")  # new results that still show falcon: the panel follows them
    page.wait_for_function("location.search.includes('f%3Flcon')")
    page.wait_for_selector("#results li[data-word=falcon]")
    assert panel.is_visible() and page.locator("#senses-title").inner_text() == "falcon"
    box.fill("a?p?e")
    page.wait_for_selector("#results li[data-word=apple]")
    panel.wait_for(state="hidden")


@pytest.mark.viewport(375, 700)
def test_on_a_phone_the_panel_leaves_most_of_the_screen_and_the_word_in_view(page: Any) -> None:
    page.goto("/words?mode=anagram&q=listen")
    word = page.locator("#results li[data-word=silent]")
    word.click()
    panel = page.locator("#senses")
    panel.locator(".sense").first.wait_for()
    height = panel.bounding_box()["height"]
    assert height <= 0.4 * 700, height
    page.wait_for_function("""() => {
        const w = document.querySelector('#results li[data-word=silent]').getBoundingClientRect();
        const p = document.querySelector('#senses').getBoundingClientRect();
        return w.bottom <= p.top && w.top >= 0;
    }""")


@pytest.mark.parametrize("width", [pytest.param(1280, marks=pytest.mark.viewport(1280, 900), id="1280"),
                                   pytest.param(375, marks=pytest.mark.viewport(375, 800), id="375")])
def test_names_the_dictionary_lacks_are_named_from_the_crossword_list(
        page: Any, shot: Any, width: int) -> None:
    """The CLI's line after the words: `??????:planet` on the bundled list answers only
    vesper, and the page names Saturn and Uranus from the crossword list, as words that open
    their senses; a search without such names hides the line."""
    page.goto("/words?q=%3F%3F%3F%3F%3F%3F&means=planet")
    note = page.locator("#elsewhere")
    note.wait_for()
    assert shown_words(page) == ["vesper"]
    assert note.inner_text().startswith("Names not in letterpress, from the crossword list:")
    assert shown_words(page, "#elsewhere li") == ["saturn", "uranus"]
    box = note.bounding_box()
    assert box is not None and box["x"] + box["width"] <= width  # nothing runs off the page
    shot(page, f"words-names-elsewhere-{width}")
    note.locator("li[data-word=saturn] button").click()
    page.locator("#senses .sense").first.wait_for()
    assert "planet" in page.locator("#senses").inner_text()
    page.keyboard.press("Escape")
    page.get_by_role("searchbox", name="Topic or words").fill("")
    note.wait_for(state="hidden")
