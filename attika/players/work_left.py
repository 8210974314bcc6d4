"""The building race's measure: the work a seat has left to place all 30 buildings, in cards.

One card, one unused action. Each piece still in a stack needs a draw (half of a two-draw
turn, ``DRAW`` cards), each stored piece a build (a third of a three-build turn, ``BUILD``),
and every piece its expected price (:func:`pieces`: none beside an own building whose arrow
points at it and that still has room, little when that building is yet to come, the printed
price less a symbol otherwise); the hand (worth less past six cards), the amphorae and fewer
settlements count against it. Paying a building's expected price is then no loss: all 30
must be paid for; paying more than it is. The yardstick (yardstick.py) and the strong
level's playouts (standing.py) read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..components import BUILDINGS
from ..game import Game
from ..hexes import Hex, neighbours
from . import heuristics as hx

#: What the draw of a piece still in a stack costs, in cards: half a turn of two draws.
DRAW = 1.5
#: What the build of a stored piece costs: a third of a turn of three builds.
BUILD = 1.0
#: Expected price of a piece whose arrow's building is still to be placed (free later,
#: mostly).
LATER = 0.8
#: A follower drawn before its arrow's building may wait on the player board: the share
#: of a build action it is expected to cost more.
WAIT = 0.7
#: Symbols lower a printed price by about this much.
SYMBOLS = 1.0
#: An amphora: one more action or a card.
AMPHORA = 1.3
#: Each settlement makes the next one dearer by a card.
SETTLEMENT = 0.6


def printed(kind: str) -> float:
    """The price a piece pays with no arrow: printed cards less about one symbol."""
    b = BUILDINGS[kind]
    return max(0.0, sum(b.cost) + b.any_cost - (2 * SYMBOLS if b.is_road else SYMBOLS))


def hand_value(cards: int) -> float:
    """What a hand is worth: a card each up to HAND, less and less after (heuristics.card_worth),
    so the yardstick does not hoard cards it cannot spend."""
    return sum(hx.card_worth(k) for k in range(1, cards + 1))


def rooms(buildings: dict[Hex, tuple[int, str]], land: set[Hex], seat: int) -> dict[str, int]:
    """Empty neighbours of the seat's buildings, summed by the buildings' kind: where the
    followers of each kind can still be built free."""
    room: dict[str, int] = {}
    for h, (owner, kind) in buildings.items():
        if owner != seat:
            continue
        free = sum(1 for n in neighbours(h) if n in land and n not in buildings)
        if free:
            room[kind] = room.get(kind, 0) + free
    return room


def rooms_after(
    room: dict[str, int],
    board_buildings: dict[Hex, tuple[int, str]],
    land: set[Hex],
    seat: int,
    kind: str,
    h: Hex,
) -> dict[str, int]:
    """:func:`rooms` once the seat builds ``kind`` on the empty hex ``h``."""
    after = dict(room)
    free = 0
    for n in neighbours(h):
        placed = board_buildings.get(n)
        if placed is None:
            free += n in land
        elif placed[0] == seat and after.get(placed[1], 0) > 0:
            after[placed[1]] -= 1
    if free:
        after[kind] = after.get(kind, 0) + free
    return after


#: Per kind, what :func:`pieces` reads for every piece of it, looked up once: whether it
#: is a main building, its :func:`printed` price, and the kinds it is built free beside.
_KINDS: dict[str, tuple[bool, float, tuple[str, ...]]] = {
    k: (b.main, printed(k), tuple(b.free_after)) for k, b in BUILDINGS.items()
}


def pieces(room: dict[str, int], left: dict[str, int], stored: dict[str, int]) -> float:
    """Expected work in cards for every piece in ``left``: its action (a draw for a piece
    in a stack, a build for a stored one) and its price. A follower is free while an own
    building whose arrow points at it has an empty neighbour (one piece a neighbour), and
    the stored ones take that room first; a follower whose arrow's building is still to
    come pays LATER, and if still in a stack it may have to wait on the player board
    (WAIT: a build action more). ``room`` is :func:`rooms`. The yardstick and every end of
    strong's playouts count it, so it is written for speed (same sums, same order)."""
    room = dict(room)
    total = 0.0
    for kind, n in left.items():
        if n <= 0:
            continue
        held = stored.get(kind, 0)
        if held > n:
            held = n
        total += BUILD * held + DRAW * (n - held)
        main, price, sources = _KINDS[kind]
        if main:
            total += n * price
            continue
        space = 0
        for source in sources:
            space += room.get(source, 0)
        free = n if n < space else space
        taken = free
        for source in sources:
            there = room.get(source, 0)
            take = there if there < taken else taken
            if take:
                room[source] = there - take
                taken -= take
        rest = n - free
        if not rest:
            continue
        stacked_rest = min(rest, n - held)
        later = False
        for source in sources:
            if left.get(source, 0) > (1 if source == kind else 0):
                later = True
                break
        if later:
            total += rest * LATER + stacked_rest * WAIT
        elif kind == "road" and free == 0:
            total += price + (rest - 1) * LATER
        else:
            total += rest * price
    return total


@dataclass
class Seat:
    """One seat's counts that the work to place all 30 reads."""

    left: dict[str, int]
    #: Stored pieces by kind, a drawn one still to place included.
    stored: dict[str, int]
    hand: int
    amphorae: int
    settlements: int


def counts(game: Game, seat: int) -> Seat:
    player = game.players[seat]
    stored = dict(player.stored)
    if game.turn.drawn is not None and game.current == seat:
        kind = game.turn.drawn[0]
        stored[kind] = stored.get(kind, 0) + 1
    return Seat(
        hx.remaining(game.board, seat),
        stored,
        sum(player.hand),
        player.amphorae,
        game.board.settlement_count(seat),
    )


def work(room: dict[str, int], s: Seat) -> float:
    """Cards of work left to place all 30 (see the module's note); ``room`` is :func:`rooms`."""
    return (
        pieces(room, s.left, s.stored)
        - hand_value(s.hand)
        - AMPHORA * s.amphorae
        + SETTLEMENT * s.settlements
    )
