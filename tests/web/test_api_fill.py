"""/api/fill and /api/fill/check: the CLI's documents, its messages for bad grids."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from tests.web.test_api_words import cli, cli_json

GRID = ["#....", ".....", ".....", ".....", "....#"]


def test_fill_is_the_cli_document(client: httpx.Client) -> None:
    r = client.post("/api/fill", json={"grid": GRID, "common": True, "improve": 0})
    assert r.status_code == 200
    doc = r.json()
    cli_doc = cli_json("fill", "/".join(GRID), "--common", "--improve", "0")
    for key in ("seconds", "first_fill_seconds"):  # the only keys that may differ
        doc.pop(key), cli_doc.pop(key)
    for d in (doc, cli_doc):  # and the times in the progress list
        d["progress"] = [{k: v for k, v in step.items() if k != "seconds"} for step in d["progress"]]
    assert doc == cli_doc and doc["status"] == "filled"


def test_check_names_unfillable_entries(client: httpx.Client) -> None:
    grid = ["#qxz.", ".....", ".....", ".....", "....#"]
    doc = client.post("/api/fill/check", json={"grid": grid}).json()
    assert doc["status"] == "unfillable" and "1 across" in doc["unfillable"]


def test_bad_grid_is_400_with_the_cli_message(client: httpx.Client) -> None:
    done = cli("fill", "..../...")
    assert done.returncode == 2
    r = client.post("/api/fill", json={"grid": ["....", "..."]})
    assert r.status_code == 400
    assert r.json()["detail"] == done.stderr.strip().removeprefix("error: ")


def test_candidates_are_the_cli_document(client: httpx.Client) -> None:
    body = {"grid": GRID, "entry": "2 down", "common": True, "limit": 20}
    r = client.post("/api/fill/candidates", json=body)
    assert r.status_code == 200
    doc = r.json()
    cli_doc = cli_json("fill", "candidates", "/".join(GRID), "--entry", "2 down", "--common",
                       "-n", "20")
    doc.pop("seconds"), cli_doc.pop("seconds")
    assert doc == cli_doc
    scores = [c["score"] for c in doc["candidates"]]
    assert scores == sorted(scores, reverse=True) and len(scores) == 20


def test_candidates_for_no_such_entry_is_400(client: httpx.Client) -> None:
    r = client.post("/api/fill/candidates", json={"grid": GRID, "entry": "40 down"})
    assert r.status_code == 400 and "no entry '40 down'" in r.json()["detail"]


def test_region_is_the_cli_document(client: httpx.Client) -> None:
    grid = ["qzx..", ".....", ".....", ".....", "....."]
    doc = client.post("/api/fill/region", json={"grid": grid, "rows": [1, 2], "cols": [1, 5]}).json()
    cli_doc = cli_json("fill", "region", "/".join(grid), "--rows", "1-2", "--cols", "1-5")
    doc.pop("seconds"), cli_doc.pop("seconds")
    assert doc == cli_doc and doc["status"] == "impossible"


def test_save_then_open_keeps_title_author_and_clues(client: httpx.Client) -> None:
    import puz

    grid = ["#cat", "dove", "area", "yes#"]
    clues = {"1 across": "Pet", "4 across": "Bird of peace", "2 down": "Sharp-tongued"}
    for fmt in ("puz", "ipuz"):
        r = client.post("/api/fill/save", json={"grid": grid, "format": fmt, "title": "Tiny",
                                                "author": "Me", "clues": clues})
        assert r.status_code == 200, r.text
        assert f'filename="tiny.{fmt}"' in r.headers["content-disposition"]
        if fmt == "puz":
            p = puz.load(r.content)
            assert (p.title, p.author) == ("Tiny", "Me")
            numbering = p.clue_numbering()
            assert {c["num"]: c["clue"] for c in numbering.across}[4] == "Bird of peace"
        back = client.post(f"/api/fill/open?format={fmt}", content=r.content)
        assert back.status_code == 200, back.text
        doc = back.json()
        assert doc["grid"] == grid and doc["title"] == "Tiny" and doc["author"] == "Me"
        assert doc["clues"] == clues


def test_bad_files_are_400_and_big_ones_413(client: httpx.Client) -> None:
    r = client.post("/api/fill/open?name=x.puz", content=b"not a puz file")
    assert r.status_code == 400 and "not a .puz file" in r.json()["detail"]
    r = client.post("/api/fill/open?name=x.ipuz", content=b"{]")
    assert r.status_code == 400 and "not ipuz JSON" in r.json()["detail"]
    r = client.post("/api/fill/open?format=doc", content=b"x")
    assert r.status_code == 400 and "unknown grid format" in r.json()["detail"]
    r = client.post("/api/fill/open?format=puz", content=b"")
    assert r.status_code == 400
    r = client.post("/api/fill/open?format=puz", content=b"x" * (4 * 1024 * 1024 + 1))
    assert r.status_code == 413
    # Larger than the ordinary body limit, within the upload limit: read, and refused as text.
    r = client.post("/api/fill/open?format=text", content=b"." * 100_000)
    assert r.status_code == 400
    r = client.post("/api/fill/save", json={"grid": ["#cat", "dove", "area", "yes#"],
                                            "clues": {"9 down": "x"}})
    assert r.status_code == 400 and "9 down" in r.json()["detail"]
    r = client.post("/api/fill/save", json={"grid": ["#cat", "dove", "area", "yes#"],
                                            "format": "pdf"})
    assert r.status_code == 400 and "unknown grid format" in r.json()["detail"]


def test_no_file_or_grid_makes_the_server_fail(client: httpx.Client) -> None:
    """Damaged .puz files (a real one cut and bit-flipped) and odd ipuz documents: each is
    read or refused with a 400, never a 500."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    good = client.post("/api/fill/save", json={"grid": ["#cat", "dove", "area", "yes#"],
                                               "format": "puz", "clues": {"1 across": "Pet"}}).content

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.integers(0, len(good)), st.integers(0, len(good) - 1), st.integers(1, 255))
    def damaged_puz(cut: int, at: int, flip: int) -> None:
        data = bytearray(good[:cut] if cut < len(good) else good)
        if at < len(data):
            data[at] ^= flip
        r = client.post("/api/fill/open?format=puz", content=bytes(data))
        assert r.status_code in (200, 400), r.text

    json_values = st.recursive(
        st.none() | st.booleans() | st.integers(-3, 30) | st.text("#.ab1 ", max_size=4),
        lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
            st.sampled_from(["puzzle", "solution", "clues", "Across", "Down", "block", "title",
                             "number", "clue", "value", "cell"]), inner, max_size=4),
        max_leaves=40)

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.dictionaries(st.sampled_from(["puzzle", "solution", "clues", "block", "title",
                                            "author", "notes"]), json_values, max_size=5))
    def odd_ipuz(doc: dict) -> None:
        r = client.post("/api/fill/open?format=ipuz", content=json.dumps(doc).encode())
        assert r.status_code in (200, 400), (doc, r.text)

    damaged_puz()
    odd_ipuz()


def test_fill_with_clue_drafts_is_the_cli_document(client: httpx.Client) -> None:
    r = client.post("/api/fill", json={"grid": GRID, "lexicon": "letterpress", "common": True,
                                       "improve": 0, "clues": True})
    assert r.status_code == 200
    doc = r.json()
    cli_doc = cli_json("fill", "/".join(GRID), "--lexicon", "letterpress", "--common", "--improve",
                       "0", "--clues")
    for d in (doc, cli_doc):
        d.pop("seconds"), d.pop("first_fill_seconds")
        d["progress"] = [{k: v for k, v in step.items() if k != "seconds"} for step in d["progress"]]
    assert doc == cli_doc and any(e["clue"] for e in doc["entries"])


def test_voids_locked_and_rebus_reach_the_page_and_go_back_out(client: httpx.Client) -> None:
    # A shaped grid: the corner cells are outside it (null), one cell holds a rebus.
    doc = {"puzzle": [[None, 1, 2, None], [3, 0, 0, 4], [5, 0, 0, 0], [None, 6, 0, None]],
           "solution": [[None, "A", "B", None], ["C", {"value": "DE"}, "F", "G"],
                        ["H", "I", "J", "K"], [None, "L", "M", None]]}
    r = client.post("/api/fill/open?format=ipuz", content=json.dumps(doc).encode())
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["voids"] == [0, 3, 12, 15] and got["rebus"] == {"5": "de"} and got["locked"] is False
    assert got["grid"][1] == "cdfg"  # the rebus cell's first letter, as in a .puz solution
    saved = client.post("/api/fill/save", json={"grid": got["grid"], "format": "ipuz",
                                                "voids": got["voids"], "rebus": got["rebus"],
                                                "allow_2": True})
    assert saved.status_code == 200, saved.text
    puzzle = json.loads(saved.content)["puzzle"]
    assert [puzzle[0][0], puzzle[0][3], puzzle[3][0], puzzle[3][3]] == [None] * 4
    assert json.loads(saved.content)["solution"][1][1] == "DE"
    for rebus in ({"0": "ab"}, {"5": "d2"}, {"x": "ab"}):
        bad = client.post("/api/fill/save", json={"grid": got["grid"], "rebus": rebus,
                                                  "allow_2": True})
        assert bad.status_code == 400 and "rebus" in bad.json()["detail"], bad.text
    bad = client.post("/api/fill/save", json={"grid": got["grid"], "voids": [5], "allow_2": True})
    assert bad.status_code == 400 and "not a block" in bad.json()["detail"]


def test_block_and_prefer_are_the_cli_options(client: httpx.Client, tmp_path: Path) -> None:
    # The words the default fill chose: blocking one and preferring another must give the
    # CLI's fill with --block and --prefer word files holding them.
    first = client.post("/api/fill", json={"grid": GRID, "improve": 0}).json()
    taken = [e["answer"] for e in first["entries"]]
    block_file, prefer_file = tmp_path / "block.txt", tmp_path / "prefer.txt"
    block_file.write_text(taken[0] + "\n", "utf-8")
    prefer_file.write_text("arts\n", "utf-8")
    body = {"grid": GRID, "improve": 0, "block": [taken[0].upper()], "prefer": ["arts"],
            "block_lists": ["tiny"]}
    doc = client.post("/api/fill", json=body).json()
    assert doc["status"] == "filled"
    answers = [e["answer"] for e in doc["entries"]]
    assert taken[0] not in answers and not {"cat", "act", "star", "rats"} & set(answers)
    cli_doc = cli_json("fill", "/".join(GRID), "--improve", "0", "--block", str(block_file),
                       "--prefer", str(prefer_file), "--block", _tiny_file(tmp_path))
    assert [e["answer"] for e in cli_doc["entries"]] == answers
    cands = client.post("/api/fill/candidates", json={
        "grid": ["#....", "....."[:4] + ".", ".....", ".....", "....#"], "entry": "1 across",
        "block": [taken[0]]}).json()
    assert taken[0] not in [c["word"] for c in cands["candidates"]]


def _tiny_file(tmp_path: Path) -> str:
    from tests.web.conftest import TINY_WORDS

    path = tmp_path / "tiny.txt"
    path.write_text(TINY_WORDS, "utf-8")
    return str(path)


def test_block_lists_take_registered_names_only(client: httpx.Client) -> None:
    for name in ("/etc/passwd", "no-such-list"):
        r = client.post("/api/fill/check", json={"grid": GRID, "block_lists": [name]})
        assert r.status_code == 400 and "unknown lexicon" in r.json()["detail"]
    r = client.post("/api/fill/check", json={"grid": GRID, "prefer": ["--"]})
    assert r.status_code == 400 and "no letter" in r.json()["detail"]
    r = client.post("/api/fill/check", json={"grid": GRID, "block": ["x"] * 20_001})
    assert r.status_code in (400, 413, 422)


def test_same_stem_rule_and_its_option_are_the_cli_ones(client: httpx.Client) -> None:
    # 1 across is RULE: by default no RULES or RULED among 5 across's candidates (neither
    # rule lets them in: the stem rule, and the rule against an entry inside another).
    grid = ["rule#", ".....", ".....", ".....", "#...."]
    for allow, flag in ((False, ()), (True, ("--allow-same-stem", "--allow-inside"))):
        body = {"grid": grid, "entry": "5 across", "limit": 2000, "allow_same_stem": allow,
                "allow_inside": allow}
        doc = client.post("/api/fill/candidates", json=body).json()
        cli_doc = cli_json("fill", "candidates", "/".join(grid), "--entry", "5 across", "-n",
                           "2000", *flag)
        doc.pop("seconds"), cli_doc.pop("seconds")
        assert doc == cli_doc
        words = {c["word"] for c in doc["candidates"]}
        assert bool(words & {"rules", "ruled"}) == allow, allow


def test_inside_and_iffy_rules_and_their_options_are_the_cli_ones(client: httpx.Client) -> None:
    # SET whole at 1 across: no CLOSESET for 2 across unless allow_inside; GESTAPO only with
    # allow_iffy.
    for grid, entry, word, option in ((["set#####", "########", "close..."], "2 across",
                                       "closeset", "inside"),
                                      (["gestap.", "#######"], "1 across", "gestapo", "iffy")):
        for allow in (False, True):
            body = {"grid": grid, "entry": entry, "limit": 2000, f"allow_{option}": allow}
            doc = client.post("/api/fill/candidates", json=body).json()
            cli_doc = cli_json("fill", "candidates", "/".join(grid), "--entry", entry, "-n",
                               "2000", *((f"--allow-{option}",) if allow else ()))
            doc.pop("seconds"), cli_doc.pop("seconds")
            assert doc == cli_doc
            assert (word in {c["word"] for c in doc["candidates"]}) == allow, (word, allow)


def test_shared_runs_and_scores_by_length_are_the_cli_options(client: httpx.Client) -> None:
    # The default fill of GRID has THAT and THIS (they share TH) and 5-letter words scoring
    # under 30; with the options, the API's fill is the CLI's and keeps both rules.
    default = client.post("/api/fill", json={"grid": GRID, "improve": 0}).json()
    body = {"grid": GRID, "improve": 0, "max_shared_substring": 2,
            "min_score_by_length": {"4": 30, "5": 30}}
    doc = client.post("/api/fill", json=body).json()
    cli_doc = cli_json("fill", "/".join(GRID), "--improve", "0", "--max-shared-substring", "2",
                       "--min-score-by-length", "4:30,5:30")
    for d in (default, doc):
        assert d["status"] == "filled"
    for d in (doc, cli_doc):
        d.pop("seconds"), d.pop("first_fill_seconds"), d.pop("progress")
    assert doc == cli_doc

    def runs(word: str) -> set[str]:
        return {word[k:k + 2] for k in range(len(word) - 1)}

    def clashes(d: dict[str, Any]) -> list[tuple[str, str]]:
        answers = [e["answer"] for e in d["entries"]]
        return [(a, b) for k, a in enumerate(answers) for b in answers[k + 1:] if runs(a) & runs(b)]

    assert clashes(default) and not clashes(doc)
    assert min(e["score"] for e in default["entries"]) < 30
    assert all(e["score"] >= 30 for e in doc["entries"])
    bad = client.post("/api/fill", json={**body, "max_shared_substring": 1})
    assert bad.status_code == 422


def test_scores_by_length_reach_check_candidates_and_region_as_on_the_cli(client: httpx.Client) -> None:
    least = {"min_score_by_length": {"5": 40}}
    doc = client.post("/api/fill/candidates", json={"grid": GRID, "entry": "5 across", "limit": 2000,
                                                    **least}).json()
    cli_doc = cli_json("fill", "candidates", "/".join(GRID), "--entry", "5 across", "-n", "2000",
                       "--min-score-by-length", "5:40")
    doc.pop("seconds"), cli_doc.pop("seconds")
    assert doc == cli_doc and doc["candidates"]
    assert all(c["score"] >= 40 for c in doc["candidates"])
    every = client.post("/api/fill/candidates", json={"grid": GRID, "entry": "5 across",
                                                      "limit": 2000}).json()
    assert doc["total"] < every["total"]
    check_doc = client.post("/api/fill/check", json={"grid": GRID, **least}).json()
    cli_check = cli_json("fill", "check", "/".join(GRID), "--min-score-by-length", "5:40")
    check_doc.pop("seconds"), cli_check.pop("seconds")
    assert check_doc == cli_check
    region = client.post("/api/fill/region", json={"grid": GRID, "rows": [1, 5], "cols": [1, 5],
                                                   **least}).json()
    cli_region = cli_json("fill", "region", "/".join(GRID), "--rows", "1-5", "--cols", "1-5",
                          "--min-score-by-length", "5:40")
    region.pop("seconds"), cli_region.pop("seconds")
    assert region == cli_region


def test_shared_runs_reach_check_candidates_and_region_as_on_the_cli(client: httpx.Client) -> None:
    # FIELDS is the setter's whole first row (2 letters in a row: F-I, I-E, E-L, L-D, D-S):
    # with max_shared_substring 2 no other entry may hold one of those runs, so the API's
    # check, candidates and region answer as the CLI's with the flag, and differently from
    # without it.
    grid = ["fields", "......", "......", "......"]
    rule = {"max_shared_substring": 2}
    flag = ("--max-shared-substring", "2")

    def runs(word: str) -> set[str]:
        return {word[k:k + 2] for k in range(len(word) - 1)}

    body = {"grid": grid, "entry": "7 across", "limit": 2000}
    doc = client.post("/api/fill/candidates", json={**body, **rule}).json()
    cli_doc = cli_json("fill", "candidates", "/".join(grid), "--entry", "7 across", "-n", "2000", *flag)
    every = client.post("/api/fill/candidates", json=body).json()
    for d in (doc, cli_doc):
        d.pop("seconds")
    assert doc == cli_doc and doc["candidates"]
    assert not any(runs(c["word"]) & runs("fields") for c in doc["candidates"])
    assert doc["total"] < every["total"]
    check_doc = client.post("/api/fill/check", json={"grid": grid, **rule}).json()
    cli_check = cli_json("fill", "check", "/".join(grid), *flag)
    plain = client.post("/api/fill/check", json={"grid": grid}).json()
    for d in (check_doc, cli_check, plain):
        d.pop("seconds")
    assert check_doc == cli_check != plain
    region = client.post("/api/fill/region", json={"grid": grid, "rows": [1, 2], "cols": [1, 6],
                                                   **rule}).json()
    cli_region = cli_json("fill", "region", "/".join(grid), "--rows", "1-2", "--cols", "1-6", *flag)
    for d in (region, cli_region):
        d.pop("seconds")
    assert region == cli_region
    bad = client.post("/api/fill/check", json={"grid": grid, "max_shared_substring": 1})
    assert bad.status_code == 422


def test_circles_and_shading_go_through_open_and_save(client: httpx.Client) -> None:
    import ipuz
    import puz

    rows = ["cats#", "area#", "tear#", "#####", "abcde"]
    body = {"grid": rows, "format": "puz", "circles": [[0, 0], [2, 2]], "shaded": [[1, 1]]}
    r = client.post("/api/fill/save", json=body)
    assert r.status_code == 200
    assert puz.load(r.content).markup().get_markup_squares(puz.GridMarkup.Circled) == [0, 12]
    back = client.post("/api/fill/open?format=puz", content=r.content).json()
    assert back["circles"] == [[0, 0], [2, 2]] and back["shaded"] == [] and back["changed"] == []
    r = client.post("/api/fill/save", json={**body, "format": "ipuz"})
    ipuz.read(r.text)
    back = client.post("/api/fill/open?format=ipuz", content=r.content).json()
    assert back["circles"] == [[0, 0], [2, 2]] and back["shaded"] == [[1, 1]]
    bad = client.post("/api/fill/save", json={**body, "circles": [[0, 4]]})
    assert bad.status_code == 400 and "row 1, column 5" in bad.text


def test_whatever_opens_can_be_saved(client: httpx.Client) -> None:
    # A 100,000-character clue opened without a word, then Save refused it (issue 40): the
    # open now cuts it to what save takes, and says so.
    import puz

    rows = ["cats#", "area#", "tear#", "#####", "abcde"]
    saved = client.post("/api/fill/save", json={"grid": rows, "format": "puz"}).content
    p = puz.load(saved)
    p.clues = ["x" * 100_000, *p.clues[1:]]
    p.title = "t" * 600
    back = client.post("/api/fill/open?format=puz", content=p.tobytes()).json()
    assert len(back["changed"]) == 2 and "1 across" in " ".join(back["changed"])
    doc = {k: back[k] for k in ("grid", "title", "author", "copyright", "notes", "clues",
                                "voids", "rebus", "circles", "shaded")}
    again = client.post("/api/fill/save", json={**doc, "format": "puz"})
    assert again.status_code == 200


def test_region_box_is_checked_as_the_cli_checks_it(client: httpx.Client) -> None:
    """The request's box meets the command line's check (FillOptions): before, the API took
    rows [3, 1] or [0, 2] and searched a box outside the grid."""
    for rows, text in (([3, 1], "3-1"), ([0, 2], "0-2")):
        r = client.post("/api/fill/region", json={"grid": GRID, "rows": rows, "cols": [1, 5]})
        done = cli("fill", "region", "/".join(GRID), "--rows", text, "--cols", "1-5")
        assert r.status_code == 400 and done.returncode == 2
        assert "FIRST-LAST, counted from 1" in r.json()["detail"]
        assert "FIRST-LAST, counted from 1" in done.stderr


def test_candidates_default_limit_is_the_cli_one(client: httpx.Client) -> None:
    """One default for --limit (30): the API's was 100, the CLI's 30."""
    body = {"grid": GRID, "entry": "2 down"}
    doc = client.post("/api/fill/candidates", json=body).json()
    cli_doc = cli_json("fill", "candidates", "/".join(GRID), "--entry", "2 down")
    assert len(doc["candidates"]) == len(cli_doc["candidates"]) == 30


def test_block_and_prefer_lists_are_on_the_cli_too(client: httpx.Client, tmp_path: Path) -> None:
    """--block-lists and --prefer-lists (registered lists), as the API's fields; before, the
    CLI had neither."""
    tiny = _tiny_file(tmp_path)
    doc = cli_json("fill", "candidates", "/".join(GRID), "--entry", "1 across", "--block-lists",
                   tiny, "-n", "2000")
    tiny_words = {"cat", "act", "tac", "star", "rats", "arts", "tars", "tsar", "sat"}
    words = {c["word"] for c in doc["candidates"]}
    assert words and not tiny_words & words
    preferred = cli_json("fill", "candidates", "/".join(GRID), "--entry", "1 across",
                         "--prefer-lists", tiny, "-n", "1")
    assert preferred["candidates"][0]["word"] in tiny_words
