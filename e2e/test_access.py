"""axe-core finds nothing on any screen, at a phone's, a tablet's and a laptop's size.

Each page is started once and its screens walked; every screen is audited at the three
sizes by resizing the page, so the audit adds three Python starts to the suite."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

import attika

from .access import audit
from .conftest import READY_MS, ROOT
from .driver import into_view, open_game, play, serve_game
from .positions import before_the_winning_turn, last_building_in_a_stack, late_game, play_until
from .test_positions import ready

ROADS = ROOT / "scenarios" / "roads.json"


def _import(page: Page, game: attika.Game, path: Path) -> None:
    """Open a game from the new-game screen's file button: no reload, no new Python."""
    path.write_text(game.to_json())
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#overlay .handover")).to_be_visible()


def test_every_game_screen_passes_the_audit(game_page: Page, server: str, tmp_path: Path) -> None:
    page = game_page
    found: dict[str, list[str]] = {}
    page.goto(f"{server}/index.html")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    audit(page, "new game", found)

    game = play_until(2, 4, last_building_in_a_stack)
    _import(page, game, tmp_path / "tile.json")
    audit(page, "hand-over", found)
    page.click("[data-cmd=continue]")
    audit(page, "turn", found)
    player = game.players[game.current]
    stack = next(i for i, s in enumerate(player.stacks) if len(s) == 1)
    play(page, game, f"draw {stack}")
    expect(page.locator(".drawn")).to_be_visible()
    legal = page.locator(".hex.legal")
    if legal.count():
        audit(page, "building chosen", found)
        into_view(page, ".hex.legal")
        legal.first.click()
        expect(page.locator(".payment")).to_be_visible()
        audit(page, "payment", found)
        page.click("[data-cmd=cancel]")
    play(page, game, "store")
    expect(page.locator("[data-site]").first).to_be_attached()
    audit(page, "tile placement", found)
    into_view(page, "[data-site]")
    page.locator("[data-site]").first.click()
    audit(page, "tile placement, a site chosen", found)
    page.keyboard.press("Escape")
    tile = next(a for a in game.legal_actions() if isinstance(a, attika.PlaceTile))
    play(page, game, str(tile))
    assert game.unused_actions()
    page.click('[data-cmd=end][data-arg=""]')
    expect(page.locator(".confirm-end")).to_be_visible()
    audit(page, "end-turn question", found)
    page.click(".confirm-end [data-cmd=cancel]")  # the question is modal: answered first
    page.click("[data-cmd=log]")
    audit(page, "log", found)
    page.click("[data-cmd=log]")

    page.click("[data-cmd=new-game]")
    expect(page.locator("#setup-form")).to_be_visible()
    audit(page, "new game, a game open", found)
    near_end, winning_turn = before_the_winning_turn(4, 12)
    _import(page, near_end, tmp_path / "near-end.json")
    page.click("[data-cmd=continue]")
    for text in winning_turn:
        play(page, near_end, text)
    expect(page.locator(".result")).to_be_visible()
    audit(page, "end of game", found)
    assert found == {}, "axe-core found:\n" + "\n".join(
        f"{screen}:\n  " + "\n  ".join(v) for screen, v in found.items()
    )


def test_the_rules_page_and_an_embed_pass_the_audit(game_page: Page, server: str) -> None:
    page = game_page
    found: dict[str, list[str]] = {}
    page.goto(f"{server}/rules.html")
    page.wait_for_selector("body[data-previews]")
    audit(page, "rules page, still previews", found)
    ready(page, f"{server}/rules.html")
    audit(page, "rules page", found)
    page.goto(f"{server}/embed.html?scenario=roads")
    page.wait_for_selector("body[data-previews]")
    audit(page, "embed, still preview", found)
    ready(page, f"{server}/embed.html?scenario=roads")
    audit(page, "embed", found)
    play(page, attika.load_scenario(ROADS.read_text(), "roads").fresh(), "build road 0,0 F")
    audit(page, "embed, answered", found)
    assert found == {}, "axe-core found:\n" + "\n".join(
        f"{screen}:\n  " + "\n  ".join(v) for screen, v in found.items()
    )


#: Each owner's flag (the mark in a building token's corner) against its hex: the ratio of
#: its outline to the hex's face (WCAG 1.4.11, 3:1), and the outline's width outside the
#: flag in board units (a hair's width would not count as an outline).
FLAGS = """() => {
  const rgb = (s) => s.match(/[0-9.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = c.map(v => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  return [...document.querySelectorAll('#board [data-hex] .badge .mark')].map(m => {
    const s = getComputedStyle(m);
    const face = getComputedStyle(m.closest('[data-hex]').querySelector('.face')).fill;
    const outside = parseFloat(s.strokeWidth) / 2 * m.width.baseVal.value / 100;
    return [m.closest('[data-hex]').dataset.hex, ratio(rgb(s.stroke), rgb(face)), outside];
  });
}"""


def test_every_owners_flag_stands_out_from_its_hex(game_page: Page, server: str) -> None:
    page = game_page
    game = late_game()
    open_game(page, serve_game(page, server, game, "flags"))
    flags = page.evaluate(FLAGS)
    assert len(flags) == len(game.board.buildings)
    faint = [(h, round(r, 2)) for h, r, _ in flags if r < 3]
    assert faint == [], f"flags under 3:1 against their hex: {faint[:5]}"
    assert min(w for *_, w in flags) >= 1, "the flag's outline is thinner than a board unit"
