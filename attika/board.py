"""The board: landscape hexes from the laid tiles, the shrines, and the buildings on them.

Pure geometry and ownership; what a building costs lives in ``quote``, and who
may do what lives in ``game``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NotRequired, TypedDict

from .components import COMPONENTS, Tile
from .hexes import Hex, distance, neighbours

#: A building on the board: (seat, building kind).
Placed = tuple[int, str]


class BoardData(TypedDict):
    """The board as plain JSON data (:meth:`Board.to_data`), as saves and views carry it."""

    #: ``[tile, q, r, rotation]`` in laying order.
    tiles: list[list[Any]]
    shrines: list[list[int]]
    #: ``[q, r, seat, building]``, sorted by hex.
    buildings: list[list[Any]]
    #: ``[q, r, landscape or None]``: hexes set one by one (a teacher's position) only.
    hexes: NotRequired[list[list[Any]]]


_SITE_WORDS = {
    "shrine": "is a shrine, and shrines are never built on",
    "off-board": "is not on the board",
    "taken": "already holds a building",
}


class Board:
    __slots__ = ("buildings", "landscape", "shrines", "tiles")

    def __init__(self) -> None:
        #: Every hex of every laid tile, with its landscape symbol (None when blank).
        self.landscape: dict[Hex, int | None] = {}
        self.shrines: set[Hex] = set()
        self.buildings: dict[Hex, Placed] = {}
        #: The tiles in the order they were laid: (tile id, centre, rotation).
        self.tiles: list[tuple[str, Hex, int]] = []

    def copy(self) -> Board:
        other = Board()
        other.landscape = dict(self.landscape)
        other.shrines = set(self.shrines)
        other.buildings = dict(self.buildings)
        other.tiles = list(self.tiles)
        return other

    # -- tiles ---------------------------------------------------------------

    def lay_tile(self, tile: Tile, centre: Hex, rotation: int) -> None:
        self.landscape.update(tile.hexes(centre, rotation))
        self.tiles.append((tile.id, centre, rotation))

    def tile_sites(self) -> list[Hex]:
        """Centres where a new tile may go: touching a board hex or shrine, overlapping none.

        A tile covers the hexes within 1 of its centre, so it overlaps nothing when
        every taken hex is at least 2 away, and touches something when one is
        exactly 2 away. The tile's shape is the same in every rotation.
        """
        taken = set(self.landscape) | self.shrines
        candidates: set[Hex] = set()
        for h in taken:
            for n1 in neighbours(h):
                if n1 not in taken:
                    candidates.update(n for n in neighbours(n1) if n not in taken)
        return sorted(
            c for c in candidates if c not in taken and not any(n in taken for n in neighbours(c))
        )

    def can_lay_tile(self, centre: Hex) -> bool:
        taken = set(self.landscape) | self.shrines
        near = [h for h in taken if distance(h, centre) <= 2]
        return bool(near) and all(distance(h, centre) == 2 for h in near)

    # -- sites and neighbourhoods -------------------------------------------

    def site_code(self, h: Hex) -> str | None:
        """Why ``h`` is no building site, as a code (``shrine``, ``off-board``, ``taken``),
        or None when it is one."""
        if h in self.shrines:
            return "shrine"
        if h not in self.landscape:
            return "off-board"
        if h in self.buildings:
            return "taken"
        return None

    def site_problem(self, h: Hex) -> str | None:
        """:meth:`site_code` in English, for the command line and logs."""
        code = self.site_code(h)
        return None if code is None else f"{h[0]},{h[1]} {_SITE_WORDS[code]}"

    def empty_sites(self) -> list[Hex]:
        return sorted(h for h in self.landscape if h not in self.buildings)

    def symbols_near(self, h: Hex) -> list[tuple[Hex, int]]:
        """Landscape symbols that reduce a cost at ``h``: its own and its unoccupied neighbours'."""
        found = []
        for n in (h, *neighbours(h)):
            land = self.landscape.get(n)
            if land is not None and n not in self.buildings:
                found.append((n, land))
        return found

    def owner_neighbours(self, h: Hex, seat: int) -> list[tuple[Hex, str]]:
        """The seat's own buildings next to ``h``."""
        found = []
        for n in neighbours(h):
            placed = self.buildings.get(n)
            if placed is not None and placed[0] == seat:
                found.append((n, placed[1]))
        return found

    # -- settlements ----------------------------------------------------------

    def component(self, start: Hex, members: Iterable[Hex] | None = None) -> set[Hex]:
        """Hexes connected to ``start`` through ``members`` (default: the same owner's buildings).

        Shrines are never members, so buildings that touch only through a shrine
        stay apart, as the rules demand.
        """
        if members is None:
            return self.joined(start)
        pool = set(members)
        seen = {start}
        todo = [start]
        while todo:
            h = todo.pop()
            for n in neighbours(h):
                if n in pool and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    def joined(self, start: Hex, kinds: frozenset[str] | None = None) -> set[Hex]:
        """The buildings joined edge to edge to the one on ``start``, of its owner and (when
        given) of ``kinds``: reads only the neighbourhood, never the whole board."""
        buildings = self.buildings
        seat = buildings[start][0]
        seen = {start}
        todo = [start]
        while todo:
            h = todo.pop()
            for n in neighbours(h):
                placed = buildings.get(n)
                if (
                    placed is not None
                    and placed[0] == seat
                    and n not in seen
                    and (kinds is None or placed[1] in kinds)
                ):
                    seen.add(n)
                    todo.append(n)
        return seen

    def settlement_count(self, seat: int) -> int:
        """How many settlements the seat has: what a new one's surcharge counts."""
        own = {h for h, (s, _) in self.buildings.items() if s == seat}
        count = 0
        while own:
            count += 1
            own -= self.joined(own.pop())
        return count

    def settlements(self, seat: int) -> list[set[Hex]]:
        """The seat's settlements: groups of its buildings joined edge to edge."""
        pool = {h for h, (s, _) in self.buildings.items() if s == seat}
        found: list[set[Hex]] = []
        while pool:
            start = min(pool)
            part = self.component(start, pool)
            found.append(part)
            pool -= part
        return found

    def to_data(self) -> BoardData:
        """The board as plain JSON data: tiles in laying order, shrines, buildings by hex.

        Hexes set one by one (a teacher's position) follow as ``hexes``: [q, r, landscape
        or None]; a real game has none, so its data is the same as ever.
        """
        data: BoardData = {
            "tiles": [[t, c[0], c[1], r] for t, c, r in self.tiles],
            "shrines": [[q, r] for q, r in sorted(self.shrines)],
            "buildings": [
                [h[0], h[1], seat, kind] for h, (seat, kind) in sorted(self.buildings.items())
            ],
        }
        from_tiles = self._tile_landscape()
        painted = [
            [h[0], h[1], land]
            for h, land in sorted(self.landscape.items())
            if h not in from_tiles or from_tiles[h] != land
        ]
        if painted:
            data["hexes"] = painted
        return data

    @classmethod
    def from_data(cls, data: BoardData) -> Board:
        """The inverse of :meth:`to_data`."""
        board = cls()
        for tile_id, q, r, rotation in data["tiles"]:
            board.lay_tile(COMPONENTS.tiles[tile_id], (q, r), rotation)
        for q, r, land in data.get("hexes", []):
            board.landscape[(q, r)] = land
        board.shrines = {(q, r) for q, r in data["shrines"]}
        board.buildings = {(q, r): (seat, kind) for q, r, seat, kind in data["buildings"]}
        return board

    def _tile_landscape(self) -> dict[Hex, int | None]:
        found: dict[Hex, int | None] = {}
        for tile_id, centre, rotation in self.tiles:
            found.update(COMPONENTS.tiles[tile_id].hexes(centre, rotation))
        return found

    def shrines_touching(self, hexes: Iterable[Hex]) -> set[Hex]:
        return {n for h in hexes for n in neighbours(h) if n in self.shrines}


def shortest_chain(settlement: set[Hex], shrines: set[Hex]) -> list[Hex]:
    """A shortest path of own buildings linking two of the shrines the settlement touches."""
    best: list[Hex] = []
    ordered = sorted(shrines)
    for i, a in enumerate(ordered):
        starts = [h for h in neighbours(a) if h in settlement]
        previous: dict[Hex, Hex | None] = {s: None for s in starts}
        frontier = list(starts)
        goal: Hex | None = None
        targets = {h for b in ordered[i + 1 :] for h in neighbours(b) if h in settlement}
        while frontier and goal is None:
            nxt = []
            for h in frontier:
                if h in targets:
                    goal = h
                    break
                for n in neighbours(h):
                    if n in settlement and n not in previous:
                        previous[n] = h
                        nxt.append(n)
            frontier = nxt
        if goal is not None:
            path = []
            step: Hex | None = goal
            while step is not None:
                path.append(step)
                step = previous[step]
            if not best or len(path) < len(best):
                best = path[::-1]
    return best
