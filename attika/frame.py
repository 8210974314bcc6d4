"""The search frame: what one pushed action changed, and how ``pop`` puts it back.

``Game.push`` keeps a frame for every action a search tries, so it must be cheap. Its
slots and the code that fills and empties them are written once, at import, from the
facts declared in state.py and player.py (each says how pop restores it: ``undo=``), so a
new fact is added in one place and no field is listed twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from .facts import undone
from .player import Player
from .state import State

if TYPE_CHECKING:
    from .actions import Action


def _undo_plan(cls: type) -> tuple[str, ...]:
    """The fields of ``cls`` a search frame keeps, after checking every fact says how pop
    puts it back: a fact added without that answer stops the import, not a search."""
    missing = [f.name for f in fields(cls) if f.metadata.get("undo") is None]
    if missing:
        raise TypeError(f"{cls.__name__}: say how pop puts back {missing} (fact(undo=...))")
    return undone(cls, "kept")


def _written(name: str, args: str, lines: list[str]) -> Callable[..., Any]:
    """A function written out from the declared fields, as ``dataclasses`` writes
    ``__init__``: as fast as one written by hand, with no field listed twice."""
    namespace: dict[str, Any] = {}
    exec(f"def {name}({args}):\n" + "".join(f"    {line}\n" for line in lines), namespace)
    return namespace[name]  # type: ignore[no-any-return]


# Derived once, at import: a frame is made for every action a search tries.
_GAME_KEPT = _undo_plan(State)
_PLAYER_KEPT = _undo_plan(Player)
#: Facts changed in place whose ``state`` says all of them (the generator).
_GAME_STATES = undone(State, "state")
#: The frame's slots for the acting player's facts: ``player_hand``, ...
_PLAYER_SLOTS = tuple(f"player_{name}" for name in _PLAYER_KEPT)
#: The frame's slots, and how ``detached`` copies each (the rest are immutable).
_COPIES: dict[str, Callable[[Any], Any]] = {
    **{f.name: f.metadata["codec"].copy for f in fields(State) if f.name in _GAME_KEPT},
    **{
        f"player_{f.name}": f.metadata["codec"].copy
        for f in fields(Player)
        if f.name in _PLAYER_KEPT
    },
}


class Frame:
    """What one pushed action changed, so that ``pop`` can put it back: the values of the
    facts declared ``undo="kept"`` (of the game and of the acting player), the ``state`` of
    those declared ``undo="state"``, and how many tiles were face down."""

    __slots__ = ("action", "seat", "tile_stack", *_GAME_KEPT, *_GAME_STATES, *_PLAYER_SLOTS)
    action: Action
    seat: int
    tile_stack: int

    #: ``__init__(self, game, action)``: keeps what pop puts back.
    __init__ = _written(
        "__init__",
        "self, game, action",
        [
            "self.action = action",
            "self.seat = game.current",
            "self.tile_stack = len(game.tile_stack)",
            *(f"self.{name} = game.{name}" for name in _GAME_KEPT),
            *(f"self.{name} = game.{name}.state" for name in _GAME_STATES),
            "player = game.players[game.current]",
            *(f"self.player_{name} = player.{name}" for name in _PLAYER_KEPT),
        ],
    )

    def detached(self) -> Frame:
        """A copy holding its own lists, so two games never come to share one after a pop."""
        other: Frame = object.__new__(Frame)
        for name in Frame.__slots__:
            value = getattr(self, name)
            setattr(other, name, _COPIES[name](value) if name in _COPIES else value)
        return other


#: ``put_back(game, player, frame)``: the kept facts of the game and the acting player.
put_back = _written(
    "put_back",
    "game, player, frame",
    [
        *(f"game.{name} = frame.{name}" for name in _GAME_KEPT),
        *(f"game.{name}.state = frame.{name}" for name in _GAME_STATES),
        *(f"player.{name} = frame.player_{name}" for name in _PLAYER_KEPT),
    ],
)
