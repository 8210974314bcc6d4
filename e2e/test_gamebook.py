"""A lesson of several steps in a small frame, as a reader meets it: the first step solved,
"Go on", what Athens did in between told on screen and to a screen reader, the second step
solved, each within the frame and by keyboard alone where a reader cannot see it."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from .access import violations
from .conftest import READY_MS, ROOT, close_clean, open_page
from .test_compact import fits

SHOTS = ROOT / "test-results" / "screens"


def test_a_two_step_lesson_goes_on_after_athens_s_reply_in_a_small_frame(
    browser: Browser, server: str
) -> None:
    # the frame's own page at the frame's size: what axe audits is the lesson itself
    page, guard = open_page(browser, server, viewport={"width": 400, "height": 300})
    page.goto(f"{server}/embed.html?scenario=road-turn-after-turn")
    SHOTS.mkdir(parents=True, exist_ok=True)
    frame = page
    expect(frame.locator(".task")).to_contain_text("end your turn")  # the still's first step
    frame.locator("[data-try]").click()
    frame.locator("body[data-ready='1']").wait_for(timeout=READY_MS)
    expect(frame.locator(".task")).to_contain_text("Step 1 of 2:")

    def press(selector: str) -> None:
        """Enter on a control, reached by the keyboard's focus (no pointer)."""
        frame.locator(selector).first.focus()
        page.keyboard.press("Enter")

    def build_road(place: str) -> None:
        press('[data-cmd=select][data-arg="road"]')
        press(f'[data-hex="{place}"]')
        press(".payment [data-cmd=confirm]")

    # step 1 by keyboard: the stored road, the marked space, pay, end the turn
    build_road("0,0")
    press('[data-cmd="end"]')
    if frame.locator('[data-cmd="end"][data-arg="sure"]').count():
        press('[data-cmd="end"][data-arg="sure"]')
    go_on = frame.locator('.feedback.solved [data-cmd="next"]')
    expect(go_on).to_be_visible()
    assert fits(frame, ".task", '.feedback [data-cmd="next"]') == []
    page.screenshot(path=str(SHOTS / "gamebook-400x300-step1-solved.png"))
    assert violations(page) == []

    go_on.focus()
    page.keyboard.press("Enter")
    expect(frame.locator(".task")).to_contain_text("Step 2 of 2:")
    replies = frame.locator(".replies li")
    expect(replies.filter(has_text="Athens")).not_to_have_count(0)
    expect(frame.locator(".replies")).to_contain_text("Ship")
    # a screen reader hears what Athens did and the new task, once
    said = frame.locator(".pos-live")
    expect(said).to_contain_text("What the others did:")
    expect(said).to_contain_text("Step 2 of 2")
    focused = frame.locator(":focus")
    expect(focused).to_have_class("poshead")  # the keyboard goes on at the new task
    page.screenshot(path=str(SHOTS / "gamebook-400x300-step2.png"))
    # the task and the board stay in view; the column beside the board may scroll to its
    # controls (docs/scenarios.md), the frame never does
    unfit = fits(frame, ".task", ".posboard .board-svg", ".replies summary")
    assert [u for u in unfit if not u.startswith("panel scrolls")] == []
    assert violations(page) == []

    # step 2: the road next to the first one, free
    build_road("1,0")
    solved = frame.locator(".feedback.solved")
    expect(solved).to_contain_text("Every step solved.")
    expect(solved.locator('[data-cmd="restart"]')).to_be_visible()
    page.screenshot(path=str(SHOTS / "gamebook-400x300-done.png"))

    # the whole lesson again: step 1, the board as it began
    solved.locator('[data-cmd="restart"]').click()
    expect(frame.locator(".task")).to_contain_text("Step 1 of 2:")
    expect(frame.locator(".board-svg [data-owner]")).to_have_count(0)
    close_clean(page, guard)
