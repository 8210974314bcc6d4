"""Does strong ever lose a shrine race it could have stopped? The tournament's games, audited.

    python bench/races.py [--players 2] [--games 40] [--bots strong,normal] [--seed 5000]
                          [--jobs 2]

Plays exactly the games ``python -m attika tournament`` plays with the same arguments
(seats, seeds and generators follow the game's number), and at the start of every turn of
the first bot's seat asks whether the next player's shrine chain threatens to close on its
coming turn and whether that seat's sure actions could stop it (``attika/players/races.py``).
Prints, per game and in all: threats met, stoppable ones, those cut, those where the seat
won instead, those missed, and every shrine loss of the first bot with whether a missed
threat came before it. A missed stoppable threat is the failure this looks for.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from attika.cli import TURN_LIMIT, contender, lineup
from attika.game import new_game
from attika.players.races import Audit, Watch
from attika.rng import Rng

Job = tuple[list[str], int, int, list[int]]
Result = tuple[Audit, list[str], int]


def audited(job: Job) -> Result:
    """The games numbered in the job, the first bot's seat watched in each."""
    names, players, seed, indices = job
    contenders = {name: contender(name) for name in names}
    audit = Audit()
    losses: list[str] = []
    played = 0
    for k in indices:
        seats = lineup(names, players, k)
        hero = seats.index(names[0])
        game = new_game(players, seed + k)
        rng = Rng((seed + k) ^ 0x70F1)
        watch = Watch(hero)
        watching: int | None = None
        while game.winner is None and game.turn_number <= TURN_LIMIT:
            if game.current == hero and watching is None:
                watching = game.turn_number
                watch.before(game, f"seed {seed + k} turn {watching}")
            action = contenders[seats[game.current]].choose(game.view(game.current), rng)
            game.apply(action)
            if watching is not None and (game.turn_number != watching or game.winner is not None):
                watch.after(game)
                watching = None
        watch.over(game)
        missed_here = len(watch.audit.missed)
        if game.winner not in (None, hero) and game.win_reason == "shrines":
            why = f", after {missed_here} missed" if missed_here else ", no stoppable threat missed"
            losses.append(f"seed {seed + k}: {seats[game.winner]} won by shrines{why}")
        audit.add(watch.audit)
        played += 1
        print(
            f"seed {seed + k}: threats {watch.audit.threats}, stoppable "
            f"{watch.audit.stoppable}, cut {watch.audit.cut}, missed {missed_here}",
            file=sys.stderr,
            flush=True,
        )
    return audit, losses, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--bots", default="strong,normal")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    names = [n.strip() for n in args.bots.split(",")]
    started = time.perf_counter()
    jobs = [
        (names, args.players, args.seed, list(range(j, args.games, args.jobs)))
        for j in range(args.jobs)
    ]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(audited, jobs))
    else:
        results = [audited(jobs[0])]
    total, losses, games = Audit(), [], 0
    for audit, lost, played in results:
        total.add(audit)
        losses += lost
        games += played
    print(
        f"{games} games, {args.players} players, bots {','.join(names)}, seeds "
        f"{args.seed}..{args.seed + args.games - 1}; {names[0]}'s turns audited"
    )
    print(
        f"threats {total.threats}, stoppable {total.stoppable}, cut {total.cut}, "
        f"won instead {total.won_instead}, missed {len(total.missed)}; races lost that "
        f"could have been stopped: {len(total.lost)}"
    )
    for where in total.lost:
        print(f"  LOST: {where}")
    for where in total.missed:
        print(f"  missed: {where}")
    print(f"{names[0]}'s shrine losses: {len(losses)}")
    for line in sorted(losses):
        print(f"  {line}")
    # wall time only: with --jobs the games' processor time is spent in the workers
    print(f"took {time.perf_counter() - started:.1f} s wall")


if __name__ == "__main__":
    main()
