"""Mutated game files and scenarios: each is refused with the project's own error, or read into
a game that replays to the same position. Nothing else may come out (no TypeError, KeyError,
RecursionError), whatever a file holds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import attika
from attika import ScenarioError

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FAST = settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)


def _game_file() -> dict[str, Any]:
    game = attika.new_game(["Ann", "Bo", "Cy"], 17)
    while len(game.actions) < 30:
        game.apply(game.legal_actions()[-1])
    data: dict[str, Any] = json.loads(game.to_json())
    return data


GAME = _game_file()


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, to put something else there."""
    found = [here]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*here, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value[:6]):
            found += _paths(inner, (*here, i))
    return found


def _put(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _put(copy[path[0]], path[1:], new)
    return copy


def mutated(original: Any) -> st.SearchStrategy[str]:
    """The file with one place given another value, text cut short, or one character changed."""
    text = json.dumps(original)
    replaced = st.builds(
        lambda path, new: json.dumps(_put(original, path, new)),
        st.sampled_from(_paths(original)),
        JSON,
    )
    cut = st.integers(0, len(text)).map(lambda n: text[:n])
    flipped = st.builds(
        lambda i, c: text[:i] + c + text[i + 1 :],
        st.integers(0, len(text) - 1),
        st.characters(codec="utf-8"),
    )
    return replaced | cut | flipped


@FAST
@given(text=mutated(GAME))
def test_a_mutated_game_file_is_refused_or_replays_exactly(text: str) -> None:
    try:
        game = attika.Game.from_json(text)
    except attika.SaveError:
        return
    again = attika.Game.from_json(game.to_json())
    assert again.state() == game.state()
    assert again.legal_actions() == game.legal_actions()


@FAST
@given(
    name=st.sampled_from(sorted(p.stem for p in SCENARIOS.glob("*.json"))),
    data=st.data(),
)
def test_a_mutated_scenario_is_refused_or_plays(name: str, data: st.DataObject) -> None:
    original = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    text = data.draw(mutated(original))
    try:
        scenario = attika.load_scenario(text, name)
    except ScenarioError:
        return
    game = scenario.fresh()
    actions = game.legal_actions()
    if actions and not game.is_over:  # the position can be played on from where it stands
        game.apply(actions[0])
