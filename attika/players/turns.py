"""Whole turns compared: the hint's move, and a sparring partner of its own.

``plans.decide`` (the normal level of 3- and 4-player games, and normal-2's policy)
weighs each action on its own; a turn is several
actions, and a draw, an amphora or a build that frees the next one show their worth only
when the turn is played to its end. So every promising first action (:func:`turn_options`)
is played and the rest of the turn finished by ``decide``, and the actions are ranked by
the ``heuristics.margin`` their finished turn leaves. A few milliseconds a decision.

On its own (the ``turns`` sparring partner) this beat the normal level of the time, now
normal-2, in 78 of 100 2-player games and the one-turn planner in 124 of 200
(docs/benchmarks.md); ``decide`` stays the quick policy strong's playouts use.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..actions import Action, Build, DrawBuilding, EndTurn, PlaceTile, SpendAmphora, StoreBuilding
from ..game import Game
from ..rng import Rng
from . import heuristics as hx
from . import tempo
from .base import done
from .plans import NORMAL, Situation, Style, build_value, decide, draw_values
from .world import View, determinise

#: At most this many first actions are played out.
OPTIONS = 16
#: A turn is finished within this many actions (a safety bound: a turn has fewer).
TURN = 12


def turn_options(game: Game) -> list[Action]:
    """The first actions worth playing out, ``decide``'s own first: its best four builds,
    every build on a rival chain that may close on that rival's next turn (or one later),
    the best stack, storing, an amphora and ending the turn. Empty when there is no choice
    worth a look-ahead (one legal action, or laying a tile)."""
    legal = game.legal_actions()
    if len(legal) <= 1 or isinstance(legal[0], PlaceTile):
        return []
    return first_actions(game, legal, lambda rival, length: length <= tempo.reach(game, rival) + 1)[
        :OPTIONS
    ]


def first_actions(
    game: Game,
    legal: list[Action],
    closing: Callable[[int, int], bool],
    style: Style = NORMAL,
) -> list[Action]:
    """``decide``'s choice, its best four builds, every build on a rival chain that is
    ``closing(rival, chain length)``, the best stack, storing, an amphora and ending the
    turn, each once, in that order: the actions a one-turn look-ahead plays out."""
    options: list[Action] = [decide(game, style)]
    sit = Situation.of(game)
    builds = [a for a in legal if isinstance(a, Build)]
    ranked = sorted(builds, key=lambda a: (-build_value(sit, a), str(a)))
    options += ranked[:4]
    for rival, theirs in sit.rivals:
        if closing(rival, theirs.length):
            options += [a for a in builds if theirs.through.get(a.hex) == theirs.length]
    if any(isinstance(a, DrawBuilding) for a in legal):
        draws = draw_values(sit)
        if draws:
            options.append(DrawBuilding(max(draws, key=lambda i: (draws[i], -i))))
    options += [a for a in (StoreBuilding(), SpendAmphora("action"), EndTurn()) if a in legal]
    unique: list[Action] = []
    for action in options:
        if action not in unique:
            unique.append(action)
    return unique


def finish_turn(game: Game, seat: int) -> int:
    """Play ``decide`` for the rest of the seat's turn; returns how many actions to pop."""
    steps = 0
    while game.winner is None and game.current == seat and steps < TURN:
        game.push(decide(game))
        steps += 1
    return steps


def ranked_turns(game: Game) -> list[tuple[float, Action]]:
    """Each first action with the margin its finished turn leaves, best first (ties keep
    ``decide``'s order). One entry, scored 0, when there is nothing to weigh. The game is
    left as it was."""
    return done(ranking(game))


def ranking(game: Game) -> Generator[None, None, list[tuple[float, Action]]]:
    """:func:`ranked_turns` as a generator that yields after each action it plays out, so
    a page thinking in slices stays responsive while the strong level ranks its options."""
    options = turn_options(game)
    if not options:
        return [(0.0, decide(game))]
    seat = game.current
    scored: list[tuple[float, int, Action]] = []
    for i, action in enumerate(options):
        yield
        game.push(action)
        steps = 1
        # As finish_turn, with a yield between actions: a turn of a slow 4-player position
        # takes tens of milliseconds, a page slice should not.
        while game.winner is None and game.current == seat and steps <= TURN:
            yield
            game.push(decide(game))
            steps += 1
        scored.append((hx.margin(game, seat), i, action))
        for _ in range(steps):
            game.pop()
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(value, action) for value, _, action in scored]


class TurnsPlayer:
    """A few milliseconds per decision: the best first action of a whole planned turn."""

    name = "turns"

    def choose(self, view: View, rng: Rng) -> Action:
        return ranked_turns(determinise(view, rng))[0][1]
