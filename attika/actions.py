"""Actions: small immutable values with a text notation that round-trips.

=====================  ====================================================
``draw 2``             draw the top building of stack 2 (0 is the main stack)
``store``              put the building just drawn on its space of the player board
``build tower 3,-2 HM``  place a tower on hex 3,-2 paying hill + mountain
``build road 0,1 -``   place a road paying nothing
``tile 4,-1 2``        lay the revealed board tile with its centre on 4,-1, turned 2 sixths
``amphora action``     spend an amphora for one more draw or build this turn
``amphora card``       spend an amphora for one landscape card
``end``                end the turn, taking a card for every action not used
=====================  ====================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .components import Cards
from .cost import cards_text, parse_cards
from .errors import IllegalAction
from .hexes import Hex, format_hex, parse_hex


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


#: The longest action text read: the longest real one ("build fortress -10,-10 HHMMFFWW") has 30.
ACTION_CHARS = 120


def parse_action(text: str) -> Action:
    """Read an action from its notation; raises ``ValueError`` naming what is wrong."""
    if not isinstance(text, str) or len(text) > ACTION_CHARS:  # measured before it is read
        size = len(text) if isinstance(text, str) else type(text).__name__
        raise ValueError(f"an action is a text of at most {ACTION_CHARS} characters, not {size}")
    words = text.split()
    if not words:
        raise ValueError("an empty text is not an action")
    verb, args = words[0].lower(), words[1:]

    def expect(n: int, form: str) -> None:
        if len(args) != n:
            raise ValueError(f"{verb!r} is written {form!r}, not {text!r}")

    if verb == "draw":
        expect(1, "draw STACK")
        if args[0] not in ("0", "1", "2", "3"):
            raise ValueError(f"a stack is 0, 1, 2 or 3, not {args[0]!r}")
        return DrawBuilding(int(args[0]))
    if verb == "store":
        expect(0, "store")
        return StoreBuilding()
    if verb == "build":
        expect(3, "build BUILDING q,r CARDS")
        return Build(args[0].lower(), parse_hex(args[1]), parse_cards(args[2]))
    if verb == "tile":
        expect(2, "tile q,r ROTATION")
        if args[1] not in ("0", "1", "2", "3", "4", "5"):
            raise ValueError(f"a rotation is 0 to 5, not {args[1]!r}")
        return PlaceTile(parse_hex(args[0]), int(args[1]))
    if verb == "amphora":
        expect(1, "amphora action|card")
        if args[0] == "action":
            return SpendAmphora("action")
        if args[0] == "card":
            return SpendAmphora("card")
        raise ValueError(f"an amphora is spent for 'action' or 'card', not {args[0]!r}")
    if verb == "end":
        expect(0, "end")
        return EndTurn()
    raise ValueError(f"unknown action {verb!r} (draw, store, build, tile, amphora, end)")
