"""What a game is at one moment: every fact of the position, declared once.

``Game`` (game.py) is this state plus its record and the rules that change it.
Saving (``to_data``), loading, copying and each seat's view all walk these fields
(see facts.py), so adding a fact means adding one field here, in ``Player`` or in
``Turn``, with the answer to who may see it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .board import Board
from .facts import (
    ATOM,
    HEXES,
    LETTER_CARDS,
    Codec,
    by_all,
    by_none,
    count_only,
    fact,
    list_of,
    nested,
)
from .hexes import Hex
from .player import Player
from .rng import Rng
from .turn import Turn

#: How a game was won: a chain of buildings between two shrines, or every building built.
WinReason = Literal["all-buildings", "shrines"]

BOARD = Codec(Board.to_data, Board.from_data, Board.copy)
#: The generator's whole state, as a hex string: a 64-bit number loses digits in JavaScript.
RNG = Codec(lambda r: format(r.state, "x"), lambda d: Rng(int(d, 16)), lambda r: Rng(r.state))


@dataclass(eq=False)  # a game is itself, not equal to another in the same position
class State:
    #: Each seat's belongings; every seat sees its own hand, the rest as counts.
    players: list[Player] = fact(
        seen="per-seat", codec=list_of(nested(Player)), factory=list, undo="fixed"
    )
    board: Board = fact(seen=by_all, codec=BOARD, factory=Board, undo="by-action")
    #: Face-down board tiles, top last.
    tile_stack: list[str] = fact(seen=count_only, factory=list, undo="by-action")
    #: Face-down landscape cards (landscape indices), top last.
    deck: list[int] = fact(seen=count_only, codec=LETTER_CARDS, factory=list, undo="kept")
    #: The face-up discard pile, counted per landscape.
    discard: list[int] = fact(seen=by_all, factory=lambda: [0, 0, 0, 0], undo="kept")
    amphora_supply: int = fact(seen=by_all, codec=ATOM, default=0, undo="kept")
    current: int = fact(seen=by_all, codec=ATOM, default=0, undo="kept")
    start_player: int = fact(seen=by_all, codec=ATOM, default=0, undo="fixed")
    #: Where the current player is within the turn; what was drawn is the drawer's.
    turn: Turn = fact(seen="current", codec=nested(Turn), factory=Turn, undo="kept")
    turn_number: int = fact(seen=by_all, codec=ATOM, default=1, undo="kept")
    #: The generator behind every shuffle still to come: nobody may see it.
    rng: Rng = fact(seen=by_none, codec=RNG, factory=lambda: Rng(0), undo="state")
    winner: int | None = fact(seen=by_all, codec=ATOM, default=None, undo="kept")
    win_reason: WinReason | None = fact(seen=by_all, codec=ATOM, default=None, undo="kept")
    #: The buildings that won: the chain between two shrines, or every building.
    winning_hexes: list[Hex] = fact(seen=by_all, codec=HEXES, factory=list, undo="kept")
