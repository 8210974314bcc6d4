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


def hand_total(page: Page) -> int:
    return sum(int(x) for x in page.locator(".hand .cardcount").all_inner_texts())


def stack_size(page: Page, stack: int) -> int:
    return int(page.locator(f'[data-stack="{stack}"] .stacksize').inner_text())


def play(page: Page, game: attika.Game, text: str) -> None:
    """Make the taps for one action; ``game`` is the same game on the test's side."""
    action = attika.parse_action(text)
    match action:
        case DrawBuilding(stack=stack):
            page.click(f'[data-stack="{stack}"]')
        case StoreBuilding():
            page.click("[data-cmd=store]")
        case Build(building=kind, hex=h, payment=payment):
            if game.turn.drawn is None:
                page.click(f'[data-cmd=select][data-arg="{kind}"]')
            page.click(f'[data-hex="{format_hex(h)}"]')
            page.wait_for_selector(".payment")
            for i in range(4):
                # a free build has no payment rows; every other build one per card held
                if not game.players[game.current].hand[i] or not page.locator(".payrow").count():
                    continue
                shown = int(page.locator(f".payrow:has([data-arg='+{i}']) .paycount").inner_text())
                for _ in range(shown - payment[i]):
                    page.click(f'[data-cmd=pay][data-arg="-{i}"]')
                for _ in range(payment[i] - shown):
                    page.click(f'[data-cmd=pay][data-arg="+{i}"]')
            page.click(".payment [data-cmd=confirm]")
        case PlaceTile(centre=centre, rotation=rotation):
            page.click(f'[data-site="{format_hex(centre)}"]')
            for _ in range(rotation):
                page.click('[data-cmd=rotate][data-arg="1"]')
            page.click("[data-cmd=confirm]")
        case SpendAmphora(use=use):
            page.click(f'[data-cmd=amphora][data-arg="{use}"]')
        case EndTurn():
            page.click("[data-cmd=end]")
    game.apply(action)
    if isinstance(action, EndTurn) and page.locator("[data-cmd=continue]").count():
        page.click("[data-cmd=continue]")


def board_owners(page: Page) -> dict[str, int]:
    return json.loads(
        page.evaluate(
            """JSON.stringify(Object.fromEntries([...document.querySelectorAll('[data-owner]')]
                .map(e => [e.dataset.hex, Number(e.dataset.owner)])))"""
        )
    )
