"""A determinisation keeps everything a seat has seen and re-deals only what it has not."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import attika
from attika.bots import random_bot, random_position
from attika.components import BUILDINGS, COMPONENTS
from attika.rng import Rng

from .hidden import reshuffle_hidden

SETTINGS = settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
positions = st.builds(
    random_position, st.integers(2, 4), st.integers(0, 10_000), st.integers(0, 300)
)


def pieces(game: attika.Game, seat: int) -> Counter[str]:
    """Every building of a seat, wherever it is: stacks, player board, drawn, on the board."""
    found: Counter[str] = Counter()
    player = game.players[seat]
    for stack in player.stacks:
        found.update(stack)
    found.update(player.stored)
    if game.current == seat and game.turn.drawn is not None:
        found[game.turn.drawn[0]] += 1
    found.update(kind for s, kind in game.board.buildings.values() if s == seat)
    return found


@SETTINGS
@given(positions, st.data())
def test_a_determinisation_shows_its_seat_exactly_what_the_game_shows(
    game: attika.Game, data: st.DataObject
) -> None:
    seat = data.draw(st.integers(0, len(game.players) - 1))
    guess = attika.determinise(game.view(seat), Rng(data.draw(st.integers(0, 2**32))))
    assert guess.view(seat) == game.view(seat)
    full_set = Counter({b.id: b.count for b in BUILDINGS.values()})
    for s in range(len(game.players)):
        assert pieces(guess, s) == full_set
        assert [len(x) for x in guess.players[s].stacks] == [len(x) for x in game.players[s].stacks]
        assert all(BUILDINGS[b].main for b in guess.players[s].stacks[0])
    cards = Counter(guess.deck)
    for p in guess.players:
        cards.update({land: n for land, n in enumerate(p.hand)})
    cards.update({land: n for land, n in enumerate(guess.discard)})
    assert cards == Counter({land: COMPONENTS.cards_per_landscape for land in range(4)})
    assert sorted(guess.tile_stack) == sorted(game.tile_stack)
    if seat == game.current:
        assert guess.legal_actions() == game.legal_actions()


@SETTINGS
@given(positions, st.integers(0, 3), st.integers(0, 2**32))
def test_hidden_changes_give_the_same_determinisation(
    game: attika.Game, seat_pick: int, seed: int
) -> None:
    seat = seat_pick % len(game.players)
    other = reshuffle_hidden(game, seat, seed)
    assert other.view(seat) == game.view(seat)
    a = attika.determinise(game.view(seat), Rng(5))
    b = attika.determinise(other.view(seat), Rng(5))
    assert a.state() == b.state()


@pytest.mark.slow
@settings(max_examples=15, deadline=None, derandomize=True)
@given(positions, st.integers(0, 2**32))
def test_a_determinised_game_plays_on_to_its_end(game: attika.Game, seed: int) -> None:
    guess = attika.determinise(game.view(game.current), Rng(seed))
    rng = Rng(seed)
    for _ in range(3000):
        if guess.is_over:
            break
        guess.apply(random_bot(guess, rng))
    assert guess.is_over
