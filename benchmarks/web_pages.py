"""Web pages: load to interactive, and time to the first answer of a cheap request, in Chromium.

A real `puzzlesmith serve` on 127.0.0.1 and Debian's Chromium driven by Playwright, as the
browser tests use them. Each round loads every page once, in a fresh browser context (no
cache), the pages interleaved so a busy spell on this shared machine falls on all of them
alike; two warm-up rounds first (server caches built in both solve workers, as after a user's
first visits).

- Interactive: from the start of navigation to the moment the page marks itself ready
  (`data-ready`, set when its script has wired every control and filled the dictionary
  picker); a page with no script of its own (home, 404) counts its DOMContentLoaded.
- First answer: a cheap request as a person makes it, timed inside the page from the action
  to the answer drawn: type a pattern (Words, which waits its 150 ms typing pause first),
  press Find one (Word grid), Send (API reference), Solve on a linked roll (Q-Less), Check on
  the opening puzzle (Star Battle), or Space on the selected entry for its down entry's
  candidates (Crossword fill, which waits 150 ms too, once the page's own opening check and
  candidates are shown).
- Floor, beside them: a tiny static HTML file with no stylesheet or script (navigation), and
  GET /api/health from the page (request).

Run: python -m benchmarks.web_pages [--rounds N]   (needs /usr/bin/chromium and playwright)
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from benchmarks.common import median, percentile, write_results

ROUNDS = 7
WARM_UP = 2
CHROMIUM = Path(os.environ.get("PUZZLESMITH_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TARGET_READY = 1.0
TARGET_ANSWER = 0.5

# Set before any page script runs: the time (ms since navigation start) the page marks itself ready.
READY_PROBE = """
window.__ready = null;
new MutationObserver((_, seen) => {
  if (document.querySelector('[data-ready]')) { window.__ready = performance.now(); seen.disconnect(); }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
"""

# In the page: run `act`, resolve with the ms until `done()` holds (checked on every DOM change).
UNTIL = """async ([act, done]) => {
  const doneFn = new Function('return (' + done + ')')();
  const actFn = new Function('return (' + act + ')')();
  return await new Promise((resolve, reject) => {
    const t0 = performance.now();
    const check = () => { if (doneFn()) { seen.disconnect(); resolve(performance.now() - t0); } };
    const seen = new MutationObserver(check);
    seen.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    setTimeout(() => { seen.disconnect(); reject(new Error('no answer within 20 s')); }, 20000);
    actFn();
    check();
  });
}"""

FETCH = """async ([path, body]) => {
  const t0 = performance.now();
  const init = body === null ? {} : { method: 'POST', headers: { 'content-type': 'application/json' },
                                      body: JSON.stringify(body) };
  const r = await fetch(path, init);
  await r.json();
  if (!r.ok) throw new Error(path + ': HTTP ' + r.status);
  return performance.now() - t0;
}"""


def ui(act: str, done: str, settled: str | None = None) -> Callable[[Any], float]:
    """Time `act` until `done` holds, after `settled` (a selector) is there, if given: the
    page's own opening requests answered, so the timing is the person's request alone."""

    def run(page: Any) -> float:
        if settled:
            page.wait_for_selector(settled, timeout=30_000)
        return float(page.evaluate(UNTIL, [act, done])) / 1000

    return run


def fetched(path: str, body: Any) -> Callable[[Any], float]:
    def run(page: Any) -> float:
        return float(page.evaluate(FETCH, [path, body])) / 1000

    return run


MATCH_SEND = ("() => [...document.querySelectorAll('#endpoints section')]"
              ".find(s => s.id === 'post-api-match').querySelector('button').click()")
MATCH_DONE = "() => (document.querySelector('#post-api-match pre') || {}).textContent?.includes('apple')"

# label, address, how the first answer is asked for (None: the page asks nothing), what it asks
PAGES: list[tuple[str, str, Callable[[Any], float] | None, str]] = [
    ("floor: static HTML file", "/static/404.html", fetched("/api/health", None), "GET /api/health"),
    ("Home", "/", None, ""),
    ("Words", "/words", ui(
        "() => { const q = document.querySelector('#query'); q.value = 'a?p?e';"
        " q.dispatchEvent(new Event('input', { bubbles: true })); }",
        "() => !!document.querySelector('#results [data-word=apple]')"),
     "type `a?p?e`: 2 words drawn"),
    ("Word grid", "/wordgrid", ui(
        "() => document.querySelector('#find-one').click()",
        "() => document.querySelector('#status').classList.contains('good')"),
     "Find one (the default puzzle): COMMON drawn"),
    ("API reference", "/api-docs", ui(MATCH_SEND, MATCH_DONE), "Send on POST /api/match: answer drawn"),
    ("Q-Less", "/qless?roll=mvhdrxwcciaa", ui(
        "() => document.querySelector('#solve').click()",
        "() => !document.querySelector('#board-card').hidden"),
     "Solve on a linked roll (mvhdrxwcciaa): its board drawn"),
    ("Star Battle", "/stars", ui(
        "() => document.querySelector('#check').click()",
        "() => document.querySelector('#status').textContent.startsWith('Right so far')"),
     "Check (the opening 8x8, no marks): 'Right so far' shown"),
    ("Crossword fill", "/fill", ui(
        "() => document.querySelector('input.cell').dispatchEvent("
        "new KeyboardEvent('keydown', { key: ' ', bubbles: true }))",
        "() => document.getElementById('entry-label').textContent === '1 down'"
        " && document.getElementById('candidates').getAttribute('aria-busy') === 'false'",
        settled="#fill-form[data-checked='1'] #candidates[aria-busy='false']"),
     "Space: 1 down's candidates drawn (after the opening check)"),
    ("404", "/no-such-page", None, ""),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[1] / "src")
    env["PYTHONPATH"] = os.pathsep.join([src, *filter(None, [env.get("PYTHONPATH")])])
    port = free_port()
    log = open(folder / "server.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen([sys.executable, "-m", "puzzlesmith", "serve", "--host", "127.0.0.1",
                             "--port", str(port)], env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited early; see {folder / 'server.log'}")
        try:
            if httpx.get(base + "/api/health", timeout=2).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not answer /api/health within 120 s")


Ask = Callable[[Any], float] | None


def load(browser: Any, base: str, path: str, ask: Ask) -> tuple[float, float | None]:
    """(seconds to interactive, seconds to the first answer or None) of one fresh visit."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=base)
    try:
        page = context.new_page()
        page.add_init_script(READY_PROBE)
        page.goto(path, wait_until="load")
        scripted = page.evaluate("() => !!document.querySelector('script[type=module]')")
        if scripted:
            page.wait_for_function("() => window.__ready !== null", timeout=30_000)
            ready = float(page.evaluate("() => window.__ready"))
        else:
            ready = float(page.evaluate(
                "() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"))
        if ask is None:
            return ready / 1000, None
        try:
            return ready / 1000, ask(page)
        except Exception as e:  # counted and reported, not fatal: one slow answer is a figure too
            print(f"  {path}: the first answer failed: {str(e).splitlines()[0]}", flush=True)
            return ready / 1000, float("inf")
    finally:
        context.close()


def main() -> None:
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else ROUNDS
    if not CHROMIUM.exists():
        raise SystemExit(f"needs Debian's Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    ready: dict[str, list[float]] = {label: [] for label, *_ in PAGES}
    answer: dict[str, list[float]] = {label: [] for label, *_ in PAGES}
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
                for _ in range(WARM_UP):  # caches built in both solve workers, not counted
                    for _label, path, ask, _ in PAGES:
                        load(browser, base, path, ask)
                for _ in range(rounds):
                    for label, path, ask, _ in PAGES:
                        r, a = load(browser, base, path, ask)
                        ready[label].append(r)
                        if a is not None:
                            answer[label].append(a)
                browser.close()
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    floor_ready = median(ready[PAGES[0][0]])
    floor_answer = median(answer[PAGES[0][0]])
    rows = []
    met = {"ready": 0, "answer": 0}
    asked = 0
    for label, path, ask, what in PAGES:
        r, r90 = median(ready[label]), percentile(ready[label], 90)
        ok_r = r <= TARGET_READY
        cells = [f"{label} (`{path}`)", f"{r:.3f} s", f"{r90:.3f} s", f"{r / floor_ready:.1f}x",
                 "" if label.startswith("floor") else ("met" if ok_r else "over")]
        if ask is not None:
            a, a90 = median(answer[label]), percentile(answer[label], 90)
            failed = sum(x == float("inf") for x in answer[label])
            if failed:
                what += f" ({failed} of {len(answer[label])} failed)"
            ok_a = a <= TARGET_ANSWER
            cells += [what, f"{a:.3f} s", f"{a90:.3f} s", f"{a / floor_answer:.1f}x",
                      "" if label.startswith("floor") else ("met" if ok_a else "over")]
            if not label.startswith("floor"):
                asked += 1
                met["answer"] += ok_a
        else:
            cells += ["(asks nothing)", "", "", "", ""]
        if not label.startswith("floor"):
            met["ready"] += ok_r
        rows.append("| " + " | ".join(cells) + " |")
        print(f"{label:28s} ready {r:.3f} s   answer "
              f"{median(answer[label]) if ask else float('nan'):.3f} s", flush=True)
    pages = len(PAGES) - 1
    load_avg = os.getloadavg()[0]
    body = f"""
Debian's Chromium (headless, Playwright) against a local `puzzlesmith serve` (2 solve
workers), 1280x900, each visit in a fresh browser context; {rounds} rounds with the pages
interleaved after {WARM_UP} warm-up rounds; medians and 90th percentiles. Interactive: navigation
start to the page's `data-ready` mark (its controls wired, the dictionary picker filled), or
DOMContentLoaded for a page without a script. First answer: timed in the page, from the
action (typing, a button press or a key, as a person asks) to the answer drawn (Words and
the crossword editor's candidates include the 150 ms they wait for typing to pause). Targets: interactive at
most {TARGET_READY:.1f} s, first answer of a cheap request at most {TARGET_ANSWER:.1f} s.
The floor rows are a static HTML file and GET /api/health, measured the same way.

| page | interactive, median | p90 | / floor | target | first answer of | median | p90 | / floor | target |
|---|---|---|---|---|---|---|---|---|---|
{chr(10).join(rows)}

Interactive within {TARGET_READY:.1f} s: {met['ready']} of {pages} pages; first answer within
{TARGET_ANSWER:.1f} s: {met['answer']} of {asked} pages that ask one. Load average during the run:
{load_avg:.1f} (2 cores).
"""
    written = write_results("web_pages", "Web pages: load to interactive and first answer (issue 30)",
                            body)
    print(f"wrote {written}")


if __name__ == "__main__":
    main()
