"""Seeded property tests: what must hold in every reachable position."""

from __future__ import annotations

from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import attika
from attika.bots import random_position
from attika.components import BUILDINGS, Cards
from attika.cost import Due, cheapest, covers

SETTINGS = settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


positions = st.builds(
    random_position,
    st.integers(2, 4),
    st.integers(0, 10_000),
    st.integers(0, 250),
)
hands = st.tuples(*[st.integers(0, 4)] * 4)
dues = st.builds(Due, st.tuples(*[st.integers(0, 3)] * 4), st.integers(0, 4))


@SETTINGS
@given(hands, dues)
def test_cheapest_payment_is_valid_and_no_valid_payment_is_smaller(hand: Cards, due: Due) -> None:
    best = cheapest(hand, due)
    payments = [
        p
        for p in product(*(range(n + 1) for n in hand))
        if covers(p, due)  # type: ignore[arg-type]
    ]
    if best is None:
        assert payments == []
    else:
        assert covers(best, due) and all(b <= h for b, h in zip(best, hand, strict=True))
        assert sum(best) == min(sum(p) for p in payments)


@SETTINGS
@given(positions)
def test_legal_builds_match_a_brute_force_quote_of_every_site(game: attika.Game) -> None:
    legal = game.legal_actions()
    if game.is_over:
        assert legal == []
        return
    builds = {(a.building, a.hex): a.payment for a in legal if isinstance(a, attika.Build)}
    if game.turn.tile is not None:
        assert not builds
        return
    if game.turn.drawn is not None:
        kinds = [game.turn.drawn[0]]
    elif game.actions_left() and game.turn.mode != "draw":
        kinds = sorted(game.players[game.current].stored)
    else:
        kinds = []
    expected = {}
    for kind in kinds:
        for h in game.board.landscape:
            q = game.quote(kind, h)
            if q.possible:
                assert q.payment is not None
                expected[(kind, h)] = q.payment
    assert builds == expected
    assert len(legal) == len(set(legal))


@SETTINGS
@given(positions, st.data())
def test_every_legal_action_applies_and_illegal_ones_change_nothing(
    game: attika.Game, data: st.DataObject
) -> None:
    if game.is_over:
        return
    legal = game.legal_actions()
    before = game.state()
    candidates = [
        attika.DrawBuilding(data.draw(st.integers(0, 3))),
        attika.StoreBuilding(),
        attika.Build(
            data.draw(st.sampled_from(sorted(BUILDINGS))),
            data.draw(st.sampled_from(sorted(game.board.landscape))),
            data.draw(hands),
        ),
        attika.PlaceTile((data.draw(st.integers(-12, 14)), data.draw(st.integers(-8, 10))), 0),
        attika.SpendAmphora(data.draw(st.sampled_from(["action", "card"]))),
    ]
    for action in candidates:
        if action in legal:
            continue
        if isinstance(action, attika.Build) and game.is_legal(action):
            # an alternative payment for a legal placement
            assert any(
                isinstance(a, attika.Build) and (a.building, a.hex) == (action.building, action.hex)
                for a in legal
            )
            continue
        assert not game.is_legal(action)
        try:
            game.apply(action)
        except attika.IllegalAction as exc:
            assert exc.rule and str(exc)
        else:
            raise AssertionError(f"{action} was applied though not legal")
        assert game.state() == before
    action = data.draw(st.sampled_from(legal))
    assert game.is_legal(action)
    game.apply(action)


@SETTINGS
@given(positions, st.data())
def test_any_exact_payment_is_accepted_for_a_legal_placement(
    game: attika.Game, data: st.DataObject
) -> None:
    builds = [a for a in game.legal_actions() if isinstance(a, attika.Build)]
    if not builds:
        return
    action = data.draw(st.sampled_from(builds))
    hand = game.players[game.current].cards
    payment = tuple(data.draw(st.integers(0, n)) for n in hand)
    q = game.quote(action.building, action.hex)
    other = attika.Build(action.building, action.hex, payment)  # type: ignore[arg-type]
    assert game.is_legal(other) == covers(payment, q.due)  # type: ignore[arg-type]


@SETTINGS
@given(positions)
def test_save_load_round_trip_anywhere(game: attika.Game) -> None:
    loaded = attika.Game.from_json(game.to_json())
    assert loaded.state() == game.state()
    assert loaded.legal_actions() == game.legal_actions()


@SETTINGS
@given(positions, st.data())
def test_an_action_taken_back_leaves_the_game_as_it_was(
    game: attika.Game, data: st.DataObject
) -> None:
    legal = game.legal_actions()
    if not legal:
        return
    before, actions = game.state(), list(game.actions)
    action = data.draw(st.sampled_from(legal))
    game.apply(action)
    if game.undo_refusal() is None:
        assert game.undo() == str(action)
        assert game.state() == before and game.actions == actions
        assert game.legal_actions() == legal
    else:
        after = game.state()
        refused = False
        try:
            game.undo()
        except attika.IllegalAction as exc:
            refused = exc.rule.startswith("undo-")
        assert refused and game.state() == after  # a refused undo changes nothing
    # A copy of the game reloaded from its file agrees on what can be taken back.
    loaded = attika.Game.from_json(game.to_json())
    assert (loaded.undo_refusal() is None) == (game.undo_refusal() is None)
