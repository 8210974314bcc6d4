"""Taking back an action: allowed within the turn until something hidden is seen.

A player may change their mind about a build, a store, a tile's place or an
amphora spent for an action. What cannot be taken back is anything that showed
new information: a building drawn from a stack, a card taken from the deck, a
tile revealed, the end of the turn (its cards) and the winning build. Undo
restores the game as it was before the last action, so the position, hidden
order of stacks and deck and the random generator are exactly as before: it is
``Game.pop``, the same step search uses (a game loaded from its record rebuilds
what it needs as it replays).
"""

from __future__ import annotations

from typing import Any

from .actions import Action, DrawBuilding, EndTurn
from .errors import IllegalAction

#: Events that show something hidden, and the word for what they showed.
_REVEALING = {
    "amphora-card": "card",
    "amphora-empty": "card",
    "reveal-tile": "tile",
    "win": "win",
}

_WHY = {
    "turn": "Nothing to take back: no action has been taken this turn.",
    "building": "A building drawn from a stack has been seen; the draw cannot be taken back.",
    "card": "A card taken from the deck has been seen; that cannot be taken back.",
    "tile": "A new board tile has been revealed; that cannot be taken back.",
    "win": "The game is over.",
}


def reveals(action: Action, events: list[dict[str, Any]]) -> str | None:
    """What an applied action made final: 'turn', 'building', 'card', 'tile', 'win' or None."""
    found = [_REVEALING[e["event"]] for e in events if e["event"] in _REVEALING]
    if "win" in found:
        return "win"
    if found:
        return found[-1]
    if isinstance(action, EndTurn):
        return "turn"
    if isinstance(action, DrawBuilding):
        return "building"
    return None


def undo_refusal(taken: int, fixed: int, fixed_by: str) -> IllegalAction | None:
    """Why the last of ``taken`` actions cannot be taken back, or None when it can: the
    first ``fixed`` are final, made so by what ``fixed_by`` names (the game's record keeps
    both, so this module needs nothing else of the game)."""
    if taken > fixed:
        return None
    return IllegalAction(f"undo-{fixed_by}", _WHY[fixed_by])
