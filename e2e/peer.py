"""Helpers for the tests of the peer link (web/peer/) on its bare page, e2e/peer_harness.html."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from .conftest import Guard, open_page

HARNESS = "/e2e/peer_harness.html"


def bench(browser: Browser, base: str, fragment: str = "") -> tuple[Page, Guard]:
    """A page of the test bench, ready (its script loaded, attikaPeer set)."""
    page, guard = open_page(browser, base, viewport={"width": 480, "height": 640})
    page.goto(f"{base}{HARNESS}{fragment}")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=15_000)
    return page, guard


def wait_for(page: Page, event: str, peer: str | None = None, ms: int = 15_000) -> dict[str, Any]:
    """The first event of that name (from that peer) the page has seen, waiting up to ms."""
    found: dict[str, Any] = page.evaluate(
        "([e, p, ms]) => harness.waitFor(e, p, ms)", [event, peer, ms]
    )
    return found


def events(page: Page, event: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(
        "(e) => harness.events.filter((x) => x.name === e)", event
    )
    return found


def connect(host: Page, guest: Page, seat: str) -> str:
    """Invite `seat` at the host, answer on the guest, accept at the host: the typed-code way.
    Returns the offer code."""
    offer: str = host.evaluate("(s) => attikaPeer.invite(s).then((i) => i.code)", seat)
    answer: str = guest.evaluate("(c) => attikaPeer.join(c)", offer)
    host.evaluate("([s, a]) => attikaPeer.accept(s, a)", [seat, answer])
    wait_for(host, "open", seat)
    wait_for(guest, "open", "host")
    return offer
