"""The host's part of the game page's update for players on their own devices.

Invitations are made and answers taken by the transport (effects the binder carries out
with ``attikaPeer``); a device that answered a seat's invitation takes that seat; what a
device says is judged by web/remote/host.py; and after every change of the game each device
is sent its own seat's table. Nothing here touches the transport or the DOM.
"""

from __future__ import annotations

from ..play.computers import DEVICE
from ..remote import host
from .effects import Effect, Hangup, MakeInvitation, SendTo, TakeAnswer
from .messages import (
    AnswersTyped,
    Connect,
    DeviceCame,
    DeviceLeft,
    DeviceSaid,
    InvitationFailed,
    Invite,
    Invited,
    Message,
    ShowDevices,
)
from .opening import ask_to_keep
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
)


def device_seats(table: Table) -> list[int]:
    session = table.session
    return [] if session is None else [i for i, s in enumerate(session.seats) if s == DEVICE]


def on_device(table: Table, message: Message, out: list[Effect]) -> None:
    session = table.session
    match message:
        case ShowDevices():
            table.devices_open = not table.devices_open and bool(device_seats(table))
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
            heard = host.heard(session, table.devices, peer, text, now)
            _carry(heard, out)
            if heard.changed:
                ask_to_keep(table, out)
                table.devices_saw = _seen(table)
        case DeviceLeft(peer=peer):
            host.left(table.devices, peer)


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
