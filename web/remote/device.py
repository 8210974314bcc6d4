"""A player's own device: one seat of a game the host runs, and its update.

The device holds only what its seat may know: the host's last ``Table`` for it. From the
seat's view it deals a game (``attika.determinise``: its own hand and every public fact
exact, the rest invented and never shown) so that the turn's screens, the rules' answers
(where a building may go, what it costs) and the renderers work here exactly as at the
host. An action tapped here is checked against that game, then sent; the host plays it
and answers with the next ``Table``, from which the game is dealt again. Nothing is played
here, so nothing here can differ from the host's game for long.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, cast

from attika import Rng, View, determinise

from ..core.text import has_text
from ..play import messages as m
from ..play.computers import DEVICE, HUMAN
from ..play.log_lines import LogLine
from ..play.notes import Note, say
from ..play.session import Session, seat_kinds
from . import wire

#: How the link to the host stands: being made, open, or lost (the page tries again).
Link = Literal["joining", "open", "lost"]


@dataclass(frozen=True)
class HostSaid:
    """A text from the host."""

    text: str


@dataclass(frozen=True)
class LinkChanged:
    """The transport says the link to the host opened or was lost."""

    link: Link


@dataclass(frozen=True)
class TakeSeat:
    """The player chose an open seat (joined through the room's shared link)."""

    seat: int


DeviceMessage = HostSaid | LinkChanged | TakeSeat | m.TurnMessage


def device_message(command: str, arg: str = "") -> TakeSeat | m.TurnMessage:
    """The one reader of this page's taps: a seat to take, else a turn's command."""
    if command == "claim":
        return TakeSeat(int(arg)) if arg in ("0", "1", "2", "3") else m.Unreadable(command)
    return m.turn_message(command, arg)


@dataclass(frozen=True)
class Send:
    """Send this text to the host."""

    text: str


@dataclass(frozen=True)
class KeepSeat:
    """Keep the seat and its token on this device for this room ("" token: forget it), so
    reopening the room's link takes the seat again."""

    seat: int
    token: str


DeviceEffect = Send | KeepSeat


@dataclass
class Device:
    """The own-device page's model: the seat, its token, and the game as the host last told."""

    #: The seat, once the host's first table named it (an invitation's link names none).
    seat: int | None = None
    #: The seat's token, for taking it again over a relayed room ("" on one table, where
    #: the invitation itself gives the seat).
    token: str = ""
    link: Link = "joining"
    #: The seats this device may claim, as the host last said (None: not asked).
    open_seats: wire.OpenSeats | None = None
    table: wire.SeatTable | None = None
    session: Session | None = None
    #: The log as this seat witnessed it, (turn, seat, event) a line.
    log: list[tuple[int, int, dict[str, object]]] = field(default_factory=list)
    #: The position (number of actions) an action was sent for; None: nothing awaited.
    awaiting: int | None = None
    note: Note | None = None


def update(device: Device, message: DeviceMessage) -> tuple[Device, list[DeviceEffect]]:
    """One message in; the model changed in place; what to send out."""
    out: list[DeviceEffect] = []
    match message:
        case LinkChanged(link=link):
            device.link = link
            if link == "open" and device.seat is not None and device.token:
                # take the seat again: the host answers with the table
                out.append(Send(wire.device_text(wire.Hello(device.seat, device.token))))
        case HostSaid(text=text):
            _host_said(device, text, out)
        case TakeSeat(seat=seat):
            free = device.open_seats is not None and seat in (
                s for s, _, _ in device.open_seats.seats
            )
            if device.seat is not None or not free:
                device.note = say("error", "join.seat-gone")
            else:
                out.append(Send(wire.device_text(wire.Claim(seat))))
                device.note = say("info", "device.sent")
        case _:
            _tapped(device, message, out)
    if device.session is not None:  # the seat's screen says it where the turn's notes go
        device.session.note = device.note
    return device, out


def _host_said(device: Device, text: str, out: list[DeviceEffect]) -> None:
    said = wire.read_from_host(text)
    match said:
        case wire.OpenSeats():
            device.open_seats = said  # a refusal just told stays in view beside them
            return
        case wire.Welcome(seat=seat, token=token):
            if device.seat is not None and device.seat != seat and device.table is not None:
                device.note = refused_note(wire.Declined("wire.seat"))
                return
            device.seat, device.token, device.open_seats = seat, token, None
            out.append(KeepSeat(seat, token))
            return
        case wire.Declined():
            if said.code == "wire.seat" and device.table is None and device.token:
                # the kept token is void (the host gave the seat on): choose again
                device.seat, device.token = None, ""
                out.append(KeepSeat(-1, ""))
            device.note = refused_note(said)
            return
    if device.seat is None:
        device.seat = said.seat  # the seat whose invitation this device answered
    if said.seat != device.seat:
        device.note = refused_note(wire.Declined("wire.seat"))
        return
    if said.log_from > len(device.log):  # lines this device never had: a host out of step
        device.note = refused_note(wire.Declined("wire.shape", (("message", "table"),)))
        return
    log = [*device.log[: said.log_from], *said.log]
    try:
        session = _dealt(device, said)
        session.log = [LogLine(turn, seat, dict(event), said.names) for turn, seat, event in log]
        for line in session.log[said.log_from :]:
            line.text  # noqa: B018 -- worded now, so a line the page cannot word is refused here
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        # a view the rules cannot read, or an event nobody can word: refused, and the last
        # good table kept
        device.note = refused_note(wire.Declined("wire.shape", (("message", "table"),)))
        return
    device.log = log
    device.table, device.session, device.awaiting = said, session, None
    device.open_seats = None
    device.note = None if said.refused is None else refused_note(said.refused)


def refused_note(refused: wire.Declined) -> Note:
    """Why the table refused, in the player's words: a message's fault (``wire.*``) or a
    rule of the game (``rule.*``); a code with no words of its own is named."""
    code = refused.code
    key = code if code.startswith("wire.") else "rule." + code
    if not has_text(key):
        return say("error", "wire.refused", code=code[:40])
    facts = {k: v for k, v in refused.params if k not in ("kind", "key")}
    return say("error", key, **facts)


def _dealt(device: Device, table: wire.SeatTable) -> Session:
    """A session around a game dealt from the seat's view: this seat is played here, every
    other seat elsewhere (at the host, on another device, or by a computer)."""
    # the rules read the view field by field; one they cannot read raises, and is refused
    game = determinise(cast(View, table.view), Rng(table.n * 4 + table.seat))
    seats = seat_kinds(
        [
            HUMAN if i == table.seat else (s if s != HUMAN else DEVICE)
            for i, s in enumerate(table.seats)
        ]
    )
    session = Session(game, list(table.city_states), seats=seats, one_reader=True, outbox=[])
    session.sync()
    return session


def _tapped(device: Device, message: m.TurnMessage, out: list[DeviceEffect]) -> None:
    session, table = device.session, device.table
    if session is None or table is None:
        device.note = say("info", "device.joining")
        return
    if device.awaiting is not None and not isinstance(message, m.TapHex):
        device.note = say("info", "device.sent")
        return
    if isinstance(message, m.Undo):
        out.append(Send(wire.device_text(wire.TakeBack(table.n))))
        device.awaiting = table.n
        return
    session.update(message)
    device.note = session.note
    outbox = session.outbox or []
    if outbox:
        action = outbox.pop(0)
        outbox.clear()
        out.append(Send(wire.device_text(wire.Act(table.n, str(action)))))
        device.awaiting = table.n
