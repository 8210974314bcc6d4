"""Saving, loading, replaying, and what each seat may see."""

from __future__ import annotations

import functools
import json
import random
import types
import typing
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

import attika
from attika.view import View

from .helpers import raises


def _played(players: int = 3, seed: int = 21, steps: int = 120) -> attika.Game:
    game = attika.new_game(players, seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions()))
    return game


def test_json_round_trip_is_exact_and_continues_identically() -> None:
    game = _played()
    loaded = attika.Game.from_json(game.to_json())
    assert loaded.state() == game.state()
    assert loaded.to_json() == game.to_json()
    # The same actions from here give the same random draws in both.
    chooser = random.Random(1)
    for _ in range(60):
        if game.is_over:
            break
        action = chooser.choice(game.legal_actions())
        assert game.apply(action) == loaded.apply(action)
    assert loaded.state() == game.state()


def test_a_record_replays_to_the_same_game() -> None:
    game = _played(4, 8, 80)
    record = {
        "format": "attika-game",
        "version": game.edition,
        "players": [p.name for p in game.players],
        "seed": game.seed,
        "actions": game.actions,
    }
    replayed, events = attika.replay(record)
    assert replayed.state() == game.state()
    assert attika.replay(json.dumps(record))[0].state() == game.state()
    # the events of each action, as a log shows them, come with the replay
    again = attika.new_game([p.name for p in game.players], game.seed)
    assert events == [again.apply(text) for text in game.actions]


def test_corrupt_or_tampered_files_are_refused_with_a_reason() -> None:
    text = _played().to_json()
    data = json.loads(text)
    hand = data["state"]["players"][0]["hand"]
    hand[0] += 1
    tampered = json.dumps(data)
    bad_action = json.loads(text)
    bad_action["actions"][3] = "build fortress 99,99 -"
    cases = {
        "{not json": "not valid JSON",
        "[]": "expected a JSON object",
        '{"format": "chess"}': "not an Attika game file",
        tampered: "state.players[0].hand",
        json.dumps(bad_action): "action 4",
        json.dumps({**data, "seed": "x"}): "'seed'",
        json.dumps({**data, "version": 99}): "newer",
        json.dumps({**data, "players": ["A"]}): "players",
    }
    for source, expected in cases.items():
        with raises(attika.SaveError) as caught:
            attika.Game.from_json(source)
        assert expected in str(caught[0]), (expected, str(caught[0]))


def test_view_hides_other_hands_and_face_down_order() -> None:
    game = _played(3, 5, 40)
    for seat in range(3):
        v = game.view(seat)
        for i, p in enumerate(v["players"]):
            assert p["hand_size"] == sum(game.players[i].hand)
            assert (p["hand"] is not None) == (i == seat)
            assert all(isinstance(s, int) for s in p["stacks"])
        text = json.dumps(v)
        assert '"deck"' not in text and 'tile_stack"' not in text
        assert v["deck_size"] == len(game.deck)
    with raises(ValueError):
        game.view(3)


@functools.cache
def _hints(typed: Any) -> dict[str, Any]:
    return get_type_hints(typed, include_extras=True)


def _misfits(value: Any, hint: Any, where: str) -> list[str]:
    """Where ``value`` is not of the type ``hint`` says (typed dicts key by key, both ways)."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return []
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is no dict"]
        hints = _hints(hint)
        optional = {k for k, h in hints.items() if get_origin(h) is NotRequired}
        wrong = [f"{where}.{k}: not declared" for k in value.keys() - hints.keys()]
        wrong += [f"{where}.{k}: missing" for k in hints.keys() - value.keys() - optional]
        for key, h in hints.items():
            if key in value:
                inner = get_args(h)[0] if key in optional else h
                wrong += _misfits(value[key], inner, f"{where}.{key}")
        return wrong
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is no list"]
        return [w for i, v in enumerate(value) for w in _misfits(v, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is no dict"]
        return [w for k, v in value.items() for w in _misfits(k, args[0], where)] + [
            w for k, v in value.items() for w in _misfits(v, args[1], f"{where}[{k!r}]")
        ]
    if origin in (Union, types.UnionType):
        fits = any(not _misfits(value, a, where) for a in args)
        return [] if fits else [f"{where}: {value!r} is none of {args}"]
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if hint is int:  # a bool is an int to isinstance, never to a reader of the view
        return [] if type(value) is int else [f"{where}: {value!r} is no int"]
    return [] if isinstance(value, hint) else [f"{where}: {value!r} is no {hint.__name__}"]


def test_every_view_has_exactly_the_typed_shape_its_readers_are_checked_against() -> None:
    """The view is built from the declared facts, its readers are type-checked against
    ``attika.View``: the two must agree, key by key, in every phase of a game (a fact added
    without its place in the typed view fails here)."""
    phases: set[str] = set()
    for players, seed in ((2, 4), (4, 9)):
        game = attika.new_game(players, seed)
        chooser = random.Random(seed)
        for step in range(10_000):
            for seat in {game.current, (game.current + 1) % players}:
                seen = game.view(seat)
                if step % 8 == 0 or seen["phase"] not in phases:  # every phase, and a sample
                    phases.add(seen["phase"])
                    assert _misfits(seen, View, "view") == [], _misfits(seen, View, "view")[:5]
            if game.is_over:
                break
            game.apply(chooser.choice(game.legal_actions()))
    assert phases == {"turn", "drawn", "tile", "over"}
    game.board.landscape[(30, 30)] = 2  # a hex set by itself, as a teacher's position has
    painted = game.view(0)
    assert "hexes" in painted["board"] and _misfits(painted, View, "view") == []
    painted["players"][0]["stored"] = {"tower": "one"}  # type: ignore[dict-item]
    painted["turn"]["secret"] = 1  # type: ignore[typeddict-unknown-key]
    assert _misfits(painted, View, "view") == [
        "view.players[0].stored['tower']: 'one' is no int",
        "view.turn.secret: not declared",
    ]


def test_a_drawn_building_is_seen_only_by_its_drawer() -> None:
    game = attika.new_game(2, seed=3)
    game.apply("draw 1")
    drawer, other = game.current, 1 - game.current
    assert game.view(drawer)["turn"]["drawn"] == game.turn.drawn[0]  # type: ignore[index]
    assert game.view(other)["turn"]["drawn"] == "hidden"
    assert game.view(drawer)["phase"] == "drawn"


def test_copy_is_independent() -> None:
    game = _played(2, 2, 30)
    clone = game.copy()
    assert clone.state() == game.state()
    action = clone.legal_actions()[0]
    clone.apply(action)
    assert clone.state() != game.state()
    assert game.is_legal(action)


def test_a_bad_start_seat_in_a_file_is_refused() -> None:
    data = json.loads(attika.new_game(2, seed=5, start=1).to_json())
    for bad in (2, "0", 1.5):
        data["start"] = bad
        with raises(attika.SaveError):
            attika.Game.from_json(json.dumps(data))


def test_a_game_saved_under_edition_1_loads_and_goes_on_under_its_rules() -> None:
    """A game in progress when the reshuffle rule was corrected is not lost by the update."""
    from attika.rng import Rng

    for seed in range(40):
        game = attika.Game.new(2, seed, edition=1)
        chooser = Rng(seed)
        for _ in range(400):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[chooser.below(len(legal))])
            if not game.deck and any(game.discard):  # only edition 1 leaves this
                break
        else:
            continue
        if not game.deck and any(game.discard):
            break
    else:
        raise AssertionError("no seed ran the deck out")
    text = game.to_json()
    assert json.loads(text)["version"] == 1
    loaded = attika.Game.from_json(text)
    assert loaded.state() == game.state() and loaded.edition == 1
    newer = json.loads(text)
    newer["version"] = 2
    del newer["state"]
    assert attika.replay(newer)[0].state() != game.state()
