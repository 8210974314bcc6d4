"""How each computer player runs the building race: figures per player, side by side.

python bench/race_figures.py --bots strong,yardstick --games 40 --seed 9000 [--jobs 2]
                                [--record FILE]

Plays 2-player games, seats alternating, every decision from the seat's view, and counts
for each player: cards spent per building placed, the share of its buildings placed free,
turns spent drawing, building and taking cards, amphorae earned and how they were spent,
buildings placed at the game's end, and in the races it lost by the other's 30 buildings
how many it had placed. Wins carry a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from attika.actions import Build, EndTurn, SpendAmphora
from attika.cli import contender
from attika.game import new_game
from attika.rng import Rng
from bench import race_records
from bench.race_tally import Tally


def play(bots: tuple[str, str], seed: int) -> dict[str, Tally]:
    """One game, ``bots[0]`` in seat 0; each player's counts from it."""
    game = new_game(2, seed)
    players = [contender(name) for name in bots]
    rng = Rng(seed ^ 0x1EA6)
    tallies = [Tally(games=1), Tally(games=1)]
    amphorae = [0, 0]
    while game.winner is None and game.turn_number <= 2000:
        seat = game.current
        tally = tallies[seat]
        tick = time.process_time()
        action = players[seat].choose(game.view(seat), rng)
        tally.seconds.append(time.process_time() - tick)
        if isinstance(action, Build):
            tally.builds += 1
            tally.cards += sum(action.payment)
            tally.free += sum(action.payment) == 0
        elif isinstance(action, EndTurn):
            mode = game.turn.mode
            if mode == "draw":
                tally.draw_turns += 1
            elif mode == "build":
                tally.build_turns += 1
            else:
                tally.card_turns += 1
        elif isinstance(action, SpendAmphora):
            if action.use == "action":
                tally.amphorae_for_actions += 1
            else:
                tally.amphorae_for_cards += 1
        before = [p.amphorae for p in game.players]
        game.apply(action)
        for s, p in enumerate(game.players):
            gained = p.amphorae - before[s]
            if gained > 0:
                tallies[s].amphorae_earned += gained
                amphorae[s] += gained
    for seat, tally in enumerate(tallies):
        tally.placed.append(game.players[seat].built)
        if game.winner == seat:
            tally.wins += 1
            tally.shrine_wins += game.win_reason == "shrines"
        elif game.winner is not None and game.win_reason != "shrines":
            tally.lost_race_placed.append(game.players[seat].built)
    return {bots[0]: tallies[0], bots[1]: tallies[1]}


def job(args: tuple[str, str, int]) -> dict[str, Tally]:
    a, b, seed = args
    return play((a, b), seed)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * ((p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5) / (1 + z * z / games)
    return centre - half, centre + half


def report(names: tuple[str, str], totals: dict[str, Tally], out: TextIO | None = None) -> None:
    out = out or sys.stdout

    def median(xs: list[int]) -> str:
        return f"{statistics.median(xs):.0f}" if xs else "-"

    rows = [
        ("wins", lambda t: f"{t.wins}/{t.games}"),
        (
            "win share (95% Wilson)",
            lambda t: "{:.1%} ({:.0%}-{:.0%})".format(t.wins / t.games, *wilson(t.wins, t.games)),
        ),
        ("wins by shrines", lambda t: f"{t.shrine_wins}"),
        ("buildings placed at the end, median", lambda t: median(t.placed)),
        (
            "placed in races lost by 30, median (range)",
            lambda t: (
                f"{median(t.lost_race_placed)} ({min(t.lost_race_placed)}-"
                f"{max(t.lost_race_placed)}), {len(t.lost_race_placed)} games"
                if t.lost_race_placed
                else "-"
            ),
        ),
        ("cards spent per building placed", lambda t: f"{t.cards / max(1, t.builds):.2f}"),
        ("buildings placed free", lambda t: f"{t.free / max(1, t.builds):.0%}"),
        (
            "turns drawing / building / taking cards, a game",
            lambda t: (
                f"{t.draw_turns / t.games:.1f} / {t.build_turns / t.games:.1f} / "
                f"{t.card_turns / t.games:.1f}"
            ),
        ),
        (
            "buildings placed a building turn + drawing turn",
            lambda t: f"{t.builds / max(1, t.draw_turns + t.build_turns):.2f}",
        ),
        (
            "amphorae earned / for actions / for cards, a game",
            lambda t: (
                f"{t.amphorae_earned / t.games:.1f} / {t.amphorae_for_actions / t.games:.1f} / "
                f"{t.amphorae_for_cards / t.games:.1f}"
            ),
        ),
        (
            "processor ms a decision, median / p95",
            lambda t: (
                f"{1000 * statistics.median(t.seconds):.1f} / "
                f"{1000 * sorted(t.seconds)[int(0.95 * (len(t.seconds) - 1))]:.1f}"
            ),
        ),
    ]
    print(f"| figure | {names[0]} | {names[1]} |", file=out)
    print("| --- | --- | --- |", file=out)
    for label, cell in rows:
        print(f"| {label} | {cell(totals[names[0]])} | {cell(totals[names[1]])} |", file=out)
    out.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="normal,yardstick", help="two players, a,b")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--progress", action="store_true", help="a line per game on stderr")
    parser.add_argument(
        "--record",
        type=Path,
        help="keep each game here as a line; games already in it are not played again",
    )
    args = parser.parse_args()
    a, b = args.bots.split(",")
    work = [((a, b) if k % 2 == 0 else (b, a)) + (args.seed + k,) for k in range(args.games)]
    start = time.perf_counter()
    try:
        kept = race_records.read(args.record) if args.record else {}
    except race_records.RecordError as error:
        parser.exit(2, f"{error}\n")
    results = [kept[w] for w in work if w in kept]
    todo = [w for w in work if w not in kept]
    if args.record and results:
        print(f"{len(results)} games already in {args.record}", file=sys.stderr)

    def done(w: tuple[str, str, int], result: dict[str, Tally]) -> None:
        results.append(result)
        if args.record:
            race_records.append(args.record, (w[0], w[1]), w[2], result)

    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for w, result in zip(todo, pool.map(job, todo), strict=True):
                done(w, result)
    else:
        for w in todo:
            done(w, job(w))
            if args.progress:
                # The figures so far, after every game: a long match can be stopped.
                print(f"after game {len(results)}/{len(work)}:", file=sys.stderr)
                report((a, b), totalled((a, b), results), sys.stderr)
    print(
        f"{args.games} games, {a} v {b}, seats alternating, seeds "
        f"{args.seed}..{args.seed + args.games - 1}, {time.perf_counter() - start:.0f} s wall"
    )
    report((a, b), totalled((a, b), results))


def totalled(names: tuple[str, str], results: list[dict[str, Tally]]) -> dict[str, Tally]:
    """Each player's counts over all the games."""
    totals = {name: Tally() for name in names}
    for result in results:
        for name, tally in result.items():
            totals[name].add(tally)
    return totals


if __name__ == "__main__":
    main()
