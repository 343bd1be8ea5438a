"""Run every benchmark script, then assemble benchmarks/RESULTS.md from benchmarks/results/.

Run: python -m benchmarks.run_all            (all benchmarks, then assemble)
     python -m benchmarks.run_all --assemble (only rebuild RESULTS.md from the results files)
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from benchmarks.common import RESULTS

HERE = Path(__file__).resolve().parent
SKIP = {"__init__", "common", "run_all"}

INTRO = """# Benchmark results

Every figure here comes from a script in `benchmarks/` that times an engine side by side with
a baseline in the same process, on the same inputs, and checks that both give the same
answers. The machine is a shared 2-core box, so absolute times are noisy; the ratios and
medians are what to compare against the issues' targets. Each section says when it ran.
Rerun one with `python -m benchmarks.NAME`, all with `make bench`.
"""


def assemble() -> Path:
    sections = [p.read_text("utf-8").strip() for p in sorted(RESULTS.glob("*.md"))]
    out = HERE / "RESULTS.md"
    out.write_text(INTRO + "\n" + "\n\n".join(sections) + "\n", "utf-8")
    return out


def main() -> None:
    if "--assemble" not in sys.argv:
        for path in sorted(HERE.glob("*.py")):
            if path.stem in SKIP:
                continue
            print(f"== benchmarks.{path.stem}", flush=True)
            importlib.import_module(f"benchmarks.{path.stem}").main()
    print(f"wrote {assemble()}")


if __name__ == "__main__":
    main()
