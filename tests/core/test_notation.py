"""Action notation round-trips, and bad notation says what is wrong."""

from __future__ import annotations

import attika
from attika.rng import Rng

from .helpers import raises


def test_every_legal_action_round_trips_through_its_text() -> None:
    for players in (2, 3, 4):
        game = attika.new_game(players, seed=players)
        chooser = Rng(players)
        seen = set()
        for _ in range(250):
            if game.is_over:
                break
            legal = game.legal_actions()
            for action in legal:
                assert game.parse_action(str(action)) == action
                assert hash(action) == hash(attika.parse_action(str(action)))
                seen.add(type(action).__name__)
            game.apply(legal[chooser.below(len(legal))])
        assert {"DrawBuilding", "StoreBuilding", "Build", "EndTurn"} <= seen


def test_examples_of_the_notation() -> None:
    assert str(attika.Build("tower", (3, -2), (1, 1, 0, 0))) == "build tower 3,-2 HM"
    assert str(attika.Build("road", (0, 1), (0, 0, 0, 0))) == "build road 0,1 -"
    assert attika.parse_action("tile 4,-1 2") == attika.PlaceTile((4, -1), 2)
    assert attika.parse_action("amphora card") == attika.SpendAmphora("card")
    assert attika.parse_action("build tower 3,-2 MH") == attika.Build(
        "tower", (3, -2), (1, 1, 0, 0)
    )


def test_bad_notation_is_explained() -> None:
    for text, words in [
        ("", "empty"),
        ("draw", "draw STACK"),
        ("draw 9", "stack is 0, 1, 2 or 3"),
        ("build tower 3 HM", "q,r"),
        ("build tower 3,-2 HX", "letters"),
        ("tile 1,1 6", "rotation"),
        ("amphora beer", "'action' or 'card'"),
        ("jump", "unknown action"),
    ]:
        with raises(ValueError) as caught:
            attika.parse_action(text)
        assert words in str(caught[0]), (text, str(caught[0]))
