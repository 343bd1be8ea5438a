"""Start-up: whole processes, from the shell prompt to the answer, beside `python -c pass`.

Every command runs as a fresh process, several rounds, the commands interleaved within each
round so a busy spell on this shared machine falls on all of them alike. Reported: the median
wall time, the median CPU time (user + system, steadier than wall time when the other core
is busy), the ratio of each to the floor's, and the issue's target. One warm-up run each
first, so on-disk caches (lexicon indexes, Q-Less shapes) are built, as they are after a
user's first command.

Run: python -m benchmarks.startup [--rounds N]
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import median, write_results

ROUNDS = 9


def star_puzzle(folder: Path) -> Path:
    """A 10x10 2-star puzzle made by our generator (seeded), as a file."""
    from puzzlesmith.stars.formats import to_text
    from puzzlesmith.stars.generate import generate

    puzzle = generate(10, 2, seed=1).puzzle
    path = folder / "stars10.txt"
    path.write_text(to_text(puzzle), "utf-8")
    return path


def commands(folder: Path) -> list[tuple[str, list[str], float | None]]:
    """(label, argv, target seconds) for each command the issue names."""
    # The console script beside this interpreter, as in a user's venv (a pyenv shim on PATH
    # would add its own ~50 ms of bash to every command but not to the floor).
    beside = Path(sys.executable).parent / "puzzlesmith"
    ps = str(beside) if beside.exists() else shutil.which("puzzlesmith") or "puzzlesmith"
    cmds: list[tuple[str, list[str], float | None]] = [
        ("python -c pass", [sys.executable, "-c", "pass"], None),
        ("puzzlesmith --help", [ps, "--help"], 0.15),
        ("puzzlesmith match --help", [ps, "match", "--help"], 0.15),
        ("puzzlesmith qless solve --help", [ps, "qless", "solve", "--help"], 0.15),
        ("puzzlesmith match 'a?p?e' --json", [ps, "match", "a?p?e", "--json"], 0.3),
        ("puzzlesmith anagram listen --json", [ps, "anagram", "listen", "--json"], 0.3),
        # two blanks: about 10,000 words can be built
        ("puzzlesmith anagram 'listen??' --json", [ps, "anagram", "listen??", "--json"], 0.5),
        # a meaning filter, its words read from the disk cache after the first run
        ("puzzlesmith match 'a?p?e:fruit' --json", [ps, "match", "a?p?e:fruit", "--json"], 0.5),
        ("puzzlesmith wordgrid solve '??????' ipoaru gettct --json",
         [ps, "wordgrid", "solve", "??????", "ipoaru", "gettct", "--json"], 0.3),
        ("puzzlesmith stars solve 10x10.txt --json",
         [ps, "stars", "solve", str(star_puzzle(folder)), "--json"], 0.3),
        ("puzzlesmith qless solve mvhdrxwcciaa --json",
         [ps, "qless", "solve", "mvhdrxwcciaa", "--json"], 0.35),
        # unsolvable: answered from the bundled census, not searched
        ("puzzlesmith qless solve bcefggjmnntu --json",
         [ps, "qless", "solve", "bcefggjmnntu", "--json"], 0.35),
    ]
    probe = subprocess.run([ps, "define", "--help"], capture_output=True)
    if probe.returncode == 0:
        cmds.append(("puzzlesmith define falcon --json", [ps, "define", "falcon", "--json"], 0.3))
    return cmds


def user_env(pycache: Path) -> dict[str, str]:
    """The environment of a user's shell: Python writes and reuses bytecode (as it does for an
    installed package, which pip compiles at install time). This machine's sessions set
    PYTHONDONTWRITEBYTECODE, which would make every run compile the sources again."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)  # bytecode kept outside the source tree
    return env


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one process."""
    before = os.times()
    t = time.perf_counter()
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    wall = time.perf_counter() - t
    after = os.times()
    if proc.returncode != 0:
        raise SystemExit(f"{argv} failed ({proc.returncode}): {proc.stderr.decode()[:300]}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu


def main() -> None:
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else ROUNDS
    with tempfile.TemporaryDirectory() as tmp:
        cmds = commands(Path(tmp))
        env = user_env(Path(tmp) / "pycache")
        for _, argv, _ in cmds:
            run_once(argv, env)  # warm-up: bytecode and caches built, files in the page cache
        walls: dict[str, list[float]] = {label: [] for label, _, _ in cmds}
        cpus: dict[str, list[float]] = {label: [] for label, _, _ in cmds}
        for _ in range(rounds):
            for label, argv, _ in cmds:
                wall, cpu = run_once(argv, env)
                walls[label].append(wall)
                cpus[label].append(cpu)
    floor_wall, floor_cpu = median(walls[cmds[0][0]]), median(cpus[cmds[0][0]])
    rows = []
    for label, _, target in cmds:
        w, c = median(walls[label]), median(cpus[label])
        # Judged on wall time; on a loaded machine the floor itself is slow, so the ratio to
        # the floor tells what the command adds.
        verdict = "" if target is None else ("met" if w <= target else "over")
        rows.append(
            f"| `{label}` | {w:.3f} s | {w / floor_wall:.1f}x | {c:.3f} s | {c / floor_cpu:.1f}x | "
            f"{'' if target is None else f'{target:.2f} s'} | {verdict} |"
        )
        print(f"{label:60s} wall {w:.3f} s ({w / floor_wall:.1f}x)  cpu {c:.3f} s", flush=True)
    body = f"""
Whole processes as a user runs them, {rounds} rounds with the commands interleaved, medians;
caches warm (one run of each first), bytecode written and reused as for an installed package.
Targets from issue 11 (wall time on this 2-core machine).

| command | wall, median | / floor | CPU, median | / floor | target | |
|---|---|---|---|---|---|---|
{chr(10).join(rows)}

Load average during the run: {os.getloadavg()[0]:.1f} (2 cores). When other work shares the
machine every process, the floor included, runs slower; the CPU column and the ratios to the
floor are the steadier figures.
"""
    print(write_results("startup", "CLI start-up (issue 11)", body))


if __name__ == "__main__":
    main()
