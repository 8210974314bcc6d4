"""Self-play statistics for judging the designed data: how games end, how long they last,
and whether a seat or a shrine pair is favoured.

``python -m attika balance --players 3 --games 300 --bots normal`` plays seeded games and
prints a Markdown report of them (:func:`report`); ``python -m attika balance --document``
prints all of ``docs/balance.md``, the layout goals checked against such studies
(balance_document.py).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .actions import Action, EndTurn
from .components import COMPONENTS
from .game import Game
from .hexes import Hex
from .limits import EDITION
from .rng import Rng

#: A seat's computer player: the game and a generator in, an action out (``attika.bots``).
Bot = Callable[[Game, Rng], Action]

#: A game still running after this many turns is counted as unfinished.
TURN_LIMIT = 2000


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate: honest for small counts and near 0 or 1."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Study:
    """What a series of self-play games showed."""

    players: int
    bots: list[str]
    #: The rules edition played, which picks the start layout (limits.EDITION).
    edition: int = EDITION
    games: int = 0
    unfinished: int = 0
    rounds: list[int] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)
    by_seat: Counter[int] = field(default_factory=Counter)
    by_position: Counter[int] = field(default_factory=Counter)
    buildings: int = 0
    cards_paid: int = 0
    free_builds: int = 0
    turns: int = 0
    card_turns: int = 0
    shrine_pairs: Counter[tuple[Hex, Hex]] = field(default_factory=Counter)

    @property
    def on_todays_layout(self) -> bool:
        """Played on today's start layout, not on one an older rules edition began on."""
        return COMPONENTS.layout(self.players, self.edition) == COMPONENTS.layouts[self.players]

    def add(
        self, game: Game, builds: int, paid: int, free: int, turns: int, card_turns: int
    ) -> None:
        self.games += 1
        self.buildings += builds
        self.cards_paid += paid
        self.free_builds += free
        self.turns += turns
        self.card_turns += card_turns
        if game.winner is None:
            self.unfinished += 1
            return
        self.rounds.append((game.turn_number - 1) // self.players + 1)
        self.reasons[game.win_reason or "?"] += 1
        self.by_seat[game.winner] += 1
        self.by_position[(game.winner - game.start_player) % self.players] += 1
        if game.win_reason == "shrines":
            touched = sorted(game.board.shrines_touching(game.winning_hexes))
            self.shrine_pairs[(touched[0], touched[1])] += 1

    def merge(self, other: Study) -> None:
        """Add another study of the same players and bots (a share of the games, played
        in another process)."""
        self.games += other.games
        self.unfinished += other.unfinished
        self.rounds += other.rounds
        self.reasons += other.reasons
        self.by_seat += other.by_seat
        self.by_position += other.by_position
        self.buildings += other.buildings
        self.cards_paid += other.cards_paid
        self.free_builds += other.free_builds
        self.turns += other.turns
        self.card_turns += other.card_turns
        self.shrine_pairs += other.shrine_pairs


def play_one(
    players: int, seed: int, seats: Sequence[Bot], study: Study, edition: int = EDITION
) -> None:
    """One seeded game, its figures added to ``study``."""
    game = Game.new(players, seed, edition=edition)
    rng = Rng(seed ^ 0xBA1A)
    builds = paid = free = turns = card_turns = 0
    while game.winner is None and game.turn_number <= TURN_LIMIT:
        action = seats[game.current](game, rng)
        if isinstance(action, EndTurn):
            turns += 1
            card_turns += game.turn.mode is None
        for event in game.apply(action):
            if event["event"] == "build":
                builds += 1
                free += bool(event["free"])
                paid += 0 if event["paid"] == "-" else len(event["paid"])
    study.add(game, builds, paid, free, turns, card_turns)


def study(
    players: int, games: int, bots: Sequence[str], seed: int = 1, edition: int = EDITION
) -> Study:
    """``games`` games; seat k is played by ``bots[k % len(bots)]``."""
    return _games(players, list(range(seed, seed + games)), list(bots), edition)


def _games(players: int, seeds: list[int], bots: list[str], edition: int) -> Study:
    from .bots import BOTS

    seats = [BOTS[bots[k % len(bots)]] for k in range(players)]
    found = Study(players, bots, edition)
    for seed in seeds:
        play_one(players, seed, seats, found, edition)
    return found


def _share(job: tuple[int, list[int], list[str], int]) -> Study:
    return _games(*job)


def study_on(
    players: int,
    games: int,
    bots: Sequence[str],
    seed: int = 1,
    edition: int = EDITION,
    jobs: int = 1,
) -> Study:
    """The same games as :func:`study`, shared among ``jobs`` processes (the figures do not
    depend on how many)."""
    seeds = list(range(seed, seed + games))
    if jobs <= 1:
        return _games(players, seeds, list(bots), edition)
    from concurrent.futures import ProcessPoolExecutor

    total = Study(players, list(bots), edition)
    shares = [(players, seeds[k::jobs], list(bots), edition) for k in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(_share, shares):
            total.merge(part)
    return total


def _pct(n: int, of: int) -> str:
    return f"{100 * n / of:.0f}%" if of else "-"


def _interval(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{_pct(wins, games)} ({100 * low:.0f}-{100 * high:.0f}%)"


def report(s: Study) -> str:
    """The study as Markdown: one section per player count."""
    done = s.games - s.unfinished
    board = "" if s.on_todays_layout else f", retired layout of rules edition {s.edition}"
    lines = [
        f"### {s.players} players, {s.games} games, bots {','.join(s.bots)} "
        f"(components data version {COMPONENTS.version}{board})",
        "",
    ]
    if s.rounds:
        ordered = sorted(s.rounds)
        p5 = ordered[max(0, math.ceil(0.05 * len(ordered)) - 1)]
        lines.append(
            f"- rounds per game: median {statistics.median(ordered):.0f}, min {ordered[0]}, "
            f"5th percentile {p5}, max {ordered[-1]}"
        )
    reasons = ", ".join(f"{r} {_pct(n, done)}" for r, n in sorted(s.reasons.items()))
    lines.append(f"- win reasons: {reasons or 'none'}; unfinished: {s.unfinished}")
    fair = 100 / s.players
    lines.append(f"- wins by seat (fair share {fair:.0f}%), with 95% intervals:")
    for seat in range(s.players):
        lines.append(f"  - seat {seat}: {_interval(s.by_seat[seat], done)}")
    lines.append("- wins by turn position (0 = start player):")
    for pos in range(s.players):
        lines.append(f"  - position {pos}: {_interval(s.by_position[pos], done)}")
    per_build = s.cards_paid / s.buildings if s.buildings else 0.0
    lines.append(
        f"- cards paid per building {per_build:.2f}; free builds {_pct(s.free_builds, s.buildings)}"
        f" of {s.buildings} buildings; turns spent only taking cards "
        f"{_pct(s.card_turns, s.turns)} of {s.turns} turns"
    )
    shrines = sorted(COMPONENTS.layout(s.players, s.edition).shrines)
    pairs = [(a, b) for i, a in enumerate(shrines) for b in shrines[i + 1 :]]
    wins = s.reasons["shrines"]
    lines.append("- shrine wins by pair of shrines:")
    for a, b in pairs:
        n = s.shrine_pairs[(a, b)]
        lines.append(f"  - {a[0]},{a[1]} and {b[0]},{b[1]}: {n} ({_pct(n, wins)} of shrine wins)")
    return "\n".join(lines) + "\n"
