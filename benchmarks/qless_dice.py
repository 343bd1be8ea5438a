"""Which dice make the most solvable game: the real dice against two variations.

For each set of dice, N independent rolls are drawn as a player rolls them (the weighted
sample of `atlas build --sample`), each solved with the engine (all words, 5 s limit), and
P(solvable) is estimated with a 95% Wilson interval (timeouts are left out and counted).
The variations change one die each:
- "vowels": the "aaeeoo" die becomes "aeiouy" (one more kind of vowel, fewer doubles);
- "no x/z": the hardest consonant die "xkbszn" becomes "rstlne" (common letters only).
Run: python -m benchmarks.qless_dice [N]
"""

from __future__ import annotations

import sys
import time

from benchmarks.common import write_results
from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.limits import Deadline
from puzzlesmith.qless.atlas.rolls import count_rolls, sample_rolls
from puzzlesmith.qless.atlas.stats import wilson
from puzzlesmith.qless.dice import DICE
from puzzlesmith.qless.solve import search_roll


def variant(old: str, new: str) -> tuple[str, ...]:
    return tuple(new if d == old else d for d in DICE)


SETS = {
    "real Q-Less dice": DICE,
    'vowels: "aaeeoo" -> "aeiouy"': variant("aaeeoo", "aeiouy"),
    'no x/z: "xkbszn" -> "rstlne"': variant("xkbszn", "rstlne"),
}


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    n = int(argv[0]) if argv else 1000
    lex, index = narrowed(LexiconSpec())
    rows = []
    for name, dice in SETS.items():
        t = time.perf_counter()
        statuses: dict[str, int] = {}
        for letters in sample_rolls(n, seed=2026, dice=dice):
            status = search_roll(letters, index, deadline=Deadline(5.0)).status
            statuses[status] = statuses.get(status, 0) + 1
        decided = statuses.get("solved", 0) + statuses.get("unsolvable", 0)
        e = wilson(statuses.get("solved", 0), decided)
        rows.append(
            f"| {name} | {count_rolls(dice):,} | {n:,} | {statuses.get('solved', 0):,} | "
            f"{statuses.get('unsolvable', 0):,} | {statuses.get('timeout', 0):,} | "
            f"{100 * e.value:.2f}% [{100 * e.low:.2f}%, {100 * e.high:.2f}%] | "
            f"{time.perf_counter() - t:.1f} s |"
        )
        print(rows[-1], flush=True)
    body = (
        f"Each set of dice: {n:,} rolls drawn as a player rolls them (seed 2026), solved with "
        f"the {lex.name} word list (all words, 5 s limit). P(solvable) with a 95% Wilson "
        "interval over the decided rolls (timeouts left out).\n\n"
        "| dice | distinct rolls | draws | solved | unsolvable | timeout | P(solvable), 95% CI "
        "| time |\n|---|---:|---:|---:|---:|---:|---|---:|\n" + "\n".join(rows) + "\n\n"
        "Same thing from the command line: `puzzlesmith qless atlas build --sample N --dice "
        "\"...\"` then `puzzlesmith qless atlas stats --dice \"...\"`.\n"
    )
    print(write_results("qless_dice", "Q-Less: P(solvable) of other dice", body))


if __name__ == "__main__":
    main(sys.argv[1:])
