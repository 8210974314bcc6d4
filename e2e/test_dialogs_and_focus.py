"""What axe cannot see, each a WCAG 2.2 criterion a keyboard or screen-reader player meets:
a dialog is modal (the page behind it can be neither reached nor used) and carries its own
language switch; a closed language list does not switch the page on an arrow key (3.2.2);
a payment's stepper at its limit keeps the focus in its row, and says what it does; at
320x256 and on a phone no focused control hides under a sticky part."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import close_clean, open_page
from .driver import into_view, open_game
from .positions import paid_build_with_a_spare_card

FOCUSED = "document.activeElement"


def test_the_new_game_form_is_modal_and_has_its_own_language_switch(
    game_page: Page, server: str
) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=2&seed=9")
    page.get_by_role("button", name="New game").click()
    form = page.get_by_role("dialog", name="New game")
    expect(form).to_be_visible()
    for part in ("header.top", "main.layout"):
        assert page.locator(part).evaluate("n => n.inert"), f"{part} behind the form is live"
    # Tab and Shift+Tab never reach the game behind it (past its end the browser has focus)
    for key in ["Tab"] * 45 + ["Shift+Tab"] * 45:
        page.keyboard.press(key)
        inside = page.evaluate(
            f"document.getElementById('overlay').contains({FOCUSED}) || {FOCUSED} === document.body"
        )
        assert inside, f"{key} reached {page.evaluate(f'{FOCUSED}.outerHTML.slice(0, 80)')}"

    # the language is chosen in the form itself (the top bar's switch is behind it)
    form.get_by_role("combobox", name="Language").select_option("de")
    expect(page.get_by_role("dialog", name="Neues Spiel")).to_be_visible()
    page.keyboard.press("Escape")  # closes the form over a game, as Back does
    expect(page.locator("#overlay .setup")).to_have_count(0)
    # the keyboard is back on the button that opened the form, not on the first stack
    expect(page.locator("header [data-key=new-game]")).to_be_focused()
    assert not page.locator("main.layout").evaluate("n => n.inert")
    # names left as the city-states' are said in the new language too
    expect(page.locator("#side")).to_contain_text("Athen")
    expect(page.locator("#side")).not_to_contain_text("Athens")

    # the open log leaves the top bar's counters, status and news in view
    page.locator("header").get_by_role("button", name="Verlauf").click()
    expect(page.locator("#log")).to_be_visible()
    bar = page.locator("header.top").bounding_box()
    log = page.locator("#log").bounding_box()
    assert bar is not None and log is not None and log["y"] >= bar["y"] + bar["height"] - 1
    page.keyboard.press("Escape")
    expect(page.locator("#log")).to_be_hidden()

    # one arrow on the closed list does not switch the page (a change of context)
    switch = page.locator("header").get_by_role("combobox", name="Sprache")
    switch.focus()
    for key in ("ArrowDown", "ArrowUp", "End", "n"):
        page.keyboard.press(key)
        assert page.evaluate("document.documentElement.lang") == "de", f"{key} switched"
    expect(switch).to_be_focused()


def test_a_stepper_at_its_limit_keeps_the_focus_in_its_row(game_page: Page, server: str) -> None:
    page = game_page
    seed, game, kind, target = paid_build_with_a_spare_card()
    open_game(page, f"{server}/index.html?players=3&seed={seed}")
    page.click(f'[data-cmd=select][data-arg="{kind}"]')
    page.click(f'[data-hex="{target[0]},{target[1]}"]')
    hand = game.players[game.current].hand
    rows = page.locator(".payrow")
    for i in range(4):
        if not hand[i]:
            continue
        row = rows.filter(has=page.locator(f"[data-arg='+{i}']"))
        name = row.locator(".payname").inner_text()
        # each stepper's name ends with how many are put forward: it changes as it is pressed
        more = page.get_by_role("button", name=re.compile(rf"^One more {name} card \(\d+"))
        fewer = page.get_by_role("button", name=re.compile(rf"^One {name} card fewer \(\d+"))
        count = row.locator(".paycount")
        for stepper, limit in ((more, hand[i]), (fewer, 0)):
            stepper.focus()
            for _ in range(hand[i] + 2):  # past the limit: the extra presses change nothing
                page.keyboard.press("Enter")
                expect(stepper).to_be_focused()
            expect(count).to_have_text(str(limit))
            expect(stepper).to_have_attribute("aria-disabled", "true")


SEEN = """() => {
  const el = document.activeElement;
  if (el === document.body) return true;  // past the last control the browser has focus
  const r = el.getBoundingClientRect();
  const points = [[r.left + r.width / 2, r.top + r.height / 2],
                  [r.left + 2, r.top + 2], [r.right - 2, r.top + 2],
                  [r.left + 2, r.bottom - 2], [r.right - 2, r.bottom - 2]];
  return points.some(([x, y]) => {
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}"""


@pytest.mark.parametrize("size", [(320, 256), (360, 740)], ids=["320x256", "360x740"])
def test_no_focused_control_is_hidden_under_the_sticky_parts(
    browser: Browser, server: str, size: tuple[int, int]
) -> None:
    """Reflow (1.4.10: 320 CSS px wide, 256 tall) and focus not obscured (2.4.11): on a
    phone the top bar, the board and the payment's buttons stick; Tab through a turn and a
    payment, and every control the focus reaches can be seen, with no sideways scrolling."""
    page, guard = open_page(browser, server, viewport={"width": size[0], "height": size[1]})
    seed, _, kind, target = paid_build_with_a_spare_card()
    open_game(page, f"{server}/index.html?players=3&seed={seed}")

    def tab_through(what: str) -> None:
        for _ in range(50):
            page.keyboard.press("Tab")
            where = page.evaluate("document.activeElement.outerHTML.slice(0, 90)")
            assert page.evaluate(SEEN), f"{what}: {where} is hidden when focused"

    tab_through("the turn")
    page.locator(f'[data-cmd=select][data-arg="{kind}"]').focus()
    page.keyboard.press("Enter")
    into_view(page, f'[data-hex="{target[0]},{target[1]}"]')
    page.locator(f'[data-hex="{target[0]},{target[1]}"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator(".payment")).to_be_visible()
    tab_through("the payment")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= size[0]
    close_clean(page, guard)


def test_in_a_lesson_a_stepper_at_its_limit_keeps_the_focus(game_page: Page, server: str) -> None:
    """The same on a teaching page (a compact embed): at the limit the focus stays on the
    stepper, never falling to the page."""
    page = game_page
    page.goto(f"{server}/embed.html?scenario=two-for-one")
    page.locator("[data-try]").click()
    expect(page.locator(".attika-position[data-live] .pos-view")).to_be_visible(timeout=60_000)
    page.locator(".pos-view [data-cmd=select]").first.click()
    page.locator(".pos-view .hex.legal").first.click()
    more = page.get_by_role(
        "button", name=re.compile(r"^One more .+ card \(\d+ put forward\)$")
    ).first
    expect(more).to_be_visible()
    more.focus()
    for _ in range(8):  # more than any hand holds of one landscape
        page.keyboard.press("Enter")
        expect(more).to_be_focused()
    expect(more).to_have_attribute("aria-disabled", "true")
