"""A real game's position as a lesson file: what the seat sees comes back exactly when the
file is read, and nothing hidden from that seat is in it."""

from __future__ import annotations

import json

import attika
from attika.bots import greedy_bot
from attika.lesson import lesson_from_view
from attika.rng import Rng

CITY_STATES = ["athens", "corinth", "sparta", "thebes"]


def _positions() -> list[attika.Game]:
    """Positions of seeded 2-4 player games, mid-turn ones included (not a tile to lay)."""
    out = []
    for players, seed in ((2, 3), (3, 7), (4, 11)):
        game = attika.new_game(players, seed)
        rng = Rng(seed)
        while not game.is_over and len(game.actions) < 160:
            if game.turn.tile is None and not game.turn.cards_taken and len(game.actions) % 9 == 0:
                out.append(game.copy())
            game.apply(greedy_bot(game, rng))
    return out


def test_what_the_seat_sees_comes_back_and_nothing_hidden_is_written() -> None:
    checked = 0
    for game in _positions():
        cs = CITY_STATES[: len(game.players)]
        for seat in range(len(game.players)):
            seen = game.view(seat)
            data = lesson_from_view(seen, cs)
            back = attika.load_scenario(json.loads(json.dumps(data)), "lesson").game
            again = back.view(seat)
            assert again["board"] == seen["board"]
            assert again["current"] == seen["current"]
            assert again["turn_number"] == seen["turn_number"]
            for key in ("mode", "used", "extra"):
                assert again["turn"][key] == seen["turn"][key], key
            if seen["turn"]["drawn"] == "hidden":  # another seat's secret: not written
                assert again["turn"]["drawn"] is None
            else:
                assert again["turn"]["drawn"] == seen["turn"]["drawn"]
            for mine, theirs in zip(again["players"], seen["players"], strict=True):
                for key in ("name", "amphorae", "stored", "built", "rewarded"):
                    assert mine[key] == theirs[key], key
            assert again["players"][seat]["hand"] == seen["players"][seat]["hand"]
            for other, p in enumerate(data["players"]):
                if other != seat:
                    assert "hand" not in p  # hidden: left for the teacher to set
            assert all(p.get("stacks", "unknown") == "unknown" for p in data["players"])
            assert "deck" not in data and "tile_stack" not in data
            checked += 1
    assert checked > 40


def test_a_position_differing_only_in_hidden_things_writes_the_same_file() -> None:
    game = _positions()[5]
    twin = game.copy()
    seat = game.current
    for i, p in enumerate(twin.players):
        if i != seat:
            p.hand = p.hand[1:] + p.hand[:1]
        p.stacks = [list(reversed(s)) for s in p.stacks]
    twin.deck = list(reversed(twin.deck))
    twin.tile_stack = list(reversed(twin.tile_stack))
    cs = CITY_STATES[: len(game.players)]
    assert lesson_from_view(twin.view(seat), cs) == lesson_from_view(game.view(seat), cs)
