"""Shared helpers for the benchmark scripts: timing, percentiles, writing results files."""

from __future__ import annotations

import platform
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t = time.perf_counter()
    value = fn()
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
