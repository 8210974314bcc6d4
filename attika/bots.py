"""Computer players by name, each callable as ``BOTS[name](game, rng) -> Action``.

The levels live in :mod:`attika.players` and see only their seat's view; the
wrapper here hands them ``game.view(game.current)``, never the game, so a
tournament or simulation that holds the whole game cannot leak a hidden card.
``greedy`` is the old name of ``easy``. ``greedy_bot`` and ``random_bot`` are the
plain functions on a whole game, for tests that script positions.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action
from .game import Game
from .limits import EDITION
from .players import LEVELS, ComputerPlayer
from .players.greedy import greedy_bot, random_bot
from .rng import Rng

Bot = Callable[[Game, Rng], Action]


def seated(player: ComputerPlayer) -> Bot:
    """A bot that shows ``player`` only the view of the seat to play."""

    def bot(game: Game, rng: Rng) -> Action:
        return player.choose(game.view(game.current), rng)

    bot.__name__ = f"{player.name}_bot"
    return bot


BOTS: dict[str, Bot] = {name: seated(make()) for name, make in LEVELS.items()}
BOTS["greedy"] = BOTS["easy"]


def random_position(players: int, seed: int, steps: int, edition: int = EDITION) -> Game:
    """The game after ``steps`` random legal actions drawn from ``seed`` (or its end, if sooner).

    The same on every Python, so tests and benchmarks can name a position by three numbers
    (and the rules edition, which picks the start layout).
    """
    game = Game.new(players, seed, edition=edition)
    rng = Rng(seed)
    for _ in range(steps):
        if game.winner is not None:
            break
        game.apply(random_bot(game, rng))
    return game


__all__ = ["BOTS", "Bot", "greedy_bot", "random_bot", "random_position", "seated"]
