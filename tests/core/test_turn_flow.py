"""The order within a turn, the card supply and illegal input."""

from __future__ import annotations

import attika

from .helpers import accounted, build, make_game, raises


def test_illegal_actions_change_nothing_and_name_their_rule() -> None:
    game = make_game(stored={0: ["road"]}, hands={0: "HH"})
    before = game.state()
    cases = {
        "build road 0,0 HH": "payment",
        "build road 0,0 HHHHH": "not-in-hand",
        "build tower 0,0 -": "not-stored",
        "build palace 0,0 -": "unknown-building",
        "store": "nothing-drawn",
        "amphora card": "no-amphora",
        "tile 9,9 0": "no-tile",
        "fly away": "notation",
        "draw 7": "notation",
        "build road 0;0 -": "notation",
    }
    for text, rule in cases.items():
        with raises(attika.IllegalAction, rule) as caught:
            game.apply(text)
        assert str(caught[0]), text
        assert game.state() == before, text
        assert game.actions == []


def test_an_illegal_action_is_a_value_error() -> None:
    assert issubclass(attika.IllegalAction, ValueError)


def test_a_drawn_building_must_be_built_or_stored_first() -> None:
    game = make_game(hands={0: ""})
    game.apply("draw 1")
    for text in ("end", "draw 2", "amphora card"):
        with raises(attika.IllegalAction, "drawn-building"):
            game.apply(text)


def test_amphora_action_needs_a_chosen_kind_of_turn() -> None:
    game = make_game(hands={0: ""})
    game.players[0].amphorae = 1
    game.amphora_supply -= 1
    with raises(attika.IllegalAction, "amphora-before-choice"):
        game.apply("amphora action")
    game.apply("draw 1")
    game.apply("store")
    game.apply("amphora action")
    assert game.actions_left() == 2


def test_cards_from_an_amphora_end_drawing_but_unused_actions_still_pay() -> None:
    game = make_game(hands={0: ""})
    game.players[0].amphorae = 1
    game.amphora_supply -= 1
    game.apply("amphora card")
    assert game.actions_left() == 0
    with raises(attika.IllegalAction, "cards-taken"):
        game.apply("draw 0")
    game.apply("end")
    assert sum(game.players[0].hand) == 1 + 3


def test_empty_deck_is_refilled_from_the_shuffled_discard_pile() -> None:
    game = make_game(hands={0: "HHHHHHHHHHHHHHH"}, stored={0: ["road"]})
    game.discard = [0, 15, 15, 15]
    game.deck = []
    build(game, "road", (0, 0))
    game.apply("end")
    assert sum(game.players[0].hand) == 10 + 2
    assert sum(game.discard) == 0 and len(game.deck) == 50 - 2
    accounted(game)


def _deck_about_to_run_out(edition: int) -> attika.Game:
    """3 cards left in the deck, 5 on the discard pile; seat 1 holds 4 mountains and a road."""
    game = make_game(land={(0, 0): "H"}, stored={1: ["road"]}, hands={1: "MMMM"})
    game.edition = edition
    for _ in range(5):
        game.discard[game.deck.pop()] += 1
    while len(game.deck) > 3:  # seat 0 holds the rest
        game.players[0].hand[game.deck.pop()] += 1
    return game


def test_the_discard_pile_becomes_the_deck_the_moment_the_deck_runs_out() -> None:
    """German rules: shuffled into a new deck at once, so cards paid later stay discarded."""
    game = _deck_about_to_run_out(edition=2)
    assert (len(game.deck), sum(game.discard)) == (3, 5)
    game.apply("end")  # seat 0 takes 3 cards: the deck is used up
    assert (len(game.deck), sum(game.discard)) == (5, 0)
    build(game, "road", (0, 0), "MMMM")  # one symbol leaves 4 cards to pay
    assert (len(game.deck), sum(game.discard)) == (5, 4)
    game.apply("end")  # two builds unused: two cards
    assert (len(game.deck), sum(game.discard)) == (3, 4)
    accounted(game)


def test_games_saved_under_edition_1_keep_its_late_reshuffle() -> None:
    """Edition 1 reshuffled when a card was needed; its records must still replay as played."""
    game = _deck_about_to_run_out(edition=1)
    game.apply("end")
    assert (len(game.deck), sum(game.discard)) == (0, 5)
    build(game, "road", (0, 0), "MMMM")
    game.apply("end")
    assert (len(game.deck), sum(game.discard)) == (7, 0)


def test_when_deck_and_discard_are_empty_fewer_cards_are_taken() -> None:
    game = make_game(hands={0: "HHHHHHHHHHHHHHHMMMMMMMMMMMMMMMFFFFFFFFFFFFFFFWWWWWWWWWWWWWW"})
    assert len(game.deck) == 1
    events = game.apply("end")
    assert events[-1]["cards"] == 1
    assert sum(game.players[0].hand) == 60
    game.apply("end")  # the next player gets nothing, and the game goes on
    assert sum(game.players[1].hand) == 0 and game.current == 0
    accounted(game)


def test_turn_passes_clockwise_and_the_turn_resets() -> None:
    game = attika.new_game(3, seed=4)
    first = game.current
    game.apply("end")
    assert game.current == (first + 1) % 3
    assert game.turn.mode is None and game.turn.used == 0
    assert game.turn_number == 2


def test_a_full_build_turn_allows_three_builds() -> None:
    game = make_game(stored={0: ["road", "road", "road", "road"]}, hands={0: "HHHHH"})
    build(game, "road", (0, 0))
    build(game, "road", (1, 0))
    build(game, "road", (2, 0))
    with raises(attika.IllegalAction, "no-actions-left"):
        build(game, "road", (3, 0))
    assert game.unused_actions() == 0


def test_a_refusal_carries_the_facts_a_translation_needs() -> None:
    """The page words a refusal from its rule code and parameters, never from the English."""
    game = make_game(stored={0: ["road"]}, hands={0: "HH"})
    with raises(attika.IllegalAction, "not-stored") as caught:
        game.apply("build tower 0,0 -")
    assert caught[0].params == {"building": "tower"}  # type: ignore[attr-defined]
    game.apply("draw 1")
    with raises(attika.IllegalAction, "drawn-building") as caught:
        game.apply("end")
    assert caught[0].params["building"] == game.turn.drawn[0]  # type: ignore[attr-defined,index]


def test_actions_built_in_code_are_checked_like_actions_read_from_text() -> None:
    """Each of these was once accepted, or crashed, or wrote a record the game could not read."""
    game = make_game(stored={0: ["fortress"]}, hands={0: "HMMMF"})
    before = game.to_json()
    cases = [
        (attika.Build("fortress", (0, 0), (1, 3, -1, 2)), "Build.payment"),
        (attika.Build("fortress", (0, 0), (1, 3, 0)), "Build.payment"),  # type: ignore[arg-type]
        (attika.Build("fortress", (0.0, 0), (1, 3, 0, 0)), "Build.hex"),  # type: ignore[arg-type]
        (attika.Build("fortress", (0, 0), (True, 3, 0, 0)), "Build.payment"),
        (attika.Build(7, (0, 0), (1, 3, 0, 0)), "Build.building"),  # type: ignore[arg-type]
        (attika.DrawBuilding(1.5), "DrawBuilding.stack"),  # type: ignore[arg-type]
        (attika.DrawBuilding(True), "DrawBuilding.stack"),
        (attika.SpendAmphora("bogus"), "SpendAmphora.use"),  # type: ignore[arg-type]
        (attika.PlaceTile((0, 0), 2.0), "PlaceTile.rotation"),  # type: ignore[arg-type]
        (attika.PlaceTile([0, 0], 2), "PlaceTile.centre"),  # type: ignore[arg-type]
    ]
    for action, field in cases:
        with raises(attika.IllegalAction, "malformed") as caught:
            game.apply(action)
        assert caught[0].params == {"field": field}, action  # type: ignore[attr-defined]
        assert field in str(caught[0])
        assert game.to_json() == before, action
    with raises(attika.IllegalAction, "unknown-action"):
        game.apply(42)  # type: ignore[arg-type]
    assert game.to_json() == before
