"""The game page's messages about players on their own devices: the host's panel (invitations,
the camera, the table's room, seats handed on) and what the transport says (a device came,
said something, left). Read with the page's other messages by ``table_message``."""

from __future__ import annotations

from dataclasses import dataclass

from ..play.computers import SeatKind


@dataclass(frozen=True)
class ShowDevices:
    """Open (or close again) the players' devices: invitations and who is connected."""


@dataclass(frozen=True)
class Invite:
    """Make an invitation for a seat played on its own device."""

    seat: int


@dataclass(frozen=True)
class Connect:
    """Connect the device whose answer was typed or scanned for this seat."""

    seat: int


@dataclass(frozen=True)
class AnswersTyped:
    """What the answer fields hold now, seat by seat (read like the new-game form)."""

    answers: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Invited:
    """The transport made a seat's invitation: its code, and the link for a QR code."""

    seat: int
    code: str
    link: str


@dataclass(frozen=True)
class InvitationFailed:
    """Making an invitation or taking an answer failed; ``reason`` is worded already."""

    seat: int
    reason: str


@dataclass(frozen=True)
class DeviceCame:
    """A device connected (``peer`` names its link)."""

    peer: str
    now: float


@dataclass(frozen=True)
class DeviceSaid:
    """A text from a connected device."""

    peer: str
    text: str
    now: float


@dataclass(frozen=True)
class DeviceLeft:
    """A device's link closed or went silent."""

    peer: str


@dataclass(frozen=True)
class ScanAnswer:
    """Read a device's answer with this device's camera (a second tap stops it)."""

    seat: int


@dataclass(frozen=True)
class Scanned:
    """The camera read a device's answer."""

    seat: int
    text: str


@dataclass(frozen=True)
class ScanEnded:
    """The camera stopped without an answer; ``reason`` is worded ("" when stopped)."""

    seat: int
    reason: str


@dataclass(frozen=True)
class OpenRoom:
    """Open the table over the internet (a relayed room with one link to share)."""


@dataclass(frozen=True)
class RoomOpened:
    """The transport opened the table's room: the link to share and the host's key (kept
    with the game on this device, so a reload opens the same room again)."""

    link: str
    key: str


@dataclass(frozen=True)
class RoomFailed:
    """The room could not be opened (the site has it off, no internet); worded already."""

    reason: str
    #: The site has play over the internet turned off (not a failure: the way is not there).
    off: bool = False


@dataclass(frozen=True)
class HandSeat:
    """The host gives a device's seat to a computer level, or frees it for another device."""

    seat: int
    to: SeatKind
