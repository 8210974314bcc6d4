"""Reading a scenario's position: the board (tiles, shrines, buildings), each player's
belongings (cards, amphorae, stacks, stored buildings), whose turn it is and how far it has
come, and what is still to come (the card deck, the board tiles). Every field is checked and
a wrong one named, so that a teacher's typo gets a precise message.

The file's own fields and its task are read by :mod:`attika.scenario` and
:mod:`attika.task_fields`; this is the part of that reader which builds the game.
"""

from __future__ import annotations

from typing import Any

from .components import BUILDINGS, COMPONENTS, GROUPS, LANDSCAPES
from .fields import Fields, ScenarioError
from .game import Game
from .hexes import Hex, format_hex
from .player import Player
from .rng import Rng
from .turn import Turn

#: How a scenario names a hex of the board without a landscape.
PLAIN = "plain"


class PositionFields(Fields):
    """The reader of a scenario's position (mixed into the scenario's reader)."""

    def board(self, game: Game, value: Any) -> None:
        b = self.obj(value, "board")
        self.only(b, "board", {"hexes", "tiles", "shrines", "buildings"})
        board = game.board
        for i, t in enumerate(self.seq(b, "tiles", "board.tiles")):
            where = f"board.tiles[{i}]"
            t = self.obj(t, where)
            self.only(t, where, {"tile", "centre", "rotation"})
            tile_id = t.get("tile")
            tile = COMPONENTS.tiles.get(tile_id) if isinstance(tile_id, str) else None
            if tile is None:
                raise ScenarioError(f"{where}.tile", f"there is no board tile {t.get('tile')!r}")
            centre = self.hex(t.get("centre"), f"{where}.centre")
            rotation = self.count(t.get("rotation", 0), f"{where}.rotation", 5)
            for h in tile.hexes(centre, rotation):
                if h in board.landscape:
                    raise ScenarioError(
                        where, f"overlaps hex {format_hex(h)}, already on the board"
                    )
            board.lay_tile(tile, centre, rotation)
        named: set[Hex] = set()
        for key, land in self.obj(b.get("hexes", {}), "board.hexes").items():
            where = f"board.hexes.{key}"
            h = self.hex(key, where)
            if h in named:  # "1,2" and "1, 2" are one hex
                raise ScenarioError(where, f"names hex {format_hex(h)} a second time")
            named.add(h)
            if land == PLAIN:
                board.landscape[h] = None
            elif land in LANDSCAPES:
                board.landscape[h] = LANDSCAPES.index(land)
            else:
                raise ScenarioError(where, f"must be {PLAIN!r} or one of {list(LANDSCAPES)}")
        if not board.landscape:
            raise ScenarioError("board", "needs at least one hex (board.hexes or board.tiles)")
        for i, s in enumerate(self.seq(b, "shrines", "board.shrines")):
            h = self.hex(s, f"board.shrines[{i}]")
            if h in board.landscape:
                raise ScenarioError(f"board.shrines[{i}]", "a shrine cannot be on a board hex")
            board.shrines.add(h)
        self._buildings = self.obj(b.get("buildings", {}), "board.buildings")

    def players(self, game: Game, value: Any) -> list[str]:
        if not isinstance(value, list) or not 2 <= len(value) <= 4:
            raise ScenarioError("players", "must be a list of 2 to 4 players")
        ids = [c["id"] for c in COMPONENTS.city_states]
        city_states: list[str] = []
        for seat, raw in enumerate(value):
            where = f"players[{seat}]"
            p = self.obj(raw, where)
            self.only(p, where, {"name", "city_state", "hand", "amphorae", "stored", "stacks"})
            cs = p.get("city_state", ids[seat])
            if cs not in ids:
                raise ScenarioError(f"{where}.city_state", f"must be one of {ids}")
            if cs in city_states:
                raise ScenarioError(f"{where}.city_state", f"{cs} is already taken")
            city_states.append(cs)
            default = next(c["names"]["en"] for c in COMPONENTS.city_states if c["id"] == cs)
            name = p.get("name", default)
            if not isinstance(name, str) or not name.strip():
                raise ScenarioError(f"{where}.name", "must be a non-empty text")
            player = Player(name)
            player.hand = self.hand(p.get("hand", {}), f"{where}.hand")
            player.amphorae = self.count(p.get("amphorae", 0), f"{where}.amphorae")
            stored = self.obj(p.get("stored", {}), f"{where}.stored")
            for kind, n in stored.items():
                self.building(kind, f"{where}.stored.{kind}")
                if self.count(n, f"{where}.stored.{kind}"):
                    player.stored[kind] = n
            game.players.append(player)
        if sum(p.amphorae for p in game.players) > COMPONENTS.amphorae:
            raise ScenarioError("players", f"hold more than the {COMPONENTS.amphorae} amphorae")
        self.place_buildings(game)
        self._stacks = [raw.get("stacks", "unknown") for raw in value]
        return city_states

    def hand(self, value: Any, where: str) -> list[int]:
        h = self.obj(value, where)
        self.only(h, where, set(LANDSCAPES))
        most = COMPONENTS.cards_per_landscape
        return [self.count(h.get(land, 0), f"{where}.{land}", most) for land in LANDSCAPES]

    def place_buildings(self, game: Game) -> None:
        board = game.board
        for key, raw in self._buildings.items():
            where = f"board.buildings.{key}"
            h = self.hex(key, where)
            if h not in board.landscape:
                raise ScenarioError(where, "is not a hex of the board")
            if h in board.buildings:
                raise ScenarioError(where, f"names hex {format_hex(h)} a second time")
            entry = self.obj(raw, where)
            self.only(entry, where, {"building", "owner"})
            kind = self.building(entry.get("building"), f"{where}.building")
            seat = self.count(entry.get("owner"), f"{where}.owner", len(game.players) - 1)
            board.buildings[h] = (seat, kind)
        for seat, player in enumerate(game.players):
            player.built = sum(1 for s, _ in board.buildings.values() if s == seat)
        for seat, player in enumerate(game.players):
            for kind, b in BUILDINGS.items():
                on_board = sum(1 for s, k in board.buildings.values() if s == seat and k == kind)
                if on_board + player.stored.get(kind, 0) > b.count:
                    raise ScenarioError(
                        f"players[{seat}].stored.{kind}",
                        f"each player has {b.count} {kind}: {on_board} built and "
                        f"{player.stored.get(kind, 0)} stored is too many",
                    )
            player.rewarded = _rewarded(game, seat)

    def stacks(self, game: Game, seat: int, value: Any, where: str) -> None:
        player = game.players[seat]
        drawn = game.turn.drawn[0] if game.turn.drawn and seat == game.current else None
        left: list[str] = []
        for kind, b in BUILDINGS.items():
            used = sum(1 for s, k in game.board.buildings.values() if s == seat and k == kind)
            held = used + player.stored.get(kind, 0) + (kind == drawn)
            if held > b.count:
                raise ScenarioError(
                    "turn.drawn.building",
                    f"each player has {b.count} {kind}: with the drawn one that is {held}",
                )
            left += [kind] * (b.count - held)
        if value == "unknown":
            rng = Rng(game.seed * 31 + seat)
            mains = [k for k in left if BUILDINGS[k].main]
            others = [k for k in left if not BUILDINGS[k].main]
            rng.shuffle(mains)
            rng.shuffle(others)
            n = COMPONENTS.other_stacks
            player.stacks = [mains] + [others[i::n] for i in range(n)]
            return
        if not isinstance(value, list) or len(value) != 1 + COMPONENTS.other_stacks:
            raise ScenarioError(
                where, f'must be "unknown" or a list of {1 + COMPONENTS.other_stacks} stacks'
            )
        stacks: list[list[str]] = []
        for i, stack in enumerate(value):
            if not isinstance(stack, list):
                raise ScenarioError(f"{where}[{i}]", "must be a list of buildings, top last")
            for j, kind in enumerate(stack):
                self.building(kind, f"{where}[{i}][{j}]")
                if (i == 0) != BUILDINGS[kind].main:
                    raise ScenarioError(
                        f"{where}[{i}][{j}]",
                        "main buildings go in stack 0, the others in stacks 1 to 3",
                    )
                if kind not in left:
                    raise ScenarioError(f"{where}[{i}][{j}]", f"no {kind} is left for this stack")
                left.remove(kind)
            stacks.append(list(stack))
        player.stacks = stacks

    def turn(self, game: Game, value: Any) -> Turn:
        t = self.obj(value, "turn")
        self.only(t, "turn", {"mode", "used", "extra", "drawn", "number"})
        mode = t.get("mode")
        if mode not in (None, "draw", "build"):
            raise ScenarioError("turn.mode", 'must be null, "draw" or "build"')
        used = self.count(t.get("used", 0), "turn.used")
        extra = self.count(t.get("extra", 0), "turn.extra", COMPONENTS.amphorae)
        turn = Turn(mode, used, extra)
        limit = turn.allowance(COMPONENTS.draws_per_turn, COMPONENTS.builds_per_turn)
        if mode is None and used:
            raise ScenarioError("turn.used", "must be 0 before the player chose to draw or build")
        if used > limit:
            raise ScenarioError("turn.used", f"at most {limit} actions this turn, not {used}")
        drawn = t.get("drawn")
        if drawn is not None:
            d = self.obj(drawn, "turn.drawn")
            self.only(d, "turn.drawn", {"building", "stack"})
            if mode != "draw":
                raise ScenarioError("turn.drawn", 'a building is drawn only in a "draw" turn')
            kind = self.building(d.get("building"), "turn.drawn.building")
            stack = self.count(d.get("stack"), "turn.drawn.stack", COMPONENTS.other_stacks)
            if (stack == 0) != BUILDINGS[kind].main:
                raise ScenarioError(
                    "turn.drawn.stack", "main buildings come from stack 0, the others from 1 to 3"
                )
            if used < 1:
                raise ScenarioError("turn.used", "a building was drawn, so at least 1 is used")
            turn.drawn = (kind, stack)
        game.turn_number = self.count(t.get("number", 1), "turn.number") or 1
        return turn

    def deck(self, game: Game, value: Any) -> None:
        held = [sum(p.hand[i] for p in game.players) for i in range(4)]
        if value == "unknown":
            game.deck = [
                land
                for land in range(4)
                for _ in range(COMPONENTS.cards_per_landscape - held[land])
            ]
            if any(h > COMPONENTS.cards_per_landscape for h in held):
                raise ScenarioError("players", "hold more cards of a landscape than the game has")
            game.rng.shuffle(game.deck)
            return
        d = self.obj(value, "deck")
        self.only(d, "deck", set(LANDSCAPES))
        game.deck = []
        for i, land in enumerate(LANDSCAPES):
            n = self.count(d.get(land, 0), f"deck.{land}")
            if n + held[i] > COMPONENTS.cards_per_landscape:
                raise ScenarioError(f"deck.{land}", "more cards than the game has")
            game.deck += [i] * n
        game.rng.shuffle(game.deck)

    def tiles(self, game: Game, value: Any) -> None:
        laid = {t for t, _, _ in game.board.tiles}
        if value == "unknown":
            game.tile_stack = [t for t in COMPONENTS.tiles if t not in laid]
            game.rng.shuffle(game.tile_stack)
            return
        if not isinstance(value, list):
            raise ScenarioError("tile_stack", 'must be "unknown" or a list of tiles, top last')
        for i, t in enumerate(value):
            if not isinstance(t, str) or t not in COMPONENTS.tiles:
                raise ScenarioError(f"tile_stack[{i}]", f"there is no board tile {t!r}")
            if t in laid or value.index(t) != i:
                raise ScenarioError(f"tile_stack[{i}]", f"tile {t} is already used")
        game.tile_stack = list(value)


def _rewarded(game: Game, seat: int) -> set[str]:
    """Groups that already stand complete and connected earned their amphora before."""
    out = set()
    for gid, group in GROUPS.items():
        hexes = [
            h
            for h, (s, k) in game.board.buildings.items()
            if s == seat and BUILDINGS[k].group == gid
        ]
        if len(hexes) >= group.size and len(game.board.component(hexes[0], hexes)) == len(hexes):
            out.add(gid)
    return out
