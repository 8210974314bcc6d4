"""Playing Attika through the page: each rules action as the taps a player makes."""

from __future__ import annotations

import json

from playwright.sync_api import Page

import attika
from attika.actions import Build, DrawBuilding, EndTurn, PlaceTile, SpendAmphora, StoreBuilding
from attika.hexes import format_hex

from .conftest import READY_MS


def open_game(page: Page, url: str, *, take_over: bool = True) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    if take_over and page.locator("[data-cmd=continue]").count():
        page.click("[data-cmd=continue]")


def serve_game(page: Page, server: str, game: attika.Game, name: str = "saved") -> str:
    """Answer ``/e2e/<name>.json`` with the game's file; returns the page URL that opens it."""
    body = game.to_json()
    page.route(
        f"{server}/e2e-saves/{name}.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    return f"{server}/index.html?load=e2e-saves/{name}.json"


def into_view(page: Page, selector: str) -> None:
    """Bring a place on the board into view, as a player drags the board to it (a phone
    shows a big board zoomed in far enough for a finger, so some places lie outside)."""
    page.evaluate(  # a position page has no pan and zoom: its board is always whole
        "(s) => window.attikaBoard && window.attikaBoard.show(document.querySelector(s))",
        selector,
    )


def hand_total(page: Page) -> int:
    return sum(int(x) for x in page.locator(".hand .cardcount").all_inner_texts())


def stack_size(page: Page, stack: int) -> int:
    return int(page.locator(f'[data-stack="{stack}"] .stacksize').inner_text())


def play(page: Page, game: attika.Game, text: str, *, touch: bool = False) -> None:
    """Make the taps for one action; ``game`` is the same game on the test's side.

    With ``touch`` every press is a tap (a touch event), as on a phone or tablet."""
    action = attika.parse_action(text)
    click = page.tap if touch else page.click
    match action:
        case DrawBuilding(stack=stack):
            click(f'[data-stack="{stack}"]')
        case StoreBuilding():
            click("[data-cmd=store]")
        case Build(building=kind, hex=h, payment=payment):
            if game.turn.drawn is None:
                click(f'[data-cmd=select][data-arg="{kind}"]')
            into_view(page, f'[data-hex="{format_hex(h)}"]')
            click(f'[data-hex="{format_hex(h)}"]')
            page.wait_for_selector(".payment")
            for i in range(4):
                # a free build has no payment rows; every other build one per card held
                if not game.players[game.current].hand[i] or not page.locator(".payrow").count():
                    continue
                shown = int(page.locator(f".payrow:has([data-arg='+{i}']) .paycount").inner_text())
                for _ in range(shown - payment[i]):
                    click(f'[data-cmd=pay][data-arg="-{i}"]')
                for _ in range(payment[i] - shown):
                    click(f'[data-cmd=pay][data-arg="+{i}"]')
            click(".payment [data-cmd=confirm]")
        case PlaceTile(centre=centre, rotation=rotation):
            into_view(page, f'[data-site="{format_hex(centre)}"]')
            click(f'[data-site="{format_hex(centre)}"]')
            for _ in range(rotation):
                click('[data-cmd=rotate][data-arg="1"]')
            click("[data-cmd=confirm]")
        case SpendAmphora(use=use):
            click(f'[data-cmd=amphora][data-arg="{use}"]')
        case EndTurn():
            click('[data-cmd=end][data-arg=""]')
            if game.unused_actions():  # the page asks first when actions are left
                click('[data-cmd=end][data-arg="sure"]')
    game.apply(action)
    if isinstance(action, EndTurn) and page.locator("[data-cmd=continue]").count():
        click("[data-cmd=continue]")


def board_owners(page: Page) -> dict[str, int]:
    return json.loads(
        page.evaluate(
            """JSON.stringify(Object.fromEntries([...document.querySelectorAll('[data-owner]')]
                .map(e => [e.dataset.hex, Number(e.dataset.owner)])))"""
        )
    )


def page_game(page: Page) -> attika.Game:
    """The game as the page has kept it after its last action (the test's copy of it, to
    know what a computer did, not to play)."""
    text = page.evaluate(
        """() => {
            const id = new URLSearchParams(location.search).get('game');
            return JSON.stringify(JSON.parse(localStorage.getItem('attika.game.' + id)).file);
        }"""
    )
    return attika.Game.from_json(text)
