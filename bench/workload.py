"""The rules benchmark workload; prints one JSON line of figures.

Run by bench/rules.py under CPython and under Pyodide (in Node), so both
interpreters do exactly the same work and the ratio compares like with like.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import attika
from attika.bots import random_position
from attika.legality import forget_listed
from attika.rng import Rng

#: A 4-player position in mid game, reached by seeded random play: 312 legal builds.
MID_GAME = (4, 3, 259)


def legal_actions_ms(repeats: int) -> tuple[float, int]:
    game = random_position(*MID_GAME)
    count = len(game.legal_actions())
    times = []
    for _ in range(repeats):
        forget_listed()  # the listing's own cost, not the memo's lookup of the same position
        start = time.perf_counter()
        game.legal_actions()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, count


def random_games_per_second(games: int) -> tuple[float, float]:
    start = time.perf_counter()
    actions = 0
    for seed in range(games):
        game = attika.new_game(4, seed)
        chooser = Rng(seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[chooser.below(len(legal))])
            actions += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


#: The playout start the foundations issue measured: 4 players after 200 random actions.
PLAYOUT_START = (4, 7, 200)


def playouts(runs: int) -> dict[str, float]:
    """Random playouts to the end from one position, the old way and the search way.

    Old way (the baseline, measured in the same run): copy the game, list every legal
    action, apply one at random. Search way: ``random_action`` and ``push`` to the end,
    then ``pop`` back to the start, so no copy is made.
    """
    game = random_position(*PLAYOUT_START)
    listing_times, listing_actions = [], 0
    for seed in range(runs):
        start = time.perf_counter()
        copy = game.copy()
        chooser = Rng(seed)
        while not copy.is_over:
            legal = copy.legal_actions()
            copy.apply(legal[chooser.below(len(legal))])
            listing_actions += 1
        listing_times.append(time.perf_counter() - start)
    push_times, push_actions = [], 0
    for seed in range(runs * 4):
        start = time.perf_counter()
        chooser = Rng(seed)
        depth = 0
        while not game.is_over:
            game.push(game.random_action(chooser))
            depth += 1
        for _ in range(depth):
            game.pop()
        push_times.append(time.perf_counter() - start)
        push_actions += depth
    return {
        "playout_listing_ms": round(statistics.median(listing_times) * 1000, 2),
        "playout_listing_actions": round(listing_actions / runs, 1),
        "playout_push_ms": round(statistics.median(push_times) * 1000, 2),
        "playouts_per_s": round(runs * 4 / sum(push_times), 1),
        "playout_push_actions": round(push_actions / (runs * 4), 1),
    }


def push_pops_per_second(repeats: int) -> float:
    """Push and pop each legal action of the mid-game position in turn."""
    game = random_position(*MID_GAME)
    legal = game.legal_actions()
    start = time.perf_counter()
    for _ in range(repeats):
        for action in legal:
            game.push(action)
            game.pop()
    return repeats * len(legal) / (time.perf_counter() - start)


def main() -> None:
    quick = "--quick" in sys.argv
    ms, count = legal_actions_ms(50 if quick else 300)
    rate, length = random_games_per_second(3 if quick else 12)
    outs = playouts(3 if quick else 10)
    push_pop = push_pops_per_second(5 if quick else 30)
    print(
        json.dumps(
            {
                "python": sys.version.split()[0],
                "legal_actions_ms": round(ms, 3),
                "legal_actions_count": count,
                "random_games_per_s": round(rate, 2),
                "actions_per_game": round(length, 1),
                "push_pop_per_s": round(push_pop),
                **outs,
            }
        )
    )


if __name__ == "__main__":
    main()
