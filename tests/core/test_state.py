"""The state is defined once: every fact declares how it is written and who sees it."""

from __future__ import annotations

from dataclasses import fields

from attika.bots import random_position
from attika.facts import from_data, to_data
from attika.player import Player
from attika.state import State
from attika.turn import Turn


def test_every_fact_says_how_it_is_written_and_who_may_see_it() -> None:
    for cls in (State, Player, Turn):
        for f in fields(cls):
            assert "seen" in f.metadata and "codec" in f.metadata, f"{cls.__name__}.{f.name}"


def test_every_fact_of_the_game_and_its_players_says_how_pop_puts_it_back() -> None:
    """The search frame is derived from these answers (game.py), so none may be missing."""
    from attika.facts import undone
    from attika.frame import Frame

    for cls in (State, Player):
        for f in fields(cls):
            assert f.metadata["undo"] in ("kept", "state", "by-action", "fixed"), f.name
    slots = set(Frame.__slots__)
    assert set(undone(State, "kept")) <= slots
    assert {f"player_{name}" for name in undone(Player, "kept")} <= slots


def test_a_copy_takes_every_field_of_the_record() -> None:
    """Game.copy copies the state by its facts and the record by game._RECORD: together they
    are every field a game has, so a new record field cannot be left out of copies."""
    import attika
    from attika.game import _RECORD

    game = attika.new_game(3, seed=5)
    game.apply(game.legal_actions()[0])
    state = {f.name for f in fields(State)}
    assert set(vars(game)) == state | set(_RECORD) | {"_history"}
    other = game.copy()
    assert {name: getattr(other, name) for name in _RECORD} == {
        name: getattr(game, name) for name in _RECORD
    }
    assert other.actions is not game.actions


def test_the_state_reads_back_from_its_data() -> None:
    game = random_position(3, 9, 150)
    data = to_data(game)
    again = from_data(State, data)
    assert to_data(again) == data
    assert again.board.landscape == game.board.landscape


def test_a_copy_shares_nothing_with_its_original() -> None:
    game = random_position(4, 2, 120)
    before = game.state()
    other = game.copy()
    other.players[0].hand[0] += 5
    other.players[1].stacks[1].append("tower")
    other.players[2].stored["road"] = 9
    other.players[3].rewarded.add("x")
    other.board.buildings[(99, 99)] = (0, "road")
    other.deck.append(0)
    other.discard[1] += 1
    other.turn.used += 1
    other.rng.next64()
    assert game.state() == before


def test_the_view_hides_exactly_what_is_declared_hidden() -> None:
    game = random_position(3, 4, 100)
    view = game.view(1)
    assert "rng" not in view and "deck" not in view and "tile_stack" not in view
    assert view["deck_size"] == len(game.deck)
    assert view["tile_stack_size"] == len(game.tile_stack)
    assert [p["hand"] for p in view["players"]] == [None, game.players[1].hand, None]
    assert [p["hand_size"] for p in view["players"]] == [sum(p.hand) for p in game.players]
    assert [p["stacks"] for p in view["players"]] == [
        [len(s) for s in p.stacks] for p in game.players
    ]


def test_every_hidden_fact_is_dealt_anew_for_a_computer_player() -> None:
    """A fact a view does not show in full must have a rule in attika.unseen, or a
    determinised game would carry it over from nowhere."""
    from attika.facts import by_all
    from attika.unseen import DEALT

    hidden = {
        f"{cls.__name__}.{f.name}"
        for cls in (State, Player, Turn)
        for f in fields(cls)
        if f.metadata["seen"] is not by_all
    }
    assert hidden == set(DEALT)


def test_a_copy_and_its_original_take_back_apart() -> None:
    """After both take back the same action, changing one leaves the other as it was."""
    import attika

    game = attika.new_game(2, seed=3)
    build = next(a for a in game.legal_actions() if isinstance(a, attika.Build))
    game.apply(build)
    other = game.copy()
    game.undo()
    other.undo()
    before = game.state()
    other.players[other.current].hand[0] += 3
    other.discard[0] += 1
    other.players[other.current].stored["road"] = 5
    assert game.state() == before


def test_a_settlement_count_is_the_number_of_settlements() -> None:
    for seed in range(6):
        game = random_position(4, seed, 250)
        for seat in range(4):
            assert game.board.settlement_count(seat) == len(game.board.settlements(seat))
