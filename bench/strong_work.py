"""Strong's work and processor time per decision, in real strong games.

    python bench/strong_work.py [--games N] [--players 2 4] [--work S] [--against NAME]
        [--save FILE]

Plays N games of strong (its default budget, or ``--work`` as its work limit) against
normal players (or ``--against``: any level or sparring partner, the yardstick for
issue 42's measure), seats rotating, and records for every strong decision the playouts, the
work done (actions played in playouts plus chain searches: what the work limit counts) and
the processor time. Prints
their spread per player count and the slowest decisions; ``--save`` writes every decided
view with its seed (JSON lines), so the page's budget can be checked on exactly these
positions, the slow ones included (bench/thinking.py measures Pyodide).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from attika.cli import contender, percentile
from attika.game import new_game
from attika.players import StrongPlayer
from attika.rng import Rng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=4000)
    parser.add_argument("--work", type=int, help="strong's work limit (default: its own)")
    parser.add_argument("--save", help="write each decided view and its seed here")
    parser.add_argument("--against", default="normal", help="the other seats' player")
    args = parser.parse_args()
    strong = StrongPlayer(work=args.work)
    normal = contender(args.against)
    out = open(args.save, "w", encoding="utf-8") if args.save else None  # noqa: SIM115
    print("strong decisions: processor ms, playouts, work units (actions played + chain searches)")
    print(
        f"{'players':>7} {'n':>5} {'ms median':>10} {'p95':>8} {'max':>8} "
        f"{'work median':>12} {'p95':>6} {'max':>6} {'ms/unit':>8}"
    )
    for players in args.players:
        rows: list[tuple[float, int, int]] = []
        for k in range(args.games):
            seed = args.seed + 10 * players + k
            game = new_game(players, seed)
            rng = Rng(seed)
            hero = k % players
            while game.winner is None and game.turn_number <= 2000:
                view = game.view(game.current)
                if game.current != hero:
                    game.apply(normal.choose(view, rng))
                    continue
                decision = rng.next64()
                tick = time.process_time()
                action = strong.choose(view, Rng(decision))
                spent = time.process_time() - tick
                rows.append((1000 * spent, *strong.work))
                if out is not None:
                    out.write(json.dumps({"seed": decision, "view": view}) + "\n")
                game.apply(action)
        searched = [r for r in rows if r[1]]
        ms = [r[0] for r in rows]
        steps = [r[2] for r in searched] or [0]
        rate = sum(r[0] for r in searched) / max(1, sum(r[2] for r in searched))
        print(
            f"{players:>7} {len(rows):>5} {statistics.median(ms):>10.1f} "
            f"{percentile(ms, 0.95):>8.1f} {max(ms):>8.1f} {statistics.median(steps):>12.0f} "
            f"{percentile(steps, 0.95):>6.0f} {max(steps):>6} {rate:>8.3f}"
        )
        slow = sorted(rows, reverse=True)[:3]
        worst = ", ".join(f"{t:.0f} ms ({p} playouts, {s} units)" for t, p, s in slow)
        print(f"  slowest: {worst}")
    if out is not None:
        out.close()


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"took {time.perf_counter() - started:.0f} s wall", file=sys.stderr)
