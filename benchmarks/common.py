"""Shared helpers for the benchmark scripts: timing, percentiles, writing results files, and
finding the shared puzzle data (which the tests use too)."""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"
CHECKOUT = Path(__file__).resolve().parents[1]
SHARED_DATA_VAR = "PUZZLESMITH_SHARED_DATA"


def timed(fn: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """Seconds `fn(*args)` took, and its value. Pass a loop's variables as `args` (not as a
    lambda's defaults, which type checkers cannot read)."""
    t = time.perf_counter()
    value = fn(*args)
    return time.perf_counter() - t, value


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def write_results(name: str, title: str, body: str, command: str | None = None) -> Path:
    """Write benchmarks/results/<name>.md with a header saying when and where it ran
    (`command`: the benchmark module, when it is not `name`, as for a subset file)."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    header = (
        f"## {title}\n\n_Run {stamp} on {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.machine()}; "
        f"`python -m benchmarks.{command or name}`._\n\n"
    )
    path = RESULTS / f"{name}.md"
    path.write_text(header + body.strip() + "\n", "utf-8")
    return path


# The shared puzzle data (published crosswords, Star Battle collections) is other people's
# work, kept outside the repository: beside the main checkout as ../shared/data. A worktree
# elsewhere (/work/wt/NAME) finds it by going up, or anywhere by the variable.
def shared_data_folder(start: Path | None = None, environ: Mapping[str, str] | None = None) -> Path | None:
    """The shared data folder: $PUZZLESMITH_SHARED_DATA when set, else the first `shared/data`
    folder in `start` (the checkout) or a folder above it; None when there is none."""
    start = CHECKOUT if start is None else start
    environ = os.environ if environ is None else environ
    if environ.get(SHARED_DATA_VAR):
        return Path(environ[SHARED_DATA_VAR]).expanduser()
    for folder in (start, *start.parents):
        if (folder / "shared" / "data").is_dir():
            return folder / "shared" / "data"
    return None


def shared_data(*parts: str) -> Path:
    """A file of the shared data (`shared_data("stars", "real_puzzles.jsonl")`), which may be
    absent: check `.exists()`, and say `shared_data_missing(path)` when it is not."""
    return (shared_data_folder() or CHECKOUT.parent / "shared" / "data").joinpath(*parts)


def shared_data_missing(path: Path) -> str:
    """Why a file of the shared data is absent, and how to point us at the data."""
    if os.environ.get(SHARED_DATA_VAR):
        return f"{path} is absent (under {SHARED_DATA_VAR}={os.environ[SHARED_DATA_VAR]})"
    if shared_data_folder() is not None:
        return (f"{path} is absent (from the shared/data folder found from {CHECKOUT} up; "
                f"set {SHARED_DATA_VAR} to use another)")
    return (f"no shared data: no shared/data folder in {CHECKOUT} or above it, and "
            f"{SHARED_DATA_VAR} is not set (set it to the folder holding crosswords/ and stars/)")
