"""The position editor in Chromium: a teacher builds a position by taps, records the answer
by playing it, exports the file; the file plays in an embed, solved by the recorded answer
and not by a wrong move; a malformed import names its field; a reload keeps the work; axe
finds nothing at three sizes."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from .access import audit
from .conftest import READY_MS


def test_a_lesson_is_built_by_taps_exported_and_played_in_an_embed(
    game_page: Page, server: str
) -> None:
    page = game_page
    page.goto(f"{server}/editor.html")
    page.evaluate("localStorage.removeItem('attika.editor')")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)

    def tap(selector: str) -> None:
        page.click(selector)

    tap("[data-cmd=tool][data-arg=hill]")
    tap('[data-hex="0,0"]')
    tap("[data-cmd=tool][data-arg=mountain]")
    tap('[data-hex="1,0"]')
    tap("[data-cmd=tool][data-arg=shrine]")
    tap('[data-hex="2,-1"]')
    page.select_option("select[name=building]", "fortress")
    tap("[data-cmd=stored][data-arg='+']")
    for _ in range(3):
        tap("[data-cmd=hand][data-arg='mountain +']")
    tap("[data-cmd=hand][data-arg='hill +']")
    task = page.locator("textarea[name='text task en']")
    task.fill("Build the fortress on the hill and pay only what is left.")
    task.press("Tab")  # the change is taken when the field is left
    expect(page.locator(".editor-boardwrap .message")).to_contain_text("task.answer")

    # the answer, recorded by playing it on the live position
    tap("[data-cmd=record]")
    board = page.locator(".recording-board")
    board.locator("[data-cmd=select][data-arg=fortress]").click()
    board.locator('[data-hex="0,0"]').click()
    board.locator(".payment [data-cmd=confirm]").click()
    expect(page.locator(".editor-answer")).to_contain_text("build fortress 0,0")
    tap("[data-cmd=keep]")
    expect(page.locator(".editor-boardwrap .message")).to_contain_text("The position is right")
    exported = page.locator("textarea[name=import]").input_value()
    data = json.loads(exported)
    assert data["task"]["answer"]["steps"][0].startswith("build fortress 0,0")
    for width, height in ((360, 740), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=f"test-results/screens/editor-{width}x{height}.png")
    found: dict[str, list[str]] = {}
    audit(page, "editor", found)
    assert found == {}, found

    # a reload keeps the work
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    assert json.loads(page.locator("textarea[name=import]").input_value()) == data

    # a malformed file is refused, naming the field, and nothing changes
    bad = dict(data, players=[{"city_state": "athens", "hand": {"hill": -1}}, data["players"][1]])
    page.locator("textarea[name=import]").fill(json.dumps(bad))
    tap("[data-cmd=import-text]")
    expect(page.locator(".editor-file .message.error")).to_contain_text("players[0].hand.hill")
    assert json.loads(page.locator("textarea[name=import]").input_value()) == data

    # the exported file in an embed: solved by the recorded answer, a wrong move refused
    page.route(
        f"{server}/lessons/e2e.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=exported),
    )
    page.goto(f"{server}/embed.html?scenario=lessons/e2e.json")
    page.locator("[data-try]").click()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    page.click("[data-cmd=select][data-arg=fortress]")
    page.click('[data-hex="1,0"]')
    page.click(".payment [data-cmd=confirm]")
    expect(page.locator(".feedback.wrong")).to_be_visible()
    page.click('.feedback [data-cmd="again"]')
    page.click("[data-cmd=select][data-arg=fortress]")
    page.click('[data-hex="0,0"]')
    page.click(".payment [data-cmd=confirm]")
    expect(page.locator(".feedback.solved")).to_be_visible()


def test_make_a_lesson_from_a_games_position_opens_it_in_the_editor(
    game_page: Page, server: str
) -> None:
    page = game_page
    page.goto(f"{server}/index.html?players=2&seed=3")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    page.click("[data-cmd=continue]")
    page.click("[data-cmd=draw][data-arg='1']")
    page.click("[data-cmd=log]")
    with page.expect_navigation():
        page.click("#log [data-cmd=lesson]")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    data = json.loads(page.locator("textarea[name=import]").input_value())
    assert data["turn"]["mode"] == "draw" and data["turn"]["used"] == 1
    hands = [p.get("hand") for p in data["players"]]
    assert sum(h is not None for h in hands) <= 1  # only the hand of the one looking
    expect(page.locator(".editor-boardwrap .message")).to_contain_text("The position is right")
    assert page.locator(".editor-board [data-hex]").count() > 20
