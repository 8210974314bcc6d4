"""What a screen reader hears of the player's own moves (web/play/spoken.py): their own
build said with where it stands, a building chosen said with its count of places and how
to move between them, and how a payment or a building chosen stands kept apart from what
happened (a status region, not the log of moves)."""

from __future__ import annotations

import attika
from attika.bots import greedy_bot
from attika.rng import Rng
from tests.web.commands import play, tap_turn
from web.core.text import set_language
from web.play.scene import table_scene
from web.play.session import Session
from web.play.spoken import fresh, is_cue, turn_said


def _paid_build() -> tuple[Session, attika.Build]:
    set_language("en")
    session = Session.start(["Ann", "Bo", "Cy"], 42)
    tap_turn(session, "continue")
    game = session.game
    build = next(b for b in game.legal_actions() if isinstance(b, attika.Build) and sum(b.payment))
    return session, build


def test_choosing_a_building_says_which_and_how_many_places_once() -> None:
    session, build = _paid_build()
    before = [k for k, _ in turn_said(table_scene(session))]
    tap_turn(session, "select", build.building)
    said = turn_said(table_scene(session))
    heard = fresh(said, before)
    name = attika.COMPONENTS.buildings[build.building].names["en"]
    assert any(h.startswith(f"{name} chosen: ") for h in heard), heard
    cue = next(h for h in heard if h.startswith(f"{name} chosen: "))
    n = len(table_scene(session).marks.targets)
    assert f"{n} place" in cue and "arrow keys" in cue and "Tap" not in cue, cue
    assert fresh(turn_said(table_scene(session)), [k for k, _ in said]) == []  # once


def test_the_players_own_build_is_said_with_where_it_stands() -> None:
    session, build = _paid_build()
    tap_turn(session, "select", build.building)
    tap_turn(session, "hex", f"{build.hex[0]},{build.hex[1]}")
    before = [k for k, _ in turn_said(table_scene(session))]
    tap_turn(session, "confirm")
    heard = fresh(turn_said(table_scene(session)), before)
    name = attika.COMPONENTS.buildings[build.building].names["en"]
    assert any(h.startswith(f"Ann built the {name}") and "It stands " in h for h in heard), heard


def test_a_payment_and_a_choice_are_cues_not_moves() -> None:
    session, build = _paid_build()
    tap_turn(session, "select", build.building)
    tap_turn(session, "hex", f"{build.hex[0]},{build.hex[1]}")
    said = turn_said(table_scene(session))
    paying = [k for k, words in said if words.startswith("Paying ")]
    assert paying and all(is_cue(k) for k in paying)
    tap_turn(session, "confirm")
    moves = [k for k, words in turn_said(table_scene(session)) if " built the " in words]
    assert moves and not any(is_cue(k) for k in moves)


def test_a_computers_draws_are_said_as_its_turn_goes_never_the_building() -> None:
    set_language("en")
    session = Session.start(["Ann", "Bot"], 8, seats=["human", "easy"])
    rng = Rng(8)
    heard: list[str] = []
    keys: list[str] = []
    while len(session.game.actions) < 200 and not session.game.is_over:
        if session.handover:
            tap_turn(session, "continue")
        action = greedy_bot(session.game.copy(), rng)
        if session.computer(session.seat) is None:
            play(session, action)
        else:
            session.play_computer(action, len(session.game.actions))
        said = turn_said(table_scene(session))
        heard += fresh(said, keys)
        keys = [k for k, _ in said]
    draws = [h for h in heard if h.startswith("Bot drew a building")]
    assert draws, "no draw of the computer's was said"
    names = {b.names["en"] for b in attika.COMPONENTS.buildings.values()}
    assert not any(name in h for h in draws for name in names), draws  # which: never
    assert not any(h.startswith("Ann drew") for h in heard)  # the person's own: the strip
