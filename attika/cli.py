"""Command line: simulate whole games with bots, or replay a saved game.

python -m attika simulate --players 4 --games 200 --seed 1 --bot greedy
python -m attika replay FILE
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from .bots import BOTS
from .components import BUILDINGS
from .game import Game, new_game, replay
from .rng import Rng
from .save import SaveError

#: A game still running after this many turns is counted as unfinished.
TURN_LIMIT = 2000


def play(players: int, seed: int, bots: Sequence[str]) -> Game:
    """One whole game, each seat played by the named bot, reproducible from ``seed``."""
    game = new_game(players, seed)
    rng = Rng(seed ^ 0x5EED)
    seats = [BOTS[bots[i % len(bots)]] for i in range(players)]
    while game.winner is None and game.turn_number <= TURN_LIMIT:
        game.apply(seats[game.current](game, rng))
    return game


def simulate(args: argparse.Namespace) -> int:
    bots = args.bot.split(",")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        print(f"unknown bot {unknown[0]!r}; choose from {', '.join(BOTS)}", file=sys.stderr)
        return 2
    turns = []
    reasons: Counter[str] = Counter()
    wins: Counter[int] = Counter()
    for k in range(args.games):
        game = play(args.players, args.seed + k, bots)
        if game.winner is None:
            reasons["unfinished"] += 1
            continue
        turns.append(game.turn_number)
        reasons[game.win_reason or "?"] += 1
        wins[game.winner] += 1
    finished = sum(wins.values())
    print(f"{args.games} games, {args.players} players, bots {args.bot}, seeds {args.seed}..")
    if turns:
        rounds = [t / args.players for t in turns]
        print(
            f"turns per game: mean {statistics.mean(turns):.1f}, median "
            f"{statistics.median(turns):.0f}, min {min(turns)}, max {max(turns)} "
            f"(rounds: mean {statistics.mean(rounds):.1f})"
        )
    print("win reasons: " + ", ".join(f"{r} {n}" for r, n in sorted(reasons.items())))
    for seat in range(args.players):
        rate = wins[seat] / finished if finished else 0.0
        print(f"seat {seat} ({bots[seat % len(bots)]}): {wins[seat]} wins, {rate:.1%}")
    return 0


def show_replay(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
        game = Game.from_json(text) if '"state"' in text else replay(text)[0]
    except OSError as exc:
        print(f"cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    except SaveError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    names = [p.name for p in game.players]
    print(f"{len(names)} players: {', '.join(names)}; seed {game.seed}")
    for number, action in enumerate(game.actions, start=1):
        print(f"{number:4d}. {action}")
    if game.winner is not None:
        reason = (
            "all 30 buildings placed"
            if game.win_reason == "all-buildings"
            else ("two shrines connected")
        )
        print(f"{names[game.winner]} won: {reason}")
    else:
        print(f"turn {game.turn_number}: {names[game.current]} to play")
    for seat, p in enumerate(game.players):
        stored = ", ".join(f"{BUILDINGS[k].names['en']} x{n}" for k, n in p.stored.items())
        print(
            f"  {names[seat]}: {p.built} built, {sum(p.hand)} cards, {p.amphorae} amphorae; "
            f"stored: {stored or 'none'}"
        )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m attika", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play whole games with bots and print statistics")
    sim.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--bot", default="greedy", help="bot for every seat, or one per seat: greedy,random"
    )
    rep = sub.add_parser("replay", help="replay a saved game or game record and list its actions")
    rep.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return simulate(args)
    return show_replay(args)
