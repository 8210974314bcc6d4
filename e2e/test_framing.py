"""index.html inside another site's frame shows no game, only a link that opens it in a tab
of its own (a <meta> policy cannot forbid the frame: web/frame-guard.js looks for itself);
inside a frame of its own site the game plays as ever."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .conftest import READY_MS, ROOT, close_clean, open_page

#: The framing page, written where the test server serves it (not kept in git).
HOST = ROOT / "test-results" / "framing" / "host.html"


def _other(server: str) -> str:
    """Another origin on this machine: the same server under another name (a page the
    browser thinks public may not frame a loopback address, so the test's own pages are
    served by the server, not made up by a route)."""
    return server.replace("127.0.0.1", "localhost")


def _framing(page: Page, origin: str, src: str) -> None:
    """A page of ``origin`` that holds ``src`` in a frame."""
    HOST.parent.mkdir(parents=True, exist_ok=True)
    HOST.write_text(
        f'<!doctype html><title>Host</title><iframe src="{src}" width="700" height="500">'
    )
    page.goto(f"{origin}/{HOST.relative_to(ROOT)}")


def test_another_sites_frame_gets_a_link_not_the_game(
    game_page: Page, browser: Browser, server: str
) -> None:
    page = game_page
    _framing(page, _other(server), f"{server}/index.html?players=2&seed=9")
    frame = page.frame_locator("iframe")
    link = frame.get_by_role("link", name="Open Attika in its own tab")
    expect(link).to_be_visible()
    assert link.get_attribute("href") == f"{server}/index.html?players=2&seed=9"
    assert link.get_attribute("target") == "_blank"
    # nothing of the game was loaded: no top bar, no board, no Python
    expect(frame.locator("#app, #board, script[type=py]")).to_have_count(0)
    # in the player's language, as the game speaks it: a frame of another site may not
    # read the choice kept on this device, so the browser's languages decide
    for locale, words in (
        ("de-AT", "Attika in einem eigenen Tab öffnen"),
        ("nl-NL", "Attika in een eigen tabblad openen"),
    ):
        other, guard = open_page(browser, server, locale=locale)
        _framing(other, _other(server), f"{server}/index.html?players=2&seed=9")
        framed = other.frame_locator("iframe")
        expect(framed.get_by_role("link", name=words)).to_be_visible()
        expect(framed.locator("html")).to_have_attribute("lang", locale[:2])
        close_clean(other, guard)


def test_a_frame_of_its_own_site_plays(game_page: Page, server: str) -> None:
    page = game_page
    _framing(page, server, f"{server}/index.html?players=2&seed=9")
    frame = page.frame_locator("iframe")
    expect(frame.get_by_role("button", name="New game")).to_be_visible(timeout=READY_MS)
    expect(frame.locator(".framed")).to_have_count(0)
