"""Training: a solved lesson played again as the same task on a position it has not shown.

Round 1, 2, ... of training mirrors the lesson's position (top to bottom, left to right,
or turned half round, in turn, as its ``training`` allows: :mod:`attika.trainable`) and
deals what it leaves unknown anew where the reader draws from it. The round is the lesson
file itself transformed and read again by the rules, so every check a file gets (the
teacher's line, the replies, the exact answers) holds for it, and its verdict judges the
transformed task: the right answers are the mirrored ones, a least price is the least
price on the mirrored board. A round always shows another position than the lesson's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .fields import ScenarioError
from .game import Game
from .mirror import MIRRORS, Mirror, mirror_data
from .scenario import Scenario, load_scenario
from .trainable import WAY_MIRRORS, picture

#: How many new deals a round tries before it goes without one (a deal the lesson's
#: replies do not fit, or one that gives the reader what the lesson gave, is passed over).
DEALS_TRIED = 12
_SEEDS = 2**31


@dataclass(frozen=True)
class Round:
    """One round of training: its number (from 1), its mirror, and whether it was dealt
    anew."""

    number: int
    mirror: Mirror | None = None
    dealt: bool = False


def train(lesson: Scenario, number: int) -> tuple[Scenario, Round]:
    """Round ``number`` (1, 2, ...) of training on ``lesson``: the lesson transformed, and
    how. ScenarioError when the lesson is not trained or no way shows another position."""
    if number < 1:
        raise ValueError(f"training rounds count from 1, not {number}")
    ways = lesson.training
    if not ways:
        raise ScenarioError("training", "this lesson is not played again as training")
    mirrors = [m for m in MIRRORS if any(m in WAY_MIRRORS.get(w, ()) for w in ways)]
    options: list[Mirror | None] = list(mirrors) or [None]
    first = picture(lesson.game.board)
    for k in range(len(options)):
        how = options[(number - 1 + k) % len(options)]
        if how is not None and picture(lesson.game.board, how) == first:
            continue  # this mirror shows the same board
        data = lesson.source if how is None else mirror_data(lesson.source, how)
        if "deal" in ways:
            dealt = _dealt(lesson, data, number)
            if dealt is not None:
                return dealt, Round(number, how, True)
        if how is not None:
            return load_scenario(data, lesson.id), Round(number, how)
    raise ScenarioError("training", "no mirror or new deal shows another position")


def _dealt(lesson: Scenario, data: dict[str, Any], number: int) -> Scenario | None:
    """The lesson (``data``) dealt anew for round ``number``: the first of a few seeds whose
    deal the lesson's line fits and whose draws differ from the lesson's own; None if none."""
    seed = lesson.game.seed
    for attempt in range(DEALS_TRIED):
        new_seed = (seed + 7919 * number + 104729 * (attempt + 1)) % _SEEDS
        if new_seed == seed:
            continue
        try:
            dealt = load_scenario(data | {"seed": new_seed}, lesson.id)
        except ScenarioError:
            continue  # the recorded replies do not fit this deal
        if _draws(dealt.game) != _draws(lesson.game):
            return dealt
    return None


def _draws(game: Game) -> tuple[object, ...]:
    """What the player to move would draw next: each stack's top, and the next tile."""
    stacks = game.players[game.current].stacks
    tops = tuple(stack[-1] if stack else None for stack in stacks)
    return (*tops, game.tile_stack[-1] if game.tile_stack else None)


__all__ = ["DEALS_TRIED", "Round", "train"]
