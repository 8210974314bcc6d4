"""Setting up a game for 2, 3 and 4 players."""

from __future__ import annotations

import attika
from attika.components import COMPONENTS

from .helpers import accounted, raises


def test_setup_for_each_player_count() -> None:
    for players, tiles, shrines in [(2, 4, 2), (3, 6, 3), (4, 8, 4)]:
        game = attika.new_game(players, seed=11)
        assert len(game.board.tiles) == tiles
        assert len(game.board.landscape) == 7 * tiles
        assert len(game.board.shrines) == shrines
        assert len(game.tile_stack) == 22 - tiles
        assert game.amphora_supply == 15
        assert game.board.buildings == {}
        accounted(game)
        for p in game.players:
            assert [len(s) for s in p.stacks] == [5, 7, 7, 7]
            assert p.in_storage() == 4
            assert all(attika.BUILDINGS[k].main for k in p.stacks[0])
            assert not any(attika.BUILDINGS[k].main for s in p.stacks[1:] for k in s)
            # one main building revealed from the main stack, three others
            assert sum(attika.BUILDINGS[k].main * n for k, n in p.stored.items()) == 1


def test_three_players_start_on_42_building_spaces() -> None:
    game = attika.new_game(3, seed=5)
    assert len(game.board.empty_sites()) == 42


def test_hands_are_4_5_6_7_in_seat_order_from_the_start_player() -> None:
    for seed in range(8):
        game = attika.new_game(4, seed=seed)
        s = game.start_player
        assert game.current == s
        sizes = [sum(game.players[(s + k) % 4].hand) for k in range(4)]
        assert sizes == [4, 5, 6, 7]
        assert len(game.deck) == 60 - 22


def test_start_player_is_drawn_at_random() -> None:
    starts = {attika.new_game(3, seed=seed).start_player for seed in range(30)}
    assert starts == {0, 1, 2}


def test_same_seed_same_game_other_seed_other_game() -> None:
    a, b, c = attika.new_game(4, seed=9), attika.new_game(4, seed=9), attika.new_game(4, seed=10)
    assert a.state() == b.state()
    assert a.state() != c.state()


def test_names_or_a_count() -> None:
    game = attika.new_game(["Ann", "Bo"], seed=1)
    assert [p.name for p in game.players] == ["Ann", "Bo"]
    default = attika.new_game(4, seed=1)
    assert [p.name for p in default.players] == [c["names"]["en"] for c in COMPONENTS.city_states]
    for bad in (1, 5, ["Solo"], ["A", "B", "C", "D", "E"], ["A", " "]):
        with raises(ValueError):
            attika.new_game(bad, seed=1)  # type: ignore[arg-type]
    with raises(ValueError):
        attika.new_game(2, seed=-1)


def test_start_layouts_use_the_designed_positions_and_shrines() -> None:
    for n, layout in COMPONENTS.layouts.items():
        game = attika.new_game(n, seed=3)
        assert [c for _, c, _ in game.board.tiles] == [c for c, _ in layout.tiles]
        assert game.board.shrines == set(layout.shrines)


def test_players_may_choose_the_start_player() -> None:
    drawn = attika.new_game(3, seed=8)
    for seat in range(3):
        chosen = attika.new_game(3, seed=8, start=seat)
        assert chosen.current == chosen.start_player == seat
        # the start player takes the smallest hand, the next seats one card more each
        assert [sum(chosen.players[(seat + k) % 3].hand) for k in range(3)] == [4, 5, 6]
        # everything else is dealt as for the drawn start player
        assert chosen.board.to_data() == drawn.board.to_data()
        assert [p.stacks for p in chosen.players] == [p.stacks for p in drawn.players]
        again = attika.Game.from_json(chosen.to_json())
        assert again.current == seat and again.state() == chosen.state()
    for bad in (3, -1, True, "1"):
        with raises(ValueError):
            attika.new_game(3, seed=8, start=bad)  # type: ignore[arg-type]
