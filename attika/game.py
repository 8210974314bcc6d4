"""A game of Attika: one mutable object, changed only by legal actions.

``apply`` checks an action against every rule before it changes anything, so
an illegal action raises :class:`IllegalAction` and leaves the game as it was.
Randomness comes from a seeded generator kept in the game, so a game record
(seed and action texts) replays exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import readings
from .actions import (
    Action,
    Build,
    DrawBuilding,
    EndTurn,
    PlaceTile,
    SpendAmphora,
    StoreBuilding,
    parse_action,
)
from .board import Board, shortest_chain
from .components import BUILDINGS, COMPONENTS, GROUPS, LANDSCAPES, Cards
from .cost import cards_text
from .errors import IllegalAction
from .hexes import Hex, format_hex
from .legality import check, legal_actions
from .limits import BUILDS, DRAWS, MAX_SEED
from .player import Player
from .quote import Quote, quote
from .rng import Rng
from .turn import Turn
from .undo import reveals, undo, undo_refusal

Event = dict[str, Any]

#: The rules edition new games are played under, written in every record as its version.
#: Edition 1 shuffled the discard pile into a new deck only when a card was needed; the
#: German rules say at once ("sofort"), which edition 2 does. A record keeps the edition it
#: was played under, so games saved before the change still replay exactly.
EDITION = 2


def _default_names(count: int) -> list[str]:
    return [c["names"]["en"] for c in COMPONENTS.city_states[:count]]


class Game:
    """The whole state of one game, plus the record that produced it."""

    def __init__(self) -> None:
        # Filled by new_game() or by loading; a bare Game() is not playable.
        self.players: list[Player] = []
        self.board = Board()
        self.tile_stack: list[str] = []
        self.deck: list[int] = []
        self.discard: list[int] = [0, 0, 0, 0]
        self.amphora_supply = 0
        self.current = 0
        self.start_player = 0
        self.turn = Turn()
        self.turn_number = 1
        self.rng = Rng(0)
        self.winner: int | None = None
        self.win_reason: str | None = None
        #: The buildings that won: the chain between two shrines, or every building.
        self.winning_hexes: list[Hex] = []
        self.seed = 0
        self.edition = EDITION
        #: The start seat the players chose, or None when it was drawn at random.
        self.chosen_start: int | None = None
        self.actions: list[str] = []
        #: How many actions can no longer be taken back, and what fixed them (see undo.py).
        self.fixed = 0
        self.fixed_by = "turn"
        #: Copies of the game before each action that can still be taken back.
        self.undo_stack: list[Game] = []

    # -- creation --------------------------------------------------------------

    @classmethod
    def new(cls, players: int | Sequence[str], seed: int, start: int | None = None) -> Game:
        """Set up a new game: tiles, shrines, stacks, cards, start player, hands.

        The start player is drawn at random unless ``start`` names a seat (the
        players may agree on one); the draw happens either way, so the rest of
        the set-up is the same for a seed.
        """
        count = players if isinstance(players, int) else len(players)
        if not 2 <= count <= 4:
            raise ValueError(f"Attika is for 2 to 4 players, not {count}")
        names = _default_names(count) if isinstance(players, int) else list(players)
        if any(not isinstance(n, str) or not n.strip() for n in names):
            raise ValueError("every player needs a name")
        if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"the seed is a whole number from 0 to {MAX_SEED}")
        if start is not None and (
            not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < count
        ):
            raise ValueError(f"the start player is a seat from 0 to {count - 1}, not {start!r}")
        game = cls()
        game.seed = seed
        rng = game.rng = Rng(seed)

        game.tile_stack = list(COMPONENTS.tiles)
        rng.shuffle(game.tile_stack)
        layout = COMPONENTS.layouts[len(names)]
        for centre, rotation in layout.tiles:
            tile = COMPONENTS.tiles[game.tile_stack.pop()]
            game.board.lay_tile(tile, centre, rotation)
        game.board.shrines = set(layout.shrines)

        mains = [b.id for b in BUILDINGS.values() if b.main for _ in range(b.count)]
        others = [b.id for b in BUILDINGS.values() if not b.main for _ in range(b.count)]
        size = COMPONENTS.other_stack_size
        for name in names:
            player = Player(name)
            rng.shuffle(mains)
            rng.shuffle(others)
            player.stacks = [list(mains)] + [
                others[k * size : (k + 1) * size] for k in range(COMPONENTS.other_stacks)
            ]
            for stack in player.stacks:
                player.store(stack.pop())
            game.players.append(player)

        game.deck = [land for land in range(4) for _ in range(COMPONENTS.cards_per_landscape)]
        rng.shuffle(game.deck)
        game.amphora_supply = COMPONENTS.amphorae
        drawn = rng.below(len(names))
        game.chosen_start = start
        game.start_player = game.current = drawn if start is None else start
        for k in range(len(names)):
            seat = (game.start_player + k) % len(names)
            game._take_cards(seat, COMPONENTS.hand_sizes[k])
        return game

    def copy(self) -> Game:
        other = Game()
        other.players = [p.copy() for p in self.players]
        other.board = self.board.copy()
        other.tile_stack = list(self.tile_stack)
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.amphora_supply = self.amphora_supply
        other.current = self.current
        other.start_player = self.start_player
        other.turn = self.turn.copy()
        other.turn_number = self.turn_number
        other.rng = Rng(self.rng.state)
        other.winner = self.winner
        other.win_reason = self.win_reason
        other.winning_hexes = list(self.winning_hexes)
        other.seed = self.seed
        other.edition = self.edition
        other.chosen_start = self.chosen_start
        other.actions = list(self.actions)
        other.fixed, other.fixed_by = self.fixed, self.fixed_by
        return other

    # -- reading the position ---------------------------------------------------

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def quote(self, building: str, h: Hex, seat: int | None = None) -> Quote:
        """What ``building`` would cost on ``h`` for ``seat`` (default: the current player)."""
        if building not in BUILDINGS:
            raise ValueError(f"unknown building {building!r}")
        seat = self.current if seat is None else seat
        return quote(self.board, seat, self.players[seat].cards, building, h)

    def unused_actions(self) -> int:
        """Cards the current player would take by ending the turn now."""
        return self.turn.unused(DRAWS, BUILDS)

    def actions_left(self) -> int:
        """Draws or builds still allowed this turn (0 once cards were taken)."""
        if self.turn.cards_taken:
            return 0
        return self.turn.unused(DRAWS, BUILDS)

    # -- legal actions ----------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action; each placement once, with its cheapest payment."""
        return legal_actions(self)

    def is_legal(self, action: Action) -> bool:
        try:
            check(self, action)
        except IllegalAction:
            return False
        return True

    # -- applying -----------------------------------------------------------------

    def apply(self, action: Action | str) -> list[Event]:
        """Play ``action`` (or its text); returns what happened, for logs.

        Raises IllegalAction, naming the rule, and changes nothing, if the
        action is not legal now.
        """
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ValueError as exc:
                raise IllegalAction("notation", str(exc)) from None
        q = check(self, action)
        before = self.copy()
        seat = self.current
        player = self.players[seat]
        turn = self.turn
        events: list[Event] = []
        self.actions.append(str(action))
        match action:
            case DrawBuilding(stack=stack):
                turn.mode = "draw"
                turn.used += 1
                kind = player.stacks[stack].pop()
                turn.drawn = (kind, stack)
                events.append({"event": "draw", "seat": seat, "building": kind, "stack": stack})
            case StoreBuilding():
                assert turn.drawn is not None
                kind, stack = turn.drawn
                turn.drawn = None
                player.store(kind)
                events.append({"event": "store", "seat": seat, "building": kind})
                self._after_drawn(stack, events)
            case Build(building=kind, hex=h, payment=payment):
                assert q is not None
                drawn = turn.drawn
                if drawn is None:
                    turn.mode = "build"
                    turn.used += 1
                    player.unstore(kind)
                else:
                    turn.drawn = None
                self._place(kind, h, payment, q, events)
                if drawn is not None and self.winner is None:
                    self._after_drawn(drawn[1], events)
            case PlaceTile(centre=centre, rotation=rotation):
                assert turn.tile is not None
                self.board.lay_tile(COMPONENTS.tiles[turn.tile], centre, rotation)
                events.append(
                    {
                        "event": "tile",
                        "seat": seat,
                        "tile": turn.tile,
                        "hex": format_hex(centre),
                        "rotation": rotation,
                    }
                )
                turn.tile = None
            case SpendAmphora(use=use):
                player.amphorae -= 1
                self.amphora_supply += 1
                if use == "action":
                    turn.extra += 1
                    events.append({"event": "amphora-action", "seat": seat, "mode": turn.mode})
                else:
                    turn.cards_taken = True
                    got = self._take_cards(seat, 1)
                    events.append({"event": "amphora-card", "seat": seat, "cards": got})
            case EndTurn():
                got = self._take_cards(seat, turn.unused(DRAWS, BUILDS))
                events.append({"event": "end-turn", "seat": seat, "cards": got})
                self.current = (seat + 1) % len(self.players)
                self.turn = Turn()
                self.turn_number += 1
        revealed = reveals(action, events)
        if revealed is not None:
            self.fixed, self.fixed_by = len(self.actions), revealed
            self.undo_stack = []
        else:
            self.undo_stack.append(before)
        return events

    # -- taking back ------------------------------------------------------------------

    def undo_refusal(self) -> IllegalAction | None:
        """Why the last action cannot be taken back, or None when it can."""
        return undo_refusal(self)

    def undo(self) -> str:
        """Take back the last action of this turn; returns its text.

        Raises IllegalAction (and changes nothing) when it revealed something
        (a drawn building, a card, a tile), ended the turn or won the game.
        """
        return undo(self)

    def _place(self, kind: str, h: Hex, payment: Cards, q: Quote, events: list[Event]) -> None:
        seat = self.current
        player = self.players[seat]
        for i in range(4):
            player.hand[i] -= payment[i]
            self.discard[i] += payment[i]
        if self.edition >= 2:
            self._refill_deck()
        self.board.buildings[h] = (seat, kind)
        player.built += 1
        events.append(
            {
                "event": "build",
                "seat": seat,
                "building": kind,
                "hex": format_hex(h),
                "paid": cards_text(payment),
                "free": q.free,
                "new_settlement": q.new_settlement,
            }
        )
        if readings.GROUP_JOINED_AMONG_ITSELF:
            self._reward_group(BUILDINGS[kind].group, events)
        else:  # any building may link a group through its settlement
            for group_id in GROUPS:
                self._reward_group(group_id, events)
        self._check_win(h, events)

    def _reward_group(self, group_id: str, events: list[Event]) -> None:
        """An amphora, once, when every building of the group stands connected."""
        seat = self.current
        player = self.players[seat]
        if group_id in player.rewarded:
            return
        group = GROUPS[group_id]
        hexes = [
            h
            for h, (s, kind) in self.board.buildings.items()
            if s == seat and BUILDINGS[kind].group == group_id
        ]
        if len(hexes) < group.size:
            return
        joined = self.board.component(
            hexes[0], hexes if readings.GROUP_JOINED_AMONG_ITSELF else None
        )
        if not joined.issuperset(hexes):
            return
        player.rewarded.add(group_id)
        if self.amphora_supply:
            self.amphora_supply -= 1
            player.amphorae += 1
            events.append({"event": "amphora", "seat": seat, "group": group_id})
        else:
            got = self._take_cards(seat, 1)
            events.append({"event": "amphora-empty", "seat": seat, "group": group_id, "cards": got})

    def _check_win(self, h: Hex, events: list[Event]) -> None:
        seat = self.current
        player = self.players[seat]
        if player.built == COMPONENTS.buildings_per_player:
            self.winner, self.win_reason = seat, "all-buildings"
            self.winning_hexes = sorted(
                x for x, (s, _) in self.board.buildings.items() if s == seat
            )
        else:
            settlement = self.board.component(h)
            touched = self.board.shrines_touching(settlement)
            if len(touched) < 2:
                return
            self.winner, self.win_reason = seat, "shrines"
            self.winning_hexes = shortest_chain(settlement, touched)
        events.append({"event": "win", "seat": seat, "reason": self.win_reason})

    def _after_drawn(self, stack: int, events: list[Event]) -> None:
        """The last building of a stack has been dealt with: reveal a tile to lay."""
        if self.players[self.current].stacks[stack] or not self.tile_stack:
            return
        self.turn.tile = self.tile_stack.pop()
        events.append({"event": "reveal-tile", "seat": self.current, "tile": self.turn.tile})

    def _take_cards(self, seat: int, n: int) -> int:
        """Deal up to ``n`` cards; the moment the deck is used up, the discard pile becomes
        the new deck.

        Returns how many were dealt: fewer than ``n`` only when deck and discard
        pile are both empty (all cards are in hands).
        """
        hand = self.players[seat].hand
        dealt = 0
        for _ in range(n):
            if not self.deck:
                self._refill_deck()  # edition 1 only: edition 2 never lets the deck sit empty
                if not self.deck:
                    break
            hand[self.deck.pop()] += 1
            dealt += 1
        if self.edition >= 2:
            self._refill_deck()
        return dealt

    def _refill_deck(self) -> None:
        """An empty deck is replaced by the shuffled discard pile (if it holds any card)."""
        if self.deck or not any(self.discard):
            return
        self.deck = [land for land in range(4) for _ in range(self.discard[land])]
        self.discard = [0, 0, 0, 0]
        self.rng.shuffle(self.deck)

    # -- saving and views (see save.py and view.py) -------------------------------

    def to_json(self) -> str:
        from .save import to_json

        return to_json(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        from .save import from_json

        return from_json(text)

    def state(self) -> dict[str, Any]:
        from .save import snapshot

        return snapshot(self)

    def view(self, seat: int) -> dict[str, Any]:
        from .view import view

        return view(self, seat)

    def __repr__(self) -> str:
        status = (
            f"won by {self.players[self.winner].name}"
            if self.winner is not None
            else f"turn {self.turn_number}, {self.players[self.current].name} to play"
        )
        return f"<attika.Game {len(self.players)} players, seed {self.seed}, {status}>"


def new_game(players: int | Sequence[str], seed: int, start: int | None = None) -> Game:
    """A new game for 2-4 players (a count, or their names), shuffled by ``seed``."""
    return Game.new(players, seed, start)


__all__ = ["LANDSCAPES", "Event", "Game", "IllegalAction", "new_game"]
