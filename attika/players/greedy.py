"""The first computer players: ``random`` and the greedy bot behind the easy level.

``random`` picks any legal action. ``greedy`` builds cheaply and plays for the
shrine win: it prefers sites on the shortest chain between two shrines, counts
its own buildings as already-built links, and values free builds. It never
blocks, so a beginner can beat it.

Both read only what the seat to play may see (legal actions depend on the
board, the player boards and the own hand), so they can run on a game dealt
from that seat's view.
"""

from __future__ import annotations

from collections import deque
from itertools import combinations

from ..actions import Action, Build, DrawBuilding, EndTurn, PlaceTile, SpendAmphora, StoreBuilding
from ..game import Game
from ..hexes import Hex, distance, neighbours
from ..rng import Rng


def random_bot(game: Game, rng: Rng) -> Action:
    legal = game.legal_actions()
    return legal[rng.below(len(legal))]


def _shrine_distances(game: Game, seat: int) -> list[dict[Hex, int]]:
    """For each shrine, how many more buildings a chain from it would need to reach each hex.

    Own buildings cost nothing to pass, empty hexes one, others' buildings block.
    """
    board = game.board
    maps = []
    for shrine in sorted(board.shrines):
        dist: dict[Hex, int] = {}
        todo: deque[tuple[int, Hex]] = deque()
        for n in neighbours(shrine):
            if n in board.landscape:
                placed = board.buildings.get(n)
                if placed is None:
                    todo.append((1, n))
                elif placed[0] == seat:
                    todo.appendleft((0, n))
        while todo:
            d, h = todo.popleft()
            if h in dist and dist[h] <= d:
                continue
            dist[h] = d
            for n in neighbours(h):
                if n not in board.landscape:
                    continue
                placed = board.buildings.get(n)
                if placed is None:
                    todo.append((d + 1, n))
                elif placed[0] == seat:
                    todo.appendleft((d, n))
        maps.append(dist)
    return maps


def _chain_value(maps: list[dict[Hex, int]], h: Hex) -> int:
    """Length of the cheapest shrine-to-shrine chain through ``h`` (lower is better)."""
    best = 99
    for a, b in combinations(maps, 2):
        if h in a and h in b:
            best = min(best, a[h] + b[h])
    return best


def cards_to_take(game: Game) -> int:
    """Cards left to take: deck and discard pile (0 when every card sits in a hand)."""
    return len(game.deck) + sum(game.discard)


def instead_of_passing(game: Game, legal: list[Action], best: Build | None) -> Action | None:
    """A build or a draw for a fresh turn in which ending the turn would bring no card.

    With every card in hands, a turn ended without a build or a draw changes nothing; if
    every player then waits for a cheaper site the game never ends (seed 146, 4 players:
    the board full but two dear sites, the deck and discard empty, all seats ending their
    turns). So a seat that could build or draw does, even at a price it would refuse.
    """
    if game.turn.mode is not None or cards_to_take(game):
        return None
    if best is not None:
        return best
    draws = [a for a in legal if isinstance(a, DrawBuilding)]
    if draws:
        return draws[0]
    # no build its plan would make and no stack to draw from: any build rather than none
    return next((a for a in legal if isinstance(a, Build)), None)


def greedy_bot(game: Game, rng: Rng) -> Action:
    legal = game.legal_actions()
    seat = game.current
    player = game.players[seat]
    turn = game.turn
    own = {h for h, (s, _) in game.board.buildings.items() if s == seat}
    if isinstance(legal[0], PlaceTile):
        # Lay tiles near own buildings, so new land serves this player first.
        near = own or {(0, 0)}
        tiles = [a for a in legal if isinstance(a, PlaceTile)]
        return min(tiles, key=lambda a: (min(distance(a.centre, h) for h in near), a.rotation))
    builds = [a for a in legal if isinstance(a, Build)]
    best: Build | None = None
    if builds:
        maps = _shrine_distances(game, seat)

        def score(a: Build) -> float:
            paid = sum(a.payment)
            touches = any(n in own for n in neighbours(a.hex))
            return -2.0 * _chain_value(maps, a.hex) - paid + (1.5 if touches else 0.0)

        best = max(builds, key=lambda a: (score(a), -a.hex[0], -a.hex[1]))
    if turn.drawn is not None:
        if best is not None and sum(best.payment) <= 2:
            return best
        return StoreBuilding()
    hand = sum(player.hand)
    if best is not None and (sum(best.payment) <= max(2, hand // 3)):
        return best
    if SpendAmphora("action") in legal and turn.mode == "build" and best is not None:
        return SpendAmphora("action")
    draws = [a for a in legal if isinstance(a, DrawBuilding)]
    if draws and not game.board.empty_sites():
        # A full board grows only when a stack runs out: empty the shortest.
        return min(draws, key=lambda a: (len(player.stacks[a.stack]), a.stack))
    if draws and (turn.mode == "draw" or player.in_storage() < 5):
        return max(draws, key=lambda a: (len(player.stacks[a.stack]), -a.stack))
    move = instead_of_passing(game, legal, best)
    return EndTurn() if move is None else move
