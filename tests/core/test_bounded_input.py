"""Text from outside is measured before it is parsed: a hostile file is refused with the
project's own error, never a RecursionError or a Python that stops (these run under Pyodide
too, where 200,000 nested brackets would stop Python itself)."""

from __future__ import annotations

import json
from pathlib import Path

import attika
from attika.inputs import DEPTH, GAME_CHARS, SCENARIO_CHARS, InputRefused, depth_of, read_json

from .helpers import raises

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_deep_nesting_is_refused_as_a_save_error_not_a_recursion_error() -> None:
    for text in ("[" * 150_000, "[" * 90_000 + "]" * 90_000, '{"a":' * 30_000 + "1" + "}" * 30_000):
        with raises(attika.SaveError) as caught:
            attika.Game.from_json(text)
        assert caught[0].code == "too-deep"  # type: ignore[attr-defined]
        with raises(attika.ScenarioError) as caught:
            attika.load_scenario(text)
        assert caught[0].code == "too-deep"  # type: ignore[attr-defined]


def test_an_oversized_file_is_refused_before_it_is_read() -> None:
    game = json.loads(attika.new_game(2, 1).to_json())
    game["padding"] = "x" * GAME_CHARS
    with raises(attika.SaveError) as caught:
        attika.Game.from_json(json.dumps(game))
    assert caught[0].code == "too-long"  # type: ignore[attr-defined]
    assert caught[0].params["limit"] == GAME_CHARS  # type: ignore[attr-defined]
    intro = {"format": "attika-scenario", "version": 1, "intro": "y" * SCENARIO_CHARS}
    with raises(attika.ScenarioError) as caught:
        attika.load_scenario(json.dumps(intro))
    assert caught[0].code == "too-long"  # type: ignore[attr-defined]


def test_brackets_inside_texts_do_not_count_as_nesting() -> None:
    record = json.loads(attika.new_game(["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "Bo"], 3).to_json())
    text = json.dumps(record)
    assert depth_of(text) < 8
    assert attika.Game.from_json(text).players[0].name.startswith("[[[")
    assert depth_of('["\\"[[[[", {"a": [1]}]') == 3


def test_real_files_are_far_inside_the_limits() -> None:
    game = attika.new_game(4, 9)
    while not game.is_over and len(game.actions) < 200:
        game.apply(game.legal_actions()[0])
    assert depth_of(game.to_json()) * 3 < DEPTH
    for path in SCENARIOS.glob("*.json"):
        text = path.read_text(encoding="utf-8")
        assert len(text) * 20 < SCENARIO_CHARS, path.name
        assert depth_of(text) * 2 < DEPTH, path.name
        attika.load_scenario(text, path.stem)


def test_numbers_too_long_to_read_are_refused_in_the_projects_words() -> None:
    text = '{"format": "attika-game", "version": 5, "seed": ' + "9" * 5000 + "}"
    with raises(attika.SaveError) as caught:
        attika.Game.from_json(text)
    assert "Exceeds" not in str(caught[0]) and "digits" not in str(caught[0])
    with raises(InputRefused):
        read_json(b"[]", 100)  # type: ignore[arg-type]


def test_a_scenario_version_of_true_is_refused() -> None:
    data = json.loads((SCENARIOS / "roads.json").read_text(encoding="utf-8"))
    data["version"] = True
    with raises(attika.ScenarioError) as caught:
        attika.load_scenario(data)
    assert caught[0].field == "version"  # type: ignore[attr-defined]


def test_an_amphora_use_of_another_type_is_refused_before_it_is_compared() -> None:
    class Hostile:
        def __eq__(self, other: object) -> bool:
            raise RuntimeError("compared")

        __hash__ = object.__hash__

    game = attika.new_game(2, 4)
    before = game.state()
    for use in (Hostile(), ["action"], None, 1):
        with raises(attika.IllegalAction):
            game.apply(attika.actions.SpendAmphora(use))  # type: ignore[arg-type]
    assert game.state() == before
