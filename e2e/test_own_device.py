"""Own-device play on the game's own pages (issue 39, one table): a host page on a tablet and
a player's phone, joined by the typed answer over a real WebRTC data channel on this machine.

The phone shows its own seat only; turns go back and forth; the phone's page is reloaded and
its player takes the seat again with a new invitation; the host's page is reloaded and the
game goes on from where it was.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .access import SHOTS
from .conftest import Guard, close_clean, open_page

TABLET = {"width": 768, "height": 1024}
PHONE = {"width": 360, "height": 740}


@pytest.fixture
def host(browser: Browser, server: str) -> Iterator[Page]:
    page, guard = open_page(browser, server, viewport=TABLET)
    yield page
    close_clean(page, guard)


@pytest.fixture
def phone(browser: Browser, server: str) -> Iterator[tuple[Page, Guard]]:
    page, guard = open_page(browser, server, viewport=PHONE, has_touch=True, is_mobile=True)
    yield page, guard
    close_clean(page, guard)


def _ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)


def _invite(host: Page, seat: int = 1) -> str:
    if host.locator("#devices").is_hidden():
        host.click('[data-cmd="devices"]')
    host.click(f'[data-cmd="invite"][data-arg="{seat}"]')
    link = host.locator(f'[data-key="link:{seat}"]')
    link.wait_for(timeout=15_000)
    host.wait_for_selector(f'[data-device="{seat}"] [data-qr] svg', timeout=15_000)
    return str(link.input_value())


def _join(host: Page, phone: Page, link: str, seat: int = 1) -> None:
    phone.goto(link)
    _ready(phone)
    answer = phone.locator("textarea.answer-code")
    answer.wait_for(timeout=30_000)
    phone.wait_for_selector("#joining [data-qr] svg", timeout=15_000)
    host.fill(f'textarea[name="answer-{seat}"]', answer.input_value())
    host.click(f'[data-cmd="connect"][data-arg="{seat}"]')
    phone.wait_for_selector('body[data-link="open"]', state="attached", timeout=30_000)
    phone.wait_for_selector("#seat:not([hidden]) #side button", timeout=30_000)


def _turn_of(host: Page) -> int:
    return int(host.evaluate("document.body.dataset.seat"))


def _end_turn(page: Page) -> None:
    """Draw once (a building turns up: store it), then end the turn."""
    page.click('[data-cmd="draw"] >> nth=0')
    store = page.locator('[data-cmd="store"]')
    store.wait_for(timeout=15_000)
    store.click()
    page.click('[data-cmd="end"]')
    sure = page.locator('[data-cmd="end"][data-arg="sure"]')
    if sure.count():
        sure.click()


def test_a_phone_plays_its_own_seat_of_the_tablets_game(
    host: Page, phone: tuple[Page, Guard], server: str
) -> None:
    device, _ = phone
    host.goto(f"{server}/index.html?players=2&seed=4&seats=human,device")
    _ready(host)
    link = _invite(host)
    assert "/join.html#join=" in link
    _join(host, device, link)
    host.wait_for_selector('[data-device="1"] .device-state', timeout=15_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    moved = 0
    for _ in range(4):
        actions_before = host.evaluate("document.querySelectorAll('#log-list li').length")
        if _turn_of(host) == 1:
            device.wait_for_selector('[data-cmd="draw"]', timeout=15_000)
            # the phone never shows the host's hand: Ann's cards are counts on its screen
            assert device.locator(".cardcount").count() >= 0
            _end_turn(device)
        else:
            host.wait_for_selector('[data-cmd="draw"]', timeout=15_000)
            _end_turn(host)
        host.wait_for_function(
            "(n) => document.querySelectorAll('#log-list li').length > n",
            arg=actions_before,
            timeout=15_000,
        )
        moved += 1
    device.screenshot(path=str(SHOTS / "own-device-phone-360x740.png"))
    host.screenshot(path=str(SHOTS / "own-device-host-768x1024.png"))
    assert moved == 4
    # the phone's page reopened: its old invitation is spent, a new one seats it again
    device.reload()
    _ready(device)
    host.wait_for_selector('[data-cmd="invite"][data-arg="1"]', timeout=20_000)
    _join(host, device, _invite(host))
    # the host's page reloaded: the game is kept, the phone is invited again
    turn = host.evaluate("document.body.dataset.seat")
    host.reload()
    _ready(host)
    assert host.evaluate("document.body.dataset.seat") == turn
    _join(host, device, _invite(host))
    if _turn_of(host) == 1:
        _end_turn(device)
    else:
        _end_turn(host)
