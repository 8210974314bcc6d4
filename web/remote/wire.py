"""What travels between the table's host and a player's own device, and how it is read.

Two directions, each a small JSON text. The host sends a seat ``SeatTable`` updates: the game
as that seat may see it (``game.view(seat)``), the log as that seat witnessed it
(``attika.witnessed``), who sits where and who is connected, and why its last message was
refused. A device that came through a relayed room and holds no seat yet is sent the seats
still open (``OpenSeats``); it answers ``Claim``, and the host gives it the seat and that
seat's token (``Welcome``), which the device keeps to take its seat again after a reload.
A device sends the host ``Hello`` (take my seat: its number and the seat's token), ``Claim``,
``Act`` (an action in the rules' notation, for the position after ``n`` actions) and
``TakeBack``.

Everything a device sends is untrusted: :func:`read_from_device` bounds its size and depth
before parsing, checks every field's type and range, and answers anything else with a
``Declined`` carrying a reason code the device words in its player's language. A device reads
the host's texts with :func:`read_from_host`, bounded likewise (the host may be a page a
stranger opened).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, TypeGuard

from attika import InputRefused, read_json

#: The version of these texts; a device of another version is told so, never half-read.
VERSION = 1
#: The longest text a device may send (an action is at most a few dozen characters).
DEVICE_CHARS = 1_000
#: The longest text the host may send: a whole game's view and log at its longest.
HOST_CHARS = 400_000
#: At most this many messages from one device in a burst, then one more a second.
BURST = 20
PER_SECOND = 4.0
#: A seat's token: random letters and digits from the host, kept on the device.
TOKEN_CHARS = (16, 64)


@dataclass(frozen=True)
class Hello:
    """Seat me: the seat the invitation named, and its token."""

    seat: int
    token: str


@dataclass(frozen=True)
class Claim:
    """Give me this open seat (a device that joined through the room's shared link)."""

    seat: int


@dataclass(frozen=True)
class Act:
    """Play ``action`` (the rules' notation) in the position after ``n`` actions."""

    n: int
    action: str


@dataclass(frozen=True)
class TakeBack:
    """Take back my last action, if the position is still after ``n`` actions."""

    n: int


@dataclass(frozen=True)
class Declined:
    """A text that is not a message, or a message the host will not carry out: the reason
    as a code (``wire.<code>`` or a rule of the game) and the facts to word it with."""

    code: str
    params: tuple[tuple[str, object], ...] = ()


FromDevice = Hello | Claim | Act | TakeBack


def read_from_device(text: object) -> FromDevice | Declined:
    """A device's text as a message, or why it is not one. Never raises."""
    try:
        data = read_json(text, DEVICE_CHARS, "the message")
    except InputRefused as exc:
        return Declined(f"wire.{exc.code}", tuple(sorted(exc.params.items())))
    if not isinstance(data, dict) or data.get("v") != VERSION:
        return Declined("wire.version")
    kind = data.get("t")
    if kind == "hello":
        seat, token = data.get("seat"), data.get("token")
        if not _small_int(seat, 3) or not _token(token):
            return Declined("wire.shape", (("message", "hello"),))
        return Hello(seat, token)
    if kind == "claim":
        seat = data.get("seat")
        if not _small_int(seat, 3):
            return Declined("wire.shape", (("message", "claim"),))
        return Claim(seat)
    if kind == "act":
        n, action = data.get("n"), data.get("action")
        if not _small_int(n, 10_000) or not isinstance(action, str) or len(action) > 80:
            return Declined("wire.shape", (("message", "act"),))
        return Act(n, action)
    if kind == "undo":
        n = data.get("n")
        if not _small_int(n, 10_000):
            return Declined("wire.shape", (("message", "undo"),))
        return TakeBack(n)
    return Declined("wire.kind")


def device_text(message: FromDevice) -> str:
    """What a device sends for ``message``."""
    match message:
        case Hello(seat=seat, token=token):
            data: dict[str, Any] = {"t": "hello", "seat": seat, "token": token}
        case Claim(seat=seat):
            data = {"t": "claim", "seat": seat}
        case Act(n=n, action=action):
            data = {"t": "act", "n": n, "action": action}
        case TakeBack(n=n):
            data = {"t": "undo", "n": n}
    return json.dumps({"v": VERSION, **data}, separators=(",", ":"))


def _small_int(value: object, most: int) -> TypeGuard[int]:
    return type(value) is int and 0 <= value <= most


def _token(value: object) -> TypeGuard[str]:
    low, high = TOKEN_CHARS
    return (
        isinstance(value, str) and low <= len(value) <= high and value.isascii() and value.isalnum()
    )


# -- from the host -------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatTable:
    """The game as one seat may know it, sent after every change and on every (re)join."""

    seat: int
    #: How many actions the game has had: a device's action names the position it is for.
    n: int
    view: dict[str, Any]
    names: tuple[str, ...]
    city_states: tuple[str, ...]
    #: Who plays each seat: ``human`` (at the host), ``device``, or a computer level.
    seats: tuple[str, ...]
    #: Whether each seat's device is connected now (always True for the others).
    present: tuple[bool, ...]
    #: The log as this seat witnessed it: (turn, seat, event) from line ``log_from`` on.
    log_from: int
    log: tuple[tuple[int, int, dict[str, Any]], ...]
    #: Why this seat's last message was not carried out (None: it was, or none came).
    refused: Declined | None = None


@dataclass(frozen=True)
class OpenSeats:
    """The seats a newcomer may take: (seat, player's name, city-state) each; none left is
    an empty tuple (the device then says the table is full)."""

    seats: tuple[tuple[int, str, str], ...]


@dataclass(frozen=True)
class Welcome:
    """The seat is yours: its number and its token (keep it to take the seat again)."""

    seat: int
    token: str


FromHost = SeatTable | OpenSeats | Welcome | Declined


def _text(kind: str, data: dict[str, Any]) -> str:
    return json.dumps(
        {"v": VERSION, "t": kind, **data}, separators=(",", ":"), sort_keys=True, ensure_ascii=False
    )


def seats_text(seats: OpenSeats) -> str:
    return _text("seats", {"open": [list(s) for s in seats.seats]})


def welcome_text(welcome: Welcome) -> str:
    return _text("seated", {"seat": welcome.seat, "token": welcome.token})


def refused_text(why: Declined) -> str:
    """Why a device without a seat was refused (a seated one gets its table with it)."""
    return _text("refused", {"code": why.code, "params": dict(why.params)})


def host_text(table: SeatTable) -> str:
    """What the host sends one seat: compact JSON, keys sorted, so the same facts are the
    same bytes (the fairness test compares them)."""
    return _text(
        "table",
        {
            "seat": table.seat,
            "n": table.n,
            "view": table.view,
            "names": list(table.names),
            "city_states": list(table.city_states),
            "seats": list(table.seats),
            "present": list(table.present),
            "log_from": table.log_from,
            "log": [list(line) for line in table.log],
            "refused": None
            if table.refused is None
            else {"code": table.refused.code, "params": dict(table.refused.params)},
        },
    )


def read_from_host(text: object) -> FromHost:
    """The host's text as a message, or why it is not one. Never raises; the view inside a
    table is checked by the rules when the device builds its game from it, and a view they
    cannot read is refused there."""
    try:
        data = read_json(text, HOST_CHARS, "the table")
    except InputRefused as exc:
        return Declined(f"wire.{exc.code}", tuple(sorted(exc.params.items())))
    if not isinstance(data, dict) or data.get("v") != VERSION:
        return Declined("wire.version")
    kind = data.get("t")
    try:
        if kind == "table":
            return _seat_table(data)
        if kind == "seats":
            seats = _list(data["open"], None)
            if len(seats) > 4:
                raise ValueError(seats)
            return OpenSeats(tuple(_open_seat(s) for s in seats))
        if kind == "seated":
            seat, token = data["seat"], data["token"]
            if not _small_int(seat, 3) or not _token(token):
                raise ValueError(data)
            return Welcome(seat, token)
        if kind == "refused":
            return Declined(_code(data["code"]), _params(data["params"]))
    except (KeyError, TypeError, ValueError):
        return Declined("wire.shape", (("message", str(kind)[:20]),))
    return Declined("wire.kind")


def _seat_table(data: dict[str, Any]) -> SeatTable:
    count = len(_list(data["names"], None))
    if not 2 <= count <= 4:
        raise ValueError(count)
    refused = data["refused"]
    return SeatTable(
        seat=_int(data["seat"], count - 1),
        n=_int(data["n"], 10_000),
        view=_dict(data["view"]),
        names=_strings(data["names"], count),
        city_states=_strings(data["city_states"], count),
        seats=_strings(data["seats"], count),
        present=tuple(bool(p) for p in _list(data["present"], count)),
        log_from=_int(data["log_from"], 100_000),
        log=tuple(_line(line, count) for line in _list(data["log"], None)),
        refused=None
        if refused is None
        else Declined(_code(refused["code"]), _params(refused["params"])),
    )


def _open_seat(value: object) -> tuple[int, str, str]:
    seat, name, city_state = _list(value, 3)
    if not isinstance(name, str) or not isinstance(city_state, str):
        raise TypeError(value)
    if len(name) > 60 or len(city_state) > 20:
        raise ValueError(value)
    return _int(seat, 3), name, city_state


def _code(value: object) -> str:
    """A reason code: a word the device looks up, never shown as it came."""
    if not isinstance(value, str) or not value or len(value) > 60:
        raise ValueError(value)
    if not all(c.isascii() and (c.isalnum() or c in ".-_") for c in value):
        raise ValueError(value)
    return value


def _params(value: object) -> tuple[tuple[str, object], ...]:
    """The facts a reason is worded with: a few plain values, each short."""
    items = _dict(value)
    if len(items) > 12:
        raise ValueError(value)
    out = []
    for key, item in sorted(items.items()):
        if not isinstance(key, str) or len(key) > 30:
            raise ValueError(value)
        if isinstance(item, str):
            item = item[:200]
        elif not (isinstance(item, (int, float, bool)) or item is None):
            raise TypeError(value)
        out.append((key, item))
    return tuple(out)


def _int(value: object, most: int) -> int:
    if not _small_int(value, most):
        raise ValueError(value)
    return value


def _dict(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError(value)
    return value


def _list(value: object, count: int | None) -> list[Any]:
    if not isinstance(value, list) or (count is not None and len(value) != count):
        raise TypeError(value)
    return value


def _strings(value: object, count: int) -> tuple[str, ...]:
    items = _list(value, count)
    if not all(isinstance(s, str) and len(s) <= 60 for s in items):
        raise TypeError(value)
    return tuple(items)


def _line(value: object, count: int) -> tuple[int, int, dict[str, Any]]:
    turn, seat, event = _list(value, 3)
    event = _dict(event)
    if not isinstance(event.get("event"), str) or event.get("seat") != seat:
        raise ValueError(value)
    return _int(turn, 10_000), _int(seat, count - 1), event


class Rate:
    """How often one device may send: a burst of :data:`BURST`, then :data:`PER_SECOND`.
    A message over the rate is dropped unread (and the device told once)."""

    def __init__(self, now: float) -> None:
        self.tokens = float(BURST)
        self.at = now

    def allow(self, now: float) -> bool:
        self.tokens = min(float(BURST), self.tokens + (now - self.at) * PER_SECOND)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True
