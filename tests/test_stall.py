"""With every card in a hand, ending a turn brings nothing: the computer players build or draw
instead, so a game between them cannot stall (seed 146's 4-player game once never ended)."""

from __future__ import annotations

import pytest

from attika.actions import Build, DrawBuilding, EndTurn
from attika.bots import BOTS
from attika.game import Game, new_game
from attika.rng import Rng

pytestmark = pytest.mark.slow  # minutes of self-play: left out of -m 'not slow'


def all_cards_in_hands(seed: int, turns: int) -> Game:
    """A normal self-play game after ``turns`` turns, then deck and discard dealt to the seat
    after the one to play: nothing is left to take."""
    game = new_game(4, seed)
    rng = Rng(seed)
    while game.turn_number <= turns and game.winner is None:
        game.apply(BOTS["normal"](game, rng))
    other = game.players[(game.current + 1) % 4]
    for land in game.deck:
        other.hand[land] += 1
    for land in range(4):
        other.hand[land] += game.discard[land]
    game.deck, game.discard = [], [0, 0, 0, 0]
    return game


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_seat_with_nothing_to_take_builds_or_draws_instead_of_passing(level: str) -> None:
    checked = 0
    for seed in range(1, 6):
        game = all_cards_in_hands(seed, 30 + seed)
        legal = [] if game.winner is not None else game.legal_actions()
        if not any(isinstance(a, Build | DrawBuilding) for a in legal):
            continue
        checked += 1
        assert game.turn.mode is None
        action = BOTS[level](game, Rng(seed))
        assert not isinstance(action, EndTurn), f"seed {seed}: {level} passed"
    assert checked >= 3


def test_two_normal_players_finish_the_game_once_every_card_is_in_a_hand() -> None:
    """Seed 216, 2 players: both seats once kept ending their turns for ever, two roads in
    store each and the deck empty, since the yardstick's plan (which the 2-player normal level
    plays) priced each road at no more than a card no longer there to take."""
    game = new_game(2, 216)
    rng = Rng(216 ^ 0xBA1A)  # as the balance command deals it (attika/balance.py)
    while game.winner is None and game.turn_number <= 300:
        game.apply(BOTS["normal"](game, rng))
    assert game.winner is not None, f"still playing at turn {game.turn_number}"
