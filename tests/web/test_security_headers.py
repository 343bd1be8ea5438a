"""Security headers on every answer (issue 41, item 9): a policy that runs only this server's
own scripts and styles, no sniffing, no framing, no referrer to other sites; and the pages
still work under it (a violation is a console error, which fails any browser test)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.conftest import free_port

PAGES = ["/", "/words", "/wordgrid", "/fill", "/qless", "/stars", "/api-docs"]


def _check(answer: httpx.Response) -> None:
    csp = answer.headers.get("content-security-policy", "")
    directives = dict((d.strip().split(" ", 1) + [""])[:2] for d in csp.split(";"))
    assert directives.get("script-src") == "'self'", csp
    assert directives.get("style-src") == "'self'", csp
    assert directives.get("default-src") == "'self'", csp
    assert directives.get("frame-ancestors") == "'none'", csp
    assert "unsafe-inline" not in directives.get("script-src", "")
    assert answer.headers.get("x-content-type-options") == "nosniff"
    assert answer.headers.get("referrer-policy") == "same-origin"


@pytest.mark.parametrize("path", [*PAGES, "/static/js/common.js", "/static/css/site.css",
                                  "/api/health", "/openapi.json", "/no-such-page"])
def test_every_get_answer_carries_the_headers(client: httpx.Client, path: str) -> None:
    _check(client.get(path, headers={"accept": "text/html"}))


def test_error_answers_carry_them_too(client: httpx.Client) -> None:
    _check(client.post("/api/match", json={"query": ""}))  # 400 or 422
    _check(client.post("/api/match", content=b"{" * 200_000,
                       headers={"content-type": "application/json"}))  # 413
    _check(client.get("/api/health", headers={"host": "evil.example"}))  # 400, foreign Host


def test_pages_carry_no_inline_script_or_handler(client: httpx.Client) -> None:
    import re

    for path in PAGES:
        html = client.get(path).text
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (path, tag)
        assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html), path  # no body in a script tag
        assert not re.search(r"\son[a-z]+\s*=", html), path  # no onclick= and the like
        assert "javascript:" not in html, path


@pytest.mark.browser
@pytest.mark.csp
@pytest.mark.parametrize("path", PAGES)
def test_each_page_runs_under_the_policy_without_a_violation(page: Any, path: str) -> None:
    page.add_init_script("""window.__violations = [];
        document.addEventListener('securitypolicyviolation',
            e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));""")
    page.goto(path)
    if path == "/":  # the home page has no module: its theme script has run at load
        page.wait_for_load_state("load")
        assert page.evaluate("document.documentElement.dataset.theme") in ("light", "dark")
    else:  # each page's module marks its form ready once it has run
        page.wait_for_selector("[data-ready]", state="attached")
    assert page.evaluate("window.__violations") == []


@pytest.mark.browser
def test_no_other_site_may_frame_a_page(browser: Any, server: str) -> None:
    import threading
    from http.server import BaseHTTPRequestHandler, HTTPServer

    port = free_port()

    class Framing(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            body = f'<iframe id="f" src="{server}/words"></iframe>'.encode()
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    other = HTTPServer(("127.0.0.1", port), Framing)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    context = browser.new_context()
    try:
        pg = context.new_page()
        with pg.expect_console_message(lambda m: "frame-ancestors" in m.text) as refused:
            pg.goto(f"http://127.0.0.1:{port}/")
        assert "'none'" in refused.value.text
        # The framed page never loads: no document of ours (its skip link) inside the frame.
        assert pg.frame_locator("#f").locator("a.skip").count() == 0
    finally:
        context.close()
        other.shutdown()


def test_a_refused_method_names_every_method_of_the_path(client: httpx.Client) -> None:
    # The probe: OPTIONS /api/jobs/{id} said `Allow: GET` though DELETE exists.
    for method in ("OPTIONS", "PUT"):
        r = client.request(method, "/api/jobs/nosuchjob")
        assert r.status_code == 405 and r.headers["allow"] == "DELETE, GET", r.headers
    assert client.request("PUT", "/api/match").headers["allow"] == "POST"
