"""Each point the German rules leave open, read both ways: the switch in attika/readings.py
decides, and nothing else does."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from attika import readings

from .helpers import accounted, build, make_game


@contextmanager
def reading(name: str, value: bool) -> Iterator[None]:
    before = getattr(readings, name)
    setattr(readings, name, value)
    try:
        yield
    finally:
        setattr(readings, name, before)


def _defence_linked_by_a_road() -> tuple[int, int]:
    """Fortress, tower, a road, the second tower in a row; then the quarry completes the group."""
    game = make_game(
        buildings={
            (0, 0): (0, "fortress"),
            (1, 0): (0, "tower"),
            (2, 0): (0, "road"),
            (3, 0): (0, "tower"),
        },
        stored={0: ["quarry"]},
        hands={0: "HHHHMMMMMM"},
    )
    build(game, "quarry", (-1, 0))
    accounted(game)
    return game.players[0].amphorae, len(game.players[0].rewarded)


def test_a_group_linked_only_through_another_building_earns_nothing_by_default() -> None:
    assert readings.GROUP_JOINED_AMONG_ITSELF
    assert _defence_linked_by_a_road() == (0, 0)


def test_the_settlement_reading_lets_other_own_buildings_link_a_group() -> None:
    with reading("GROUP_JOINED_AMONG_ITSELF", False):
        assert _defence_linked_by_a_road() == (1, 1)


def test_the_settlement_reading_rewards_the_building_that_links_a_group() -> None:
    with reading("GROUP_JOINED_AMONG_ITSELF", False):
        game = make_game(
            buildings={
                (-1, 0): (0, "quarry"),
                (0, 0): (0, "fortress"),
                (1, 0): (0, "tower"),
                (3, 0): (0, "tower"),
            },
            stored={0: ["road"]},
            hands={0: "HHHHH"},
        )
        events = build(game, "road", (2, 0))
        assert any(e["event"] == "amphora" and e["group"] == "defence" for e in events)


def _cards_after_one_build_and_a_bought_action() -> int:
    game = make_game(stored={0: ["road"]}, hands={0: "HHHHH"})
    game.players[0].amphorae = 1
    game.amphora_supply -= 1
    build(game, "road", (0, 0))
    game.apply("amphora action")
    return game.apply("end")[-1]["cards"]  # type: ignore[no-any-return]


def test_an_unused_bought_action_pays_a_card_by_default() -> None:
    assert readings.BOUGHT_ACTIONS_PAY_OUT
    assert _cards_after_one_build_and_a_bought_action() == 3


def test_the_other_reading_pays_only_the_turns_own_actions() -> None:
    with reading("BOUGHT_ACTIONS_PAY_OUT", False):
        assert _cards_after_one_build_and_a_bought_action() == 2


def test_a_drawn_building_is_seen_by_its_drawer_only_by_default() -> None:
    game = make_game()
    game.apply("draw 1")
    kind = game.turn.drawn[0]  # type: ignore[index]
    assert game.view(0)["turn"]["drawn"] == kind
    assert game.view(1)["turn"]["drawn"] == "hidden"
    with reading("DRAWN_BUILDING_SEEN_BY_ALL", True):
        assert game.view(1)["turn"]["drawn"] == kind
