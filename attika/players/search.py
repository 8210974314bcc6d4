"""The strong level: determinised look-ahead over a few candidate actions.

For each decision the yardstick's whole-turn choice (yardstick.py) and the normal player's
heuristics name a handful of candidates (the yardstick's choice first, then the best
builds, the best stacks to draw from, storing, ending the turn, and the normal player's own
choice), with the builds the shrine race asks for (:func:`race_moves`). Each candidate is
then tried in the same sampled worlds (games dealt from the seat's view with different
hidden parts): the seat's own turn is finished as the yardstick plans it, and the game is
played on by the normal player for every other seat until this seat's next turn, so the
rivals' replies are searched too; the position is then scored by the work each seat has
left to win (standing.margin) and the shrine race as tempo (tempo.race). The candidate
with the best mean wins; the yardstick's choice wins ties. ``strong-3`` (sparring.py) is
the level before the yardstick: normal's candidates and playouts, heuristics.margin.
Trying every candidate in the same worlds makes the comparison fair between candidates
even with few samples.

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
from . import standing, tempo, yardstick
from .base import done
from .plans import NORMAL, WEIGHED, Situation, Style, build_value, deciding, draw_values
from .sure import guarding
from .world import View, determinise

#: Playouts per decision by default, by player count (a playout runs to the seat's
#: next turn, so it is longer with more players): a median decision of about 0.08 s
#: (2 players) to 0.3 s (4 players) on CPython, within 1.5 s in Pyodide even at 4
#: times slower. Whole rounds of worlds are played, so 12 means 3 rounds of up to 5
#: candidates. See docs/benchmarks.md.
DEFAULT_BUDGET = {2: 48, 3: 18, 4: 12}

#: Work one decision may do, by player count: one unit per action played in a playout and
#: per chain search made while choosing it. The search stops after the round of worlds that
#: reaches it. Processor time follows this count closely (0.07-0.26 ms a unit on CPython
#: for 90% of decisions, against 0.17-1.9 ms an action played), so it bounds the slow
#: decisions the same on every machine, as a clock would only on one. Measured on 409
#: decisions of strong games (bench/strong_work.py): searched decisions within the playout
#: budget do a median of 1000 units, 1500 at the 95th percentile, up to 4700 (a
#: 4-player decision of about a second), so the limit cuts only that tail.
DEFAULT_WORK = {2: 1500, 3: 1500, 4: 1500}

#: At most this many candidates are compared.
CANDIDATES = 5


def candidates(
    game: Game, style: Style = NORMAL, race: bool = True
) -> Generator[None, None, list[Action]]:
    """A few promising actions for the seat to play, the choice of the normal player of
    ``style`` first: its best three builds, the two best stacks to draw from, storing, an
    amphora for an action, ending the turn, and, with ``race``, the builds the shrine race
    asks for (:func:`race_moves`). strong-1 (sparring.py) uses it as first measured:
    ``plans.FIRST`` and no race moves (tests/test_frozen.py pins its choices).

    A generator that yields between its parts, as the search does between the actions of
    its playouts, so a page never waits long for it. The whole-turn ranking (turns.py)
    chooses the hint's move but not these: with it strong won 14 of 20 games against
    normal where it wins 17 of the same 20 with these (docs/benchmarks.md)."""
    legal = game.legal_actions()
    first = yield from deciding(game, style)
    if len(legal) <= 1 or isinstance(first, PlaceTile):
        return [first]
    found: list[Action] = [first]
    yield
    sit = Situation.of(game)
    weighed = []
    for i, a in enumerate(a for a in legal if isinstance(a, Build)):
        if i and i % WEIGHED == 0:
            yield
        weighed.append((build_value(sit, a), str(a), a))
    built = sorted(weighed, key=lambda t: (-t[0], t[1]))
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
    chosen = (
        unique[:CANDIDATES] if first in unique[:CANDIDATES] else [first, *unique[: CANDIDATES - 1]]
    )
    if not race:
        return chosen
    yield
    for action in race_moves(game, sit, legal):
        if action not in chosen:
            chosen.append(action)
    return chosen


def race_moves(game: Game, sit: Situation, legal: list[Action]) -> list[Action]:
    """Builds the shrine race asks to be tried even when the heuristics rank them low:
    the cheapest build on the own chain, when it is within two turns of closing, and the
    block that lengthens most each rival chain within two of that rival's turns."""
    builds = [a for a in legal if isinstance(a, Build)]
    if not builds:
        return []
    found: list[Action] = []
    mine = sit.mine
    if mine.length <= 2 * tempo.reach(game, sit.seat):
        own = [a for a in builds if mine.through.get(a.hex, hx.FAR) <= mine.length]
        if own:
            found.append(min(own, key=lambda a: (sum(a.payment), str(a))))
    for rival, theirs in sit.rivals:
        if theirs.length > 2 * tempo.reach(game, rival):
            continue
        cuts = [a for a in builds if theirs.through.get(a.hex) == theirs.length]
        if cuts:
            found.append(
                max(
                    cuts,
                    key=lambda a: (sit.blocked_length(rival, a.hex), -sum(a.payment), str(a)),
                )
            )
    return found


def playout(
    world: Game,
    seat: int,
    action: Action,
    work: list[int] | None = None,
    measure: Callable[[Game, int], float] = standing.margin,
    planned: bool = True,
) -> Generator[None, None, float]:
    """Play ``action``, then the normal player for everyone until ``seat`` is to start
    a turn again (or the game ends); returns the seat's margin there, with the shrine
    race's tempo (tempo.race). Yields after every action and inside the normal player's
    longer decisions (plans.deciding), so a page can pause between them. The world is
    left as it was (every action is pushed and popped again). The work done is added to
    ``work[0]``: one unit per action played and per chain search (heuristics.SEARCHES),
    counted only between yields, so nothing the page does while the search is paused is
    counted."""
    units = 1
    mark = hx.SEARCHES[0]
    start = world.turn_number
    stop = start + len(world.players)
    world.push(action)
    steps = 1
    while world.winner is None and world.turn_number < stop and steps < 200:
        if planned and world.turn_number == start:
            # The rest of the seat's own turn as the yardstick plans it, so a first action
            # of its plan (a draw meant to be followed by another) is finished as meant.
            plan = yardstick.choosing(world)
            while True:
                units += hx.SEARCHES[0] - mark
                yield
                mark = hx.SEARCHES[0]
                try:
                    next(plan)
                except StopIteration as planned_action:
                    world.push(planned_action.value)
                    break
            steps += 1
            units += 1
            continue
        policy = deciding(world)
        while True:
            units += hx.SEARCHES[0] - mark
            yield
            mark = hx.SEARCHES[0]
            try:
                next(policy)
            except StopIteration as decided:
                world.push(decided.value)
                break
        steps += 1
        units += 1
    units += hx.SEARCHES[0] - mark
    # Scoring can take a few chain searches per rival (tempo.blocks_needed): its own slice.
    yield
    mark = hx.SEARCHES[0]
    score = measure(world, seat) + tempo.race(world, seat)
    units += hx.SEARCHES[0] - mark
    if work is not None:
        work[0] += units
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
        work: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        guard: bool = True,
        measure: Callable[[Game, int], float] = standing.margin,
        lead: bool = True,
    ) -> None:
        if budget is not None and budget < 1:
            raise ValueError("the strong player needs a budget of at least one playout")
        #: Playouts per decision; None for DEFAULT_BUDGET by the number of players.
        self.budget = budget
        #: Work per decision, at most (None: DEFAULT_WORK): the search stops after the
        #: round of worlds that reaches it.
        self.limit = work
        self.seconds = seconds
        #: (playouts, work units) of the last decision, for benchmarks.
        self.work = (0, 0)
        #: What ``seconds`` is measured on: a page thinking in slices passes a clock that
        #: runs only while it thinks, so time spent drawing and answering taps is not lost.
        self.clock = clock
        #: Whether a chain the next player could close and this seat can surely cut is
        #: always cut (sure.guarding); off only for ``strong-2``, the level before the guard.
        self.guard = guard
        #: How the end of a playout is scored (with tempo.race): the yardstick's work left
        #: to win, or for ``strong-3`` heuristics.margin.
        self.measure = measure
        #: Whether the yardstick's whole-turn choice is a candidate, tried first (it wins
        #: ties); off only for ``strong-3``.
        self.lead = lead

    def playouts(self, players: int) -> int:
        """The budget for a game of ``players``."""
        return self.budget if self.budget is not None else DEFAULT_BUDGET[players]

    def work_limit(self, players: int) -> int:
        """The work one decision may do (see :func:`playout`) in a game of ``players``."""
        return self.limit if self.limit is not None else DEFAULT_WORK[players]

    def choose(self, view: View, rng: Rng) -> Action:
        return done(self.think(view, rng))

    def think(self, view: View, rng: Rng) -> Generator[None, None, Action]:
        """The same search as :meth:`choose`, as a generator that yields between the
        actions of its playouts (a few milliseconds apart) and returns the choice: a page
        can run it in slices and stay responsive. Same view and generator, same choice."""
        seat = view["seat"]
        budget = self.playouts(len(view["players"]))
        limit = self.work_limit(len(view["players"]))
        base = determinise(view, rng)
        self.work = (0, 0)
        cuts = (yield from guarding(base, seat)) if self.guard else None
        options = cuts or (yield from candidates(base))
        if self.lead and not cuts and len(options) > 1:
            planned = yield from yardstick.choosing(base)
            options = [planned, *(a for a in options if a != planned)]
        if len(options) == 1:
            return options[0]
        deadline = None if self.seconds is None else self.clock() + self.seconds
        totals = [0.0] * len(options)
        used = 0
        work = [0]
        while used < budget:
            world = determinise(view, Rng(rng.next64()))
            for i, action in enumerate(options):
                totals[i] += yield from playout(world, seat, action, work, self.measure, self.lead)
            used += len(options)
            self.work = (used, work[0])
            if work[0] >= limit:
                break
            if deadline is not None and self.clock() > deadline:
                break
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[best]
