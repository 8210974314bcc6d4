"""Live positions and languages: rules.html shows every example, an embed checks the
reader's answer, embeds in iframes work offline, and switching language renames buildings."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, BrowserContext, Page, expect

import attika

from .conftest import READY_MS, ROOT, close_clean, open_page
from .driver import open_game, play
from .test_loading_and_layout import check_layout
from .test_offline import Host, context, host, wait_until_kept  # noqa: F401 - fixtures

SCENARIOS = ROOT / "scenarios"
SHOTS = ROOT / "test-results" / "screens"


def scenario_game(name: str) -> attika.Game:
    return attika.load_scenario((SCENARIOS / f"{name}.json").read_text(), name).fresh()


def ready(page: Page, url: str) -> None:
    """Open a page of positions and tap every "Try it", as a reader does to play them."""
    page.goto(url)
    page.wait_for_selector("body[data-previews]")
    waiting = page.locator("[data-try]:not([disabled])")
    while waiting.count():
        waiting.first.click()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    holders = page.locator(".attika-position")
    expect(page.locator(".attika-position .pos-view")).to_have_count(holders.count())


def test_rules_page_shows_every_example(game_page: Page, server: str) -> None:
    page = game_page
    ready(page, f"{server}/rules.html")
    holders = page.locator(".attika-position")
    named = holders.count()
    assert named >= 10
    expect(page.locator(".attika-position .pos")).to_have_count(named)
    expect(page.locator(".attika-position .message.error")).to_have_count(0)
    for i in range(named):
        pos = holders.nth(i)
        assert pos.locator(".board-svg .hex").count() >= 7
        expect(pos.locator(".task")).not_to_be_empty()
    # every rule has its words, in English by default
    for h2 in page.locator(".rule > h2").all():
        expect(h2).not_to_be_empty()
    expect(page.locator("#cost > h2")).to_have_text("Landscape makes building cheaper")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#free").screenshot(path=str(SHOTS / "rules-free-build.png"))


def test_an_embed_accepts_the_answer_and_refuses_a_wrong_one(game_page: Page, server: str) -> None:
    page = game_page
    ready(page, f"{server}/embed.html?scenario=roads")
    expect(page.locator(".spot")).to_have_count(1)  # the marked space
    game = scenario_game("roads")
    play(page, game, "build road 0,0 F")
    expect(page.locator(".feedback.solved")).to_have_count(0)
    play(page, game, "build road 1,0 -")
    expect(page.locator(".feedback.solved")).to_contain_text("one card for the first road")

    page.click("[data-cmd=again]")
    game = scenario_game("roads")
    play(page, game, "build road 1,0 HF")  # the wrong space
    expect(page.locator(".feedback.wrong")).to_contain_text("5 cards of any kind")
    page.click("[data-cmd=again]")
    expect(page.locator(".feedback")).to_have_count(0)
    expect(page.locator(".board-svg [data-owner]")).to_have_count(0)


def test_a_malformed_scenario_is_named_and_the_page_says_so(game_page: Page, server: str) -> None:
    page = game_page
    body = (SCENARIOS / "roads.json").read_text().replace('"version": 1', '"version": 9')
    page.route(
        f"{server}/e2e-saves/broken.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    ready(page, f"{server}/embed.html?scenario=e2e-saves/broken.json")
    expect(page.locator(".message.error")).to_contain_text("version: must be 1")


def test_embeds_in_iframes_work_offline(context: BrowserContext, host: Host) -> None:  # noqa: F811
    first = context.new_page()
    open_game(first, f"{host.url}/index.html?players=2&seed=3")
    wait_until_kept(first)
    host.stop()
    page = context.new_page()
    page.goto(f"{host.url}/index.html")  # any page of the host, now from the cache
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    page.set_content(
        "<h1>Two rules</h1>"
        f'<iframe id="a" src="{host.url}/embed.html?scenario=two-for-one" width="700" height="520"'
        ' title="Two for one"></iframe>'
        f'<iframe id="b" src="{host.url}/embed.html?scenario=win-shrines" width="700" height="520"'
        ' title="Shrines"></iframe>'
    )
    frames = [page.frame_locator("#a"), page.frame_locator("#b")]
    for frame in frames:
        frame.locator("[data-try]").click()
        frame.locator("body[data-ready='1']").wait_for(timeout=READY_MS)
        expect(frame.locator(".pos")).to_have_count(1)
    shrines = frames[1]
    shrines.locator('[data-cmd=select][data-arg="tower"]').click()
    shrines.locator('[data-hex="0,0"]').click()
    shrines.locator(".payment [data-cmd=confirm]").click()
    expect(shrines.locator(".feedback.solved")).to_contain_text("links two shrines")
    expect(frames[0].locator(".feedback")).to_have_count(0)  # the other embed is untouched


def test_switching_language_renames_the_buildings_on_the_board(
    browser: Browser, server: str
) -> None:
    page, guard = open_page(browser, server, viewport={"width": 1280, "height": 800})
    open_game(page, f"{server}/index.html?players=2&seed=8")
    game = attika.new_game(2, 8)
    play(page, game, "build village 0,0 MMW")
    board = page.locator("#board")
    expect(board).to_contain_text("Village")
    page.select_option("#language", "de")
    expect(board).to_contain_text("Dorf")
    expect(board).not_to_contain_text("Village")
    expect(page.locator("[data-cmd=new-game]")).to_contain_text("Neues Spiel")
    assert page.evaluate("document.documentElement.lang") == "de"
    page.reload()  # the choice is kept
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    expect(board).to_contain_text("Dorf")
    close_clean(page, guard)


def test_the_browser_language_is_the_first_choice(browser: Browser, server: str) -> None:
    page, guard = open_page(browser, server, locale="nl-NL")
    ready(page, f"{server}/rules.html")
    dutch = json.loads((ROOT / "web" / "i18n" / "nl.json").read_text(encoding="utf-8"))
    expect(page.locator("#roads > h2")).to_have_text(dutch["rules.roads.title"])
    expect(page.locator("#language")).to_have_value("nl")
    close_clean(page, guard)


def test_an_embed_is_played_by_keyboard_alone(game_page: Page, server: str) -> None:
    page = game_page
    ready(page, f"{server}/embed.html?scenario=two-for-one")
    label = page.locator('[data-hex="0,0"]').get_attribute("aria-label") or ""
    assert label.startswith("Marked space:"), label
    page.locator("[data-cmd=select]").first.focus()
    page.keyboard.press("Enter")
    page.locator('[data-hex="0,0"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator(".payment")).to_have_count(1)
    # the lesson keeps the payment back: the reader puts hill, forest and water forward
    expect(page.locator(".payment .paycount")).to_have_text(["0", "0", "0"])
    for landscape in (0, 2, 3):
        page.locator(f'[data-cmd=pay][data-arg="+{landscape}"]').focus()
        page.keyboard.press("Enter")
    page.locator(".payment [data-cmd=confirm]").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".feedback.solved")).to_have_count(1)
    # a screen reader hears the verdict once, from a region that is not redrawn
    expect(page.locator(".pos-live")).to_contain_text("paid for the missing mountain card")
    # the pressed button is gone: the keyboard lands on the task, not the top of the page
    assert page.evaluate("document.activeElement.classList.contains('poshead')")
    page.locator("[data-cmd=again]").focus()
    page.keyboard.press("Space")
    expect(page.locator(".feedback")).to_have_count(0)


def test_german_fits_a_phone(browser: Browser, server: str) -> None:
    """German words run longest: at 360 px nothing spills out of a button or the screen."""
    page, guard = open_page(
        browser,
        server,
        viewport={"width": 360, "height": 740},
        has_touch=True,
        is_mobile=True,
        locale="de-DE",
    )
    open_game(page, f"{server}/index.html?players=4&seed=5", take_over=False)
    check_layout(page, "de-phone-handover")
    page.tap("[data-cmd=continue]")
    page.tap("[data-cmd=select]")
    # the board zooms in to finger-sized places, so some lie under the top bar: tap one in view
    in_view = page.evaluate(
        """() => [...document.querySelectorAll('.hex.legal')].findIndex(hex => {
            const r = hex.getBoundingClientRect();
            return hex.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        })"""
    )
    assert in_view >= 0, "no place to build is in view"
    page.locator(".hex.legal").nth(in_view).tap()
    expect(page.locator(".payment")).to_have_count(1)
    check_layout(page, "de-phone-payment")
    page.tap("[data-cmd=new-game]")
    check_layout(page, "de-phone-setup")
    close_clean(page, guard)


def test_positions_fit_a_phone_and_a_tablet(browser: Browser, server: str) -> None:
    for url, size, locale, name in (
        ("embed.html?scenario=free-build", (360, 640), "nl-NL", "embed-nl-360x640"),
        ("rules.html", (768, 1024), "de-DE", "rules-de-768x1024"),
    ):
        page, guard = open_page(
            browser,
            server,
            viewport={"width": size[0], "height": size[1]},
            has_touch=True,
            is_mobile=True,
            locale=locale,
        )
        ready(page, f"{server}/{url}")
        check_layout(page, name, buttons=".attika-position button")
        close_clean(page, guard)


def test_an_embed_speaks_the_language_its_address_asks_for(game_page: Page, server: str) -> None:
    """embed.html?lang=de: the still and the live lesson in German, whatever the browser
    says, and nothing stored for the rest of the host; a lesson an element asks in a
    language it is not written in shows wholly in English (web/teach/position_scene.py)."""
    page = game_page
    page.goto(f"{server}/embed.html?scenario=cost-by-landscape&lang=de")
    title = json.loads((ROOT / "scenarios" / "cost-by-landscape.json").read_text())["title"]
    expect(page.locator(".poshead h2")).to_have_text(title["de"])  # the still, no Python
    page.locator("[data-try]").click()
    expect(page.locator(".attika-position[data-live] .pos-view")).to_be_visible(timeout=READY_MS)
    expect(page.locator(".poshead h2")).to_have_text(title["de"])
    assert page.locator(".attika-position").get_attribute("lang") == "de"
    expect(page.locator(".pos-view")).to_contain_text("Karte")
    assert page.evaluate("localStorage.getItem('attika.language')") is None
