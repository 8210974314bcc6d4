"""A playable game made from one seat's view: what a computer player may simulate.

A computer player gets only ``game.view(seat)``. To look ahead it needs a whole
:class:`~attika.game.Game`, so everything the seat cannot see (other hands, the
order of every stack, the deck, the tile stack, the random generator) is dealt
again at random, consistently with what the seat has seen. Two games that
differ only in hidden things give the same view, hence the same worlds for the
same generator: the fairness of every level rests on this.

The rules package's own ``attika.determinise`` is used when it exists; until
then a local one built on the public API stands in.
"""

from __future__ import annotations

from typing import Any, cast

from ..board import Board
from ..components import BUILDINGS, COMPONENTS
from ..game import Game
from ..player import Player
from ..rng import Rng
from ..turn import Turn

View = dict[str, Any]


def determinise(view: View, rng: Rng) -> Game:
    """A full game consistent with ``view``, its hidden parts drawn from ``rng``."""
    import attika

    lead = getattr(attika, "determinise", None)
    if lead is not None:
        return cast(Game, lead(view, rng))
    return _determinise(view, rng)


def _determinise(view: View, rng: Rng) -> Game:
    game = Game()
    seat = view["seat"]
    board = Board()
    tiles = COMPONENTS.tiles
    for tile_id, q, r, rotation in view["board"]["tiles"]:
        board.lay_tile(tiles[tile_id], (q, r), rotation)
    board.shrines = {(q, r) for q, r in view["board"]["shrines"]}
    for q, r, owner, kind in view["board"]["buildings"]:
        board.buildings[(q, r)] = (owner, kind)
    game.board = board

    turn_view = view["turn"]
    drawn_kind = turn_view["drawn"]
    unseen_cards = [COMPONENTS.cards_per_landscape - d for d in view["discard"]]
    own_hand = view["players"][seat]["hand"]
    for i in range(4):
        unseen_cards[i] -= own_hand[i]
    pool = [land for land in range(4) for _ in range(unseen_cards[land])]
    rng.shuffle(pool)
    for i, pv in enumerate(view["players"]):
        player = Player(pv["name"])
        player.amphorae = pv["amphorae"]
        player.stored = dict(pv["stored"])
        player.rewarded = set(pv["rewarded"])
        player.built = pv["built"]
        if i == seat:
            player.hand = list(own_hand)
        else:
            for _ in range(pv["hand_size"]):
                player.hand[pool.pop()] += 1
        left = {k: b.count for k, b in BUILDINGS.items()}
        for _q, _r, owner, kind in view["board"]["buildings"]:
            if owner == i:
                left[kind] -= 1
        for kind, n in pv["stored"].items():
            left[kind] -= n
        if i == view["current"] and drawn_kind is not None and drawn_kind != "hidden":
            left[drawn_kind] -= 1
        mains = [k for k, n in left.items() if BUILDINGS[k].main for _ in range(n)]
        others = [k for k, n in left.items() if not BUILDINGS[k].main for _ in range(n)]
        rng.shuffle(mains)
        rng.shuffle(others)
        sizes = pv["stacks"]
        if drawn_kind == "hidden" and i == view["current"]:
            # Someone else's drawn building: one of their unseen ones, from a main or other stack.
            drawn_kind = mains.pop() if len(mains) > sizes[0] else others.pop()
        player.stacks = [mains[: sizes[0]]]
        start = 0
        for size in sizes[1:]:
            player.stacks.append(others[start : start + size])
            start += size
        game.players.append(player)
    game.deck = pool
    game.discard = list(view["discard"])
    laid = {t[0] for t in view["board"]["tiles"]}
    if turn_view["tile"] is not None:
        laid.add(turn_view["tile"])
    game.tile_stack = [t for t in sorted(tiles) if t not in laid]
    rng.shuffle(game.tile_stack)
    del game.tile_stack[view["tile_stack_size"] :]
    game.amphora_supply = view["amphora_supply"]
    game.current = view["current"]
    game.turn_number = view["turn_number"]
    turn = Turn()
    turn.mode = turn_view["mode"]
    turn.used = turn_view["used"]
    base = COMPONENTS.draws_per_turn if turn.mode == "draw" else COMPONENTS.builds_per_turn
    turn.extra = turn_view["allowance"] - base
    turn.cards_taken = turn_view["cards_taken"]
    turn.tile = turn_view["tile"]
    if drawn_kind is not None:
        stack = 0 if BUILDINGS[drawn_kind].main else _drawn_stack(view["players"][view["current"]])
        turn.drawn = (drawn_kind, stack)
    game.turn = turn
    game.rng = Rng(rng.next64())
    game.winner = view["winner"]
    game.win_reason = view["win_reason"]
    return game


def _drawn_stack(player_view: View) -> int:
    """Which of stacks 1-3 a drawn building came from; the view does not say, so guess
    the smallest, which errs towards revealing a tile when one of them is empty."""
    sizes = player_view["stacks"]
    return min((1, 2, 3), key=lambda i: (sizes[i], i))
