"""The computer player's contract, and the two simplest levels.

A computer player sees exactly what its seat may see: ``choose`` gets the
seat's view (``game.view(seat)``, a JSON-like dict) and a random generator,
never the game. To think ahead it deals itself a whole game consistent with
the view (:func:`~attika.players.world.determinise`).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Protocol, TypeVar

from ..actions import Action
from ..rng import Rng
from .greedy import greedy_bot, random_bot
from .world import View, determinise


class ComputerPlayer(Protocol):
    """A level of computer opponent."""

    name: str

    def choose(self, view: View, rng: Rng) -> Action:
        """The action for the seat whose view this is (it must be that seat's turn)."""
        ...


T = TypeVar("T")


def done(steps: Generator[None, None, T]) -> T:
    """Run a thinking generator to its end and return its result: a level thinks once, as
    a generator a page can run in slices, and this is that same thinking all at once."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            result: T = end.value
            return result


def at_once(player: ComputerPlayer, view: View, rng: Rng) -> Generator[None, None, Action]:
    """:func:`done`'s mirror: a level that only decides at once (a millisecond or two), as
    a thinking generator that never yields, so a page runs every level the same way."""
    return player.choose(view, rng)
    yield


class RandomPlayer:
    """Any legal action, uniformly: the floor every level must beat."""

    name = "random"

    def choose(self, view: View, rng: Rng) -> Action:
        return random_bot(determinise(view, rng), rng)


class EasyPlayer:
    """The greedy bot: cheap builds on the shortest own shrine chain, never a block.

    A beginner can beat it; it reads only public facts and its own hand.
    """

    name = "easy"

    def choose(self, view: View, rng: Rng) -> Action:
        return greedy_bot(determinise(view, rng), rng)
