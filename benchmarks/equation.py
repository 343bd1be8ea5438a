"""Equations: the queries Umiaq times in its local benchmark (Crossword Nexus, umiaq-rust,
`src/bin/bench_local.rs`), run on our bundled list.

Umiaq asks for 100 results a query and prints beside each the time Qat took on the Broda
list; neither list can be shipped here, so those times are named as theirs, on their list.
Ours: the time to the first 100 solutions (`stop_at_limit`, Umiaq's way), the median of
three runs after a warm-up, and the time to count every solution (stopped at 20 s).
Run: python -m benchmarks.equation
"""

from __future__ import annotations

from benchmarks.common import median, ms, timed, write_results
from puzzlesmith.lexicon import lexicon_and_index
from puzzlesmith.limits import Deadline
from puzzlesmith.search.equation import solve_equation

# (query, Qat's seconds on the Broda list, as bench_local.rs gives them)
CASES = [
    ("AB;BA;|A|=2;|B|=2;!=AB", 0.260),
    ("Atime;Btime;Ctime;ABC", 6.240),
    ("AB;CD;AC;BD", 0.300),
    ("A*BCD;AC*BD;DCB*A", 4.100),
    ("AkB;AlB", 2.360),
    ("l*x", 0.420),
    ("ABCDEFGHIJKLMN;|ABCDEFGHIJKLMN|=14;!=ABCDEFGHIJKLMN", 0.340),
    ("A@B;A#B;!=AB;B=(g.*)", 24.420),
]
FULL_LIMIT = 20.0


def main() -> None:
    _, index = lexicon_and_index()
    rows = []
    for query, qat in CASES:
        solve_equation(index, query, deadline=Deadline(60), stop_at_limit=True)  # warm-up
        times = []
        first = None
        for _ in range(3):
            t, first = timed(lambda q: solve_equation(index, q, deadline=Deadline(60),
                                                    stop_at_limit=True), query)
            times.append(t)
        assert first is not None
        t_all, every = timed(lambda q: solve_equation(index, q, deadline=Deadline(FULL_LIMIT)),
                             query)
        counted = f"{every.count:,}" if every.exact else f"at least {every.count:,}"
        whole = ms(t_all) if every.exact else f"stopped at {FULL_LIMIT:.0f} s"
        shown = query.replace("|", "\\|")  # a bar inside a table cell
        rows.append(f"| `{shown}` | {ms(median(times))} | {len(first.solutions)} | {whole} | "
                    f"{counted} | {qat:.2f} s |")
    body = "\n".join([
        "Umiaq's benchmark queries (100 results asked for each) on our bundled list. Ours: "
        "the median of 3 runs to the first 100 solutions, and a run counting every solution. "
        "The last column is Qat's time as Umiaq's benchmark gives it, on the Broda list "
        "(another list, another machine): a reference, not a side-by-side figure.",
        "",
        "| query | first 100: median | listed | every solution | solutions | Qat, Broda list |",
        "|---|---|---|---|---|---|",
        *rows,
    ])
    path = write_results("equation", "Equations (issue 34)", body)
    print(path.read_text())


if __name__ == "__main__":
    main()
