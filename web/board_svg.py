"""The board as SVG markup: landscape hexes, shrines, building badges, marks for choices.

Pure: a session in, a string and the drawing's bounds out. Every hex carries
``data-hex="q,r"`` (the page's stable test hook), occupied hexes ``data-owner``
and shrines ``data-shrine``; hexes that can be chosen are focusable buttons
with a spoken label, so the board works by keyboard and screen reader too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from attika import (
    COMPONENTS,
    LANDSCAPES,
    Build,
    Hex,
    cards_text,
    format_hex,
    tile_sites,
    to_pixel,
    turn_status,
)

from .log import cards_words
from .session import Session
from .text import building_name, escape, landscape_name, shape, t

#: Circumradius of a hex in SVG units.
SIZE = 30.0
ART = "web/svg/art.svg"
_CORNERS = " ".join(
    f"{SIZE * math.cos(math.radians(30 + 60 * k)):.2f},{SIZE * math.sin(math.radians(30 + 60 * k)):.2f}"
    for k in range(6)
)
HEX_POINTS = _CORNERS
#: Shown over every hex that cannot be chosen while a building is selected (see app.css).
VEIL = f'<polygon class="veil" points="{HEX_POINTS}"/>'
Bounds = tuple[float, float, float, float]


def use(symbol: str, x: float, y: float, size: float, cls: str = "") -> str:
    klass = f' class="{cls}"' if cls else ""
    return (
        f'<use{klass} href="{ART}#{symbol}" x="{x:g}" y="{y:g}" '
        f'width="{size:g}" height="{size:g}"/>'
    )


def _xy(h: Hex) -> tuple[float, float]:
    x, y = to_pixel(h, SIZE)
    return round(x, 2), round(y, 2)


def bounds(hexes: list[Hex]) -> Bounds:
    """x, y, width, height of the drawing, with a margin of one hex."""
    if not hexes:
        return (-SIZE, -SIZE, 2 * SIZE, 2 * SIZE)
    xs = [to_pixel(h, SIZE)[0] for h in hexes]
    ys = [to_pixel(h, SIZE)[1] for h in hexes]
    pad = SIZE * 1.6
    x0, y0 = min(xs) - pad, min(ys) - pad
    return (
        round(x0, 1),
        round(y0, 1),
        round(max(xs) + pad - x0, 1),
        round(max(ys) + pad - y0, 1),
    )


def cost_label(build: Build) -> str:
    """Small landscape-coloured cards for the cheapest payment, or a 'free' pill."""
    if build.payment == (0, 0, 0, 0):
        return (
            '<g class="cost free" transform="translate(0,16)">'
            '<rect x="-17" y="-7" width="34" height="14" rx="7"/>'
            f'<text y="4">{escape(t("board.free"))}</text></g>'
        )
    letters = cards_text(build.payment)
    width = 9
    x0 = -len(letters) * width / 2
    cards = "".join(
        f'<g class="c-{LANDSCAPES["HMFW".index(ch)]}" transform="translate({x0 + i * width:g},9)">'
        f'<rect width="{width - 1}" height="12" rx="1.5"/>'
        f'<text x="{(width - 1) / 2:g}" y="9.5">{ch}</text></g>'
        for i, ch in enumerate(letters)
    )
    return f'<g class="cost">{cards}</g>'


def _hex_label(session: Session, h: Hex) -> str:
    board = session.game.board
    where = format_hex(h)
    placed = board.buildings.get(h)
    if h in board.shrines:
        return t("aria.shrine", hex=where)
    if placed is not None:
        seat, kind = placed
        return t("aria.building", building=building_name(kind), name=session.name(seat), hex=where)
    land = board.landscape.get(h)
    if land is None:
        return t("aria.plain", hex=where)
    return t("aria.landscape", landscape=landscape_name(land), hex=where)


def _hex(session: Session, h: Hex, targets: dict[Hex, Build], winning: set[Hex]) -> str:
    board = session.game.board
    x, y = _xy(h)
    classes = ["hex"]
    attrs = [f'data-hex="{format_hex(h)}"']
    inner = [f'<polygon class="face" points="{HEX_POINTS}"/>']
    label = _hex_label(session, h)
    if h in board.shrines:
        classes.append("shrine")
        attrs.append('data-shrine=""')
        inner.append(use("shrine", -22, -22, 44))
    else:
        land = board.landscape.get(h)
        classes.append(f"l-{LANDSCAPES[land]}" if land is not None else "l-plain")
        placed = board.buildings.get(h)
        if placed is None:
            if land is not None:
                inner.append(use(f"land-{LANDSCAPES[land]}", -12, -16, 24, "sym"))
        else:
            seat, kind = placed
            cs = session.city_states[seat]
            attrs.append(f'data-owner="{seat}" data-building="{kind}"')
            classes.append("built")
            inner.append(
                f'<g class="badge cs-{cs}"><circle r="23"/>'
                + use(f"b-{kind}", -12, -20, 24, "icon")
                + use(f"seat-{shape(cs)}", 11, -25, 12, "mark")
                + f'<text class="bname" y="14">{escape(building_name(kind))}</text></g>'
            )
    if h in winning:
        classes.append("win")
    build = targets.get(h)
    if build is not None:
        classes.append("legal")
        if build.payment == (0, 0, 0, 0):
            classes.append("free-here")
        inner.append(cost_label(build))
        attrs.append('tabindex="0" role="button"')
        label = t(
            "aria.target",
            building=building_name(build.building),
            hex=format_hex(h),
            cards=cards_words(cards_text(build.payment)),
        )
    if h == session.target:
        classes.append("target")
    inner.append(VEIL)
    return (
        f'<g class="{" ".join(classes)}" {" ".join(attrs)} '
        f'transform="translate({x:g},{y:g})" aria-label="{escape(label)}">'
        + "".join(inner)
        + "</g>"
    )


def _ghost(session: Session, site: Hex | None, sites: list[Hex]) -> str:
    """The revealed tile, turned as chosen, at its chosen site (or hidden, for the pointer)."""
    tile_id = turn_status(session.game).tile
    if tile_id is None or not sites:
        return ""
    tile = COMPONENTS.tiles[tile_id]
    anchor = site or sites[0]
    ax, ay = _xy(anchor)
    parts = []
    for h, land in tile.hexes(anchor, session.rotation).items():
        x, y = _xy(h)
        cls = f"l-{LANDSCAPES[land]}" if land is not None else "l-plain"
        sym = use(f"land-{LANDSCAPES[land]}", -12, -16, 24, "sym") if land is not None else ""
        parts.append(
            f'<g class="{cls}" transform="translate({x - ax:g},{y - ay:g})">'
            f'<polygon class="face" points="{HEX_POINTS}"/>{sym}</g>'
        )
    hidden = "" if site else " hidden"
    return (
        f'<g class="ghost{hidden}" id="ghost" data-ghost="{format_hex(anchor)}" '
        f'transform="translate({ax:g},{ay:g})" aria-hidden="true">' + "".join(parts) + "</g>"
    )


def _site(h: Hex, chosen: bool) -> str:
    x, y = _xy(h)
    cls = "site chosen" if chosen else "site"
    return (
        f'<g class="{cls}" data-site="{format_hex(h)}" data-x="{x:g}" data-y="{y:g}" '
        f'transform="translate({x:g},{y:g})" tabindex="0" role="button" '
        f'aria-label="{escape(t("aria.site", hex=format_hex(h)))}">'
        '<circle class="ring" r="24"/><path class="plus" d="M-9 0H9M0 -9V9"/></g>'
    )


@dataclass(frozen=True)
class Drawing:
    """The board as keyed pieces (one per hex, site and ghost) inside one group.

    Keeping the pieces apart lets the page redraw only what a tap changed: re-parsing a
    late-game board of 150 hexes costs more than all the rules work of the tap."""

    mode: str
    pieces: tuple[tuple[str, str], ...]
    bounds: Bounds

    def markup(self) -> str:
        return f'<g class="{self.mode}">' + "".join(m for _, m in self.pieces) + "</g>"

    def changed(self, before: Drawing | None) -> list[int] | None:
        """Indices of the pieces that differ from ``before``, or None when the pieces
        themselves came or went (a new tile, a site) and the whole board must be redrawn."""
        if before is None or [k for k, _ in before.pieces] != [k for k, _ in self.pieces]:
            return None
        pairs = zip(before.pieces, self.pieces, strict=True)
        return [i for i, (old, new) in enumerate(pairs) if old != new]


def board_drawing(session: Session) -> Drawing:
    """The board for this moment of the session, as keyed pieces."""
    game = session.game
    board = game.board
    targets = session.targets() if session.target is None else {}
    if session.target is not None and session.selected:
        target = session.targets().get(session.target)
        targets = {session.target: target} if target else {}
    winning = set(game.winning_hexes) if game.is_over else set()
    hexes = sorted(set(board.landscape) | board.shrines, key=lambda h: (h[1], h[0]))
    pieces = [(format_hex(h), _hex(session, h, targets, winning)) for h in hexes]
    covered = list(hexes)
    if session.phase == "tile" and not session.handover:
        sites = tile_sites(game)
        pieces.extend((f"site {format_hex(h)}", _site(h, h == session.site)) for h in sites)
        pieces.append(("ghost", _ghost(session, session.site, sites)))
        for s in sites:
            covered.extend(
                [s, (s[0] + 1, s[1]), (s[0] - 1, s[1]), (s[0], s[1] + 1), (s[0], s[1] - 1)]
            )
    mode = "board"
    if session.selected and not session.handover:
        mode += " selecting"
    if session.phase == "tile":
        mode += " tiling"
    return Drawing(mode, tuple(pieces), bounds(covered))


def board_svg(session: Session) -> tuple[str, Bounds]:
    """The inside of the board's ``<svg>`` and the area it covers."""
    drawing = board_drawing(session)
    return drawing.markup(), drawing.bounds
