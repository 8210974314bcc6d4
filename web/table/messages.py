"""What can happen to the game page, as values: the one message type its store understands.

A tap carries a command and its argument in its markup (``data-cmd="resume"
data-arg="<id>"``); :func:`table_message` reads them here, once, and hands a turn's own
words on to :func:`~web.play.messages.turn_message`. The binder sends the other messages
itself: the new-game form as typed, an opened address, a file, a computer's answer, and how
a save went.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from attika import Action, Game, SaveError

from ..core.common_messages import OpenPlayer as OpenPlayer
from ..play.computers import Think, seat_kind
from ..play.messages import READERS as TURN_READERS
from ..play.messages import TurnMessage, Unreadable, seat_number
from .device_messages import (
    AnswersTyped,
    Connect,
    DeviceCame,
    DeviceLeft,
    DeviceSaid,
    HandSeat,
    InvitationFailed,
    Invite,
    Invited,
    OpenRoom,
    RoomFailed,
    RoomOpened,
    ScanAnswer,
    ScanEnded,
    Scanned,
    ShowDevices,
)

# -- the start screen -----------------------------------------------------------------


@dataclass(frozen=True)
class NewGame:
    """Open the new-game form (over the game, which goes on behind it)."""


@dataclass(frozen=True)
class CloseSetup:
    """Back to the game in progress from the new-game form."""


@dataclass(frozen=True)
class PlayerCount:
    count: int


@dataclass(frozen=True)
class SeatPlayedBy:
    """A person or a computer level at a seat."""

    seat: int
    who: str


@dataclass(frozen=True)
class SeatCityState:
    seat: int
    city_state: str


@dataclass(frozen=True)
class NewSeed:
    """Another random seed for the game to come."""


@dataclass(frozen=True)
class FormTyped:
    """What the new-game form's fields hold now (names, start player, seed, seats)."""

    names: tuple[str | None, ...]
    start: str | None
    seed: str | None
    seats: tuple[str | None, ...]


@dataclass(frozen=True)
class StartGame:
    """Start the game the form describes."""


@dataclass(frozen=True)
class VersusComputer:
    """The quickest way in: you against one computer player."""


@dataclass(frozen=True)
class Resume:
    game_id: str


@dataclass(frozen=True)
class Delete:
    """Delete a kept game; the first tap only asks."""

    game_id: str


@dataclass(frozen=True)
class DeleteBroken:
    broken_id: str


@dataclass(frozen=True)
class DownloadBroken:
    broken_id: str


# -- the game at the table ------------------------------------------------------------


@dataclass(frozen=True)
class Back:
    """The browser's Back, or Escape: close what is open, topmost first."""


@dataclass(frozen=True)
class CloseResult:
    """Put the end-of-game card aside to look at the board."""


@dataclass(frozen=True)
class Export:
    """Save the game to a file."""


@dataclass(frozen=True)
class MakeLesson:
    """Open the lesson editor on this position, as the player looking may see it."""


@dataclass(frozen=True)
class Pause:
    """Pause the computer players, or play on."""


@dataclass(frozen=True)
class OneMove:
    """While paused: let the computer make one action."""


@dataclass(frozen=True)
class Speed:
    """Switch the computers' pace between normal and fast."""


@dataclass(frozen=True)
class Skip:
    """Show the computers' actions without a pause until a person is to move."""


@dataclass(frozen=True)
class ToggleLog:
    """Open the log, or close it again."""


@dataclass(frozen=True)
class Review:
    """Step through a game: the open one (no id) or a kept one."""

    game_id: str = ""


@dataclass(frozen=True)
class ReviewStep:
    """To the first or last action, or one back or on: first, last, -1, +1."""

    to: str


@dataclass(frozen=True)
class ReviewExit:
    pass


# -- from the binder ------------------------------------------------------------------


@dataclass(frozen=True)
class Opened:
    """The page was (re)loaded with these address parameters; ``fetched`` is the text of
    ``?load=`` (or None) and the reason it could not be fetched."""

    params: tuple[tuple[str, str], ...]
    fetched: tuple[str | None, str] | None = None


@dataclass(frozen=True)
class FileChosen:
    """A game file chosen to import, read as text."""

    text: str


@dataclass(frozen=True)
class FileTooLarge:
    """A chosen file too large to be a game: refused before it is read."""

    size: int


@dataclass(frozen=True)
class ComputerMoved:
    """A computer player's answer to what it was asked."""

    asked: Think
    action: Action


@dataclass(frozen=True)
class Kept:
    """The game was kept in storage as it stood after these actions."""

    game_id: str
    actions: tuple[str, ...]


@dataclass(frozen=True)
class NotKept:
    """Storage refused the game, or another tab played on: the player is told."""

    game_id: str
    reason: str


#: Why a kept game is read: a tap on it, the address names it, the game played last here
#: (opened quietly), or to step through it.
Why = Literal["resume", "open", "last", "review"]


@dataclass(frozen=True)
class Loaded:
    """A kept game read from storage for the store (see the ``Load`` effect): the game,
    its city-states and seats, or why it could not be read."""

    why: Why
    game_id: str
    loaded: tuple[Game, list[str], list[str]] | None
    error: SaveError | None
    #: The table's room as kept with the game (untrusted text from storage), if any.
    room: str | None = None


TableMessage = (
    NewGame
    | CloseSetup
    | PlayerCount
    | SeatPlayedBy
    | SeatCityState
    | NewSeed
    | FormTyped
    | StartGame
    | VersusComputer
    | Resume
    | Delete
    | DeleteBroken
    | DownloadBroken
    | Back
    | OpenPlayer
    | CloseResult
    | Export
    | MakeLesson
    | Pause
    | OneMove
    | Speed
    | Skip
    | Review
    | ReviewStep
    | ReviewExit
    | Opened
    | FileChosen
    | FileTooLarge
    | ComputerMoved
    | Kept
    | NotKept
    | Loaded
    | ToggleLog
    | ShowDevices
    | Invite
    | Connect
    | AnswersTyped
    | Invited
    | InvitationFailed
    | DeviceCame
    | DeviceSaid
    | DeviceLeft
    | ScanAnswer
    | Scanned
    | ScanEnded
    | OpenRoom
    | RoomOpened
    | RoomFailed
    | HandSeat
)
Message = TableMessage | TurnMessage


def _pair(arg: str) -> tuple[int, str]:
    seat, _, value = arg.partition(":")
    return seat_number(seat), value


def _hand(arg: str) -> HandSeat:
    seat, to = _pair(arg)
    kind = seat_kind(to)
    if kind is None or kind == "human":
        raise ValueError(f"no one to hand a seat to: {to[:20]!r}")
    return HandSeat(seat, kind)


def _count(arg: str) -> PlayerCount:
    if arg not in ("2", "3", "4"):
        raise ValueError(f"no player count {arg[:20]!r}")
    return PlayerCount(int(arg))


def _step(arg: str) -> Message:
    """``step`` with a direction steps through a game; without one it is the computers'
    One move."""
    return ReviewStep(arg) if arg else OneMove()


#: The page's own command words (``data-cmd``), each with how its argument is read.
READERS: dict[str, Callable[[str], Message]] = {
    "new-game": lambda arg: NewGame(),
    "setup-close": lambda arg: CloseSetup(),
    "setup-count": _count,
    "setup-seat": lambda arg: SeatPlayedBy(*_pair(arg)),
    "setup-cs": lambda arg: SeatCityState(*_pair(arg)),
    "setup-seed": lambda arg: NewSeed(),
    "setup-start": lambda arg: StartGame(),
    "setup-vs-computer": lambda arg: VersusComputer(),
    "resume": Resume,
    "delete": Delete,
    "broken-delete": DeleteBroken,
    "broken-download": DownloadBroken,
    "back": lambda arg: Back(),
    "player": lambda arg: OpenPlayer(seat_number(arg)),
    "close": lambda arg: CloseResult(),
    "export": lambda arg: Export(),
    "lesson": lambda arg: MakeLesson(),
    "pause": lambda arg: Pause(),
    "step": _step,
    "speed": lambda arg: Speed(),
    "skip": lambda arg: Skip(),
    "review": Review,
    "log": lambda arg: ToggleLog(),
    "devices": lambda arg: ShowDevices(),
    "invite": lambda arg: Invite(seat_number(arg)),
    "connect": lambda arg: Connect(seat_number(arg)),
    "room": lambda arg: OpenRoom(),
    "scan": lambda arg: ScanAnswer(seat_number(arg)),
    "hand": lambda arg: _hand(arg),
    "review-exit": lambda arg: ReviewExit(),
}


#: Every command word of the game page, its own and a turn's, in one table.
COMMANDS: dict[str, Callable[[str], Message]] = {**TURN_READERS, **READERS}


def table_message(command: str, arg: str = "") -> Message:
    """The message a tap's command and argument stand for on the game page: the page's one
    reader. A hand-made or stale command is ``Unreadable``: told, and nothing changes."""
    reader = COMMANDS.get(command)
    if reader is None:
        return Unreadable(command)
    try:
        return reader(arg)
    except (ValueError, IndexError) as exc:
        return Unreadable(command, str(exc))
