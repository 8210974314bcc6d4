"""The peer link of own-device play (web/peer/): how long joining takes, how long a message
takes there and back, and what a message costs on the wire.

    .venv/bin/python bench/peer_link.py [--connects N] [--messages N]

In Debian's Chromium (headless), two browser contexts on this machine (all traffic on
loopback), on the link's test page (e2e/peer_harness.html) in a copy of the site whose setting
names a Nostr relay started for the run (e2e/relay.py):

- one table: time from the host's offer code shown (``invite()`` resolved) to the link open at
  the host (the guest answers by ``join()``, the host ``accept()``s), and how long making the
  offer took (ICE gathering);
- over the relay: time from ``joinRoom()`` to the link open at the guest, each time in a fresh
  page, and how often the room had to be joined;
- round trip host to guest and back (the guest echoes), median and p95, for 200-byte and
  20 kB messages, over each link; the relayed link against the one-table link (the baseline,
  in the same run);
- bytes on the wire per 200-byte message from the host (DTLS and SCTP included, from the
  browser's statistics), with the heartbeat's bytes a second measured while idle and taken off.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from e2e.relay import local_relay, site_with_relay  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
HARNESS = "/e2e/peer_harness.html"


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def bench_page(browser: Browser, base: str, fragment: str = "") -> Page:
    page = browser.new_context(service_workers="block").new_page()
    page.goto(f"{base}{HARNESS}{fragment}")
    page.wait_for_selector("body[data-ready]", state="attached")
    return page


def wait_open(page: Page, peer: str | None, since: int = 0) -> None:
    page.evaluate("([p, since]) => harness.waitFor('open', p, 30000, since)", [peer, since])


def one_table(host: Page, guest: Page, connects: int) -> tuple[list[float], list[float]]:
    """(offer made in ms, offer shown to open in ms) for each of `connects` joins."""
    made, joined = [], []
    for _ in range(connects):
        since = host.evaluate("harness.events.length")
        start = time.perf_counter()
        offer = host.evaluate("attikaPeer.invite('seat-1').then((i) => i.code)")
        shown = time.perf_counter()
        answer = guest.evaluate("(c) => attikaPeer.join(c)", offer)
        host.evaluate("([a]) => attikaPeer.accept('seat-1', a)", [answer])
        wait_open(host, "seat-1", since)
        opened = time.perf_counter()
        made.append((shown - start) * 1000)
        joined.append((opened - shown) * 1000)
    return made, joined


def round_trips(host: Page, peer: str, count: int, size: int) -> list[float]:
    times: list[float] = host.evaluate(
        "([p, n, s]) => harness.roundTrips(p, n, s)", [peer, count, size]
    )
    return times


def wire_per_message(host: Page, count: int) -> tuple[float, float]:
    """(bytes on the wire per 200-byte message, heartbeat bytes a second) from the host."""
    before = host.evaluate("attikaPeer.wireBytes('seat-1')")["sent"]
    time.sleep(3)
    idle = (host.evaluate("attikaPeer.wireBytes('seat-1')")["sent"] - before) / 3
    start = time.perf_counter()
    before = host.evaluate("attikaPeer.wireBytes('seat-1')")["sent"]
    host.evaluate(
        "(n) => { for (let i = 0; i < n; i++) attikaPeer.send('seat-1', 'z'.repeat(200)); }", count
    )
    time.sleep(1)
    sent = host.evaluate("attikaPeer.wireBytes('seat-1')")["sent"] - before
    took = time.perf_counter() - start
    return (sent - idle * took) / count, idle


def row(label: str, values: list[float], note: str = "") -> None:
    print(f"{label:44}{statistics.median(values):10.2f}{p95(values):10.2f}{note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connects", type=int, default=10)
    parser.add_argument("--messages", type=int, default=200)
    args = parser.parse_args()
    with site_and_browser() as (base, browser):
        measure(args, base, browser)


@contextmanager
def site_and_browser() -> Iterator[tuple[str, Browser]]:
    """The game served from a copy that knows a relay of its own, that relay, and a Chromium to
    open them in: what this benchmark and bench/own_device_pages.py measure against."""
    with tempfile.TemporaryDirectory() as tmp:
        for folder in ("relay", "site"):
            Path(tmp, folder).mkdir()
        with (
            local_relay(Path(tmp, "relay")) as relay,
            site_with_relay(Path(tmp, "site"), relay) as base,
            sync_playwright() as playwright,
        ):
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                yield base, browser
            finally:
                browser.close()


def measure(args: argparse.Namespace, base: str, browser: Browser) -> None:
    host = bench_page(browser, base)
    guest = bench_page(browser, base)
    guest.evaluate("harness.echo()")
    made, joined = one_table(host, guest, args.connects)
    direct = {size: round_trips(host, "seat-1", args.messages, size) for size in (200, 20_000)}
    wire, beat = wire_per_message(host, min(args.messages, 80))  # within the burst bound
    guest.context.close()

    link = host.evaluate("attikaPeer.openRoom(location.href).then((r) => r.link)")
    fragment = link[link.index("#") :]
    relay_joins, retries, relayed_id = [], [], ""

    for _ in range(max(3, args.connects // 3)):
        guest = bench_page(browser, base, fragment)
        since = host.evaluate("harness.events.length")
        start = time.perf_counter()
        guest.evaluate("attikaPeer.joinRoom(location.href)")
        wait_open(guest, "host")
        relay_joins.append((time.perf_counter() - start) * 1000)
        retries.append(guest.evaluate("attikaPeer.stats().joins") - 1)
        opened = host.evaluate("(since) => harness.waitFor('open', null, 30000, since)", since)
        last, relayed_id = guest, opened["peerId"]
        if len(relay_joins) < max(3, args.connects // 3):
            guest.context.close()
    guest = last
    guest.evaluate("harness.echo()")
    relayed = {size: round_trips(host, relayed_id, args.messages, size) for size in (200, 20_000)}

    print(
        f"peer link, {args.connects} joins by code, {len(relay_joins)} by relay, "
        f"{args.messages} messages each way per size"
    )
    print(f"{'':44}{'median':>10}{'p95':>10}")
    row("offer made (ICE gathering), ms", made)
    row("one table: offer shown to open, ms", joined)
    row("relay: joinRoom to open, ms", relay_joins, f"   (retries {sum(retries)})")
    for size in (200, 20_000):
        row(f"round trip {size} B, one table, ms", direct[size])
        ratio = statistics.median(relayed[size]) / statistics.median(direct[size])
        row(
            f"round trip {size} B, relayed, ms", relayed[size], f"   ratio to one table {ratio:.2f}"
        )
    print(f"bytes on the wire per 200-byte message: {wire:.0f} (heartbeats: {beat:.0f} B/s)")


if __name__ == "__main__":
    main()
