"""Hostile storage, files and text in the page: nothing stored stops the start page, nothing
nested or oversized stops Python, and no name or lesson text breaks the layout."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page, expect

import attika

from .conftest import READY_MS, ROOT, close_clean, open_page
from .driver import open_game, serve_game

SHOTS = ROOT / "test-results" / "screens"
SCENARIOS = ROOT / "scenarios"
DEEP = "[" * 200_000


def widest(page: Page) -> int:
    """How far right anything on the page reaches, cards over the page included (a fixed card
    that overflows does not widen the document, but is cut off all the same)."""
    return int(
        page.evaluate(
            "Math.max(document.documentElement.scrollWidth, ...[...document.querySelectorAll("
            "'body *')].map(e => e.getBoundingClientRect()).filter(r => r.width).map(r => r.right))"
        )
    )


def _kept_entries() -> dict[str, str]:
    """Kept games of every broken shape, as the issue found them, under the game's own keys."""
    return {
        "attika.game.null-file": json.dumps({"names": ["A", "B"], "file": None}),
        "attika.game.list-file": json.dumps({"names": ["A", "B"], "file": []}),
        "attika.game.text-file": json.dumps({"names": ["A", "B"], "file": "text"}),
        "attika.game.deep": DEEP,
        "attika.current": "deep",
    }


def test_kept_entries_of_any_shape_leave_the_start_page_working(
    game_page: Page, server: str
) -> None:
    page = game_page
    entries = json.dumps(_kept_entries())
    page.add_init_script(  # once, before the page's own scripts, as if left by an earlier visit
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" for (const [k, v] of Object.entries({entries})) localStorage.setItem(k, v); }}"
    )
    open_game(page, f"{server}/index.html", take_over=False)
    broken = page.locator("[data-broken]")
    expect(broken).to_have_count(4)
    expect(page.locator("#overlay .message.error").first).to_be_visible()
    kept = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('attika.broken.'))"
        ".map(k => JSON.parse(localStorage.getItem(k)).text)"
    )
    assert sorted(kept) == sorted(v for k, v in _kept_entries().items() if k != "attika.current")
    # each can be deleted from the page; a new game then starts as usual
    while broken.count():
        broken.first.locator("[data-cmd=broken-delete]").click()
    page.click("[data-cmd=setup-start]")
    page.click("[data-cmd=continue]")
    expect(page.locator(".turnhead .who")).to_be_visible()
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)


def test_a_nested_or_oversized_file_is_refused_and_python_lives_on(
    game_page: Page, server: str, tmp_path: object
) -> None:
    page = game_page
    page.route(
        f"{server}/e2e-saves/deep.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=DEEP),
    )
    open_game(page, f"{server}/index.html?load=e2e-saves/deep.json", take_over=False)
    expect(page.locator("#overlay .message.error").first).to_contain_text("nested more than")
    # the file chooser: a file of 200,000 brackets, then one too large to read at all
    chooser = page.locator("#import-file")
    chooser.set_input_files(
        files=[{"name": "deep.json", "mimeType": "application/json", "buffer": DEEP.encode()}]
    )
    expect(page.locator("#overlay .message.error").first).to_contain_text("nested more than")
    huge = b" " * 5_000_000
    chooser.set_input_files(
        files=[{"name": "huge.json", "mimeType": "application/json", "buffer": huge}]
    )
    expect(page.locator("#overlay .message.error").first).to_contain_text("too long")
    assert not page.evaluate("Object.keys(localStorage).some(k => k.startsWith('attika.game.'))")
    page.click("[data-cmd=setup-start]")  # Python still answers
    page.click("[data-cmd=continue]")
    expect(page.locator(".turnhead .who")).to_be_visible()
    # a lesson nested as deep, through ?scenario=
    page.goto(f"{server}/embed.html?scenario=e2e-saves/deep.json")
    page.wait_for_selector("body[data-previews]")
    page.locator("[data-try]").first.click()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    expect(page.locator(".message.error")).to_contain_text("nested more than")


def test_long_and_reversing_names_keep_a_phone_page_in_its_width(
    browser: Browser, server: str
) -> None:
    page, guard = open_page(browser, server, viewport={"width": 360, "height": 740})
    names = ["W" * 24, "\u202eKlaus"]
    game = attika.new_game(names, 11)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    open_game(page, serve_game(page, server, game, "names"))
    for screen in ("game", "log", "new-game"):
        if screen != "game":
            page.click(f"[data-cmd={screen}]")
        width = widest(page)
        page.screenshot(path=str(SHOTS / f"phone-long-names-{screen}.png"))
        assert width <= 360, f"{screen}: the page is {width} px wide at 360"
        if screen == "log":  # the reversing name is set apart: the rest reads in its own order
            lines = page.locator("#log-list li").all_inner_texts()
            page.click("#log .log-close")
    assert any("\u2068\u202eKlaus\u2069" in line for line in lines), lines[:3]
    close_clean(page, guard)


def test_a_long_word_in_a_lesson_keeps_the_embed_in_its_frame(
    browser: Browser, server: str
) -> None:
    page, guard = open_page(browser, server, viewport={"width": 400, "height": 300})
    lesson = json.loads((SCENARIOS / "roads.json").read_text(encoding="utf-8"))
    lesson["title"] = {"en": "A" * 3000}
    lesson["task"]["text"] = {"en": "B" * 3000}
    body = json.dumps(lesson)
    page.route(
        f"{server}/e2e-saves/long.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    page.goto(f"{server}/embed.html?scenario=e2e-saves/long.json")
    page.wait_for_selector("body[data-previews]")
    page.locator("[data-try]").first.click()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    expect(page.locator(".attika-position .pos-view")).to_have_count(1)
    page.screenshot(path=str(SHOTS / "embed-long-word.png"))
    width = widest(page)
    assert width <= 400, f"the embed is {width} px wide in a 400 px frame"
    close_clean(page, guard)
