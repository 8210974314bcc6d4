"""The places a task is about (a small frame's board looks at them): exactly the places where
a build is judged right, for a build criterion (free, the least price, this place) and for a
task to win, so the view never leaves out a right place nor favours a wrong one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import attika
from attika.answers import Step
from attika.scenario import load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def scenario(name: str, steps: list[Any] | None = None) -> attika.Scenario:
    data = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    if steps is not None:
        data["task"]["answer"] = {"steps": steps}
    return load_scenario(json.dumps(data), name)


def judged_right(lesson: attika.Scenario) -> set[attika.Hex]:
    """Every place where one build (at its cheapest payment) solves the lesson's task."""
    task = lesson.task
    assert task is not None
    right = set()
    for build in lesson.game.legal_actions():
        if isinstance(build, attika.Build):
            game = lesson.fresh()
            game.apply(build)
            if task.check([build], lesson.game, game) == "solved":
                right.add(build.hex)
    return right


@pytest.mark.parametrize(
    ("name", "steps"),
    [
        ("free-build", None),  # the fortress, free: which places make it free
        ("cost-by-landscape", [{"kind": "build", "building": "fortress", "price": "least"}]),
        ("two-for-one", [{"kind": "build", "building": "fortress", "hex": "0,0"}]),
        ("two-for-one", ["build fortress 0,0 HFW"]),
        (
            "settlement",
            [
                {
                    "one_of": [
                        {"kind": "build", "building": "road", "hex": "0,1"},
                        {"kind": "build", "building": "road", "hex": "1,-1"},
                    ]
                }
            ],
        ),
    ],
)
def test_a_steps_places_are_where_a_build_is_judged_right(
    name: str, steps: list[Any] | None
) -> None:
    lesson = scenario(name, steps)
    task = lesson.task
    assert task is not None
    places = attika.answer_places(lesson.game, task.steps[0], task.payment)
    assert places, name
    assert places == judged_right(lesson), name
    offered = {b.hex for b in lesson.game.legal_actions() if isinstance(b, attika.Build)}
    assert places < offered  # the criterion narrows the places on offer


def test_a_free_build_is_about_its_free_places_only() -> None:
    lesson = scenario("free-build")
    task = lesson.task
    assert task is not None
    places = attika.answer_places(lesson.game, task.steps[0], task.payment)
    fortress = [
        b
        for b in lesson.game.legal_actions()
        if isinstance(b, attika.Build) and b.building == "fortress"
    ]
    assert places == {b.hex for b in fortress if sum(b.payment) == 0}
    assert len(fortress) > 3 * len(places)  # most fortress places cost something


@pytest.mark.parametrize(("name", "count"), [("win-shrines", 1), ("win-all-buildings", 8)])
def test_a_task_to_win_is_about_the_places_where_a_build_wins(name: str, count: int) -> None:
    lesson = scenario(name)
    task = lesson.task
    assert task is not None and task.win is not None
    places = attika.winning_places(lesson.game, task.win)
    assert len(places) == count
    assert places == judged_right(lesson)
    other = "all-buildings" if task.win == "shrines" else "shrines"
    assert attika.winning_places(lesson.game, other) == frozenset()  # won another way: not it


def test_a_step_that_is_no_build_names_no_place() -> None:
    lesson = scenario("board-expansion")
    task = lesson.task
    assert task is not None
    draw, _, tile = task.steps
    assert attika.answer_places(lesson.game, draw, task.payment) == frozenset()
    assert attika.answer_places(lesson.game, tile, task.payment) == frozenset()
    laid = Step(exact=attika.PlaceTile((3, -1), 2))  # an exact tile: its place
    assert attika.answer_places(lesson.game, laid) == {(3, -1)}
