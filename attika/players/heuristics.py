"""What a position is worth to a seat: shrine chains, free builds, groups, cards.

Everything here reads only what every seat may see (the board, player boards,
counts) plus the seat's own hand, so a player built on it is fair by
construction. Values are in "cards": one landscape card is worth 1, and so is
one draw or build action, because an unused action is paid out as one card.

The shrine race is measured by *chain length*: how many more buildings a seat
needs to join two shrines with one settlement, its own buildings costing
nothing and other players' buildings blocking (0-1 breadth-first search from
every shrine).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board
from ..components import BUILDINGS, COMPONENTS, GROUPS
from ..game import Game
from ..hexes import Hex, neighbours

#: A chain length that cannot be reached (no path between any two shrines).
FAR = 99

#: What a placed building is worth before its cost: it counts towards the 30 and
#: took a draw to get.
BUILDING = 3.2
#: One card in hand (also one unused action).
CARD = 1.0
#: A building waiting on the player board (one draw already invested).
STORED = 1.2
#: An amphora: one more action later.
AMPHORA = 1.6
#: Each follower piece that may later be built free next to a new building.
FOLLOW = 0.9
#: Founding a settlement: every later new settlement costs one card more.
SETTLE = 0.8
#: A building that wins the game.
WIN = 1000.0


def card_worth(hand: int) -> float:
    """What one more card is worth: a full card while the hand is small, less and less as
    it grows, since a large hand already pays for everything in reach."""
    if hand <= 6:
        return CARD
    return max(0.25, CARD * 6 / hand)


def threat(chain: int) -> float:
    """How close a chain length is to winning, in cards: halves with every building missing.

    Two or three missing buildings can be found in one turn, so those chains are
    worth as much as several buildings; a long chain is worth little.
    """
    if chain <= 0:
        return WIN
    if chain >= FAR:
        return 0.0
    return 160.0 * 0.5**chain


#: The kinds whose arrow points at each kind: ``followers[k]`` lists kinds free next to k.
FOLLOWERS: dict[str, tuple[str, ...]] = {
    k: tuple(f for f, b in BUILDINGS.items() if k in b.free_after) for k in BUILDINGS
}


#: Neighbour lists of the land hexes, per board shape (the tiles laid so far). Strong's
#: playouts lay tiles in every world they deal, so a decision meets a few dozen new shapes
#: and asks for each again within it; the oldest shape is dropped when the memo is full,
#: one at a time. Emptying it all at once (4097 maps, until 2026-11-28) took 38 ms of
#: CPython processor time within one step of the search, over 100 ms in Pyodide: the page's
#: longest stretch between yields while strong thinks.
_ADJACENCY: dict[tuple[tuple[str, Hex, int], ...], dict[Hex, tuple[Hex, ...]]] = {}
#: Shapes kept at most: on 100 strong decisions against the yardstick 1024 missed as often
#: as 4096 (4361 and 4360 of 31620 lookups), 256 missed 7305 times.
ADJACENCY_KEPT = 1024


def adjacency(board: Board) -> dict[Hex, tuple[Hex, ...]]:
    """Each land hex with its land neighbours; computed once per board shape."""
    key = tuple(board.tiles)
    found = _ADJACENCY.get(key)
    if found is None:
        if len(_ADJACENCY) >= ADJACENCY_KEPT:
            del _ADJACENCY[next(iter(_ADJACENCY))]  # the oldest: dicts keep their order
        land = board.landscape
        found = _ADJACENCY[key] = {h: tuple(n for n in neighbours(h) if n in land) for h in land}
    return found


#: Chain searches made so far (one per :func:`shrine_maps` call): the unit of work the strong
#: level's budget counts, since a decision's time follows it closely on any machine.
SEARCHES = [0]


def shrine_maps(
    board: Board, seat: int, blocked: Hex | None = None, built: Hex | None = None
) -> list[dict[Hex, int]]:
    """Per shrine, the empty hexes a chain from it needs to reach each hex (that hex included).

    Own buildings (and ``built``, as if the seat had built there) cost nothing, empty hexes
    one, others' buildings (and ``blocked``) block.
    A 0-1 breadth-first search: own buildings join the current layer, empty hexes the next.
    """
    SEARCHES[0] += 1
    landscape = board.landscape
    buildings = board.buildings
    adjacent = adjacency(board)
    # What stepping on each hex costs: 0 own, 1 empty; absent when it blocks.
    step: dict[Hex, int] = {h: 1 for h in landscape}
    for h, (owner, _) in buildings.items():
        if owner == seat:
            step[h] = 0
        else:
            del step[h]
    if blocked is not None:
        step.pop(blocked, None)
    if built is not None and built in step:
        step[built] = 0
    maps = []
    for shrine in sorted(board.shrines):
        dist: dict[Hex, int] = {}
        layer = [n for n in neighbours(shrine) if n in step]
        d = 0
        later: list[Hex] = []
        current: list[Hex] = []
        for n in layer:
            (current if step[n] == 0 else later).append(n)
        while current or later:
            while current:
                h = current.pop()
                if h in dist:
                    continue
                dist[h] = d
                for n in adjacent[h]:
                    if n in dist:
                        continue
                    cost = step.get(n)
                    if cost == 0:
                        current.append(n)
                    elif cost == 1:
                        later.append(n)
            d += 1
            current, later = later, []
        maps.append(dist)
    return maps


@dataclass
class Chains:
    """A seat's shrine race: the shortest chain, and for each empty hex the shortest
    chain that would pass through it."""

    length: int
    through: dict[Hex, int]


#: Chains already found, by the board's tiles, shrines and buildings (in their order, in a
#: few tuples: a tuple a building would be more work for the page's garbage collector)
#: and the question asked:
#: strong's playouts ask the same question of the same position again and again (two calls
#: in three on the decisions of whole games against the yardstick), so each is searched once.
#: Cleared when full; callers only read what they get.
_CHAINS: dict[tuple[object, ...], Chains] = {}
#: Positions kept at most (a chain map is a few hundred bytes to a few kilobytes; 1024 is
#: as fast as 4096 on the decisions measured).
CHAINS_KEPT = 1024


def chains(board: Board, seat: int, blocked: Hex | None = None, built: Hex | None = None) -> Chains:
    """The seat's shrine race on ``board`` (see :func:`shrine_maps` for ``blocked`` and
    ``built``). A question asked before is answered from memory but still counted as a
    chain search (SEARCHES), so the strong level's work, and hence its choice, is the same."""
    key = (
        seat,
        blocked,
        built,
        tuple(board.buildings),
        tuple(board.buildings.values()),
        tuple(board.tiles),
        len(board.landscape),
        tuple(board.shrines),
    )
    found = _CHAINS.get(key)
    if found is not None:
        SEARCHES[0] += 1
        return found
    if len(_CHAINS) >= CHAINS_KEPT:
        _CHAINS.clear()
    found = _CHAINS[key] = _search_chains(board, seat, blocked, built)
    return found


def _search_chains(board: Board, seat: int, blocked: Hex | None, built: Hex | None) -> Chains:
    maps = shrine_maps(board, seat, blocked, built)
    best = FAR
    through: dict[Hex, int] = {}
    buildings = board.buildings.keys() | {built} if built is not None else board.buildings
    for i in range(len(maps)):
        a = maps[i]
        for j in range(i + 1, len(maps)):
            b = maps[j]
            small, large = (a, b) if len(a) <= len(b) else (b, a)
            for h, da in small.items():
                db = large.get(h)
                if db is None:
                    continue
                # An empty hex is counted by both halves; an own building by neither.
                total = da + db - (0 if h in buildings else 1)
                if total < best:
                    best = total
                if h not in buildings and total < through.get(h, FAR):
                    through[h] = total
    return Chains(best, through)


def remaining(board: Board, seat: int) -> dict[str, int]:
    """Pieces of each kind the seat has not built yet (stored, drawn or in stacks)."""
    left = {k: b.count for k, b in BUILDINGS.items()}
    for owner, kind in board.buildings.values():
        if owner == seat:
            left[kind] -= 1
    return left


def empty_around(board: Board, h: Hex) -> int:
    landscape = board.landscape
    buildings = board.buildings
    return sum(1 for n in neighbours(h) if n in landscape and n not in buildings)


def follow_potential(board: Board, seat: int, kind: str, h: Hex, left: dict[str, int]) -> float:
    """Free builds a ``kind`` on ``h`` opens: its followers not yet built, up to the room left."""
    want = sum(left[f] for f in FOLLOWERS[kind])
    if kind == "road":
        want = left["road"] - 1
    if want <= 0:
        return 0.0
    room = empty_around(board, h)
    return FOLLOW * min(want, room)


def crowding(board: Board, seat: int, kind: str, h: Hex, left: dict[str, int]) -> float:
    """Free spots taken from own neighbours whose followers still need room."""
    loss = 0.0
    for n in neighbours(h):
        placed = board.buildings.get(n)
        if placed is None or placed[0] != seat:
            continue
        source = placed[1]
        if kind in FOLLOWERS[source] or (source == "road" and kind == "road"):
            continue
        want = sum(left[f] for f in FOLLOWERS[source])
        if source == "road":
            want = left["road"]
        if want > 0 and empty_around(board, n) <= want:
            loss += FOLLOW
    return loss


def completes_group(board: Board, seat: int, kind: str, h: Hex, rewarded: set[str]) -> bool:
    """True when ``kind`` on ``h`` makes its whole group stand connected for the first time."""
    group = BUILDINGS[kind].group
    if group in rewarded:
        return False
    hexes = [
        x for x, (s, k) in board.buildings.items() if s == seat and BUILDINGS[k].group == group
    ]
    hexes.append(h)
    if len(hexes) < GROUPS[group].size:
        return False
    return len(board.component(h, hexes)) == len(set(hexes))


def touches_own(board: Board, seat: int, h: Hex) -> bool:
    buildings = board.buildings
    for n in neighbours(h):
        placed = buildings.get(n)
        if placed is not None and placed[0] == seat:
            return True
    return False


def same_group_near(board: Board, seat: int, kind: str, h: Hex) -> bool:
    group = BUILDINGS[kind].group
    for n in neighbours(h):
        placed = board.buildings.get(n)
        if placed is not None and placed[0] == seat and BUILDINGS[placed[1]].group == group:
            return True
    return False


PER_PLAYER = COMPONENTS.buildings_per_player


def standing(game: Game, seat: int) -> float:
    """A seat's whole position in cards, for comparing the ends of look-ahead games.

    The nearer win counts (shrine chain or the buildings still to place), then what
    is placed, held, stored and saved up.
    """
    if game.winner is not None:
        return WIN if game.winner == seat else -WIN
    player = game.players[seat]
    chain = chains(game.board, seat).length
    race = max(threat(chain), threat(PER_PLAYER - player.built + 1))
    hand = sum(player.hand)
    cards = sum(card_worth(k) for k in range(1, hand + 1))
    return (
        race
        + BUILDING * player.built
        + cards
        + STORED * player.in_storage()
        + AMPHORA * player.amphorae
    )


def margin(game: Game, seat: int) -> float:
    """The seat's standing less that of the best placed other seat."""
    if game.winner is not None:
        return WIN if game.winner == seat else -WIN
    mine = standing(game, seat)
    best = max(standing(game, s) for s in range(len(game.players)) if s != seat)
    return mine - best
