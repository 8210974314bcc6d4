"""Computer players in the page: a whole game against the strong level by taps, a reload while
it thinks, taps answered while it thinks, and a hint shown and followed."""

from __future__ import annotations

import json
import statistics

from playwright.sync_api import Page, expect

import attika
from attika.bots import greedy_bot
from attika.hexes import format_hex
from attika.rng import Rng

from .conftest import READY_MS
from .driver import open_game, page_game, play

#: Longest wait for a computer's whole turn (a strong search is ~0.1-1 s a decision here).
TURN_MS = 60_000


def wait_for_person(page: Page, seat: int) -> None:
    """Until the computers have played and it is ``seat``'s turn, or the game is over."""
    page.wait_for_function(
        """seat => document.querySelector('.result') !== null
            || (document.body.dataset.seat === String(seat)
                && document.querySelector('#side .act.computer') === null)""",
        arg=seat,
        timeout=TURN_MS,
    )


#: Counts the renders that showed the computer named Bot at work in the side panel (#side,
#: which the page keeps and fills anew), each seen as it was added: a quick computer turn
#: may be over before a test can look.
WATCH_BOT = """() => {
    window.botShown = 0;
    const showsBot = n => n.nodeType === 1 && [n, ...n.querySelectorAll('.act.computer')]
        .some(e => e.matches('.act.computer') && e.textContent.includes('Bot'));
    new MutationObserver(records => {
        if (records.some(r => [...r.addedNodes].some(showsBot))) window.botShown += 1;
    }).observe(document.getElementById('side'), {subtree: true, childList: true});
}"""


def served(page: Page, server: str, game: attika.Game, seats: list[str]) -> str:
    """Answer a game file with these seats; returns the address that opens it."""
    data = json.loads(game.to_json())
    data["seats"] = seats
    body = json.dumps(data)
    page.route(
        f"{server}/e2e-saves/vs.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    return f"{server}/index.html?load=e2e-saves/vs.json"


def test_a_game_against_the_strong_computer_is_played_to_its_end(
    game_page: Page, server: str
) -> None:
    """A person (taps chosen by the greedy bot) against the strong level, late in a game, to
    the end: no hand-over ever, the person's hand always in view, the computer's moves in
    the log and on the board."""
    page = game_page
    # seed 20: a long game (on the layouts of data version 2) in which Ann takes cards late
    whole = attika.new_game(["Ann", "Bot"], 20, start=0)
    rng = Rng(20)
    while not whole.is_over:
        whole.apply(greedy_bot(whole, rng))
    late = attika.new_game(["Ann", "Bot"], 20, start=0)  # the same game, three turns before its end
    for text in whole.actions:
        if late.turn_number >= whole.turn_number - 3 and late.current == 0:
            break
        late.apply(attika.parse_action(text))
    open_game(page, served(page, server, late, ["human", "strong"]), take_over=False)
    page.click("[data-cmd=speed]") if page.locator("[data-cmd=speed]").count() else None
    page.evaluate(WATCH_BOT)
    turns = heard = 0
    while True:
        wait_for_person(page, 0)
        shown = page.evaluate("window.botShown")
        game = page_game(page)
        if game.is_over:
            break
        assert page.locator("[data-cmd=continue]").count() == 0  # nothing to hand over
        assert page.locator(".hand .cardcount").count() == 4  # Ann's cards, in view
        start = game.turn_number
        while game.current == 0 and game.turn_number == start and not game.is_over:
            before = game.players[0].cards
            action = greedy_bot(game, rng)
            play(page, game, str(action))
            got = attika.cards_taken(before, game.players[0].cards, action)
            if any(got) and not game.is_over:  # Ann alone is told which cards she took
                n = len(attika.cards_text(got))
                told = "Your new card:" if n == 1 else f"Your {n} new cards:"
                expect(page.locator("#news")).to_contain_text(told)
                heard += 1
                said = page.locator("#news").inner_text()
                for landscape, n in zip(("Hill", "Mountain", "Forest", "Water"), got, strict=True):
                    assert (f"{n} {landscape}" in said) == bool(n), said
        turns += 1
        assert turns < 60, "the game does not end"
        if game.current == 1 and not game.is_over:  # the panel named Bot while it played
            page.wait_for_function("n => window.botShown > n", arg=shown, timeout=TURN_MS)
    expect(page.locator(".result")).to_be_visible()
    assert heard > 0, "Ann never took cards: the news of them was not checked"
    game = page_game(page)
    assert game.winner is not None
    assert page.locator("#log-list").inner_text().count("Bot") > 0


def test_a_reload_while_the_computer_thinks_and_a_hint_followed(
    game_page: Page, server: str
) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=2&seed=4&seats=human,strong", take_over=False)
    game = page_game(page)
    assert game.current == 0 and page.locator("[data-cmd=continue]").count() == 0
    # the hint: the normal player's move for Athens, marked, with a reason, then followed
    page.click("[data-cmd=hint]")
    hinted = attika.hint(game.view(0))
    box = page.locator(".hint-box")
    expect(box).to_be_visible()
    assert box.inner_text().strip()
    action = hinted.action
    assert isinstance(action, attika.Build)
    assert page.locator(f'.hex.hinted[data-hex="{format_hex(action.hex)}"]').count() == 1
    expect(page.locator(f'[data-cmd=select][data-arg="{action.building}"]')).to_have_class(
        "building hinted"
    )
    play(page, game, str(action))
    assert page.locator(".hint-box").count() == 0  # a move clears the hint
    assert page.locator(f'[data-hex="{format_hex(action.hex)}"][data-owner="0"]').count() == 1
    # end the turn: the computer thinks; reload in the middle of it
    play(page, game, "end")
    page.wait_for_selector("body[data-thinking='1']", timeout=TURN_MS)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    assert page.locator("[data-cmd=continue]").count() == 0
    wait_for_person(page, 0)  # the computer went on after the reload and played its turn
    after = page_game(page)
    assert after.current == 0 and after.turn_number == 3
    assert after.actions[: len(game.actions)] == game.actions
    log = page.locator("#log-list").inner_text()
    assert "Corinth" in log


def test_taps_are_answered_while_the_strong_computer_thinks(game_page: Page, server: str) -> None:
    """A demonstration of four strong computers: taps on the log and zoom buttons, each
    timed from the input event to its handler's end, only while a search is under way."""
    page = game_page
    open_game(page, f"{server}/index.html?players=4&seed=7&seats=strong,strong,strong,strong")
    page.evaluate(
        """() => {
            window.tapTimes = [];
            window.addEventListener('click', e => {
                if (document.body.dataset.thinking === '1')
                    window.tapTimes.push(performance.now() - e.timeStamp);
            });
            // When the current search began: most decisions (storing, ending the turn) take
            // no search at all, so a tap aims at one that has been going for a while.
            new MutationObserver(() => {
                const now = performance.now();
                if (document.body.dataset.thinking === '1') window.thinkingSince ??= now;
                else window.thinkingSince = null;
            }).observe(document.body, {attributes: true, attributeFilter: ['data-thinking']});
        }"""
    )
    page.click("[data-cmd=speed]")  # a quicker pace: more of the time is thinking
    page.click("[data-cmd=pause]")  # play on
    searching = "window.thinkingSince != null && performance.now() - window.thinkingSince > 40"
    # A tap counts only if the search is still under way when it lands. The tap is a raw
    # press at the button's middle, found beforehand: Playwright's own click first waits,
    # in several round trips, for the button to hold still, and a search of a few tenths of
    # a second can end meanwhile. Tap on (at most six rounds of four, each leaving the log
    # closed and the zoom as it was) until 8 have counted.
    for _ in range(6):
        for button in ["[data-cmd=log]", "[data-view=in]", "[data-cmd=log]", "[data-view=out]"]:
            box = page.locator(button).first.bounding_box()
            assert box is not None, button
            page.wait_for_function(searching, timeout=TURN_MS, polling=10)
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if page.evaluate("window.tapTimes.length") >= 8:
            break
    times = page.evaluate("window.tapTimes")
    page.click("[data-cmd=pause]")
    assert len(times) >= 5, times
    print(f"taps while thinking: {len(times)}, median {statistics.median(times):.0f} ms")
    # Answered while the search goes on, not after it: a search yields every few tens of ms,
    # while one that held the page would keep a tap waiting for the rest of its few hundred.
    # The median tells the two apart; on a machine busy with other tests (three test workers
    # on two cores) a tap or two may wait for a core as well, so they get more room.
    assert statistics.median(times) < 100 and sorted(times)[-2] < 250, times
