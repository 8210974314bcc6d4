"""The board in words, for a screen reader and for anyone who wants a list: what stands on
each hex and whose it is, where it lies (by its neighbours, never by coordinates), the
shrines, and the chain that won.

Made from the scene like the picture, so it says nothing the picture does not show.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from attika import COMPONENTS, Build, Hex, cards_text, neighbours, price, to_pixel

from ..core.html import Markup, el
from ..core.text import building_name, cards_words, landscape_name, plural, shape, t
from .board_scene import BoardScene as Scene

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


#: The six sides of the board, clockwise from the right, as a place for a new tile is told;
#: the same six words say in which direction one hex lies from its neighbour.
SIDES = ("right", "bottom-right", "bottom-left", "left", "top-left", "top-right")


def _side_towards(x: float, y: float) -> str:
    """The side a point lies on, seen from the origin (screen axes: y grows down)."""
    angle = math.degrees(math.atan2(y, x)) % 360
    return SIDES[int(((angle + 30) % 360) // 60)]


def board_side(scene: Scene, h: Hex) -> str:
    """Where a hex lies on the board as a whole: "at the top left of the board"."""
    hexes = list(scene.board.landscape) or [h]
    mx = sum(to_pixel(x, 1.0)[0] for x in hexes) / len(hexes)
    my = sum(to_pixel(x, 1.0)[1] for x in hexes) / len(hexes)
    x, y = to_pixel(h, 1.0)
    return t("aria.board-side", side=t(f"aria.side.{_side_towards(x - mx, y - my)}"))


def direction(a: Hex, b: Hex) -> str:
    """In which of the six directions ``b`` lies from its neighbour ``a``: a SIDES word."""
    ax, ay = to_pixel(a, 1.0)
    bx, by = to_pixel(b, 1.0)
    return _side_towards(bx - ax, by - ay)


def built_words(scene: Scene, h: Hex) -> str:
    """Where a building stands, as a player finds it: its ground and what stands around
    it ("on a Forest hex, next to Tower of Ann"), or the side of the board when nothing
    does."""
    land = scene.board.landscape.get(h)
    ground = t("list.on-plain") if land is None else t("list.on", landscape=landscape_name(land))
    return f"{ground}, {near_words(scene, h) or board_side(scene, h)}"


def touching_words(scene: Scene, centre: Hex) -> str:
    """What a tile laid at ``centre`` would touch: the buildings and shrines next to it by
    name, then how many other hexes of the board; "" when it touches nothing."""
    board = scene.board
    covered = {centre, *neighbours(centre)}  # a tile: its middle and the six around it
    around = {n for h in covered for n in neighbours(h)} - covered
    around = {n for n in around if n in board.landscape or n in board.shrines}
    ordered = sorted(around, key=lambda h: (h[1], h[0]))
    found = []
    for n in ordered:
        placed = board.buildings.get(n)
        if placed is not None:
            seat, kind = placed
            named = t("aria.near-building", building=building_name(kind), name=scene.name(seat))
            if named not in found:  # two Roads of Ann are one name
                found.append(named)
    found = found[:NEAR]
    shrines = sum(1 for n in ordered if n in board.shrines)
    if shrines:
        found.append(t("aria.near-shrine"))
    rest = len(ordered) - len(found) - max(0, shrines - 1)
    if rest:
        found.append(plural("aria.touch-hexes", rest))
    if not found:
        return ""
    listed = ", ".join(found[:-1]) + t("aria.and") + found[-1] if len(found) > 1 else found[0]
    return t("aria.touches", what=listed)


def site_label(scene: Scene, h: Hex) -> str:
    """A place for the new tile: which one of how many, on which side of the board, what it
    would touch; the chosen one says so, and what a second press does."""
    sites = list(scene.marks.sites)
    n = sites.index(h) + 1 if h in sites else 1
    label = t("aria.site", n=n, of=len(sites), side=board_side(scene, h))
    touching = touching_words(scene, h)
    if touching:
        label += ", " + touching
    if h == scene.marks.site:
        label = t("aria.site-chosen", site=label)
    return label


def tile_words(scene: Scene) -> str:
    """The revealed tile as it is turned now, for a screen reader: each of its hexes by its
    direction from the middle, clockwise from the right, with what it would lie next to at
    the chosen place ("The new tile at place 3: on the right: Hill, next to Tower of Ann;
    ..."); "" when there is no tile to lay."""
    marks = scene.marks
    if marks.tile is None or not marks.sites:
        return ""
    tile = COMPONENTS.tiles[marks.tile]
    anchor = marks.site or marks.sites[0]
    placed = tile.hexes(anchor, marks.rotation)

    def land(i: int | None) -> str:
        return t("tile.no-land") if i is None else landscape_name(i)

    petals = sorted(
        ((direction(anchor, h), h, i) for h, i in placed.items() if h != anchor),
        key=lambda p: SIDES.index(p[0]),
    )
    parts = []
    for side, h, i in petals:
        part = t("tile.part", side=t(f"aria.side.{side}"), land=land(i))
        near = near_words(scene, h) if marks.site is not None else ""
        parts.append(f"{part}, {near}" if near else part)
    parts.append(t("tile.middle", land=land(placed[anchor])))
    if marks.site is None:
        return t("tile.words", parts="; ".join(parts))
    n = list(marks.sites).index(marks.site) + 1 if marks.site in marks.sites else 1
    return t("tile.words-at", n=n, parts="; ".join(parts))


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


def _alike(named: Mapping[Hex, str], among: Iterable[Hex]) -> list[list[Hex]]:
    """The groups of two or more of ``among`` that share one name, each in board order."""
    by_name: dict[str, list[Hex]] = {}
    for h in sorted(h for h in among if h in named):
        by_name.setdefault(named[h], []).append(h)
    return [group for group in by_name.values() if len(group) > 1]


def price_text(build: Build) -> str:
    """What a marked hex shows: the number of cards to pay, or 'free' (the same in every
    language's digits; the cards themselves are named on tap, in the payment)."""
    paid = price(build)
    return str(paid) if paid else t("board.free")


@dataclass(frozen=True)
class BoardWords:
    """The name of every hex and tile place the board draws, worded once per drawing."""

    hexes: Mapping[Hex, str]
    sites: Mapping[Hex, str]


def board_words(
    scene: Scene, hexes: Iterable[Hex], targets: Mapping[Hex, Build], sites: Iterable[Hex]
) -> BoardWords:
    """What each hex is called: what is on it, or, where the chosen building may go, the
    place with its price and payment (or without them where a lesson keeps them back);
    marked and hinted hexes say so first. And each tile place's name."""
    priced = not scene.hide & {"price", "free"}

    def target(build: Build, place: str) -> str:
        if priced:
            return t(
                "aria.target",
                price=price_text(build),
                building=building_name(build.building),
                place=place,
                cards=cards_words(cards_text(build.payment)),
            )
        return t("aria.target-unpriced", building=building_name(build.building), place=place)

    named: dict[Hex, str] = {}
    for h in hexes:
        build = targets.get(h)
        named[h] = hex_label(scene, h) if build is None else target(build, place_words(scene, h))
    # places a screen reader would hear alike ("Empty hex", same price and payment) are
    # told apart: by their side of the board, then by their count among the alike
    for alike in _alike(named, targets):
        for h in alike:
            place = f"{place_words(scene, h)}, {board_side(scene, h)}"
            named[h] = target(targets[h], place)
        for group in _alike(named, alike):
            for n, h in enumerate(group, 1):
                named[h] = t("aria.alike", label=named[h], n=n, of=len(group))
    for h in named:
        if h in scene.marks.spots:
            named[h] = t("pos.marked-prefix") + " " + named[h]
        if h == scene.marks.hint:
            named[h] = t("hint.marked-prefix") + " " + named[h]
    return BoardWords(named, {h: site_label(scene, h) for h in sites})
