"""Every kind of action has every piece in the registry (attika/kinds.py): a name, a text
that round-trips, its fields and their types, and the log, news and hint keys the page words,
present in every language. A new action class that is not registered, or registered with a
piece missing, fails here rather than on a player's screen."""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
from pathlib import Path
from typing import get_args

import attika
from attika import actions
from attika.kinds import ACTION_KINDS, FOLLOWING, KIND_NAMED, TOLD, kind_of, parse_action
from attika.rng import Rng

I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"
LANGUAGES = {p.stem: json.loads(p.read_text("utf-8")) for p in sorted(I18N.glob("*.json"))}
#: Actions that random games rarely reach: each kind is shown at least once.
EXAMPLES = [
    attika.DrawBuilding(0),
    attika.DrawBuilding(3),
    attika.StoreBuilding(),
    attika.Build("tower", (3, -2), (1, 1, 0, 0)),
    attika.Build("road", (0, 1), (0, 0, 0, 0)),
    attika.PlaceTile((4, -1), 2),
    attika.SpendAmphora("action"),
    attika.SpendAmphora("card"),
    attika.EndTurn(),
]


def _action_classes() -> set[type]:
    """Every dataclass defined in attika/actions.py, whether or not ``Action`` names it."""
    return {
        cls
        for _, cls in inspect.getmembers(actions, inspect.isclass)
        if cls.__module__ == actions.__name__ and dataclasses.is_dataclass(cls)
    }


def _samples() -> list[attika.Action]:
    found: list[attika.Action] = list(EXAMPLES)
    for players in (2, 3, 4):
        game = attika.new_game(players, seed=10 + players)
        rng = Rng(players)
        for _ in range(300):
            if game.is_over:
                break
            legal = game.legal_actions()
            found += legal
            game.apply(legal[rng.below(len(legal))])
    return found


def _has(texts: dict[str, str], stem: str) -> bool:
    """The key itself, or keys under it (a count's plural forms, a variant)."""
    return stem in texts or any(k.startswith(stem + ".") for k in texts)


def test_every_action_class_is_a_registered_kind() -> None:
    classes = _action_classes()
    assert set(get_args(attika.Action)) == classes
    assert {kind.action for kind in ACTION_KINDS} == classes
    names = [kind.name for kind in ACTION_KINDS]
    assert len(set(names)) == len(names) == len(KIND_NAMED)
    assert all(re.fullmatch(r"[a-z]+", name) for name in names)


def test_every_kind_lists_its_fields_with_their_types_and_text() -> None:
    for kind in ACTION_KINDS:
        declared = [f.name for f in dataclasses.fields(kind.action)]
        typed = kind.fields()
        assert [name for name, _ in typed] == declared, kind.name
        assert all(not isinstance(t, str) for _, t in typed), (kind.name, typed)
        assert len(kind.words) == len(declared), kind.name
        assert kind.form.split() == [kind.name, *(w.form for w in kind.words)]


def test_every_kind_round_trips_through_its_text() -> None:
    seen = set()
    for action in _samples():
        kind = kind_of(action)
        text = str(action)
        assert text.split()[0] == kind.name, text
        assert parse_action(text) == action, text
        assert kind.read(text.split()[1:]) == action, text
        seen.add(kind.name)
    assert seen == set(KIND_NAMED), "a kind has no example to read back"


def test_every_kind_tells_its_events_and_every_event_is_told() -> None:
    for kind in ACTION_KINDS:
        assert kind.told and kind.hint, kind.name
    events = [t.event for kind in ACTION_KINDS for t in kind.told] + [t.event for t in FOLLOWING]
    assert len(events) == len(set(events)) == len(TOLD)
    assert all(t.news in ("always", "catch-up", "never") for t in TOLD.values())
    written: set[str] = set()
    for players in (2, 3, 4):
        game = attika.new_game(players, seed=players)
        rng = Rng(players)
        while not game.is_over:
            action = game.random_action(rng)
            own = {t.event for t in kind_of(action).told}
            for event in game.apply(action):
                written.add(event["event"])
                assert event["event"] in own or event["event"] in {t.event for t in FOLLOWING}
    assert written <= set(TOLD)
    assert {"draw", "store", "build", "end-turn", "win"} <= written


def test_every_wording_key_is_in_every_language() -> None:
    assert {"en", "de", "nl"} <= set(LANGUAGES)
    for lang, texts in LANGUAGES.items():
        for told in TOLD.values():
            assert _has(texts, told.log), (lang, told.log)
        for kind in ACTION_KINDS:
            for key in kind.hint:
                assert key in texts, (lang, key)


def test_each_log_line_fills_the_placeholders_the_registry_names() -> None:
    english = LANGUAGES["en"]
    for told in TOLD.values():
        lines = [v for k, v in english.items() if k == told.log or k.startswith(told.log + ".")]
        used = {p for line in lines for p in re.findall(r"\{(\w+)\}", line)}
        assert used - {"name", "n"} == set(told.params), (told.event, used)


def test_the_hint_key_of_every_action_is_one_its_kind_lists() -> None:
    picked = {kind_of(a).hint_key(a) for a in _samples()}
    assert picked == {key for kind in ACTION_KINDS for key in kind.hint}
