"""The Crossword fill page in a real browser: blocks with symmetry, typed letters kept, fill,
the "cannot be filled" warning. The editor's own flows (candidates, clues, files, region fill,
undo) are in test_browser_editor.py."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser

# The page fills from the crossword list by default; tests whose figures depend on the list
# name the Letterpress list's common words (the page's address keeps both).
COMMON = "lexicon=letterpress&common=1"


def cell(page: Any, r: int, c: int) -> Any:
    return page.get_by_label(f"Row {r}, column {c}", exact=False).first


def grid_rows(page: Any) -> list[str]:
    rows: list[str] = page.eval_on_selector_all(
        "#grid tr", "trs => trs.map(tr => [...tr.querySelectorAll('input')]"
        ".map(i => i.classList.contains('block') ? '#' : (i.value || '.')).join(''))")
    return rows


def test_blocks_letters_and_fill(page: Any, shot: Any) -> None:
    page.goto("/fill?size=5")
    page.wait_for_selector("form[data-ready]")
    assert grid_rows(page) == ["....."] * 5
    cell(page, 1, 1).click()
    page.keyboard.press("#")  # with symmetry on, the opposite corner becomes a block too
    assert grid_rows(page)[0][0] == "#" and grid_rows(page)[4][4] == "#"
    cell(page, 2, 1).click()
    page.keyboard.type("s")
    page.keyboard.press("Enter")
    page.locator("#status.good").wait_for(timeout=30_000)
    rows = grid_rows(page)
    assert rows[1][0] == "s" and all("." not in row for row in rows)
    assert page.locator("#across li").count() == 5 and page.locator("#down li").count() == 5
    shot(page, "fill-5x5")
    assert page.locator("#advice").is_hidden()  # a fill needs no advice
    page.get_by_role("button", name="Clear fill").click()
    rows = grid_rows(page)
    assert rows[1] == "s...." and rows[0] == "#...."


def test_unfillable_entry_warning(page: Any, shot: Any) -> None:
    page.goto(f"/fill?size=5&{COMMON}")
    page.wait_for_selector("form[data-ready]")
    cell(page, 1, 1).click()
    page.keyboard.type("qxzj")
    page.locator("#warning:not([hidden])").wait_for()
    assert "cannot be filled" in page.locator("#warning").inner_text()
    assert "1 across" in page.locator("#warning").inner_text()
    shot(page, "fill-warning")


def test_symmetry_off_lock_entry_and_fill_again(page: Any) -> None:
    page.goto("/fill?size=5")
    page.wait_for_selector("form[data-ready]")
    page.get_by_label("Block symmetry").select_option("none")
    cell(page, 1, 1).click()
    page.keyboard.press(".")
    rows = grid_rows(page)
    assert rows[0][0] == "#" and rows[4][4] == "."
    page.keyboard.press(".")  # the same key takes the block away again
    assert grid_rows(page)[0][0] == "."
    cell(page, 1, 1).click()
    page.keyboard.press("#")
    cell(page, 5, 5).click()
    page.keyboard.press("#")
    page.get_by_role("button", name="Fill", exact=True).click()
    page.locator("#status.good").wait_for(timeout=30_000)
    second_row = grid_rows(page)[1]
    cell(page, 2, 3).click()
    # The second click on row 1, column 1 above turned the typing direction to down.
    assert page.locator("#entry-label").inner_text() == "2 down"
    page.keyboard.press("Space")
    assert page.locator("#entry-label").inner_text() == "5 across"
    page.get_by_role("button", name="Lock entry").click()
    page.get_by_role("button", name="Fill again").click()
    page.locator("#status.good").wait_for(timeout=30_000)
    assert grid_rows(page)[1] == second_row
    page.get_by_role("button", name="Clear fill").click()
    assert grid_rows(page)[1] == second_row and "." in "".join(grid_rows(page))


def test_allow_2_min_score_and_a_typed_entry_not_in_the_list(page: Any) -> None:
    page.goto(f"/fill?size=5&{COMMON}")
    page.wait_for_selector("form[data-ready]")
    cell(page, 1, 3).click()
    page.keyboard.press("#")  # 1 across and 5 across become 2-letter entries
    page.locator("#warning:not([hidden])").wait_for()
    assert "2-letter entries" in page.locator("#warning").inner_text()
    page.get_by_label("Allow 2-letter entries").check()
    page.wait_for_function("document.getElementById('warning').hidden")
    page.get_by_label("Min. word score").fill("100")
    page.get_by_label("Min. word score").dispatch_event("change")
    page.locator("#warning:not([hidden])").wait_for()
    assert "cannot be filled" in page.locator("#warning").inner_text()
    assert "min=100" in page.url and "two=1" in page.url
    page.goto("/fill?size=5")
    page.wait_for_selector("form[data-ready]")
    cell(page, 1, 1).click()
    page.keyboard.type("zzqxv")  # typed whole: the filler keeps it, the check names it
    page.locator("#warning:not([hidden])").wait_for()
    assert "not in the word list" in page.locator("#warning").inner_text()


# 15x15 themed 1 of benchmarks/fill.py: with the common words a core of its entries has no
# fill on its own (found by `fill` in about 0.6 CPU s), so the page gets a core proof.
CORE_GRID = ["...#...#...#...", "...#...#...#...", "...........#...", "...............",
             "#...#...##.....", "...#...##...###", ".....#....#...#", "...............",
             "#...#....#.....", "###...##...#...", ".....##...#...#", "...............",
             "...#...........", "...#...#...#...", "...#...#...#..."]


def test_core_proof_message_names_the_core(page: Any, client: Any, shot: Any) -> None:
    doc = client.post("/api/fill", json={"grid": CORE_GRID, "lexicon": "letterpress", "common": True,
                                         "time_limit": 30}).json()
    assert doc["status"] == "impossible" and doc["core"], doc.get("status")
    # A longer time limit than the default 10 s (?limit=60): a loaded test machine.
    page.goto(f"/fill?size=15&limit=60&{COMMON}&g=" + quote("-".join(CORE_GRID)))
    page.wait_for_selector("form[data-ready]")
    assert grid_rows(page) == CORE_GRID
    page.get_by_role("button", name="Fill", exact=True).click()
    page.locator("#status.warn").wait_for(timeout=90_000)
    text = page.locator("#status").inner_text()
    assert text.startswith(f"Impossible: these {len(doc['core'])} entries have no fill even on their own")
    assert text.rstrip(".").endswith(", ".join(doc["core"]))
    assert "." in "".join(grid_rows(page))  # nothing was filled in
    assert "Common words only" in page.locator("#advice:not([hidden])").inner_text()
    shot(page, "fill-core-proof")


def test_a_long_fill_shows_its_progress(page: Any) -> None:
    # An open 7x7 with the common words runs to its limit (3 s here): meanwhile a bar shows
    # the time used of it; it goes away with the answer.
    page.goto(f"/fill?size=7&limit=3&{COMMON}")
    page.wait_for_selector("form[data-ready]")
    assert page.locator("#fill-working").is_hidden()
    page.get_by_role("button", name="Fill", exact=True).click()
    page.locator("#fill-working:not([hidden])").wait_for(timeout=2_000)
    page.wait_for_function("document.getElementById('fill-progress').value > 0", timeout=5_000)
    assert "stops by 3 s" in page.locator("#fill-elapsed").inner_text()
    page.locator("#fill-working[hidden]").wait_for(state="attached", timeout=30_000)
    assert page.locator("#status").inner_text() != "Filling…"


def test_block_and_prefer_lists_reach_the_fill(page: Any, shot: Any) -> None:
    page.goto("/fill?size=5&g=%23....-.....-.....-.....-....%23")
    page.wait_for_selector("form[data-ready]")
    page.get_by_role("button", name="Fill", exact=True).click()
    page.locator("#status.good").wait_for(timeout=30_000)
    first = grid_rows(page)[1]  # 6 across, a five-letter word
    page.get_by_role("button", name="Clear fill").click()
    page.locator("#setter-lists summary").click()
    page.get_by_label("Never use these words").fill(first.upper())
    # the registered test list (conftest's "tiny") offered beside the typed words
    assert "tiny" in page.locator("#block-list option").all_inner_texts()
    page.locator("#block-list").select_option("tiny")
    assert any("." in row for row in grid_rows(page))  # cleared
    page.get_by_role("button", name="Fill", exact=True).click()
    page.wait_for_function("[...document.querySelectorAll('#grid input')]"
                           ".every(i => i.classList.contains('block') || i.value)", timeout=30_000)
    rows = grid_rows(page)
    entries = rows + ["".join(col) for col in zip(*rows, strict=True)]
    assert all(first not in e.replace("#", " ").split() for e in entries)
    assert not {"star", "rats", "arts", "tars", "tsar"} & {w for e in entries for w in e.split("#")}
    shot(page, "fill-lists")


def test_repeat_rules_and_scores_by_length_reach_the_fill(page: Any, shot: Any) -> None:
    # The default fill of this grid has THAT and THIS (TH twice) and 5-letter words scoring
    # under 30: with the rules set on the page, its fill is the CLI's with the same flags.
    from tests.web.test_api_words import cli_json

    rows = ["#....", ".....", ".....", ".....", "....#"]
    page.goto("/fill?g=" + quote("-".join(rows)))
    page.wait_for_selector("form[data-ready]")
    page.locator("#fill-rules summary").click()
    page.get_by_label("No two entries share this many letters in a row").fill("2")
    page.get_by_label("Least score by length").fill("4:30, 5:30")
    page.get_by_label("Least score by length").press("Tab")
    assert page.locator("#rules-error").is_hidden()
    page.get_by_role("button", name="Fill", exact=True).click()
    page.locator("#status.good").wait_for(timeout=30_000)
    cli_doc = cli_json("fill", "/".join(rows), "--max-shared-substring", "2",
                       "--min-score-by-length", "4:30,5:30")
    default = cli_json("fill", "/".join(rows))
    assert grid_rows(page) == cli_doc["grid"] != default["grid"]
    assert "shared=2" in page.url and "bylen=4%3A30%2C5%3A30" in page.url
    shot(page, "fill-rules")
    # A pair the page cannot read is named next to the control and left out.
    page.get_by_label("Least score by length").fill("4:30, 3-40")
    page.get_by_label("Least score by length").press("Tab")
    assert "3-40" in page.locator("#rules-error").inner_text()
    assert page.get_by_label("Least score by length").get_attribute("aria-invalid") == "true"
    # The stem rule's box goes with every request (the check's and the candidates' too).
    with page.expect_request(lambda r: r.url.endswith("/api/fill/check")) as asked:
        page.get_by_label("Allow two entries of one stem (RULE and RULED)").check()
    assert asked.value.post_data_json["allow_same_stem"] is True
    # And so does the shared-run rule (the check and the candidates count it too).
    assert asked.value.post_data_json["max_shared_substring"] == 2


IN_VIEW = """el => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; }"""


# Some element of the page shows the given outcome and lies wholly within the window.
OUTCOME_IN_VIEW = f"""text => [...document.querySelectorAll('#fill-form *')].some(el =>
  !el.children.length && el.textContent === text && el.getClientRects().length
  && ({IN_VIEW})(el))"""


@pytest.mark.viewport(375, 600)
def test_a_phone_keeps_the_entry_being_typed_in_a_bar_above_the_grid(page: Any, shot: Any) -> None:
    """On a phone (600 px high: a soft keyboard takes the rest) the entry panel is far below
    the grid; a bar above the grid shows the selected entry's label, letters, clue and how many
    words fit it, stays at the top of the window while the grid scrolls under it without hiding
    the cell typed into, and its button leads to the candidates; placing one comes back."""
    page.goto("/fill")
    page.wait_for_selector("form[data-ready]")
    page.wait_for_selector("#candidates[aria-busy='false']")
    bar = page.locator("#entry-bar")
    # Scroll the grid's top rows off the window, then type into row 13 (56 across).
    page.locator("#grid tr").nth(6).evaluate("tr => tr.scrollIntoView({block: 'start'})")
    cell(page, 13, 1).click()
    page.wait_for_selector("#candidates[aria-busy='false']")
    assert page.locator("#bar-cands").inner_text()[0].isdigit()
    # Typing along the entry keeps a count in the bar (the last one, until the new one comes),
    # not a placeholder flickering in and out on every letter.
    page.evaluate("""() => { const b = document.getElementById('bar-cands'); window.seen = [];
      new MutationObserver(() => seen.push(b.textContent)).observe(b, {childList: true}); }""")
    page.keyboard.type("ab")
    page.wait_for_selector("#candidates[aria-busy='false']")
    seen = page.evaluate("seen")
    assert seen and not [t for t in seen if not t[0].isdigit()], seen
    assert not page.locator("#candidates").evaluate(IN_VIEW)  # the panel's list is off screen
    assert bar.evaluate(IN_VIEW)
    assert page.locator("#bar-label").inner_text() == "56 across"
    assert page.locator("#bar-pattern").inner_text() == "AB··"
    assert page.locator("#bar-clue").inner_text() == "No clue yet"
    # The count is the candidates list's own (its summary: "N fit AB··; M leave …").
    summary = page.locator("#cand-summary").inner_text()
    total = summary.split(" fit ")[0]
    assert page.locator("#bar-cands").inner_text().startswith(f"{total} candidate"), summary
    focused = page.locator("#grid input:focus")
    assert focused.get_attribute("aria-label") == "Row 13, column 3"
    clear = """([c, b]) => { const r = c.getBoundingClientRect(), s = b.getBoundingClientRect();
      return r.top >= s.bottom - 0.5 && r.bottom <= innerHeight; }"""
    assert page.evaluate(clear, [focused.element_handle(), bar.element_handle()])
    shot(page, "fill-phone-entry-bar")
    # Up to row 1: the page scrolls back, the bar still above the cell with the focus.
    cell(page, 2, 1).click()
    page.keyboard.press("ArrowUp")
    focused = page.locator("#grid input:focus")
    assert focused.get_attribute("aria-label") == "Row 1, column 1"
    assert page.evaluate(clear, [focused.element_handle(), bar.element_handle()])
    assert page.locator("#bar-label").inner_text() == "1 across"
    # A clue written in the panel shows in the bar.
    page.get_by_label("Clue", exact=True).fill("Kind of sandwich")
    assert page.locator("#bar-clue").inner_text() == "Kind of sandwich"
    # The bar's button leads to the candidates, the first one focused; a candidate placed
    # brings the grid and the bar back with its letters.
    cell(page, 13, 1).click()
    page.wait_for_selector("#candidates[aria-busy='false']")
    page.locator("#bar-cands").click()
    first = page.locator("#candidates button").first
    page.wait_for_function(f"({IN_VIEW})(document.querySelector('#candidates button'))")
    assert first.evaluate("b => document.activeElement === b")
    word = first.get_attribute("data-word")
    assert word and word.startswith("ab")
    first.click()
    page.wait_for_function(f"({IN_VIEW})(document.getElementById('entry-bar'))")
    assert page.locator("#bar-pattern").inner_text() == word.upper()
    assert "".join(grid_rows(page)[12][:4]) == word


@pytest.mark.viewport(375, 600)
def test_a_phone_sees_why_its_letters_cannot_be_filled_above_the_grid(page: Any) -> None:
    """The warning about the setter's letters is under the grid, off screen while typing on a
    phone; the entry bar says it too, in view above the cells typed into, and drops it when
    the letters go."""
    page.goto("/fill")
    page.wait_for_selector("form[data-ready]")
    page.locator("#grid tr").nth(2).evaluate("tr => tr.scrollIntoView({block: 'start'})")
    cell(page, 7, 1).click()
    page.keyboard.type("qxz")
    page.locator("#warning:not([hidden])").wait_for(state="attached")
    warning = page.locator("#warning").inner_text()
    assert "33 across" in warning
    assert not page.locator("#warning").evaluate(IN_VIEW)
    page.wait_for_function(OUTCOME_IN_VIEW, arg=warning)
    for _ in range(3):
        page.keyboard.press("Backspace")
    page.wait_for_selector("#fill-form[data-checked='1']")
    assert page.locator("#warning").is_hidden()
    assert page.locator("#bar-warning").evaluate("w => w.hidden && !w.textContent")


@pytest.mark.viewport(375, 800)
def test_a_phone_gets_cells_a_finger_can_hit_and_sees_the_fill(page: Any, shot: Any) -> None:
    """On a 375 px phone the 15x15 grid keeps cells of at least 28 px (it scrolls sideways,
    its edges shaded, a note saying which columns show), the page itself does not scroll
    sideways, typing along a row keeps the cell typed into in view, and after Fill, pressed
    below the grid, the filled grid is brought into view."""
    page.goto("/fill")
    page.wait_for_selector("form[data-ready]")
    width = page.locator("#grid input").first.bounding_box()["width"]
    assert width >= 28, width
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    board = page.locator("#board")
    assert board.evaluate("b => b.scrollWidth > b.clientWidth")
    note = page.locator("#board-scroll-note")
    assert note.is_visible() and "of 15" in note.inner_text() and "sideways" in note.inner_text()
    assert page.locator(".xw-frame.more-right").count() == 1
    assert page.locator(".xw-frame.more-left").count() == 0
    shot(page, "fill-phone-15x15")
    # Along row 1 to its last column: the cell with the focus is always inside the box.
    cell(page, 1, 1).click()
    for _ in range(14):
        page.keyboard.press("ArrowRight")
    last = cell(page, 1, 15)
    assert last.evaluate("c => document.activeElement === c")
    inside = """c => { const r = c.getBoundingClientRect();
      const b = c.closest('.board-scroll').getBoundingClientRect();
      return r.left >= b.left - 0.5 && r.right <= b.right + 0.5; }"""
    assert last.evaluate(inside)
    page.wait_for_function("document.querySelector('.xw-frame').classList.contains('more-left')")
    assert "15 of 15" in note.inner_text()
    # Fill, pressed below the grid: the grid comes back into view with its letters.
    fill = page.get_by_role("button", name="Fill", exact=True)
    fill.scroll_into_view_if_needed()
    assert not page.locator("#grid").evaluate(IN_VIEW)
    fill.click()
    page.locator("#status.good").wait_for(timeout=60_000)
    page.wait_for_function(f"({IN_VIEW})(document.getElementById('grid'))")
    assert all("." not in row for row in grid_rows(page))
    # And the fill's outcome shows with it, without scrolling (the status line is below).
    outcome = page.locator("#status").inner_text()
    assert outcome.startswith("Filled: weakest entry")
    page.wait_for_function(OUTCOME_IN_VIEW, arg=outcome)
    shot(page, "fill-phone-filled")


@pytest.mark.viewport(375, 800)
def test_a_phone_can_see_the_whole_grid_and_tap_back_into_a_cell(page: Any, shot: Any) -> None:
    """Whole grid (only while the grid is wider than its box) shows all 15 columns in the width
    of the phone; a tap on a cell of the overview goes back to full-size cells with that cell
    selected and in view."""
    page.goto("/fill")
    page.wait_for_selector("form[data-ready]")
    toggle = page.get_by_role("button", name="Whole grid")
    assert toggle.get_attribute("aria-pressed") == "false"
    full = page.locator("#grid input").first.bounding_box()["width"]
    toggle.click()
    page.wait_for_function("(b => b.scrollWidth <= b.clientWidth)(document.getElementById('board'))")
    assert toggle.get_attribute("aria-pressed") == "true" and toggle.is_visible()
    page.wait_for_function("!document.querySelector('.xw-frame.more-left, .xw-frame.more-right')")
    assert page.locator("#board-scroll-note").is_hidden()
    right = page.locator("#grid").bounding_box()
    assert right["x"] >= 0 and right["x"] + right["width"] <= 375, right
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert page.locator("#grid input").first.bounding_box()["width"] < full
    shot(page, "fill-phone-whole-grid")
    # A press on row 6, column 14 (in 30 across, columns 13-15): full-size cells again, that
    # cell focused and inside the box.
    cell(page, 6, 14).click()
    page.wait_for_function("document.activeElement?.getAttribute('aria-label') === 'Row 6, column 14'")
    assert toggle.get_attribute("aria-pressed") == "false"
    assert page.locator("#grid input").first.bounding_box()["width"] == full
    inside = """c => { const r = c.getBoundingClientRect();
      const b = c.closest('.board-scroll').getBoundingClientRect();
      return r.left >= b.left - 0.5 && r.right <= b.right + 0.5; }"""
    page.wait_for_function(f"({inside})(document.activeElement)")
    assert page.locator("#bar-label").inner_text() == "30 across"


@pytest.mark.viewport(1280, 800)
def test_a_desktop_fill_also_brings_the_grid_into_view_and_does_not_scroll_it(page: Any) -> None:
    page.goto("/fill?size=5")
    page.wait_for_selector("form[data-ready]")
    assert page.locator("#grid input").first.bounding_box()["width"] >= 28
    assert page.locator("#board-scroll-note").is_hidden()
    assert page.locator("#board").evaluate("b => b.scrollWidth <= b.clientWidth")
    fill = page.get_by_role("button", name="Fill", exact=True)
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    assert not page.locator("#grid").evaluate(IN_VIEW)
    fill.click()
    page.locator("#status.good").wait_for(timeout=30_000)
    page.wait_for_function(f"({IN_VIEW})(document.getElementById('grid'))")
    page.wait_for_function(OUTCOME_IN_VIEW, arg=page.locator("#status").inner_text())


@pytest.mark.parametrize("width", [1280, 375])
def test_the_time_limit_and_iffy_words_are_set_on_the_page(browser: Any, server: str,
                                                            width: int, shot: Any) -> None:
    """Issue 42: a setter sets the fill's time limit on the page (it was 10 s, or the
    address's `limit`), and ticks "Allow iffy words" (the API's allow_iffy); both reach every
    fill request and stay in the address."""
    context = browser.new_context(viewport={"width": width, "height": 900}, base_url=server,
                                  bypass_csp=True)  # (wait_for_function evaluates a string)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto("/fill?size=5")
        page.wait_for_selector("form[data-ready]")
        assert page.get_by_label("Time limit (s)").input_value() == "10"
        page.get_by_label("Time limit (s)").fill("25")
        page.get_by_label("Time limit (s)").dispatch_event("change")
        page.get_by_label("Allow iffy words").check()
        with page.expect_request("**/api/fill") as sent:
            page.get_by_role("button", name="Fill", exact=True).click()
        body = sent.value.post_data_json
        assert body["time_limit"] == 25 and body["allow_iffy"] is True
        page.locator("#status.good").wait_for()
        assert "limit=25" in page.url and "iffy=1" in page.url
        shot(page, f"fill-time-limit-iffy-{width}")
        page.get_by_label("Time limit (s)").fill("600")  # past the page's bound: 60
        page.get_by_label("Time limit (s)").dispatch_event("change")
        assert page.get_by_label("Time limit (s)").input_value() == "60"
        page.reload()
        page.wait_for_selector("form[data-ready]")
        assert page.get_by_label("Time limit (s)").input_value() == "60"
        assert page.get_by_label("Allow iffy words").is_checked()
        # The check the unticking sends: a check the reload started may still be on its way
        # (with iffy words allowed), so wait for the request in that state, not the next one.
        with page.expect_request(lambda r: r.url.endswith("/api/fill/check")
                                 and r.post_data_json.get("allow_iffy") is False):
            page.get_by_label("Allow iffy words").uncheck()
    finally:
        context.close()
