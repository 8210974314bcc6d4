"""What one seat may see: each fact as its declaration says (``seen=`` in state.py,
player.py, turn.py), plus what follows from them.

Landscape cards are held in the hand, so only their number is public; stacks
and the deck are face down, so only their sizes are; the player boards, the
discard pile (laid face up) and the board are open to all. Because the view is
built from the declarations, a new fact cannot reach a screen or a computer
player unless its author said who sees it.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

from .facts import by_all, seen_by
from .limits import BUILDS, DRAWS
from .state import State

if TYPE_CHECKING:
    from .game import Game


def phase(game: Game) -> str:
    """``over``, ``tile`` (lay the revealed tile), ``drawn`` (build or store it), or ``turn``."""
    if game.winner is not None:
        return "over"
    if game.turn.tile is not None:
        return "tile"
    if game.turn.drawn is not None:
        return "drawn"
    return "turn"


def view(game: Game, seat: int) -> dict[str, Any]:
    if not 0 <= seat < len(game.players):
        raise ValueError(f"there is no seat {seat} in a {len(game.players)}-player game")
    out: dict[str, Any] = {"seat": seat, "edition": game.edition, "phase": phase(game)}
    for f in fields(State):
        value = getattr(game, f.name)
        seen = f.metadata["seen"]
        if seen == "per-seat":
            out[f.name] = [seen_by(p, own=i == seat) for i, p in enumerate(value)]
        elif seen == "current":
            out[f.name] = seen_by(value, own=seat == game.current)
        elif seen is by_all:
            out[f.name] = f.metadata["codec"].encode(value)
        else:
            out.update(seen(f.name, value, True))
    turn = game.turn
    out["turn"]["allowance"] = turn.allowance(DRAWS, BUILDS)
    out["turn"]["unused"] = turn.unused(DRAWS, BUILDS)
    return out
