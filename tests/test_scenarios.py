"""Scenarios: every shipped position loads, its task accepts the right answer and refuses a
wrong one, and a malformed scenario names the field that is wrong and loads nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from attika import COMPONENTS, parse_action
from attika.scenario import LANGUAGES, ScenarioError, load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
NAMES = sorted(p.stem for p in SCENARIOS.glob("*.json"))

#: For each scenario: a way to solve its task, and a wrong try (each a list of actions).
#: A wrong try is judged "wrong" after its last action.
PLAYS: dict[str, tuple[list[str], list[str]]] = {
    "cost-by-landscape": (["build fortress 0,0 HM"], ["build fortress 1,1 HMM"]),
    "two-for-one": (["build fortress 0,0 HFW"], ["build fortress 0,1 HFW"]),
    "free-build": (["build fortress 2,0 -"], ["build tower 1,-1 HMF"]),
    "roads": (["build road 0,0 F", "build road 1,0 -"], ["build road 1,0 HF"]),
    "settlement": (["build road 0,1 HHMMF"], ["build road -1,1 HHMF"]),
    "defence-amphora": (["build quarry -1,0 M"], ["build quarry -2,0 HM"]),
    "spend-amphorae": (
        ["amphora action", "draw 2", "store", "amphora card"],
        ["amphora card"],
    ),
    "board-expansion": (["draw 1", "store", "tile -4,1 3"], ["draw 2"]),
    "win-shrines": (["build tower 0,0 -"], ["build tower 0,1 M", "end"]),
    "win-all-buildings": (["build stadium 3,0 -"], ["end"]),
    "road-turn-after-turn": (["build road 0,0 H", "end"], ["draw 1"]),
}


def load(name: str) -> Any:
    return load_scenario((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"), name)


def run(name: str, actions: list[str]) -> list[str]:
    """Play the actions from the scenario's position; the task's verdict after each."""
    scenario = load(name)
    assert scenario.task is not None
    start = scenario.game
    game = scenario.fresh()
    made = []
    verdicts = []
    for text in actions:
        action = parse_action(text)
        game.apply(action)
        made.append(action)
        verdicts.append(scenario.task.check(made, start, game))
    return verdicts


def test_every_scenario_has_a_play() -> None:
    assert NAMES and set(NAMES) == set(PLAYS)


@pytest.mark.parametrize("name", NAMES)
def test_the_right_answer_is_accepted(name: str) -> None:
    verdicts = run(name, PLAYS[name][0])
    assert verdicts[-1] == "solved"
    assert all(v == "going" for v in verdicts[:-1])


@pytest.mark.parametrize("name", NAMES)
def test_a_wrong_answer_is_refused(name: str) -> None:
    assert run(name, PLAYS[name][1])[-1] == "wrong"


@pytest.mark.parametrize("name", NAMES)
def test_texts_are_written_in_every_language(name: str) -> None:
    data = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    steps = [data["task"], *data.get("then", [])]  # each step of a lesson of several
    texts = [data["title"]] + [step[k] for step in steps for k in ("text", "hint", "solved")]
    for text in texts:
        assert set(text) == set(LANGUAGES), f"{name}: {text}"
        assert len(set(text.values())) == len(LANGUAGES), f"{name}: a text left untranslated"


@pytest.mark.parametrize("name", NAMES)
def test_the_position_is_a_real_one(name: str) -> None:
    """Loading gives a game the rules accept: legal actions exist and a copy plays the same."""
    scenario = load(name)
    game = scenario.game
    assert game.winner is None
    assert game.legal_actions()
    for seat, player in enumerate(game.players):
        on_board = sum(1 for s, _ in game.board.buildings.values() if s == seat)
        assert player.built == on_board
        assert on_board + player.in_storage() + player.in_stacks() <= 30


def test_the_rulebook_fortress_example_costs_one_hill_and_one_mountain() -> None:
    game = load("cost-by-landscape").game
    quote = game.quote("fortress", (0, 0))
    assert quote.payment == (1, 1, 0, 0)
    assert not quote.free and quote.surcharge == 0


def test_only_the_fortress_next_to_the_quarry_is_free() -> None:
    game = load("free-build").game
    free = {
        (str(a).split()[1], str(a).split()[2])
        for a in game.legal_actions()
        if str(a).startswith("build") and str(a).endswith(" -")
    }
    assert free and {kind for kind, _ in free} == {"fortress"}
    assert all(h in {"3,-1", "2,0", "1,0", "1,-1", "2,-2", "3,-2"} for _, h in free)


def test_the_settlement_surcharge_is_two_cards() -> None:
    quote = load("settlement").game.quote("road", (0, 1))
    assert quote.new_settlement and quote.surcharge == 2


# -- malformed scenarios ----------------------------------------------------------------

BASE = json.loads((SCENARIOS / "cost-by-landscape.json").read_text(encoding="utf-8"))


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    change(data)
    return data


@pytest.mark.parametrize(
    "change,field",
    [
        (lambda d: d.update(format="chess"), "format"),
        (lambda d: d.update(version=7), "version"),
        (lambda d: d.pop("title"), "title"),
        (lambda d: d["players"][1]["hand"].update(hill=-1), "players[1].hand.hill"),
        (lambda d: d["players"][1]["hand"].update(sand=1), "players[1].hand.sand"),
        (lambda d: d["players"][0].update(city_state="rome"), "players[0].city_state"),
        (lambda d: d["players"][1].update(city_state="corinth"), "players[1].city_state"),
        (lambda d: d["players"][0]["stored"].update(castle=1), "players[0].stored.castle"),
        (lambda d: d["players"][0]["stored"].update(fortress=2), "players[0].stored.fortress"),
        (lambda d: d.update(players=d["players"][:1]), "players"),
        (lambda d: d["board"]["hexes"].update({"1;2": "hill"}), "board.hexes.1;2"),
        (lambda d: d["board"]["hexes"].update({"0,0": "lava"}), "board.hexes.0,0"),
        (
            lambda d: d["board"].update(buildings={"9,9": {"building": "well", "owner": 0}}),
            "board.buildings.9,9",
        ),
        (
            lambda d: d["board"].update(buildings={"0,0": {"building": "well", "owner": 5}}),
            "board.buildings.0,0.owner",
        ),
        (lambda d: d["board"].update(shrines=["0,0"]), "board.shrines[0]"),
        (lambda d: d.update(current=2), "current"),
        (lambda d: d.update(turn={"mode": "fly"}), "turn.mode"),
        (lambda d: d.update(turn={"mode": "build", "used": 4}), "turn.used"),
        (lambda d: d.update(colour="red"), "colour"),
        (
            lambda d: d["task"]["answer"].update(steps=["build fortress 0,0 MM"]),
            "task.answer.steps[0]",
        ),
        (lambda d: d["task"]["answer"].update(steps=["dance"]), "task.answer.steps[0]"),
        (
            lambda d: d["task"]["answer"].update(steps=[{"kind": "jump"}]),
            "task.answer.steps[0].kind",
        ),
        (lambda d: d["task"]["answer"].update(win="luck"), "task.answer"),
        (lambda d: d["task"].update(text={"fr": "Bâtissez"}), "task.text.fr"),
        (lambda d: d.update(tile_stack=["T99"]), "tile_stack[0]"),
        (lambda d: d.update(deck={"hill": 99}), "deck.hill"),
        (lambda d: d["board"]["hexes"].update({"0, 0": "hill"}), "board.hexes.0, 0"),
        (lambda d: d.update(tile_stack=[[1]]), "tile_stack[0]"),
        (lambda d: d["players"][0]["stored"].update({"tower": [2]}), "players[0].stored.tower"),
        (
            lambda d: d.update(turn={"mode": "draw", "drawn": {"building": "ship", "stack": 1}}),
            "turn.used",
        ),
        (
            lambda d: d.update(
                turn={"mode": "draw", "used": 1, "drawn": {"building": "agora", "stack": 2}}
            ),
            "turn.drawn.stack",
        ),
        (
            lambda d: d.update(
                turn={"mode": "draw", "used": 1, "drawn": {"building": "fortress", "stack": 1}}
            ),
            "turn.drawn.building",
        ),
        (lambda d: d.update(turn={"mode": "build", "extra": 99}), "turn.extra"),
        (lambda d: d.update(amphora_supply=COMPONENTS.amphorae + 1), "amphora_supply"),
    ],
)
def test_a_malformed_scenario_names_the_wrong_field(change: Any, field: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(broken(change))
    assert caught.value.field == field, str(caught.value)
    assert str(caught.value).startswith(field + ": ")


def test_a_file_nested_absurdly_deep_is_refused_plainly() -> None:
    with pytest.raises(ScenarioError, match="nested more than"):
        load_scenario("[" * 100_000 + "]" * 100_000)


def test_text_that_is_not_json_is_refused_plainly() -> None:
    with pytest.raises(ScenarioError, match="not valid JSON"):
        load_scenario("{ nope")


def test_loading_the_same_scenario_twice_gives_the_same_position() -> None:
    a, b = load("spend-amphorae").game, load("spend-amphorae").game
    assert a.state() == b.state()
