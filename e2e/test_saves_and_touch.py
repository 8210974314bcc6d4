"""Nothing lost and touch first: saving, resuming, undo, game files, phones and tablets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

import attika
from attika.bots import greedy_bot
from attika.rng import Rng

from .conftest import READY_MS, ROOT, close_clean, open_page
from .driver import board_owners, hand_total, open_game, play
from .test_loading_and_layout import check_layout

SHOTS = ROOT / "test-results" / "screens"


def bot_turns(game: attika.Game, turns: int, seed: int = 1) -> list[str]:
    """The greedy bot's next ``turns`` turns from this position, as action texts."""
    copy = attika.Game.from_json(game.to_json())
    rng = Rng(seed)
    out: list[str] = []
    while turns and not copy.is_over:
        action = greedy_bot(copy, rng)
        copy.apply(action)
        out.append(str(action))
        turns -= isinstance(action, attika.EndTurn)
    return out


def page_state(page: Page) -> tuple[dict[str, int], str, int]:
    return board_owners(page), page.locator(".turnhead .who").inner_text(), hand_total(page)


@pytest.mark.parametrize(
    "width,height", [(360, 740), (740, 360), (768, 1024), (1024, 768)], ids=lambda v: str(v)
)
def test_several_turns_by_touch(browser: Browser, server: str, width: int, height: int) -> None:
    page, guard = open_page(
        browser,
        server,
        viewport={"width": width, "height": height},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=1,
    )
    open_game(page, f"{server}/index.html?players=3&seed=21", take_over=False)
    page.tap("[data-cmd=continue]")
    game = attika.new_game(3, 21)
    for text in bot_turns(game, 3):
        play(page, game, text, touch=True)
        if text != "end":
            expect(page.locator(".turnhead .who")).to_have_text(game.players[game.current].name)
    assert board_owners(page) == {
        f"{q},{r}": seat for (q, r), (seat, _) in game.board.buildings.items()
    }
    assert hand_total(page) == sum(game.players[game.current].hand)
    check_layout(page, f"touch-{width}x{height}")
    close_clean(page, guard)


def test_a_reload_mid_turn_resumes_the_same_game(game_page: Page, server: str) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=2&seed=14")
    game = attika.new_game(2, 14)
    for text in bot_turns(game, 2)[:-1]:  # stop inside the second turn, before its end
        play(page, game, text)
    before = page_state(page)
    assert "?game=" in page.url  # the address now names the saved game
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    expect(page.locator("#overlay")).to_contain_text(f"Pass to {game.players[game.current].name}")
    page.click("[data-cmd=continue]")
    assert page_state(page) == before
    # and the game goes on from there
    play(page, game, "end")
    expect(page.locator(".turnhead .who")).to_have_text(game.players[game.current].name)


def test_undo_takes_back_a_build_but_a_draw_is_final(game_page: Page, server: str) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=3&seed=42")
    game = attika.new_game(3, 42)
    build = next(a for a in game.legal_actions() if isinstance(a, attika.Build))
    cards, stored = hand_total(page), page.locator("[data-cmd=select]").count()
    play(page, game, str(build))
    assert page.locator(f'[data-hex="{build.hex[0]},{build.hex[1]}"][data-owner]').count() == 1
    page.click("[data-cmd=undo]")
    expect(page.locator(".message.info")).to_contain_text("Taken back")
    assert page.locator("[data-owner]").count() == 0
    assert hand_total(page) == cards and page.locator("[data-cmd=select]").count() == stored
    # a reload keeps the taken-back state
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    page.click("[data-cmd=continue]")
    assert page.locator("[data-owner]").count() == 0 and hand_total(page) == cards
    # drawing shows a building: no take-back button, and the page says why
    page.click('[data-stack="1"]')
    expect(page.locator(".hint.final")).to_contain_text("the draw is final")
    assert page.locator("[data-cmd=undo]").count() == 0


def test_ending_a_turn_with_actions_left_asks_first(game_page: Page, server: str) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=2&seed=5")
    who = page.locator(".turnhead .who").inner_text()
    page.click('[data-stack="1"]')
    page.click("[data-cmd=store]")
    page.click('[data-cmd=end][data-arg=""]')
    expect(page.locator(".confirm-end")).to_contain_text("You still have 1 action")
    page.click(".confirm-end [data-cmd=cancel]")
    expect(page.locator(".turnhead .who")).to_have_text(who)
    assert page.locator(".confirm-end").count() == 0
    page.click('[data-cmd=end][data-arg=""]')
    page.click('[data-cmd=end][data-arg="sure"]')
    expect(page.locator("#overlay")).to_contain_text("Pass to")


def test_export_then_import_gives_the_same_game(
    browser: Browser, game_page: Page, server: str, tmp_path: Path
) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=4&seed=3")
    game = attika.new_game(4, 3)
    for text in bot_turns(game, 3):
        play(page, game, text)
    before = page_state(page)
    page.click("[data-cmd=log]")
    with page.expect_download() as caught:
        page.click("[data-cmd=export]")
    saved = tmp_path / caught.value.suggested_filename
    caught.value.save_as(saved)
    record = json.loads(saved.read_text())
    assert record["seed"] == 3 and record["actions"] == game.actions
    # another browser (a new context: empty storage) opens the file
    other, guard = open_page(browser, server, viewport={"width": 1280, "height": 800})
    other.goto(f"{server}/index.html")
    other.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    other.set_input_files("#import-file", str(saved))
    expect(other.locator("#overlay")).to_contain_text("Pass to")
    other.click("[data-cmd=continue]")
    assert page_state(other) == before
    # the imported game can be stepped through, action by action
    other.click("[data-cmd=log]")
    other.click("#log-tools [data-cmd=review]")
    expect(other.locator(".review .stepcount")).to_have_text(
        f"Action {len(game.actions)} of {len(game.actions)}"
    )
    other.click('[data-cmd=step][data-arg="first"]')
    assert other.locator("[data-owner]").count() == 0
    other.keyboard.press("ArrowRight")
    expect(other.locator(".review .stepcount")).to_have_text(f"Action 1 of {len(game.actions)}")
    other.click("[data-cmd=review-exit]")
    assert page_state(other) == before
    close_clean(other, guard)


def test_a_corrupt_import_file_is_refused_and_changes_nothing(
    game_page: Page, server: str, tmp_path: Path
) -> None:
    page = game_page
    page.goto(f"{server}/index.html")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    bad = tmp_path / "bad.json"
    game = attika.new_game(2, 9)
    game.apply("draw 1")
    data = json.loads(game.to_json())
    data["state"]["players"][0]["amphorae"] = 5  # tampered
    bad.write_text(json.dumps(data))
    page.set_input_files("#import-file", str(bad))
    expect(page.locator(".saved .message.error")).to_contain_text("nothing has changed")
    expect(page.locator(".saved .message.error")).to_contain_text("changed or damaged")
    assert page.locator(".savedlist li").count() == 0
    expect(page.locator("#setup-form")).to_be_visible()


def test_a_corrupt_save_is_reported_and_kept_aside(game_page: Page, server: str) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=2&seed=8")
    page.click('[data-stack="1"]')
    page.click("[data-cmd=store]")
    key = page.evaluate("Object.keys(localStorage).find(k => k.startsWith('attika.game.'))")
    page.evaluate(f"localStorage.setItem('{key}', '{{\"names\": oops')")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    expect(page.locator("#overlay .message.error").first).to_contain_text("could not be opened")
    expect(page.locator("[data-broken]")).to_contain_text("damaged")
    broken = page.locator("[data-broken]")
    expect(broken).to_have_count(1)
    kept = page.evaluate(
        "JSON.parse(localStorage.getItem(Object.keys(localStorage)"
        ".find(k => k.startsWith('attika.broken.')))).text"
    )
    assert kept == '{"names": oops'
    # a new game does not overwrite it
    page.click("[data-cmd=setup-start]")
    page.click("[data-cmd=continue]")
    page.click("[data-cmd=new-game]")
    expect(page.locator("[data-broken]")).to_have_count(1)
    assert page.locator(".savedlist li").count() == 1


def test_pinch_and_drag_move_the_board_without_placing(touch_page: Page, server: str) -> None:
    page = touch_page
    open_game(page, f"{server}/index.html?players=2&seed=8")
    page.tap("[data-cmd=select]")  # the first building of the player board
    spot = page.locator(".hex.legal").first
    spot_id = spot.get_attribute("data-hex")
    box = spot.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    board = page.locator("#board")
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, *points: tuple[float, float]) -> None:
        cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": kind,
                "touchPoints": [{"x": px, "y": py, "id": i} for i, (px, py) in enumerate(points)],
            },
        )

    # one finger put down on a place for the building, dragged away, lifted: a pan
    before = board.get_attribute("viewBox")
    touch("touchStart", (x, y))
    for step in range(1, 6):
        touch("touchMove", (x + 12 * step, y + 8 * step))
    touch("touchEnd")
    assert board.get_attribute("viewBox") != before
    expect(page.locator(".payment")).to_have_count(0)
    assert page.locator(".hex.target").count() == 0

    # two fingers spreading apart: a zoom, again with no placement
    touch("touchStart", (x - 20, y), (x + 20, y))
    for step in range(1, 6):
        touch("touchMove", (x - 20 - 15 * step, y), (x + 20 + 15 * step, y))
    touch("touchEnd")
    assert float(board.get_attribute("data-zoom") or 1) > 1.5
    expect(page.locator(".payment")).to_have_count(0)

    # a plain tap on the same place still places the building
    page.locator(f'[data-hex="{spot_id}"]').tap()
    expect(page.locator(".payment")).to_have_count(1)


def test_on_a_phone_the_question_to_end_shows_below_the_board(
    browser: Browser, server: str
) -> None:
    page, guard = open_page(
        browser, server, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    open_game(page, f"{server}/index.html?players=2&seed=8")
    page.tap('[data-stack="1"]')
    page.tap("[data-cmd=store]")
    page.tap('[data-cmd=end][data-arg=""]')  # far down the panel: the page scrolls to reach it
    question = page.locator(".confirm-end").bounding_box()
    board = page.locator(".boardwrap").bounding_box()
    assert question is not None and board is not None
    assert question["y"] >= board["y"] + board["height"] - 1, "the question is under the board"
    assert question["y"] + question["height"] <= 740, "the question is below the screen"
    close_clean(page, guard)
