"""push/pop: the fast way for search to try an action and take it back exactly."""

from __future__ import annotations

import attika
from attika.bots import random_position
from attika.rng import Rng


def test_push_then_pop_gives_back_the_same_game_hidden_order_included() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game = random_position(players, seed, 40)
        before = game.to_json()
        rng = Rng(seed)
        pushed = 0
        for _ in range(300):  # whole turns, revealed tiles, reshuffles and wins included
            if game.is_over:
                break
            game.push(game.random_action(rng))
            pushed += 1
        assert game.to_json() != before
        for _ in range(pushed):
            game.pop()
        assert game.to_json() == before


def test_a_random_action_is_legal_and_push_plays_it_as_apply_does() -> None:
    game = random_position(4, 7, 30)
    checked = game.copy()
    rng = Rng(11)
    while not game.is_over:
        action = game.random_action(rng)
        assert checked.is_legal(action), action
        game.push(action)
        checked.apply(action)
        assert game.state() == checked.state()
    assert checked.is_over


def test_undo_takes_back_through_the_same_pop() -> None:
    game = attika.new_game(2, seed=3)
    build = next(a for a in game.legal_actions() if isinstance(a, attika.Build))
    before = game.state()
    game.apply(build)
    assert game.undo() == str(build)
    assert game.state() == before and game.actions == []
