"""The page's computer levels are the rules' levels: a level added, renamed or reordered in
``attika.players`` must show up in the new-game form in the same order, weakest first."""

from __future__ import annotations

import attika
from web.play.computers import DEVICE, HUMAN, LEVELS, SEATS, level_of, seat_kind
from web.play.session import Session


def test_every_offered_level_is_a_rules_level_in_the_rules_order() -> None:
    rules = list(attika.LEVELS)
    assert all(level in rules for level in LEVELS)
    assert [rules.index(level) for level in LEVELS] == sorted(
        rules.index(level) for level in LEVELS
    )


def test_only_the_random_player_is_left_out_of_the_form() -> None:
    assert set(attika.LEVELS) - set(LEVELS) == {"random"}
    assert (HUMAN, DEVICE, *LEVELS) == SEATS


def test_a_seat_read_from_a_file_is_one_of_the_offered_kinds_or_refused() -> None:
    assert [seat_kind(s) for s in ("human", "device", "strong", "Strong", "random", 3)] == [
        "human",
        "device",
        "strong",
        None,
        None,
        None,
    ]
    assert [level_of(s) for s in SEATS] == [None, None, *LEVELS]
    try:
        Session.start(["Ann", "Bo"], 1, seats=["human", "random"])
    except ValueError as refused:
        assert "random" in str(refused)
    else:
        raise AssertionError("a seat kind the form does not offer was taken")
