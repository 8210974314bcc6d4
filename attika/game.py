"""A game of Attika: the state (state.py) plus its record, changed only by legal actions.

``apply`` checks an action against every rule (legality.py) before it changes anything,
so an illegal action raises :class:`IllegalAction` and leaves the game as it was; what
the action then does to the state is moves.py's.
``push``/``pop`` are the fast pair for search, after python-chess: ``push`` plays
an action known to be legal and remembers only what it changed; ``pop`` puts
exactly that back. Randomness comes from a seeded generator kept in the state,
so a game record (seed and action texts) replays exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action
from .components import BUILDINGS, COMPONENTS, LANDSCAPES
from .errors import IllegalAction
from .facts import ATOM, Codec, copy_into, to_data
from .frame import Frame
from .hexes import Hex
from .kinds import parse_action
from .legality import check, legal_actions, random_action
from .limits import BUILDS, DRAWS, EDITION, MAX_SEED
from .moves import Event, carry_out, take_back, take_cards
from .player import Player
from .quote import Quote, quote
from .rng import Rng
from .save import Record, SaveError, check_snapshot, read_record, record_data, write
from .state import State
from .undo import reveals, undo_refusal
from .view import View, view


def _default_names(count: int) -> list[str]:
    return [c["names"]["en"] for c in COMPONENTS.city_states[:count]]


#: The record, besides the state: each field with how a copy of the game takes it.
_RECORD: dict[str, Codec] = {
    "seed": ATOM,
    "edition": ATOM,
    "chosen_start": ATOM,
    "actions": Codec(list, list, list),
    "fixed": ATOM,
    "fixed_by": ATOM,
}


class Game(State):
    """The whole state of one game, plus the record that produced it."""

    def __init__(self) -> None:
        # Filled by new_game() or by loading; a bare Game() is not playable.
        super().__init__()
        self.seed = 0
        self.edition = EDITION
        #: The start seat the players chose, or None when it was drawn at random.
        self.chosen_start: int | None = None
        #: The record: every applied action's text, in order.
        self.actions: list[str] = []
        #: How many actions can no longer be taken back, and what fixed them (see undo.py).
        self.fixed = 0
        self.fixed_by = "turn"
        self._history: list[Frame] = []

    # -- creation --------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int | Sequence[str],
        seed: int,
        start: int | None = None,
        edition: int = EDITION,
    ) -> Game:
        """Set up a new game: tiles, shrines, stacks, cards, start player, hands.

        The start player is drawn at random unless ``start`` names a seat (the
        players may agree on one); the draw happens either way, so the rest of
        the set-up is the same for a seed. ``edition`` is the rules edition, which
        picks the start layout: a saved game replays on the board it began on.
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
        game.edition = edition
        rng = game.rng = Rng(seed)

        game.tile_stack = list(COMPONENTS.tiles)
        rng.shuffle(game.tile_stack)
        layout = COMPONENTS.layout(len(names), edition)
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
            take_cards(game, edition, seat, COMPONENTS.hand_sizes[k])
        return game

    def copy(self) -> Game:
        """An independent game in the same position, with the same record and take-backs."""
        other = Game()
        copy_into(other, self)
        for name, codec in _RECORD.items():
            setattr(other, name, codec.copy(getattr(self, name)))
        other._history = [f.detached() for f in self._history]
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

    def random_action(self, rng: Rng) -> Action:
        """A random legal action, found without listing them all (for playouts)."""
        return random_action(self, rng)

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
        events: list[Event] = []
        self._history.append(Frame(self, action))
        carry_out(self, self.edition, action, events, q)
        self.actions.append(str(action))
        revealed = reveals(action, events)
        if revealed is not None:
            self.fixed, self.fixed_by = len(self.actions), revealed
            self._history.clear()  # nothing before a revealing action is taken back
        return events

    def push(self, action: Action) -> None:
        """Play ``action`` without checking it and without a record: for search.

        The caller vouches that the action is legal (from ``legal_actions`` or
        ``random_action``); ``pop`` takes it back exactly, hidden order included.
        """
        self._history.append(Frame(self, action))
        carry_out(self, self.edition, action, None, None)

    def pop(self) -> Action:
        """Take back the last pushed (or applied) action; returns it."""
        f = self._history.pop()
        take_back(self, f)
        return f.action

    # -- taking back ------------------------------------------------------------------

    def undo_refusal(self) -> IllegalAction | None:
        """Why the last action cannot be taken back, or None when it can."""
        return undo_refusal(len(self.actions), self.fixed, self.fixed_by)

    def undo(self) -> str:
        """Take back the last action of this turn; returns its text.

        Raises IllegalAction (and changes nothing) when it revealed something
        (a drawn building, a card, a tile), ended the turn or won the game.
        """
        refusal = self.undo_refusal()
        if refusal is not None:
            raise refusal
        self.pop()
        return self.actions.pop()

    # -- saving and views ----------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The game record: enough to replay the game from its first move."""
        return record_data(
            [p.name for p in self.players],
            self.seed,
            self.chosen_start,
            self.edition,
            list(self.actions),
        )

    def to_json(self) -> str:
        """The record plus a snapshot of the state, which loading checks."""
        return write(self.record(), self.state())

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a saved game; the snapshot must match what its record replays to."""
        return replay(text)[0]

    def state(self) -> dict[str, Any]:
        """The complete state as plain JSON data (hidden order of stacks and deck included)."""
        return to_data(self)

    def view(self, seat: int) -> View:
        """What ``seat`` may see (view.py): every renderer and computer player starts here."""
        return view(self, seat, self.edition)

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


def replay(source: str | dict[str, Any]) -> tuple[Game, list[list[Event]]]:
    """Rebuild a game from its record (a dict, or its JSON text), checking every action.

    The one place a record is replayed: loading, the page's log and stepping through a
    game all come here. Returns the game and, for each action, the events it caused. A
    saved game's snapshot, when the record carries one, must be what the actions reach.
    """
    record = read_record(source)
    game, events = _replay(record)
    check_snapshot(game.state(), record.state)
    return game, events


def _replay(record: Record) -> tuple[Game, list[list[Event]]]:
    try:
        game = Game.new(record.names, record.seed, record.start, record.edition)
    except (ValueError, TypeError) as exc:
        raise SaveError(f"the game file's players cannot start a game: {exc}") from None
    events: list[list[Event]] = []
    for number, text in enumerate(record.actions, start=1):
        try:
            events.append(game.apply(text))
        except IllegalAction as exc:
            raise SaveError(f"action {number} ({text!r}) breaks a rule: {exc}") from None
    return game, events


__all__ = ["LANDSCAPES", "Event", "Game", "IllegalAction", "new_game", "replay"]
