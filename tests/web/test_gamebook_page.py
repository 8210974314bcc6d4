"""A lesson of several steps as its reader meets it: solve a step, go on, see what the other
players did, solve the next; start a step again or the whole lesson."""

from __future__ import annotations

from pathlib import Path

import attika
from tests.web.commands import taps
from web.core.text import set_language
from web.teach.feedback import feedback_html, verdict_text
from web.teach.messages import position_message
from web.teach.position import Position
from web.teach.position_scene import position_scene
from web.teach.position_view import position_html
from web.teach.store import position_update


def book() -> Position:
    set_language("en")
    text = Path("scenarios/road-turn-after-turn.json").read_text("utf-8")
    return Position("k", attika.load_scenario(text, "book"), compact=True)


def play(pos: Position, move: str) -> None:
    for cmd, arg in taps(pos.session, attika.parse_action(move)):
        position_update(pos, position_message(cmd, arg))
    if pos.session.confirm_end:  # actions left unused: the page asks first
        position_update(pos, position_message("end", "sure"))


def test_a_reader_solves_two_steps_with_athens_s_reply_told_between() -> None:
    pos = book()
    scene = position_scene(pos)
    assert "Step 1 of 2:" in str(position_html(scene))
    play(pos, "build road 0,0 F")  # another card than the teacher's: the answer allows it
    play(pos, "end")
    assert pos.verdict == "solved"
    shown = str(feedback_html(position_scene(pos)))
    assert 'data-cmd="next"' in shown and "Every step solved" not in shown

    position_update(pos, position_message("next"))
    scene = position_scene(pos)
    html = str(position_html(scene))
    assert "Step 2 of 2:" in html and "Athens built a ship" in html
    assert any("Ship" in line for line in scene.replied), scene.replied
    assert not scene.teacher_line  # the replies fit the reader's own position
    said = verdict_text(scene)  # a screen reader hears the replies and the new task
    assert said.startswith("What the others did:") and "Step 2 of 2" in said
    teacher = pos.scenario.game.copy()
    for move in (*pos.scenario.stages[0].played, *pos.scenario.stages[1].replies):
        teacher.apply(move)
    assert pos.session.game.current == 0
    assert pos.session.game.players[0].cards != teacher.players[0].cards  # the reader's hand

    play(pos, "build road 1,0 -")
    assert pos.verdict == "solved"
    shown = str(feedback_html(position_scene(pos)))
    assert "Every step solved" in shown and 'data-cmd="next"' not in shown


def test_a_wrong_move_in_a_later_step_is_judged_by_that_step_alone() -> None:
    pos = book()
    play(pos, "build road 0,0 H")
    play(pos, "end")
    position_update(pos, position_message("next"))
    play(pos, "draw 1")
    assert pos.verdict == "wrong"
    assert "is free" in verdict_text(position_scene(pos))  # this step's hint


def test_start_again_repeats_the_step_and_the_whole_lesson_goes_back_to_the_first() -> None:
    pos = book()
    play(pos, "build road 0,0 H")
    play(pos, "end")
    position_update(pos, position_message("next"))
    after_replies = pos.session.game.record()
    play(pos, "draw 1")
    position_update(pos, position_message("again"))
    assert pos.step == 1 and pos.verdict == "going"
    assert pos.session.game.record() == after_replies
    assert position_scene(pos).replied  # still told what the others did

    position_update(
        pos, position_message("undo")
    )  # nothing of this step to take back: the replies stay
    assert pos.session.game.record() == after_replies

    position_update(pos, position_message("restart"))
    assert pos.step == 0 and not position_scene(pos).replied
    assert pos.session.game.record() == pos.scenario.game.record()


def test_go_on_before_a_step_is_solved_changes_nothing() -> None:
    pos = book()
    position_update(pos, position_message("next"))
    assert pos.step == 0 and pos.session.game.record() == pos.scenario.game.record()
