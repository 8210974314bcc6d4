"""Command line: simulate whole games with bots, pit computer players against each other,
or replay a saved game.

python -m attika simulate --players 4 --games 200 --seed 1 --bot greedy
python -m attika tournament --players 2 --games 200 --bots strong,normal --budget 24
python -m attika tournament --league --games 20
python -m attika balance --players 3 --games 300 --bots normal
python -m attika replay FILE
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .balance import report, study_on, wilson
from .balance_document import document
from .bots import BOTS
from .components import BUILDINGS
from .game import Game, new_game, replay
from .players import LEVELS, ComputerPlayer, StrongPlayer, make_player
from .players.league import ratings, round_robin
from .players.sparring import PARTNERS
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


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) by the nearest-rank method; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


@dataclass
class Record:
    """One bot name's results over a tournament (a name seated twice counts as a team)."""

    seats: int = 0
    wins: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)


def lineup(names: Sequence[str], players: int, game_index: int) -> list[str]:
    """Who sits where in game ``game_index``: the list, padded with its last name, turned
    one seat per game so every bot plays from every seat equally often."""
    full = list(names) + [names[-1]] * (players - len(names))
    shift = game_index % players
    return full[shift:] + full[:shift]


def contender(name: str, budget: int | None = None) -> ComputerPlayer:
    """A level or a sparring partner by name (``greedy`` is easy; ``budget`` goes to strong)."""
    if name in PARTNERS:
        return PARTNERS[name]()
    level = "easy" if name == "greedy" else name
    return make_player(level, **({"budget": budget} if level == "strong" and budget else {}))


#: Who plays in ``tournament --league`` unless ``--bots`` names others: every level but
#: random, and every sparring partner.
LEAGUE = ("easy", "normal", "strong", *PARTNERS)


def league(args: argparse.Namespace, names: list[str]) -> int:
    """A 2-player round robin of ``names`` and their Bradley-Terry ratings with intervals."""
    if len(names) < 2:
        print("a league needs at least two players", file=sys.stderr)
        return 2
    started, cpu = time.perf_counter(), time.process_time()

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    result = round_robin(
        names,
        lambda name: contender(name, args.budget),
        args.games,
        args.seed,
        say if args.progress else None,
    )
    pairs = len(result.pairings)
    last = args.seed + pairs * args.games - 1
    budget = f", strong budget {args.budget} playouts" if args.budget else ""
    print(
        f"league: {len(names)} players, 2-player round robin, {args.games} games a pairing "
        f"(first seat alternating), seeds {args.seed}..{last}{budget}"
    )
    print(
        f"{'player':<9} {'rating':>6}  {'95% interval':<13} {'games':>5} {'score':>6}"
        f"  {'cpu ms/decision median':>22} {'p95':>8}"
    )
    for r in ratings(result):
        times = result.seconds[r.name]
        print(
            f"{r.name:<9} {r.elo:>6.0f}  {r.low:>5.0f}..{r.high:<6.0f} {r.games:>5} "
            f"{r.score / r.games if r.games else 0.0:>6.1%}  "
            f"{1000 * percentile(times, 0.5):>22.2f} {1000 * percentile(times, 0.95):>8.2f}"
        )
    print("ratings: Bradley-Terry on the Elo scale, mean 0, one virtual draw per pairing")
    print(f"{'pairing':<22} {'games':>5} {'first wins':>10}  {'95% interval':<13} shrine wins")
    for p in result.pairings:
        low, high = wilson(round(p.score), p.games)
        print(
            f"{p.first + ' v ' + p.second:<22} {p.games:>5} {p.score:>10g}  "
            f"{low:>5.1%}-{high:<6.1%} {p.shrines}"
        )
    print(f"took {time.perf_counter() - started:.1f} s wall, {time.process_time() - cpu:.1f} s cpu")
    return 0


def tournament(args: argparse.Namespace) -> int:
    if args.league and args.bots is None:
        names = list(LEAGUE)
    else:
        names = [n.strip() for n in (args.bots or "normal,easy").split(",")]
    known = [*LEVELS, "greedy", *PARTNERS]
    unknown = [n for n in names if n not in known]
    if unknown:
        print(f"unknown bot {unknown[0]!r}; choose from {', '.join(known)}", file=sys.stderr)
        return 2
    if args.budget is not None and args.budget < 1:
        print("the budget is at least one playout", file=sys.stderr)
        return 2
    if args.league:
        return league(args, names)
    if len(names) > args.players:
        print(f"{len(names)} bots for {args.players} seats", file=sys.stderr)
        return 2
    started, cpu = time.perf_counter(), time.process_time()
    records, rounds, unfinished = played(
        names, args.players, args.seed, args.games, args.budget, args.jobs, args.progress
    )
    budget = ""
    if "strong" in names:
        budget = f", strong budget {StrongPlayer(args.budget).playouts(args.players)} playouts"
    seated = ",".join(lineup(names, args.players, 0))
    print(
        f"{args.games} games, {args.players} players, bots {seated}"
        f" (seats rotate), seeds {args.seed}..{args.seed + args.games - 1}{budget}"
    )
    if rounds:
        print(
            f"rounds per game: mean {statistics.mean(rounds):.1f}, median "
            f"{statistics.median(rounds):.1f}, min {min(rounds):.1f}, max {max(rounds):.1f}; "
            f"unfinished {unfinished}"
        )
    print(
        f"{'bot':<8} {'seats':>5} {'wins':>5} {'win rate':>8}  {'95% interval':<13} "
        f"{'fair':>5}  {'cpu ms/decision median':>22} {'p95':>7}  win reasons"
    )
    for name in names:
        r = records[name]
        share = r.seats / (args.games * args.players) if args.games else 0.0
        rate = r.wins / args.games if args.games else 0.0
        low, high = wilson(r.wins, args.games)
        reasons = ", ".join(f"{why} {n}" for why, n in sorted(r.reasons.items())) or "-"
        print(
            f"{name:<8} {r.seats:>5} {r.wins:>5} {rate:>8.1%}  {low:>5.1%}-{high:<6.1%} "
            f"{share:>6.1%}  {1000 * percentile(r.seconds, 0.5):>22.2f} "
            f"{1000 * percentile(r.seconds, 0.95):>7.2f}  {reasons}"
        )
    # the workers' processor time is in their records (every decision is timed)
    spent = sum(sum(r.seconds) for r in records.values()) if args.jobs > 1 else 0.0
    print(
        f"took {time.perf_counter() - started:.1f} s wall, "
        f"{time.process_time() - cpu + spent:.1f} s cpu"
    )
    return 0


Played = tuple[dict[str, Record], list[float], int]


def _games(
    names: list[str],
    players: int,
    seed: int,
    indices: Sequence[int],
    budget: int | None,
    progress: bool,
    total: int,
) -> Played:
    """The tournament's games numbered ``indices`` (seeds ``seed + k``), every seat through
    its own view; each game depends on its number alone, so any share of them gives the same
    games."""
    contenders = {name: contender(name, budget) for name in names}
    records = {name: Record() for name in names}
    rounds: list[float] = []
    unfinished = 0
    for k in indices:
        seats = lineup(names, players, k)
        game = new_game(players, seed + k)
        rng = Rng((seed + k) ^ 0x70F1)
        while game.winner is None and game.turn_number <= TURN_LIMIT:
            name = seats[game.current]
            view = game.view(game.current)
            # Processor time, not wall time: the figure stays honest on a shared machine.
            tick = time.process_time()
            action = contenders[name].choose(view, rng)
            records[name].seconds.append(time.process_time() - tick)
            game.apply(action)
        for name in seats:
            records[name].seats += 1
        if game.winner is None:
            unfinished += 1
        else:
            winner = records[seats[game.winner]]
            winner.wins += 1
            winner.reasons[game.win_reason or "?"] += 1
            rounds.append(game.turn_number / players)
        if progress:
            who = "nobody" if game.winner is None else seats[game.winner]
            print(f"game {k + 1}/{total}: {who} won", file=sys.stderr, flush=True)
    return records, rounds, unfinished


def _share(job: tuple[list[str], int, int, list[int], int | None, bool, int]) -> Played:
    return _games(*job)


def played(
    names: list[str],
    players: int,
    seed: int,
    games: int,
    budget: int | None,
    jobs: int,
    progress: bool,
) -> Played:
    """The games of a tournament, shared among ``jobs`` processes (the figures do not depend
    on how many: each game is played from its own seed)."""
    if jobs <= 1:
        return _games(names, players, seed, range(games), budget, progress, games)
    from concurrent.futures import ProcessPoolExecutor

    shares = [
        (names, players, seed, list(range(k, games, jobs)), budget, progress, games)
        for k in range(jobs)
    ]
    records = {name: Record() for name in names}
    rounds: list[float] = []
    unfinished = 0
    with ProcessPoolExecutor(jobs) as pool:
        for part, part_rounds, part_unfinished in pool.map(_share, shares):
            for name, r in part.items():
                mine = records[name]
                mine.seats += r.seats
                mine.wins += r.wins
                mine.reasons.update(r.reasons)
                mine.seconds += r.seconds
            rounds += part_rounds
            unfinished += part_unfinished
    return records, rounds, unfinished


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
    tour = sub.add_parser(
        "tournament", help="computer players against each other: win rates with 95% intervals"
    )
    tour.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    tour.add_argument("--games", type=int, default=100)
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument(
        "--bots",
        help="one level per seat, the last repeated for the rest (default normal,easy): "
        f"strong,normal ({', '.join(LEVELS)}; sparring partners {', '.join(PARTNERS)}); "
        "with --league, who plays (default: " + ",".join(LEAGUE) + ")",
    )
    tour.add_argument(
        "--league",
        action="store_true",
        help="a 2-player round robin of the bots, --games a pairing, rated (Bradley-Terry)",
    )
    tour.add_argument("--budget", type=int, help="playouts per strong decision")
    tour.add_argument("--progress", action="store_true", help="a line per game on stderr")
    tour.add_argument(
        "--jobs", type=int, default=1, help="processes to share the games (not the league)"
    )
    bal = sub.add_parser(
        "balance", help="self-play figures for judging the designed data, as Markdown"
    )
    bal.add_argument("--players", type=int, choices=(2, 3, 4), default=3)
    bal.add_argument("--games", type=int, default=100)
    bal.add_argument("--seed", type=int, default=1)
    bal.add_argument("--bots", default="normal", help=f"one level per seat ({', '.join(BOTS)})")
    bal.add_argument(
        "--document",
        action="store_true",
        help="all of docs/balance.md: every player count, normal and easy, both layouts",
    )
    bal.add_argument(
        "--easy-games",
        type=int,
        default=1000,
        help="with --document: easy self-play games per line (cheap; the early-ending goal "
        "is a 1%% tail, which 300 games cannot tell from 2%%)",
    )
    bal.add_argument("--jobs", type=int, default=2, help="processes to share the games")
    rep = sub.add_parser("replay", help="replay a saved game or game record and list its actions")
    rep.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return simulate(args)
    if args.command == "tournament":
        return tournament(args)
    if args.command == "balance":
        return balance(args)
    return show_replay(args)


def balance(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.bots.split(",")]
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        print(f"unknown bot {unknown[0]!r}; choose from {', '.join(BOTS)}", file=sys.stderr)
        return 2
    if args.document:
        print(document(args.games, args.seed, args.jobs, args.easy_games), end="")
        return 0
    print(report(study_on(args.players, args.games, bots, args.seed, jobs=args.jobs)), end="")
    return 0
