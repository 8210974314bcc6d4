"""The board in words, for a screen reader and for anyone who wants a list: what stands on
each hex and whose it is, where it lies (by its neighbours, never by coordinates), the
shrines, and the chain that won.

Made from the scene like the picture, so it says nothing the picture does not show.
"""

from __future__ import annotations

import math

from attika import Hex, neighbours, to_pixel

from ..core.html import Markup, el
from ..core.text import building_name, landscape_name, plural, shape, t
from ..play.scene import Scene

#: At most this many neighbours name a hex's place (buildings first, then a shrine).
NEAR = 2


def piece_words(scene: Scene, h: Hex) -> str:
    """What is on a hex: "Shrine", "Tower of Ann", "Empty hill hex", "Empty hex"."""
    board = scene.board
    if h in board.shrines:
        return t("aria.shrine")
    placed = board.buildings.get(h)
    if placed is not None:
        seat, kind = placed
        return t("aria.building", building=building_name(kind), name=scene.name(seat))
    land = board.landscape.get(h)
    if land is None:
        return t("aria.plain")
    return t("aria.landscape", landscape=landscape_name(land))


def near_words(scene: Scene, h: Hex) -> str:
    """Where a hex lies, by what stands around it: "next to Tower of Ann and a shrine";
    "" when nothing does."""
    board = scene.board
    found = []
    for n in neighbours(h):
        placed = board.buildings.get(n)
        if placed is not None:
            seat, kind = placed
            found.append(
                t("aria.near-building", building=building_name(kind), name=scene.name(seat))
            )
    if any(n in board.shrines for n in neighbours(h)):
        found.append(t("aria.near-shrine"))
    if not found:
        return ""
    shown = found[:NEAR]
    return t("aria.near", what=t("aria.and").join(shown))


def place_words(scene: Scene, h: Hex) -> str:
    """A hex and where it lies, as one phrase for a label."""
    near = near_words(scene, h)
    return f"{piece_words(scene, h)}, {near}" if near else piece_words(scene, h)


#: The six sides of the board, clockwise from the right, as a place for a new tile is told.
SIDES = ("right", "bottom-right", "bottom-left", "left", "top-left", "top-right")


def site_label(scene: Scene, h: Hex) -> str:
    """A place for the new tile: which one of how many, and on which side of the board."""
    sites = list(scene.marks.sites)
    hexes = list(scene.board.landscape) or [h]
    mx = sum(to_pixel(x, 1.0)[0] for x in hexes) / len(hexes)
    my = sum(to_pixel(x, 1.0)[1] for x in hexes) / len(hexes)
    x, y = to_pixel(h, 1.0)
    angle = math.degrees(math.atan2(y - my, x - mx)) % 360  # clockwise, y grows down
    side = SIDES[int(((angle + 30) % 360) // 60)]
    n = sites.index(h) + 1 if h in sites else 1
    return t("aria.site", n=n, of=len(sites), side=t(f"aria.side.{side}"))


def hex_label(scene: Scene, h: Hex) -> str:
    """The text alternative of a hex that cannot be chosen now."""
    label = place_words(scene, h)
    if h in scene.board.winning:
        label += ". " + t("aria.winning")
    if h in scene.marks.recent:
        label += ". " + t("aria.recent")
    return label


def board_list(scene: Scene) -> Markup:
    """Who has built where, as lists a screen reader can walk: each player's buildings with
    their places, then the shrines, then the winning chain."""
    board = scene.board
    sections = []
    for p in scene.players:
        mine = sorted(
            (h for h, (seat, _) in board.buildings.items() if seat == p.seat),
            key=lambda h: (h[1], h[0]),
        )
        items = [el("li", None, _on(scene, h)) for h in mine]
        sections.append(
            el(
                "section",
                {"class": f"cs-{p.city_state}"},
                el(
                    "h3",
                    None,
                    t("list.player", name=p.name, shape=t(f"shape.{shape(p.city_state)}")),
                    " ",
                    plural("list.built", len(mine)),
                ),
                el("ul", None, items) if items else None,
            )
        )
    shrines = sorted(board.shrines, key=lambda h: (h[1], h[0]))
    sections.append(
        el(
            "section",
            None,
            el("h3", None, plural("list.shrines", len(shrines))),
            el(
                "ul",
                None,
                [el("li", None, near_words(scene, h) or t("aria.shrine")) for h in shrines],
            ),
        )
    )
    if board.winning:
        chain = sorted(board.winning, key=lambda h: (h[1], h[0]))
        sections.append(
            el(
                "section",
                None,
                el("h3", None, t("list.winning")),
                el("ul", None, [el("li", None, place_words(scene, h)) for h in chain]),
            )
        )
    return el(
        "details",
        {"class": "board-list"},
        el("summary", None, t("list.title")),
        sections,
    )


def _on(scene: Scene, h: Hex) -> str:
    """One building of a player's list: its name and the ground it stands on."""
    seat_kind = scene.board.buildings[h]
    land = scene.board.landscape.get(h)
    ground = t("list.on-plain") if land is None else t("list.on", landscape=landscape_name(land))
    near = near_words(scene, h)
    words = f"{building_name(seat_kind[1])}, {ground}"
    return f"{words}, {near}" if near else words


def _shrine(scene: Scene, h: Hex) -> str:
    """A shrine of the list, by what stands next to it."""
    near = near_words(scene, h)
    return f"{t('aria.shrine')}, {near}" if near else t("aria.shrine")
