"""What an action does to the state, and how ``pop`` puts it back.

The game (game.py) decides whether an action may be played and keeps the record; this
module only carries out an action already known to be legal, on the facts of state.py.
Both ``apply`` and the search's ``push`` come here, so a rule's effect is written once.
``edition`` is the rules edition of the game's record: from edition 2 on, the deck is
refilled from the discard pile the moment it runs out.
"""

from __future__ import annotations

from typing import Any

from . import readings
from .actions import Action, Build, DrawBuilding, EndTurn, PlaceTile, SpendAmphora, StoreBuilding
from .board import shortest_chain
from .components import BUILDINGS, COMPONENTS, GROUPS, Cards
from .cost import cards_text
from .frame import Frame, put_back
from .hexes import Hex, format_hex
from .limits import BUILDS, DRAWS
from .quote import Quote
from .state import State
from .turn import Turn

#: What one action made happen, for logs: ``{"event": "build", "seat": 0, ...}``.
Event = dict[str, Any]


def carry_out(
    state: State, edition: int, action: Action, events: list[Event] | None, q: Quote | None
) -> None:
    """Carry out a legal action; record what happened in ``events`` when given (a build's
    event needs its quote ``q``)."""
    seat = state.current
    player = state.players[seat]
    # what an action may change is replaced by a copy first, so the frame keeps the old
    # (the facts declared undo="kept" that are not immutable)
    player.hand = list(player.hand)
    player.stored = dict(player.stored)
    player.rewarded = set(player.rewarded)
    state.discard = list(state.discard)
    state.deck = list(state.deck)
    turn = state.turn = state.turn.copy()
    match action:
        case DrawBuilding(stack=stack):
            turn.mode = "draw"
            turn.used += 1
            kind = player.stacks[stack].pop()
            turn.drawn = (kind, stack)
            if events is not None:
                events.append({"event": "draw", "seat": seat, "building": kind, "stack": stack})
        case StoreBuilding():
            assert turn.drawn is not None
            kind, stack = turn.drawn
            turn.drawn = None
            player.store(kind)
            if events is not None:
                events.append({"event": "store", "seat": seat, "building": kind})
            _after_drawn(state, stack, events)
        case Build(building=kind, hex=h, payment=payment):
            drawn = turn.drawn
            if drawn is None:
                turn.mode = "build"
                turn.used += 1
                player.unstore(kind)
            else:
                turn.drawn = None
            _place(state, edition, kind, h, payment, q, events)
            if drawn is not None and state.winner is None:
                _after_drawn(state, drawn[1], events)
        case PlaceTile(centre=centre, rotation=rotation):
            assert turn.tile is not None
            state.board.lay_tile(COMPONENTS.tiles[turn.tile], centre, rotation)
            if events is not None:
                events.append(
                    {
                        "event": "tile",
                        "seat": seat,
                        "tile": turn.tile,
                        "hex": format_hex(centre),
                        "rotation": rotation,
                    }
                )
            turn.tile = None
        case SpendAmphora(use=use):
            player.amphorae -= 1
            state.amphora_supply += 1
            if use == "action":
                turn.extra += 1
                if events is not None:
                    events.append({"event": "amphora-action", "seat": seat, "mode": turn.mode})
            else:
                turn.cards_taken = True
                got = take_cards(state, edition, seat, 1)
                if events is not None:
                    events.append({"event": "amphora-card", "seat": seat, "cards": got})
        case EndTurn():
            got = take_cards(state, edition, seat, turn.unused(DRAWS, BUILDS))
            if events is not None:
                events.append({"event": "end-turn", "seat": seat, "cards": got})
            state.current = (seat + 1) % len(state.players)
            state.turn = Turn()
            state.turn_number += 1


def take_back(state: State, f: Frame) -> None:
    """Put back what the action of frame ``f`` changed: the undoing of its own effect on the
    board and the stacks, then every fact the frame kept."""
    player = state.players[f.seat]
    board = state.board
    match f.action:
        case DrawBuilding(stack=stack):
            assert state.turn.drawn is not None
            player.stacks[stack].append(state.turn.drawn[0])
        case Build(hex=h):
            del board.buildings[h]
        case PlaceTile(centre=centre, rotation=rotation):
            tile_id, _, _ = board.tiles.pop()
            for h in COMPONENTS.tiles[tile_id].hexes(centre, rotation):
                del board.landscape[h]
    if len(state.tile_stack) < f.tile_stack:
        assert state.turn.tile is not None
        state.tile_stack.append(state.turn.tile)
    put_back(state, player, f)


def _place(
    state: State,
    edition: int,
    kind: str,
    h: Hex,
    payment: Cards,
    q: Quote | None,
    events: list[Event] | None,
) -> None:
    seat = state.current
    player = state.players[seat]
    for i in range(4):
        player.hand[i] -= payment[i]
        state.discard[i] += payment[i]
    if edition >= 2:
        _refill_deck(state)
    state.board.buildings[h] = (seat, kind)
    player.built += 1
    if events is not None:
        assert q is not None
        events.append(
            {
                "event": "build",
                "seat": seat,
                "building": kind,
                "hex": format_hex(h),
                "paid": cards_text(payment),
                "free": q.free,
                "new_settlement": q.new_settlement,
            }
        )
    if readings.GROUP_JOINED_AMONG_ITSELF:
        _reward_group(state, edition, BUILDINGS[kind].group, events, h)
    else:  # any building may link a group through its settlement
        for group_id in GROUPS:
            _reward_group(state, edition, group_id, events, h)
    _check_win(state, h, events)


def _reward_group(
    state: State, edition: int, group_id: str, events: list[Event] | None, placed: Hex
) -> None:
    """An amphora, once, when every building of the group stands connected."""
    seat = state.current
    player = state.players[seat]
    if group_id in player.rewarded:
        return
    group = GROUPS[group_id]
    board = state.board
    if readings.GROUP_JOINED_AMONG_ITSELF:
        # the group's buildings joined to the one just placed: all of them, or not yet
        if len(board.joined(placed, group.kinds)) < group.size:
            return
    else:
        hexes = [x for x, (s, kind) in board.buildings.items() if s == seat and kind in group.kinds]
        if len(hexes) < group.size or not board.joined(placed).issuperset(hexes):
            return
    player.rewarded.add(group_id)
    if state.amphora_supply:
        state.amphora_supply -= 1
        player.amphorae += 1
        if events is not None:
            events.append({"event": "amphora", "seat": seat, "group": group_id})
    else:
        got = take_cards(state, edition, seat, 1)
        if events is not None:
            events.append({"event": "amphora-empty", "seat": seat, "group": group_id, "cards": got})


def _check_win(state: State, h: Hex, events: list[Event] | None) -> None:
    seat = state.current
    player = state.players[seat]
    if player.built == COMPONENTS.buildings_per_player:
        state.winner, state.win_reason = seat, "all-buildings"
        state.winning_hexes = sorted(x for x, (s, _) in state.board.buildings.items() if s == seat)
    else:
        settlement = state.board.component(h)
        touched = state.board.shrines_touching(settlement)
        if len(touched) < 2:
            return
        state.winner, state.win_reason = seat, "shrines"
        state.winning_hexes = shortest_chain(settlement, touched)
    if events is not None:
        events.append({"event": "win", "seat": seat, "reason": state.win_reason})


def _after_drawn(state: State, stack: int, events: list[Event] | None) -> None:
    """The last building of a stack has been dealt with: reveal a tile to lay."""
    if state.players[state.current].stacks[stack] or not state.tile_stack:
        return
    state.turn.tile = state.tile_stack.pop()
    if events is not None:
        events.append({"event": "reveal-tile", "seat": state.current, "tile": state.turn.tile})


def take_cards(state: State, edition: int, seat: int, n: int) -> int:
    """Deal up to ``n`` cards; the moment the deck is used up, the discard pile becomes
    the new deck.

    Returns how many were dealt: fewer than ``n`` only when deck and discard
    pile are both empty (all cards are in hands).
    """
    hand = state.players[seat].hand
    dealt = 0
    for _ in range(n):
        if not state.deck:
            _refill_deck(state)  # edition 1 only: edition 2 never lets the deck sit empty
            if not state.deck:
                break
        hand[state.deck.pop()] += 1
        dealt += 1
    if edition >= 2:
        _refill_deck(state)
    return dealt


def _refill_deck(state: State) -> None:
    """An empty deck is replaced by the shuffled discard pile (if it holds any card)."""
    if state.deck or not any(state.discard):
        return
    state.deck = [land for land in range(4) for _ in range(state.discard[land])]
    state.discard = [0, 0, 0, 0]
    state.rng.shuffle(state.deck)
