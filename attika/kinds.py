"""Every kind of action, listed once: its name, its text, its fields, and how the page tells it.

The actions themselves are the frozen dataclasses of ``actions.py``; this registry is what
everything else reads instead of keeping its own list: ``parse_action`` reads the text by it,
a scenario's task names kinds by it, and the page finds here the translation keys of the log
line, the news and the hint for each (the words themselves live in ``web/i18n``; the rules
package only names them). tests/core/test_action_kinds.py fails when a kind lacks a piece.

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

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Literal, get_type_hints

from .actions import Action, Build, DrawBuilding, EndTurn, PlaceTile, SpendAmphora, StoreBuilding
from .cost import parse_cards
from .hexes import parse_hex

# -- the text of a field --------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    """One field as its action's text writes it: ``form`` names it in messages, ``read``
    turns the word back into the value or raises ``ValueError`` saying what is wrong."""

    form: str
    read: Callable[[str], Any]


def _among(words: tuple[str, ...], problem: str) -> Callable[[str], str]:
    def read(word: str) -> str:
        if word not in words:
            raise ValueError(f"{problem}, not {word!r}")
        return word

    return read


STACK = Word("STACK", lambda w: int(_among(("0", "1", "2", "3"), "a stack is 0, 1, 2 or 3")(w)))
BUILDING = Word("BUILDING", str.lower)
HEX = Word("q,r", parse_hex)
CARDS = Word("CARDS", parse_cards)
ROTATION = Word("ROTATION", lambda w: int(_among(tuple("012345"), "a rotation is 0 to 5")(w)))
USE = Word("action|card", _among(("action", "card"), "an amphora is spent for 'action' or 'card'"))

# -- how the page tells an event -------------------------------------------------------------

#: When the news line repeats an event's log line: after anyone's move ("always"), only for
#: moves a player catches up on (a computer's turn, the others' turns at the hand-over), or
#: never (a draw says nothing the board does not).
News = Literal["always", "catch-up", "never"]


@dataclass(frozen=True)
class Told:
    """One event of the log as the page words it: its line is the translation key
    ``log.<event>`` (or keys under it: a count, a variant), filled with ``params``."""

    event: str
    news: News
    #: The placeholders of the line besides the player's ``name`` (never a hex: the board
    #: shows the place, a line gives no coordinates).
    params: tuple[str, ...] = ()

    @property
    def log(self) -> str:
        return f"log.{self.event}"


# -- the kinds ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """One kind of action: the word that starts its text and names it in a scenario's task,
    its dataclass and the text of each field, the log events it writes itself, and its
    hint's keys (``hint_pick`` says which of them one action takes)."""

    name: str
    action: type
    words: tuple[Word, ...]
    told: tuple[Told, ...]
    hint: tuple[str, ...]
    hint_pick: Callable[[Any], int] = lambda action: 0

    @property
    def form(self) -> str:
        """How the text is written: ``build BUILDING q,r CARDS``."""
        return " ".join([self.name, *(w.form for w in self.words)])

    def fields(self) -> tuple[tuple[str, Any], ...]:
        """The action's fields and their types, in the order its text writes them."""
        hints = get_type_hints(self.action)
        return tuple((f.name, hints[f.name]) for f in fields(self.action))

    def read(self, args: list[str]) -> Action:
        """The action from the words after its name (their count already checked)."""
        return self.action(*(w.read(a) for w, a in zip(self.words, args, strict=True)))  # type: ignore[no-any-return]

    def hint_key(self, action: Action) -> str:
        return self.hint[self.hint_pick(action)]


ACTION_KINDS: tuple[Kind, ...] = (
    Kind(
        "draw",
        DrawBuilding,
        words=(STACK,),
        told=(Told("draw", "never", ("stack",)),),
        hint=("hint.move.draw-main", "hint.move.draw-other"),
        hint_pick=lambda a: int(a.stack != 0),
    ),
    Kind(
        "store",
        StoreBuilding,
        words=(),
        told=(Told("store", "catch-up", ("building",)),),
        hint=("hint.move.store",),
    ),
    Kind(
        "build",
        Build,
        words=(BUILDING, HEX, CARDS),
        told=(Told("build", "catch-up", ("building", "cards")),),
        hint=("hint.move.build",),
    ),
    Kind(
        "tile",
        PlaceTile,
        words=(HEX, ROTATION),
        told=(Told("tile", "always"),),
        hint=("hint.move.tile",),
    ),
    Kind(
        "amphora",
        SpendAmphora,
        words=(USE,),
        told=(Told("amphora-action", "catch-up"), Told("amphora-card", "always")),
        hint=("hint.move.amphora-action", "hint.move.amphora-card"),
        hint_pick=lambda a: int(a.use == "card"),
    ),
    Kind("end", EndTurn, words=(), told=(Told("end-turn", "always"),), hint=("hint.move.end",)),
)

#: Events that follow from an action rather than being one, told like the others.
FOLLOWING: tuple[Told, ...] = (
    Told("reveal-tile", "always"),
    Told("amphora", "always", ("group",)),
    Told("amphora-empty", "always", ("group",)),
    Told("win", "always"),
)

KIND_NAMED: dict[str, Kind] = {k.name: k for k in ACTION_KINDS}
KIND_OF: dict[type, Kind] = {k.action: k for k in ACTION_KINDS}
#: Every event the log may hold, by its name.
TOLD: dict[str, Told] = {t.event: t for k in ACTION_KINDS for t in k.told} | {
    t.event: t for t in FOLLOWING
}


def kind_of(action: Action) -> Kind:
    return KIND_OF[type(action)]


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
    kind = KIND_NAMED.get(verb)
    if kind is None:
        raise ValueError(f"unknown action {verb!r} ({', '.join(KIND_NAMED)})")
    if len(args) != len(kind.words):
        raise ValueError(f"{verb!r} is written {kind.form!r}, not {text!r}")
    return kind.read(args)
