"""What one seat may see: each fact as its declaration says (``seen=`` in state.py,
player.py, turn.py), plus what follows from them.

Landscape cards are held in the hand, so only their number is public; stacks
and the deck are face down, so only their sizes are; the player boards, the
discard pile (laid face up) and the board are open to all. Because the view is
built from the declarations, a new fact cannot reach a screen or a computer
player unless its author said who sees it.

The view is plain JSON-like data (a worker or a save can carry it as it is); its shape
is written out below as typed dicts, for its readers (the page, the computer players).
``tests/core/test_save_and_view.py`` checks that the declarations give exactly these keys.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Literal, TypedDict, cast

from .board import BoardData
from .facts import by_all, seen_by
from .limits import BUILDS, DRAWS
from .state import State, WinReason
from .turn import Mode

Phase = Literal["over", "tile", "drawn", "turn"]


class PlayerSeen(TypedDict):
    """One player's belongings as a seat sees them: another's hand only as a count."""

    name: str
    #: The cards per landscape for the player's own seat; None for every other seat.
    hand: list[int] | None
    hand_size: int
    amphorae: int
    #: How many buildings each face-down stack holds.
    stacks: list[int]
    stored: dict[str, int]
    #: The groups that have earned their amphora, sorted.
    rewarded: list[str]
    built: int


class TurnSeen(TypedDict):
    """Where the current player is within the turn, and what follows from it."""

    mode: Mode | None
    used: int
    extra: int
    cards_taken: bool
    #: The building just drawn: its kind for the drawer, "hidden" for the others
    #: (readings.DRAWN_BUILDING_SEEN_BY_ALL), None when nothing waits.
    drawn: str | None
    drawn_from: int | None
    tile: str | None
    #: Draws or builds this turn may have, and those not used yet (each worth a card).
    allowance: int
    unused: int


class View(TypedDict):
    """What one seat may see of a game: ``game.view(seat)``."""

    seat: int
    edition: int
    phase: Phase
    players: list[PlayerSeen]
    board: BoardData
    tile_stack_size: int
    deck_size: int
    discard: list[int]
    amphora_supply: int
    current: int
    start_player: int
    turn: TurnSeen
    turn_number: int
    winner: int | None
    win_reason: WinReason | None
    winning_hexes: list[list[int]]


def phase(state: State) -> Phase:
    """``over``, ``tile`` (lay the revealed tile), ``drawn`` (build or store it), or ``turn``."""
    if state.winner is not None:
        return "over"
    if state.turn.tile is not None:
        return "tile"
    if state.turn.drawn is not None:
        return "drawn"
    return "turn"


def view(state: State, seat: int, edition: int) -> View:
    """What ``seat`` may see of ``state``, in a game of rules ``edition`` (from its record)."""
    if not 0 <= seat < len(state.players):
        raise ValueError(f"there is no seat {seat} in a {len(state.players)}-player game")
    out: dict[str, Any] = {"seat": seat, "edition": edition, "phase": phase(state)}
    for f in fields(State):
        value = getattr(state, f.name)
        seen = f.metadata["seen"]
        if seen == "per-seat":
            out[f.name] = [seen_by(p, own=i == seat) for i, p in enumerate(value)]
        elif seen == "current":
            out[f.name] = seen_by(value, own=seat == state.current)
        elif seen is by_all:
            out[f.name] = f.metadata["codec"].encode(value)
        else:
            out.update(seen(f.name, value, True))
    turn = state.turn
    out["turn"]["allowance"] = turn.allowance(DRAWS, BUILDS)
    out["turn"]["unused"] = turn.unused(DRAWS, BUILDS)
    # built from the declarations, so typed by the test that compares it with the shape above
    return cast(View, out)
