"""A lesson of several steps, as a gamebook: the reader's task, then the other players'
replies the teacher recorded, then the next task, each step with its own verdict.

The teacher's own line (each step's moves as the teacher played them, and the replies
after them) is checked when the file is read, so a lesson can always go on. A reader whose
right answer differs from the teacher's (an equally cheap place, say) goes on from their
own position when every recorded reply is still legal there; otherwise from the teacher's
line, and the page says so. Reading the file is :mod:`attika.scenario`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action
from .answers import Task
from .fields import ScenarioError
from .game import Game


@dataclass(frozen=True)
class Stage:
    """One step of a lesson: the replies played before it (none for the first step, or
    for a step within the reader's same turn), then the reader's task; ``played`` is the
    teacher's own answer, the line the lesson goes on from."""

    task: Task
    replies: tuple[Action, ...] = ()
    played: tuple[Action, ...] = ()


def replies_fit(
    game: Game, replies: Sequence[Action], reader: int
) -> tuple[int | None, str] | None:
    """Play ``replies`` on ``game`` (changed in place); None when they are the other
    players' legal moves and hand the turn back to ``reader``, else why not: the index of
    the reply at fault (None: the replies as a whole) and the reason."""
    for i, action in enumerate(replies):
        if game.is_over:
            return i, "the game is over here"
        if game.current == reader:
            return i, "it is the reader's own turn here, not another player's"
        try:
            game.apply(action)
        except ValueError as exc:  # IllegalAction
            return i, f"is not legal here: {exc}"
    if game.is_over:
        return None, "the game is over after them"
    if game.current != reader:
        return None, "they must end where the reader's turn begins again"
    return None


def go_on(stages: Sequence[Stage], step: int, start: Game, now: Game) -> tuple[Game, bool]:
    """Where the replies before step ``step + 1`` are played from, for a reader who solved
    step ``step`` (begun at ``start``) and reached ``now``: the reader's own position when
    every reply is legal there, else the teacher's line (True: the teacher's line)."""
    reader = start.current
    replies = stages[step + 1].replies
    if replies_fit(now.copy(), replies, reader) is None:
        return now.copy(), False
    line = start.copy()
    for action in stages[step].played:
        line.apply(action)
    return line, True


def line_end(stages: Sequence[Stage], start: Game) -> Game:
    """The position after the teacher's whole line: each step's replies and own moves (an
    editor records the next step's replies from here)."""
    game = start.copy()
    for stage in stages:
        for action in (*stage.replies, *stage.played):
            game.apply(action)
    return game


def movers(start: Game, actions: Sequence[Action]) -> list[int]:
    """The seat that made each of ``actions``, played from ``start``."""
    game, out = start.copy(), []
    for action in actions:
        out.append(game.current)
        game.apply(action)
    return out


def check_line(start: Game, stage: Stage, where: str, last: bool) -> Game:
    """The position after the teacher's line of ``stage`` (begun at ``start``), checked:
    its moves are legal and answer its own task; a step with more after it needs that
    line (given in ``played``, or its answer's exact steps). ScenarioError names the field."""
    task = stage.task
    if not stage.played:
        if last:
            return start
        if task.win is not None:
            raise ScenarioError(where, "a lesson cannot go on after a task to win")
        raise ScenarioError(
            f"{where}.played",
            "is needed when more steps follow and the answer is not one exact line: "
            "the moves the lesson goes on from",
        )
    after = start.copy()
    for i, action in enumerate(stage.played):
        try:
            after.apply(action)
        except ValueError as exc:
            raise ScenarioError(f"{where}.played[{i}]", f"is not legal here: {exc}") from None
    if task.check(list(stage.played), start, after) != "solved":
        raise ScenarioError(f"{where}.played", "does not answer the step's own task")
    return after


def exact_line(task: Task) -> tuple[Action, ...]:
    """The answer's steps when each is one exact action: the teacher's line as written."""
    if task.win is not None or any(s.exact is None for s in task.steps):
        return ()
    return tuple(s.exact for s in task.steps if s.exact is not None)


__all__ = ["Stage", "check_line", "exact_line", "go_on", "line_end", "movers", "replies_fit"]
