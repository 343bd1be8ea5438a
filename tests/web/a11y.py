"""Accessibility checks with axe-core, injected into a Playwright page.

    from tests.web.a11y import assert_accessible
    assert_accessible(page, "qless solved at 375 px")

fails the test on any serious or critical violation of the WCAG 2.x A/AA rules and axe's best
practices, naming each rule, its help text and the first elements it found. axe.min.js is the
npm package axe-core, vendored with its licence by scripts/vendor_web.py (nothing is fetched
while testing).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE_JS = Path(__file__).with_name("vendor") / "axe.min.js"
BLOCKING = ("serious", "critical")


def axe_violations(page: Any, *, impacts: tuple[str, ...] = BLOCKING) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now, limited to the given impacts."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated, not added as a <script>: the pages' policy refuses inline script, and
        # a test's tool must not need the policy loosened.
        page.evaluate(AXE_JS.read_text("utf-8") + "\n;undefined")
    found: list[dict[str, Any]] = page.evaluate(
        "() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
    return [v for v in found if v.get("impact") in impacts]


def describe(violations: list[dict[str, Any]]) -> str:
    """One line per rule: its id, impact, help text, and where (the first three targets)."""
    lines = []
    for v in violations:
        where = ", ".join(" ".join(map(str, n["target"])) for n in v["nodes"][:3])
        more = f" (+{len(v['nodes']) - 3} more)" if len(v["nodes"]) > 3 else ""
        lines.append(f"{v['id']} [{v['impact']}] {v['help']}: {where}{more}")
    return "\n".join(lines)


def assert_accessible(page: Any, state: str = "") -> None:
    """Fail on serious or critical axe violations in the page's current state."""
    bad = axe_violations(page)
    assert not bad, f"accessibility violations{' in ' + state if state else ''}:\n{describe(bad)}"


def assert_accessible_in(browser: Any, server: str, setup: Any, *, width: int, scheme: str,
                         state: str, screenshot: Path | None = None) -> None:
    """A fresh page `width` px wide in the `scheme` theme, brought to a state by `setup(page)`
    (and saved to `screenshot`), then `assert_accessible`."""
    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": 900}, base_url=server,
                                  color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        setup(page)
        assert page.evaluate("document.documentElement.dataset.theme") == scheme
        if screenshot is not None:
            screenshot.parent.mkdir(exist_ok=True)
            page.screenshot(path=str(screenshot), full_page=True)
        assert_accessible(page, f"{state} at {width} px, {scheme}")
    finally:
        context.close()
