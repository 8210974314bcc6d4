"""strong-1, the frozen sparring partner, decides as it did when first measured.

Its candidate list is strong's own (search.candidates with plans.FIRST and no race
moves), not a copy: these pins, recorded from the copy before it was removed, are what
keeps it frozen while strong's list changes. A change to the shared list that moves
strong-1 fails here; give search.candidates a parameter for it instead.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from attika.game import Game, new_game
from attika.players.plans import FIRST, decide
from attika.players.sparring import FrozenStrongPlayer, frozen_candidates
from attika.players.world import determinise
from attika.rng import Rng

PINNED: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "strong1_pinned.json").read_text(encoding="utf-8")
)


def position(players: int, seed: int, steps: int) -> Game:
    """normal-1 self-play, ``steps`` actions into game ``seed`` (or its end)."""
    game = new_game(players, seed)
    for _ in range(steps):
        if game.winner is not None:
            break
        game.apply(decide(game, FIRST))
    return game


@pytest.mark.parametrize("case", PINNED["candidates"], ids=lambda c: str(c["seed"]))
def test_strong_1_weighs_the_candidates_it_was_measured_with(case: dict[str, Any]) -> None:
    game = position(case["players"], case["seed"], case["steps"])
    world = determinise(game.view(game.current), Rng(case["seed"]))
    assert [str(a) for a in frozen_candidates(world)] == case["candidates"]


@pytest.mark.parametrize("case", PINNED["choices"], ids=lambda c: str(c["seed"]))
def test_strong_1_chooses_as_it_was_measured(case: dict[str, Any]) -> None:
    game = position(case["players"], case["seed"], case["steps"])
    action = FrozenStrongPlayer().choose(game.view(game.current), Rng(case["seed"]))
    assert str(action) == case["choice"]
