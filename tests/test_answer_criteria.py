"""A task's answer as criteria the rules judge: a teacher records one move, then says how
far it goes (this building at the least price anywhere, any payment of this sum, this place
only), and an equally good answer is right."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import attika
from attika.scenario import ScenarioError, least_price, load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def with_answer(name: str, steps: list[Any]) -> attika.Scenario:
    data = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    data["task"]["answer"] = {"steps": steps}
    return load_scenario(json.dumps(data), name)


def verdict(scenario: attika.Scenario, action: attika.Action) -> str:
    assert scenario.task is not None
    game = scenario.fresh()
    game.apply(action)
    return scenario.task.check([action], scenario.game, game)


def builds(game: attika.Game, kind: str) -> list[attika.Build]:
    return [b for b in game.legal_actions() if isinstance(b, attika.Build) and b.building == kind]


def test_the_least_price_anywhere_accepts_every_equally_cheap_place() -> None:
    scenario = with_answer(
        "cost-by-landscape", [{"kind": "build", "building": "fortress", "price": "least"}]
    )
    options = builds(scenario.game, "fortress")
    least = least_price(scenario.game, "fortress")
    assert least is not None
    cheapest = {b.hex for b in options if sum(b.payment) == least}
    assert len(cheapest) >= 2, "the position should have more than one cheapest place"
    for b in options:
        expected = "solved" if sum(b.payment) == least else "wrong"
        assert verdict(scenario, b) == expected, (b, least)


def test_any_payment_of_a_sum_on_a_place() -> None:
    scenario = with_answer(
        "two-for-one", [{"kind": "build", "building": "fortress", "hex": "0,0", "cards": 3}]
    )
    options = builds(scenario.game, "fortress")
    assert any(b.hex == (0, 0) and sum(b.payment) == 3 for b in options)
    for b in options:
        right = b.hex == (0, 0) and sum(b.payment) == 3
        assert verdict(scenario, b) == ("solved" if right else "wrong"), b


@pytest.mark.parametrize(
    ("step", "field"),
    [
        ({"kind": "build", "hex": "north"}, "task.answer.steps[0].hex"),
        ({"kind": "build", "cards": -1}, "task.answer.steps[0].cards"),
        ({"kind": "build", "cards": True}, "task.answer.steps[0].cards"),
        ({"kind": "build", "price": "most"}, "task.answer.steps[0].price"),
        ({"kind": "draw", "price": "least"}, "task.answer.steps[0]"),
    ],
)
def test_a_malformed_criterion_names_its_field(step: dict[str, Any], field: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        with_answer("cost-by-landscape", [step])
    assert caught.value.field == field


def test_a_general_answer_says_why_it_is_right() -> None:
    scenario = with_answer(
        "cost-by-landscape", [{"kind": "build", "building": "fortress", "price": "least"}]
    )
    assert scenario.task is not None
    least = least_price(scenario.game, "fortress")
    right = next(b for b in builds(scenario.game, "fortress") if sum(b.payment) == least)
    assert scenario.task.why_right([right], scenario.game) == [
        ("least", {"building": "fortress", "cards": least})
    ]
