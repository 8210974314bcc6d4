"""The strong decision workload; prints one JSON line of per-decision figures.

    python bench/thinking_workload.py [--positions N]

Run by bench/thinking.py under CPython and under Pyodide (in Node), so both interpreters
decide exactly the same positions and the ratio compares like with like. Each position is
decided twice through ``attika.thinking`` as the page drives it: once with the time cap the
page used to set (2.5 s, ``STRONG_SECONDS`` below; the page now plays by work alone) and
once without, so the figures show both how long a decision takes and how often such a cap
would cut the search short. The cap is counted on
``time.perf_counter``: here nothing else runs between steps, so that equals the page's
clock of time spent thinking.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Generator

from attika import Action, Game, new_game, thinking
from attika.players import make_player
from attika.rng import Rng

#: Every how many decisions of a normal-vs-normal game a position is taken (an odd
#: stride, so positions fall on every kind of decision: draws, builds, ends, tiles...).
STRIDE = 7


def positions(players: int, count: int) -> list[Game]:
    """``count`` positions along games the normal player plays against itself (fixed seeds)."""
    normal = make_player("normal")
    found: list[Game] = []
    seed = 0
    while len(found) < count:
        game = new_game(players, 9100 + 10 * players + seed)
        rng = Rng(seed)
        step = 0
        while not game.is_over and len(found) < count:
            if step % STRIDE == 3:
                found.append(game.copy())
            game.apply(normal.choose(game.view(game.current), rng))
            step += 1
        seed += 1
    return found


#: The cap the page put on strong's thinking until it played by work alone: the figures
#: still show what such a cap would cut on a slow device.
STRONG_SECONDS = 2.5


def decide(game: Game, seed: int, seconds: float | None) -> tuple[float, int, Action]:
    """Seconds, generator steps and the action of one strong decision."""
    steps: Generator[None, None, Action] = thinking(
        "strong", game.view(game.current), seed, seconds=seconds
    )
    count = 0
    start = time.perf_counter()
    try:
        while True:
            next(steps)
            count += 1
    except StopIteration as done:
        action: Action = done.value
    return time.perf_counter() - start, count, action


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=20, help="per player count")
    args = parser.parse_args()
    rows = []
    for players in (2, 3, 4):
        for k, game in enumerate(positions(players, args.positions)):
            seed = 1000 * players + k
            full, full_steps, full_action = decide(game, seed, None)
            capped, capped_steps, capped_action = decide(game, seed, STRONG_SECONDS)
            rows.append(
                {
                    "players": players,
                    "at": len(game.actions),
                    "kind": type(full_action).__name__,
                    "full_s": full,
                    "full_steps": full_steps,
                    "capped_s": capped,
                    "capped_steps": capped_steps,
                    "cut": capped_steps < full_steps,
                    "same": capped_action == full_action,
                    "action": str(capped_action),
                }
            )
    print(json.dumps({"python": sys.version.split()[0], "cap": STRONG_SECONDS, "rows": rows}))


if __name__ == "__main__":
    main()
