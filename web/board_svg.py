"""The board as SVG markup: landscape hexes, shrines, building badges, marks for choices.

Pure: a scene in (see scene.py), keyed pieces of markup and the drawing's bounds out.
Every hex carries ``data-hex="q,r"`` (the page's stable test hook), occupied hexes
``data-owner`` and shrines ``data-shrine``; hexes that can be chosen are focusable buttons
with a spoken label, so the board works by keyboard and screen reader too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from attika import COMPONENTS, LANDSCAPES, Build, Hex, cards_text, format_hex, price, to_pixel

from .html import Markup, el
from .log import cards_words
from .scene import Scene
from .text import building_name, landscape_name, shape, t
from .widgets import ART

#: Circumradius of a hex in SVG units.
SIZE = 30.0
_CORNERS = " ".join(
    f"{SIZE * math.cos(math.radians(30 + 60 * k)):.2f},{SIZE * math.sin(math.radians(30 + 60 * k)):.2f}"
    for k in range(6)
)
HEX_POINTS = _CORNERS
#: Shown over every hex that cannot be chosen while a building is selected (see app.css).
VEIL = el("polygon", {"class": "veil", "points": HEX_POINTS})
Bounds = tuple[float, float, float, float]


def use(symbol: str, x: float, y: float, size: float, cls: str | None = None) -> Markup:
    return el(
        "use",
        {
            "class": cls,
            "href": f"{ART}#{symbol}",
            "x": f"{x:g}",
            "y": f"{y:g}",
            "width": f"{size:g}",
            "height": f"{size:g}",
        },
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


def price_text(build: Build) -> str:
    """What a marked hex shows: the number of cards to pay, or 'free' (the same in every
    language's digits; the cards themselves are named on tap, in the payment)."""
    paid = price(build)
    return str(paid) if paid else t("board.free")


def cost_label(build: Build) -> Markup:
    """One compact badge inside the hex: the number of cards, or a 'free' pill. It stays
    within its own hex, so badges never run into their neighbours."""
    if build.payment == (0, 0, 0, 0):
        return el(
            "g",
            {"class": "cost free", "transform": "translate(0,14)"},
            el("rect", {"x": "-19", "y": "-9", "width": "38", "height": "18", "rx": "9"}),
            el("text", {"y": "4.5"}, price_text(build)),
        )
    return el(
        "g",
        {"class": "cost", "transform": "translate(0,13)"},
        el("circle", {"r": "11"}),
        el("text", {"y": "5.5"}, price_text(build)),
    )


def _hex_label(scene: Scene, h: Hex) -> str:
    board = scene.board
    where = format_hex(h)
    placed = board.buildings.get(h)
    if h in board.shrines:
        return t("aria.shrine", hex=where)
    if placed is not None:
        seat, kind = placed
        return t("aria.building", building=building_name(kind), name=scene.name(seat), hex=where)
    land = board.landscape.get(h)
    if land is None:
        return t("aria.plain", hex=where)
    return t("aria.landscape", landscape=landscape_name(land), hex=where)


def _hex(scene: Scene, h: Hex, targets: dict[Hex, Build]) -> Markup:
    board = scene.board
    x, y = _xy(h)
    classes = ["hex"]
    # a hex that cannot be chosen is a picture with a name (a label needs a role)
    attrs: dict[str, str | None] = {"data-hex": format_hex(h), "role": "img"}
    inner = [el("polygon", {"class": "face", "points": HEX_POINTS})]
    label = _hex_label(scene, h)
    if h in board.shrines:
        classes.append("shrine")
        attrs["data-shrine"] = ""
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
            cs = scene.players[seat].city_state
            attrs["data-owner"] = str(seat)
            attrs["data-building"] = kind
            classes.append("built")
            inner.append(
                el(
                    "g",
                    {"class": f"badge cs-{cs}"},
                    el("circle", {"r": "23"}),
                    use(f"b-{kind}", -12, -20, 24, "icon"),
                    use(f"seat-{shape(cs)}", 11, -25, 12, "mark"),
                    el("text", {"class": "bname", "y": "14"}, building_name(kind)),
                )
            )
    if h in board.winning:
        classes.append("win")
    build = targets.get(h)
    # a teaching position may keep the price, and what is free, for the reader to work out
    priced = not scene.hide & {"price", "free"}
    if build is not None:
        classes.append("legal")
        if build.payment == (0, 0, 0, 0) and priced:
            classes.append("free-here")
        if priced:
            inner.append(cost_label(build))
        attrs["tabindex"] = "0"
        attrs["role"] = "button"
        label = t(
            "aria.target",
            price=price_text(build),
            building=building_name(build.building),
            hex=format_hex(h),
            cards=cards_words(cards_text(build.payment)),
        )
        if not priced:
            label = t(
                "aria.target-unpriced", building=building_name(build.building), hex=format_hex(h)
            )
    if h == scene.marks.target:
        classes.append("target")
    if h in scene.marks.spots:
        label = t("pos.marked-prefix") + " " + label
    if h == scene.marks.hint:
        classes.append("hinted")
        inner.append(el("polygon", {"class": "hint-ring", "points": HEX_POINTS}))
        label = t("hint.marked-prefix") + " " + label
    inner.append(VEIL)
    return el(
        "g",
        {
            "class": " ".join(classes),
            **attrs,
            "transform": f"translate({x:g},{y:g})",
            "aria-label": label,
        },
        inner,
    )


def _ghost(scene: Scene) -> Markup:
    """The revealed tile, turned as chosen, at its chosen site (or hidden, for the pointer)."""
    marks = scene.marks
    if marks.tile is None or not marks.sites:
        return Markup("")
    tile = COMPONENTS.tiles[marks.tile]
    anchor = marks.site or marks.sites[0]
    ax, ay = _xy(anchor)
    parts = []
    for h, land in tile.hexes(anchor, marks.rotation).items():
        x, y = _xy(h)
        cls = f"l-{LANDSCAPES[land]}" if land is not None else "l-plain"
        sym = use(f"land-{LANDSCAPES[land]}", -12, -16, 24, "sym") if land is not None else None
        parts.append(
            el(
                "g",
                {"class": cls, "transform": f"translate({x - ax:g},{y - ay:g})"},
                el("polygon", {"class": "face", "points": HEX_POINTS}),
                sym,
            )
        )
    return el(
        "g",
        {
            "class": "ghost" if marks.site else "ghost hidden",
            "id": "ghost",
            "data-ghost": format_hex(anchor),
            "transform": f"translate({ax:g},{ay:g})",
            "aria-hidden": "true",
        },
        parts,
    )


def _site(h: Hex, chosen: bool, hinted: bool = False) -> Markup:
    x, y = _xy(h)
    return el(
        "g",
        {
            "class": ("site chosen" if chosen else "site") + (" hinted" if hinted else ""),
            "data-site": format_hex(h),
            "data-x": f"{x:g}",
            "data-y": f"{y:g}",
            "transform": f"translate({x:g},{y:g})",
            "tabindex": "0",
            "role": "button",
            "aria-label": t("aria.site", hex=format_hex(h)),
        },
        el("circle", {"class": "ring", "r": "24"}),
        el("path", {"class": "plus", "d": "M-9 0H9M0 -9V9"}),
    )


@dataclass(frozen=True)
class Drawing:
    """The board as keyed pieces (one per hex, site and ghost) inside one group.

    Keeping the pieces apart lets the page redraw only what a tap changed: re-parsing a
    late-game board of 150 hexes costs more than all the rules work of the tap."""

    mode: str
    pieces: tuple[tuple[str, Markup], ...]
    bounds: Bounds

    def markup(self) -> Markup:
        return el("g", {"class": self.mode}, [m for _, m in self.pieces])

    def changed(self, before: Drawing | None) -> list[int] | None:
        """Indices of the pieces that differ from ``before``, or None when the pieces
        themselves came or went (a new tile, a site) and the whole board must be redrawn."""
        if before is None or [k for k, _ in before.pieces] != [k for k, _ in self.pieces]:
            return None
        pairs = zip(before.pieces, self.pieces, strict=True)
        return [i for i, (old, new) in enumerate(pairs) if old != new]


def board_drawing(scene: Scene) -> Drawing:
    """The board of a scene, as keyed pieces."""
    board = scene.board
    marks = scene.marks
    targets = dict(marks.targets or {})
    hexes = sorted(set(board.landscape) | board.shrines, key=lambda h: (h[1], h[0]))
    pieces = [(format_hex(h), _hex(scene, h, targets)) for h in hexes]
    covered = list(hexes)
    tiling = scene.status.phase == "tile"
    if tiling and not scene.handover:
        sites = marks.sites
        pieces.extend(
            (f"site {format_hex(h)}", _site(h, h == marks.site, h == marks.hint)) for h in sites
        )
        pieces.append(("ghost", _ghost(scene)))
        for s in sites:
            covered.extend(
                [s, (s[0] + 1, s[1]), (s[0] - 1, s[1]), (s[0], s[1] + 1), (s[0], s[1] - 1)]
            )
    mode = "board"
    if marks.selected and not scene.handover:
        mode += " selecting"
    if tiling:
        mode += " tiling"
    return Drawing(mode, tuple(pieces), bounds(covered))


def board_svg(scene: Scene) -> tuple[Markup, Bounds]:
    """The inside of the board's ``<svg>`` and the area it covers."""
    drawing = board_drawing(scene)
    return drawing.markup(), drawing.bounds
