"""Own-device play on the game's own pages: how long a phone takes to be seated, and how long
an action takes from the phone's tap to the phone showing the host's answer.

    .venv/bin/python bench/own_device_pages.py [--joins N] [--turns N]

In Debian's Chromium (headless), a host page (index.html, a 3-seat game: one person at the
host, two seats on devices) and phone pages (join.html, 360x740, touch), all on loopback, in a
copy of the site whose setting names a Nostr relay started for the run (e2e/relay.py):

- at one table: the host's *Invite* tapped to the offer's link and QR code shown; the phone's
  page opened from that link to its answer shown (the phone's start, Python included, with the
  game already in the browser's cache as on a phone that played before); the host's *Connect*
  tapped (the answer typed: no person typing is timed) to the phone showing its seat;
- over the internet: the room's link opened on a phone to its seats offered, the seat tapped to
  the phone showing it, and a phone reopening the link (its seat kept) to its seat shown;
- an action's round trip: the phone's player ends the turn (the tap that sends it) until the
  phone shows the position the host answered with; the baseline, in the same run, is the same
  action tapped at the host for its own seat until the host's page shows it.

Bytes per action are `bench/own_device.py`'s figures (the update a device is sent).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.peer_link import p95, site_and_browser  # noqa: E402

PHONE = {"width": 360, "height": 740}

#: In the page: tap the button(s) that end the turn, from the tap that sends it until the
#: body's attribute ``attr`` changes (the phone: the position shown; the host: the seat to
#: move), in ms. The first tap may only ask "are you sure?" (answered on the page at once).
END_TURN = """async ([attr]) => {
  const end = document.querySelector('#side [data-cmd="end"]:not([data-arg="sure"])');
  const before = document.body.dataset[attr];
  const changed = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (document.body.dataset[attr] === before) return;
      watch.disconnect();
      resolve(performance.now());
    });
    watch.observe(document.body, {attributes: true});
  });
  let start = performance.now();
  end.click();
  const sure = document.querySelector('[data-cmd="end"][data-arg="sure"]');
  if (sure) { start = performance.now(); sure.click(); }
  return (await changed) - start;
}"""


def row(label: str, values: list[float], note: str = "") -> None:
    print(f"{label:52}{statistics.median(values):10.0f}{p95(values):10.0f}{note}")


def ms_since(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)


def panel(host: Page) -> None:
    if host.locator("#devices").is_hidden():
        host.click('[data-cmd="devices"]')


def join_by_code(host: Page, phone_context: BrowserContext) -> tuple[Page, list[float]]:
    """A new phone page seated at seat 1 by the typed answer; (invite to offer shown, phone's
    page to answer shown, connect to seated) in ms."""
    panel(host)
    invite = host.locator('[data-cmd="invite"][data-arg="1"]')
    invite.wait_for(timeout=60_000)  # after a phone left: once the host has seen it go
    link = host.locator('[data-key="link:1"]')
    old = str(link.input_value()) if link.count() else ""
    start = time.perf_counter()
    invite.click()
    host.wait_for_function(
        "(old) => { const l = document.querySelector('[data-key=\"link:1\"]');"
        " return l && l.value !== old && l.closest('li')?.querySelector('[data-qr] svg'); }",
        arg=old,
        timeout=30_000,
    )
    offer = ms_since(start)
    phone = phone_context.new_page()
    start = time.perf_counter()
    phone.goto(str(link.input_value()))
    answer = phone.locator("textarea.answer-code")
    answer.wait_for(timeout=60_000)
    answered = ms_since(start)
    host.fill('textarea[name="answer-1"]', answer.input_value())
    start = time.perf_counter()
    host.click('[data-cmd="connect"][data-arg="1"]')
    phone.wait_for_selector("#seat:not([hidden]) #side", timeout=60_000)
    return phone, [offer, answered, ms_since(start)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--joins", type=int, default=5)
    parser.add_argument("--turns", type=int, default=20)
    args = parser.parse_args()
    with site_and_browser() as (base, browser):
        measure(args, base, browser)


def measure(args: argparse.Namespace, base: str, browser: Browser) -> None:
    host = browser.new_context(viewport={"width": 768, "height": 1024}).new_page()
    host.goto(f"{base}/index.html?players=3&seed=8&seats=human,device,device")
    ready(host)

    # at one table, each time a new page on the same phone (its cache warm after the first)
    phone_context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    first: list[float] = []
    joins: list[list[float]] = []
    phone: Page | None = None
    for n in range(args.joins + 1):
        if phone is not None:
            phone.close()
        phone, figures = join_by_code(host, phone_context)
        (first if n == 0 else joins).append(figures)  # type: ignore[arg-type]
    assert phone is not None
    host.click('[data-cmd="devices"]')

    # over the internet: Cy's phone opens the room's link and takes seat 2, then reopens it
    panel(host)
    host.click('[data-cmd="room"]')
    room = host.locator('[data-key="room-link"]')
    room.wait_for(timeout=30_000)
    link = str(room.input_value())
    host.click('[data-cmd="devices"]')
    cy_context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    cy = cy_context.new_page()
    start = time.perf_counter()
    cy.goto(link)
    claim = cy.locator('[data-cmd="claim"][data-arg="2"]')
    claim.wait_for(timeout=90_000)
    offered = ms_since(start)
    start = time.perf_counter()
    claim.click()
    cy.wait_for_selector("#seat:not([hidden]) #side", timeout=60_000)
    claimed = ms_since(start)
    reopened: list[float] = []
    for _ in range(max(1, args.joins // 2)):
        cy.close()
        cy = cy_context.new_page()
        start = time.perf_counter()
        cy.goto(link)
        cy.wait_for_selector("#seat:not([hidden]) #side", timeout=90_000)
        reopened.append(ms_since(start))

    # round trips: every seat ends its turn at once, each where it is played
    phones = {1: phone, 2: cy}
    at_host: list[float] = []
    remote: dict[int, list[float]] = {1: [], 2: []}
    while min(len(at_host), *(len(v) for v in remote.values())) < args.turns:
        seat = int(host.evaluate("document.body.dataset.seat"))
        if host.evaluate("document.body.dataset.phase") == "over":
            break
        if seat == 0:
            host.wait_for_selector('#side [data-cmd="end"]', timeout=30_000)
            at_host.append(host.evaluate(END_TURN, ["seat"]))
        else:
            page = phones[seat]
            page.wait_for_function(
                "(s) => { const b = document.querySelector(s); return b && !b.disabled; }",
                arg='#side [data-cmd="end"]:not([data-arg="sure"])',
                timeout=30_000,
            )
            remote[seat].append(page.evaluate(END_TURN, ["position"]))
        host.wait_for_function(f"Number(document.body.dataset.seat) !== {seat}", timeout=30_000)

    print(
        f"own-device play on the pages: {args.joins} joins by code after the first, "
        f"{len(reopened)} reopened links, {len(at_host)} turns ended at the host, "
        f"{len(remote[1])} + {len(remote[2])} on the phones"
    )
    print(f"{'':52}{'median':>10}{'p95':>10}")
    labels = (
        "one table: Invite tapped to offer shown, ms",
        "one table: phone's page to answer shown, ms",
        "one table: Connect tapped to seat shown, ms",
    )
    for i, label in enumerate(labels):
        row(label, [j[i] for j in joins], f"   (first: {first[0][i]:.0f})")
    print(
        f"{'one table: offer shown to seated, ms':52}"
        f"{statistics.median([j[1] + j[2] for j in joins]):10.0f}"
        f"{p95([j[1] + j[2] for j in joins]):10.0f}   (no person typing)"
    )
    print(f"{'relay: link opened to seats offered, ms':52}{offered:10.0f}")
    print(f"{'relay: seat tapped to seat shown, ms':52}{claimed:10.0f}")
    row("relay: link reopened to seat shown (kept), ms", reopened)
    base = statistics.median(at_host)
    row("baseline: turn ended at the host, ms", at_host)
    for seat, label in ((1, "one table"), (2, "relayed")):
        ratio = statistics.median(remote[seat]) / base
        row(f"turn ended on the phone ({label}), ms", remote[seat], f"   ratio {ratio:.1f}")


if __name__ == "__main__":
    main()
