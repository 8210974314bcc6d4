"""Computer players at the table: who sits in each seat, and thinking in short slices.

A seat is played by a person (``human``) or by a computer at a level. The search runs on
the page's main thread in slices of about 25 ms with a yield to the browser between them
(docs/thinking-in-the-page.md: a worker would cost a second Python's memory and ten
seconds to start), so taps, zoom and pan answer while a strong player thinks. This module
only drives the rules package's generator (``attika.thinking``); the binder awaits between
slices. Pure Python: the tests run it to the end in one go.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass
from typing import Literal

from attika import Action, Game

#: A computer level the page offers: attika's levels (``attika.LEVELS``) less its random
#: player, weakest first (tests/web/test_computers.py keeps the two lists in step).
Level = Literal["easy", "normal", "strong"]
#: Who plays a seat: a person at this device, a person on their own device, or a level.
SeatKind = Literal["human", "device", "easy", "normal", "strong"]
HUMAN: SeatKind = "human"
#: A person playing on their own device (a phone), joined to this table (web/remote/).
DEVICE: SeatKind = "device"
LEVELS: tuple[Level, ...] = ("easy", "normal", "strong")
#: What the new-game form offers for each seat: a person here, a person on their own
#: device, then the computer levels.
SEATS: tuple[SeatKind, ...] = (HUMAN, DEVICE, *LEVELS)
#: The level "Play against the computer" seats.
DEFAULT_LEVEL: Level = "normal"


def seat_kind(text: object) -> SeatKind | None:
    """``text`` as a seat kind, or None if it is none (it came from a form or a file)."""
    return next((kind for kind in SEATS if kind == text), None)


def level_of(kind: SeatKind) -> Level | None:
    """The computer level of a seat, or None for a person."""
    return next((level for level in LEVELS if level == kind), None)


# No cap on thinking time: the strong level's search is bounded by work alone
# (attika.players.search.DEFAULT_WORK), so the page plays exactly the player the
# tournaments measured, on any device; a slower device waits longer, it does not get a
# weaker opponent. On 203 positions from real strong games (bench/strong_positions.py,
# docs/benchmarks.md) a decision takes a median of 0.10 s and 0.25 s at the 95th percentile
# of CPython processor time, about 0.2 s and 0.5 s in Pyodide at its usual 1.8 times.
#: One slice of thinking between two yields to the browser.
SLICE = 0.025
#: How fast computer actions follow each other: the panel's Faster / Slower switch.
Pace = Literal["normal", "fast"]
#: Seconds between two shown computer actions, by the pace.
PACE: dict[Pace, float] = {"normal": 0.7, "fast": 0.25}


@dataclass(frozen=True)
class Think:
    """A computer player is to choose an action for ``seat`` of the open game, as it stands
    after ``asked_at`` actions. The binder runs the search in short slices on the main
    thread (docs/thinking-in-the-page.md) and hands the answer to
    the ``ComputerMoved`` message, and the update drops it if the game has moved on."""

    game_id: str
    seat: int
    level: Level
    asked_at: int


def seed_for(game: Game) -> int:
    """The search's seed: the game's seed and how far it has come, so a reload mid-thought
    starts the same search again and makes the same move."""
    return (game.seed * 1_000_003 + len(game.actions)) % (1 << 32)


class Thinking:
    """One computer decision in progress, for the seat to play in ``game``."""

    def __init__(self, game: Game, level: Level) -> None:
        from attika import thinking  # on first use: a game among people never loads players

        self.seat = game.current
        self.level = level
        #: The length of the game when asked: an answer to an older position is dropped.
        self.asked_at = len(game.actions)
        #: Seconds spent thinking so far (slices only, not the pauses between them).
        self.busy = 0.0
        self._steps: Generator[None, None, Action] = thinking(
            level, game.view(self.seat), seed_for(game)
        )
        self.action: Action | None = None

    def work(self, seconds: float = SLICE) -> Action | None:
        """Think for about ``seconds``; the action once decided, else None."""
        if self.action is not None:
            return self.action
        start = time.perf_counter()
        try:
            while time.perf_counter() - start < seconds:
                next(self._steps)
        except StopIteration as done:
            self.action = done.value
        finally:
            self.busy += time.perf_counter() - start
        return self.action

    def finish(self) -> Action:
        """Think to the end in one go (tests, the command line)."""
        while True:
            action = self.work(3600.0)
            if action is not None:
                return action
