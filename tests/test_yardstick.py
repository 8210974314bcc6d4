"""The yardstick: a whole turn planned by the work left to win, no search.

Its strength is measured in docs/benchmarks.md ("The yardstick"); here, that its measure of
room for free builds follows the board, that it cuts a chain about to close, and, in one
seeded match, that it stays ahead of normal.
"""

from __future__ import annotations

import pytest

import attika
from attika.actions import Build
from attika.cli import TURN_LIMIT
from attika.players import heuristics as hx
from attika.players import work_left
from attika.players.plans import decide
from attika.players.tempo import reach
from attika.players.yardstick import YardstickPlayer
from attika.rng import Rng
from tests.test_strength import raced


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_the_room_for_free_builds_after_a_build_is_the_room_on_the_board_after_it(
    seed: int,
) -> None:
    """rooms_after (what a build would leave) agrees with rooms of the board once built, for
    every build of positions along a normal game: a follower is priced free only while its
    building has an empty neighbour."""
    game = attika.new_game(2, seed)
    checked = 0
    for _ in range(120):
        if game.winner is not None:
            break
        seat = game.current
        board = game.board
        land = set(board.landscape)
        room = work_left.rooms(board.buildings, land, seat)
        for action in game.legal_actions()[:40]:
            if not isinstance(action, Build):
                continue
            guess = work_left.rooms_after(
                room, board.buildings, land, seat, action.building, action.hex
            )
            game.push(action)
            actual = work_left.rooms(game.board.buildings, land, seat)
            game.pop()
            assert {k: v for k, v in guess.items() if v} == actual, str(action)
            checked += 1
        game.apply(decide(game))
    assert checked > 50


@pytest.mark.parametrize(("seed", "moves"), [(5, 61), (36, 66)])
def test_the_yardstick_cuts_a_chain_that_would_close_on_the_rivals_next_turn(
    seed: int, moves: int
) -> None:
    """The rival's chain is within what it can build next turn: after the yardstick's whole
    turn it is not."""
    game = raced(seed, moves)
    seat, rival = game.current, 1 - game.current
    assert hx.chains(game.board, rival).length <= reach(game, rival)
    turn, k = game.turn_number, 0
    while game.turn_number == turn and game.winner is None:
        game.apply(YardstickPlayer().choose(game.view(seat), Rng(k)))
        k += 1
    assert game.winner != rival
    assert hx.chains(game.board, rival).length > reach(game, rival)


@pytest.mark.slow
def test_the_yardstick_beats_normal() -> None:
    """20 seeded 2-player games, seats alternating: the yardstick wins more than half (it
    won 143 of 200 on other seeds, docs/benchmarks.md; 12 of these 20)."""
    wins = 0
    for k in range(20):
        game = attika.new_game(2, 100 + k)
        rng = Rng(100 + k)
        hero = k % 2
        while game.winner is None and game.turn_number <= TURN_LIMIT:
            view = game.view(game.current)
            if game.current == hero:
                game.apply(YardstickPlayer().choose(view, rng))
            else:
                game.apply(decide(game))
        wins += game.winner == hero
    assert wins > 10
