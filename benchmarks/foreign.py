"""Foreign flags: precision and recall on the hand-labelled seeded samples, the common cut's
review and the hand lists, as scripts/measure_foreign.py computes them (docs/foreign.md says
how the samples are drawn and labelled). No timing: the figures are of the shipped data.

Run: python -m benchmarks.foreign
"""

from __future__ import annotations

import subprocess
import sys

from benchmarks.common import CHECKOUT, write_results


def main() -> None:
    out = subprocess.run([sys.executable, str(CHECKOUT / "scripts" / "measure_foreign.py")],
                         cwd=CHECKOUT, check=True, capture_output=True, text=True).stdout
    body = ("Foreign precision is the share of a sample of 200 flagged words that a reader "
            "labelled foreign (an English speaker would italicise it); recall is estimated "
            "from that and a sample of 200 unflagged words, weighted by how many words each "
            "side holds. Target (issue 39): precision at least 90%, no everyday English word "
            "flagged.\n\n```\n" + out.strip() + "\n```\n")
    print(write_results("foreign", "Foreign flags (hand-labelled samples)", body))


if __name__ == "__main__":
    main()
