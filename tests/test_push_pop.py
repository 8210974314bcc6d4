"""Seeded properties of push/pop over random positions and random sequences."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import attika
import attika.game
from attika.bots import random_position
from attika.rng import Rng

SETTINGS = settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
positions = st.builds(
    random_position, st.integers(2, 4), st.integers(0, 10_000), st.integers(0, 250)
)


@SETTINGS
@given(positions, st.lists(st.booleans(), max_size=120), st.integers(0, 2**32))
def test_any_sequence_of_pushes_and_pops_returns_to_the_start(
    game: attika.Game, moves: list[bool], seed: int
) -> None:
    """True pushes a random legal action, False pops one (when any is pushed)."""
    before = game.to_json()
    rng = Rng(seed)
    depth = 0
    for push in moves:
        if push and not game.is_over:
            game.push(game.random_action(rng))
            depth += 1
        elif depth:
            game.pop()
            depth -= 1
    for _ in range(depth):
        game.pop()
    assert game.to_json() == before


def test_push_and_pop_copy_no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Search pays for what an action changed, never for a copy of the whole game."""

    def forbidden(*args: Any) -> Any:
        raise AssertionError("a whole game was copied")

    game = random_position(4, 7, 200)
    monkeypatch.setattr(attika.game, "copy_into", forbidden)
    monkeypatch.setattr(attika.Game, "copy", forbidden)
    rng = Rng(1)
    pushed = 0
    while not game.is_over:
        game.push(game.random_action(rng))
        pushed += 1
    for _ in range(pushed):
        game.pop()
