"""The game by keyboard alone: a draw turn that builds the drawn building, lays the new tile
and ends early; a build turn; every step reached with Tab and arrows, the focus never
dropped to the page; the board one Tab stop; Back and Escape close before they leave."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

import attika
from attika.bots import greedy_bot
from attika.rng import Rng

from .driver import open_game, serve_game
from .positions import last_building_in_a_stack

FOCUSED = "document.activeElement"


def _position() -> attika.Game:
    """A 2-player game whose player can draw the last building of a stack (a tile follows)
    while the other player has buildings waiting to be built."""
    for seed in range(1, 40):
        game = attika.new_game(2, seed)
        rng = Rng(seed)
        while not game.is_over:
            if last_building_in_a_stack(game) and game.players[1 - game.current].stored:
                return game
            game.apply(greedy_bot(game, rng))
    raise AssertionError("no seeded game reaches such a position")


def focus_is_meaningful(page: Page, what: str) -> None:
    tag = page.evaluate(f"{FOCUSED}.tagName")
    assert tag not in ("BODY", "HTML"), f"after {what} the focus fell to the page"


def tab_to(page: Page, selector: str, *, back: bool = False, limit: int = 60) -> None:
    """Press Tab (or Shift+Tab) until the focus is on ``selector``."""
    for _ in range(limit):
        if page.evaluate(f"(s) => {FOCUSED}.matches(s)", selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{selector} is not reached by {'Shift+' if back else ''}Tab")


def board_tab_stops(page: Page) -> int:
    return int(
        page.evaluate(
            """() => [document.getElementById('board'),
                      ...document.querySelectorAll('#board [tabindex]')]
                .filter(e => e.getAttribute('tabindex') === '0').length"""
        )
    )


def test_a_draw_turn_a_tile_and_a_build_turn_by_keyboard_alone(
    game_page: Page, server: str
) -> None:
    page = game_page
    game = _position()
    open_game(page, serve_game(page, server, game, "keys"), take_over=False)
    expect(page.locator(".handover")).to_be_visible()
    assert page.locator("main.layout").evaluate("m => m.inert"), "the page behind is live"
    page.keyboard.press("Enter")  # the focus starts on "I am ...: show my turn"
    expect(page.locator(".handover")).to_have_count(0)
    focus_is_meaningful(page, "Continue")
    assert not page.locator("main.layout").evaluate("m => m.inert")

    # a draw turn: the stack with one building left
    last = next(i for i, s in enumerate(game.players[game.current].stacks) if len(s) == 1)
    tab_to(page, f'[data-stack="{last}"]')
    page.keyboard.press("Enter")
    game.apply(f"draw {last}")
    expect(page.locator(".drawn")).to_be_visible()
    focus_is_meaningful(page, "drawing")
    assert board_tab_stops(page) == 1, "the board is more than one Tab stop"
    if page.locator("#board .hex.legal").count():  # build the drawn building where it may go
        tab_to(page, '#board .hex.legal[tabindex="0"]', back=True)
        page.keyboard.press("Enter")
        expect(page.locator(".payment")).to_be_visible()
        page.keyboard.press("Enter")
    else:  # nowhere to build it: store it
        tab_to(page, "[data-cmd=store]")
        page.keyboard.press("Enter")
    # the stack ran out: the new tile, placed by keyboard
    expect(page.locator("[data-site]").first).to_be_attached()
    focus_is_meaningful(page, "the tile's turn")
    tab_to(page, '#board [data-site][tabindex="0"]', back=True)
    page.keyboard.press("ArrowRight")
    focus_is_meaningful(page, "an arrow between tile places")
    page.keyboard.press("Enter")  # choose the place
    expect(page.locator("[data-site].chosen")).to_have_count(1)
    focus_is_meaningful(page, "choosing a tile place")
    hexes = page.locator("[data-hex]").count()
    page.keyboard.press("Enter")  # the same place again lays it
    expect(page.locator("[data-site]")).to_have_count(0)
    assert page.locator("[data-hex]").count() == hexes + 7
    focus_is_meaningful(page, "laying the tile")
    # end the turn early: the question takes the focus, Enter answers it
    tab_to(page, '[data-cmd=end][data-arg=""]')
    page.keyboard.press("Enter")
    expect(page.locator(".confirm-end")).to_be_visible()
    assert page.evaluate(f"{FOCUSED}.closest('.confirm-end') !== null"), "focus not on question"
    tab_to(page, '[data-cmd=end][data-arg="sure"]')
    page.keyboard.press("Enter")
    expect(page.locator(".handover")).to_be_visible()
    page.keyboard.press("Enter")

    # a build turn: choose a waiting building, reach its place, pay
    tab_to(page, "[data-cmd=select]:not([disabled])")
    kind = page.evaluate(f"{FOCUSED}.dataset.arg")
    page.keyboard.press("Enter")
    expect(page.locator("#board .hex.legal").first).to_be_attached()
    assert board_tab_stops(page) == 1
    built = len(page.locator("[data-owner]").all())
    tab_to(page, '#board .hex.legal[tabindex="0"]', back=True)
    # the arrows go from place to place; the one reached is the Tab stop now
    assert page.locator("#board .hex.legal").count() > 1
    first = page.evaluate(f"{FOCUSED}.dataset.hex")
    for key in ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"):
        page.keyboard.press(key)
        if page.evaluate(f"{FOCUSED}.dataset.hex") != first:
            break
    reached = page.evaluate(f"{FOCUSED}.dataset.hex")
    assert reached != first, "the arrow keys do not move between places"
    assert board_tab_stops(page) == 1
    assert page.get_attribute(f'[data-hex="{reached}"]', "tabindex") == "0"
    label = page.evaluate(f"{FOCUSED}.getAttribute('aria-label')")
    assert not re.search(r"-?\d+,-?\d+", label), f"coordinates in {label!r}"
    assert "build the" in label and "paying" in label
    page.keyboard.press("Enter")
    expect(page.locator(".payment")).to_be_visible()
    page.keyboard.press("Enter")
    expect(page.locator("[data-owner]")).to_have_count(built + 1)
    assert page.locator(f'[data-building="{kind}"]').count() >= 1
    focus_is_meaningful(page, "building")


def test_back_and_escape_close_what_is_open_before_leaving(game_page: Page, server: str) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=2&seed=5")
    url = page.url
    page.click("[data-cmd=log]")
    expect(page.locator("#log")).to_be_visible()
    page.go_back()
    expect(page.locator("#log")).to_be_hidden()
    assert page.url == url and page.evaluate("document.body.dataset.ready") == "1"
    page.click("[data-cmd=log]")
    page.click("#log [data-key=log-close]")  # the log has its own close button
    expect(page.locator("#log")).to_be_hidden()
    page.click("[data-cmd=new-game]")
    expect(page.locator("#setup-form")).to_be_visible()
    page.go_back()
    expect(page.locator("#setup-form")).to_have_count(0)
    page.keyboard.press("Escape")  # nothing open: Escape changes nothing
    assert page.url == url
    page.click("[data-cmd=log]")
    page.keyboard.press("Escape")
    expect(page.locator("#log")).to_be_hidden()
