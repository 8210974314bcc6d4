"""Any action built in code, whatever its fields hold, is either refused cleanly or recorded
in a form the game reads back: no crash, no half-change, no unreadable save."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import attika
from attika.bots import random_position

SETTINGS = settings(
    max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)

scalars = st.one_of(
    st.integers(-3, 8),
    st.integers(),
    st.booleans(),
    st.floats(allow_nan=False),
    st.none(),
    st.sampled_from(["action", "card", "tower", "road", "fortress", "bogus", "", "0,0"]),
    st.text(max_size=6),
)
values = st.one_of(
    scalars,
    st.tuples(scalars, scalars),
    st.tuples(scalars, scalars, scalars, scalars),
    st.tuples(st.integers(-2, 3), st.integers(-2, 3), st.integers(-2, 3), st.integers(-2, 3)),
    st.tuples(st.integers(-4, 4), st.integers(-4, 4)),
    st.lists(scalars, max_size=4),
)


def any_action() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.builds(attika.DrawBuilding, values),
        st.builds(attika.StoreBuilding),
        st.builds(attika.Build, values, values, values),
        st.builds(attika.PlaceTile, values, values),
        st.builds(attika.SpendAmphora, values),
        st.builds(attika.EndTurn),
        values,
    )


positions = st.builds(random_position, st.integers(2, 4), st.integers(0, 5000), st.integers(0, 150))


@pytest.mark.slow
@SETTINGS
@given(positions, any_action(), st.data())
def test_an_action_from_code_is_refused_cleanly_or_recorded_readably(
    game: attika.Game, action: Any, data: st.DataObject
) -> None:
    if data.draw(st.booleans()) and not game.is_over:
        # a legal action with one field swapped for an arbitrary value: near misses too
        legal = data.draw(st.sampled_from(game.legal_actions()))
        fields = list(getattr(legal, "__dataclass_fields__", {}))
        if fields:
            name = data.draw(st.sampled_from(fields))
            action = type(legal)(**{**legal.__dict__, name: data.draw(values)})
    before = game.to_json()
    try:
        game.apply(action)
    except attika.IllegalAction:
        assert game.to_json() == before
        return
    assert attika.Game.from_json(game.to_json()).state() == game.state()
