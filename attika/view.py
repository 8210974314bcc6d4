"""What one seat may see: other hands as counts, no face-down order.

Landscape cards are held in the hand, so only their number is public; stacks
and the deck are face down, so only their sizes are; the player boards, the
discard pile (laid face up) and the board are open to all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import readings
from .limits import BUILDS, DRAWS

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
    board = game.board
    turn = game.turn
    drawn: str | None = None
    if turn.drawn is not None:
        seen = seat == game.current or readings.DRAWN_BUILDING_SEEN_BY_ALL
        drawn = turn.drawn[0] if seen else "hidden"
    return {
        "seat": seat,
        "edition": game.edition,
        "current": game.current,
        "turn_number": game.turn_number,
        "start_player": game.start_player,
        "phase": phase(game),
        "turn": {
            "mode": turn.mode,
            "used": turn.used,
            "allowance": turn.allowance(DRAWS, BUILDS),
            "cards_taken": turn.cards_taken,
            "unused": turn.unused(DRAWS, BUILDS),
            "extra": turn.extra,
            "drawn": drawn,
            # which stack a building was drawn from is seen by all, the building only by its owner
            "drawn_from": turn.drawn[1] if turn.drawn is not None else None,
            "tile": turn.tile,
        },
        "board": board.to_data(),
        "players": [
            {
                "name": p.name,
                "hand": list(p.hand) if i == seat else None,
                "hand_size": sum(p.hand),
                "amphorae": p.amphorae,
                "stacks": [len(s) for s in p.stacks],
                "stored": dict(sorted(p.stored.items())),
                "rewarded": sorted(p.rewarded),
                "built": p.built,
            }
            for i, p in enumerate(game.players)
        ],
        "deck_size": len(game.deck),
        "discard": list(game.discard),
        "tile_stack_size": len(game.tile_stack),
        "amphora_supply": game.amphora_supply,
        "winner": game.winner,
        "win_reason": game.win_reason,
        "winning_hexes": [list(h) for h in game.winning_hexes],
    }
