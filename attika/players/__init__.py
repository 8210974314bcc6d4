"""Computer opponents, by level: ``random``, ``easy``, ``normal``, ``strong``.

Each level is a class with one method, ``choose(view, rng) -> Action``: it gets
the seat's view (``game.view(seat)``) and a seeded generator, never the game, so
it cannot use what its seat may not see. Levels that look ahead deal
themselves a whole game from the view (:func:`determinise`).

>>> import attika
>>> from attika.players import make_player
>>> from attika.rng import Rng
>>> game = attika.new_game(2, seed=3)
>>> action = make_player("normal").choose(game.view(game.current), Rng(1))
>>> game.is_legal(action)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import ComputerPlayer, EasyPlayer, RandomPlayer
from .normal import NormalPlayer
from .search import DEFAULT_BUDGET, StrongPlayer
from .world import determinise

#: Every level by name, weakest first.
LEVELS: dict[str, Callable[[], ComputerPlayer]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "strong": StrongPlayer,
}


def make_player(level: str, **options: Any) -> ComputerPlayer:
    """A computer player of ``level``; ``options`` go to its class (``strong``: ``budget=``)."""
    try:
        make = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}") from None
    return make(**options)


__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "ComputerPlayer",
    "EasyPlayer",
    "NormalPlayer",
    "RandomPlayer",
    "StrongPlayer",
    "determinise",
    "make_player",
]
