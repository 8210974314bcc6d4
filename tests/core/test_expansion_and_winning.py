"""Board expansion when a stack runs out, and both ways to win."""

from __future__ import annotations

import attika
from attika.hexes import flower, neighbours

from .helpers import build, make_game, raises


def _last_in_stack(game: attika.Game, stack: int = 3) -> None:
    """Leave exactly one building in the current player's ``stack``."""
    pile = game.players[game.current].stacks[stack]
    game.players[game.current].stacks[1].extend(pile[:-1])
    del pile[:-1]


def test_drawing_the_last_building_of_a_stack_reveals_a_tile_after_storing_it() -> None:
    game = make_game(radius=2, hands={0: ""})
    _last_in_stack(game)
    tiles = len(game.tile_stack)
    events = game.apply("draw 3")
    assert game.turn.tile is None  # the building is dealt with first
    events = game.apply("store")
    assert game.turn.tile is not None and len(game.tile_stack) == tiles - 1
    assert any(e["event"] == "reveal-tile" for e in events)
    # Nothing else may happen until the tile lies.
    with raises(attika.IllegalAction, "expand-board"):
        game.apply("end")
    legal = game.legal_actions()
    assert legal and all(isinstance(a, attika.PlaceTile) for a in legal)
    assert {a.rotation for a in legal} == set(range(6))


def test_tile_sites_touch_the_board_and_overlap_nothing() -> None:
    game = make_game(radius=2, shrines=[(3, 0)], hands={0: ""})
    _last_in_stack(game)
    game.apply("draw 3")
    game.apply("store")
    taken = set(game.board.landscape) | game.board.shrines
    centres = {a.centre for a in game.legal_actions()}
    for c in centres:
        hexes = set(flower(c))
        assert not hexes & taken
        assert any(n in taken for h in hexes for n in neighbours(h))
    # A tile touching only the shrine is allowed; one overlapping is not.
    only_shrine = (5, 0)
    assert only_shrine in centres
    with raises(attika.IllegalAction, "tile-site"):
        game.apply("tile 2,0 0")
    with raises(attika.IllegalAction, "tile-site"):
        game.apply("tile 9,0 0")  # touches nothing
    game.apply("tile 5,0 1")
    assert (5, 0) in game.board.landscape and game.turn.tile is None


def test_new_hexes_can_be_built_on_at_once_and_gaps_are_allowed() -> None:
    game = make_game(radius=1, hands={0: "HHHHHHHHHH"})
    _last_in_stack(game)
    game.apply("draw 3")
    game.apply("store")
    # centre 2 steps from the board's edge hex (1,0) leaves a gap elsewhere
    game.apply("tile 3,0 0")
    sites = {a.hex for a in game.legal_actions() if isinstance(a, attika.Build)}
    assert not sites  # a draw turn: only the next draw, not a build from storage
    game.apply("end")


def test_building_the_last_drawn_building_at_once_also_expands_the_board() -> None:
    game = make_game(radius=2, hands={0: "HHHHHHH"})
    _last_in_stack(game)
    game.players[0].stacks[3] = ["road"]
    game.apply("draw 3")
    build(game, "road", (0, 0))
    assert game.turn.tile is not None


def test_empty_tile_stack_means_no_expansion() -> None:
    game = make_game(radius=2, hands={0: ""})
    game.tile_stack.clear()
    _last_in_stack(game)
    game.apply("draw 3")
    game.apply("store")
    assert game.turn.tile is None
    game.apply("end")


def test_laying_a_tile_is_only_for_an_emptied_stack() -> None:
    game = make_game(radius=2, hands={0: ""})
    with raises(attika.IllegalAction, "no-tile"):
        game.apply("tile 5,0 0")


def test_connecting_two_shrines_with_a_chain_wins_at_once() -> None:
    # Shrines at (-2,0) and (2,0); own buildings on (-1,0) and (1,0); the road
    # on (0,0) closes the chain.
    game = make_game(
        shrines=[(-2, 0), (2, 0)],
        buildings={(-1, 0): (0, "quarry"), (1, 0): (0, "harbour")},
        stored={0: ["road", "well"]},
        hands={0: "HHHHHHHHHH"},
    )
    events = build(game, "road", (0, 0))
    assert game.winner == 0 and game.win_reason == "shrines"
    assert game.winning_hexes == [(-1, 0), (0, 0), (1, 0)]
    assert events[-1] == {"event": "win", "seat": 0, "reason": "shrines"}
    assert game.legal_actions() == []
    with raises(attika.IllegalAction, "game-over"):
        game.apply("end")


def test_a_chain_broken_by_another_colour_does_not_win() -> None:
    game = make_game(
        shrines=[(-3, 0), (3, 0)],
        buildings={(-2, 0): (0, "quarry"), (0, 0): (1, "road"), (2, 0): (0, "harbour")},
        stored={0: ["road"]},
        hands={0: "HHHHHHHHHH"},
    )
    build(game, "road", (-1, 0))
    assert game.winner is None
    assert len(game.board.settlements(0)) == 2


def test_one_building_next_to_two_shrines_links_them_and_wins() -> None:
    game = make_game(shrines=[(-1, 0), (1, 0)], stored={0: ["road"]}, hands={0: "HHHHH"})
    build(game, "road", (0, 0))
    assert game.winner == 0 and game.winning_hexes == [(0, 0)]


def test_one_settlement_touching_a_single_shrine_twice_does_not_win() -> None:
    game = make_game(
        shrines=[(0, 0)],
        buildings={(-1, 0): (0, "quarry")},
        stored={0: ["road"]},
        hands={0: "HHHHHHH"},
    )
    build(game, "road", (1, 0))
    assert game.winner is None


def test_placing_all_thirty_buildings_wins() -> None:
    kinds = [k for k, b in attika.BUILDINGS.items() for _ in range(b.count)]
    spread = [(q, r) for q in range(-6, 7, 2) for r in range(-6, 7, 2)]
    on_board = {h: (0, k) for h, k in zip(spread, kinds[:-1], strict=False)}
    assert len(on_board) == 29
    game = make_game(radius=8, buildings=on_board, stored={0: [kinds[-1]]}, hands={0: "H" * 15})
    site = next(a.hex for a in game.legal_actions() if isinstance(a, attika.Build))
    build(game, kinds[-1], site)
    assert game.winner == 0 and game.win_reason == "all-buildings"
    assert len(game.winning_hexes) == 30
