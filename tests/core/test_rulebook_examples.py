"""Every worked example of the rulebook, as a position and its outcome."""

from __future__ import annotations

import attika
from attika.cost import parse_cards

from .helpers import build, cards, make_game, put_on_top, raises

# The fortress example: a mountain site next to one more mountain hex.
FORTRESS_SITE = (0, 0)
FORTRESS_LAND = {(0, 0): "M", (1, 0): "M", (0, 1): "F"}


def test_fortress_cost_is_reduced_by_the_mountain_site_and_its_mountain_neighbour() -> None:
    game = make_game(land=FORTRESS_LAND, stored={0: ["fortress"]}, hands={0: "HHMMFW"})
    q = game.quote("fortress", FORTRESS_SITE)
    assert q.base.landscapes == (1, 3, 0, 0)
    assert q.saved == (0, 2, 0, 0)
    assert q.due.landscapes == (1, 1, 0, 0) and q.due.any == 0
    assert q.payment == cards("HM")
    build(game, "fortress", FORTRESS_SITE, "HM")
    assert game.players[0].hand == list(cards("HMFW"))


def test_two_cards_of_any_kind_replace_one_missing_mountain() -> None:
    game = make_game(land=FORTRESS_LAND, stored={0: ["fortress"]}, hands={0: "HFW"})
    q = game.quote("fortress", FORTRESS_SITE)
    assert q.payment == cards("HFW")
    build(game, "fortress", FORTRESS_SITE, "HFW")
    assert sum(game.players[0].hand) == 0
    assert game.board.buildings[FORTRESS_SITE] == (0, "fortress")


def test_a_payment_must_be_exact_neither_short_nor_over() -> None:
    game = make_game(land=FORTRESS_LAND, stored={0: ["fortress"]}, hands={0: "HHMMFW"})
    before = game.state()
    for wrong in ("H", "M", "HF", "HMF", "HHM", "HMFW"):
        with raises(attika.IllegalAction, "payment"):
            build(game, "fortress", FORTRESS_SITE, wrong)
    assert game.state() == before


def test_tower_next_to_own_fortress_is_free() -> None:
    game = make_game(buildings={(0, 0): (0, "fortress")}, stored={0: ["tower"]}, hands={0: ""})
    q = game.quote("tower", (1, 0))
    assert q.free and q.free_from == (0, 0)
    assert q.due.is_free and q.payment == (0, 0, 0, 0)
    assert "fortress" in (q.free_reason(game.board) or "")
    build(game, "tower", (1, 0), "-")
    assert game.board.buildings[(1, 0)] == (0, "tower")


def test_not_free_in_reverse_order_fortress_next_to_tower() -> None:
    game = make_game(buildings={(0, 0): (0, "tower")}, stored={0: ["fortress"]}, hands={0: "HMMM"})
    q = game.quote("fortress", (1, 0))
    assert not q.free and q.due.landscapes == (1, 3, 0, 0)


def test_not_free_when_a_step_is_skipped_quarry_then_tower() -> None:
    game = make_game(buildings={(0, 0): (0, "quarry")}, stored={0: ["tower"]}, hands={0: "HMF"})
    q = game.quote("tower", (1, 0))
    assert not q.free and not q.due.is_free


def test_not_free_next_to_another_players_fortress() -> None:
    game = make_game(buildings={(0, 0): (1, "fortress")}, stored={0: ["tower"]}, hands={0: "HMF"})
    q = game.quote("tower", (1, 0))
    assert not q.free and not q.due.is_free


def test_main_buildings_are_never_free() -> None:
    mains = [b for b in attika.BUILDINGS.values() if b.main]
    assert len(mains) == 6
    for b in mains:
        game = make_game(
            buildings={(0, 0): (0, "road"), (-1, 0): (0, "fortress")},
            stored={0: [b.id]},
            hands={0: "HHMMFFWW"},
        )
        q = game.quote(b.id, (1, 0))
        assert not q.free, b.id
        assert not q.due.is_free, b.id


def test_first_road_costs_five_less_two_mountains_and_two_waters() -> None:
    # The road site's neighbourhood holds 2 mountains and 2 waters.
    land = {(1, 0): "M", (0, 1): "M", (-1, 0): "W", (0, -1): "W"}
    game = make_game(land=land, stored={0: ["road", "road"]}, hands={0: "HF"})
    q = game.quote("road", (0, 0))
    assert q.base.any == 5 and q.saved == (0, 2, 0, 2)
    assert q.due.any == 1 and q.due.landscapes == (0, 0, 0, 0)
    build(game, "road", (0, 0), "H")
    # Later a second road next to the first is free.
    q2 = game.quote("road", (1, -1))
    assert q2.free and q2.payment == (0, 0, 0, 0)
    build(game, "road", (1, -1), "-")
    assert game.players[0].hand == list(cards("F"))


def test_any_card_pays_a_road() -> None:
    game = make_game(stored={0: ["road"]}, hands={0: "HMFWW"})
    build(game, "road", (0, 0), "HMFWW")
    assert sum(game.players[0].hand) == 0


def test_third_settlement_costs_two_extra_cards() -> None:
    # Thebes already has two settlements; a road away from both founds a third.
    game = make_game(
        buildings={(-3, 0): (0, "quarry"), (3, 0): (0, "harbour")},
        stored={0: ["road"]},
        hands={0: "HHHMMMFW"},
    )
    q = game.quote("road", (0, 2))
    assert q.new_settlement and q.surcharge == 2
    assert q.due.any == 5 + 2
    # Next to an own building there is no surcharge.
    q_next = game.quote("road", (-2, 0))
    assert not q_next.new_settlement and q_next.surcharge == 0


def test_connecting_settlements_merges_them() -> None:
    game = make_game(
        buildings={(-1, 0): (0, "quarry"), (1, 0): (0, "harbour")},
        stored={0: ["road", "road"]},
        hands={0: "HHHHHMMMMM"},
    )
    assert len(game.board.settlements(0)) == 2
    build(game, "road", (0, 0))
    assert len(game.board.settlements(0)) == 1
    assert game.quote("road", (0, 3)).surcharge == 1


def test_buildings_touching_only_through_a_shrine_stay_separate_settlements() -> None:
    game = make_game(
        shrines=[(0, 0)],
        buildings={(-1, 0): (0, "quarry"), (1, 0): (0, "harbour")},
        stored={0: ["road"]},
        hands={0: "HHHHHHH"},
    )
    assert len(game.board.settlements(0)) == 2
    assert game.quote("road", (0, 3)).surcharge == 2


def test_other_players_buildings_do_not_join_a_settlement() -> None:
    game = make_game(
        buildings={(-1, 0): (0, "quarry"), (0, 0): (1, "road"), (1, 0): (0, "harbour")},
        hands={0: ""},
    )
    assert len(game.board.settlements(0)) == 2


def test_occupied_symbols_do_not_reduce_costs() -> None:
    land = {(0, 0): "M", (1, 0): "M"}
    game = make_game(
        land=land, buildings={(1, 0): (1, "road")}, stored={0: ["fortress"]}, hands={0: "HMMM"}
    )
    q = game.quote("fortress", (0, 0))
    assert q.saved == (0, 1, 0, 0)
    assert q.due.landscapes == (1, 2, 0, 0)


def test_a_cost_never_goes_below_zero() -> None:
    land = {h: "M" for h in [(0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]}
    game = make_game(land=land, stored={0: ["fortress"]}, hands={0: "H"})
    q = game.quote("fortress", (0, 0))
    assert q.due.landscapes == (1, 0, 0, 0) and q.saved == (0, 3, 0, 0)


def test_defence_group_connected_earns_an_amphora_at_once() -> None:
    # Fortress and towers stand; the quarry completes the group and connects it.
    game = make_game(
        buildings={(0, 0): (0, "fortress"), (1, 0): (0, "tower"), (2, 0): (0, "tower")},
        stored={0: ["quarry", "road"]},
        hands={0: "HHHMMMMMMM"},
    )
    supply = game.amphora_supply
    events = build(game, "quarry", (-1, 0))
    assert game.players[0].amphorae == 1 and game.amphora_supply == supply - 1
    assert any(e["event"] == "amphora" and e["group"] == "defence" for e in events)
    # It can be spent in the same turn for one more build.
    game.apply("amphora action")
    assert game.actions_left() == 3


def test_group_built_in_any_order_counts_and_each_group_pays_once() -> None:
    game = make_game(
        buildings={(0, 0): (0, "tower"), (1, 0): (0, "tower"), (2, 0): (0, "quarry")},
        stored={0: ["fortress"]},
        hands={0: "HMMMMMMM"},
    )
    build(game, "fortress", (3, 0))
    assert game.players[0].amphorae == 1
    assert game.players[0].rewarded == {"defence"}


def test_scattered_group_earns_no_amphora() -> None:
    game = make_game(
        buildings={(0, 0): (0, "fortress"), (1, 0): (0, "tower"), (-3, 0): (0, "tower")},
        stored={0: ["quarry"]},
        hands={0: "HHHHMMMMMM"},
    )
    build(game, "quarry", (-1, 0))
    assert game.players[0].amphorae == 0


def test_empty_amphora_supply_gives_a_card_instead() -> None:
    game = make_game(
        buildings={(0, 0): (0, "fortress"), (1, 0): (0, "tower"), (2, 0): (0, "tower")},
        stored={0: ["quarry"]},
        hands={0: "HMM"},
    )
    game.players[1].amphorae = game.amphora_supply
    game.amphora_supply = 0
    events = build(game, "quarry", (-1, 0))
    assert game.players[0].amphorae == 0
    assert sum(game.players[0].hand) == 1
    assert any(e["event"] == "amphora-empty" for e in events)


def test_amphora_example_turn_draw_twice_third_draw_then_a_card() -> None:
    # Corinth drew a quarry and a tower, spends an amphora for a third draw and
    # another for a card; after the card no more drawing is allowed.
    game = make_game(hands={0: "H"})
    game.players[0].amphorae = 2
    game.amphora_supply -= 2
    put_on_top(game, 0, 0, "quarry")
    put_on_top(game, 0, 1, "tower")
    game.apply("draw 0")
    assert game.turn.drawn == ("quarry", 0)
    game.apply("store")
    game.apply("draw 1")
    assert game.turn.drawn == ("tower", 1)
    game.apply("store")
    with raises(attika.IllegalAction, "no-actions-left"):
        game.apply("draw 2")
    game.apply("amphora action")
    game.apply("draw 2")
    game.apply("store")
    hand = sum(game.players[0].hand)
    game.apply("amphora card")
    assert sum(game.players[0].hand) == hand + 1
    assert game.players[0].amphorae == 0
    with raises(attika.IllegalAction, "cards-taken"):
        game.apply("draw 3")
    assert attika.DrawBuilding(3) not in game.legal_actions()
    game.apply("end")
    assert sum(game.players[0].hand) == hand + 1  # no unused actions left
    assert game.current == 1


def test_unused_builds_become_cards_sparta_builds_once_and_takes_two() -> None:
    game = make_game(stored={0: ["fortress"]}, hands={0: "HMMM"})
    build(game, "fortress", (0, 0))
    assert game.unused_actions() == 2
    events = game.apply("end")
    assert events[-1]["cards"] == 2 and sum(game.players[0].hand) == 2


def test_drawing_once_then_ending_gives_one_card() -> None:
    game = make_game(hands={0: ""})
    game.apply("draw 1")
    game.apply("store")
    game.apply("end")
    assert sum(game.players[0].hand) == 1


def test_a_turn_with_no_action_gives_three_cards() -> None:
    game = make_game(hands={0: ""})
    game.apply("end")
    assert sum(game.players[0].hand) == 3


def test_drawing_and_building_never_mix() -> None:
    game = make_game(stored={0: ["road"]}, hands={0: "HHHHHHHH"})
    game.apply("draw 1")
    game.apply("store")
    before = game.state()
    with raises(attika.IllegalAction, "mixed-turn"):
        build(game, "road", (0, 0))
    assert game.state() == before
    game2 = make_game(stored={0: ["road"]}, hands={0: "HHHHHHHH"})
    build(game2, "road", (0, 0))
    with raises(attika.IllegalAction, "mixed-turn"):
        game2.apply("draw 1")


def test_a_drawn_building_can_be_built_at_once_paying_its_cost() -> None:
    game = make_game(hands={0: "HHMMFFWW"})
    put_on_top(game, 0, 2, "road")
    game.apply("draw 2")
    assert {type(a) for a in game.legal_actions()} == {attika.Build, attika.StoreBuilding}
    assert all(a.building == "road" for a in game.legal_actions() if isinstance(a, attika.Build))
    build(game, "road", (0, 0))
    assert game.board.buildings[(0, 0)] == (0, "road")
    assert game.turn.used == 1 and game.turn.mode == "draw"


def test_build_only_what_is_stored() -> None:
    game = make_game(stored={0: ["road"]}, hands={0: "HHHHHHHH"})
    with raises(attika.IllegalAction, "not-stored"):
        build(game, "fortress", (0, 0), "HMMM")


def test_shrines_and_occupied_hexes_are_no_building_sites() -> None:
    game = make_game(
        shrines=[(2, 0)], buildings={(1, 0): (1, "road")}, stored={0: ["road"]}, hands={0: "HHHHH"}
    )
    for h in [(2, 0), (1, 0), (40, 40)]:
        with raises(attika.IllegalAction, "building-site"):
            game.apply(attika.Build("road", h, parse_cards("HHHHH")))
    sites = {a.hex for a in game.legal_actions() if isinstance(a, attika.Build)}
    assert (2, 0) not in sites and (1, 0) not in sites and (0, 0) in sites
