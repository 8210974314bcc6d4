"""Lessons of several steps: the teacher's line is checked when the file is read, and a
reader goes on from their own position when the recorded replies fit it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import attika
from attika import ScenarioError, go_on, load_scenario, parse_action

BOOK = json.loads(Path("scenarios/road-turn-after-turn.json").read_text("utf-8"))


def book(change: Any = None) -> dict[str, Any]:
    data = copy.deepcopy(BOOK)
    data.pop("still", None)
    if change is not None:
        change(data)
    return data


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(data, "book")
    return caught.value.field


def play(game: attika.Game, *moves: str) -> attika.Game:
    game = game.copy()
    for move in moves:
        game.apply(parse_action(move))
    return game


def test_the_shipped_lesson_has_two_steps_with_athens_reply_between() -> None:
    scenario = load_scenario(book(), "book")
    first, second = scenario.stages
    assert scenario.task is first.task
    assert [str(a) for a in second.replies] == ["draw 1", "build ship 0,1 HMFW", "end"]
    assert second.task.steps[0].free is True


def test_a_reader_with_another_right_payment_goes_on_from_their_own_position() -> None:
    scenario = load_scenario(book(), "book")
    start = scenario.game
    # the teacher paid the hill card; a reader pays the forest card (the answer allows it)
    now = play(start, "build road 0,0 F", "end")
    made = [parse_action(a) for a in now.actions[len(start.actions) :]]
    assert scenario.stages[0].task.check(made, start, now) == "solved"
    base, teacher = go_on(scenario.stages, 0, start, now)
    assert not teacher
    assert base.players[0].cards == now.players[0].cards  # the reader's own hand goes on


def test_replies_that_do_not_fit_the_reader_s_position_go_on_from_the_teacher_s() -> None:
    def change(data: dict[str, Any]) -> None:
        data["players"][0]["hand"] = {"hill": 3, "forest": 3}
        data["task"]["answer"]["steps"][0] = {"kind": "build", "building": "road"}

    scenario = load_scenario(book(change), "book")
    start = scenario.game
    # the reader builds the road where Athens's recorded ship was going to stand
    road = next(
        a
        for a in start.legal_actions()
        if isinstance(a, attika.Build) and a.building == "road" and a.hex == (0, 1)
    )
    now = play(start, str(road), "end")
    base, teacher = go_on(scenario.stages, 0, start, now)
    assert teacher
    assert base.board.buildings[(0, 0)][1] == "road"  # the teacher's road, not the reader's
    assert (0, 1) not in base.board.buildings


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["then"][0]["reply"].__setitem__(1, "build ship 9,9 HMFW"), "then[0].reply[1]"),
        (lambda d: d["then"][0]["reply"].pop(), "then[0].reply"),
        (lambda d: d["task"].pop("played"), "task.played"),
        (lambda d: d["task"].__setitem__("played", ["end"]), "task.played"),
        (lambda d: d["task"]["played"].__setitem__(0, "build road 0,0 W"), "task.played[0]"),
        (lambda d: d.pop("task"), "then"),
        (lambda d: d["then"][0]["reply"].__setitem__(0, 7), "then[0].reply[0]"),
        (lambda d: d["then"][0].__setitem__("replies", []), "then[0].replies"),
        (lambda d: d.__setitem__("then", d["then"] * 12), "then"),
    ],
    ids=[
        "illegal reply",
        "reader's turn never comes back",
        "general answer without the teacher's line",
        "teacher's line answers another task",
        "teacher's move illegal",
        "steps without a first task",
        "reply not an action",
        "misspelt field",
        "too many steps",
    ],
)
def test_a_broken_line_is_refused_naming_its_field(change: Any, field: str) -> None:
    assert refused(book(change)) == field


def test_a_step_after_a_task_to_win_is_refused() -> None:
    def change(data: dict[str, Any]) -> None:
        data["task"]["answer"] = {"win": "shrines"}
        data["task"].pop("played")

    assert refused(book(change)) == "task"


def test_texts_of_every_step_decide_the_languages_a_lesson_is_written_in() -> None:
    assert load_scenario(book(), "book").written == {"en", "de", "nl"}

    def change(data: dict[str, Any]) -> None:
        del data["then"][0]["hint"]["nl"]

    assert load_scenario(book(change), "book").written == {"en", "de"}


def test_steps_within_one_turn_need_no_replies() -> None:
    """Step 1: the road on the marked space; step 2, in the same turn: the free road."""

    def change(data: dict[str, Any]) -> None:
        data["task"]["answer"]["steps"] = [{"kind": "build", "building": "road", "hex": "0,0"}]
        data["task"]["played"] = ["build road 0,0 H"]
        data["then"][0]["reply"] = []

    scenario = load_scenario(book(change), "book")
    start = scenario.game
    now = play(start, "build road 0,0 F")
    base, teacher = go_on(scenario.stages, 0, start, now)
    assert not teacher and base.current == start.current  # the same turn goes on
    second = scenario.stages[1].task
    after = play(base, "build road 1,0 -")
    assert second.check([parse_action("build road 1,0 -")], base, after) == "solved"


def test_replies_are_refused_when_the_turn_is_still_the_reader_s() -> None:
    def change(data: dict[str, Any]) -> None:
        data["task"]["answer"]["steps"] = [{"kind": "build", "building": "road", "hex": "0,0"}]
        data["task"]["played"] = ["build road 0,0 H"]

    assert refused(book(change)) == "then[0].reply[0]"
