"""Where the current player is within a turn.

A turn is drawing (2 times) or building (3 times), never both. The choice is
made by the first draw or build; amphorae add one more of the chosen kind.
Cards for actions not used are taken when the turn ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from . import readings

Mode = Literal["draw", "build"]


@dataclass
class Turn:
    mode: Mode | None = None
    #: Draws or builds made so far this turn.
    used: int = 0
    #: Extra draws or builds bought with amphorae.
    extra: int = 0
    #: True once a card was taken with an amphora: no draw or build may follow.
    cards_taken: bool = False
    #: A building just drawn that must be built or stored: (kind, stack it came from).
    drawn: tuple[str, int] | None = None
    #: A board tile revealed because a stack ran out; it must be laid next.
    tile: str | None = None

    def copy(self) -> Turn:
        return Turn(self.mode, self.used, self.extra, self.cards_taken, self.drawn, self.tile)

    def allowance(self, draws: int, builds: int) -> int:
        """Draws or builds this turn may have; before the choice, the larger (building) one."""
        return (draws if self.mode == "draw" else builds) + self.extra

    def unused(self, draws: int, builds: int) -> int:
        """Actions not taken: each is worth one landscape card at the end of the turn."""
        if readings.BOUGHT_ACTIONS_PAY_OUT:
            return max(0, self.allowance(draws, builds) - self.used)
        own = draws if self.mode == "draw" else builds
        return max(0, own - self.used)
