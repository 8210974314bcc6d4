"""A game file for the smoke suite: a person against the normal computer near the end, so
that a person who only ends turns sees the computer finish it in a few turns (printed as JSON).

The position is found, not hard-coded: a greedy game's record replayed up to the latest of
its last turns of the person from which the computer, the person only ending turns, ends
the game within ``TURNS`` turns in every one of a few tries."""

from __future__ import annotations

import json
import sys

import attika
from attika.actions import EndTurn
from attika.bots import BOTS, greedy_bot
from attika.rng import Rng

TURNS = 6
LEVEL = "normal"
SEED = 1


def finishes(game: attika.Game, seed: int) -> bool:
    """Whether the person ending each turn at once and the computer playing end it soon."""
    rng = Rng(seed)
    start = game.turn_number
    while not game.is_over and game.turn_number - start < TURNS:
        game.apply(EndTurn() if game.current == 0 else BOTS[LEVEL](game, rng))
    return game.is_over


def late_game() -> attika.Game:
    whole = attika.new_game(["Ann", "Bot"], SEED, start=0)
    rng = Rng(SEED)
    while not whole.is_over:
        whole.apply(greedy_bot(whole, rng))
    for back in range(1, 13):
        late = attika.new_game(["Ann", "Bot"], SEED, start=0)
        for text in whole.actions:
            if late.turn_number >= whole.turn_number - back and late.current == 0:
                break
            late.apply(attika.parse_action(text))
        if (
            late.current == 0
            and not late.is_over
            and all(finishes(attika.Game.from_json(late.to_json()), seed) for seed in (1, 2, 3))
        ):
            return late
    raise SystemExit("no late position of this game ends soon against the computer")


if __name__ == "__main__":
    data = json.loads(late_game().to_json())
    data["seats"] = ["human", LEVEL]
    json.dump(data, sys.stdout)
