"""The game page in Chromium: start, draw, build and pay, illegal taps, tiles, a win."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

import attika
from attika.bots import greedy_bot
from attika.rng import Rng

from .conftest import READY_MS
from .driver import board_owners, hand_total, open_game, play, serve_game, stack_size
from .positions import (
    before_the_winning_turn,
    last_building_in_a_stack,
    paid_build_with_a_spare_card,
    play_until,
)


def test_new_game_screen_starts_the_chosen_game(game_page: Page, server: str) -> None:
    page = game_page
    page.goto(f"{server}/index.html")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    expect(page.locator("#setup-form")).to_be_visible()
    page.click('[data-cmd=setup-count][data-arg="3"]')
    page.fill('[name="name-0"]', "Ann")
    page.fill('[name="name-1"]', "Bo")
    page.fill('[name="name-2"]', "Cy")
    # Bo takes Thebes; a city-state is never shared, so Thebes' old seat gets Corinth
    page.click('[data-cmd=setup-cs][data-arg="1:thebes"]')
    page.select_option('[name="start"]', "1")
    page.fill('[name="seed"]', "777")
    page.click("[data-cmd=setup-start]")
    # the hand stays hidden until Bo (the chosen start player) takes over
    expect(page.locator("#overlay")).to_contain_text("Bo begins")
    assert page.locator(".hand .cardcount").count() == 0
    page.click("[data-cmd=continue]")
    same = attika.new_game(["Ann", "Bo", "Cy"], 777, start=1)
    expect(page.locator(".turnhead .who")).to_have_text("Bo")
    assert hand_total(page) == sum(same.players[1].hand) == 4
    assert page.locator("[data-hex]").count() == len(same.board.landscape) + 3
    assert page.locator("[data-shrine]").count() == 3
    assert page.locator(".turnhead .seat.cs-thebes").count() == 1
    expect(page.locator("#seed")).to_have_text("")  # the seed would tell every hand and stack


def test_a_url_opens_a_seeded_game_with_default_names(game_page: Page, server: str) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=4&seed=42")
    same = attika.new_game(["Athens", "Corinth", "Sparta", "Thebes"], 42)
    expect(page.locator(".turnhead .who")).to_have_text(same.players[same.current].name)
    assert page.locator(".overview li").count() == 4
    for i in range(4):
        assert page.locator(f'[data-stack="{i}"]').count() == 1
    on_page = {
        h: (page.locator(f'[data-hex="{h}"]').get_attribute("class") or "") for h in ("0,0", "2,1")
    }
    for h, classes in on_page.items():
        q, r = (int(x) for x in h.split(","))
        land = same.board.landscape[(q, r)]
        expected = "l-plain" if land is None else f"l-{attika.LANDSCAPES[land]}"
        assert expected in classes


def test_draw_then_store(game_page: Page, server: str) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=2&seed=3")
    before = stack_size(page, 2)
    page.click('[data-stack="2"]')
    expect(page.locator(".drawn")).to_be_visible()
    expect(page.locator("#status-top")).to_contain_text("Build or store the")
    drawn = page.locator(".drawn-card strong").inner_text()
    # while a building waits, drawing again is not offered
    assert page.locator('[data-stack="1"]').count() == 0
    page.click("[data-cmd=store]")
    assert stack_size(page, 2) == before - 1
    expect(page.locator("#status-top")).to_contain_text("Draw: 1 more of 2")
    # the chip's state is in words a screen reader reads, not only in its pips
    chip = page.locator(".mine .chip").filter(has=page.locator(".chipname", has_text=drawn))
    expect(chip.first).to_contain_text(re.compile(r"[1-9] waiting"))
    page.click("[data-cmd=log]")
    expect(page.locator("#log")).to_contain_text(f"stored the {drawn}")


def test_build_and_pay_the_quoted_price(game_page: Page, server: str) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=3&seed=42")
    game = attika.new_game(3, 42)
    seat = game.current
    kind = sorted(game.players[seat].stored)[0]
    page.click(f'[data-cmd=select][data-arg="{kind}"]')
    legal = {
        b.hex: b for b in game.legal_actions() if isinstance(b, attika.Build) and b.building == kind
    }
    marked = page.locator(".hex.legal")
    assert marked.count() == len(legal) > 0
    # every other hex is dimmed, and each marked hex shows its price
    target, build = min(legal.items(), key=lambda kv: (sum(kv[1].payment), kv[0]))
    hexname = f"{target[0]},{target[1]}"
    page.click(f'[data-hex="{hexname}"]')
    expect(page.locator(".payment .verdict")).to_contain_text("pays exactly")
    shown = sum(int(x) for x in page.locator(".payment .paycount").all_inner_texts())
    assert shown == sum(build.payment)
    before = hand_total(page)
    page.click(".payment [data-cmd=confirm]")
    assert hand_total(page) == before - sum(build.payment)
    assert board_owners(page) == {hexname: seat}
    expect(page.locator("#status-top")).to_contain_text("Build: 2 more of 3")


def test_two_for_one_and_an_inexact_payment(game_page: Page, server: str) -> None:
    page = game_page
    seed, game, kind, target = paid_build_with_a_spare_card()
    open_game(page, f"{server}/index.html?players=3&seed={seed}")
    hand = game.players[game.current].hand
    page.click(f'[data-cmd=select][data-arg="{kind}"]')
    page.click(f'[data-hex="{target[0]},{target[1]}"]')
    # add a card the price does not need: the page refuses to confirm, and says why
    spare = next(
        i
        for i in range(4)
        # a landscape the hand lacks has no row to add from
        if hand[i]
        and hand[i] > int(page.locator(f".payrow:has([data-arg='+{i}']) .paycount").inner_text())
    )
    page.click(f'[data-cmd=pay][data-arg="+{spare}"]')
    expect(page.locator(".payment .verdict.bad")).to_contain_text("too many")
    expect(page.locator(".payment [data-cmd=confirm]")).to_be_disabled()
    page.click("[data-cmd=cheapest]")
    expect(page.locator(".payment [data-cmd=confirm]")).to_be_enabled()
    page.click("[data-cmd=cancel]")
    assert page.locator(".payment").count() == 0
    assert board_owners(page) == {}


def test_an_illegal_tap_says_why_and_changes_nothing(game_page: Page, server: str) -> None:
    page = game_page
    game = attika.new_game(2, 9)
    seat = game.current

    def sites(kind: str) -> int:
        return sum(
            1 for b in game.legal_actions() if isinstance(b, attika.Build) and b.building == kind
        )

    # the stored building with the fewest affordable sites, so some hexes are dimmed
    kind = min((k for k in sorted(game.players[seat].stored) if sites(k)), key=sites)
    assert 0 < sites(kind) < len(game.board.landscape)
    open_game(page, f"{server}/index.html?players=2&seed=9")
    page.click(f'[data-cmd=select][data-arg="{kind}"]')
    before_board = page.inner_html("#board")
    before_hand = hand_total(page)
    shrine = page.locator("[data-shrine]").first
    shrine.click()
    expect(page.locator(".side .message.error")).to_contain_text("shrine")
    legal = {
        f"{b.hex[0]},{b.hex[1]}"
        for b in game.legal_actions()
        if isinstance(b, attika.Build) and b.building == kind
    }
    dim = next(
        h
        for h in page.locator("[data-hex]:not([data-shrine])").evaluate_all(
            "els => els.map(e => e.dataset.hex)"
        )
        if h not in legal
    )
    page.click(f'[data-hex="{dim}"]')
    expect(page.locator(".side .message.error")).to_be_visible()
    assert page.inner_html("#board") == before_board
    assert hand_total(page) == before_hand
    assert board_owners(page) == {}
    # a draw after choosing to build is refused by the rules, with their reason
    play_game = attika.new_game(2, 9)
    build = next(b for b in play_game.legal_actions() if isinstance(b, attika.Build))
    play(page, play_game, str(build))
    assert page.locator('[data-stack="0"]').is_disabled()


def test_a_stack_runs_out_and_the_board_grows(game_page: Page, server: str) -> None:
    page = game_page
    game = play_until(2, 4, last_building_in_a_stack)
    open_game(page, serve_game(page, server, game))
    player = game.players[game.current]
    stack = next(i for i, s in enumerate(player.stacks) if len(s) == 1)
    hexes = page.locator("[data-hex]").count()
    play(page, game, f"draw {stack}")
    play(page, game, "store")
    expect(page.locator("#status-top")).to_contain_text("Lay the new board tile")
    sites = page.locator("[data-site]")
    assert sites.count() == len(game.board.tile_sites()) > 0
    site = page.locator("[data-site]").nth(sites.count() // 2).get_attribute("data-site")
    assert site is not None
    page.click(f'[data-site="{site}"]')
    expect(page.locator("#ghost")).not_to_have_class(re.compile("hidden"))
    page.click('[data-cmd=rotate][data-arg="1"]')
    page.click("[data-cmd=confirm]")
    game.apply(f"tile {site} 1")
    assert page.locator("[data-hex]").count() == hexes + 7
    assert page.locator("[data-site]").count() == 0
    q, r = (int(x) for x in site.split(","))
    land = game.board.landscape[(q, r)]
    expected = "l-plain" if land is None else f"l-{attika.LANDSCAPES[land]}"
    assert expected in (page.locator(f'[data-hex="{site}"]').get_attribute("class") or "")


def test_a_seeded_game_is_won_through_the_page(game_page: Page, server: str) -> None:
    page = game_page
    game, winning_turn = before_the_winning_turn(4, 12)
    open_game(page, serve_game(page, server, game, "near-end"))
    for text in winning_turn:
        play(page, game, text)
    assert game.is_over and game.winner is not None
    result = page.locator(".result")
    expect(result).to_contain_text(f"{game.players[game.winner].name} wins")
    assert page.locator("main.layout").evaluate("m => m.inert"), "the result is not modal"
    page.keyboard.press("Escape")  # the result card closes with Escape
    expect(result).to_have_count(0)
    # the win is shown in words too, under the status, and said in the page's live region
    won_words = re.compile(rf"{game.players[game.winner].name} .*wins")
    expect(page.locator("#news")).to_contain_text(won_words)
    expect(page.get_by_role("log", name="What just happened")).to_contain_text(won_words)
    won = page.locator(".hex.win")
    assert won.count() == len(game.winning_hexes) >= 2
    assert board_owners(page) == {f"{q},{r}": s for (q, r), (s, _) in game.board.buildings.items()}


def test_bots_and_page_agree_over_many_turns(game_page: Page, server: str) -> None:
    """Twenty turns of a seeded 3-player game, every action tapped, the board compared."""
    page = game_page
    open_game(page, f"{server}/index.html?players=3&seed=31")
    game = attika.new_game(["Athens", "Corinth", "Sparta"], 31)
    rng = Rng(31)
    while game.turn_number <= 20 and not game.is_over:
        play(page, game, str(greedy_bot(game, rng)))
    assert board_owners(page) == {f"{q},{r}": s for (q, r), (s, _) in game.board.buildings.items()}
    assert page.locator("[data-hex]").count() == len(game.board.landscape) + len(game.board.shrines)
