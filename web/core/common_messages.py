"""Messages that mean the same on every page showing a game, defined once.

The game page and a live lesson both draw the players' overview, and a tap on a player
there opens that player's board (the same tap again closes it); both pages read the
``player`` command into this one message, so a change to what it means is made once.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OpenPlayer:
    """Open (or close again) another player's board."""

    seat: int
