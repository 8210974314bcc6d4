"""What a command asks of the world outside the page's state, and who carries it out.

The store (web/table/store.py) never writes to storage, starts a download or changes
the address itself: a command gives back a list of effects, and the binder carries them out
afterwards. Storage effects are done here, over the :class:`~web.table.saves.Storage` protocol, so
the tests run them with a dict; what needs the browser (a download, the address bar, a
computer player thinking off the main path) is handed back to the binder.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from attika import SaveError

from ..play.computers import Think
from .messages import Kept, Loaded, Message, NotKept, Why
from .room import KeptRoom, room_text
from .saves import GameEntry, SaveMissing, Shelf


@dataclass(frozen=True)
class Save:
    """Keep the game as it stands; ``expected`` is what this tab saved last, so a game
    played on in another tab is not overwritten."""

    game_id: str
    entry: GameEntry
    expected: tuple[str, ...] | None


@dataclass(frozen=True)
class Forget:
    """Delete a kept game."""

    game_id: str


@dataclass(frozen=True)
class SetAside:
    """Move an entry that cannot be read under its own key, with the reason; never lose it."""

    game_id: str
    text: str
    reason: str


@dataclass(frozen=True)
class ForgetBroken:
    """Delete an entry that was set aside."""

    broken_id: str


@dataclass(frozen=True)
class Download:
    """Offer a text file for download."""

    filename: str
    text: str


@dataclass(frozen=True)
class OpenLesson:
    """Open the position editor (editor.html) on this scenario file: a lesson made from
    the game's position, as the player looking at the screen sees it."""

    text: str


@dataclass(frozen=True)
class Address:
    """Show the open game's address (``?game=<id>``) in the address bar."""

    game_id: str


@dataclass(frozen=True)
class StopThinking:
    """No computer is to think now (a take-back, a new game, a pause, stepping through):
    the binder stops the search under way."""


@dataclass(frozen=True)
class Load:
    """Read a kept game for the store; the answer comes back as a ``Loaded`` message.
    ``why``: ``resume`` (a tap), ``open`` (the address names it), ``last`` (the game played
    last here, opened quietly; ``game_id`` is then found in storage), ``review``."""

    why: Why
    game_id: str = ""


@dataclass(frozen=True)
class SetAsideUnreadable:
    """Move every kept entry that cannot be read under its own key, so the start screen
    lists it with its reason; nothing is lost."""


@dataclass(frozen=True)
class OfferBroken:
    """Offer an entry that was set aside as a download, word for word."""

    broken_id: str


@dataclass(frozen=True)
class MakeInvitation:
    """Ask the transport for an invitation for a seat; answered by ``Invited``."""

    seat: int
    peer: str


@dataclass(frozen=True)
class TakeAnswer:
    """Hand a device's answer to the transport; the device then comes (``DeviceCame``)."""

    seat: int
    peer: str
    code: str


@dataclass(frozen=True)
class SendTo:
    """Send a text to a connected device."""

    peer: str
    text: str


@dataclass(frozen=True)
class Hangup:
    """Close a device's link (a second link for the same seat, one too many)."""

    peer: str


@dataclass(frozen=True)
class StartScan:
    """Read the camera into the seat's scanning place until an answer shows; answered by
    ``Scanned`` or ``ScanEnded``."""

    seat: int


@dataclass(frozen=True)
class StopScan:
    """Stop the camera (the scan was cancelled, or the panel closed)."""


@dataclass(frozen=True)
class OpenRoomLink:
    """Open the table's relayed room (a new one, or the kept one again); answered by
    ``RoomOpened`` or ``RoomFailed``."""

    room: KeptRoom | None


@dataclass(frozen=True)
class KeepRoom:
    """Keep the table's room and the seats' tokens beside the game (see web/table/room.py)."""

    game_id: str
    room: KeptRoom


Effect = (
    Save
    | Forget
    | SetAside
    | ForgetBroken
    | Load
    | SetAsideUnreadable
    | OfferBroken
    | Download
    | OpenLesson
    | Address
    | Think
    | StopThinking
    | MakeInvitation
    | TakeAnswer
    | SendTo
    | Hangup
    | OpenRoomLink
    | KeepRoom
    | StartScan
    | StopScan
)


def carry_out(
    effects: Iterable[Effect], shelf: Shelf, now: int
) -> tuple[list[Message], list[Effect]]:
    """Do every storage effect; returns how each save went, as messages for the store, and
    the rest (what needs the browser) in order."""
    told: list[Message] = []
    rest: list[Effect] = []
    for effect in effects:
        match effect:
            case Save(game_id=game_id, entry=entry, expected=expected):
                try:
                    shelf.keep(game_id, entry, now, None if expected is None else list(expected))
                except OSError as exc:  # SaveConflict included: nothing stored is overwritten
                    told.append(NotKept(game_id, str(exc)))
                else:
                    told.append(Kept(game_id, entry.actions))
            case Forget(game_id=game_id):
                shelf.delete(game_id)
            case SetAside(game_id=game_id, text=text, reason=reason):
                shelf.set_aside(game_id, text, reason)
            case ForgetBroken(broken_id=broken_id):
                shelf.delete_broken(broken_id)
            case Load(why=why, game_id=game_id):
                told.append(_load(shelf, why, game_id))
            case KeepRoom(game_id=game_id, room=room):
                shelf.keep_room(game_id, room_text(room))
            case SetAsideUnreadable():
                for game_id, text, reason in shelf.unreadable():
                    shelf.set_aside(game_id, text, reason)
            case OfferBroken(broken_id=broken_id):
                found = [b for b in shelf.broken() if b.id == broken_id]
                if found:
                    rest.append(Download(_broken_name(broken_id), found[0].text))
            case _:
                rest.append(effect)
    return told, rest


def _load(shelf: Shelf, why: Why, game_id: str) -> Message:
    if why == "last":
        game_id = shelf.current() or ""
        if not game_id:
            return Loaded(why, "", None, SaveMissing(game_id))
    try:
        return Loaded(why, game_id, shelf.load(game_id), None, shelf.room(game_id))
    except SaveError as exc:
        return Loaded(why, game_id, None, exc)


def _broken_name(broken_id: str) -> str:
    """A file name from an entry's id, which comes from a storage key anything may write."""
    safe = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in broken_id)
    return f"attika-unreadable-{safe[:40]}.json"
