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
from attika.rng import Rng

#: A 4-player position in mid game, reached by seeded random play: 312 legal builds.
MID_GAME = (4, 3, 259)


def legal_actions_ms(repeats: int) -> tuple[float, int]:
    game = random_position(*MID_GAME)
    count = len(game.legal_actions())
    times = []
    for _ in range(repeats):
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


def main() -> None:
    quick = "--quick" in sys.argv
    ms, count = legal_actions_ms(50 if quick else 300)
    rate, length = random_games_per_second(3 if quick else 12)
    print(
        json.dumps(
            {
                "python": sys.version.split()[0],
                "legal_actions_ms": round(ms, 3),
                "legal_actions_count": count,
                "random_games_per_s": round(rate, 2),
                "actions_per_game": round(length, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
