"""axe-core in the page tests: the audit the issue names, run on the screen as it is shown.

axe-core comes from npm (a test-only dependency in package.json, installed by
scripts/install.sh); it is injected from node_modules, so no request leaves the host."""

from __future__ import annotations

from playwright.sync_api import Page

from .conftest import ROOT

SHOTS = ROOT / "test-results" / "screens"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
#: The three sizes every screen is audited at: a phone, a tablet, a laptop.
VIEWPORTS = [(360, 740), (768, 1024), (1280, 800)]


def violations(page: Page) -> list[str]:
    """axe's findings on the page as shown: rule, impact and the first nodes it names."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # evaluated by the test driver, not added as an inline <script>: the pages' content
        # security policy refuses inline scripts, and should (docs/security.md)
        page.evaluate(AXE.read_text("utf-8"))
    found = page.evaluate(
        """async (tags) => {
            const r = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                               resultTypes: ['violations']});
            return r.violations.map(v => `${v.id} (${v.impact}, ${v.nodes.length} nodes): ` +
                v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' - ' +
                    (n.failureSummary || '').split('\\n').slice(1, 2).join('').trim()).join(' | '));
        }""",
        TAGS,
    )
    return list(found)


def audit(page: Page, screen: str, findings: dict[str, list[str]]) -> None:
    """Audit ``screen`` at each viewport by resizing the same page (one Python start), and
    keep a screenshot of each in test-results/screens/ to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(50)  # a layout pass for the media queries
        name = screen.replace(",", "").replace(" ", "-")
        page.screenshot(path=str(SHOTS / f"screen-{name}-{width}x{height}.png"))
        found = violations(page)
        if found:
            findings[f"{screen} at {width}x{height}"] = found
