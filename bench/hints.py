"""Time to a hint, on positions from normal self-play; runs under CPython or Pyodide.

    python bench/hints.py [--positions N]
    node bench/pyodide_run.mjs bench/hints.py [--positions N]

A hint must answer within 300 ms in the page (issue 29): this prints wall and processor
milliseconds per hint (median, 95th percentile, max) for 2 and 4 players. Wall time, so a
busy machine inflates it; processor time does not.

``--threats N`` adds N positions where the hint must cut a chain (the race guard,
sure.guard, has a line to offer): the start of a normal player's turn against a shrine
racer (seeds 30 on), the slowest kind of hint, since the guard searches the seat's sure
actions first.
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
from attika.players import hint, make_player, sure
from attika.players.sparring import RacerPlayer
from attika.rng import Rng
from bench.players import positions


def threats(count: int) -> list[Game]:
    """Positions where the race guard fires: the start of normal's turn (seat 1) while the
    racer's chain (seat 0) could close on its next turn and a sure cut exists."""
    found: list[Game] = []
    racer, normal = RacerPlayer(), make_player("normal")
    seed = 30
    while len(found) < count and seed < 30 + 20 * count:
        game = new_game(2, seed)
        turn = -1
        for n in range(400):
            if game.winner is not None or len(found) >= count:
                break
            if game.current == 1 and game.turn_number != turn:
                turn = game.turn_number
                if sure.guard(game, 1):
                    found.append(game.copy())
            player = racer if game.current == 0 else normal
            game.apply(player.choose(game.view(game.current), Rng(n)))
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="per player count")
    parser.add_argument("--threats", type=int, default=0, help="positions where a cut is due")
    args = parser.parse_args()
    print(
        f"ms per hint, {args.positions} positions per player count, Python {sys.version.split()[0]}"
    )
    print(
        f"{'players':>7} {'wall median':>11} {'p95':>7} {'max':>7}   "
        f"cpu: {'median':>7} {'p95':>7} {'max':>7}"
    )
    sets: list[tuple[str, list[Game]]] = [(str(n), positions(n, args.positions)) for n in (2, 4)]
    if args.threats:
        sets.append(("threats", threats(args.threats)))
    for players, games in sets:
        wall: list[float] = []
        cpu: list[float] = []
        for k, game in enumerate(games):
            view = game.view(game.current)
            start, tick = time.perf_counter(), time.process_time()
            hint(view, Rng(k))
            wall.append(1000 * (time.perf_counter() - start))
            cpu.append(1000 * (time.process_time() - tick))
        print(
            f"{players:>7} {statistics.median(wall):>11.1f} {percentile(wall, 0.95):>7.1f} "
            f"{max(wall):>7.1f}        {statistics.median(cpu):>7.1f} "
            f"{percentile(cpu, 0.95):>7.1f} {max(cpu):>7.1f}"
        )


if __name__ == "__main__":
    main()
