"""Random play from every scenario: a hand-made position must play on like a real game.

The scenario loader fills in what a teacher leaves unknown (stacks, deck, tiles); if it got
the counts wrong, cards or buildings would appear or vanish in play. Seeded random games from
each position check that nothing does, that the rules always offer a move, and that taking
back a move restores the position exactly.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import attika
from attika.rng import Rng

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
NAMES = sorted(p.stem for p in SCENARIOS.glob("*.json"))
SETTINGS = settings(
    max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


def totals(game: attika.Game) -> tuple[object, ...]:
    """What play may move around but never create or destroy."""
    cards = [
        sum(p.hand[i] for p in game.players) + game.deck.count(i) + game.discard[i]
        for i in range(4)
    ]
    buildings = []
    for seat, p in enumerate(game.players):
        drawn = 1 if game.turn.drawn is not None and game.current == seat else 0
        buildings.append(p.built + p.in_storage() + p.in_stacks() + drawn)
    amphorae = game.amphora_supply + sum(p.amphorae for p in game.players)
    tiles = len(game.tile_stack) + len(game.board.tiles) + (game.turn.tile is not None)
    return tuple(cards), tuple(buildings), amphorae, tiles


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(seed=st.integers(0, 2**31))
def test_random_play_from_a_scenario_keeps_every_count(name: str, seed: int) -> None:
    game = attika.load_scenario((SCENARIOS / f"{name}.json").read_text(), name).fresh()
    rng = Rng(seed)
    start = totals(game)
    for _ in range(40):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal, "a position with no legal action"
        action = legal[rng.below(len(legal))]
        before = game.state()
        game.apply(action)
        after = totals(game)
        assert after == start
        if game.undo_refusal() is None:
            game.undo()
            assert game.state() == before
            game.apply(action)
