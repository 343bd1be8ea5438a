"""The README's console examples print what the README says they print.

Each `$ command` of a ```console block runs in a shell, as a reader would type it, in a
folder of its own; its standard output must be the lines shown under it. Output goes to a
pipe 80 columns wide: the README cannot show bold or colour, nor so the notes about them that
a terminal gets ("bold = common word"). Shown lines
compare with trailing spaces dropped and times (`0.712 s`, `0.5 ms`) blanked, since no two
runs take the same time; a line `...` stands for any number of lines. A command shown with no
output must only succeed. `$ cat FILE` writes its shown lines to FILE, so a later example
can read it, and `$ NAME="..."` sets a variable for the rest of its block.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"

# What a reader must bring that the README cannot: their own licensed word list.
NEEDS_OWN_FILE = ("nwl2023",)

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_TIME = re.compile(r"\b\d+(?:\.\d+)? ?(?:ms|s)\b")
_ASSIGN = re.compile(r"^([A-Z][A-Z0-9_]*)=(.*)$")


@dataclass(frozen=True)
class Example:
    block: int
    line: int  # in README.md, 1-based
    command: str
    shown: tuple[str, ...]
    setup: tuple[tuple[str, str], ...]  # variables set earlier in its block


def examples(text: str) -> list[Example]:
    found: list[Example] = []
    lines = text.splitlines()
    i, block = 0, 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        block += 1
        i += 1
        variables: list[tuple[str, str]] = []
        while i < len(lines) and lines[i].strip() != "```":
            if not lines[i].startswith("$ "):
                i += 1
                continue
            start, command = i + 1, lines[i][2:]
            i += 1
            shown: list[str] = []
            while i < len(lines) and lines[i].strip() != "```" and not lines[i].startswith("$ "):
                shown.append(lines[i])
                i += 1
            while shown and not shown[-1].strip():
                shown.pop()
            assign = _ASSIGN.match(command)
            if assign:
                variables.append((assign[1], " ".join(shlex.split(assign[2]))))
                continue
            found.append(Example(block, start, command, tuple(shown), tuple(variables)))
    return found


def _normal(line: str) -> str:
    return _TIME.sub("<time>", _ANSI.sub("", line)).rstrip()


def matches(shown: tuple[str, ...], got: list[str]) -> bool:
    """`got` is `shown`, where each `...` line of `shown` stands for any run of lines."""
    want = [_normal(s) for s in shown]
    have = [_normal(g) for g in got]
    while have and not have[-1]:
        have.pop()
    pattern = "".join(".*" if w == "..." else re.escape(w + "\n") for w in want)
    return re.fullmatch(pattern, "\n".join(have) + "\n", re.S) is not None


README_EXAMPLES = examples(README.read_text("utf-8"))


def test_the_readme_has_examples_and_the_parser_finds_them() -> None:
    commands = [e.command for e in README_EXAMPLES]
    assert len(commands) >= 30
    assert "puzzlesmith match 'a?p?e' --json" in commands
    assert any(e.setup for e in README_EXAMPLES)  # the toy atlas's `D="..."`


def test_matching_is_strict_outside_times_and_ellipses() -> None:
    assert matches(("a: 2 words", "ample  apple"), ["a: 2 words", "ample  apple  "])
    assert not matches(("a: 2 words",), ["a: 3 words"])
    assert not matches(("a",), ["a", "b"])  # an extra line is a difference
    assert matches(("took 0.712 s",), ["took 0.3 s"])
    assert not matches(("took 0.712 s, 6,332 ways",), ["took 0.3 s, 6,331 ways"])
    assert matches(("...", "end"), ["x", "y", "end"])
    assert matches(("start", "...", "end"), ["start", "end"])
    assert not matches(("start", "...", "end"), ["start", "x"])


BLOCKS = sorted({e.block for e in README_EXAMPLES})


@pytest.mark.slow
@pytest.mark.parametrize("block", BLOCKS, ids=[
    f"L{next(e.line for e in README_EXAMPLES if e.block == b)}" for b in BLOCKS])
def test_readme_block(block: int, tmp_path: Path) -> None:
    """The block's commands, typed in order in one folder (a later one may read what an
    earlier one wrote)."""
    (tmp_path / "scripts").symlink_to(ROOT / "scripts")
    ran = 0
    for example in (e for e in README_EXAMPLES if e.block == block):
        if any(name in example.command for name in NEEDS_OWN_FILE):
            continue
        cat = re.fullmatch(r"cat (\S+)", example.command)
        if cat:
            (tmp_path / cat[1]).write_text("\n".join(example.shown) + "\n", "utf-8")
        result = _run(example, tmp_path)
        ran += 1
        assert result.returncode == 0, (
            f"README.md line {example.line}: `{example.command}` exit {result.returncode}\n"
            + result.stderr)
        got = result.stdout.splitlines()
        assert not example.shown or matches(example.shown, got), (
            f"README.md line {example.line}: `{example.command}` printed\n"
            + "\n".join(got) + "\n\nwhere the README shows\n" + "\n".join(example.shown))
    if not ran:
        pytest.skip("needs the reader's own word list (NWL2023 is not ours to ship)")


def _run(example: Example, folder: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    env.update(COLUMNS="80", LINES="40", **dict(example.setup))
    # `puzzlesmith` and `python` as the reader's shell finds them: this interpreter's.
    bin_dir = str(Path(sys.executable).parent)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
    command = re.sub(r"\s+#.*$", "", example.command)
    command = re.sub(r"^puzzlesmith\b", f"{shlex.quote(sys.executable)} -m puzzlesmith", command)
    command = re.sub(r"^python\b", shlex.quote(sys.executable), command)
    return subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=300)
