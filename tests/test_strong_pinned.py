"""Strong decides as it did before its hot paths were made faster.

Speed work on the strong level (memoised chain searches, cheaper counting of the work left)
must not change which move it picks, or every match measured before it would have to be
played again: these choices, with the playouts and work units they took, were recorded
from the code before that work. A change that moves any of them changes the player; its
strength must then be measured again (docs/benchmarks.md) and these pins recorded anew.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from attika.components import BUILDINGS
from attika.game import Game, new_game
from attika.legality import builds
from attika.players import StrongPlayer
from attika.players.yardstick import choose
from attika.rng import Rng

PINNED: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "strong_pinned.json").read_text(encoding="utf-8")
)


def position(players: int, seed: int, steps: int) -> Game:
    """Yardstick self-play, ``steps`` actions into game ``seed``."""
    game = new_game(players, seed)
    for _ in range(steps):
        game.apply(choose(game))
    return game


@pytest.mark.parametrize(
    "case", PINNED["choices"], ids=lambda c: f"{c['players']}p-{c['seed']}-{c['steps']}"
)
def test_strong_chooses_as_recorded_after_the_same_work(case: dict[str, Any]) -> None:
    game = position(case["players"], case["seed"], case["steps"])
    strong = StrongPlayer()
    action = strong.choose(game.view(game.current), Rng(case["seed"]))
    assert (str(action), *strong.work) == (case["choice"], case["playouts"], case["work"])


def test_a_listing_from_memory_is_a_new_list_and_follows_the_hand() -> None:
    """The memo of legal builds (legality.builds) must never hand back a listing of another
    hand, nor one a caller has extended."""
    game = position(2, 3, 9)
    kinds = sorted(BUILDINGS)
    first = builds(game, kinds)
    first.append(first[0])
    again = builds(game, kinds)
    assert len(again) == len(first) - 1
    hand = game.players[game.current].hand
    kept = list(hand)
    hand[:] = [0, 0, 0, 0]
    try:
        bare = builds(game, kinds)
    finally:
        hand[:] = kept
    assert bare != again
    assert all(sum(b.payment) == 0 for b in bare)
    assert builds(game, kinds) == again
