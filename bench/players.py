"""Time per decision of every computer player level, on the same positions.

python bench/players.py [--positions N] [--budget B]

The positions are taken every few actions from games the normal player plays
against itself (2 and 4 players, fixed seeds), so every level decides in the
same mid-game situations. Times are processor time, so a busy shared machine
does not inflate them; strength is measured with ``python -m attika tournament``
(see docs/benchmarks.md, "Computer players").
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from attika.cli import percentile
from attika.game import Game, new_game
from attika.players import LEVELS, make_player
from attika.rng import Rng


def positions(players: int, count: int) -> list[Game]:
    """``count`` positions from normal self-play games, the seat to play to decide."""
    normal = make_player("normal")
    found: list[Game] = []
    seed = 0
    while len(found) < count:
        game = new_game(players, 7000 + seed)
        rng = Rng(seed)
        step = 0
        while game.winner is None and len(found) < count:
            if step % 11 == 3:
                found.append(game.copy())
            game.apply(normal.choose(game.view(game.current), rng))
            step += 1
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="per player count")
    parser.add_argument("--budget", type=int, help="strong's playouts (default: its own)")
    args = parser.parse_args()
    print(f"processor time per decision, {args.positions} positions per player count, ms")
    print(f"{'level':<8} {'players':>7} {'median':>9} {'p95':>9} {'max':>9}")
    for players in (2, 4):
        games = positions(players, args.positions)
        for level in LEVELS:
            options = {"budget": args.budget} if level == "strong" and args.budget else {}
            player = make_player(level, **options)
            times = []
            for k, game in enumerate(games):
                view = game.view(game.current)
                tick = time.process_time()
                player.choose(view, Rng(k))
                times.append(1000 * (time.process_time() - tick))
            print(
                f"{level:<8} {players:>7} {statistics.median(times):>9.2f} "
                f"{percentile(times, 0.95):>9.2f} {max(times):>9.2f}"
            )


if __name__ == "__main__":
    main()
