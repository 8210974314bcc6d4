"""The peer link over a relay (issue 39, over the internet), with a real Nostr relay on a
loopback port (e2e/relay.py) and a copy of the site whose setting names it."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from . import relay
from .conftest import close_clean
from .peer import bench, connect, events, wait_for

#: The fixtures of e2e/relay.py, for the tests here
nostr_relay = relay.nostr_relay
relayed_site = relay.relayed_site

# A guest joining a room idle for over a minute (relayed offers go stale after about one)
# is played on the game's own pages in e2e/test_own_device_table.py.


def open_room(page: Page) -> str:
    link: str = page.evaluate("attikaPeer.openRoom(location.href).then((r) => r.link)")
    return link


def test_guests_by_relay_and_by_code_at_one_host_and_a_relayed_guest_leaves_and_comes_back(
    browser: Browser, relayed_site: str
) -> None:
    host, host_guard = bench(browser, relayed_site)
    typed, typed_guard = bench(browser, relayed_site)
    assert host.evaluate("attikaPeer.internet") is True
    link = open_room(host)
    fragment = link[link.index("#") :]
    # the room, a 256-bit password and the public half of the host's P-256 key
    assert len(fragment) == len("#room=") + 22 + 1 + 43 + 1 + 87
    connect(host, typed, "seat-1")  # the one-table way, at the same host

    guest, guard = bench(browser, relayed_site, fragment)
    guest.evaluate("attikaPeer.joinRoom(location.href)")
    wait_for(guest, "open", "host", ms=30_000)
    first = wait_for(host, "open", None, ms=30_000)
    joined = [e["peerId"] for e in events(host, "open") if e["peerId"] != "seat-1"]
    assert len(joined) == 1, joined
    relay_id = joined[0]
    assert first["peerId"] in {"seat-1", relay_id}

    assert guest.evaluate("attikaPeer.send('host', 'relayed hello')") is True
    assert wait_for(host, "message", relay_id)["detail"] == "relayed hello"
    assert host.evaluate("(p) => attikaPeer.send(p, 'relayed answer')", relay_id) is True
    assert wait_for(guest, "message", "host")["detail"] == "relayed answer"
    assert events(typed, "message") == []

    close_clean(guest, guard)
    assert wait_for(host, "close", relay_id, ms=10_000)["peerId"] == relay_id

    back, back_guard = bench(browser, relayed_site, fragment)
    back.evaluate("attikaPeer.joinRoom(location.href)")
    wait_for(back, "open", "host", ms=30_000)
    again = [e["peerId"] for e in events(host, "open") if e["peerId"] not in {"seat-1", relay_id}]
    assert len(again) == 1, "the guest who came back is seen to join again"
    assert back.evaluate("attikaPeer.send('host', 'back again')") is True
    assert wait_for(host, "message", again[0])["detail"] == "back again"
    for page, page_guard in [(back, back_guard), (typed, typed_guard), (host, host_guard)]:
        close_clean(page, page_guard)


def test_a_guest_takes_only_the_holder_of_the_host_key_for_its_host(
    browser: Browser, relayed_site: str
) -> None:
    """A peer with the room's password (any guest has it) that says it is the host is not
    believed; the real host, reopening its room with its key as after a reload, is."""
    host, host_guard = bench(browser, relayed_site)
    opened = host.evaluate("attikaPeer.openRoom(location.href)")
    host.evaluate("attikaPeer.close()")
    link = opened["link"]
    impostor, impostor_guard = bench(browser, relayed_site)
    impostor.evaluate("(link) => harness.impostor(link)", link)
    guest, guard = bench(browser, relayed_site, link[link.index("#") :])
    guest.evaluate("attikaPeer.joinRoom(location.href)")
    refused = wait_for(guest, "error", None, ms=20_000)
    assert "without the host's key" in refused["detail"]
    assert events(guest, "open") == []
    assert events(impostor, "open") != [], "the impostor, as host, did take the guest"

    host.evaluate("([l, k]) => attikaPeer.openRoom(location.href, l, k)", [link, opened["key"]])
    wait_for(guest, "open", "host", ms=30_000)
    assert guest.evaluate("attikaPeer.send('host', 'to the real host')") is True
    assert wait_for(host, "message", None)["detail"] == "to the real host"
    assert [e for e in events(impostor, "message")] == []
    wrong = host.evaluate(
        "(l) => attikaPeer.openRoom(location.href, l, JSON.stringify({kty: 'EC'}))"
        ".then(() => 'opened', (e) => e.message)",
        link,
    )
    assert "not a P-256 private key" in wrong
    for page, page_guard in [(guest, guard), (impostor, impostor_guard), (host, host_guard)]:
        close_clean(page, page_guard)
