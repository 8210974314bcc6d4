"""The game as one seat knows it: what it cannot see is dealt anew at random.

A computer player must never read another hand, a stack's order, the deck, the
tile stack or the random generator's state. It gets only its seat's view (see
``view.py``) and, to look ahead, asks for a *determinisation*: a full, playable
game that agrees with everything the seat has seen, with every hidden thing
shuffled from the player's own generator. Because the input is the view alone,
two games that differ only in hidden things give the same determinisation for
the same generator: fair by construction.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from .components import BUILDINGS, COMPONENTS
from .facts import by_all
from .game import Game
from .player import Player
from .rng import Rng
from .turn import Turn
from .view import View


def determinise(view: View, rng: Rng) -> Game:
    """A full game consistent with ``view`` (as ``Game.view(seat)`` gives it).

    The seat's own hand, every public fact and every count are kept; other
    hands, the order (and, for hidden piles, the content) of stacks, deck and
    tile stack, a building another player has drawn but not yet placed, and the
    state of the game's random generator come from ``rng``. The result carries no
    record: it is for looking ahead, not for saving.
    """
    game = Game()
    game.edition = view["edition"]
    _copy_public(game, view)
    t = view["turn"]
    drawn_kind: str | None = t["drawn"]
    drawn_from: int | None = t["drawn_from"]

    on_board = Counter(seat_ for _, _, seat_, _ in view["board"]["buildings"])
    built_kinds = Counter((s, kind) for _, _, s, kind in view["board"]["buildings"])
    for i, pv in enumerate(view["players"]):
        player = Player()
        _copy_public(player, pv)
        assert player.built == on_board[i], "a view's built count matches its board"
        unseen = Counter({b.id: b.count for b in BUILDINGS.values()})
        for kind, n in player.stored.items():
            unseen[kind] -= n
        for (s, kind), n in built_kinds.items():
            if s == i:
                unseen[kind] -= n
        hidden_draw = i == view["current"] and drawn_kind == "hidden"
        if i == view["current"] and drawn_kind not in (None, "hidden"):
            unseen[drawn_kind] -= 1
        sizes = list(pv["stacks"])
        if hidden_draw:
            assert drawn_from is not None
            sizes[drawn_from] += 1  # deal the unseen drawn building with its stack, then take it
        player.stacks = _deal_stacks(unseen, sizes, rng)
        if hidden_draw:
            assert drawn_from is not None
            drawn_kind = player.stacks[drawn_from].pop()
        game.players.append(player)

    game.turn = Turn()
    _copy_public(game.turn, t)
    game.turn.drawn = None if drawn_kind is None else (drawn_kind, drawn_from or 0)
    _deal_cards(game, view, rng)
    laid = Counter(tile for tile, *_ in view["board"]["tiles"])
    if t["tile"] is not None:
        laid[t["tile"]] += 1
    unlaid = [tile for tile in COMPONENTS.tiles if not laid[tile]]
    rng.shuffle(unlaid)
    # as with the stacks, a teaching position may have set tiles aside
    assert len(unlaid) >= view["tile_stack_size"], "the view's tile stack adds up"
    game.tile_stack = unlaid[: view["tile_stack_size"]]
    game.rng = Rng(rng.next64())
    return game


#: The facts a view does not show in full, and where each is dealt anew here.
DEALT = {
    "State.players": "one by one below",
    "State.turn": "its public part copied, a hidden drawn building dealt from its stack",
    "State.tile_stack": "tiles not on the board, shuffled",
    "State.deck": "_deal_cards",
    "State.rng": "a fresh state from the player's generator",
    "Player.hand": "_deal_cards",
    "Player.stacks": "_deal_stacks",
    "Turn.drawn": "dealt with its stack when hidden",
}


def _copy_public(target: Any, seen: Mapping[str, Any]) -> None:
    """Every fact declared open to all, read back from the view as written."""
    for f in fields(target):
        if f.metadata["seen"] is by_all:
            setattr(target, f.name, f.metadata["codec"].decode(seen[f.name]))


def _deal_stacks(unseen: Counter[str], sizes: list[int], rng: Rng) -> list[list[str]]:
    """Stack 0 holds main buildings only, the others the rest: shuffle each kind into place.

    In a game every unseen building is in a stack; a teaching position may have set some
    aside (short stacks, to reach a moment of the game), so the stacks are dealt from the
    unseen ones, as many as they hold."""
    mains = [k for k, n in sorted(unseen.items()) if BUILDINGS[k].main for _ in range(n)]
    others = [k for k, n in sorted(unseen.items()) if not BUILDINGS[k].main for _ in range(n)]
    assert len(mains) >= sizes[0] and len(others) >= sum(sizes[1:]), "stacks add up"
    rng.shuffle(mains)
    rng.shuffle(others)
    stacks = [mains[: sizes[0]]]
    start = 0
    for size in sizes[1:]:
        stacks.append(others[start : start + size])
        start += size
    return stacks


def _deal_cards(game: Game, view: View, rng: Rng) -> None:
    """Every card not in the seat's hand nor face up on the discard pile is somewhere
    unseen: in another hand or in the deck. Shuffle them and deal by the known counts."""
    seat: int = view["seat"]
    own = view["players"][seat]["hand"]
    assert own is not None, "a seat's view holds its own hand"
    pool = [
        land
        for land in range(4)
        for _ in range(COMPONENTS.cards_per_landscape - own[land] - view["discard"][land])
    ]
    rng.shuffle(pool)
    for i, (player, pv) in enumerate(zip(game.players, view["players"], strict=True)):
        if i == seat:
            player.hand = list(own)
            continue
        for _ in range(pv["hand_size"]):
            player.hand[pool.pop()] += 1
    assert len(pool) == view["deck_size"], "the view's cards add up"
    game.deck = pool
