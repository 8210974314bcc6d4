"""Style isolation by construction (issue 41): each <attika-position> draws its lesson in its
own shadow root, so a host page that styles every element selector loudly (and its root's
font size, and everything its elements pass on by inheritance) changes nothing inside a
lesson, as a still and live; and the game's style changes nothing of the host page."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from .access import SHOTS
from .conftest import READY_MS, close_clean, open_page
from .pixels import far_apart

POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; style-src 'self';"
    " img-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none';"
    " form-action 'none'"
)
#: Every element a lesson draws, and more, each with a loud box; and everything that is
#: inherited, loud on every element (the lesson's own element too); a root font of 40 px.
ELEMENTS = (
    "html body main div section header footer aside nav article p span strong em b i small"
    " h1 h2 h3 h4 h5 h6 a button summary details ol ul li dl dt dd label select option input"
    " progress table tr td th img svg g path use polygon circle rect text tspan title"
)
LOUD = (
    ", ".join(ELEMENTS.split()[2:]) + " { padding: 17px !important; margin: 13px !important;"
    " border: 5px dashed rgb(0, 200, 0) !important; background: rgb(0, 0, 200) !important;"
    " fill: rgb(255, 0, 255) !important; stroke: rgb(0, 255, 0) !important;"
    " stroke-width: 9px !important; display: block; width: auto; height: auto; }\n"
    "* { color: rgb(200, 0, 0) !important; font-family: monospace !important;"
    " font-size: 27px !important; letter-spacing: 6px !important; line-height: 3 !important;"
    " text-transform: uppercase !important; font-style: italic !important;"
    " text-decoration: underline !important; text-shadow: 2px 2px red !important;"
    " word-spacing: 9px !important; text-align: right !important;"
    " white-space: pre !important; visibility: visible; }\n"
    "html { font-size: 40px !important; }"
)
#: Each element inside every lesson's shadow root, in order, with how it looks.
LOOKS = """() => [...document.querySelectorAll('attika-position')].map((host) =>
  [...(host.shadowRoot || host).querySelectorAll('*')]
    .filter((n) => n.localName !== 'link').map((n) => {
    const s = getComputedStyle(n);
    return [n.localName, String(n.getAttribute('class') || ''), s.color, s.backgroundColor,
      s.fontFamily, s.fontSize, s.letterSpacing, s.lineHeight, s.textTransform, s.fontStyle,
      s.textDecorationLine, s.textShadow, s.wordSpacing, s.textAlign, s.whiteSpace,
      s.paddingTop, s.marginTop, s.borderTopWidth, s.borderTopStyle, s.fill, s.stroke,
      s.strokeWidth, s.display].join(' | ');
  }))"""


def host(loud: bool) -> str:
    sheet = '<link rel="stylesheet" href="loud.css">' if loud else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'
        f"<title>A loud page of lessons</title>{sheet}"
        '<script type="module" src="../web/attika-embed.js"></script></head>'
        # the sized lesson first, at whole pixels on both pages (its picture is compared)
        '<body><main><attika-position id="a" scenario="roads" width="400" height="300">'
        "</attika-position><h1>My lessons</h1><h2>Cheap building</h2>"
        '<attika-position id="b" scenario="/examples/fortress.json"></attika-position>'
        "</main></body></html>"
    )


def answer(body: str, kind: str = "text/html") -> Callable[[Route], None]:
    return lambda route: route.fulfill(status=200, content_type=kind, body=body)


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    page, guard = open_page(browser, server, viewport={"width": 1280, "height": 800})
    page.route(f"{server}/e2e-pages/loud.css", answer(LOUD, "text/css"))
    page.route(f"{server}/e2e-pages/plain.html", answer(host(False)))
    page.route(f"{server}/e2e-pages/loud.html", answer(host(True)))
    yield page
    close_clean(page, guard)


def looks(page: Page, address: str, pictures: dict[str, bytes], *, live: bool) -> list[list[str]]:
    """How each lesson's every element looks; the sized one's picture kept in ``pictures``."""
    page.goto(address)
    for key in ("a", "b"):
        expect(page.locator(f"#{key}[data-preview]")).to_have_count(1)
    if live:
        page.click("#a [data-try]")
        page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
        expect(page.locator("#a .pos.compact .board-svg")).to_have_count(1)
        page.locator("#a [data-cmd=select]").first.click()  # a building chosen: places shown
        expect(page.locator("#a .board-svg .legal").first).to_be_attached()
    kind = f"{address.rsplit('/', 1)[1][:-5]}-{'live' if live else 'still'}"
    pictures[kind] = page.locator("#a").screenshot(
        path=str(SHOTS / f"isolation-{kind}-400x300.png")
    )
    return page.evaluate(LOOKS)


def test_a_page_styling_every_element_loudly_changes_nothing_inside_a_lesson(
    page: Page, server: str
) -> None:
    pictures: dict[str, bytes] = {}
    plain = looks(page, f"{server}/e2e-pages/plain.html", pictures, live=False)
    loud = looks(page, f"{server}/e2e-pages/loud.html", pictures, live=False)
    # the loud sheet is there: the page's own heading takes it
    assert page.locator("h2").first.evaluate("(n) => getComputedStyle(n).fontFamily") == (
        "monospace"
    )
    assert [len(x) for x in loud] == [len(x) for x in plain] and len(plain[0]) > 5
    assert loud == plain  # every element of both stills, as on a quiet page
    # and as painted: a text decoration of the page's is drawn through boxes, not inherited
    assert far_apart(pictures["plain-still"], pictures["loud-still"]) == 0
    page.set_viewport_size({"width": 360, "height": 740})
    page.screenshot(path=str(SHOTS / "isolation-loud-still-360x740.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})

    plain = looks(page, f"{server}/e2e-pages/plain.html", pictures, live=True)
    loud = looks(page, f"{server}/e2e-pages/loud.html", pictures, live=True)
    page.screenshot(path=str(SHOTS / "isolation-loud-live-1280x800.png"))
    assert len(plain[0]) > 100  # the live board: hexes, art, controls
    assert loud == plain
    assert far_apart(pictures["plain-live"], pictures["loud-live"]) == 0
    # nor does the game's style reach out: the host's own heading keeps the host's look
    assert page.locator("h1").evaluate("(n) => getComputedStyle(n).color") == "rgb(200, 0, 0)"
