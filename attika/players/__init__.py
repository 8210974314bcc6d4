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

import time
from collections.abc import Callable, Generator
from typing import Any

from ..actions import Action
from ..rng import Rng
from .base import ComputerPlayer, EasyPlayer, RandomPlayer, at_once
from .hints import Hint, hint
from .normal import NormalPlayer
from .search import DEFAULT_BUDGET, StrongPlayer
from .world import View, determinise

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


def thinking(
    level: str,
    view: View,
    seed: int,
    *,
    seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Generator[None, None, Action]:
    """The choice of a ``level`` player for the seat whose view this is, as a generator
    that yields every few milliseconds and returns the action: a page runs it in slices
    and stays responsive. Same view and seed, same action: the strong level's search is
    bounded by playouts and work done (search.DEFAULT_BUDGET, DEFAULT_WORK), so every
    machine plays the same player. ``seconds``, measured on ``clock``, would cut it short
    on a slow device (a weaker move in time); leave it out to play the player the
    benchmarks measured. The normal level yields inside its look ahead (tens of
    milliseconds at a turn's start); the quick levels decide at once, without yielding."""
    rng = Rng(seed)
    if level == "strong":
        return StrongPlayer(seconds=seconds, clock=clock).think(view, rng)
    if level == "normal":
        return NormalPlayer().think(view, rng)
    return at_once(make_player(level), view, rng)


__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "ComputerPlayer",
    "EasyPlayer",
    "Hint",
    "NormalPlayer",
    "RandomPlayer",
    "StrongPlayer",
    "determinise",
    "hint",
    "make_player",
    "thinking",
]
