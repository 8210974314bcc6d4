"""Actions: small immutable values whose text (``str``) round-trips.

Each kind of action, its text and how it is read back and told on the page are listed once
in ``kinds.py``; here are the values themselves and the check that their fields are sound.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .components import Cards
from .cost import cards_text
from .errors import IllegalAction
from .hexes import Hex, format_hex


@dataclass(frozen=True)
class DrawBuilding:
    stack: int

    def __str__(self) -> str:
        return f"draw {self.stack}"


@dataclass(frozen=True)
class StoreBuilding:
    def __str__(self) -> str:
        return "store"


@dataclass(frozen=True)
class Build:
    building: str
    hex: Hex
    payment: Cards

    def __str__(self) -> str:
        return f"build {self.building} {format_hex(self.hex)} {cards_text(self.payment)}"


@dataclass(frozen=True)
class PlaceTile:
    centre: Hex
    rotation: int

    def __str__(self) -> str:
        return f"tile {format_hex(self.centre)} {self.rotation}"


@dataclass(frozen=True)
class SpendAmphora:
    use: Literal["action", "card"]

    def __str__(self) -> str:
        return f"amphora {self.use}"


@dataclass(frozen=True)
class EndTurn:
    def __str__(self) -> str:
        return "end"


Action = DrawBuilding | StoreBuilding | Build | PlaceTile | SpendAmphora | EndTurn


def _whole(value: object) -> bool:
    """An int that is not a bool: True is an int to Python, but not a stack number."""
    return type(value) is int


def _is_hex(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(_whole(v) for v in value)


def validate(action: object) -> None:
    """Refuse an action whose fields could not have come from its notation.

    Actions built in code are checked like actions read from text, before any rule:
    each field must have its type and range (bools are not numbers, card counts are not
    negative), so an accepted action always writes a record the game can read back.
    Rules that depend on the position (which stacks exist, which buildings) come later.
    """

    def bad(field: str, wanted: str, value: object) -> IllegalAction:
        kind = type(action).__name__
        return IllegalAction(
            "malformed",
            f"{kind}.{field} must be {wanted}, not {value!r}",
            field=f"{kind}.{field}",
        )

    match action:
        case DrawBuilding(stack=stack):
            if not _whole(stack):
                raise bad("stack", "a whole number", stack)
        case Build(building=kind, hex=h, payment=payment):
            if not isinstance(kind, str):
                raise bad("building", "a building's name", kind)
            if not _is_hex(h):
                raise bad("hex", "a pair of whole numbers (q, r)", h)
            if not (
                isinstance(payment, tuple)
                and len(payment) == 4
                and all(_whole(n) and n >= 0 for n in payment)
            ):
                raise bad("payment", "4 card counts of 0 or more (H, M, F, W)", payment)
        case PlaceTile(centre=centre, rotation=rotation):
            if not _is_hex(centre):
                raise bad("centre", "a pair of whole numbers (q, r)", centre)
            if not _whole(rotation):
                raise bad("rotation", "a whole number", rotation)
        case SpendAmphora(use=use):
            if not isinstance(use, str) or use not in ("action", "card"):  # type first
                raise bad("use", "'action' or 'card'", use)
        case StoreBuilding() | EndTurn():
            pass
        case _:
            raise IllegalAction(
                "unknown-action", f"{action!r} is not an action of this game.", action=repr(action)
            )
