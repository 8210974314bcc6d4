"""A league of computer players: a 2-player round robin and Bradley-Terry ratings.

One opponent can flatter a player (a blocker beats racers, a racer beats slow economists),
so strength is rated over a round robin of every pair, seats alternating, every game played
through each seat's view. The ratings are Bradley-Terry strengths on the Elo scale (400
points = 10 to 1 odds), centred on the league's mean, with 95% intervals from the
likelihood's curvature. Each pairing also counts one virtual drawn game, so a player who
wins every game gets a large but finite rating instead of an infinite one; an unfinished
game counts half to each side.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from ..game import new_game
from ..rng import Rng
from .base import ComputerPlayer

#: A game still running after this many turns is unfinished (half a win each).
TURN_LIMIT = 2000


@dataclass
class Pairing:
    """The games of one pair: ``score`` is the first player's wins (halves for unfinished)."""

    first: str
    second: str
    games: int = 0
    score: float = 0.0
    shrines: int = 0


@dataclass
class League:
    """A round robin's results, and each player's processor time per decision."""

    names: list[str]
    pairings: list[Pairing]
    seconds: dict[str, list[float]] = field(default_factory=dict)


def round_robin(
    names: Sequence[str],
    make: Callable[[str], ComputerPlayer],
    games: int,
    seed: int,
    progress: Callable[[str], None] | None = None,
) -> League:
    """``games`` 2-player games for every pair, the first seat alternating; pairing ``i``
    uses seeds ``seed + i * games`` onwards, so a pairing's games do not depend on the others."""
    players = {name: make(name) for name in names}
    league = League(list(names), [], {name: [] for name in names})
    for index, (a, b) in enumerate(combinations(names, 2)):
        pairing = Pairing(a, b)
        for k in range(games):
            number = seed + index * games + k
            seats = [a, b] if k % 2 == 0 else [b, a]
            game = new_game(2, number)
            rng = Rng(number ^ 0x1EA6)
            while game.winner is None and game.turn_number <= TURN_LIMIT:
                name = seats[game.current]
                tick = time.process_time()
                action = players[name].choose(game.view(game.current), rng)
                league.seconds[name].append(time.process_time() - tick)
                game.apply(action)
            pairing.games += 1
            if game.winner is None:
                pairing.score += 0.5
            else:
                pairing.score += seats[game.winner] == a
                pairing.shrines += game.win_reason == "shrines"
            if progress is not None:
                who = "nobody" if game.winner is None else seats[game.winner]
                progress(f"{a} v {b}, game {k + 1}/{games}: {who} won")
        league.pairings.append(pairing)
    return league


@dataclass
class Rating:
    """A player's Elo-scale rating with its 95% interval, and its league score."""

    name: str
    elo: float
    low: float
    high: float
    games: int
    score: float


def ratings(league: League, iterations: int = 2000) -> list[Rating]:
    """Bradley-Terry strengths fitted by the MM algorithm, best first."""
    names = league.names
    n = len(names)
    at = {name: i for i, name in enumerate(names)}
    wins = [[0.0] * n for _ in range(n)]
    played = [[0.0] * n for _ in range(n)]
    for p in league.pairings:
        i, j = at[p.first], at[p.second]
        # One virtual draw per pairing keeps a clean sweep finite.
        wins[i][j] += p.score + 0.5
        wins[j][i] += p.games - p.score + 0.5
        played[i][j] = played[j][i] = p.games + 1.0
    strength = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            won = sum(wins[i])
            denominator = sum(
                played[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i
            )
            new.append(won / denominator if denominator else strength[i])
        mean = math.exp(sum(math.log(s) for s in new) / n)
        strength = [s / mean for s in new]
    theta = [math.log(s) for s in strength]
    spread = _spread(theta, played)
    scale = 400 / math.log(10)
    found = []
    for i, name in enumerate(names):
        half = 1.96 * math.sqrt(max(0.0, spread[i])) * scale
        elo = theta[i] * scale
        total = sum(p.games for p in league.pairings if name in (p.first, p.second))
        score = sum(
            p.score if p.first == name else p.games - p.score
            for p in league.pairings
            if name in (p.first, p.second)
        )
        found.append(Rating(name, elo, elo - half, elo + half, total, score))
    return sorted(found, key=lambda r: -r.elo)


def _spread(theta: list[float], played: list[list[float]]) -> list[float]:
    """Variance of each centred log-strength: the inverse of the information matrix with
    the last player held fixed, then re-centred on the mean."""
    n = len(theta)
    if n < 2:
        return [0.0] * n
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and played[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                w = played[i][j] * p * (1 - p)
                info[i][j] -= w
                info[i][i] += w
    m = n - 1
    reduced = [row[:m] for row in info[:m]]
    inverse = _invert(reduced)
    cov = [[0.0] * n for _ in range(n)]
    for i in range(m):
        for j in range(m):
            cov[i][j] = inverse[i][j]
    row_mean = [sum(cov[i]) / n for i in range(n)]
    all_mean = sum(row_mean) / n
    # Var(theta_i - mean) = C_ii - 2 mean_j C_ij + mean_jk C_jk
    return [cov[i][i] - 2 * row_mean[i] + all_mean for i in range(n)]


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small positive definite matrix."""
    n = len(matrix)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        lead = a[c][c]
        if abs(lead) < 1e-12:
            raise ValueError("the league's results do not connect every player")
        a[c] = [x / lead for x in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    return [row[n:] for row in a]
