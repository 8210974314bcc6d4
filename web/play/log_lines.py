"""The game log as data: one line per rules event, worded only when it is shown.

A session keeps these as its log (and how long the log was before each action, so a
take-back drops that action's lines); a review rebuilds them from a replayed record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from attika import Event, Game

from ..core.text import player_name
from .log import describe


@dataclass(frozen=True)
class LogLine:
    """One event of the log, worded when shown: a change of language rewords the log."""

    turn: int
    seat: int
    event: Event
    names: tuple[str, ...]

    @property
    def text(self) -> str:
        return describe(self.event, [player_name(n) for n in self.names])


def log_lines(game: Game, events: Sequence[Sequence[Event]]) -> tuple[list[LogLine], list[int]]:
    """The log of a replayed game from the events of each action: its lines, and how long
    the log was before each action (so a take-back drops that action's lines)."""
    names = tuple(p.name for p in game.players)
    lines: list[LogLine] = []
    marks: list[int] = []
    turn = 1
    for caused in events:
        marks.append(len(lines))
        lines.extend(LogLine(turn, int(event["seat"]), event, names) for event in caused)
        if any(event["event"] == "end-turn" for event in caused):
            turn += 1
    return lines, marks
