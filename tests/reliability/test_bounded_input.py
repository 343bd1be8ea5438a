"""Bounded input: endless, huge, sparse and compressed-bomb files, numbers of thousands of
digits and JSON nested past any sense give one `error:` line, quickly, in little memory."""

from __future__ import annotations

import gzip
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlesmith.bounded import gunzip, parse_int
from puzzlesmith.errors import InputError
from tests.reliability.conftest import one_error_line

SECONDS = 5.0
MAX_RSS_MB = 300
HUGE = "9" * 5000  # past Python's int-string limit (4,300 digits)


def _gzip_bomb(path: Path, gigabytes: int = 1) -> Path:
    """A gzip file of `gigabytes` GB of zeros: one 64 MB member, repeated (gzip allows
    several members; its decompressed form is their concatenation)."""
    d = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    block = bytes(1 << 20)
    member = b"".join(d.compress(block) for _ in range(64)) + d.flush()
    with open(path, "wb") as f:
        for _ in range(gigabytes * 16):
            f.write(member)
    return path


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("bad")
    sparse = folder / "sparse.txt"
    with open(sparse, "wb") as f:
        f.truncate(2 << 30)  # 2 GB of nothing: no disk used, but a read would fill memory
    sparse_ipuz = folder / "sparse.ipuz"
    os.link(sparse, sparse_ipuz)
    return {"/dev/zero": Path("/dev/zero"), "gzip bomb": _gzip_bomb(folder / "bomb.txt.gz"),
            "2 GB sparse file": sparse, "2 GB sparse .ipuz": sparse_ipuz}


# The command runs as the grandchild of a small launcher that reports the command's own
# rusage: Linux carries a process's peak RSS across fork and exec, so a child started straight
# from pytest (over a gigabyte once the suite has run a while) would report pytest's peak.
_LAUNCH = """
import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.executable, [sys.executable, "-m", "puzzlesmith", *sys.argv[2:]])
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as f:
    f.write(f"{usage.ru_maxrss} {usage.ru_utime + usage.ru_stime}")
code = os.waitstatus_to_exitcode(status)
os._exit(code if code >= 0 else 128 - code)
"""


def _run(args: list[str], env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], float,
                                                         float]:
    """The run, its seconds and its peak memory in MB (its own max RSS, from wait4).

    Its seconds are its CPU time when that is less than its wall time: on a machine shared
    with other work (CI, the other tests) the wall clock measures the neighbours too. A
    process stuck reading a huge file spends CPU all the same.
    """
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "usage"
        start = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-c", _LAUNCH, str(report), *args], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
        killer = threading.Timer(60, os.killpg, (proc.pid, signal.SIGKILL))
        killer.start()
        try:
            stdout, stderr = proc.communicate()
        finally:
            killer.cancel()
        seconds = time.monotonic() - start
        maxrss_kb, cpu = report.read_text().split()
    return (subprocess.CompletedProcess(proc.args, proc.returncode, stdout.decode(errors="replace"),
                                        stderr.decode(errors="replace")),
            min(seconds, float(cpu)), int(maxrss_kb) / 1024)


COMMANDS = {
    "match --from": lambda f: ["match", "--from", str(f)],
    "--lexicon": lambda f: ["match", "a?c", "--lexicon", str(f)],
    "lexicon add": lambda f: ["lexicon", "add", "big", str(f)],
    "fill --file": lambda f: ["fill", "grid", "--file", str(f)],
    "stars solve": lambda f: ["stars", "solve", str(f)],
    "wordgrid solve --file": lambda f: ["wordgrid", "solve", "--file", str(f)],
    "qless roll --dice": lambda f: ["qless", "roll", "--dice", str(f)],
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("which", ["/dev/zero", "gzip bomb", "2 GB sparse file",
                                   "2 GB sparse .ipuz"])
def test_huge_inputs_are_one_error_line_quickly(
    command: str, which: str, bad_files: dict[str, Path], env: dict[str, str]
) -> None:
    if which == "2 GB sparse .ipuz" and command != "fill --file":
        pytest.skip("only the fill reads .ipuz")
    if which == "/dev/zero" and command == "qless roll --dice":
        pytest.skip("--dice reads only regular files; /dev/zero is taken as dice letters")
    done, seconds, peak_mb = _run(COMMANDS[command](bad_files[which]), env)
    line = one_error_line(done)
    assert seconds < SECONDS, (seconds, line)
    assert peak_mb < MAX_RSS_MB, (peak_mb, line)
    if which != "gzip bomb" or command in ("--lexicon", "lexicon add"):
        assert "MB" in line, line  # the size limit, not some later parse error


@pytest.mark.parametrize(("args", "puzzle"), [
    (["stars", "solve", "{file}"], f"stars={HUGE}\naab\nabb\nccc\n"),
    (["stars", "hint", "{file}", "--star", f"r{HUGE}c1"], "aab\nabb\nccc\n"),
    (["stars", "hint", "{file}", "--star", "r99999999999c1"], "aab\nabb\nccc\n"),
    (["match", "a?c", "--length", HUGE], None),
    (["match", "a?c", "--length", f"2-{HUGE}"], None),
    (["stars", "solve", f"https://puzz.link/p?starbattle/{HUGE}/3/1/aa"], None),
])
def test_numbers_of_thousands_of_digits(
    args: list[str], puzzle: str | None, env: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / "p.txt"
    if puzzle is not None:
        path.write_text(puzzle)
    done, _, _ = _run([a.replace("{file}", str(path)) for a in args], env)
    one_error_line(done)


def test_thousands_of_leading_zeros_are_a_small_number() -> None:
    assert parse_int("0" * 5000 + "7", "n") == 7
    assert parse_int("-" + "0" * 5000, "n") == 0


def test_scores_of_hundreds_of_digits_are_skipped_entries(
    env: dict[str, str], tmp_path: Path
) -> None:
    words = tmp_path / "scored.txt"
    words.write_text("cat;10\nabc;1" + "0" * 400 + "\ndog;20\n")
    done, _, _ = _run(["match", "???", "--lexicon", str(words), "--json"], env)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert '"cat"' in done.stdout and '"abc"' not in done.stdout


def test_deeply_nested_ipuz(env: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "deep.ipuz"
    path.write_text('{"puzzle": ' + "[" * 100_000 + "]" * 100_000 + "}")
    done, _, _ = _run(["fill", "grid", "--file", str(path)], env)
    assert "nested too deep" in one_error_line(done)


@given(st.integers(min_value=-(10**18) + 1, max_value=10**18 - 1))
def test_parse_int_reads_what_int_reads(n: int) -> None:
    assert parse_int(f" {n} ", "n") == n


@given(st.text(max_size=30))
def test_parse_int_refuses_what_is_not_a_number(text: str) -> None:
    try:
        expected: int | None = int(text)
    except ValueError:
        expected = None
    try:
        got: int | None = parse_int(text, "n", digits=40)
    except InputError:
        got = None
    if text.strip().isascii():
        assert got == expected or "_" in text  # int() also takes 1_000
    else:
        assert got is None  # int() takes other scripts' digits; a puzzle file does not


def test_gunzip_is_gzip_below_the_limit_and_stops_past_it(monkeypatch: pytest.MonkeyPatch) -> None:
    data = b"".join(os.urandom(50) + bytes(1000) for _ in range(200))
    two_members = gzip.compress(data[:7000]) + gzip.compress(data[7000:])
    assert gunzip(two_members, "x") == gzip.decompress(two_members) == data
    with pytest.raises(InputError, match="cut short"):
        gunzip(gzip.compress(data)[:-30], "x")
    with pytest.raises(InputError, match="not gzip"):
        gunzip(b"plain text", "x")
    monkeypatch.setenv("PUZZLESMITH_MAX_WORDLIST_MB", str(len(data) / 2 / (1 << 20)))
    with pytest.raises(InputError, match="decompresses to over"):
        gunzip(two_members, "x")
