"""A player on their own phone who cannot see it (issue 39): seated by the typed answer, told
by the screen reader's live region that it is their turn, they end it with Tab and Enter
alone, and the host plays it; the phone's screen is axe-clean at both ends of the turn."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from .access import violations
from .conftest import close_clean, open_page
from .test_own_device_table import PHONE, TABLET, _actions, _join_by_code, _ready

END = '#side [data-cmd="end"]'


def _tab_to(page: Page, selector: str, most: int = 60) -> None:
    """Press Tab until the focus is on the first element matching ``selector``."""
    for _ in range(most):
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_turn_on_the_phone_by_keyboard_alone(browser: Browser, server: str) -> None:
    host, host_guard = open_page(browser, server, viewport=TABLET)
    host.goto(f"{server}/index.html?players=2&seed=8&seats=human,device")
    _ready(host)
    phone, phone_guard = open_page(browser, server, viewport=PHONE, has_touch=True)
    _join_by_code(host, phone, 1)
    host.click('[data-cmd="devices"]')
    if host.evaluate("document.body.dataset.seat") == "0":  # the host's own player goes first
        before = _actions(host)
        host.click(END)
        if host.locator('[data-cmd="end"][data-arg="sure"]').count():
            host.click('[data-cmd="end"][data-arg="sure"]')
        host.wait_for_function(f"document.querySelectorAll('#log-list li').length > {before}")

    phone.wait_for_selector(END, timeout=30_000)
    # the live region told the player whose turn it is, in words, once
    phone.wait_for_function("document.getElementById('announce').textContent.trim() !== ''")
    told = phone.inner_text("#announce")
    name = told.split(":")[0]
    assert name and name in phone.inner_text("#you"), told  # "You play Corinth."
    assert violations(phone) == []

    before = _actions(host)
    _tab_to(phone, f'{END}:not([data-arg="sure"])')
    phone.keyboard.press("Enter")
    sure = '[data-cmd="end"][data-arg="sure"]'
    if phone.locator(sure).count():  # asked whether to end it with actions left: yes
        _tab_to(phone, sure)
        phone.keyboard.press("Enter")
    host.wait_for_function(
        f"document.querySelectorAll('#log-list li').length > {before}", timeout=30_000
    )
    host.wait_for_function("document.body.dataset.seat === '0'", timeout=30_000)
    # the phone shows the host's answer: no longer its turn, and the focus is not lost
    phone.wait_for_selector(f"{END}", state="detached", timeout=30_000)
    assert phone.evaluate("document.activeElement !== document.body"), "focus fell to the body"
    assert violations(phone) == []
    close_clean(phone, phone_guard)
    close_clean(host, host_guard)
