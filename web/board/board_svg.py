"""The board as SVG markup: landscape hexes, shrines, building badges, marks for choices.

Pure: a scene in (see scene.py), keyed pieces of markup and the drawing's bounds out.
Every hex carries ``data-hex="q,r"`` (the page's stable test hook), occupied hexes
``data-owner`` and shrines ``data-shrine``; hexes that can be chosen are focusable buttons
with a spoken label, so the board works by keyboard and screen reader too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from attika import COMPONENTS, LANDSCAPES, Build, Hex, format_hex, to_pixel

from ..core.html import Markup, el
from ..core.text import building_name, shape, t
from ..core.widgets import ART
from .board_scene import BoardScene as Scene
from .board_text import board_words, price_text

#: Circumradius of a hex in SVG units.
SIZE = 30.0
_CORNERS = " ".join(
    f"{SIZE * math.cos(math.radians(30 + 60 * k)):.2f},{SIZE * math.sin(math.radians(30 + 60 * k)):.2f}"
    for k in range(6)
)
HEX_POINTS = _CORNERS
#: Shown over every hex that cannot be chosen while a building is selected (see app.css).
VEIL = el("polygon", {"class": "veil", "points": HEX_POINTS})
#: The mark of what the others changed since the last turn: a dashed ring inside the hex,
#: dark over light so that it shows on every landscape and every city-state's colour.
RECENT = el(
    "g",
    {"class": "recent-ring", "transform": "scale(0.86)"},
    el("polygon", {"class": "under", "points": HEX_POINTS}),
    el("polygon", {"class": "over", "points": HEX_POINTS}),
)
#: The inner, light line of the winning chain's double outline (the dark one is the face's).
WIN_RING = el("polygon", {"class": "win-ring", "points": HEX_POINTS, "transform": "scale(0.9)"})
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


def to_screen(h: Hex) -> tuple[float, float]:
    """A hex's centre in the drawing's units."""
    x, y = to_pixel(h, SIZE)
    return round(x, 2), round(y, 2)


_xy = to_screen


def bounds(hexes: list[Hex], sites: tuple[Hex, ...] | list[Hex] = ()) -> Bounds:
    """x, y, width, height of the drawing: a margin of about half a hex round the land,
    and round a place for a new tile only its ring. A place lies a hex beyond the land, so
    a margin of a whole tile there (as before) drew a late board's places a third smaller
    at *Fit the board*; a chosen place's tile is panned into view instead (board-view.js)."""
    if not hexes and not sites:
        return (-SIZE, -SIZE, 2 * SIZE, 2 * SIZE)
    pad = SIZE * 1.6
    boxes = [(*to_pixel(h, SIZE), pad) for h in hexes]
    boxes += [(*to_pixel(s, SIZE), SITE_PAD) for s in sites]
    x0 = min(x - m for x, _, m in boxes)
    y0 = min(y - m for _, y, m in boxes)
    return (
        round(x0, 1),
        round(y0, 1),
        round(max(x + m for x, _, m in boxes) - x0, 1),
        round(max(y + m for _, y, m in boxes) - y0, 1),
    )


#: A tile place's ring is 24 units across its middle; 8 more keep it off the board's edge.
SITE_PAD = 32.0


#: Room for a building's name across its token, at the name's line (SVG units), and the
#: width of an average letter of the token's bold 7.2 px face (measured in Chromium: 4.1-4.4).
NAME_ROOM = 34.0
NAME_EM = 4.4


def name_text(name: str) -> Markup:
    """A building's name on its token; a long one ("Bibliotheek") is set narrower to fit
    the token rather than spill over the neighbouring hexes."""
    attrs = {"class": "bname", "y": "14"}
    if len(name) * NAME_EM > NAME_ROOM:
        attrs |= {"textLength": f"{NAME_ROOM:g}", "lengthAdjust": "spacingAndGlyphs"}
    return el("text", attrs, name)


def token(kind: str, cs: str) -> Markup:
    """A building on the board: its owner's colour and shape, its picture and name."""
    return el(
        "g",
        {"class": f"badge cs-{cs}"},
        el("circle", {"r": "23"}),
        use(f"b-{kind}", -12, -20, 24, "icon"),
        use(f"seat-{shape(cs)}", 11, -25, 12, "mark"),
        name_text(building_name(kind)),
    )


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


def _hex(scene: Scene, h: Hex, targets: dict[Hex, Build], stop: Hex | None, label: str) -> Markup:
    board = scene.board
    x, y = _xy(h)
    classes = ["hex"]
    # a hex that cannot be chosen is a picture with a name (a label needs a role)
    attrs: dict[str, str | None] = {"data-hex": format_hex(h), "role": "img"}
    inner = [el("polygon", {"class": "face", "points": HEX_POINTS})]
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
            inner.append(token(kind, cs))
    if h in board.winning:
        classes.append("win")
        inner.append(WIN_RING)
    build = targets.get(h)
    # a teaching position may keep the price, and what is free, for the reader to work out
    priced = not scene.hide & {"price", "free"}
    if build is not None:
        classes.append("legal")
        if build.payment == (0, 0, 0, 0) and priced:
            classes.append("free-here")
        if priced:
            inner.append(cost_label(build))
        # the board is one Tab stop: one place is in the Tab order, arrows move (roving.py)
        attrs["tabindex"] = "0" if h == stop else "-1"
        attrs["role"] = "button"
    if h == scene.marks.target:
        classes.append("target")
    if h in scene.marks.recent:  # the others' moves since this player's last turn
        classes.append("recent")
        inner.append(RECENT)
    if h == scene.marks.hint:
        classes.append("hinted")
        inner.append(el("polygon", {"class": "hint-ring", "points": HEX_POINTS}))
    # the veil that dims a place not to be chosen lies on the landscape only: over the
    # symbol and the building it took their names and pictures below 3:1 (WCAG 1.4.11)
    inner.insert(1, VEIL)
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


def _site(h: Hex, chosen: bool, hinted: bool, stop: bool, label: str) -> Markup:
    x, y = _xy(h)
    if hinted:  # said as the hinted hex is: the ring is not seen by all
        label = t("hint.marked-prefix") + " " + label
    return el(
        "g",
        {
            "class": ("site chosen" if chosen else "site") + (" hinted" if hinted else ""),
            "data-site": format_hex(h),
            "data-x": f"{x:g}",
            "data-y": f"{y:g}",
            "transform": f"translate({x:g},{y:g})",
            "tabindex": "0" if stop else "-1",
            "role": "button",
            "aria-pressed": "true" if chosen else "false",
            "aria-label": label,
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


def _tab_stop(places: list[Hex], chosen: Hex | None, hinted: Hex | None) -> Hex | None:
    """The one place in the Tab order: the chosen one, else the hinted one, else the first
    in reading order (top row first, left to right)."""
    for h in (chosen, hinted):
        if h is not None and h in places:
            return h
    return places[0] if places else None


def board_drawing(scene: Scene) -> Drawing:
    """The board of a scene, as keyed pieces."""
    board = scene.board
    marks = scene.marks
    targets = dict(marks.targets or {})
    hexes = sorted(set(board.landscape) | board.shrines, key=lambda h: (h[1], h[0]))
    stop = _tab_stop([h for h in hexes if h in targets], marks.target, marks.hint)
    tiling = scene.status.phase == "tile"
    sites = marks.sites if tiling and not scene.handover else ()
    # every name a screen reader hears on the board, worded once for this drawing
    words = board_words(scene, hexes, targets, sites)
    pieces = [(format_hex(h), _hex(scene, h, targets, stop, words.hexes[h])) for h in hexes]
    if sites:
        site_stop = _tab_stop(list(sites), marks.site, marks.hint)
        pieces.extend(
            (
                f"site {format_hex(h)}",
                _site(h, h == marks.site, h == marks.hint, h == site_stop, words.sites[h]),
            )
            for h in sites
        )
        pieces.append(("ghost", _ghost(scene)))
    mode = "board"
    if marks.selected and not scene.handover:
        mode += " selecting"
    if tiling:
        mode += " tiling"
    return Drawing(mode, tuple(pieces), bounds(hexes, sites))


def board_svg(scene: Scene) -> tuple[Markup, Bounds]:
    """The inside of the board's ``<svg>`` and the area it covers."""
    drawing = board_drawing(scene)
    return drawing.markup(), drawing.bounds
