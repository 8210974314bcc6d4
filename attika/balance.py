"""Self-play statistics for judging the designed data: how games end, how long they last,
and whether a seat or a shrine pair is favoured.

``python -m attika balance --players 3 --games 300 --bots normal`` plays seeded games and
prints a Markdown report; ``python -m attika balance --document`` prints all of
``docs/balance.md``: every player count, normal and easy self-play, today's layouts against
the retired ones, and the layout goals checked.
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
    board = "" if _today(s) else f", retired layout of rules edition {s.edition}"
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


#: What the designed layouts aim at (docs/balance.md checks each): the shrine win a real threat
#: in normal self-play but not the usual ending, no early endings even among easy players, and
#: no seat or turn position favoured by more than 8 points over its fair share.
SHRINE_WINS = (10, 40)
EARLY_ROUND = 6
EARLY_SHARE = 1.0
FAVOUR = 8.0


def early(s: Study) -> float:
    """Per cent of finished games over before round 6."""
    return 100 * sum(r < EARLY_ROUND for r in s.rounds) / max(1, len(s.rounds))


def favour(s: Study) -> float:
    """How many points the most favoured seat or turn position wins above its fair share."""
    done = max(1, s.games - s.unfinished)
    most = max([*s.by_seat.values(), *s.by_position.values(), 0])
    return 100 * most / done - 100 / s.players


def goals_row(normal: Study, easy: Study) -> str:
    """One table row: the layout's shape and each goal's figure, marked when missed."""
    from .layouts import neighbour_pairs, pair_chains, touching

    layout = COMPONENTS.layout(normal.players, normal.edition)
    chains = pair_chains(layout)
    rim = neighbour_pairs(layout)
    sides = "/".join(str(chains[p]) for p in sorted(rim, key=lambda p: chains[p] or 0))
    others = "/".join(str(n) for n in sorted(n or 0 for p, n in chains.items() if p not in rim))
    shape = sides + (f" (diagonals {others})" if others else "")
    touches = "/".join(str(n) for n in sorted(touching(layout).values()))
    done = max(1, normal.games - normal.unfinished)
    shrine = 100 * normal.reasons["shrines"] / done
    used = sum(normal.shrine_pairs[p] > 0 for p in rim)

    def mark(value: str, ok: bool) -> str:
        return value if ok else f"**{value}** (missed)"

    board = "today" if _today(normal) else f"retired (edition {normal.edition})"
    return (
        f"| {normal.players} | {board} | {shape} | {touches} "
        f"| {mark(f'{shrine:.0f}%', SHRINE_WINS[0] <= shrine <= SHRINE_WINS[1])} "
        f"| {mark(f'{used} of {len(rim)}', used == len(rim))} "
        f"| {mark(f'{early(normal):.1f}%', early(normal) <= EARLY_SHARE)} "
        f"| {mark(f'{early(easy):.1f}%', early(easy) <= EARLY_SHARE)} "
        f"| {mark(f'{favour(normal):+.0f}', favour(normal) <= FAVOUR)} "
        f"| {mark(f'{favour(easy):+.0f}', favour(easy) <= FAVOUR)} |"
    )


HEAD = (
    "| players | layouts | chain lengths | start hexes touched | normal: shrine wins "
    f"| pairs used | normal: over before round {EARLY_ROUND} "
    f"| easy: over before round {EARLY_ROUND} "
    "| normal: most favoured seat or position, points above fair | easy: the same |\n"
    + "| --- " * 10
    + "|"
)


#: What the figures of the goals table rest on: how the shrine goal was reached, and what was
#: tried that did not reach it. Measured once, by hand and by throwaway scripts, not by
#: :func:`document`, which writes it as it is.
FINDINGS = """\
## How the shrine goal was reached

The normal player's own games ended by a shrine chain in 3-8% of games on every layout first
measured, under the 10% the goal asks. Two changes brought it within the goal: the normal
player builds its own chain wide, and the 2- and 3-player boards of data version 4. Each
figure below is from normal self-play or from matches with seats rotating, 200 games unless
said; "the narrow player" is the normal player as it was before it built wide.

**Layouts alone do not move it.** The narrow player's shrine wins, 100-300 games a figure:

| layout | shrine wins |
| --- | --- |
| 2 players, chains of 4, 5, 6 and 7 (40 games each) | 5%, 2%, 5%, 2% |
| 2 players, the board retired by data version 4 (chain 8) | 3-4% |
| 3 players, the board retired by data version 4 (7/7/8) | 3-4% |
| 4 players, the board of data version 2 (7/7/7/7) | 3-4% |
| 4 players, the current board (7/7/8/8, diagonals 9/10) | 8% (9% in a screening run) |
| 4 players, a candidate not kept (7/7/8/8, diagonals 8/12) | 3% |

Chains do get short: in 10 of 60 two-player games a player stood two buildings or fewer from
a shrine win at the start of a turn, and only a few of those games ended that way. The
normal player blocks every rival chain of 8 buildings or fewer, and a blocking building costs
it nothing another building would not (each counts towards the 30), so it blocks whenever it
builds and chains are cut long before they close.

**Playing the shrines harder makes a weaker player.** Variants of the narrow player (the code
is in commit 353d940, taken back in a511183): `WATCH`, the chain length from which it blocks
rivals (8 in the narrow player); its own chain's progress counted twice; draws valued by the
building they may bring for the most pressing hex of a chain two buildings or fewer from
closing, its own only or a rival's too (drawing to block). Self-play shrine wins for 2, 3 and
4 players, and matches against easy players (who race for the shrines and never block) and
against the narrow player, 2-player games but for "one vs three easy"; every 4-player figure
is on the board of data version 2:

| variant | self-play shrine wins, 2/3/4 players | vs easy | one vs three easy | vs the narrow one |
| --- | --- | --- | --- | --- |
| the narrow player | 3/4/4% | 95.0% | 57.5% | 49% (itself) |
| watch 4, own chain x2, draws for own and rival chains | 14/17/27% | 85.0% | 35.5% | 53.3% of 300 |
| watch 8, own chain x2, draws for own and rival chains | 6/12/-% | 89.5% | 41.5% | 46.5% |
| watch 4, own chain x2, draws for own chain only | 6/-/7% | - | 53.5% | - |
| watch 8, draws for own and rival chains | 4/-/-% | - | 42.5% | - |
| watch 8, draws for own chain only | - | - | 53.5% | - |
| watch 8, own chain x2 | 5/-/-% (100 games) | - | 53.5% | 48% of 100 |

(A dash: not measured.) Every variant that raises the shrine share does it by defending
worse: it draws in the hope of a blocking building instead of keeping cards and stored
buildings for a sure block, which lets easy racers through and lets normal players' chains
close against each other. Such a player beats the narrow one in self-play by a little and
loses to beginners' play. Two more ideas change nothing worth keeping: reading a rival's pace
(blocking from further off when a rival has built little but its chain, or has buildings
waiting) wins back none of the games against easy players; building first on the hexes where
a single block would cut one's own chain, worth once or twice what that block would cost,
gives 2-3% shrine wins in 2-player and 4% in 4-player self-play, 51-52% of 200 games against
the narrow player and 54.5-58% for one against three easy players on the version-2 board.

**Building wide works.** A rival blocks one hex at a time, so a chain whose shortest ways to
close run through several empty hexes survives a block that would lengthen a narrow one. The
normal player values a building on its own chain, once the chain is 8 buildings or fewer, by
how many empty hexes lie on its shortest ways afterwards (up to 4), at up to 8 times what one
block would cost the chain (`fork_value` in `attika/players/plans.py`); its defence is that of
the narrow player. Weighting 16 instead of 8 changes nothing in 2-player games (8%).

| | the narrow player | building wide |
| --- | --- | --- |
| self-play shrine wins, 2/4 players (version-2 board) | 3/4% | 8/19% |
| one vs three easy (version-2 board) | 57.5% | 58.0% |
| vs the narrow player | - | 47.5-50.5% (two settings) |
| this document, boards of data version 3, 2/3/4 players (300 games) | 3/4/8% | 8/10/11% |
| one vs three easy on the current 4-player board (tournament, 200 games) | 70.0% | 65.5% |
| the same, 400 other games (seating by seed) | 71.3% | 68.0% |

Building wide brings the 3- and 4-player shares into the goal and the 2-player one close, and
eases the start player's edge (2 players from +14 to +11 points, 4 players from +8 to +3). It
costs a few points as one against three racing easy players on the current 4-player board: not
a significant difference on 200 or 400 games, but the tournament's 70% aim is missed there
(docs/benchmarks.md).

**The 2-player board of data version 4.** With building wide, the board it replaced gave 8%
shrine wins and the start player 61% of 300 games (the goal allows 58%). The shrine wins were
shared evenly there (11 to the start player, 12 to the other) and the 30-building race was
not (173 of the 277 games that ended that way to the start player): moving first decides a
race both sides run at the same pace, and the board decides how much. The search: every board
of four tiles whose two shrines each touch two start hexes and lie 7 or 8 buildings apart
(870 layouts, `scripts/layouts.py --search` over every four-tile board), 50-60 seeded games
each; the 16 that looked best (10% shrine wins or more, the start player 58% or less) again
on seeds 301-600, where most fall back to 1-10% shrine wins (small runs flatter); two meet
both goals there, and one holds on two more sets of 300 seeds:

| seeds | shrine wins | start player wins |
| --- | --- | --- |
| 1-300 (this document) | 13% | 52% |
| 301-600 | 16% | 45% |
| 601-900 | 12% | 59% |

That is the current board: four tiles in a ring round the place of a fifth, open on one side,
a shrine on either side of the opening. Round the ring the shrines are 8 buildings apart; a
tile laid in the middle place brings them to 4, and the opening takes no tile (the shrines
stand in it). In the 300 games of this document the 30-building race splits 135 to 125
between the start player and the second (173 to 104 on the board it replaced), and the shrine
wins 21 to 19. A tile goes into the middle place in only 42 of those games, so that shortcut
is not the whole story; why the race evens out on this board is not pinned down. Easy
players win by shrines in 39% of 1000 games on it, and none end before round 6.

**The 3-player board of data version 4.** On the two rows of three tiles it replaced, the
start player won 42% of 300 normal games (fair 33%, the goal allows 41%) and shrines ended
10%. The search is smaller, as 3-player games take longer: the 42 layouts on the most compact
six-tile boards (9 tile edges shared) and 80 on boards with a place for a tile enclosed on
four sides or more, every shrine touching two start hexes and the pairs 7 or 8 buildings
apart; 34 of them played (100-150 games each) before time ran out, four again on 300 other
seeds. One holds on three sets of 300 seeds:

| seeds | shrine wins | turn positions 0 / 1 / 2 |
| --- | --- | --- |
| 1-300 (this document) | 14% | 37/26/37% |
| 301-600 | 10% | 36/28/37% |
| 601-900 | 16% | 40/27/32% |

That is the current board: one tile with five of its six neighbours round it and the sixth
place open, a shrine on either side of the open place and one at the far end (7, 7 and 8
buildings apart). This board does not even out the 30-building race, which splits 39 / 25 /
35% between the turn positions on both boards; the shrine wins do, being more (41 of 300
games, against 15 of 150) and going mostly to the last player (9 / 11 / 21). The second
player is the weakest seat on most 3-player boards tried (about 25-31%); why is not measured.
In 1000 easy games on the board 89% end by shrines and 0.3% before round 6.

**What could raise the shrine share further.** Real forks: two ways to close that no single
block cuts, counted as disjoint routes rather than as hexes on shortest ways, with a stronger
defence against racers so that the gain costs no games against easy players. The strong
player's self-play, the fairer measure of good play: it finds closing moves the normal player
misses (against the watch-4 variant with draws for both chains it won 42 of 50 two-player
games, 11 of them by shrines), but a game takes about half a minute. Or reading the goal
against the printed game, where reviews say the 30-building win is the usual ending among
players who block.

**Since 2026-11-26: today's normal player, and strong self-play.** The figures quoted above
were measured with the normal player before it laid its tiles away from rivals' chains; the
table at the top is measured with today's, which keeps each player's own chain alive longer:
2-player shrine wins rose from 13% to 36% (within the goal), and on the 4-player board the
start player's edge rose from +3 to +10 points, over the goal (why is not yet measured).
Strong self-play, run apart from this command (`python -m attika balance --players N
--bots strong,... --seed 7000 --jobs 2`; about 15 s of processor time a 2-player game, too slow
for 300 games a line), on today's layouts, with the race guard (strong always cuts a chain
the next player could close when its sure actions can; docs/benchmarks.md), 2026-11-26
07:22-08:10 UTC:

- 2 players, 60 games: shrine wins **43%** (missed, narrowly: 10-40%; 47% before the guard);
  shortest game 9 rounds; the start player 58% (+8, the most the goal allows).
- 3 players, 40 games: shrine wins 12% (met); shortest game **5 rounds** (missed: at most 1%
  before round 6; the 5th percentile is 11 rounds); the start player 30% (-3, met); most
  favoured: seat 0, 48% (+15), as before the guard, which seat starts being drawn.
- 4 players, 40 games: shrine wins 18% (met); shortest game 6 rounds (met: none before round
  6); the start player 28% (+3, met); most favoured: seat 3, 35% (+10), which seat starts
  being drawn.

These are small samples (intervals of about 15 points either way), but they say that good
play on both sides makes the 2-player shrine race the usual ending, where normal play leaves
it at a third, and that with four players the goals hold under good play too.
"""


def _today(s: Study) -> bool:
    return COMPONENTS.layout(s.players, s.edition) == COMPONENTS.layouts[s.players]


def _editions(players: int) -> list[int]:
    """The rules edition of today's layout and of the one it replaced, if any."""
    return [e for e in (EDITION, COMPONENTS.replaced(players)) if e is not None]


def document(games: int = 300, seed: int = 1, jobs: int = 2, easy_games: int | None = None) -> str:
    """All of docs/balance.md: normal and easy self-play for 2, 3 and 4 players on today's
    layouts and on the retired ones, the goals checked, then every report.

    ``easy_games`` (default: ``games``) can be larger: easy games take a fraction of the time,
    and the early-ending goal is a 1% tail, which a few hundred games cannot pin down."""
    count = {"normal": games, "easy": easy_games or games}
    studies = {
        (n, bot, edition): study_on(n, count[bot], [bot], seed, edition, jobs)
        for n in (2, 3, 4)
        for edition in _editions(n)
        for bot in ("normal", "easy")
    }
    rows = [
        goals_row(studies[(n, "normal", e)], studies[(n, "easy", e)])
        for n in (2, 3, 4)
        for e in _editions(n)
    ]
    intro = f"""# Balance

Measured on components data version {COMPONENTS.version} with {games} seeded games per line
of normal self-play and {count["easy"]} of easy self-play (seeds from {seed}), every seat played
by the same computer player. Written by one command, which takes some minutes on two cores:

    python -m attika balance --document --games {games} \\
        --easy-games {count["easy"]} > docs/balance.md

The start layouts are designed (docs/components.md), and they decide how the two ways to win
compete. Today's layouts are checked against the goals below next to the ones they replaced
(games of the rules edition named begin on those, so old saves still replay).

## Goals

- shrine pairs equally far apart: the *chain length* of a pair is the fewest buildings that
  join its shrines on the start board (with four shrines, the pairs along the rim; the two
  diagonals are longer); each shrine touches two start hexes or more, so one building cannot
  seal it;
- the shrine win a real threat but not the usual ending: {SHRINE_WINS[0]}-{SHRINE_WINS[1]}%
  of normal games, every pair used (with four shrines, every pair along the rim);
- at most {EARLY_SHARE:.0f}% of games over before round {EARLY_ROUND}, in easy self-play too;
- no seat or turn position winning more than {FAVOUR:.0f} points above its fair share.

How the shrine win and the start player's edge were brought within these goals, and what
was tried that did not: [How the shrine goal was reached](#how-the-shrine-goal-was-reached).

{HEAD}
"""
    reports = [
        report(studies[(n, bot, e)])
        for n in (2, 3, 4)
        for e in _editions(n)
        for bot in ("normal", "easy")
    ]
    return intro + "\n".join(rows) + "\n\n" + FINDINGS + "\n## Reports\n\n" + "\n".join(reports)
