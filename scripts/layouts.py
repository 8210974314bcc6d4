"""Start layouts, weighed: their shape and how self-play goes on them.

    python scripts/layouts.py                      # the data file's layouts, shape only
    python scripts/layouts.py --games 100          # ... and 100 normal self-play games each
    python scripts/layouts.py --players 3 --layout '{"tiles": [[0,0,0], ...], "shrines": [...]}'

The layouts are designed, not known (docs/components.md), so they are judged by what they do
in play: this is the tool used to choose them, kept so that the choice can be checked and
made again when the data changes. Shape: the chain length of each shrine pair on the start
board (how many buildings join them) and how many start hexes each shrine touches. Play: the
share of shrine wins and which pairs carry them, games over before round 6, and the wins by
seat and by turn position. Games run on every core.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from attika.balance import Study, play_one
from attika.bots import BOTS
from attika.components import COMPONENTS, Layout
from attika.hexes import Hex, flower, neighbours
from attika.layouts import describe, pair_chains


def shrine_sets(tiles: tuple[tuple[Hex, int], ...], count: int) -> list[tuple[int, int, Layout]]:
    """Every way to put ``count`` shrines next to the start tiles, each touching two start
    hexes or more, whose pair chains differ by at most one: (shortest, longest, layout)."""
    from itertools import combinations

    land = {h for centre, _ in tiles for h in flower(centre)}
    spots = sorted(
        {n for h in land for n in neighbours(h) if n not in land} - set(),
        key=lambda h: (h[1], h[0]),
    )
    spots = [s for s in spots if sum(n in land for n in neighbours(s)) >= 2]
    found = []
    for shrines in combinations(spots, count):
        if any(b in neighbours(a) for a, b in combinations(shrines, 2)):
            continue
        layout = Layout(tiles, shrines)
        lengths = pair_chains(layout).values()
        if max(lengths) - min(lengths) <= 1:
            found.append((min(lengths), max(lengths), layout))
    return found


def _batch(args: tuple[int, Layout, str, list[int]]) -> Study:
    players, layout, bot, seeds = args
    COMPONENTS.layouts[players] = layout
    found = Study(players, [bot])
    seats = [BOTS[bot]] * players
    for seed in seeds:
        play_one(players, seed, seats, found)
    return found


def play(players: int, layout: Layout, bot: str, games: int, seed: int = 1) -> Study:
    """``games`` self-play games of ``bot`` on ``layout``, spread over the cores."""
    seeds = list(range(seed, seed + games))
    parts = [seeds[k::2] for k in range(2)]
    total = Study(players, [bot])
    with ProcessPoolExecutor(2) as pool:
        for part in pool.map(_batch, [(players, layout, bot, p) for p in parts]):
            total.games += part.games
            total.unfinished += part.unfinished
            total.rounds += part.rounds
            total.reasons += part.reasons
            total.by_seat += part.by_seat
            total.by_position += part.by_position
            total.shrine_pairs += part.shrine_pairs
    return total


def summary(s: Study) -> str:
    done = s.games - s.unfinished
    shrine = s.reasons["shrines"]
    early = sum(r < 6 for r in s.rounds)
    seats = " ".join(f"{100 * s.by_seat[k] / done:.0f}" for k in range(s.players))
    pos = " ".join(f"{100 * s.by_position[k] / done:.0f}" for k in range(s.players))
    pairs = " ".join(str(n) for _, n in sorted(s.shrine_pairs.items()))
    rounds = sorted(s.rounds)
    return (
        f"{s.bots[0]} x{s.games}: shrine wins {100 * shrine / done:.0f}% (pairs {pairs or '-'}),"
        f" before round 6 {100 * early / done:.1f}%, median round {rounds[len(rounds) // 2]},"
        f" seats {seats}, positions {pos}, unfinished {s.unfinished}"
    )


def parse(text: str) -> Layout:
    raw = json.loads(text)
    tiles = tuple(((t[0], t[1]), t[2] if len(t) > 2 else 0) for t in raw["tiles"])
    return Layout(tiles, tuple((s[0], s[1]) for s in raw["shrines"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4))
    parser.add_argument("--layout", help="JSON: tiles [[q, r, rotation], ...], shrines [[q, r]]")
    parser.add_argument("--games", type=int, default=0)
    parser.add_argument("--bots", default="normal", help="comma-separated levels, each a run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--search", action="store_true", help="list shrine places for --layout's tiles"
    )
    args = parser.parse_args()
    counts = [args.players] if args.players else sorted(COMPONENTS.layouts)
    for n in counts:
        layout = parse(args.layout) if args.layout else COMPONENTS.layouts[n]
        if args.search:
            for low, high, found in shrine_sets(layout.tiles, len(layout.shrines)):
                print(f"  {low}-{high}: {json.dumps([list(s) for s in found.shrines])}")
            continue
        print(f"{n} players: {describe(layout)}")
        for bot in args.bots.split(",") if args.games else []:
            print("  " + summary(play(n, layout, bot, args.games, args.seed)), flush=True)


if __name__ == "__main__":
    main()
