"""Where the current player is within a turn.

A turn is drawing (2 times) or building (3 times), never both. The choice is
made by the first draw or build; amphorae add one more of the chosen kind.
Cards for actions not used are taken when the turn ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from . import readings
from .facts import ATOM, PAIR, by_all, fact

Mode = Literal["draw", "build"]


def _drawn_seen(name: str, value: tuple[str, int] | None, own: bool) -> dict[str, Any]:
    """Which stack a building was drawn from is seen by all, the building by its drawer."""
    if value is None:
        return {"drawn": None, "drawn_from": None}
    seen = own or readings.DRAWN_BUILDING_SEEN_BY_ALL
    return {"drawn": value[0] if seen else "hidden", "drawn_from": value[1]}


@dataclass
class Turn:
    mode: Mode | None = fact(seen=by_all, codec=ATOM, default=None)
    #: Draws or builds made so far this turn.
    used: int = fact(seen=by_all, codec=ATOM, default=0)
    #: Extra draws or builds bought with amphorae.
    extra: int = fact(seen=by_all, codec=ATOM, default=0)
    #: True once a card was taken with an amphora: no draw or build may follow.
    cards_taken: bool = fact(seen=by_all, codec=ATOM, default=False)
    #: A building just drawn that must be built or stored: (kind, stack it came from).
    drawn: tuple[str, int] | None = fact(seen=_drawn_seen, codec=PAIR, default=None)
    #: A board tile revealed because a stack ran out; it must be laid next.
    tile: str | None = fact(seen=by_all, codec=ATOM, default=None)

    def copy(self) -> Turn:
        """Every field holds an immutable value, so a shallow copy is a full one (and fast:
        ``push`` makes one for every action)."""
        other = Turn.__new__(Turn)
        other.__dict__.update(self.__dict__)
        return other

    def allowance(self, draws: int, builds: int) -> int:
        """Draws or builds this turn may have; before the choice, the larger (building) one."""
        return (draws if self.mode == "draw" else builds) + self.extra

    def unused(self, draws: int, builds: int) -> int:
        """Actions not taken: each is worth one landscape card at the end of the turn."""
        if readings.BOUGHT_ACTIONS_PAY_OUT:
            return max(0, self.allowance(draws, builds) - self.used)
        own = draws if self.mode == "draw" else builds
        return max(0, own - self.used)
