"""docs/balance.md, written by one command: the start layouts' goals, checked against
normal and easy self-play on every player count, today's layouts next to the retired ones.

The studies themselves (playing the games, counting, one report each) are balance.py's; this
module only says what the layouts aim at and writes the document around the figures. What
the goals table rests on, measured once by hand, is kept as written in
``attika/data/balance-findings.md``, and the command copies it in unchanged.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .balance import Study, report, study_on
from .components import COMPONENTS
from .limits import EDITION

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

    board = "today" if normal.on_todays_layout else f"retired (edition {normal.edition})"
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


@cache
def findings() -> str:
    """How the shrine goal was reached, and what was tried that did not reach it (Markdown,
    beginning with its own heading)."""
    return (Path(__file__).parent / "data" / "balance-findings.md").read_text(encoding="utf-8")


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
    return intro + "\n".join(rows) + "\n\n" + findings() + "\n## Reports\n\n" + "\n".join(reports)
