"""The strong level: determinised look-ahead over a few candidate actions.

For each decision the normal player's heuristics name a handful of candidates
(the best builds, the best stacks to draw from, storing, ending the turn, and
the normal player's own choice). Each candidate is tried in the same sampled
worlds (games dealt from the seat's view with different hidden parts), and the
game is played on by the normal player for every seat until this seat's next
turn; the position is then scored (heuristics.margin). The candidate with the
best mean wins. Trying every candidate in the same worlds makes the comparison
fair between candidates even with few samples.

``budget`` is the number of such playouts per decision; ``seconds``, if given,
stops earlier on a slow device (a round of worlds is always finished, so at least
one world is tried per candidate). A fixed budget keeps the choice a function of
the view and the generator alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator

from ..actions import Action, Build, DrawBuilding, EndTurn, PlaceTile, SpendAmphora, StoreBuilding
from ..game import Game
from ..rng import Rng
from . import heuristics as hx
from .plans import Situation, build_value, decide, draw_values
from .world import View, determinise

#: Playouts per decision by default, by player count (a playout runs to the seat's
#: next turn, so it is longer with more players): a median decision of about 0.08 s
#: (2 players) to 0.3 s (4 players) on CPython, within 1.5 s in Pyodide even at 4
#: times slower. Whole rounds of worlds are played, so 12 means 3 rounds of up to 5
#: candidates. See docs/benchmarks.md.
DEFAULT_BUDGET = {2: 48, 3: 18, 4: 12}

#: At most this many candidates are compared.
CANDIDATES = 5


def candidates(game: Game) -> list[Action]:
    """A few promising actions for the seat to play, the normal player's choice first."""
    legal = game.legal_actions()
    first = decide(game)
    if len(legal) <= 1 or isinstance(first, PlaceTile):
        return [first]
    found: list[Action] = [first]
    sit = Situation.of(game)
    built = sorted(
        ((build_value(sit, a), str(a), a) for a in legal if isinstance(a, Build)),
        key=lambda t: (-t[0], t[1]),
    )
    for value, _, build in built[:3]:
        if value >= hx.WIN:
            return [build]
        found.append(build)
    if any(isinstance(a, DrawBuilding) for a in legal):
        draws = draw_values(sit)
        for stack in sorted(draws, key=lambda i: (-draws[i], i))[:2]:
            found.append(DrawBuilding(stack))
    for extra in (StoreBuilding(), SpendAmphora("action"), EndTurn()):
        if extra in legal:
            found.append(extra)
    unique: list[Action] = []
    for action in found:
        if action not in unique:
            unique.append(action)
    return (
        unique[:CANDIDATES] if first in unique[:CANDIDATES] else [first, *unique[: CANDIDATES - 1]]
    )


def playout(world: Game, seat: int, action: Action) -> Generator[None, None, float]:
    """Play ``action``, then the normal player for everyone until ``seat`` is to start
    a turn again (or the game ends); returns the seat's margin there. Yields after every
    action, so a page can pause between them. The world is left as it was (every action
    is pushed and popped again)."""
    stop = world.turn_number + len(world.players)
    world.push(action)
    steps = 1
    while world.winner is None and world.turn_number < stop and steps < 200:
        yield
        world.push(decide(world))
        steps += 1
    score = hx.margin(world, seat)
    for _ in range(steps):
        world.pop()
    return score


class StrongPlayer:
    """Flat Monte Carlo over candidate actions in determinised worlds, normal as the policy."""

    name = "strong"

    def __init__(
        self,
        budget: int | None = None,
        seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if budget is not None and budget < 1:
            raise ValueError("the strong player needs a budget of at least one playout")
        #: Playouts per decision; None for DEFAULT_BUDGET by the number of players.
        self.budget = budget
        self.seconds = seconds
        #: What ``seconds`` is measured on: a page thinking in slices passes a clock that
        #: runs only while it thinks, so time spent drawing and answering taps is not lost.
        self.clock = clock

    def playouts(self, players: int) -> int:
        """The budget for a game of ``players``."""
        return self.budget if self.budget is not None else DEFAULT_BUDGET[players]

    def choose(self, view: View, rng: Rng) -> Action:
        thinking = self.think(view, rng)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                result: Action = done.value
                return result

    def think(self, view: View, rng: Rng) -> Generator[None, None, Action]:
        """The same search as :meth:`choose`, as a generator that yields between the
        actions of its playouts (a few milliseconds apart) and returns the choice: a page
        can run it in slices and stay responsive. Same view and generator, same choice."""
        seat = view["seat"]
        budget = self.playouts(len(view["players"]))
        base = determinise(view, rng)
        options = candidates(base)
        if len(options) == 1:
            return options[0]
        deadline = None if self.seconds is None else self.clock() + self.seconds
        totals = [0.0] * len(options)
        used = 0
        while used < budget:
            world = determinise(view, Rng(rng.next64()))
            for i, action in enumerate(options):
                totals[i] += yield from playout(world, seat, action)
            used += len(options)
            if deadline is not None and self.clock() > deadline:
                break
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[best]
