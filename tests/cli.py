"""Running the command line inside the test process, as a user would from the shell."""

from __future__ import annotations

import pytest

from puzzlesmith.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """`puzzlesmith ARGS...`: its exit status, standard output and standard error."""
    try:
        main(args)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
