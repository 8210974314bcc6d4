"""The printed components, read once from ``data/components.json``.

All facts about buildings, tiles and start layouts live in that one file so an
owner of the printed game can correct a designed value in one place. This
module only reads and checks it; nothing else in the package hard-codes them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .hexes import DIRECTIONS, Hex, add, flower

#: Landscape indices are positions in every 4-tuple of card counts.
LANDSCAPES: tuple[str, ...] = ("hill", "mountain", "forest", "water")
LETTERS = "HMFW"

Cards = tuple[int, int, int, int]
NO_CARDS: Cards = (0, 0, 0, 0)

DATA_FILE = Path(__file__).parent / "data" / "components.json"


class ComponentError(ValueError):
    """The component data file breaks one of its own rules."""


@dataclass(frozen=True)
class Building:
    """One kind of building; ``count`` says how many each player owns (two towers)."""

    id: str
    names: dict[str, str]
    group: str
    main: bool
    count: int
    #: Landscape cards demanded, per landscape (zero for roads).
    cost: Cards
    #: Cards of any landscape demanded (roads: 5).
    any_cost: int
    #: Building kinds whose arrow points at this one: built next to one of the
    #: player's own, this building is free.
    free_after: frozenset[str]
    status: dict[str, str]

    @property
    def is_road(self) -> bool:
        return self.any_cost > 0


@dataclass(frozen=True)
class Group:
    id: str
    names: dict[str, str]
    #: Building kinds of the group, in data-file order.
    members: tuple[str, ...]
    #: Number of pieces (two towers count twice).
    size: int

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(self.members)


@dataclass(frozen=True)
class Tile:
    """A board tile: centre slot then petals 0..5, each a landscape index or None."""

    id: str
    slots: tuple[int | None, ...]

    def hexes(self, centre: Hex, rotation: int) -> dict[Hex, int | None]:
        """Where each slot lands when the tile is laid at ``centre`` turned ``rotation`` sixths."""
        placed: dict[Hex, int | None] = {centre: self.slots[0]}
        for petal in range(6):
            placed[add(centre, DIRECTIONS[(petal + rotation) % 6])] = self.slots[1 + petal]
        return placed


@dataclass(frozen=True)
class Layout:
    """The start board for one player count: where the first tiles and the shrines go."""

    tiles: tuple[tuple[Hex, int], ...]
    shrines: tuple[Hex, ...]


@dataclass(frozen=True)
class Components:
    buildings: dict[str, Building]
    groups: dict[str, Group]
    tiles: dict[str, Tile]
    layouts: dict[int, Layout]
    #: The layouts games of earlier rules editions began on (``retired_layouts`` in the data
    #: file), so a game saved before a redesign still replays on its own board: one era per
    #: redesign, oldest first, as (the last edition played on them, their layouts). An era
    #: holds only the player counts its redesign changed.
    retired_layouts: tuple[tuple[int, dict[int, Layout]], ...]
    landscape_names: dict[str, dict[str, str]]
    city_states: tuple[dict[str, Any], ...]
    cards_per_landscape: int
    amphorae: int
    hand_sizes: tuple[int, ...]
    main_stack: int
    other_stacks: int
    other_stack_size: int
    draws_per_turn: int
    builds_per_turn: int
    #: The data file's own version: raised whenever a designed value changes, so figures
    #: measured on the data (docs/balance.md) say which data they were measured on.
    version: int = 0

    def layout(self, players: int, edition: int) -> Layout:
        """The start layout a game of ``players`` under rules ``edition`` begins on."""
        for until, layouts in self.retired_layouts:
            if edition <= until and players in layouts:
                return layouts[players]
        return self.layouts[players]

    def replaced(self, players: int) -> int | None:
        """The last rules edition whose games of ``players`` began on another layout than
        today's (None if none did): the edition to play to weigh the layout today's replaced."""
        return max((until for until, lays in self.retired_layouts if players in lays), default=None)

    @property
    def buildings_per_player(self) -> int:
        return sum(b.count for b in self.buildings.values())

    @property
    def main_stack_size(self) -> int:
        return self.buildings_per_player - self.other_stacks * self.other_stack_size


def _landscape(name: Any, where: str) -> int | None:
    if name is None:
        return None
    if name not in LANDSCAPES:
        raise ComponentError(f"{where}: unknown landscape {name!r} (use one of {LANDSCAPES})")
    return LANDSCAPES.index(name)


def _hex(value: Any, where: str) -> Hex:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise ComponentError(f"{where}: a hex is a pair [q, r] of whole numbers, not {value!r}")
    return (value[0], value[1])


def _building(raw: dict[str, Any]) -> Building:
    where = f"building {raw.get('id')!r}"
    cost = [0, 0, 0, 0]
    any_cost = 0
    for name, n in raw["cost"].items():
        if not isinstance(n, int) or n < 0:
            raise ComponentError(f"{where}: cost of {name!r} must be a whole number >= 0")
        if name == "any":
            any_cost = n
        else:
            index = _landscape(name, where)
            assert index is not None
            cost[index] = n
    return Building(
        id=raw["id"],
        names=dict(raw["names"]),
        group=raw["group"],
        main=bool(raw["main"]),
        count=int(raw["count"]),
        cost=(cost[0], cost[1], cost[2], cost[3]),
        any_cost=any_cost,
        free_after=frozenset(raw["free_after"]),
        status=dict(raw["status"]),
    )


def _check(c: Components) -> None:
    """The rules the data must keep, so a correction cannot silently break the game."""
    if c.buildings_per_player != 30:
        raise ComponentError(
            f"each player must own 30 buildings, the data gives {c.buildings_per_player}"
        )
    mains = [b for b in c.buildings.values() if b.main]
    if sum(b.count for b in mains) != c.main_stack_size:
        raise ComponentError("the main buildings must fill the main stack exactly")
    for b in c.buildings.values():
        if b.group not in c.groups:
            raise ComponentError(f"building {b.id!r}: unknown group {b.group!r}")
        for source in b.free_after:
            if source not in c.buildings:
                raise ComponentError(f"building {b.id!r}: free-build arrow from unknown {source!r}")
        if b.main and b.free_after:
            raise ComponentError(f"building {b.id!r}: a main building is never free")
    for g in c.groups.values():
        group_mains = [m for m in g.members if c.buildings[m].main]
        if len(group_mains) > 1:
            raise ComponentError(f"group {g.id!r} has more than one main building")
    for t in c.tiles.values():
        if len(t.slots) != 7:
            raise ComponentError(f"tile {t.id!r} must have a centre and 6 petals")
    eras = [until for until, _ in c.retired_layouts]
    if eras != sorted(set(eras)):
        raise ComponentError("retired layouts: one era per edition, oldest first")
    for until, layouts in c.retired_layouts:
        if not layouts or not set(layouts) <= set(c.layouts):
            raise ComponentError(
                f"retired layouts until edition {until}: player counts {sorted(layouts)} "
                f"must be some of those of the layouts, {sorted(c.layouts)}"
            )
    retired = [(n, lay) for _, layouts in c.retired_layouts for n, lay in layouts.items()]
    for n, layout in [*c.layouts.items(), *retired]:
        covered: set[Hex] = set()
        for centre, _ in layout.tiles:
            hexes = set(flower(centre))
            if hexes & covered:
                raise ComponentError(f"layout for {n} players: tiles overlap at {centre}")
            covered |= hexes
        for s in layout.shrines:
            if s in covered:
                raise ComponentError(f"layout for {n} players: shrine {s} lies on a tile")


def _layouts(raw: dict[str, Any], what: str) -> dict[int, Layout]:
    found = {}
    for n, lay in raw.items():
        where = f"{what} {n}"
        found[int(n)] = Layout(
            tuple((_hex(t["centre"], where), int(t["rotation"]) % 6) for t in lay["tiles"]),
            tuple(_hex(s, where) for s in lay["shrines"]),
        )
    return found


def load(path: Path = DATA_FILE) -> Components:
    """Read and check the component data; raises :class:`ComponentError` with the culprit."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ComponentError(f"cannot read {path.name}: {exc}") from None
    try:
        buildings = {b["id"]: _building(b) for b in raw["buildings"]}
        groups: dict[str, Group] = {}
        for g in raw["groups"]:
            members = tuple(b.id for b in buildings.values() if b.group == g["id"])
            size = sum(buildings[m].count for m in members)
            groups[g["id"]] = Group(g["id"], dict(g["names"]), members, size)
        tiles = {}
        for t in raw["tiles"]:
            where = f"tile {t['id']!r}"
            petals = [_landscape(p, where) for p in t["petals"]]
            slots = (_landscape(t["centre"], where), *petals)
            tiles[t["id"]] = Tile(t["id"], slots)
        layouts = _layouts(raw["layouts"], "layout")
        if not isinstance(raw["retired_layouts"], list):
            raise ComponentError(
                "retired_layouts must be a list of eras, oldest first, each with "
                "until_edition and the layouts it replaced"
            )
        eras = tuple(
            (int(era["until_edition"]), _layouts(era["layouts"], "retired layout"))
            for era in raw["retired_layouts"]
        )
        setup = raw["setup"]
        components = Components(
            buildings=buildings,
            groups=groups,
            tiles=tiles,
            layouts=layouts,
            retired_layouts=eras,
            landscape_names={ls["id"]: dict(ls["names"]) for ls in raw["landscapes"]},
            city_states=tuple(raw["city_states"]),
            cards_per_landscape=int(raw["cards"]["per_landscape"]),
            amphorae=int(raw["amphorae"]["count"]),
            hand_sizes=tuple(setup["hand_sizes"]),
            main_stack=int(setup["main_stack"]),
            other_stacks=int(setup["other_stacks"]),
            other_stack_size=int(setup["other_stack_size"]),
            draws_per_turn=int(setup["draws_per_turn"]),
            builds_per_turn=int(setup["builds_per_turn"]),
            version=int(raw["version"]),
        )
    except (KeyError, TypeError) as exc:
        raise ComponentError(f"{path.name} is missing or mistypes {exc}") from None
    _check(components)
    return components


COMPONENTS = load()
BUILDINGS = COMPONENTS.buildings
GROUPS = COMPONENTS.groups
