"""Sparring partners for measuring the levels: players of one style each, never offered in
the page (they are not in ``LEVELS``), so a rating is not the verdict of one opponent.

- ``racer``: builds on its own shortest shrine chain whenever it can pay, never blocks;
  otherwise plays as normal without its blocks.
- ``blocker``: cuts the shortest rival shrine chain whenever a build lengthens it, however
  far that rival is; otherwise plays as normal.
- ``planner``: one turn of look-ahead. Each of a few first actions is played and the rest
  of the turn finished by the normal player as first measured (``plans.FIRST``); the
  position is scored by the work every player has left to either win (buildings to link
  two shrines, or to place all 30), and a rival chain that could close on that rival's
  next turn weighs heavily, so it blocks it.
- ``turns``: the whole-turn ranking the hints use: every promising first action played to
  the end of the turn by the normal player, the best finished turn chosen (turns.py).
- ``normal-1``: the normal level as first measured in issue 29 (``plans.FIRST``, before it
  laid tiles away from rivals' shrine chains), kept so later versions are rated against it.
- ``normal-2``: the normal level before it planned by the yardstick (issue 42): the turn
  planning of plans.py as strong's playouts and the hints still play it, kept so the
  yardstick's calibration (it beat this player in 71.5% of 200 games) stays checkable.
- ``strong-1``: the strong level as it was before tempo-aware search (flat Monte Carlo
  over five candidates, each world played to the seat's next turn and scored by
  ``heuristics.margin``), its playouts played by the normal player as first measured
  (``plans.FIRST``), kept frozen here so later versions are rated against it.

Like every level, each reads only its seat's view (through :func:`determinise`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..actions import Action, Build, PlaceTile
from ..game import Game
from ..rng import Rng
from . import heuristics as hx
from .base import ComputerPlayer, done
from .plans import FIRST, NORMAL, Situation, decide
from .search import StrongPlayer, candidates
from .turns import TurnsPlayer, first_actions
from .world import View, determinise
from .yardstick import YardstickPlayer


class RacerPlayer:
    """Builds on its own shortest shrine chain at any price it can pay; never blocks."""

    name = "racer"

    def choose(self, view: View, rng: Rng) -> Action:
        game = determinise(view, rng)
        legal = game.legal_actions()
        mine = hx.chains(game.board, game.current)
        on_chain = [
            a
            for a in legal
            if isinstance(a, Build) and mine.through.get(a.hex, hx.FAR) <= mine.length < hx.FAR
        ]
        if on_chain:
            return min(on_chain, key=lambda a: (mine.through[a.hex], sum(a.payment), str(a)))
        return decide(game)


class BlockerPlayer:
    """Cuts the shortest rival chain whenever one build lengthens it; else plays as normal."""

    name = "blocker"

    def choose(self, view: View, rng: Rng) -> Action:
        game = determinise(view, rng)
        legal = game.legal_actions()
        builds = [a for a in legal if isinstance(a, Build)]
        if builds:
            sit = Situation.of(game)
            best: tuple[int, int, str] | None = None
            chosen: Build | None = None
            for rival, theirs in sit.rivals:
                if theirs.length >= hx.FAR:
                    continue
                for a in builds:
                    if theirs.through.get(a.hex, hx.FAR) != theirs.length:
                        continue
                    gain = sit.blocked_length(rival, a.hex) - theirs.length
                    if gain <= 0:
                        continue
                    key = (theirs.length, -sum(a.payment), str(a))
                    if best is None or key < best:
                        best, chosen = key, a
            if chosen is not None:
                return chosen
        return decide(game)


#: How much a rival chain that could close on the rival's next turn weighs (in buildings).
CLOSING = 30.0


def work_left(game: Game, seat: int) -> tuple[int, int]:
    """Buildings the seat still needs for each win: to link two shrines, and to place 30."""
    return hx.chains(game.board, seat).length, hx.PER_PLAYER - game.players[seat].built


def planner_score(game: Game, seat: int) -> float:
    """The seat's lead in work left to win (the nearer of the two wins for each player),
    less a heavy weight for each rival chain short enough to close in one turn."""
    if game.winner is not None:
        return hx.WIN if game.winner == seat else -hx.WIN
    mine = min(work_left(game, seat))
    score = -float(mine)
    for s in range(len(game.players)):
        if s == seat:
            continue
        chain, rest = work_left(game, s)
        score += min(chain, rest) / (len(game.players) - 1)
        if chain <= 3:
            score -= CLOSING * (4 - chain)
    player = game.players[seat]
    # What keeps the next turns going, a little: cards and stored buildings.
    return score + 0.1 * sum(player.hand) + 0.2 * player.in_storage() + 0.3 * player.amphorae


def finish_turn(game: Game, seat: int) -> int:
    """Play the first measured normal policy (plans.FIRST) for the rest of the seat's turn;
    returns how many actions to pop."""
    steps = 0
    while game.winner is None and game.current == seat and steps < 12:
        game.push(decide(game, FIRST))
        steps += 1
    return steps


class PlannerPlayer:
    """One turn of look-ahead scored by the work each player has left to either win."""

    name = "planner"

    def choose(self, view: View, rng: Rng) -> Action:
        game = determinise(view, rng)
        seat = game.current
        legal = game.legal_actions()
        if len(legal) == 1 or isinstance(legal[0], PlaceTile):
            return decide(game, FIRST)
        # every build on a rival chain that could close in one turn is tried too
        seen = first_actions(game, legal, lambda _, length: length <= 3, FIRST)
        best, top = seen[0], -1e18
        for action in seen[:16]:
            game.push(action)
            steps = 1 + finish_turn(game, seat)
            value = planner_score(game, seat)
            for _ in range(steps):
                game.pop()
            if value > top:
                best, top = action, value
        return best


def frozen_candidates(game: Game) -> list[Action]:
    """strong-1's candidates: strong's list (search.candidates) with the normal player as
    first measured and without the shrine race's builds, at most five."""
    return done(candidates(game, FIRST, race=False))


def frozen_playout(world: Game, seat: int, action: Action) -> Generator[None, None, float]:
    """strong-1's playout: normal for everyone until the seat's next turn, then margin."""
    stop = world.turn_number + len(world.players)
    world.push(action)
    steps = 1
    while world.winner is None and world.turn_number < stop and steps < 200:
        yield
        world.push(decide(world, FIRST))
        steps += 1
    score = hx.margin(world, seat)
    for _ in range(steps):
        world.pop()
    return score


#: strong-1's playouts per decision, by player count.
FROZEN_BUDGET = {2: 48, 3: 18, 4: 12}


class FirstNormalPlayer:
    """The normal level as first measured (plans.FIRST), for rating later versions against."""

    name = "normal-1"

    def choose(self, view: View, rng: Rng) -> Action:
        return decide(determinise(view, rng), FIRST)


class PlannedNormalPlayer:
    """The normal level before issue 42 (plans.NORMAL), for the yardstick's calibration."""

    name = "normal-2"

    def choose(self, view: View, rng: Rng) -> Action:
        return decide(determinise(view, rng), NORMAL)


class FrozenStrongPlayer:
    """The strong level before tempo-aware search, for rating later versions against."""

    name = "strong-1"

    def choose(self, view: View, rng: Rng) -> Action:
        seat = view["seat"]
        budget = FROZEN_BUDGET[len(view["players"])]
        options = frozen_candidates(determinise(view, rng))
        if len(options) == 1:
            return options[0]
        totals = [0.0] * len(options)
        used = 0
        while used < budget:
            world = determinise(view, Rng(rng.next64()))
            for i, action in enumerate(options):
                thinking = frozen_playout(world, seat, action)
                while True:
                    try:
                        next(thinking)
                    except StopIteration as done:
                        totals[i] += done.value
                        break
            used += len(options)
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[best]


def unguarded() -> ComputerPlayer:
    """``strong-2``: the strong level before it always cut a chain it surely could
    (sure.guarding), kept so the guard's worth is measured against it."""
    player = StrongPlayer(guard=False)
    player.name = "strong-2"
    return player


def before_yardstick() -> ComputerPlayer:
    """``strong-3``: the strong level before it scored its playouts by the yardstick's work
    left to win and tried the yardstick's choice (issue 42), kept to measure that change."""
    player = StrongPlayer(measure=hx.margin, lead=False)
    player.name = "strong-3"
    return player


#: The sparring partners by name.
PARTNERS: dict[str, Callable[[], ComputerPlayer]] = {
    "racer": RacerPlayer,
    "blocker": BlockerPlayer,
    "planner": PlannerPlayer,
    "turns": TurnsPlayer,
    "normal-1": FirstNormalPlayer,
    "normal-2": PlannedNormalPlayer,
    "strong-1": FrozenStrongPlayer,
    "strong-2": unguarded,
    "strong-3": before_yardstick,
    "yardstick": YardstickPlayer,
}
