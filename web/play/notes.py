"""What the table tells the player after a tap, as values, and their wording.

The session keeps a note as data (a text key and its values, a refusal from the rules, the
log lines an undo took back), never as words: the scene words it when it is drawn, so a
language switch rewords a note already shown, and the store holds no text of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from attika import Board, Hex, IllegalAction, Refusal

from ..core.refusals import refusal_text, rule_message, site_text
from ..core.text import building_name, landscape_name, t

if TYPE_CHECKING:
    from .log_lines import LogLine

Kind = Literal["error", "info"]


@dataclass(frozen=True)
class Said:
    """A text key of the translations with its values."""

    kind: Kind
    key: str
    values: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class RuleBroken:
    """The rules refused an action; the refusal names the rule."""

    error: IllegalAction
    kind: Kind = "error"


@dataclass(frozen=True)
class Refused:
    """The rules say why a building cannot be chosen now, or, with ``building``, why the
    chosen building cannot go on that hex."""

    refusal: Refusal
    building: str | None = None
    kind: Kind = "error"


@dataclass(frozen=True)
class TakenBack:
    """An undo: the log lines of the action taken back, told again."""

    lines: tuple[LogLine, ...]
    kind: Kind = "info"


@dataclass(frozen=True)
class Nowhere:
    """The chosen building has no place on the board now: a refusal, shown as one."""

    building: str
    kind: Kind = "error"


@dataclass(frozen=True)
class OnHex:
    """What stands on a tapped hex: ``what`` is shrine, off-board, building, plain or
    landscape; the building and its owner's name, or the landscape, where there is one."""

    what: str
    building: str = ""
    name: str = ""
    landscape: int | None = None
    kind: Kind = "info"


@dataclass(frozen=True)
class Plain:
    """Words that already come worded from outside the game (the browser refusing a save)."""

    text: str
    kind: Kind = "error"


Note = Said | RuleBroken | Refused | Nowhere | OnHex | TakenBack | Plain


def say(kind: Kind, key: str, **values: object) -> Said:
    """A note from a text key and its values."""
    return Said(kind, key, tuple(values.items()))


def on_hex(board: Board, h: Hex, names: list[str]) -> OnHex:
    """What is on a hex: the tap-for-information the page offers everywhere."""
    if h in board.shrines:
        return OnHex("shrine")
    if h not in board.landscape:
        return OnHex("off-board")
    placed = board.buildings.get(h)
    if placed is not None:
        seat, kind = placed
        return OnHex("building", building=kind, name=names[seat])
    land = board.landscape[h]
    return OnHex("plain") if land is None else OnHex("landscape", landscape=land)


def note_text(note: Note) -> str:
    """The note in the language spoken now."""
    match note:
        case Said(key=key, values=values):
            return t(key, **dict(values))
        case RuleBroken(error=error):
            return rule_message(error)
        case Refused(refusal=refusal, building=None):
            return refusal_text(refusal)
        case Refused(refusal=refusal, building=str(building)):
            return site_text(building, refusal)
        case Nowhere(building=building):
            return t("select.nowhere", building=building_name(building))
        case OnHex(what="building", building=building, name=name):
            return t("hex.building", building=building_name(building), name=name)
        case OnHex(what="landscape", landscape=land) if land is not None:
            return t("hex.landscape", landscape=landscape_name(land))
        case OnHex(what=what):
            return t(f"hex.{what}")
        case TakenBack(lines=lines):
            return t("undo.done", what=" ".join(line.text for line in lines))
        case Plain(text=text):
            return text
    raise TypeError(note)


def shown(note: Note | None) -> tuple[str, str] | None:
    """(kind, words) for the panel, or None."""
    return None if note is None else (note.kind, note_text(note))
