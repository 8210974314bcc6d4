"""The normal level: the yardstick's whole-turn plan, checked one round ahead.

In a 2-player game every decision is the yardstick's (yardstick.py: the work left to win
either way, a whole turn planned at once), except at the start of a turn: there each way to
open the turn (the yardstick's choice, the first build of its build plan, a draw from each
stack, taking cards) is played out in one world dealt from the seat's view, the seat's turn
and then the rival's turn as the yardstick would play them, and the opening that leaves the
seat's standing best against the rival's (standing.margin with the shrine race's tempo) is
played. The look ahead sees a rival's answer the plan alone misses: a chain it can close or
cut, a build it takes first. With three or four players the level plays plans.py's turn
planning, as before (:func:`looking`). Measured in docs/benchmarks.md ("the normal level,
planned by the yardstick and checked one round ahead"); the level before it is the sparring
partner ``normal-2`` (sparring.py), whose policy strong's playouts and the hints still play
for the other seats.
"""

from __future__ import annotations

from collections.abc import Generator

from ..actions import Action, DrawBuilding, EndTurn
from ..game import Game
from ..rng import Rng
from . import standing, tempo
from .base import done
from .greedy import cards_to_take
from .plans import NORMAL, deciding
from .world import View, determinise
from .yardstick import build_turn, choosing

#: Actions a look ahead plays at most (two turns are far fewer).
STEPS = 200


def openings(game: Game, first: Action) -> Generator[None, None, list[Action]]:
    """The ways to open a fresh turn worth a look: the yardstick's choice first (it wins
    ties), the first build of its build plan, a draw from each stack, taking cards."""
    found = [first]
    _, build = yield from build_turn(game, 3)
    if build is not None and build not in found:
        found.append(build)
    legal = game.legal_actions()
    found += [a for a in legal if isinstance(a, DrawBuilding) and a not in found]
    if EndTurn() in legal and EndTurn() not in found and cards_to_take(game):
        found.append(EndTurn())
    return found


def round_after(world: Game, seat: int, action: Action) -> Generator[None, None, float]:
    """The seat's margin after ``action``, the rest of its turn and the rival's turn, all
    played by the yardstick; the world is left as it was. Yields inside the yardstick's
    decisions, so a page stays responsive."""
    stop = world.turn_number + len(world.players)
    world.push(action)
    steps = 1
    while world.winner is None and world.turn_number < stop and steps < STEPS:
        world.push((yield from choosing(world)))
        steps += 1
    score = standing.margin(world, seat) + tempo.race(world, seat)
    for _ in range(steps):
        world.pop()
    return score


def looking(game: Game) -> Generator[None, None, Action]:
    """The normal level's action in ``game`` (a world dealt from the seat's view). With
    three or four players it plays plans.py's turn planning, as before issue 42: the
    yardstick's decisions there cost tens of milliseconds and the look ahead ten times
    that (a 4-player game of normal self-play about ten times slower), and what they would
    gain there is not measured; the 3- and 4-player figures (docs/balance.md, strong as one
    against three normal) stay those of plans.py."""
    if len(game.players) > 2:
        return (yield from deciding(game, NORMAL))
    first = yield from choosing(game)
    turn = game.turn
    fresh = turn.mode is None and turn.tile is None and turn.drawn is None
    if not fresh or turn.cards_taken:
        return first
    options = yield from openings(game, first)
    if len(options) == 1:
        return first
    seat = game.current
    scores = []
    for action in options:
        scores.append((yield from round_after(game, seat, action)))
    best = max(range(len(options)), key=lambda i: (scores[i], -i))
    return options[best]


class NormalPlayer:
    """A few milliseconds a decision, a few tens at a turn's start; plans its turn by the
    work left to win and checks its opening against the rivals' answers."""

    name = "normal"

    def choose(self, view: View, rng: Rng) -> Action:
        return done(self.think(view, rng))

    def think(self, view: View, rng: Rng) -> Generator[None, None, Action]:
        """:meth:`choose` as a generator that yields every few milliseconds (the page
        thinks in slices); the same view and generator give the same action."""
        return (yield from looking(determinise(view, rng)))
