"""Training (issue 41): a solved lesson played again on a position it has not shown, mirrored,
turned half round or dealt anew, so that a learner cannot pass by remembering one click.
The round's task is the lesson's own, transformed: its right answers are the mirrored
ones, the old click is judged wrong, and what would change a task's meaning is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import attika
from attika.actions import Build, DrawBuilding
from attika.answers import Step, Task
from attika.gamebook import Stage
from attika.mirror import MIRRORS, Mirror, mirror_data, mirror_hex
from attika.scenario import load_scenario
from attika.trainable import training_refusal
from attika.training import train

ROOT = Path(__file__).resolve().parent.parent
LESSONS = [*sorted(p.stem for p in (ROOT / "scenarios").glob("*.json")), "/examples/fortress"]


def data_of(name: str) -> dict[str, Any]:
    """A shipped lesson's file by name, or the example's by its path from the root."""
    path = ROOT / f"{name[1:]}.json" if name.startswith("/") else ROOT / f"scenarios/{name}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def right_places(lesson: attika.Scenario) -> frozenset[attika.Hex]:
    """Where the task's first step is answered (a build's places, the places that win)."""
    task = lesson.task
    assert task is not None
    if task.win is not None:
        return attika.winning_places(lesson.game, task.win)
    return attika.answer_places(lesson.game, task.steps[0], task.payment)


def cheapest(game: attika.Game, building: str, place: attika.Hex) -> Build | None:
    """The build of ``building`` on ``place`` at its cheapest payment, if it may be built."""
    return next(
        (
            a
            for a in game.legal_actions()
            if isinstance(a, Build) and a.building == building and a.hex == place
        ),
        None,
    )


def test_every_mirror_keeps_neighbours_neighbours_and_twice_is_none() -> None:
    h: attika.Hex = (2, -3)
    for how in MIRRORS:
        assert mirror_hex(mirror_hex(h, how), how) == h
        near = {mirror_hex(n, how) for n in attika.neighbours(h)}
        assert near == set(attika.neighbours(mirror_hex(h, how)))
    assert mirror_hex(mirror_hex(h, "top-bottom"), "left-right") == mirror_hex(h, "half-turn")


@pytest.mark.parametrize("name", LESSONS)
@pytest.mark.parametrize("how", MIRRORS)
def test_a_mirrored_lessons_right_places_are_the_mirrored_ones(name: str, how: Mirror) -> None:
    lesson = load_scenario(data_of(name), name)
    mirrored = load_scenario(mirror_data(data_of(name), how), name)
    assert {mirror_hex(h, how) for h in right_places(lesson)} == set(right_places(mirrored))
    assert mirrored.marks == [mirror_hex(h, how) for h in lesson.marks]
    board, seen = lesson.game.board, mirrored.game.board
    assert {mirror_hex(h, how): land for h, land in board.landscape.items()} == seen.landscape
    assert {mirror_hex(h, how): b for h, b in board.buildings.items()} == seen.buildings
    assert "still" not in mirrored.source  # the picture shows the lesson's own board


def test_the_old_click_is_wrong_in_training_and_the_mirrored_one_right() -> None:
    lesson = load_scenario(data_of("/examples/fortress"), "fortress")
    task = lesson.task
    assert task is not None and lesson.training >= {"mirror", "turn"}
    for number in (1, 2, 3):
        trained, played = train(lesson, number)
        assert played.mirror == MIRRORS[number - 1] and not played.dealt
        assert trained.task is not None
        first = attika.least_places(lesson.game, "fortress")
        now = attika.least_places(trained.game, "fortress")
        assert now == {mirror_hex(h, MIRRORS[number - 1]) for h in first} != first
        for place in first - now:
            old = cheapest(trained.game, "fortress", place)
            if old is not None:  # the old place, on the mirrored board: a dearer one
                after = trained.fresh()
                after.apply(old)
                assert trained.task.check([old], trained.game, after) == "wrong"
        for place in now:
            new = cheapest(trained.game, "fortress", place)
            assert new is not None
            after = trained.fresh()
            after.apply(new)
            assert trained.task.check([new], trained.game, after) == "solved"


def test_an_exact_answer_and_the_teachers_replies_are_mirrored() -> None:
    lesson = load_scenario(data_of("road-turn-after-turn"), "road-turn-after-turn")
    trained, played = train(lesson, 1)
    how = played.mirror
    assert how is not None
    for was, now in zip(lesson.stages[1].replies, trained.stages[1].replies, strict=True):
        if isinstance(was, Build):
            assert isinstance(now, Build) and now.hex == mirror_hex(was.hex, how)
    settlement = load_scenario(data_of("settlement"), "settlement")
    trained, played = train(settlement, 1)
    assert played.mirror is not None and trained.task is not None
    (step,) = trained.task.steps
    assert isinstance(step.exact, Build)
    assert step.exact.hex == mirror_hex((0, 1), played.mirror)


def test_a_board_of_tiles_is_turned_never_mirrored() -> None:
    game = attika.new_game(2, seed=5)
    data = attika.lesson_from_view(game.view(0), ["athens", "corinth"])
    assert data["board"]["tiles"]
    data["task"] = {
        "text": "Build.",
        "hint": "Anywhere.",
        "solved": "Yes.",
        "answer": {"steps": [{"kind": "draw"}]},
    }
    lesson = load_scenario(data, "from-a-game")
    assert "mirror" not in lesson.training and "turn" in lesson.training
    with pytest.raises(attika.ScenarioError) as refused:
        load_scenario(data | {"training": ["mirror"]}, "from-a-game")
    assert refused.value.field == "training[0]" and "tiles" in refused.value.problem
    with pytest.raises(attika.ScenarioError):
        mirror_data(data, "top-bottom")
    trained, played = train(load_scenario(data | {"training": ["turn"]}, "t"), 1)
    assert played.mirror == "half-turn"
    turned = {mirror_hex(h, "half-turn"): k for h, k in lesson.game.board.landscape.items()}
    assert trained.game.board.landscape == turned
    assert [r for _, _, r in trained.game.board.tiles] == [
        (r + 3) % 6 for _, _, r in lesson.game.board.tiles
    ]


def test_a_new_deal_changes_what_the_reader_draws_and_the_task_is_still_judged() -> None:
    data = data_of("spend-amphorae")
    lesson = load_scenario(data | {"training": ["deal"]}, "spend-amphorae")
    assert lesson.training == {"deal"}
    reader = lesson.game.current
    for number in (1, 2):
        trained, played = train(lesson, number)
        assert played.dealt and played.mirror is None
        tops = [s[-1] if s else None for s in trained.game.players[reader].stacks]
        assert tops != [s[-1] if s else None for s in lesson.game.players[reader].stacks]
        task = trained.task
        assert task is not None
        game = trained.fresh()
        made = []
        for text in ("amphora action", "draw 1", "store", "amphora card"):
            made.append(attika.parse_action(text))
            game.apply(made[-1])
        assert task.check(made, trained.game, game) == "solved"


def test_what_a_new_deal_or_a_mirror_would_not_change_is_refused() -> None:
    with pytest.raises(attika.ScenarioError) as refused:
        load_scenario(data_of("cost-by-landscape") | {"training": ["deal"]}, "c")
    assert refused.value.field == "training[0]" and "draws nothing" in refused.value.problem
    assert "deal" not in load_scenario(data_of("cost-by-landscape"), "c").training
    # an exact build after a draw names a building a new deal may not give
    step = (Step(exact=DrawBuilding(1)), Step(exact=Build("mill", (0, 0), (0, 0, 0, 0))))
    stage = Stage(Task({"en": "t"}, {"en": "h"}, {"en": "s"}, step))
    board = load_scenario(data_of("roads"), "roads").game.board
    why = training_refusal("deal", {"players": [{}, {}]}, [stage], board, 0)
    assert why is not None and "steps[1]" in why
    # a board that looks the same in every mirror: nothing to train
    lone = data_of("roads") | {
        "board": {"hexes": {"0,0": "plain"}},
        "marks": [],
        "task": {
            "text": "Build a road.",
            "hint": "Five cards.",
            "solved": "Yes.",
            "answer": {"steps": [{"kind": "build", "building": "road"}]},
        },
    }
    lone["players"][0]["hand"] = {"hill": 5}
    assert load_scenario(lone, "lone").training == frozenset()
    with pytest.raises(attika.ScenarioError, match="looks the same"):
        load_scenario(lone | {"training": ["turn"]}, "lone")
    with pytest.raises(attika.ScenarioError, match="not played again"):
        train(load_scenario(lone, "lone"), 1)


def test_a_lesson_opts_out_of_training_and_a_strange_way_is_named() -> None:
    out = load_scenario(data_of("/examples/fortress") | {"training": []}, "fortress")
    assert out.training == frozenset()
    with pytest.raises(attika.ScenarioError, match="not played again"):
        train(out, 1)
    for bad in (["spin"], "mirror", [{"mirror": True}]):
        with pytest.raises(attika.ScenarioError) as refused:
            load_scenario(data_of("roads") | {"training": bad}, "roads")
        assert refused.value.field.startswith("training")
