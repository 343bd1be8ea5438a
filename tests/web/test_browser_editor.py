"""The crossword editor on /fill in a real browser, at 1280 and 375 px: it opens on a grid it
can fill, candidates (their crossing marks checked against a regex scan of the word list),
clues, .puz and .ipuz through download and upload (read back with puzpy and json), region
fill, lock, undo and redo, symmetry, and a clear message for bad input."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import puz
import pytest

from tests.web.a11y import assert_accessible
from tests.web.test_api_words import cli_json
from tests.web.test_browser_fill import COMMON, cell, grid_rows

pytestmark = pytest.mark.browser

WIDTHS = [pytest.param(1280, marks=pytest.mark.viewport(1280, 900), id="1280"),
          pytest.param(375, marks=pytest.mark.viewport(375, 800), id="375")]


def ready(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("form[data-ready]")


def checked(page: Any) -> None:
    """Wait until the page shows the check of the grid as it stands."""
    page.wait_for_selector("#fill-form[data-checked='1']")


def candidates_shown(page: Any) -> None:
    """Wait until the candidates of the selected entry, as the grid stands, are shown."""
    page.wait_for_selector("#candidates[aria-busy='false']")


def figures(page: Any, label: str) -> str:
    number, direction = label.split()
    text: str = page.locator(f"#{direction} li[value='{number}'] .fig").inner_text()
    return text


@cache
def common_words() -> frozenset[str]:
    """The list the page uses (the Letterpress list's common words): data only."""
    from puzzlesmith.lexicon import LexiconSpec, common_cut, narrowed

    lex, _ = narrowed(LexiconSpec("letterpress", common_cut(True)))
    return frozenset(lex.words)


def runs(rows: list[str]) -> list[list[tuple[int, int]]]:
    """Every across and down run of 2+ non-block cells (the oracle's own finder)."""
    out = []
    for grid, flip in ((rows, False), (["".join(c) for c in zip(*rows, strict=True)], True)):
        for r, row in enumerate(grid):
            for m in re.finditer(r"[^#]{2,}", row):
                out.append([(c, r) if flip else (r, c) for c in range(m.start(), m.end())])
    return out


@pytest.mark.parametrize("width", WIDTHS)
def test_opens_ready_to_fill_with_both_figures(page: Any, width: int, shot: Any) -> None:
    # Defect 3: the default grid opened saying "cannot be filled together" and "0 fit" for all.
    ready(page, "/fill")
    checked(page)
    candidates_shown(page)
    assert page.locator("#candidates li").count() == 100
    assert page.locator("#warning").is_hidden()
    assert page.locator("#lexicon").input_value() == "crossword"  # the fill's list, as the CLI
    figs = page.locator("ol.entry-list .fig").all_inner_texts()
    assert figs and all(re.fullmatch(r"[\d,]+ fit · [\d,]+ after crossings", f) for f in figs), figs[:3]
    assert not any(f.startswith("0 fit") for f in figs)
    assert re.search(r"\d+ words, 40 blocks, average word length \d\.\d", page.locator("#stats").inner_text())
    shot(page, f"editor-open-{width}")
    assert_accessible(page, f"editor opened at {width} px")
    # Fill it: the page says how, and marks the weakest entries with their scores.
    page.get_by_role("button", name="Fill", exact=True).click()
    page.locator("#status.good").wait_for(timeout=60_000)
    assert all("." not in row for row in grid_rows(page))
    weakest = page.locator("#weakest-list button").all_inner_texts()
    assert len(weakest) == 5 and page.locator("input.cell.weak").count() >= 5
    scores = [int(w.split()[-1]) for w in weakest]
    assert scores == sorted(scores) and f"weakest entry {scores[0]}," in page.locator("#status").inner_text()
    shot(page, f"editor-filled-{width}")
    assert_accessible(page, f"editor filled at {width} px")


def test_a_conflict_points_at_the_typed_letters_and_keeps_the_figures(page: Any) -> None:
    ready(page, f"/fill?{COMMON}")
    checked(page)
    cell(page, 1, 1).click()
    page.keyboard.type("quiz")
    cell(page, 2, 1).click()
    page.keyboard.press("Space")  # type down
    page.keyboard.type("uip")
    assert grid_rows(page)[3].startswith("p")
    checked(page)  # the check of the grid as it now stands (earlier letters had conflicts too)
    text = page.locator("#warning").inner_text()
    assert "cannot be filled together: 3 down and 17 across" in text
    assert "the letters you typed" in text
    bad = page.eval_on_selector_all("input.cell.bad", "xs => xs.map(x => x.getAttribute('aria-label'))")
    assert set(bad) == {"Row 1, column 3", "Row 3, column 1"}  # the I of QUIZ and the I of QUIP
    # Every other entry still shows how many words fit it.
    # "....." (five letters); nothing is counted after crossings once they empty an entry.
    fig = figures(page, "5 across")
    assert re.fullmatch(r"[\d,]+ fit", fig) and int(fig.split()[0].replace(",", "")) > 2000, fig


def test_an_empty_grid_names_the_block_pattern_not_the_setter(page: Any) -> None:
    ready(page, f"/fill?{COMMON}")
    checked(page)
    page.get_by_role("button", name="Clear grid").click()  # no blocks: 15-letter entries
    checked(page)
    assert "with this block pattern and word list" in page.locator("#warning").inner_text()
    assert page.locator("input.cell.bad").count() == 0
    assert figures(page, "1 across").startswith("50 fit")


@pytest.mark.parametrize("width", WIDTHS)
def test_candidates_marks_match_a_regex_scan_and_place(page: Any, width: int, shot: Any) -> None:
    ready(page, f"/fill?size=5&{COMMON}")
    cell(page, 2, 1).click()
    page.keyboard.type("q")
    cell(page, 2, 3).click()
    page.keyboard.type("xj")
    cell(page, 1, 2).click()  # 1 across, five letters, crossing .q..., .x... and .j... downs
    page.wait_for_function("document.getElementById('entry-label').textContent === '1 across'")
    candidates_shown(page)
    rows = grid_rows(page)
    buttons = page.locator("#candidates button")
    shown = page.eval_on_selector_all(
        "#candidates button", "bs => bs.map(b => [b.dataset.word, b.dataset.viable === '1', "
        "Number(b.dataset.score)])")
    assert len(shown) == 100
    marks = [v for _, v, _ in shown]
    assert marks == sorted(marks, reverse=True)  # words that keep their crossings first
    for group in (True, False):
        scores = [s for _, v, s in shown if v == group]
        assert scores == sorted(scores, reverse=True)
    words = common_words()
    across = [r for r in runs(rows) if r[0] == (0, 0) and r[-1] == (0, 4)][0]
    crossings = [r for r in runs(rows) if r != across and set(r) & set(across)]
    assert all(word in words and re.fullmatch(r"[a-z]{5}", word) for word, _, _ in shown)
    for word, viable, _ in shown:
        placed = [list(row) for row in rows]
        for (r, c), ch in zip(across, word, strict=True):
            placed[r][c] = ch
        ok = True
        for run in crossings:
            pattern = "".join(placed[r][c] for r, c in run)
            if not any(re.fullmatch(pattern, w) and w != word for w in words if len(w) == len(run)):
                ok = False
        assert viable == ok, (word, viable)
    assert {v for _, v, _ in shown} == {True, False}  # the test sees both marks
    shot(page, f"editor-candidates-{width}")
    assert_accessible(page, f"editor candidates at {width} px")
    first_ok = next(w for w, v, _ in shown if v)
    buttons.filter(has_text=first_ok.upper()).first.click()
    assert grid_rows(page)[0] == first_ok
    assert page.locator("input.cell.typed").count() == 8  # placed letters are the setter's
    assert f"Placed {first_ok.upper()}" in page.locator("#status").inner_text()


@pytest.mark.parametrize("width", WIDTHS)
def test_clues_puz_and_ipuz_round_trip(page: Any, width: int, tmp_path: Path, shot: Any) -> None:
    ready(page, "/fill?size=5")
    cell(page, 1, 1).click()
    page.keyboard.press("#")
    page.get_by_role("button", name="Fill", exact=True).click()
    page.locator("#status.good").wait_for(timeout=60_000)
    filled = grid_rows(page)
    # A clue typed in the entry panel shows in the list, and one typed in the list in the panel.
    cell(page, 1, 2).click()
    page.get_by_label("Clue", exact=True).fill("First across")
    assert page.get_by_label("Clue for 1 across").input_value() == "First across"
    page.get_by_label("Clue for 3 down").fill("A down clue, with ünïcode")
    page.get_by_label("Clue for 3 down").focus()
    assert page.get_by_label("Clue", exact=True).input_value() == "A down clue, with ünïcode"
    page.get_by_label("Title").fill("Round trip")
    page.get_by_label("Author").fill("Tess Ter")
    shot(page, f"editor-clues-{width}")
    clues = {"1 across": "First across", "3 down": "A down clue, with ünïcode"}
    for fmt in ("puz", "ipuz"):
        with page.expect_download() as info:
            page.get_by_role("button", name=f"Save .{fmt}").click()
        path = tmp_path / info.value.suggested_filename
        info.value.save_as(path)
        assert path.name == f"round-trip.{fmt}"
        if fmt == "puz":
            p = puz.read(str(path))
            assert (p.title, p.author) == ("Round trip", "Tess Ter")
            numbering = p.clue_numbering()
            got = {f"{c['num']} across": c["clue"] for c in numbering.across}
            got.update({f"{c['num']} down": c["clue"] for c in numbering.down})
            assert {k: v for k, v in got.items() if v} == clues
            assert [p.solution[r * 5:(r + 1) * 5].lower().replace(".", "#") for r in range(5)] == filled
        else:
            doc = json.loads(path.read_text("utf-8"))
            assert (doc["title"], doc["author"]) == ("Round trip", "Tess Ter")
            got = {f"{n} {d.lower()}": c for d in ("Across", "Down") for n, c in doc["clues"][d] if c}
            assert got == clues
            assert ["".join((x or ".").lower() for x in row) for row in doc["solution"]] == filled
        # Opened on a fresh page: grid, title, author and clues come back.
        ready(page, "/fill?size=7")
        page.locator("#open-file").set_input_files(str(path))
        page.locator("#file-status.good").wait_for()
        assert grid_rows(page) == filled
        assert page.get_by_label("Title").input_value() == "Round trip"
        assert page.get_by_label("Clue for 3 down").input_value() == clues["3 down"]
        assert "2 clues" in page.locator("#file-status").inner_text()
    # Drag and drop opens a file too.
    ready(page, "/fill?size=7")
    data = list((tmp_path / "round-trip.ipuz").read_bytes())
    page.evaluate("""data => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(data)], "dropped.ipuz"));
        const drop = new DragEvent('drop', {dataTransfer: dt, bubbles: true});
        document.getElementById('board').dispatchEvent(drop);
    }""", data)
    page.locator("#file-status.good").wait_for()
    assert grid_rows(page) == filled and "dropped.ipuz" in page.locator("#file-status").inner_text()


def test_clue_drafts_go_to_empty_clue_fields(page: Any) -> None:
    ready(page, "/fill?size=5")
    cell(page, 1, 1).click()
    page.keyboard.press("#")
    cell(page, 1, 2).click()
    page.get_by_label("Clue", exact=True).fill("My own clue")
    page.get_by_label("Draft clues from WordNet").check()
    page.get_by_role("button", name="Fill", exact=True).click()
    page.locator("#status.good").wait_for(timeout=60_000)
    drafted = int(re.search(r"(\d+) clues? drafted", page.locator("#status").inner_text()).group(1))
    values = page.eval_on_selector_all("ol.entry-list input", "xs => xs.map(x => x.value)")
    assert page.get_by_label("Clue for 1 across").input_value() == "My own clue"  # kept
    assert drafted >= 1 and sum(1 for v in values if v) == drafted + 1
    page.get_by_role("button", name="Undo").click()  # the fill and its drafts go together
    values = page.eval_on_selector_all("ol.entry-list input", "xs => xs.map(x => x.value)")
    assert [v for v in values if v] == ["My own clue"]


def test_a_shaped_ipuz_keeps_its_voids_and_its_rebus(page: Any, tmp_path: Path) -> None:
    doc = {"puzzle": [[None, 1, 2, None], [3, 0, 0, 4], [5, 0, 0, 0], [None, 6, 0, None]],
           "solution": [[None, "A", "B", None], ["C", {"value": "DE"}, "F", "G"],
                        ["H", "I", "J", "K"], [None, "L", "M", None]]}
    path = tmp_path / "shaped.ipuz"
    path.write_text(json.dumps(doc))
    ready(page, "/fill?size=5&two=1")
    page.locator("#open-file").set_input_files(str(path))
    page.locator("#file-status.good").wait_for()
    text = page.locator("#file-status").inner_text()
    assert "1 rebus cell (several letters a cell)" in text
    assert "4 cells outside its shape are kept as voids" in text
    assert cell(page, 2, 2).get_attribute("aria-label") == "Row 2, column 2, rebus"
    assert cell(page, 2, 2).input_value() == "de"
    assert page.locator("input.cell.void").count() == 4
    assert cell(page, 1, 1).get_attribute("aria-label") == "Row 1, column 1, void"
    with page.expect_download() as info:
        page.get_by_role("button", name="Save .ipuz").click()
    saved = tmp_path / "saved.ipuz"
    info.value.save_as(saved)
    puzzle = json.loads(saved.read_text("utf-8"))["puzzle"]
    assert [puzzle[0][0], puzzle[0][3], puzzle[3][0], puzzle[3][3]] == [None] * 4
    solution = json.loads(saved.read_text("utf-8"))["solution"]
    assert _ipuz_letters(solution[1][1]) == "DE"  # the rebus goes back out whole


def _ipuz_letters(value: Any) -> str:
    return str(value["value"] if isinstance(value, dict) else value).upper()


def test_a_rebus_typed_filled_and_saved(page: Any, tmp_path: Path) -> None:
    # Insert, S, T, Enter puts ST in row 2, column 1: the page's fill is then the CLI's fill of
    # the same rows with [st] there, and the .ipuz saved holds the rebus whole.
    rows = ["#....", ".....", ".....", ".....", "....#"]
    ready(page, "/fill?g=" + quote("-".join(rows)))
    cell(page, 2, 1).click()
    page.keyboard.press("Insert")
    assert page.get_by_role("button", name="Rebus cell").get_attribute("aria-pressed") == "true"
    page.keyboard.type("st")
    page.keyboard.press("Enter")
    assert page.get_by_role("button", name="Rebus cell").get_attribute("aria-pressed") == "false"
    assert cell(page, 2, 1).get_attribute("aria-label") == "Row 2, column 1, rebus"
    assert "[st]" in unquote(page.url)  # the address keeps it
    # Esc puts a cell back as it was; the button starts a rebus as Insert does.
    cell(page, 3, 1).click()
    page.get_by_role("button", name="Rebus cell").click()
    page.keyboard.type("xyz")
    page.keyboard.press("Escape")
    assert cell(page, 3, 1).input_value() == ""
    assert cell(page, 3, 1).get_attribute("aria-label") == "Row 3, column 1"
    page.get_by_role("button", name="Fill", exact=True).click()
    page.locator("#status.good").wait_for(timeout=30_000)
    cli_doc = cli_json("fill", "/".join(["#....", "[st]....", ".....", ".....", "....#"]))
    expected = [list(row) for row in cli_doc["grid"]]
    for i, letters in cli_doc["rebus"].items():
        expected[int(i) // 5][int(i) % 5] = letters
    assert grid_rows(page) == ["".join(row) for row in expected]
    cell(page, 2, 2).click()  # 5 across reads the rebus's letters
    assert page.locator("#entry-pattern").inner_text() == expected_answer(cli_doc, "5 across").upper()
    with page.expect_download() as info:
        page.get_by_role("button", name="Save .ipuz").click()
    saved = tmp_path / "rebus.ipuz"
    info.value.save_as(saved)
    assert _ipuz_letters(json.loads(saved.read_text("utf-8"))["solution"][1][0]) == "ST"


def expected_answer(doc: dict[str, Any], label: str) -> str:
    return next(e["answer"] for e in doc["entries"] if f"{e['number']} {e['direction']}" == label)


def test_bad_files_and_bad_numbers_get_a_message_next_to_the_control(page: Any, tmp_path: Path) -> None:
    ready(page, "/fill?size=5")
    bad = tmp_path / "broken.puz"
    bad.write_bytes(b"this is not a puz file")
    page.locator("#open-file").set_input_files(str(bad))
    page.locator("#file-status.error").wait_for()
    said = page.locator("#file-status").inner_text()
    assert "broken.puz: not a .puz file" in said and "intend" not in said  # not puzpy's words
    other = tmp_path / "notes.doc"
    other.write_bytes(b"x")
    page.locator("#open-file").set_input_files(str(other))
    page.wait_for_function("document.getElementById('file-status').textContent.includes('notes.doc')")
    assert "open a .puz, .ipuz or .txt" in page.locator("#file-status").inner_text()
    assert grid_rows(page) == ["....."] * 5  # the grid is untouched
    page.get_by_label("Size").fill("30")
    page.get_by_label("Size").dispatch_event("change")
    assert "from 5 to 21" in page.locator("#size-error").inner_text()
    assert page.get_by_label("Size").get_attribute("aria-invalid") == "true"
    assert len(grid_rows(page)) == 5
    page.get_by_label("Min. word score").fill("150")
    page.get_by_label("Min. word score").dispatch_event("change")
    assert "from 0 to 100" in page.locator("#min-score-error").inner_text()


# Four 3x3 corners apart: filling around one entry or inside one box leaves the others empty.
CORNERS = ["...#...", "...#...", "...#...", "#######", "...#...", "...#...", "...#..."]


@pytest.mark.parametrize("width", WIDTHS)
def test_fill_around_an_entry_and_fill_a_box(page: Any, width: int) -> None:
    ready(page, "/fill?g=" + quote("-".join(CORNERS)))
    cell(page, 1, 1).click()  # 1 across, crossed by 1, 2 and 3 down: the top left corner
    page.get_by_role("button", name="Fill around entry").click()
    page.locator("#status.good").wait_for(timeout=60_000)
    assert "Filled 1 across and the entries crossing it" in page.locator("#status").inner_text()
    rows = grid_rows(page)
    assert all(ch.isalpha() for row in rows[:3] for ch in row[:3]), rows
    assert {ch for row in rows for ch in row} - set("abcdefghijklmnopqrstuvwxyz") == {".", "#"}
    assert sum(ch.isalpha() for row in rows for ch in row) == 9
    cell(page, 5, 5).click()
    cell(page, 6, 6).click(modifiers=["Shift"])  # a box: rows 5-6, columns 5-6
    assert page.locator("input.cell.in-box").count() == 4
    page.get_by_role("button", name="Fill box").click()
    page.locator("#status.good").wait_for(timeout=60_000)
    after = grid_rows(page)
    for r in range(7):
        for c in range(7):
            inside = 4 <= r <= 5 and 4 <= c <= 5
            if inside:
                assert after[r][c].isalpha(), (r, c, after)
            elif not (r < 3 and c < 3):
                assert after[r][c] in ".#", (r, c, after)
    assert [row[:3] for row in after[:3]] == [row[:3] for row in rows[:3]]  # kept as it was


def test_lock_undo_redo_and_symmetry(page: Any) -> None:
    ready(page, "/fill?size=5")
    cell(page, 1, 2).click()
    page.keyboard.press("#")  # rotational: row 5, column 4 too
    assert grid_rows(page)[0] == ".#..." and grid_rows(page)[4] == "...#."
    page.get_by_label("Block symmetry").select_option("mirror")
    cell(page, 3, 1).click()
    page.keyboard.press("#")  # mirror: row 3, column 5 too
    assert grid_rows(page)[2] == "#...#"
    page.get_by_label("Block symmetry").select_option("none")
    cell(page, 2, 3).click()
    page.keyboard.type("a")
    assert grid_rows(page)[1] == "..a.."
    assert "sym=none" in page.url
    page.keyboard.press("Control+z")
    assert grid_rows(page)[1] == "....."
    page.keyboard.press("Control+z")
    assert grid_rows(page)[2] == "....."  # the mirrored blocks went together
    page.get_by_role("button", name="Redo").click()
    assert grid_rows(page)[2] == "#...#"
    page.keyboard.press("Control+y")
    assert grid_rows(page)[1] == "..a.."
    page.get_by_role("button", name="Undo").click()
    page.get_by_role("button", name="Undo").click()
    page.get_by_role("button", name="Undo").click()
    assert grid_rows(page) == ["....."] * 5
    assert page.get_by_role("button", name="Undo").is_disabled()
    # A filled entry unlocked may change; locked again it stays.
    page.get_by_role("button", name="Redo").click()
    page.get_by_role("button", name="Fill", exact=True).click()
    page.locator("#status.good").wait_for(timeout=60_000)
    cell(page, 3, 2).click()
    page.get_by_role("button", name="Lock entry").click()
    assert page.get_by_role("button", name="Unlock entry").is_visible()
    assert page.locator("input.cell.typed").count() == 5
    page.get_by_role("button", name="Unlock entry").click()
    assert page.locator("input.cell.typed").count() == 0


def test_a_server_still_loading_its_list_is_asked_again(browser: Any, server: str) -> None:
    # The first check and candidates reach their time limit (a worker building the crossword
    # list's tables): the page says so and asks again, and then shows the real answers. (Its
    # own page: the 504s are logged in the console, which the page fixture counts as errors.)
    refused = {"check": 0, "candidates": 0}

    def once(route: Any) -> None:
        what = route.request.url.rsplit("/", 1)[1]
        if refused[what] == 0:
            refused[what] += 1
            route.fulfill(status=504, content_type="application/json",
                          body='{"detail": "stopped at the time limit of 10 s"}')
        else:
            route.continue_()

    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900}, base_url=server)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.route("**/api/fill/check", once)
        page.route("**/api/fill/candidates", once)
        ready(page, f"/fill?{COMMON}")
        page.wait_for_function("document.getElementById('warning').textContent.includes('still loading')")
        checked(page)
        candidates_shown(page)
        assert page.locator("#warning").is_hidden()
        assert page.locator("#candidates li").count() == 100
        assert refused == {"check": 1, "candidates": 1}
    finally:
        context.close()


SOFT_KEY = """(e, ch) => { e.value = (e.value || '') + ch;
  e.dispatchEvent(new InputEvent('input', { bubbles: true, data: ch, inputType: 'insertText' })); }"""


@pytest.mark.viewport(375, 800)
def test_a_phones_soft_keyboard_places_blocks_too(page: Any) -> None:
    """A phone's on-screen keyboard sends the page an input event and no usable key event
    (Android reports the key as 'Unidentified'): '.' or '#' typed that way toggles a block, as
    the help says, as from a real keyboard (it was dropped, so a phone could place none)."""
    ready(page, "/fill?size=5")
    checked(page)
    cell(page, 1, 1).click()
    cell(page, 1, 1).evaluate(SOFT_KEY, ".")
    assert grid_rows(page) == ["#....", ".....", ".....", ".....", "....#"]  # and its partner
    cell(page, 1, 1).evaluate(SOFT_KEY, "#")
    assert grid_rows(page) == ["....."] * 5
    cell(page, 1, 2).click()
    cell(page, 1, 2).evaluate(SOFT_KEY, "q")  # letters as before
    assert grid_rows(page)[0] == ".q..."


def test_a_box_chosen_by_taps_on_a_touch_screen(browser: Any, server: str) -> None:
    """A box was chosen by Shift+click, Shift+arrows or a mouse drag, none of which a phone
    has (a finger's drag scrolls the page), so Fill box stayed disabled there. Fill box with no
    box asks for the opposite corner of the selected cell: one tap there makes the box."""
    context = browser.new_context(bypass_csp=True, viewport={"width": 375, "height": 800}, base_url=server,
                                  has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        ready(page, "/fill?g=" + quote("-".join(CORNERS)))
        cell(page, 5, 5).tap()
        page.get_by_role("button", name="Fill box").tap()
        assert "tap or click the cell at its opposite corner" in page.locator("#region-help").inner_text()
        cell(page, 6, 6).tap()
        assert page.locator("input.cell.in-box").count() == 4
        assert "rows 5-6, columns 5-6" in page.locator("#region-help").inner_text()
        page.get_by_role("button", name="Fill box").tap()
        page.locator("#status.good").wait_for()
        after = grid_rows(page)
        assert all(ch.isalpha() for row in after[4:6] for ch in row[4:6]), after
        assert sum(ch.isalpha() for row in after for ch in row) == 4
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_full_opened_grid_fills_to_a_plain_message_and_clear_fill_clears_it(
        page: Any, client: Any, tmp_path: Path, shot: Any, width: int) -> None:
    """Issue 42: Fill of a full opened grid said "weakest entry null, mean null", and Clear
    fill did nothing, every opened letter counting as the setter's."""
    filled = client.post("/api/fill", json={"grid": ["....."] * 5, "seed": 1}).json()
    assert filled["status"] == "filled"
    rows = filled["grid"]
    doc = {"puzzle": [[0] * 5 for _ in rows],
           "solution": [[ch.upper() for ch in row] for row in rows]}
    path = tmp_path / "full.ipuz"
    path.write_text(json.dumps(doc))
    ready(page, "/fill?size=5")
    page.locator("#open-file").set_input_files(str(path))
    page.locator("#file-status.good").wait_for()
    assert grid_rows(page) == rows
    page.get_by_role("button", name="Fill", exact=True).click()
    page.locator("#status.good").wait_for()
    said = page.locator("#status").inner_text()
    assert "null" not in said and said.startswith("Nothing to fill: every entry is yours.")
    weakest = min(e["score"] for e in filled["entries"])
    assert f"The weakest of yours scores {weakest}." in said
    shot(page, f"fill-full-opened-{width}")
    page.get_by_role("button", name="Clear fill").click()
    assert grid_rows(page) == ["....."] * 5
    assert page.locator("#status").inner_text().startswith("Cleared all 25 letters")
    page.get_by_role("button", name="Undo").click()
    assert grid_rows(page) == rows


@pytest.mark.parametrize("width", WIDTHS)
def test_the_crossword_prints_with_its_numbers_clues_title_and_solution(
        page: Any, client: Any, shot: Any, width: int) -> None:
    """Issue 42: setters print the puzzle and its solution: title and author, the grid with
    its numbers, the clues in two columns, then the solution, and nothing of the editor."""
    filled = client.post("/api/fill", json={"grid": ["#....", ".....", ".....", ".....",
                                                     "....#"], "seed": 1}).json()
    ready(page, "/fill?g=" + quote("-".join(filled["grid"])))
    page.get_by_label("Title").fill("Tiny Tuesday")
    page.get_by_label("Author").fill("A. Setter")
    page.get_by_label("Clue for 1 across").fill("First of all")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    page.emulate_media(media="print")
    view = page.locator("#print-view")
    assert view.is_visible()
    assert page.locator("#fill-form").is_hidden() and page.locator("header.site").is_hidden()
    assert view.locator(".print-title").inner_text() == "Tiny Tuesday"
    assert view.locator(".print-author").inner_text() == "by A. Setter"
    puzzle, solution = view.locator("table.print-grid").all()
    numbers = [int(t) for t in puzzle.locator(".num").all_inner_texts()]
    assert numbers == sorted(numbers) and numbers[0] == 1
    assert numbers[-1] == max(e["number"] for e in filled["entries"])
    assert puzzle.locator(".letter").count() == 0  # the grid to solve is empty
    letters = "".join(solution.locator(".letter").all_inner_texts()).lower()
    assert letters == "".join(filled["grid"]).replace("#", "")
    assert view.locator(".print-clues").evaluate("e => getComputedStyle(e).columnCount") == "2"
    across = view.locator(".print-clues-part").first.inner_text()
    assert across.startswith("Across") and "1 First of all" in across
    shot(page, f"fill-print-{width}")
    page.emulate_media(media="screen")
    assert view.is_hidden()


@pytest.mark.parametrize("width", WIDTHS)
def test_circles_and_shaded_cells_are_drawn_and_saved_back(page: Any, tmp_path: Path, shot: Any,
                                                           width: int) -> None:
    """Issue 42: circles and shaded cells (the fill API's "circles" and "shaded", [row,
    column] pairs) are drawn in the editor, printed, and saved back."""
    sol = ["CAT..", "ORE..", "WET..", ".....", "....."]
    doc = {"puzzle": [[{"cell": 1, "style": {"shapebg": "circle"}}, 2, 3, 0, 0],
                      [4, {"cell": 0, "style": {"highlight": True}}, 0, 0, 0],
                      [5, 0, {"cell": 0, "style": {"shapebg": "circle"}}, 0, 0],
                      [0] * 5, [0] * 5],
           "solution": [[ch if ch != "." else None for ch in row] for row in sol]}
    path = tmp_path / "marked.ipuz"
    path.write_text(json.dumps(doc))
    ready(page, "/fill?size=5")
    page.locator("#open-file").set_input_files(str(path))
    page.locator("#file-status.good").wait_for()
    labels = "xs => xs.map(x => x.getAttribute('aria-label'))"
    circled = page.eval_on_selector_all("#grid td.circled input", labels)
    assert circled == ["Row 1, column 1, circled", "Row 3, column 3, circled"]
    assert page.eval_on_selector_all("#grid td.shaded input", labels) == ["Row 2, column 2, shaded"]
    ring = page.locator("#grid td.circled").first.evaluate(
        "td => getComputedStyle(td, '::after').borderRadius")
    assert ring == "50%"
    assert_accessible(page, f"circles and shading at {width}")
    shot(page, f"fill-circles-{width}")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert page.locator("#print-view table.print-grid").first.locator("td.circled").count() == 2
    with page.expect_download() as info:
        page.get_by_role("button", name="Save .ipuz").click()
    saved = tmp_path / "saved.ipuz"
    info.value.save_as(saved)
    back = client_open(page, saved)
    assert back["circles"] == [[0, 0], [2, 2]] and back["shaded"] == [[1, 1]]


def client_open(page: Any, path: Path) -> dict[str, Any]:
    """The file read back by the server (/api/fill/open), as the page opens it."""
    got: dict[str, Any] = page.evaluate(
        "async (text) => (await fetch('/api/fill/open?format=ipuz', {method: 'POST', body: text})).json()",
        path.read_text("utf-8"))
    return got


# Where a circled cell's ring runs through its number's text: the ring sampled each degree
# (the ::after box, less the corner its clip-path cuts), the number's glyphs as a Range's box.
RING_HITS = """td => {
  const num = td.querySelector('.num');
  const range = document.createRange();
  range.selectNodeContents(num);
  const t = range.getBoundingClientRect();
  const box = td.getBoundingClientRect();
  const st = getComputedStyle(td, '::after');
  const left = box.left + td.clientLeft + parseFloat(st.left);
  const top = box.top + td.clientTop + parseFloat(st.top);
  const w = parseFloat(st.width), h = parseFloat(st.height);
  const clip = st.clipPath;
  const m = clip.match(/^polygon\\(([\\d.]+)px 0px, .*, 0px ([\\d.]+)px, [\\d.]+px [\\d.]+px\\)$/);
  const [cutW, cutH] = m ? [+m[1], +m[2]] : [0, 0];
  let hits = 0;
  for (let a = 0; a < 360; a += 1) {
    const lx = w / 2 + (w / 2) * Math.cos(a * Math.PI / 180);
    const ly = h / 2 + (h / 2) * Math.sin(a * Math.PI / 180);
    if (lx < cutW && ly < cutH) continue;
    const x = left + lx, y = top + ly;
    if (x >= t.left && x <= t.right && y >= t.top && y <= t.bottom) hits++;
  }
  return {hits, clip, w, h, t: [t.left - left, t.top - top, t.right - left, t.bottom - top]};
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_a_circled_cells_ring_leaves_its_number_clear(page: Any, tmp_path: Path, shot: Any,
                                                       width: int) -> None:
    """Issue 42's leftover: the ring of a circled cell ran through the cell's number, on the
    page and in the print view."""
    sol = ["CAT..", "ORE..", "WET..", ".....", "....."]
    doc = {"puzzle": [[{"cell": 1, "style": {"shapebg": "circle"}}, 2, 3, 0, 0],
                      [{"cell": 4, "style": {"shapebg": "circle"}}, 0, 0, 0, 0],
                      [5, 0, {"cell": 0, "style": {"shapebg": "circle"}}, 0, 0],
                      [0] * 5, [0] * 5],
           "solution": [[ch if ch != "." else None for ch in row] for row in sol]}
    path = tmp_path / "rings.ipuz"
    path.write_text(json.dumps(doc))
    ready(page, "/fill?size=5")
    page.locator("#open-file").set_input_files(str(path))
    page.locator("#file-status.good").wait_for()
    numbered = page.locator("#grid td.circled:has(.num:not(:empty))")
    assert numbered.count() == 2
    for i in range(2):
        found = numbered.nth(i).evaluate(RING_HITS)
        assert found["hits"] == 0, found
    shot(page, f"fill-rings-{width}")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    page.emulate_media(media="print")
    printed = page.locator("#print-view table.print-grid").first.locator("td.circled:has(.num)")
    assert printed.count() == 2
    for i in range(2):
        found = printed.nth(i).evaluate(RING_HITS)
        assert found["hits"] == 0, found
    shot(page, f"fill-rings-print-{width}")
    page.emulate_media(media="screen")
