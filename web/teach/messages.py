"""What a reader does to a live position, as values: a turn's messages and the position's own.

A tap carries a command and its argument in its markup (``data-cmd="again"``); the binder
(web/teach/page.py) reads them with :func:`position_message`, the one reader of a
position's command words. A turn's words are read by web/play/messages.py, so the lesson
and the game understand a tap the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..play.messages import TurnMessage, Unreadable, seat_number, turn_message


@dataclass(frozen=True)
class Again:
    """Start the position over, as the scenario set it."""


@dataclass(frozen=True)
class Restart:
    """Start a lesson of several steps over from its first step."""


@dataclass(frozen=True)
class GoOn:
    """A step solved: the other players' recorded replies, then the next step."""


@dataclass(frozen=True)
class OpenPlayer:
    """Open another player's board from the overview; the same seat again closes it."""

    seat: int


@dataclass(frozen=True)
class FoldMore:
    """Open or close the "More" fold of a compact position (whose turn, the hand, ...)."""


@dataclass(frozen=True)
class TryIt:
    """Bring a still preview to life: the binder fetches its scenario (``data-try``)."""


PositionMessage = Again | Restart | GoOn | OpenPlayer | FoldMore | TryIt | TurnMessage


def position_message(command: str, arg: str = "") -> PositionMessage:
    """The message a tap's command and argument stand for; a turn's words are read as
    the table reads them, and anything else is :class:`Unreadable`."""
    match command:
        case "again":
            return Again()
        case "restart":
            return Restart()
        case "next":
            return GoOn()
        case "more":
            return FoldMore()
        case "try":
            return TryIt()
        case "player":
            try:
                return OpenPlayer(seat_number(arg))
            except ValueError as exc:
                return Unreadable(command, str(exc))
    return turn_message(command, arg)
