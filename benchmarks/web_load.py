"""Fair service under load: cheap requests' latency while long work runs, this checkout beside
a baseline checkout (a `git worktree` of the commit before the change).

For each tree a server is started on 127.0.0.1 (its own cache folder, warmed first) and 40
closed-loop clients send requests for a fixed time: first only cheap ones, then with 12% slow
ones (Q-Less counts, Star Battle generation, long explains), each bounded by its time limit.
Reported: the cheap requests' p50 and p99 in both phases, and what became of the slow ones
(answered, refused at once with 429/503, timed out with 504, or failed in another way). On
the baseline a count is `count: true` on /api/qless/solve; this tree refuses that and counts
as a job (POST /api/qless/count, then polling), as its docs say.

With --hostile (issue 41), the load is the two hostile scripts of that issue instead, beside
the 40 polite cheap clients (each with the cookie a browser gets): two cookieless scripts
looping a 40 s `/api/equation`, and one that tries to hold every long-work place with a new
X-Puzzlesmith-Client header on each job; a polite client (a cookie) meanwhile starts long
jobs one after another and times how long each waits to start. Then both trees get the same
fill checks with random prefer/block lists, and their workers' memory is read.

Run: python -m benchmarks.web_load BASELINE_SRC [--seconds N] [--hostile]
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from benchmarks.common import percentile, write_results

HERE_SRC = Path(__file__).resolve().parents[1] / "src"
CLIENTS = 40
SLOW_SHARE = 0.12
SECONDS = 60.0

CHEAP: list[tuple[str, dict[str, Any]]] = [
    ("/api/match", {"pattern": "a?p?e"}),
    ("/api/anagram", {"letters": "listen"}),
    ("/api/qless/solve", {"letters": "catdogs"}),
    ("/api/define", {"word": "falcon"}),
    ("/api/wordgrid/solve", {"rows": ["??????", "ipoaru", "gettct"]}),
]
SLOW: list[tuple[str, dict[str, Any]]] = [
    ("count", {"letters": "mphrrsttsnea", "timeout": 15}),
    ("/api/stars/generate", {"size": 14, "stars": 3, "difficulty": "hard", "time_limit": 15}),
    ("/api/fill", {"grid": ["......", "......", "......", "......", "......", "......"],
                   "time_limit": 15}),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(src: Path, folder: Path, name: str) -> tuple[subprocess.Popen[bytes], str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(src)
    env["PUZZLESMITH_CACHE_DIR"] = str(folder / f"cache-{name}")
    env["PUZZLESMITH_CONFIG_DIR"] = str(folder / f"config-{name}")
    env["PUZZLESMITH_DATA_DIR"] = str(folder / f"data-{name}")
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "puzzlesmith", "serve", "--port", str(port)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 600
    while True:
        try:
            health = httpx.get(base + "/api/health", timeout=2)
            # A server that answers before its workers are up says whether they are.
            if health.status_code == 200 and health.json().get("ready", True):
                return proc, base
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or proc.poll() is not None:
            raise SystemExit(f"the {name} server did not start")
        time.sleep(0.3)


async def count_as_job(c: httpx.AsyncClient, body: dict[str, Any]) -> int:
    """A count on this tree: start the job, poll until it ends; the status it ends with."""
    r = await c.post("/api/qless/count", json=body)
    if r.status_code != 202:
        return r.status_code
    job = r.json()["job"]
    while True:
        await asyncio.sleep(0.5)
        doc = (await c.get(f"/api/jobs/{job}")).json()
        if doc["state"] in ("queued", "running"):
            continue
        return {"done": 200, "timeout": 504, "stopped": 499}.get(doc["state"], 500)


async def client_loop(base: str, i: int, until: float, slow_share: float, jobs: bool,
                      cheap: list[float], slow: Counter[str]) -> None:
    rng = random.Random(i)
    headers = {"x-puzzlesmith-client": f"load-{i}"}
    async with httpx.AsyncClient(base_url=base, timeout=300, headers=headers) as c:
        while time.monotonic() < until:
            if rng.random() < slow_share:
                path, body = rng.choice(SLOW)
                try:
                    if path == "count":
                        status = await (count_as_job(c, body) if jobs else _status(
                            c.post("/api/qless/solve", json={**body, "count": True})))
                    else:
                        status = (await c.post(path, json=body)).status_code
                except httpx.HTTPError:
                    status = 0
                slow[str(status)] += 1
                if status in (429, 503):
                    await asyncio.sleep(1.0)  # as a page would, before trying again
                continue
            await _timed_cheap(c, rng, cheap)


async def _timed_cheap(c: httpx.AsyncClient, rng: random.Random, cheap: list[float]) -> None:
    """One cheap request picked at random, its time kept (infinite when it failed)."""
    path, body = rng.choice(CHEAP)
    t = time.monotonic()
    try:
        r = await c.post(path, json=body)
        ok = r.status_code == 200
    except httpx.HTTPError:
        ok = False
    cheap.append(time.monotonic() - t if ok else float("inf"))


async def _status(request: Any) -> int:
    status: int = (await request).status_code
    return status


def phase(base: str, seconds: float, slow_share: float, jobs: bool) -> tuple[list[float],
                                                                            Counter[str]]:
    cheap: list[float] = []
    slow: Counter[str] = Counter()

    async def run() -> None:
        until = time.monotonic() + seconds
        await asyncio.gather(*(client_loop(base, i, until, slow_share, jobs, cheap, slow)
                               for i in range(CLIENTS)))

    asyncio.run(run())
    return cheap, slow


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


EQUATION = {"query": "ABCDE;FGHIJ;AF;BG;CH;DI;EJ", "time_limit": 40}
HOSTILE_JOB = {"letters": "mphrrsttsnea", "timeout": 15}  # a count that runs its 15 s
POLITE_JOB = {"letters": "catdogsbirds", "timeout": 15}
JOB_LENGTH = 15.0
FILL_CHECKS = 100


async def _cookie_client(base: str) -> httpx.AsyncClient:
    """A client holding the cookie a browser gets with its first page."""
    c = httpx.AsyncClient(base_url=base, timeout=300)
    await c.get("/")
    return c


async def equation_script(base: str, until: float, seen: Counter[str]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=300) as c:  # no cookie
        while time.monotonic() < until:
            try:
                r = await c.post("/api/equation", json=EQUATION)
                seen[f"equation {r.status_code}"] += 1
                if r.status_code in (429, 503):
                    await asyncio.sleep(1.0)
            except httpx.HTTPError:
                seen["equation error"] += 1


async def place_filler(base: str, until: float, seen: Counter[str]) -> None:
    """Keeps up to 8 long jobs outstanding, each under a new header name, polling them so
    none is stopped as abandoned."""
    held: list[str] = []
    n = 0
    async with httpx.AsyncClient(base_url=base, timeout=300) as c:
        while time.monotonic() < until:
            if len(held) < 8:
                n += 1
                r = await c.post("/api/qless/count", json=HOSTILE_JOB,
                                 headers={"x-puzzlesmith-client": f"filler-{n}"})
                seen[f"filler {r.status_code}"] += 1
                if r.status_code == 202:
                    held.append(r.json()["job"])
                    continue
            await asyncio.sleep(1.0)
            for job in list(held):
                doc = (await c.get(f"/api/jobs/{job}")).json()
                if doc.get("state") not in ("queued", "running"):
                    held.remove(job)
        for job in held:
            await c.delete(f"/api/jobs/{job}")


async def polite_long(base: str, until: float, waits: list[float], seen: Counter[str]) -> None:
    """Starts a long job, waits for it to start and end, then the next; each wait to start
    (from the first POST, 429s and retries included) is recorded."""
    c = await _cookie_client(base)
    try:
        while time.monotonic() < until:
            arrived = time.monotonic()
            while True:
                r = await c.post("/api/qless/count", json=POLITE_JOB)
                seen[f"polite {r.status_code}"] += 1
                if r.status_code == 202 or time.monotonic() > until + 60:
                    break
                await asyncio.sleep(1.0)
            if r.status_code != 202:
                return
            job = r.json()["job"]
            started = None
            while True:
                doc = (await c.get(f"/api/jobs/{job}")).json()
                if started is None and doc["state"] != "queued":
                    started = time.monotonic()
                    waits.append(started - arrived)
                if doc["state"] not in ("queued", "running"):
                    break
                await asyncio.sleep(0.25)
    finally:
        await c.aclose()


async def polite_cheap(base: str, i: int, until: float, cheap: list[float]) -> None:
    rng = random.Random(i)
    c = await _cookie_client(base)
    try:
        while time.monotonic() < until:
            await _timed_cheap(c, rng, cheap)
    finally:
        await c.aclose()


def hostile_phase(base: str, seconds: float, hostile: bool) -> tuple[list[float], list[float],
                                                                      Counter[str]]:
    cheap: list[float] = []
    waits: list[float] = []
    seen: Counter[str] = Counter()

    async def run() -> None:
        until = time.monotonic() + seconds
        polite = [polite_cheap(base, i, until, cheap) for i in range(CLIENTS)]
        scripts = [equation_script(base, until, seen), equation_script(base, until, seen),
                   place_filler(base, until, seen)] if hostile else []
        long = [polite_long(base, until, waits, seen)] if hostile else []
        # Scripts are cut off at the end; polite clients finish the request in hand.
        tasks = [asyncio.create_task(t) for t in scripts]
        await asyncio.gather(*polite, *long)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(run())
    return cheap, waits, seen


def tree_memory(proc: subprocess.Popen[bytes]) -> tuple[float, float]:
    """The server's process tree's resident memory and its largest process's, in MB."""
    import psutil

    sizes = []
    for p in [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]:
        with contextlib.suppress(psutil.Error):  # a builder that has just ended
            sizes.append(p.memory_info().rss)
    return sum(sizes) / 2**20, max(sizes) / 2**20


def fill_checks(base: str) -> None:
    """Fill checks with random prefer and block lists: each distinct list is new tables."""
    rng = random.Random(41)
    letters = "etaoinshrdlu"
    grid = ["#....", ".....", ".....", ".....", "....#"]
    with httpx.Client(base_url=base, timeout=120) as c:
        for _ in range(FILL_CHECKS):
            words = ["".join(rng.choice(letters) for _ in range(rng.randint(3, 7)))
                     for _ in range(80)]
            c.post("/api/fill/check", json={"grid": grid, "prefer": words[:40],
                                            "block": words[40:]})


def hostile_main(base_src: Path, seconds: float) -> None:
    rows, mem_rows = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for name, src in (("main", base_src), ("this tree", HERE_SRC)):
            proc, base = start_server(src, Path(tmp), name.replace(" ", "-"))
            try:
                hostile_phase(base, 5, False)  # warm-up
                quiet, _, _ = hostile_phase(base, seconds / 2, False)
                loaded, waits, seen = hostile_phase(base, seconds, True)
                before = tree_memory(proc)
                fill_checks(base)
                after = tree_memory(proc)
                health = httpx.get(base + "/api/health", timeout=10).json()
            finally:
                stop(proc)
            failed = sum(1 for t in loaded if t == float("inf"))
            ok = [t for t in loaded if t != float("inf")]
            q50, l50 = percentile(quiet, 50), percentile(ok, 50)
            line = (f"| {name} | {q50 * 1000:.0f} ms | {percentile(quiet, 99) * 1000:.0f} ms | "
                    f"{l50 * 1000:.0f} ms | {percentile(ok, 99) * 1000:.0f} ms | "
                    f"{l50 / q50:.2f}x | {failed} | "
                    f"{', '.join(f'{w:.1f}' for w in waits) or 'none started'} s | "
                    f"{', '.join(f'{k}: {v}' for k, v in sorted(seen.items()))} |")
            rows.append(line)
            recycled = sum(health[p].get("recycled", 0) for p in ("solve_pool", "job_pool"))
            mem = (f"| {name} | {before[0]:.0f} MB (largest {before[1]:.0f}) | "
                   f"{after[0]:.0f} MB (largest {after[1]:.0f}) | {recycled} |")
            mem_rows.append(mem)
            print(line, mem, sep="\n", flush=True)
    body = f"""
Issue 41's hostile scripts beside {CLIENTS} polite closed-loop cheap clients (each with a
browser's cookie; cheap: {', '.join(p for p, _ in CHEAP)}), {seconds / 2:g} s quiet (the
polite clients alone) then {seconds:g} s loaded: two cookieless scripts looping
`/api/equation` {EQUATION}, one script keeping 8 Q-Less counts ({JOB_LENGTH:g} s each)
outstanding under a new `X-Puzzlesmith-Client` name per job, and a polite client (a cookie)
starting one {JOB_LENGTH:g} s count after another. Both trees in this one run, the server's
defaults (2 solve workers, 1 long). Targets: loaded cheap p50 within 1.5x the quiet one, p99
under 2 s; the polite long job starts within one job length ({JOB_LENGTH:g} s) of arriving.
Waits are from the polite client's first POST to its job's start, 429s and retries included.

| tree | quiet p50 | quiet p99 | loaded p50 | loaded p99 | loaded / quiet | cheap failed \
| polite job waits | scripts' answers |
|---|---|---|---|---|---|---|---|---|
{chr(10).join(rows)}

Worker memory: the server's process tree (server, forkserver, workers, background builders)
after the load above, then after {FILL_CHECKS} `/api/fill/check` requests with random
40-word prefer and block lists (each list builds tables of its own in the worker); `recycled`
is the workers this tree replaced past its 400 MB ceiling (`--worker-mb`; main has none).

| tree | after the load | after the fill checks | workers recycled |
|---|---|---|---|
{chr(10).join(mem_rows)}

Load average at the end: {os.getloadavg()[0]:.1f} (2 cores, shared with other work).
"""
    print(write_results("web_fair", "Fair sharing against hostile scripts (issue 41)", body,
                        command="web_load --hostile"))


def main() -> None:
    if len(sys.argv) < 2 or not Path(sys.argv[1]).is_dir():
        print(f"skipped: no baseline source tree given\n{__doc__}")  # (run_all passes none)
        return
    base_src = Path(sys.argv[1]).resolve()
    seconds = float(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv \
        else SECONDS
    if "--hostile" in sys.argv:
        hostile_main(base_src, seconds)
        return
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, src, jobs in (("baseline", base_src, False), ("this tree", HERE_SRC, True)):
            proc, base = start_server(src, Path(tmp), name.replace(" ", "-"))
            try:
                phase(base, 10, 0.0, jobs)  # warm-up
                quiet, _ = phase(base, seconds / 2, 0.0, jobs)
                loaded, slow = phase(base, seconds, SLOW_SHARE, jobs)
            finally:
                stop(proc)
            failed = sum(1 for t in loaded if t == float("inf"))
            ok = [t for t in loaded if t != float("inf")]
            q50, l50 = percentile(quiet, 50), percentile(ok, 50)
            # Cheap requests in flight on average (Little's law: their time summed over the
            # phase's length): how many clients were competing for the solve workers.
            q_flight, l_flight = sum(quiet) / (seconds / 2), sum(ok) / seconds
            line = (f"| {name} | {len(quiet) / (seconds / 2):.0f}/s, {q_flight:.1f} | "
                    f"{q50 * 1000:.0f} ms | {percentile(quiet, 99) * 1000:.0f} ms | "
                    f"{len(ok) / seconds:.0f}/s, {l_flight:.1f} | {l50 * 1000:.0f} ms | "
                    f"{percentile(ok, 99) * 1000:.0f} ms | {l50 / q50:.2f}x | {failed} | "
                    f"{', '.join(f'{k}: {v}' for k, v in sorted(slow.items()))} |")
            rows.append(line)
            print(line, flush=True)
    body = f"""
{CLIENTS} closed-loop clients on 127.0.0.1 for {seconds:g} s ({seconds / 2:g} s with cheap
requests only first), {SLOW_SHARE:.0%} of requests slow once loaded, the server's default
workers (2 solve, 1 long/job). Cheap: {', '.join(p for p, _ in CHEAP)}. Slow: a Q-Less count
(15 s limit), a 14x14 hard Star Battle generation (15 s), an open 6x6 fill (15 s). Slow
outcomes by HTTP status (200 answered, 429/503 refused, 504 timed out, 0 connection error).
Targets (issue 31): loaded cheap p50 at most 1.5x the quiet p50, loaded p99 at most 2 s.
"Answered" is cheap answers a second and the cheap requests in flight on average. With
closed-loop clients, a client waiting on a slow request (or pausing 1 s after a 429) sends
no cheap ones, so fewer compete for the solve workers once loaded (fewer in flight), and the
loaded p50 can fall below the quiet one; compare latencies at like numbers in flight.

| tree | quiet, answered | p50 | p99 | loaded, answered | p50 | p99 | loaded / quiet | cheap failed | slow |
|---|---|---|---|---|---|---|---|---|---|
{chr(10).join(rows)}

Load average at the end: {os.getloadavg()[0]:.1f} (2 cores, shared with other work).
"""
    print(write_results("web_load", "Fair service under load (issue 31)", body))


if __name__ == "__main__":
    main()
