"""The table on every screen (a phone upright, a tablet both ways up, a laptop): what a
player needs for the step they are at is on screen whole, without scrolling or zooming."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

import attika
from attika.hexes import format_hex

from .conftest import ROOT, close_clean, open_page
from .driver import into_view, open_game, play, serve_game
from .positions import fresh_turn, play_until

SHOTS = ROOT / "test-results" / "screens"

#: Phone upright, tablet both ways up, laptop.
SCREENS = ((360, 740), (768, 1024), (1024, 768), (1280, 800))

#: Each element of each selector: inside the screen, shown, and not under anything else
#: (the sticky bar and board, the payment's own sticky buttons) at its middle and corners.
WHOLE = """(selectors) => {
  const out = [];
  for (const sel of selectors) {
    const nodes = [...document.querySelectorAll(sel)];
    if (!nodes.length) out.push(`${sel}: missing`);
    for (const n of nodes) {
      const r = n.getBoundingClientRect();
      const box = [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
      if (!r.width || !r.height) { out.push(`${sel}: not shown`); continue; }
      if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
        out.push(`${sel}: ${box} is off the ${innerWidth}x${innerHeight} screen`);
        continue;
      }
      const points = [[r.left + r.width / 2, r.top + r.height / 2]];
      if (!(n instanceof SVGElement))  // a hex is no box: its corners are its neighbours'
        points.push([r.left + 5, r.top + 5], [r.right - 5, r.bottom - 5]);
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (hit && !n.contains(hit)) {
          out.push(`${sel}: ${box} is under ${hit.tagName}.${hit.getAttribute('class')}`);
          break;
        }
      }
    }
  }
  return out;
}"""


def unseen(page: Page, *selectors: str) -> list[str]:
    """What of ``selectors`` a player cannot see whole on the screen as it is."""
    return page.evaluate(f"(s) => ({WHOLE})(s)", list(selectors))


def phone(browser: Browser, server: str, width: int = 360, height: int = 740) -> Page:
    page, guard = open_page(
        browser,
        server,
        viewport={"width": width, "height": height},
        has_touch=True,
        is_mobile=width < 900,
    )
    page.guard = guard  # type: ignore[attr-defined]
    return page


def test_the_whole_payment_is_on_screen_at_every_size(browser: Browser, server: str) -> None:
    """Seed 3: the first player builds three times, so the second player's turn opens with
    news; their dearest build (the Harbour, five cards of four landscapes, one standing in
    for another) has a price line, four payment rows, a verdict and three buttons."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SCREENS:
        page = phone(browser, server, width, height)
        open_game(page, f"{server}/index.html?players=3&seed=3")
        game = attika.new_game(3, 3)
        for text in ("build library 0,-1 -", "build vintner 0,-2 HW", "build theatre 1,-3 -"):
            play(page, game, text, touch=True)
        play(page, game, "end", touch=True)
        # the news is up (in the top bar, or on a phone at the panel's head)
        assert page.locator("#news").is_visible() or page.locator(".panel-news").is_visible()
        page.tap('[data-cmd=select][data-arg="harbour"]')
        spot = f'[data-hex="{format_hex((-1, 0))}"]'
        into_view(page, spot)
        page.tap(spot)
        page.wait_for_selector(".payment")
        whole = unseen(
            page,
            ".payment h2",
            ".payment .quote li",
            ".payrow",
            ".payment .verdict",
            ".payment [data-cmd=confirm]",
            ".payment [data-cmd=cheapest]",
            ".payment [data-cmd=cancel]",
            "#status-top .now",
            ".hex.target",  # where it goes stays in sight
        )
        page.screenshot(path=SHOTS / f"paying-{width}x{height}.png")
        assert whole == [], f"{width}x{height}"
        assert page.locator(".payrow").count() == 4
        # the last row is tapped where the player sees it, and the payment answers
        page.tap('.payrow:last-child [data-cmd=pay][data-arg="-3"]')
        assert unseen(page, ".payment .verdict.bad", ".payment [data-cmd=cheapest]") == []
        close_clean(page, page.guard)  # type: ignore[attr-defined]


def test_a_turn_starts_with_every_move_of_the_computers_in_view(
    browser: Browser, server: str
) -> None:
    """A phone, one person against the normal and the easy computer: when the person's turn
    comes back, the news below the board holds every move the two computers made (each
    build, store and end of turn as the log words it), whole on the screen."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = phone(browser, server)
    open_game(page, f"{server}/index.html?players=3&seed=5&seats=human,normal,easy")
    # the top bar's buttons say what they do, in words, on a phone too
    for key, words in (("log", "Log"), ("new-game", "New game")):
        label = page.locator(f'.tools [data-key="{key}"] span')
        assert label.inner_text() == words and unseen(page, f'.tools [data-key="{key}"] span') == []
    for _ in range(2):
        page.wait_for_selector('body[data-seat="0"] [data-cmd=draw]:not([disabled])')
        page.tap('[data-stack="1"]')
        page.tap("[data-cmd=store]")
        page.tap('[data-cmd=end][data-arg=""]')
        page.tap('[data-cmd=end][data-arg="sure"]')
        page.wait_for_selector('body[data-seat="0"] [data-cmd=draw]:not([disabled])')
        lines = page.locator("#log-list li:not(.turnmark)").all_text_contents()
        mine = max(i for i, line in enumerate(lines) if line.startswith("Athens ended the turn"))
        moves = [line for line in lines[mine + 1 :] if " drew a building" not in line]
        assert any(" built the " in line for line in moves) or len(moves) >= 4
        news = page.locator(".panel-news .news-lines > span").all_text_contents()
        assert [w for w in news if not w.startswith("Your new card")] == moves
        assert unseen(page, ".panel-news .news-lines > span", "#status-top .now") == []
    page.screenshot(path=SHOTS / "phone-turn-starts-with-the-computers-moves.png")
    # the log opens at the latest moves, its heading and close button still in view
    page.tap('[data-key="log"]')
    assert unseen(page, "#log-list li:last-child", "#log h2", "#log .log-close") == []
    close_clean(page, page.guard)  # type: ignore[attr-defined]


def test_the_question_before_ending_a_turn_keeps_the_keyboard(game_page: Page, server: str) -> None:
    """Ending a turn with actions left asks first, as a modal question: Tab and Shift+Tab
    go round its two answers only (12 of 15 Tabs left it; past the last answer the keyboard
    may reach the browser's own controls, never the page's), and the answer "keep playing"
    gives the rest of the page back."""
    page = game_page
    open_game(page, f"{server}/index.html?players=2&seed=8")
    end = page.get_by_role("button", name=re.compile(r"^End turn"))
    for _ in range(80):  # Tab to the end of turn, as a keyboard user does
        page.keyboard.press("Tab")
        if end.evaluate("e => e === document.activeElement"):
            break
    else:
        raise AssertionError("End turn was not reached by Tab")
    page.keyboard.press("Enter")
    question = page.get_by_role("alertdialog")
    expect(question).to_be_visible()
    for key in ["Tab"] * 15 + ["Shift+Tab"] * 5:
        page.keyboard.press(key)
        # inside it, or gone to the browser's own controls (the body: a modal's way round)
        inside = question.evaluate(
            "q => q.contains(document.activeElement) || document.activeElement === document.body"
        )
        where = page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
        assert inside, f"{key} left the question for {where}"
    keep = question.get_by_role("button", name=re.compile("Keep"))
    while not keep.evaluate("e => e === document.activeElement"):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(question).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile(r"^Draw|^Main stack")).first).to_be_visible()
    assert page.evaluate("document.querySelector('header.top').inert") is False


def test_a_phones_turn_starts_with_its_choices_and_their_prices_in_view(
    game_page: Page, server: str
) -> None:
    """360x740, a turn that starts after the other player's moves with five buildings
    waiting: the news, all four stacks and every waiting building with its price are on
    screen without a scroll (the panel repeated the strip's who and what and the stacks
    took two rows; then only the first waiting building's price was in view)."""
    page = game_page
    game = play_until(
        2,
        11,
        lambda g: (
            fresh_turn(g) and len(set(g.players[g.current].stored)) >= 5 and len(g.actions) > 12
        ),
    )
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, serve_game(page, server, game, "phone-start"))
    expect(page.locator("#side .panel-news")).to_be_visible()
    assert page.locator("#side .building").count() == 5
    assert (
        unseen(
            page,
            "#side .panel-news",
            "#side [data-stack]",
            "#side .building",
            "#side .building .minicard",
        )
        == []
    )
    page.screenshot(path=SHOTS / "turn-start-360x740.png")
    # after a build (the page scrolled down to its payment) the choices left and their
    # prices are in view again, not the payment's place
    build = next(a for a in game.legal_actions() if isinstance(a, attika.Build))
    play(page, game, str(build))
    expect(page.locator(".payment")).to_have_count(0)
    expect(page.locator("#side .building")).to_have_count(len(game.players[game.current].stored))
    page.screenshot(path=SHOTS / "after-a-build-360x740.png")
    assert unseen(page, "#side .building", "#side .building .minicard") == []
