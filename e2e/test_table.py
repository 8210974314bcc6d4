"""A table read at a glance, on a phone, a tablet and a laptop, both ways up.

One page start serves every size: the page is resized between turns."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

import attika

from .conftest import READY_MS
from .driver import hand_total, open_game, play, serve_game
from .positions import last_building_in_a_stack, late_game, play_until, turn_with

SHOTS = Path(__file__).resolve().parent.parent / "test-results" / "screens"

#: Phone upright and on its side, tablet both ways up, laptop.
SIZES = [(360, 740), (740, 360), (768, 1024), (1024, 768), (1280, 800)]


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


def test_the_status_strip_is_in_view_at_the_start_of_every_turn(
    game_page: Page, server: str
) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=3&seed=21")
    game = attika.new_game(["Athens", "Corinth", "Sparta"], 21)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        # the last player left the page scrolled down, the panel too
        page.evaluate(
            "window.scrollTo(0, document.body.scrollHeight);"
            "document.getElementById('side').scrollTop = 1e6"
        )
        play(page, game, "end")
        player = game.players[game.current]
        strip = page.locator("#status-top")
        assert in_view(page, "#status-top"), f"{width}x{height}: the strip is off screen"
        expect(strip.locator(".who")).to_have_text(player.name)
        expect(strip.locator(".now")).to_have_text("Draw buildings or build")
        expect(strip.locator(".seat .mark")).to_be_visible()  # colour and shape
        held = strip.locator(".held > span[aria-hidden]")
        assert held.nth(0).inner_text().strip() == str(hand_total(page)) == str(sum(player.hand))
        assert held.nth(1).inner_text().strip() == str(player.amphorae)
        assert page.evaluate("window.scrollY") == 0
        assert page.evaluate("document.getElementById('side').scrollTop") == 0
        # what to do now stays in view once the panel or the page scrolls
        page.evaluate(
            "window.scrollTo(0, document.body.scrollHeight);"
            "document.getElementById('side').scrollTop = 1e6"
        )
        assert in_view(page, "#status-top"), f"{width}x{height}: the strip scrolled away"


def test_prices_are_one_badge_per_hex_and_cards_are_symbols(
    game_page: Page, server: str, tmp_path: Path
) -> None:
    """A late 4-player board, a building chosen: at every size no two price badges meet,
    each shows a number or 'free', and the payment shows cards by symbol, not by letter."""
    page = game_page
    page.goto(f"{server}/index.html")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    game = late_game()
    saved = tmp_path / "late.json"
    saved.write_text(game.to_json())
    page.set_input_files("#import-file", str(saved))
    page.click("[data-cmd=continue]")
    kind = sorted(game.players[game.current].stored)[0]
    page.click(f'[data-cmd=select][data-arg="{kind}"]')
    SHOTS.mkdir(parents=True, exist_ok=True)
    legal = {
        b.hex: b for b in game.legal_actions() if isinstance(b, attika.Build) and b.building == kind
    }
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.click("[data-view=fit]")
        badges = page.evaluate(
            """() => [...document.querySelectorAll('.hex.legal')].map(h => {
                const b = h.querySelector('.cost').getBoundingClientRect();
                const t = h.querySelector('.cost text').getBoundingClientRect();
                return [h.dataset.hex, h.querySelector('.cost').textContent,
                        b.left, b.top, b.right, b.bottom, t.height];
            })"""
        )
        assert len(badges) == len(legal) > 0
        for hexname, text, *_ in badges:
            q, r = (int(x) for x in hexname.split(","))
            paid = attika.price(legal[(q, r)])
            assert text == (str(paid) if paid else "free")
        for i, a in enumerate(badges):
            for b in badges[i + 1 :]:
                apart = a[4] <= b[2] or b[4] <= a[2] or a[5] <= b[3] or b[5] <= a[3]
                assert apart, f"{width}x{height}: the badges of {a[0]} and {b[0]} meet"
        # nothing lies over the board's hexes but what belongs to them (the zoom buttons
        # have a strip of their own; the status bar and panels end where the board starts)
        covered = page.evaluate(
            """() => {
                const board = document.getElementById('board');
                const out = [];
                for (const h of board.querySelectorAll('[data-hex]')) {
                    const r = h.querySelector('.face').getBoundingClientRect();
                    const x = r.left + r.width / 2, y = r.top + r.height / 2;
                    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
                    const top = document.elementFromPoint(x, y);
                    const what = top && top.outerHTML.slice(0, 60);
                    if (!board.contains(top)) out.push([h.dataset.hex, what]);
                }
                return out;
            }"""
        )
        assert covered == [], f"{width}x{height}: hexes covered: {covered[:3]}"
        FIGURES[f"{width}x{height}"] = smallest = min(b[6] for b in badges)
        assert smallest >= 9, f"{width}x{height}: price text only {smallest:.1f} px high"
        page.screenshot(path=str(SHOTS / f"prices-{width}x{height}.png"))
    for width, height in SIZES:  # a new choice: every marked place in view is finger-sized
        page.set_viewport_size({"width": width, "height": height})
        page.keyboard.press("Escape")
        page.click(f'[data-cmd=select][data-arg="{kind}"]')
        small = page.evaluate(
            """() => [...document.querySelectorAll('#board .hex.legal .face')]
                .map(f => [f.closest('[data-hex]').dataset.hex, f.getBoundingClientRect()])
                .filter(([, r]) => r.right > 0 && r.bottom > 0
                                   && r.left < innerWidth && r.top < innerHeight)
                .filter(([, r]) => r.width < 44 || r.height < 44).map(([h]) => h)"""
        )
        assert small == [], f"{width}x{height}: places smaller than 44 px: {small}"
        assert page.locator("#board .hex.legal").count() == len(legal)
        page.screenshot(path=str(SHOTS / f"choosing-{width}x{height}.png"))
    for width, height in SIZES:  # the payment opens with its Build button in view
        page.set_viewport_size({"width": width, "height": height})
        page.click("[data-view=fit]")
        page.locator(".hex.legal").first.click()
        expect(page.locator(".payment")).to_be_visible()
        assert in_view(page, ".payment [data-cmd=confirm]"), f"{width}x{height}: Build not in view"
        page.screenshot(path=str(SHOTS / f"payment-{width}x{height}.png"))
        page.click(".payment [data-cmd=cancel]")
    page.locator(".hex.legal").first.click()
    letters = page.evaluate(
        "[...document.querySelectorAll('.minicard')].map(m => m.textContent.trim()).join('')"
    )
    assert page.locator(".payment .minicard").count() > 0 and letters == ""
    print("smallest price text, px:", FIGURES)


#: The smallest badge text at each size, printed for the record.
FIGURES: dict[str, float] = {}


def test_a_turns_news_reaches_the_next_player_and_the_board_marks_it(
    game_page: Page, server: str
) -> None:
    """A turn that lays two tiles and earns an amphora: each is announced as it happens;
    the hand-over screen tells the next player; their board rings what changed."""
    page = game_page
    game, turn = turn_with(2, 1, {"amphora", "tile"})
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, serve_game(page, server, game, "news"))
    mover = game.players[game.current].name
    changed: set[tuple[int, int]] = set()
    for text in turn[:-1]:
        before = game.copy()
        play(page, game, text)
        events = before.apply(text)
        for event in events:
            if event["event"] == "tile":
                expect(page.locator("#news")).to_contain_text(f"{mover} laid a new board tile")
                tile = attika.COMPONENTS.tiles[event["tile"]]
                changed |= set(tile.hexes(attika.parse_hex(event["hex"]), event["rotation"]))
            if event["event"] == "amphora":
                expect(page.locator("#news")).to_contain_text(f"{mover} completed the")
            if event["event"] == "build":
                changed.add(attika.parse_hex(event["hex"]))
    page.click('[data-cmd=end][data-arg=""]')
    if game.unused_actions():
        page.click('[data-cmd=end][data-arg="sure"]')
    game.apply("end")
    since = page.locator(".handover .since li")
    expect(since.first).to_be_visible()
    told = " ".join(since.all_inner_texts())
    assert "laid a new board tile" in told and "took an amphora" in told, told
    page.screenshot(path=str(SHOTS / "handover-since-360x740.png"))
    page.click("[data-cmd=continue]")
    expect(page.locator("#news")).to_contain_text(f"{mover} ended the turn")
    ringed = page.evaluate(
        "[...document.querySelectorAll('#board .hex.recent')].map(h => h.dataset.hex)"
    )
    assert {attika.parse_hex(h) for h in ringed} == changed


def test_building_names_on_a_fitted_board_are_readable_or_give_way_to_pictures(
    game_page: Page, server: str
) -> None:
    """A late 4-player board fitted to the screen: a name too small to read is not drawn
    (the picture grows instead), and zooming in brings every name back, readable."""
    page = game_page
    open_game(page, serve_game(page, server, late_game(), "late"))
    sizes = """() => [...document.querySelectorAll('#board .badge')].map(b => {
        const name = b.querySelector('.bname'), icon = b.querySelector('.icon');
        const shown = getComputedStyle(name).display !== 'none';
        const face = b.closest('[data-hex]').querySelector('.face').getBoundingClientRect();
        return [shown, name.getBoundingClientRect().height,
                icon.getBoundingClientRect().width / face.width];
    })"""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.click("[data-view=fit]")
        tokens = page.evaluate(sizes)
        assert len(tokens) == sum(1 for _ in late_game().board.buildings) > 0
        # a name's box is 1.12 times its letters' size: 9 px is 8 px letters
        small = [h for shown, h, _ in tokens if shown and h < 8.95]
        assert small == [], f"{width}x{height}: {len(small)} names under 8 px high"
        fitted = tokens
        for _ in range(6):
            if page.locator("#board[data-names=shown]").count():
                break
            page.click("[data-view=in]")
        tokens = page.evaluate(sizes)
        assert all(shown for shown, *_ in tokens)
        assert min(h for _, h, _ in tokens) >= 8.95, f"{width}x{height}: zoomed names too small"
        if not fitted[0][0]:  # pictures instead: bigger, for their hex, than beside a name
            assert all(p > 1.3 * n for (*_, p), (*_, n) in zip(fitted, tokens, strict=True))
    owned = page.locator("#board [data-building]")
    kind = owned.first.get_attribute("data-building")
    assert kind is not None
    name = attika.COMPONENTS.buildings[kind].names["en"]
    assert name in (owned.first.get_attribute("aria-label") or "")  # a reader hears it


def test_places_for_a_new_tile_are_finger_sized_after_a_building_choice(
    game_page: Page, server: str
) -> None:
    """The tile's places widen the board after the building's places were already big
    enough: the view zooms in again, so each place in view is 44 px across."""
    page = game_page
    page.set_viewport_size({"width": 768, "height": 1024})
    game = play_until(2, 4, last_building_in_a_stack)
    open_game(page, serve_game(page, server, game))
    stack = next(i for i, s in enumerate(game.players[game.current].stacks) if len(s) == 1)
    play(page, game, f"draw {stack}")
    play(page, game, "store")
    expect(page.locator("#status-top")).to_contain_text("Lay the new board tile")
    rings = page.evaluate(
        """() => [...document.querySelectorAll('#board [data-site] .ring')]
            .map(r => r.getBoundingClientRect())
            .filter(r => r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight)
            .map(r => Math.min(r.width, r.height))"""
    )
    assert rings and min(rings) >= 44, f"tile places in view: {sorted(rings)[:3]} px"


def test_a_late_boards_tile_places_at_fit_are_as_big_as_the_readme_says(
    game_page: Page, server: str
) -> None:
    """A late 4-player board growing by a tile, fitted whole: the board's edge leaves room
    for the places' rings, not a tile's width round each (the README's sizes: about 27 px on
    a tablet either way up, 37 on a laptop); a tile at an outer place is seen whole."""
    page = game_page
    game = play_until(
        4, 2, lambda g: g.turn.tile is not None and len(g.board.buildings) >= 70, bot="random"
    )
    open_game(page, serve_game(page, server, game, "late-tile"))
    rings = "[...document.querySelectorAll('#board [data-site] .ring')]"
    # (a phone's 15 px: docs/screens.md says why Fit cannot give 44 px and what is there)
    sizes = {(360, 740): 14.5, (768, 1024): 27, (1024, 768): 26.5, (1280, 800): 37}
    for (width, height), least in sizes.items():
        page.set_viewport_size({"width": width, "height": height})
        page.click("[data-view=fit]")
        across = page.evaluate(f"Math.min(...{rings}.map(r => r.getBoundingClientRect().width))")
        board = page.locator("#board").bounding_box()
        assert board is not None
        area = f"{board['width']:.0f}x{board['height']:.0f}"
        print(f"{width}x{height}: tile places {across:.1f} px at Fit on a {area} board")
        assert across >= least, f"{width}x{height}: tile places {across:.1f} px across"
    page.set_viewport_size({"width": 768, "height": 1024})
    page.click("[data-view=fit]")
    top = page.evaluate(
        f"{rings}.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)"
        "[0].closest('[data-site]').dataset.site"
    )
    page.click(f'[data-site="{top}"]')
    expect(page.locator("#ghost")).to_be_visible()
    ghost = page.locator("#ghost").bounding_box()
    board = page.locator("#board").bounding_box()
    assert ghost is not None and board is not None
    assert ghost["y"] >= board["y"] - 0.5, "the chosen place's tile is cut at the board's top"
    page.screenshot(path=str(SHOTS / "tile-at-fit-768x1024.png"))
