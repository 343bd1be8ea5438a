"""What checking the caches costs at start-up: the start-up commands (benchmarks/startup.py)
run from this checkout and from a baseline checkout side by side.

The baseline is another source tree (a `git worktree` of the commit before the checksums,
say); each tree gets its own cache folder, warmed first. Rounds interleave every command of
both trees, so a busy spell on this shared machine falls on both alike. Reported: median wall
and CPU time of each, and the difference.

Run: python -m benchmarks.cache_check BASELINE_SRC [--rounds N]
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

from benchmarks.common import median, write_results
from benchmarks.startup import commands, user_env

ROUNDS = 15
HERE_SRC = Path(__file__).resolve().parents[1] / "src"


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one process (CPU from wait4, to the microsecond: the 10 ms
    ticks of os.times cannot show a difference of a few ms)."""
    t = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):  # 1: a solve's time limit on a busy machine
        raise SystemExit(f"{argv} failed ({proc.returncode})")
    return wall, usage.ru_utime + usage.ru_stime


def checksum_work(cache: Path) -> list[str]:
    """The checksum work itself, in this process: CRC-32 over each cache file (and, for an
    index, over its header and its largest bucket, what one query may check), best of 20."""
    from puzzlesmith.files import Sections

    def best(data: bytes) -> float:
        times = []
        for _ in range(20):
            t = time.perf_counter()
            zlib.crc32(data)
            times.append(time.perf_counter() - t)
        return min(times)

    rows = []
    for path in sorted(cache.iterdir()):
        raw = path.read_bytes()
        what = f"whole file, {len(raw) / 1e6:.2f} MB"
        rows.append(f"| `{path.name[:40]}` | {what} | {best(raw) * 1000:.2f} ms |")
        if path.name.startswith("index-"):
            sections = Sections(path)
            parts = [bytes(sections[i]) for i in range(len(sections))]
            big = max(parts[1:], key=len)
            rows.append(f"| | header + largest bucket, {(len(parts[0]) + len(big)) / 1e6:.2f} MB "
                        f"| {(best(parts[0]) + best(big)) * 1000:.2f} ms |")
    return rows


def main() -> None:
    if len(sys.argv) < 2 or not Path(sys.argv[1]).is_dir():
        print(f"skipped: no baseline source tree given\n{__doc__}")  # (run_all passes none)
        return
    base_src = Path(sys.argv[1]).resolve()
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else ROUNDS
    trees = {"baseline": base_src, "checked": HERE_SRC}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cmds = [(label, [sys.executable, "-m", "puzzlesmith", *argv[1:]])
                for label, argv, _ in commands(folder) if label != "python -c pass"]
        envs = {}
        for name, src in trees.items():
            env = user_env(folder / f"pycache-{name}")
            env["PYTHONPATH"] = str(src)
            env["PUZZLESMITH_CACHE_DIR"] = str(folder / f"cache-{name}")
            envs[name] = env
        for name in trees:
            for _, argv in cmds:
                run_once(argv, envs[name])  # warm-up: caches and bytecode of each tree
        walls: dict[tuple[str, str], list[float]] = {(n, label): [] for n in trees for label, _ in cmds}
        cpus: dict[tuple[str, str], list[float]] = {(n, label): [] for n in trees for label, _ in cmds}
        for r in range(rounds):
            for label, argv in cmds:
                order = list(trees) if r % 2 == 0 else list(reversed(trees))
                for name in order:
                    wall, cpu = run_once(argv, envs[name])
                    walls[name, label].append(wall)
                    cpus[name, label].append(cpu)
        work = checksum_work(folder / "cache-checked")
    rows = []
    worst = 0.0
    for label, _ in cmds:
        bw, cw = median(walls["baseline", label]), median(walls["checked", label])
        bc, cc = median(cpus["baseline", label]), median(cpus["checked", label])
        worst = max(worst, cc - bc)
        rows.append(f"| `{label}` | {bw * 1000:.0f} ms | {cw * 1000:.0f} ms | "
                    f"{(cw - bw) * 1000:+.1f} ms | {bc * 1000:.0f} ms | {cc * 1000:.0f} ms | "
                    f"{(cc - bc) * 1000:+.1f} ms |")
        print(rows[-1], flush=True)
    body = f"""
Start-up commands as whole processes (`python -m puzzlesmith`), {rounds} rounds, both trees
interleaved within each round, caches warm, medians. Baseline: the tree before cache
checksums; checked: this tree. Target (issue 31): no row slower by more than 5 ms.

| command | wall, baseline | wall, checked | difference | CPU, baseline | CPU, checked | difference |
|---|---|---|---|---|---|---|
{chr(10).join(rows)}

Largest CPU difference: {worst * 1000:+.1f} ms (CPU time from wait4, to the microsecond).

The checksum work itself, measured in one process (CRC-32, best of 20): a command checks the
whole of each small cache file it reads, and of a lexicon index only the header and the
buckets of the lengths it uses.

| cache file | checked | CRC-32 time |
|---|---|---|
{chr(10).join(work)}

 Load average during the run:
{os.getloadavg()[0]:.1f} (2 cores); at such a load the whole-process differences, either way, are
mostly noise (the stars and census rows read no cache at all); the checksum work above is
the cost itself.
"""
    print(write_results("cache_check", "Cache checksums at start-up (issue 31)", body))


if __name__ == "__main__":
    main()
