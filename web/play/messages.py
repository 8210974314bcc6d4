"""What a player does at the table, as values: the messages a turn's store understands.

A tap on the page carries a command and its argument in its markup (``data-cmd="hex"
data-arg="3,-2"``); the binder reads them and :func:`turn_message` turns them into one of
these frozen messages, the one place where the page's command words are read. A message
that cannot be read (a hand-made or stale command) becomes :class:`Unreadable`, which the
store answers with a message to the player and no change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from attika import Hex, parse_hex


@dataclass(frozen=True)
class Continue:
    """The player the device was passed to takes it: their hand may show."""


@dataclass(frozen=True)
class Select:
    """Choose a building to place (a stored one or the one just drawn); again: put it down."""

    building: str


@dataclass(frozen=True)
class TapHex:
    """A hex tapped: the place for the chosen building, or a question of what is on it."""

    hex: Hex


@dataclass(frozen=True)
class Pay:
    """One card more (``step`` 1) or fewer (-1) of one landscape in the payment."""

    landscape: int
    step: int


@dataclass(frozen=True)
class Cheapest:
    """Back to the cheapest payment for the chosen place."""


@dataclass(frozen=True)
class Cancel:
    """Take back the last half-made choice: the place, the tile's site, the building."""


@dataclass(frozen=True)
class Confirm:
    """Play the half-made choice: the build as paid, or the tile as placed."""


@dataclass(frozen=True)
class Draw:
    """Draw a building from a stack (0: the main stack)."""

    stack: int


@dataclass(frozen=True)
class Store:
    """Put the drawn building on the player board."""


@dataclass(frozen=True)
class Amphora:
    """Spend an amphora for one more action or for cards."""

    use: Literal["action", "card"]


@dataclass(frozen=True)
class End:
    """End the turn; with actions left the page asks first, and ``sure`` is the yes."""

    sure: bool = False


@dataclass(frozen=True)
class Undo:
    """Take back the last action, where the rules allow it."""


@dataclass(frozen=True)
class Site:
    """Where the revealed tile goes; the same site again places it."""

    hex: Hex


@dataclass(frozen=True)
class Rotate:
    """Turn the tile one step clockwise (1) or back (-1)."""

    step: int


@dataclass(frozen=True)
class AskHint:
    """Show the suggested move, or hide it again."""


@dataclass(frozen=True)
class Unreadable:
    """A command that names nothing the table knows, or holds a value it cannot read."""

    command: str
    detail: str = ""


TurnMessage = (
    Continue
    | Select
    | TapHex
    | Pay
    | Cheapest
    | Cancel
    | Confirm
    | Draw
    | Store
    | Amphora
    | End
    | Undo
    | Site
    | Rotate
    | AskHint
    | Unreadable
)


def seat_number(text: str) -> int:
    """A seat from a command's argument: 0 to 3 (a game has at most four players)."""
    seat = int(text) if text.isascii() and text.isdigit() and len(text) == 1 else -1
    if not 0 <= seat <= 3:
        raise ValueError(f"no seat {text[:20]!r}")
    return seat


def _pay(arg: str) -> Pay:
    if arg[:1] not in ("+", "-"):
        raise ValueError(arg)
    return Pay(int(arg[1:]), 1 if arg[0] == "+" else -1)


def _amphora(arg: str) -> Amphora:
    if arg == "action":
        return Amphora("action")
    if arg == "card":
        return Amphora("card")
    raise ValueError(arg)


#: The page's command words (``data-cmd``) for a turn, each with how its argument is read.
READERS: dict[str, Callable[[str], TurnMessage]] = {
    "continue": lambda arg: Continue(),
    "select": Select,
    "hex": lambda arg: TapHex(parse_hex(arg)),
    "pay": _pay,
    "cheapest": lambda arg: Cheapest(),
    "cancel": lambda arg: Cancel(),
    "confirm": lambda arg: Confirm(),
    "draw": lambda arg: Draw(int(arg)),
    "store": lambda arg: Store(),
    "amphora": _amphora,
    "end": lambda arg: End(arg == "sure"),
    "undo": lambda arg: Undo(),
    "site": lambda arg: Site(parse_hex(arg)),
    "rotate": lambda arg: Rotate(-1 if arg == "-1" else 1),
    "hint": lambda arg: AskHint(),
}


def turn_message(command: str, arg: str = "") -> TurnMessage:
    """The message a tap's command and argument stand for; :class:`Unreadable` if none."""
    reader = READERS.get(command)
    if reader is None:
        return Unreadable(command)
    try:
        return reader(arg)
    except (ValueError, IndexError) as exc:
        return Unreadable(command, str(exc))
