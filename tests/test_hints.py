"""Hints a learner reads: never a distance that means "no route", never a block of a road
that does not exist, still the block when a rival's road is real, and words that say what
a block prevents (a rival linking two shrines, which wins)."""

from __future__ import annotations

import pytest

import attika
from attika.bots import random_position
from attika.players import heuristics as hx
from attika.players import hint
from attika.players.sparring import PlannedNormalPlayer
from attika.rng import Rng
from tests.test_strength import raced


def after_normal_moves(players: int, seed: int, moves: int) -> attika.Game:
    """The game after ``moves`` actions of normal players as they were before issue 42
    (``normal-2``, the policy the hints themselves play for the rivals), each seeded by its
    index."""
    game = attika.new_game(players, seed)
    normal = PlannedNormalPlayer()
    for n in range(moves):
        game.apply(normal.choose(game.view(game.current), Rng(n)))
    return game


@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 0, 120), (2, 1, 120), (2, 6, 40)])
def test_a_seat_with_no_route_between_shrines_is_not_told_98_buildings_to_go(
    players: int, seed: int, steps: int
) -> None:
    """Rivals' buildings cut every way between two shrines (the chain search says 99):
    the hinted build is explained some other way, not as "98 buildings to go"."""
    game = random_position(players, seed, steps)
    assert hx.chains(game.board, game.current).length == hx.FAR
    told = hint(game.view(game.current), Rng(0))
    assert game.is_legal(told.action)
    assert told.reason != "chain", told


@pytest.mark.parametrize("seed", [0, 1])
def test_the_first_hint_does_not_block_a_road_a_rival_has_not_begun(seed: int) -> None:
    """At the very start the rival has nothing on the board, so there is no road of theirs."""
    game = attika.new_game(2, seed)
    assert not game.board.buildings
    told = hint(game.view(game.current), Rng(0))
    assert told.reason != "block", told


@pytest.mark.parametrize(("players", "seed", "moves", "rival"), [(2, 0, 3, 1), (4, 0, 4, 2)])
def test_a_build_that_cuts_a_rivals_real_road_is_still_hinted_as_a_block(
    players: int, seed: int, moves: int, rival: int
) -> None:
    """The rival's buildings make its chain short (a few hexes): the hint names the block."""
    game = after_normal_moves(players, seed, moves)
    assert any(owner == rival for owner, _ in game.board.buildings.values())
    told = hint(game.view(game.current), Rng(0))
    assert (told.reason, told.params) == ("block", {"seat": rival})


# Racer threats of seeds 30..69 that a sure cut stops, where the whole-turn ranking alone
# hinted something else (9 of 18 such positions).
@pytest.mark.parametrize(("seed", "moves"), [(36, 66), (54, 57), (63, 50)])
def test_the_hint_cuts_a_chain_that_would_close_when_a_sure_cut_stops_it(
    seed: int, moves: int
) -> None:
    """The racer needs no more buildings than it can place on its next turn, and the
    learner's player board and hand can push its chain past that: the hint is such a cut,
    explained as a block of the racer, not the move the ranking alone liked best."""
    from attika.players import sure
    from attika.players.turns import ranked_turns
    from attika.players.world import determinise

    game = raced(seed, moves)
    seat, rival = game.current, 1 - game.current
    cuts = sure.guard(game, seat)
    assert cuts
    alone = ranked_turns(determinise(game.view(seat), Rng(0)))[0][1]
    assert alone not in cuts
    told = hint(game.view(seat), Rng(0))
    assert told.action in cuts
    assert (told.reason, told.params) == ("block", {"seat": rival})


#: How each language says winning, in the reasons below.
WINS = {"en": "win", "de": "gewinn", "nl": "win"}


def test_a_block_or_a_step_along_a_chain_says_that_linking_two_shrines_wins() -> None:
    """A beginner does not know why a road between shrines matters: the reason for a block
    says what it prevents (the rival linking two shrines and winning), and a step along the
    own chain what it leads to, in every language."""
    from web.core.text import LANGUAGES, plural, set_language, t

    try:
        for lang in LANGUAGES:
            set_language(lang)
            block = t("hint.why.block", name="Corinth")
            assert "Corinth" in block and WINS[lang] in block.lower(), (lang, block)
            for left in (1, 3):
                step = plural("hint.why.chain", left)
                assert WINS[lang] in step.lower(), (lang, step)
    finally:
        set_language("en")
