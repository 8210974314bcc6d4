"""The peer link by typed code (issue 39, one table): real data channels between browser
contexts on this machine, on the link's bare test page. The game's pages are tested elsewhere."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .conftest import Guard, close_clean
from .peer import bench, connect, events, wait_for

LIMIT = 64 * 1024


@pytest.fixture
def pages(browser: Browser, server: str) -> Iterator[list[tuple[Page, Guard]]]:
    """A host and two guests (three contexts, the most one browser may hold here)."""
    opened = [bench(browser, server) for _ in range(3)]
    yield opened
    for page, guard in opened:
        if not page.is_closed():
            close_clean(page, guard)


def test_a_host_and_two_guests_connect_by_typed_code_and_exchange_messages(
    pages: list[tuple[Page, Guard]],
) -> None:
    (host, _), (one, _), (two, _) = pages
    offer = connect(host, one, "seat-1")
    assert 80 <= len(offer) <= 140, f"the code a person may type is {len(offer)} characters"
    connect(host, two, "seat-2")
    assert sorted(host.evaluate("attikaPeer.peers()")) == ["seat-1", "seat-2"]
    assert one.evaluate("attikaPeer.peers()") == ["host"]

    assert host.evaluate("attikaPeer.send('seat-2', 'your hand: 3 buildings')") is True
    assert one.evaluate("attikaPeer.send('host', 'build temple 4,5 — Σ')") is True
    assert wait_for(two, "message", "host")["detail"] == "your hand: 3 buildings"
    assert wait_for(host, "message", "seat-1")["detail"] == "build temple 4,5 — Σ"
    assert events(one, "message") == [], "a message to one seat never reaches another"


def test_a_message_over_64_kb_is_refused_and_one_at_the_bound_is_delivered(
    pages: list[tuple[Page, Guard]],
) -> None:
    (host, _), (guest, _), _ = pages
    connect(host, guest, "seat-1")
    assert host.evaluate("(n) => attikaPeer.send('seat-1', 'x'.repeat(n))", LIMIT + 1) is False
    refused = wait_for(host, "refused", "seat-1")
    assert "over 65536" in refused["detail"]
    # two bytes each in UTF-8: half the characters already over the bound
    assert host.evaluate("(n) => attikaPeer.send('seat-1', 'é'.repeat(n))", LIMIT // 2 + 1) is False
    assert host.evaluate("(n) => attikaPeer.send('seat-1', 'y'.repeat(n))", LIMIT) is True
    got = wait_for(guest, "message", "host")
    assert got["detail"] == "y" * LIMIT
    assert len(events(guest, "message")) == 1, "neither refused message arrived"


def test_a_guest_that_closes_is_seen_to_leave_and_comes_back_with_a_new_invitation(
    browser: Browser, server: str, pages: list[tuple[Page, Guard]]
) -> None:
    (host, _), (guest, guard), _ = pages
    connect(host, guest, "seat-1")
    close_clean(guest, guard)
    gone = wait_for(host, "close", "seat-1", ms=8_000)
    assert gone["peerId"] == "seat-1"
    assert host.evaluate("attikaPeer.peers()") == []

    again, again_guard = bench(browser, server)
    try:
        connect(host, again, "seat-1")
        assert again.evaluate("attikaPeer.send('host', 'back')") is True
        assert wait_for(host, "message", "seat-1")["detail"] == "back"
    finally:
        close_clean(again, again_guard)


def test_a_host_that_goes_is_noticed_by_its_guest(pages: list[tuple[Page, Guard]]) -> None:
    (host, guard), (guest, _), _ = pages
    connect(host, guest, "seat-1")
    close_clean(host, guard)
    assert wait_for(guest, "close", "host", ms=8_000)["peerId"] == "host"


#: What a person might type or paste instead of an invitation, and what the refusal says.
BAD_CODES = [
    ("", "empty"),
    ("not a code!", "not a letter"),
    ("A" * 500, "too long"),
    ("AAAA", "another version"),
    ("https://example.org/#room=x", "no invitation"),
]


def test_a_bad_code_is_refused_with_a_reason_and_the_open_link_stays(
    pages: list[tuple[Page, Guard]],
) -> None:
    (host, _), (guest, _), _ = pages
    connect(host, guest, "seat-1")
    for typed, why in BAD_CODES:
        error = guest.evaluate(
            "(c) => attikaPeer.join(c).then(() => 'taken', (e) => e.name + ': ' + e.message)",
            typed,
        )
        assert error.startswith("CodeError: ") and why in error, (typed, error)
    assert guest.evaluate("attikaPeer.send('host', 'still here')") is True
    assert wait_for(host, "message", "seat-1")["detail"] == "still here"


def test_an_answer_is_taken_only_for_the_seat_it_was_made_for(
    pages: list[tuple[Page, Guard]],
) -> None:
    (host, _), (guest, _), _ = pages
    offer = host.evaluate("attikaPeer.invite('seat-1').then((i) => i.code)")
    answer = guest.evaluate("(c) => attikaPeer.join(c)", offer)
    error = host.evaluate(
        "(a) => attikaPeer.accept('seat-2', a).then(() => 'taken', (e) => e.message)", answer
    )
    assert "no invitation is waiting for seat-2" in error
    error = host.evaluate(
        "(o) => attikaPeer.accept('seat-1', o).then(() => 'taken', (e) => e.message)", offer
    )
    assert "not an answer" in error
    host.evaluate("(a) => attikaPeer.accept('seat-1', a)", answer)
    assert wait_for(host, "open", "seat-1")["peerId"] == "seat-1"


def test_a_host_keeps_at_most_eight_invitations_and_links(
    pages: list[tuple[Page, Guard]],
) -> None:
    (host, _), (guest, _), _ = pages
    connect(host, guest, "seat-0")
    for seat in range(1, 8):
        host.evaluate("(s) => attikaPeer.invite(s)", f"seat-{seat}")
    error = host.evaluate("attikaPeer.invite('seat-8').then(() => 'made', (e) => e.message)")
    assert "room for 8" in error
    host.evaluate("attikaPeer.invite('seat-3')")  # a seat invited again takes its own place
    host.evaluate("attikaPeer.drop('seat-2')")
    assert host.evaluate("attikaPeer.invite('seat-8').then(() => 'made')") == "made"
    assert host.evaluate("attikaPeer.send('seat-0', 'still open')") is True
