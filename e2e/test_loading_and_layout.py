"""Start-up as a player sees it, and the layout on a desktop and a touch tablet."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

import attika

from .conftest import READY_MS, ROOT
from .driver import into_view, open_game, serve_game
from .positions import late_game

SHOTS = ROOT / "test-results" / "screens"
#: The loading screen's title and step, or what the page shows if Python was ready first.
LOADING_SCREEN = """() => {
  const title = document.querySelector('#loading h1'), step = document.querySelector('#load-step');
  if (title && step) return [title.textContent, step.textContent.trim()];
  return document.body && document.body.dataset.ready === '1' ? ['(ready first)', ''] : null;
}"""


def test_the_loading_screen_is_painted_before_python_is_ready(game_page: Page, server: str) -> None:
    page = game_page
    page.goto(f"{server}/index.html?players=2&seed=1", wait_until="commit")
    # Read in one go, on the first frame that has it: a restored Python can be ready, and the
    # loading screen gone, between two separate reads.
    seen = page.wait_for_function(LOADING_SCREEN, polling="raf", timeout=READY_MS).json_value()
    assert seen[0] == "Attika" and seen[1], f"the loading screen said {seen}"
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    assert page.locator("#loading").count() == 0


def test_a_runtime_file_that_fails_to_load_is_named(game_page: Page, server: str) -> None:
    page = game_page
    page.route("**/python_stdlib.zip", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{server}/index.html?players=2&seed=1")
    error = page.locator("#load-error")
    expect(error).to_be_visible(timeout=READY_MS)
    expect(page.locator("#load-step")).to_have_text("Attika could not start.")
    assert page.evaluate("document.body.dataset.ready") is None
    page.close()  # the failure is the point here: drop its errors, late ones included
    page.errors.clear()  # type: ignore[attr-defined]


def check_layout(page: Page, name: str, buttons: str = "#app button, #overlay button") -> None:
    """No sideways scrolling; every button big enough for a finger and holding its content."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{name}: page is {width}px wide"  # type: ignore[index]
    small = page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)]
             .filter(b => b.offsetParent !== null)
             .map(b => [b.textContent.trim() || b.getAttribute('aria-label'),
                        b.getBoundingClientRect().width, b.getBoundingClientRect().height])
             .filter(([, w, h]) => w < 44 || h < 44)""",
        buttons,
    )
    assert small == [], f"{name}: buttons smaller than 44 px: {small}"
    # the board's places to choose (marked hexes, tile places) in view are finger-sized too
    places = page.evaluate(
        """() => [...document.querySelectorAll('#board .hex.legal .face, #board .site .ring')]
             .map(f => [f.closest('[data-hex],[data-site]').getAttribute('data-hex')
                        || f.closest('[data-site]').dataset.site, f.getBoundingClientRect()])
             .filter(([, r]) => r.right > 0 && r.bottom > 0
                                && r.left < innerWidth && r.top < innerHeight)
             .filter(([, r]) => r.width < 44 || r.height < 44)
             .map(([h, r]) => [h, Math.round(r.width), Math.round(r.height)])"""
    )
    assert places == [], f"{name}: places on the board smaller than 44 px: {places}"
    spilled = page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)]
             .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
             .map(b => b.textContent.trim() || b.getAttribute('aria-label'))""",
        buttons,
    )
    assert spilled == [], f"{name}: button content cut off or spilling out: {spilled}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _late_position(page: Page, server: str) -> attika.Game:
    game = late_game()
    open_game(page, serve_game(page, server, game, "late"))
    kind = sorted(game.players[game.current].stored)[0]
    page.click(f'[data-cmd=select][data-arg="{kind}"]')
    return game


def test_desktop_layout(game_page: Page, server: str) -> None:
    _late_position(game_page, server)
    expect(game_page.locator(".hex.legal").first).to_be_visible()
    check_layout(game_page, "desktop-1280x800")


def test_tablet_layout_by_touch(touch_page: Page, server: str) -> None:
    page = touch_page
    game = late_game()
    open_game(page, serve_game(page, server, game, "late"))
    kind = sorted(game.players[game.current].stored)[0]
    page.tap(f'[data-cmd=select][data-arg="{kind}"]')
    legal = page.locator(".hex.legal").first
    hexname = legal.get_attribute("data-hex")
    into_view(page, ".hex.legal")
    legal.tap()
    expect(page.locator(".payment")).to_contain_text("on the chosen hex")
    expect(page.locator(f'[data-hex="{hexname}"]')).to_have_class(re.compile(r"\btarget\b"))
    check_layout(page, "tablet-768x1024")


def test_new_game_screen_on_a_tablet(touch_page: Page, server: str) -> None:
    page = touch_page
    page.goto(f"{server}/index.html")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    page.tap('[data-cmd=setup-count][data-arg="4"]')
    assert page.locator(".seatrow").count() == 4
    check_layout(page, "tablet-new-game")
    assert Path(SHOTS / "tablet-new-game.png").exists()
