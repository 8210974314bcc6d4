"""The host's part of the game page's update for players on their own devices.

Invitations are made and answers taken by the transport (effects the binder carries out
with ``attikaPeer``); a device that answered a seat's invitation takes that seat; what a
device says is judged by web/remote/host.py; and after every change of the game each device
is sent its own seat's table. Nothing here touches the transport or the DOM.
"""

from __future__ import annotations

from ..play.computers import DEVICE
from ..remote import host
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
from .effects import (
    Effect,
    Hangup,
    KeepRoom,
    MakeInvitation,
    OpenRoomLink,
    SendTo,
    StartScan,
    StopScan,
    TakeAnswer,
)
from .messages import (
    Message,
)
from .opening import ask_to_keep
from .room import KeptRoom
from .store import Table

#: The messages this module answers.
DEVICE_MESSAGES = (
    ShowDevices,
    Invite,
    Connect,
    AnswersTyped,
    Invited,
    InvitationFailed,
    DeviceCame,
    DeviceSaid,
    DeviceLeft,
    OpenRoom,
    RoomOpened,
    RoomFailed,
    HandSeat,
    ScanAnswer,
    Scanned,
    ScanEnded,
)


def device_seats(table: Table) -> list[int]:
    session = table.session
    return [] if session is None else [i for i, s in enumerate(session.seats) if s == DEVICE]


def on_device(table: Table, message: Message, out: list[Effect]) -> None:
    session = table.session
    match message:
        case ShowDevices():
            table.devices_open = not table.devices_open and bool(device_seats(table))
            if not table.devices_open and table.scanning is not None:
                table.scanning = None
                out.append(StopScan())
        case ScanAnswer(seat=seat) if table.scanning == seat:
            table.scanning = None
            out.append(StopScan())
        case ScanAnswer(seat=seat) if seat in table.invitations:
            if table.scanning is not None:
                out.append(StopScan())
            table.scanning = seat
            table.invitation_errors.pop(seat, None)
            out.append(StartScan(seat))
        case Scanned(seat=seat, text=text) if table.scanning == seat:
            table.scanning = None
            table.answers[seat] = text[:1000]
            out.append(TakeAnswer(seat, host.invitation(seat), text.strip()[:1000]))
        case ScanEnded(seat=seat, reason=reason) if table.scanning == seat:
            table.scanning = None
            if reason:
                table.invitation_errors[seat] = reason
        case Invite(seat=seat) if seat in device_seats(table):
            table.invitation_errors.pop(seat, None)
            out.append(MakeInvitation(seat, host.invitation(seat)))
        case Invited(seat=seat, code=code, link=link):
            table.invitations[seat] = (code, link)
        case InvitationFailed(seat=seat, reason=reason):
            table.invitation_errors[seat] = reason
        case AnswersTyped(answers=answers):
            for seat, text in answers:
                table.answers[seat] = text
        case Connect(seat=seat) if seat in table.invitations:
            code = table.answers.get(seat, "").strip()
            table.invitation_errors.pop(seat, None)
            out.append(TakeAnswer(seat, host.invitation(seat), code))
        case DeviceCame(peer=peer, now=now):
            heard = host.came(table.devices, peer, now, session)
            if heard is None:
                out.append(Hangup(peer))
                return
            taken = table.devices.seated.get(peer)
            if taken is not None:  # the invitation is used: a new one for the next time
                table.invitations.pop(taken, None)
                table.answers.pop(taken, None)
            _carry(heard, out)
        case DeviceSaid(peer=peer, text=text, now=now) if session is not None:
            tokens = dict(table.devices.tokens)
            heard = host.heard(session, table.devices, peer, text, now, table.new_token)
            _carry(heard, out)
            if heard.changed:
                ask_to_keep(table, out)
                table.devices_saw = _seen(table)
            if table.devices.tokens != tokens:
                _keep_room(table, out)
        case DeviceLeft(peer=peer):
            host.left(table.devices, peer)
        case OpenRoom() if device_seats(table) and table.room_state in ("closed", "failed"):
            table.room_state, table.room_error = "opening", ""
            out.append(OpenRoomLink(table.room))
        case RoomOpened(link=link, key=key):
            table.room = KeptRoom(link, key, dict(table.devices.tokens))
            table.room_state = "open"
            _keep_room(table, out)
        case RoomFailed(reason=reason, off=off):
            table.room_state, table.room_error = ("off" if off else "failed"), reason
        case HandSeat(seat=seat, to=to) if session is not None and seat in device_seats(table):
            heard = host.hand_over(session, table.devices, seat, to)
            table.invitations.pop(seat, None)
            table.answers.pop(seat, None)
            _carry(heard, out)
            if heard.changed:  # a computer plays the seat now: the game is kept with it
                table.saved_actions = None
                ask_to_keep(table, out)
            _keep_room(table, out)


def _keep_room(table: Table, out: list[Effect]) -> None:
    """The room and the seats' tokens as they stand, kept beside the game."""
    if table.room is None or table.game_id is None:
        return
    table.room = KeptRoom(table.room.link, table.room.key, dict(table.devices.tokens))
    out.append(KeepRoom(table.game_id, table.room))


def _carry(heard: host.Heard, out: list[Effect]) -> None:
    out.extend(SendTo(peer, text) for peer, text in heard.send)
    if heard.close is not None:
        out.append(Hangup(heard.close))


def _seen(table: Table) -> tuple[int, int]:
    session = table.session
    return (0, 0) if session is None else (len(session.game.actions), len(session.log))


def tell_devices(table: Table, out: list[Effect]) -> None:
    """After any message: if the game changed since the devices were last sent it (a move
    at the host, a computer's, a take-back), send each device its seat's table."""
    session = table.session
    if session is None or not table.devices.seated or _seen(table) == table.devices_saw:
        return
    out.extend(SendTo(peer, text) for peer, text in host.updates(session, table.devices))
    table.devices_saw = _seen(table)
