"""The host's side of own-device play: who sits on which device, and what each is sent.

The host runs the rules. A device is a connection (a peer id from the transport) that has
taken a seat with that seat's token. What a device sends is read by ``wire``, checked here
(its seat, its turn, the position it saw) and played through the session's
``play_from_device``; what a seat is sent is built from ``game.view(seat)`` and the log as
that seat witnessed it, nothing else, so a device can never be told what its seat may not
see. Pure: the binder hands in texts, peer ids and the time, and sends the texts this
module returns.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from attika import IllegalAction, parse_action, witnessed

from ..play.computers import DEVICE, SeatKind
from ..play.session import Session
from . import wire

#: How many devices may be connected, seated or not (a table has at most 4 seats).
PEERS = 8


@dataclass
class Devices:
    """Each own-device seat's token, and which connection holds which seat."""

    #: seat -> its token (made by the binder from the browser's random source).
    tokens: dict[int, str] = field(default_factory=dict)
    #: peer id -> seat, for connections that have taken a seat.
    seated: dict[str, int] = field(default_factory=dict)
    #: Every open connection, seated or not, and its rate of messages.
    rates: dict[str, wire.Rate] = field(default_factory=dict)
    #: peer id -> how many log lines it has been sent (the rest follow with the next update).
    sent: dict[str, int] = field(default_factory=dict)
    #: peer id -> why its last message was refused, told with the next update.
    refused: dict[str, wire.Declined] = field(default_factory=dict)

    def present(self, seats: Sequence[str]) -> tuple[bool, ...]:
        """Whether each seat's player is here: a device seat only while its device is
        connected; a person at the host or a computer always."""
        here = set(self.seated.values())
        return tuple(who != DEVICE or seat in here for seat, who in enumerate(seats))

    def unseated(self) -> list[str]:
        """Connections that hold no seat yet (newcomers through the room's shared link)."""
        return sorted(peer for peer in self.rates if peer not in self.seated)

    def peer_of(self, seat: int) -> str | None:
        for peer, s in self.seated.items():
            if s == seat:
                return peer
        return None


@dataclass(frozen=True)
class Heard:
    """What one text from a device came to: the texts to send (peer id, text), whether the
    game changed (then it is kept and every seat updated), and a connection to close."""

    send: tuple[tuple[str, str], ...] = ()
    changed: bool = False
    close: str | None = None


def invitation(seat: int) -> str:
    """The peer id a seat's invitation is made under: whoever answers it takes that seat."""
    return f"seat-{seat + 1}"


def new_token() -> str:
    """A seat's token: 128 random bits (the browser's random source under Pyodide)."""
    return secrets.token_hex(16)


def open_seats(session: Session, devices: Devices) -> wire.OpenSeats:
    """The seats a newcomer may claim: played on a device, with no token given out and no
    device on them (a seat handed on by the host is open again)."""
    taken = set(devices.seated.values()) | set(devices.tokens)
    names = [p.name for p in session.game.players]
    return wire.OpenSeats(
        tuple(
            (seat, names[seat], session.city_states[seat])
            for seat, who in enumerate(session.seats)
            if who == DEVICE and seat not in taken
        )
    )


def seats_news(session: Session, devices: Devices) -> tuple[tuple[str, str], ...]:
    """The open seats, for every connection without a seat (after seats changed)."""
    text = wire.seats_text(open_seats(session, devices))
    return tuple((peer, text) for peer in devices.unseated())


def came(devices: Devices, peer: str, now: float, session: Session | None = None) -> Heard | None:
    """A new connection; None (close it) when the table has as many as it takes. A device
    that answered a seat's invitation takes that seat, and is sent its table at once."""
    if peer not in devices.rates and len(devices.rates) >= PEERS:
        return None
    devices.rates[peer] = wire.Rate(now)
    if session is None:
        return Heard()
    for seat, who in enumerate(session.seats):
        if who == DEVICE and peer == invitation(seat):
            old = devices.peer_of(seat)
            if old is not None and old != peer:
                left(devices, old)
            devices.seated[peer] = seat
            devices.sent[peer] = 0
            return Heard(send=updates(session, devices), close=old if old != peer else None)
    return Heard(send=((peer, wire.seats_text(open_seats(session, devices))),))


def left(devices: Devices, peer: str) -> None:
    """A connection closed or was lost: its seat waits for the device to come back."""
    devices.rates.pop(peer, None)
    devices.seated.pop(peer, None)
    devices.sent.pop(peer, None)
    devices.refused.pop(peer, None)


def heard(
    session: Session,
    devices: Devices,
    peer: str,
    text: object,
    now: float,
    make_token: Callable[[], str] = new_token,
) -> Heard:
    """One text from a device: read, checked, carried out or refused. Never raises, and a
    refusal changes nothing but what that device is told."""
    rate = devices.rates.get(peer)
    if rate is None:
        return Heard(close=peer)  # not a connection the binder announced
    if not rate.allow(now):
        return Heard()  # dropped unread: a flood costs the host nothing
    message = wire.read_from_device(text)
    seat = devices.seated.get(peer)
    match message:
        case wire.Declined():
            return _refuse(session, devices, peer, message)
        case wire.Hello(seat=wanted, token=token):
            if wanted >= len(session.game.players) or devices.tokens.get(wanted) != token:
                return _refuse(session, devices, peer, wire.Declined("wire.seat"))
            old = devices.peer_of(wanted)
            if old is not None and old != peer:  # the same seat from a reopened page
                left(devices, old)
            devices.seated[peer] = wanted
            devices.sent[peer] = 0
            devices.refused.pop(peer, None)
            return Heard(send=updates(session, devices), close=old if old != peer else None)
        case wire.Claim(seat=wanted) if seat is None:
            if wanted not in (s for s, _, _ in open_seats(session, devices).seats):
                return _refuse(session, devices, peer, wire.Declined("wire.seat-taken"))
            token = make_token()
            devices.tokens[wanted] = token
            devices.seated[peer] = wanted
            devices.sent[peer] = 0
            welcome = (peer, wire.welcome_text(wire.Welcome(wanted, token)))
            return Heard(send=(welcome, *updates(session, devices), *seats_news(session, devices)))
        case wire.Claim():
            return _refuse(session, devices, peer, wire.Declined("wire.seated"))
        case _ if seat is None:
            return _refuse(session, devices, peer, wire.Declined("wire.no-seat"))
        case wire.Act(n=n, action=action_text):
            try:
                action = parse_action(action_text)
            except ValueError:
                return _refuse(session, devices, peer, wire.Declined("wire.action"))
            refusal = session.play_from_device(seat, action, n)
        case wire.TakeBack(n=n):
            refusal = session.undo_from_device(seat, n)
    if refusal is not None:
        return _refuse(session, devices, peer, _refused(refusal))
    devices.refused.pop(peer, None)
    return Heard(send=updates(session, devices), changed=True)


def _refused(error: IllegalAction) -> wire.Declined:
    params = tuple((k, v) for k, v in sorted(error.params.items()) if _plain(v))
    return wire.Declined(error.rule, params)


def _plain(value: object) -> bool:
    return isinstance(value, (str, int, float, bool)) or value is None


def _refuse(session: Session, devices: Devices, peer: str, why: wire.Declined) -> Heard:
    """Tell the device why, and change nothing else: a seated device gets its table again
    (with the reason), one without a seat only the reason."""
    if peer not in devices.seated:  # the reason, then the seats it may still take
        seats = wire.seats_text(open_seats(session, devices))
        return Heard(send=((peer, wire.refused_text(why)), (peer, seats)))
    devices.refused[peer] = why
    return Heard(send=tuple(u for u in updates(session, devices) if u[0] == peer))


def updates(session: Session, devices: Devices) -> tuple[tuple[str, str], ...]:
    """The text for every seated device, each its own seat's (called after every change of
    the game, and for a device that just took its seat)."""
    out = []
    for peer, seat in sorted(devices.seated.items()):
        start = devices.sent.get(peer, 0)
        out.append((peer, wire.host_text(seat_table(session, devices, seat, start, peer))))
        devices.sent[peer] = len(session.log)
    return tuple(out)


def seat_table(
    session: Session, devices: Devices, seat: int, log_from: int, peer: str | None = None
) -> wire.SeatTable:
    """The game as ``seat`` may know it: the rules' view of that seat and the log lines from
    ``log_from`` on as that seat witnessed them. Built only from those, so what another seat
    holds, the stacks' order, the deck and the tile stack never enter it."""
    game = session.game
    start = min(log_from, len(session.log))
    return wire.SeatTable(
        seat=seat,
        n=len(game.actions),
        view=dict(game.view(seat)),
        names=tuple(p.name for p in game.players),
        city_states=tuple(session.city_states),
        seats=tuple(session.seats),
        present=devices.present(session.seats),
        log_from=start,
        log=tuple(
            (line.turn, line.seat, witnessed(line.event, seat)) for line in session.log[start:]
        ),
        refused=devices.refused.get(peer) if peer is not None else None,
    )


def hand_over(session: Session, devices: Devices, seat: int, to: SeatKind) -> Heard:
    """The host gives a device's seat to a computer level, or frees it for another device
    (a new invitation, or a newcomer through the room): its token is void and a device
    still on it is let go. Every device is told, newcomers the seats open now."""
    if session.seats[seat] != DEVICE or to == "human":
        return Heard()
    devices.tokens.pop(seat, None)
    old = devices.peer_of(seat)
    if old is not None:
        left(devices, old)
    session.seats[seat] = to
    return Heard(
        send=(*updates(session, devices), *seats_news(session, devices)),
        changed=to != DEVICE,
        close=old,
    )
