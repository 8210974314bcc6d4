"""Taking back an action: exact, within the turn, never after something hidden was seen."""

from __future__ import annotations

import attika

from .helpers import raises


def _first_build(game: attika.Game) -> attika.Build:
    return next(a for a in game.legal_actions() if isinstance(a, attika.Build))


def _two_builds_game() -> attika.Game:
    """A new 3-player game whose start player can afford two builds in a row (seed 42 or the
    next that can: the dealt cards and the start board decide it)."""
    for seed in range(42, 142):
        game = attika.new_game(3, seed)
        first = next((a for a in game.legal_actions() if isinstance(a, attika.Build)), None)
        if first is None:
            continue
        trial = game.copy()
        trial.apply(first)
        if any(isinstance(a, attika.Build) for a in trial.legal_actions()):
            return game
    raise AssertionError("no 3-player game from seed 42 on lets its start player build twice")


def test_builds_are_taken_back_exactly_one_by_one() -> None:
    game = _two_builds_game()
    start = game.state()
    refusal = game.undo_refusal()
    assert refusal is not None and refusal.rule == "undo-turn"
    first = _first_build(game)
    game.apply(first)
    after_first = game.state()
    second = _first_build(game)
    game.apply(second)
    assert game.undo() == str(second)
    assert game.state() == after_first and game.actions == [str(first)]
    assert game.undo() == str(first)
    assert game.state() == start and game.actions == []
    with raises(attika.IllegalAction, "undo-turn"):
        game.undo()
    assert game.state() == start


def test_a_draw_is_final_but_storing_what_was_drawn_is_not() -> None:
    game = attika.new_game(2, 5)
    game.apply("draw 1")
    drawn = game.turn.drawn
    with raises(attika.IllegalAction, "undo-building") as caught:
        game.undo()
    assert "drawn" in str(caught[0])
    game.apply("store")
    assert game.turn.drawn is None
    assert game.undo() == "store"
    assert game.turn.drawn == drawn  # the building is back in the hand, to build or store


def test_ending_the_turn_is_final() -> None:
    game = attika.new_game(2, 5)
    game.apply("draw 1")
    game.apply("store")
    game.apply("end")
    with raises(attika.IllegalAction, "undo-turn"):
        game.undo()


def test_a_card_taken_with_an_amphora_is_final_and_an_extra_action_is_not() -> None:
    game = attika.new_game(2, 5)
    game.players[game.current].amphorae = 2
    game.amphora_supply -= 2
    game.apply("draw 1")
    game.apply("store")
    game.apply("amphora action")
    assert game.undo() == "amphora action"
    assert game.players[game.current].amphorae == 2 and game.turn.extra == 0
    game.apply("amphora card")
    with raises(attika.IllegalAction, "undo-card"):
        game.undo()
    assert game.players[game.current].amphorae == 1


def test_revealing_a_tile_is_final_and_laying_it_is_not() -> None:
    game = attika.new_game(2, 9)
    player = game.players[game.current]
    while len(player.stacks[3]) > 1:
        player.store(player.stacks[3].pop())
    game.apply("draw 3")
    game.apply("store")
    assert game.turn.tile is not None
    with raises(attika.IllegalAction, "undo-tile"):
        game.undo()
    site = game.board.tile_sites()[0]
    game.apply(f"tile {site[0]},{site[1]} 2")
    assert game.undo().startswith("tile ")
    assert game.turn.tile is not None  # the same tile, to lay again


def test_a_loaded_game_can_still_take_back_the_last_action() -> None:
    game = attika.new_game(3, 11)
    build = next(a for a in game.legal_actions() if isinstance(a, attika.Build))
    before = game.state()
    game.apply(build)
    loaded = attika.Game.from_json(game.to_json())
    assert loaded.undo() == str(build)
    assert loaded.state() == before
    drawn = attika.new_game(3, 11)
    drawn.apply("draw 1")
    with raises(attika.IllegalAction, "undo-building"):
        attika.Game.from_json(drawn.to_json()).undo()
