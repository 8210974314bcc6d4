"""The price of one building on one site for one player, with every reason shown.

The browser shows this breakdown when a player points at a hex; the game uses
the same function to check a build, so what is shown is what is charged.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import Board
from .components import BUILDINGS, LANDSCAPES, NO_CARDS, Building, Cards
from .cost import Due, cheapest
from .hexes import Hex, format_hex


@dataclass(frozen=True)
class Quote:
    building: str
    hex: Hex
    seat: int
    #: The printed cost.
    base: Due
    #: Every landscape symbol on the site and its unoccupied neighbours.
    symbols: tuple[tuple[Hex, int], ...]
    #: How many cards of each landscape the symbols save (for roads: of the 5 any).
    saved: Cards
    #: The own building whose arrow makes this one free, if any.
    free_from: Hex | None
    new_settlement: bool
    #: Extra cards of any kind for founding a settlement: one per existing settlement.
    surcharge: int
    #: What is left to pay.
    due: Due
    #: The cheapest payment from the player's hand, None if the hand cannot pay.
    payment: Cards | None
    #: Why this placement cannot be made, in English (logs, the command line), or None.
    problem: str | None
    #: The same reason as a code for a page to word: ``shrine``, ``off-board``, ``taken``
    #: (the site) or ``cannot-pay``; None when the placement is possible.
    problem_code: str | None = None
    #: What the code's wording needs: ``hex`` for a site; ``cards`` (in hand) and ``due``.
    problem_params: dict[str, object] = field(default_factory=dict, hash=False)

    @property
    def possible(self) -> bool:
        return self.problem is None

    @property
    def free(self) -> bool:
        return self.free_from is not None

    def free_reason(self, board: Board) -> str | None:
        if self.free_from is None:
            return None
        source = board.buildings[self.free_from][1]
        return (
            f"free: next to your {BUILDINGS[source].names['en'].lower()} at "
            f"{format_hex(self.free_from)}, whose arrow points to the "
            f"{BUILDINGS[self.building].names['en'].lower()}"
        )

    def lines(self, board: Board) -> list[str]:
        """The breakdown in plain English, one line each, for logs and the command line."""
        b = BUILDINGS[self.building]
        out = [f"{b.names['en']} on {format_hex(self.hex)}: printed cost {self.base.describe()}"]
        reason = self.free_reason(board)
        if reason:
            out.append(reason)
        else:
            for i, n in enumerate(self.saved):
                if n:
                    out.append(f"- {n} {LANDSCAPES[i]} saved by symbols on or next to the site")
        if self.new_settlement and self.surcharge:
            out.append(f"+ {self.surcharge} of any kind for founding a new settlement")
        out.append(f"to pay: {self.due.describe()}")
        if self.problem:
            out.append(f"not possible: {self.problem}")
        return out


def free_source(board: Board, seat: int, building: Building, h: Hex) -> Hex | None:
    """The own neighbour whose free-build arrow points at ``building``, if one exists."""
    if not building.free_after:
        return None
    for n, kind in board.owner_neighbours(h, seat):
        if kind in building.free_after:
            return n
    return None


def due_at(
    building: Building, symbols: list[tuple[Hex, int]], free: bool, surcharge: int
) -> tuple[Due, Cards]:
    """What is owed, and what the symbols saved, for a non-free or free placement."""
    if free:
        return Due(), NO_CARDS
    near = [0, 0, 0, 0]
    for _, land in symbols:
        near[land] += 1
    if building.is_road:
        saved = [0, 0, 0, 0]
        budget = building.any_cost
        for i in range(4):
            take = min(near[i], budget)
            saved[i] = take
            budget -= take
        left = building.any_cost - sum(saved)
        return Due(NO_CARDS, left + surcharge), (saved[0], saved[1], saved[2], saved[3])
    saved = [min(near[i], building.cost[i]) for i in range(4)]
    owed = [building.cost[i] - saved[i] for i in range(4)]
    return (
        Due((owed[0], owed[1], owed[2], owed[3]), surcharge),
        (saved[0], saved[1], saved[2], saved[3]),
    )


def quote(board: Board, seat: int, hand: Cards, building_id: str, h: Hex) -> Quote:
    """Price ``building_id`` on ``h`` for ``seat`` holding ``hand``; never raises for bad sites."""
    building = BUILDINGS[building_id]
    base = Due(building.cost, building.any_cost)
    problem = board.site_problem(h)
    code = board.site_code(h)
    params: dict[str, object] = {"hex": h} if code else {}
    symbols = board.symbols_near(h) if problem is None else []
    source = free_source(board, seat, building, h) if problem is None else None
    new_settlement = problem is None and not board.owner_neighbours(h, seat)
    surcharge = board.settlement_count(seat) if new_settlement else 0
    due, saved = due_at(building, symbols, source is not None, surcharge)
    payment = cheapest(hand, due)
    if problem is None and payment is None:
        code, params = "cannot-pay", {"cards": sum(hand), "due": due}
        problem = (
            f"your hand ({sum(hand)} cards) cannot pay {due.describe()}, "
            "even with 2 cards standing in for 1"
        )
    return Quote(
        building=building_id,
        hex=h,
        seat=seat,
        base=base,
        symbols=tuple(symbols),
        saved=saved,
        free_from=source,
        new_settlement=new_settlement,
        surcharge=surcharge,
        due=due,
        payment=payment,
        problem=problem,
        problem_code=code,
        problem_params=params,
    )
