"""The match, anagram and lexicon commands: output, JSON documents and exit statuses."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli import run


def test_match_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["match", "a?p?e", "1231", "--json", "--limit", "5"], capsys)
    assert code == 0
    docs = [json.loads(line) for line in out.splitlines()]
    assert [d["query"] for d in docs] == ["a?p?e", "1231"]
    assert docs[0]["words"] == ["ample", "apple"] and docs[0]["count"] == 2
    assert len(docs[1]["words"]) == 5 and docs[1]["count"] > 5


def test_match_from_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "q.txt"
    f.write_text("a?p?e\n# comment\n\nq??\n")
    code, out, _ = run(["match", "--from", str(f), "--json"], capsys)
    assert code == 0 and len(out.splitlines()) == 2


def test_match_from_file_json_is_each_querys_document(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Plain queries' JSON is written from the bitset (dense answers as bytes once numpy is
    loaded): the same lines as the general route, which --sort alpha takes."""
    import numpy  # noqa: F401  (loaded, as in a long run)

    f = tmp_path / "q.txt"
    f.write_text("?????\na?p?e\nc[aeiou]t\nq?????????????????\n??????e\nxq???\n")
    code, fast, _ = run(["match", "--from", str(f), "--json"], capsys)
    assert code == 0
    code, general, _ = run(["match", "--from", str(f), "--json", "--sort", "alpha"], capsys)
    assert code == 0 and fast == general
    assert [json.loads(line)["count"] > 1000 for line in fast.splitlines()][:1] == [True]


def test_match_from_file_keeps_consonant_patterns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`#` is the consonant symbol: only `# ...` and a lone `#` are comments."""
    patterns = ["#a#", "a?p?e", "##@##", "[^aeiou]#@", "#", "# note", "q??", "#*ing"]
    f = tmp_path / "q.txt"
    f.write_text("\n".join(patterns) + "\n\n")
    code, out, _ = run(["match", "--from", str(f), "--json", "--limit", "3"], capsys)
    assert code == 0
    asked = [p for p in patterns if p not in ("#", "# note")]
    assert [json.loads(line)["query"] for line in out.splitlines()] == asked


def test_match_grouped_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["match", "c[aeiou]t*", "--length", "3-4"], capsys)
    assert code == 0 and "3 letters" in out and "4 letters" in out and "cat" in out


def test_anagram_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["anagram", "listen", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and "silent" in doc["full"] and doc["count"] == len(doc["words"])
    code, out, _ = run(["anagram", "dormitory", "--words", "2", "--json"], capsys)
    assert code == 0 and json.loads(out)["full"]


@pytest.mark.parametrize(
    "args",
    [
        ["match", "a[bc"],
        ["match", "a%"],
        ["match", ""],
        ["match", "a?", "--sort", "random"],
        ["match", "a*", "--length", "x"],
        ["anagram", "ab1"],
        ["anagram", "a" * 65],
        ["match", "a?", "--lexicon", "nosuchlist"],
        ["match", "a?", "--lexicon", "/nonexistent/words.txt"],
        ["lexicon", "info", "nosuchlist"],
        # usage errors found by the option parser, not by our code
        ["match", "--bogus", "a?"],
        ["nosuchcommand"],
        ["stars", "solve", "--stars", "0", "x.txt"],
        ["match", "a?", "--limit"],
        ["qless", "atlas", "--nosuch"],
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(args, capsys)
    assert code == 2
    assert err.strip().count("\n") == 0 and err.startswith("error: "), err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from puzzlesmith import __version__

    for flag in ("--version", "-V"):
        assert run([flag], capsys)[:2] == (0, f"puzzlesmith {__version__}\n")


def test_lexicon_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "mine.txt"
    f.write_text("Apple\nbanana\nfoo bar\n")
    assert run(["lexicon", "add", "mine", str(f)], capsys)[0] == 0
    code, out, _ = run(["lexicon", "list", "--json"], capsys)
    assert code == 0 and "mine" in {d["name"] for d in json.loads(out)["lexicons"]}
    code, out, _ = run(["lexicon", "words", "mine"], capsys)
    assert out.split() == ["apple", "banana"]
    code, out, _ = run(["lexicon", "info", "mine", "--json"], capsys)
    info = json.loads(out)
    assert info["words"] == 2 and info["skipped"] == 1 and info["by_length"] == {"5": 1, "6": 1}
    code, out, _ = run(["match", "a???e", "--lexicon", "mine", "--json"], capsys)
    assert json.loads(out)["words"] == ["apple"]


def test_console_script_and_module_entry() -> None:
    proc = subprocess.run([sys.executable, "-m", "puzzlesmith", "match", "q?z?", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and json.loads(proc.stdout)["query"] == "q?z?"
    proc = subprocess.run([sys.executable, "-m", "puzzlesmith", "match", "[[["],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_lexicon_rank(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["lexicon", "rank", "the", "house", "paris", "qzxv", "--json"], capsys)
    rows = {r["word"]: r for r in json.loads(out)["words"]}
    assert code == 0 and rows["the"]["rank"] == 1 and rows["the"]["common"]
    assert rows["house"]["rank"] > 1 and rows["house"]["common"]
    assert rows["paris"]["common"] is False  # a proper name, however frequent
    assert rows["qzxv"]["rank"] is None and rows["qzxv"]["in_lexicon"] is False
    assert run(["lexicon", "rank", "no-t"], capsys)[0] == 2


def test_time_limit_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["anagram", "abcdeeeiiilmnooprrsstttu", "--words", "3", "--timeout", "0.2",
                          "--json"], capsys)
    assert code == 1 and json.loads(out)["timed_out"] is True and err.startswith("time limit:")


def test_text_output_lists_every_word_once_in_the_width(capsys: pytest.CaptureFixture[str]) -> None:
    # The columns are laid out by hand (Rich's took a minute for 270,000 words): every word
    # of the JSON answer is printed once, in order, and no line is wider than the terminal.
    from puzzlesmith.cli.common import console

    code, out, _ = run(["match", "??????", "--json"], capsys)
    words = json.loads(out)["words"]
    code, out, _ = run(["match", "??????"], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[1].startswith("6 letters")
    shown = [w for line in lines[2:] if "=" not in line for w in line.split()]
    assert shown == words
    assert max(len(line) for line in lines) <= console.width
    code, out, _ = run(["anagram", "listen", "--words", "2", "--json"], capsys)
    full = json.loads(out)["full"]
    code, out, _ = run(["anagram", "listen", "--words", "2"], capsys)
    lines = out.split("using every letter", 1)[1].splitlines()[1:]
    tokens = [w for line in lines if "=" not in line for w in line.split()]
    assert [" ".join(tokens[i:i + 2]) for i in range(0, len(tokens), 2)] == full
    assert max(len(line) for line in lines) <= console.width


def test_slow_work_shows_a_bar_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import time

    from rich.console import Console

    import puzzlesmith.cli.common as common

    shown = io.StringIO()
    monkeypatch.setattr(common, "err_console", Console(file=shown, force_terminal=True, width=80))
    with common.working("explaining 21x21", 30, delay=0.05):
        time.sleep(0.6)
    assert "explaining 21x21" in shown.getvalue() and "stops by 30 s" in shown.getvalue()
    quick = io.StringIO()
    monkeypatch.setattr(common, "err_console", Console(file=quick, force_terminal=True, width=80))
    with common.working("filling", 10, delay=0.5):
        pass  # answered before the delay: no bar
    piped = io.StringIO()
    monkeypatch.setattr(common, "err_console", Console(file=piped, force_terminal=False, width=80))
    with common.working("filling", 10, delay=0):
        time.sleep(0.3)
    assert quick.getvalue() == piped.getvalue() == ""


def test_a_closed_pipe_stops_quietly() -> None:
    # `puzzlesmith match '*' | head -1`: the reader goes away after one line; no traceback.
    proc = subprocess.Popen([sys.executable, "-m", "puzzlesmith", "match", "*"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1
    assert first.startswith(b"*: ") and err == "", err


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=5)
    | st.lists(st.text(alphabet=st.characters(codec="ascii"), max_size=6), max_size=8),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(_json_values)
def test_compact_json_writes_what_json_dumps_writes(doc: object) -> None:
    # Lists of strings are joined directly, unless a string needs an escape; the oracle is
    # the standard library's encoder.
    from puzzlesmith.cli.common import compact_json

    assert compact_json(doc) == json.dumps(doc, separators=(",", ":"))


@pytest.mark.parametrize("args", [["a?p?e", "?????", "q*"], ["new????", "--phrases"],
                                  ["??????:bird", "--limit", "3"]])
def test_match_json_is_what_json_dumps_writes(args: list[str], capsys: pytest.CaptureFixture[str]
                                              ) -> None:
    # Answers of index words are written without an escape check: the text must still be
    # the standard encoder's, document by document.
    code, out, _ = run(["match", *args, "--json"], capsys)
    assert code == 0
    for line in out.splitlines():
        assert line == json.dumps(json.loads(line), separators=(",", ":"))


def test_match_equation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["match", "--equation", "A~A;|A|=3", "--json", "--limit", "3"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["exact"] and doc["count"] > 3 and len(doc["solutions"]) == 3
    assert all(w == w[::-1] for s in doc["solutions"] for w in s["words"])
    code, out, _ = run(["match", "--equation", "Aqzx"], capsys)
    assert code == 0 and "0 solutions" in out
    code, out, _ = run(["match", "-e", "A;~A;A!=~A", "--sort", "freq", "--limit", "2"], capsys)
    assert code == 0 and "no on  A=no" in out and "on no  A=on" in out


@pytest.mark.parametrize("query", ["AB;BA", "|A|=3", "A=(3-5:a*)", "a~b", "!=AB"])
def test_plain_match_sends_equations_to_equation_mode(query: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["match", query], capsys)
    assert code == 2 and "equation mode" in err and len(err.strip().splitlines()) == 1


def test_equation_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["match", "-e", "AB;CD;AC;BD", "-t", "0.3", "--json"], capsys)
    assert code == 1 and not json.loads(out)["exact"] and "time limit" in err


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_equation_shows_progress_on_a_terminal() -> None:
    """A long equation search shows a progress bar on a terminal's standard error, gone when
    the answer comes (read to the end of the process's output, no fixed wait)."""
    import os
    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "puzzlesmith", "match", "-e", "AB;CD;AC;BD",
                             "-t", "3"], stdin=follower, stdout=follower, stderr=follower,
                            env={**os.environ, "TERM": "xterm", "COLUMNS": "100"})
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end closed: the process has ended
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    assert proc.wait(timeout=60) == 1
    text = seen.decode("utf-8", "replace")
    assert "solving the equation" in text and "stops by 3 s" in text
    assert "at least" in text and "time limit" in text


def test_mistyped_command_suggests_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["mach", "a?p?e"], capsys)
    assert code == 2 and "did you mean match?" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(["qless", "slove", "abc"], capsys)
    assert code == 2 and "did you mean solve?" in err
    code, _, err = run(["xyzzy"], capsys)
    assert code == 2 and "did you mean" not in err


def test_pattern_expanded_by_the_shell_says_to_quote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # `puzzlesmith match ??????` unquoted, in a folder holding README and setup.cfg: the shell
    # passes the file names instead of the pattern.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "README").write_text("x")
    (tmp_path / "setup.cfg").write_text("x")
    code, _, err = run(["match", "README", "setup.cfg"], capsys)
    assert code == 2 and "quote the pattern" in err
    code, _, err = run(["anagram", "setup.cfg"], capsys)
    assert code == 2 and "quote the pattern" in err
    code, out, _ = run(["match", "a?p?e"], capsys)  # a pattern no file is named after
    assert code == 0 and "apple" in out
    # Issue 42: one file, `env.sh`, whose name reads as a pattern (`.` is any letter) but
    # that no word fits: it said "env.sh: 0 words" and exit 0.
    (tmp_path / "README").unlink()
    (tmp_path / "setup.cfg").unlink()
    (tmp_path / "env.sh").write_text("x")
    for extra in ([], ["--json"]):
        code, out, err = run(["match", "env.sh", *extra], capsys)
        assert code == 2 and "quote the pattern" in err and not out
    (tmp_path / "cat").write_text("x")  # a file named as a word: the word is the answer
    code, out, _ = run(["match", "cat"], capsys)
    assert code == 0 and "cat: 1 word" in out


def test_anagram_takes_matchs_length_sort_and_limit(capsys: pytest.CaptureFixture[str]) -> None:
    from puzzlesmith.lexicon import LexiconSpec, narrowed

    _, every, _ = run(["anagram", "listen", "--json"], capsys)
    words = json.loads(every)["words"]
    _, out, _ = run(["anagram", "listen", "--length", "4-5", "--json"], capsys)
    assert json.loads(out)["words"] == [w for w in words if 4 <= len(w) <= 5]
    _, out, _ = run(["anagram", "listen", "--length", "5", "--json"], capsys)
    assert json.loads(out)["words"] == [w for w in words if len(w) == 5]
    # --min-length N is the old spelling of --length N-
    _, a, _ = run(["anagram", "listen", "--min-length", "5", "--json"], capsys)
    _, b, _ = run(["anagram", "listen", "--length", "5-6", "--json"], capsys)
    assert json.loads(a)["words"] == json.loads(b)["words"]
    _, out, _ = run(["anagram", "listen", "--limit", "9", "--json"], capsys)
    doc = json.loads(out)
    longest_first = sorted(words, key=lambda w: (-len(w), words.index(w)))[:9]
    assert doc["count"] == len(words) and doc["truncated"]
    assert sorted(doc["words"]) == sorted(longest_first)
    _, out, _ = run(["anagram", "listen", "--sort", "freq", "--json"], capsys)
    ranked = json.loads(out)["words"]
    index = narrowed(LexiconSpec())[1]
    assert sorted(ranked) == sorted(words)
    for n in {len(w) for w in ranked}:
        group = [w for w in ranked if len(w) == n]
        assert group == sorted(group, key=lambda w: (index.rank(w) or 1 << 30, w))
    code, _, err = run(["anagram", "listen", "--sort", "random"], capsys)
    assert code == 2 and "--sort" in err
