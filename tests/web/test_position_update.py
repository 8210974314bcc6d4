"""A live position's update: its messages are read in one place, and the session around a
lesson decides the turn itself (one reader, the payment kept back); the position never
changes what the session decided after it."""

from __future__ import annotations

from pathlib import Path

import pytest

import attika
from attika.bots import greedy_bot
from attika.rng import Rng
from tests.web.commands import taps
from web.core.text import set_language
from web.play.messages import Cancel, Confirm, End, Pay, Select, TapHex, Unreadable
from web.play.session import Session
from web.teach.messages import Again, FoldMore, OpenPlayer, TryIt, position_message
from web.teach.position import Position
from web.teach.position_scene import position_scene
from web.teach.store import position_update

SCENARIOS = sorted(Path("scenarios").glob("*.json"))


def lesson(name: str) -> Position:
    set_language("en")
    text = (Path("scenarios") / f"{name}.json").read_text("utf-8")
    return Position("k", attika.load_scenario(text, name))


def test_a_position_reads_its_own_words_and_a_turn_s_as_the_table_does() -> None:
    assert position_message("again") == Again()
    assert position_message("more") == FoldMore()
    assert position_message("player", "1") == OpenPlayer(1)
    assert position_message("try") == TryIt()
    assert position_message("select", "tower") == Select("tower")
    assert position_message("hex", "1,0") == TapHex((1, 0))
    assert position_message("pay", "+2") == Pay(2, 1)
    assert position_message("end", "sure") == End(True)
    assert isinstance(position_message("player", "x"), Unreadable)
    assert position_message("nonsense") == Unreadable("nonsense")


def test_ending_a_turn_in_a_lesson_keeps_the_reader_s_hand_in_view() -> None:
    pos = lesson("free-build")
    assert len(pos.session.humans()) > 1  # a game would pass the device on here
    position_update(pos, End())
    position_update(pos, End(sure=True))
    assert pos.session.game.current != pos.scenario.game.current
    assert not pos.session.handover
    assert not position_scene(pos).table.handover


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_the_position_leaves_the_session_s_decisions_as_they_are(path: Path) -> None:
    """The same taps on the lesson's session alone and through the position's update give
    the same turn: hand in view, payment as the session left it, the same note."""
    set_language("en")
    scenario = attika.load_scenario(path.read_text("utf-8"), path.stem)
    pos = Position("k", scenario)
    alone = Session(
        scenario.fresh(),
        list(scenario.city_states),
        one_reader=True,
        blank_payment="payment" in scenario.hide,
        hints="hint" not in scenario.hide,
    )
    alone.sync()
    rng = Rng(7)
    for _ in range(6):
        game = pos.session.game
        if game.is_over or pos.verdict != "going":
            break
        for cmd, arg in taps(pos.session, greedy_bot(game.copy(), rng)):
            message = position_message(cmd, arg)
            if isinstance(message, Confirm | Cancel) or cmd == "cheapest":
                return  # judged by the lesson before the session (a refused payment)
            position_update(pos, message)
            alone.update(message)  # type: ignore[arg-type]
            seen = (pos.session.handover, pos.session.payment, pos.session.note)
            assert seen == (alone.handover, alone.payment, alone.note), (cmd, arg)
            assert not pos.session.handover


def test_a_lesson_keeping_the_payment_back_leaves_it_empty_for_the_reader() -> None:
    pos = lesson("cost-by-landscape")
    position_update(pos, Select("fortress"))
    position_update(pos, TapHex((0, 0)))
    assert pos.session.payment == [0, 0, 0, 0]
    position_update(pos, Pay(1, 1))
    assert pos.session.payment == [0, 1, 0, 0]  # the reader's own steps stay


def test_starting_again_and_confirming_send_the_keyboard_to_the_task() -> None:
    pos = lesson("free-build")
    assert position_update(pos, Again())
    position_update(pos, Select("fortress"))
    position_update(pos, TapHex((0, 0)))
    assert position_update(pos, Confirm())
    assert not position_update(pos, FoldMore())


def test_an_equally_cheap_place_is_right_and_the_verdict_says_why() -> None:
    import json

    from attika.scenario import least_price
    from web.teach.feedback import feedback_html, verdict_text

    set_language("en")
    data = json.loads(Path("scenarios/cost-by-landscape.json").read_text("utf-8"))
    data["task"]["answer"] = {
        "steps": [{"kind": "build", "building": "fortress", "price": "least"}]
    }
    data["hide"] = []
    scenario = attika.load_scenario(json.dumps(data), "cheapest")
    least = least_price(scenario.game, "fortress")
    places = sorted(
        {
            b.hex
            for b in scenario.game.legal_actions()
            if isinstance(b, attika.Build) and b.building == "fortress" and sum(b.payment) == least
        }
    )
    assert len(places) > 1
    for h in places:  # each cheapest place, not only one recorded
        pos = Position("k", scenario)
        build = next(
            b
            for b in scenario.game.legal_actions()
            if isinstance(b, attika.Build)
            and b.building == "fortress"
            and b.hex == h
            and sum(b.payment) == least
        )
        for cmd, arg in taps(pos.session, build):
            position_update(pos, position_message(cmd, arg))
        assert pos.verdict == "solved", h
        scene = position_scene(pos)
        said = f"less than {least} card"
        assert said in verdict_text(scene) and said in str(feedback_html(scene))
