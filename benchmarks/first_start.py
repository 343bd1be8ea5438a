"""A newcomer's first start (issue 42): the web server and `qless daily` / `qless solve` on an
empty cache, this checkout beside a baseline checkout (the source of the commit before).

For each tree, with a cache folder of its own, empty:
- `puzzlesmith serve`: seconds from the start of the process until /api/health answers, and
  until its workers are ready (the baseline answers only once they are);
- `qless solve mvhdrxwcciaa` on an empty cache: its wall time and whether it answered;
- `qless daily --date D`: wall time on an empty cache, then ROUNDS runs on the warm cache:
  median and worst wall time, and how many different grade lines the runs printed (one
  means the same answer every time).
The machine's load average is printed with the results: the times depend on it.

Run: python -m benchmarks.first_start [--baseline SRC] [--rounds N] [--date YYYY-MM-DD]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from benchmarks.common import write_results

HERE_SRC = Path(__file__).resolve().parents[1] / "src"
ROUNDS = 5
DATE = "2026-12-07"
ROLL = "mvhdrxwcciaa"


def env_for(src: Path, folder: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(src)
    env["PUZZLESMITH_CACHE_DIR"] = str(folder / "cache")
    env["PUZZLESMITH_CONFIG_DIR"] = str(folder / "config")
    env["PUZZLESMITH_DATA_DIR"] = str(folder / "data")
    return env


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def first_serve(src: Path, folder: Path) -> tuple[float, float]:
    """Seconds until /api/health answers, and until it says the workers are ready."""
    port = free_port()
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "puzzlesmith", "serve", "--port", str(port)],
                            env=env_for(src, folder), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    answered = None
    try:
        while time.perf_counter() - started < 300:
            if proc.poll() is not None:
                raise SystemExit(f"the server of {src} exited")
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2)
            except httpx.HTTPError:
                time.sleep(0.05)
                continue
            if answered is None:
                answered = time.perf_counter() - started
            if health.json().get("ready", True):
                return answered, time.perf_counter() - started
            time.sleep(0.05)
        raise SystemExit(f"the server of {src} was not ready within 300 s")
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, int, str]:
    """Wall seconds, exit status and standard output of one command."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", *argv], env=env,
                          capture_output=True, text=True, timeout=600)
    return time.perf_counter() - started, done.returncode, done.stdout


def measure(src: Path, rounds: int, date: str) -> dict[str, str]:
    row: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        health, ready = first_serve(src, Path(tmp) / "serve")
        row["health"] = f"{health:.1f} s"
        row["ready"] = f"{ready:.1f} s"
        seconds, status, _ = timed(["qless", "solve", ROLL, "--no-anagrams"],
                                   env_for(src, Path(tmp) / "solve"))
        row["solve"] = f"{seconds:.1f} s ({'answered' if status == 0 else f'exit {status}'})"
        env = env_for(src, Path(tmp) / "daily")
        argv = ["qless", "daily", "--date", date]
        seconds, status, out = timed(argv, env)
        row["daily cold"] = f"{seconds:.1f} s" + ("" if status == 0 else f" (exit {status})")
        times, lines = [], {out.replace("\n", " ")}
        for _ in range(rounds):
            seconds, status, out = timed(argv, env)
            times.append(seconds)
            lines.add(out.replace("\n", " ") if status == 0 else f"exit {status}")
        row["daily warm"] = f"{statistics.median(times):.1f} s (worst {max(times):.1f} s)"
        row["answers"] = f"{len(lines)} of {rounds + 1} runs"
        row["example"] = sorted(lines)[0].strip()
    return row


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, help="the baseline checkout's src folder")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--date", default=DATE)
    args = parser.parse_args(argv)
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    trees = [("this tree", HERE_SRC)]
    if args.baseline is not None:
        trees.insert(0, ("baseline", args.baseline.resolve()))
    rows = [(name, measure(src, args.rounds, args.date)) for name, src in trees]
    keys = ["health", "ready", "solve", "daily cold", "daily warm", "answers"]
    heads = ["/api/health answers", "workers ready", f"`qless solve {ROLL}`, empty cache",
             f"`qless daily --date {args.date}`, empty cache", "the same, warm (median)",
             "different answers"]
    body = [f"Load average at the start (1 / 5 / 15 min): {load}; 2 cores shared. Each tree on "
            f"caches of its own, empty at first; {args.rounds} warm runs of `qless daily`.",
            "", "| tree | " + " | ".join(heads) + " |", "|---" * (len(heads) + 1) + "|"]
    body += ["| " + name + " | " + " | ".join(r[k] for k in keys) + " |" for name, r in rows]
    body += ["", "What `qless daily` printed:", ""]
    body += [f"- {name}: {r['example']}" for name, r in rows]
    print(write_results("first_start", "A first start: server and qless daily on an empty "
                        "cache (issue 42)", "\n".join(body)))


if __name__ == "__main__":
    main()
