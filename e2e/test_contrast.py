"""Contrast that axe does not measure (WCAG 1.4.11, non-text contrast 3:1) and forced
colours: every landscape symbol against its hex, a dimmed place included, every building's
name and picture not veiled, the outline of every place to choose on its landscape; in
forced colours (Windows high contrast) the building pictures, stack piles, cards and pips
stay as they are."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .driver import open_game, serve_game
from .positions import late_game

#: Each drawn symbol against the colour under it: the hex's face, seen through the veil
#: when the veil lies between them (a dimmed place), as the page computes its colours.
SYMBOLS = """() => {
  const rgb = (s) => s.match(/[0-9.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = c.map(v => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  const over = (top, a, under) => top.map((v, i) => a * v + (1 - a) * under[i]);
  const out = [];
  for (const hex of document.querySelectorAll('#board [data-hex]')) {
    const face = hex.querySelector('.face');
    const veil = hex.querySelector('.veil');
    let under = rgb(getComputedStyle(face).fill);
    const kids = [...hex.children];
    for (const part of hex.querySelectorAll('.sym, .badge')) {
      let ground = under;
      if (veil && getComputedStyle(veil).display !== 'none') {
        const vs = getComputedStyle(veil);
        if (kids.indexOf(veil) > kids.indexOf(part)) {
          out.push(hex.dataset.hex + ': the veil lies over ' + part.getAttribute('class'));
          continue;
        }
        ground = over(rgb(vs.fill), Number(vs.fillOpacity), under);
      }
      if (!part.classList.contains('sym')) continue;
      const s = getComputedStyle(part);
      const ink = over(rgb(s.color), Number(s.fillOpacity), ground);
      const r = ratio(ink, ground);
      if (r < 3) out.push(hex.dataset.hex + ': symbol ' + r.toFixed(2) + ':1');
    }
  }
  // the outline of a place to choose, against its own landscape
  for (const hex of document.querySelectorAll('#board .hex.legal')) {
    const face = hex.querySelector('.face');
    const s = getComputedStyle(face);
    const r = ratio(rgb(s.stroke), rgb(s.fill));
    if (r < 3) out.push(hex.dataset.hex + ': outline ' + r.toFixed(2) + ':1');
  }
  return out;
}"""


def test_symbols_and_dimmed_places_keep_3_to_1(game_page: Page, server: str) -> None:
    page = game_page
    game = late_game()
    open_game(page, serve_game(page, server, game, "contrast"))
    assert page.evaluate(SYMBOLS) == []
    # choose a building: every place it cannot go is dimmed, and still reads
    page.locator("#side [data-cmd=select]:not([disabled])").first.click()
    expect(page.locator("#board .hex.legal").first).to_be_visible()
    assert page.locator("#board .selecting, #board.selecting, .selecting").count()
    assert page.evaluate(SYMBOLS) == []


#: The colours that draw a picture, as computed: forced colours replace them with the
#: system's (a white building on a white disc, a pile with no fill) unless the picture
#: keeps its own.
PAINT = """(sel) => [...document.querySelectorAll(sel)].slice(0, 6).map(e => {
  const s = getComputedStyle(e);
  return [s.backgroundColor, s.color, s.fill, s.stroke, s.boxShadow].join(' ');
})"""


def test_forced_colours_keep_every_picture(game_page: Page, server: str) -> None:
    page = game_page
    open_game(page, f"{server}/index.html?players=2&seed=9")
    page.locator("#side [data-cmd=player]").first.click()  # a player board, with its pips
    parts = (
        "#side .building .badge",
        "#side .building .badge .icon",
        "#side .stack .stackpile",
        "#side .minicard",
        "#side .pboard .pip",
        "#side .turnhead .seat .mark",
        "#board .badge .icon",
    )
    # the board and the panel fill the screen, each scrolling on its own: the page itself
    # does not (words for screen readers inside the panel once pushed it 700 px longer)
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    normal = {}
    for sel in parts[:-1]:
        expect(page.locator(sel).first).to_be_attached()
    for sel in parts:
        normal[sel] = page.evaluate(PAINT, sel)
    page.emulate_media(forced_colors="active")
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    changed = [sel for sel in parts if page.evaluate(PAINT, sel) != normal[sel]]
    assert changed == [], f"forced colours repaint {changed}"
