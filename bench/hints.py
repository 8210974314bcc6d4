"""Time to a hint, on positions from normal self-play; runs under CPython or Pyodide.

    python bench/hints.py [--positions N]
    node bench/pyodide_run.mjs bench/hints.py [--positions N]

A hint must answer within 300 ms in the page (issue 29): this prints wall and processor
milliseconds per hint (median, 95th percentile, max) for 2 and 4 players. Wall time, so a
busy machine inflates it; processor time does not.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from attika.cli import percentile
from attika.players import hint
from attika.rng import Rng
from bench.players import positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="per player count")
    args = parser.parse_args()
    print(
        f"ms per hint, {args.positions} positions per player count, Python {sys.version.split()[0]}"
    )
    print(
        f"{'players':>7} {'wall median':>11} {'p95':>7} {'max':>7}   "
        f"cpu: {'median':>7} {'p95':>7} {'max':>7}"
    )
    for players in (2, 4):
        wall: list[float] = []
        cpu: list[float] = []
        for k, game in enumerate(positions(players, args.positions)):
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
