"""Which ways of training a lesson allows: mirrored, turned half round, or dealt anew.

A solved lesson can be played again as training (:mod:`attika.training`) on a position it
has not shown, so that a learner cannot pass by remembering one click. Each way keeps the
task's meaning only where the rules say so: a mirror where the board is written as hexes
(a mirrored tile is no tile of the game); a half turn on any board; a new deal only where
the reader draws from something the file leaves unknown, and no exact build or tile
follows that draw (the new deal may not give what it names). A mirror that shows the
same board changes nothing and is not a way either. A teacher whose texts name a side of
the board ("the top row") lists the ways that keep their meaning in the file's
``training`` (``[]``: none); the reader refuses a way the rules do not allow, saying why.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .actions import Build, DrawBuilding, PlaceTile
from .answers import Step
from .board import Board
from .gamebook import Stage
from .hexes import Hex, to_pixel
from .mirror import Mirror, mirror_hex

#: The ways a lesson can be trained, as its file's ``training`` names them.
TRAININGS = ("mirror", "turn", "deal")
#: Which mirrors each way stands for.
WAY_MIRRORS: dict[str, tuple[Mirror, ...]] = {
    "mirror": ("top-bottom", "left-right"),
    "turn": ("half-turn",),
}

Picture = frozenset[tuple[float, float, object, object]]


def picture(board: Board, how: Mirror | None = None) -> Picture:
    """The board as a reader sees it, wherever it lies on the grid (``how``: seen in that
    mirror): each hex's and shrine's place from the top left corner, its landscape and
    building. Two positions with one picture look the same."""
    spots: dict[Hex, tuple[object, object]] = {
        h: (board.landscape[h], board.buildings.get(h)) for h in board.landscape
    }
    spots |= {h: ("shrine", None) for h in board.shrines}
    drawn = {to_pixel(h if how is None else mirror_hex(h, how)): what for h, what in spots.items()}
    left = min((x for x, _ in drawn), default=0.0)
    top = min((y for _, y in drawn), default=0.0)
    return frozenset(
        (round(x - left, 3), round(y - top, 3), *what) for (x, y), what in drawn.items()
    )


def training_refusal(
    way: str, data: dict[str, Any], stages: Sequence[Stage], board: Board, reader: int
) -> str | None:
    """Why the lesson (its file ``data``, read into ``stages`` on ``board``, ``reader`` to
    move) cannot be trained ``way``, or None when it can."""
    if way not in TRAININGS:
        return f"{way!r} is not a way to train (known: {', '.join(TRAININGS)})"
    if way == "deal":
        return _deal_refusal(data, stages, reader)
    if way == "mirror":
        if board.tiles:
            return (
                "a board laid from tiles can be turned, never mirrored: a mirrored tile is no "
                "tile of the game"
            )
        if any(isinstance(a, PlaceTile) for a in _exact_moves(stages)):
            return "a tile laid exactly can be turned, never mirrored"
    first = picture(board)
    if all(picture(board, how) == first for how in WAY_MIRRORS[way]):
        return "the board looks the same that way: nothing would change"
    return None


def allowed_trainings(
    data: dict[str, Any], stages: Sequence[Stage], board: Board, reader: int
) -> frozenset[str]:
    """Every way the rules allow this lesson to be trained (a file naming none)."""
    if not stages:
        return frozenset()
    return frozenset(
        way for way in TRAININGS if training_refusal(way, data, stages, board, reader) is None
    )


def _deal_refusal(data: dict[str, Any], stages: Sequence[Stage], reader: int) -> str | None:
    players = data.get("players") or []
    own = players[reader] if reader < len(players) and isinstance(players[reader], dict) else {}
    hidden = {
        "draw": own.get("stacks", "unknown") == "unknown",
        "tile": data.get("tile_stack", "unknown") == "unknown",
    }
    reaches = False
    for n, stage in enumerate(stages):
        drawn = False
        for i, step in enumerate(stage.task.steps):
            kinds = set(_kinds(step))
            if drawn and {"exact-build", "exact-tile"} & kinds:
                where = "task" if n == 0 else f"then[{n - 1}]"
                return (
                    f"{where}.answer.steps[{i}] names its move exactly after a draw: a new "
                    "deal may not give what it names"
                )
            if any(hidden.get(kind) for kind in kinds):
                reaches = drawn = True
    if not reaches:
        return (
            "the task draws nothing a new deal would change (a building from the reader's own "
            'stacks or a tile from the tile stack, left "unknown")'
        )
    return None


def _kinds(step: Step) -> Iterable[str]:
    """What a step may do: draw, lay a tile, and whether it builds or lays one exactly."""
    for option in step.one_of or (step,):
        exact = option.exact
        if isinstance(exact, DrawBuilding) or option.kind == "draw":
            yield "draw"
        if isinstance(exact, PlaceTile) or option.kind == "tile":
            yield "tile"
        if isinstance(exact, Build):
            yield "exact-build"
        if isinstance(exact, PlaceTile):
            yield "exact-tile"


def _exact_moves(stages: Sequence[Stage]) -> Iterable[object]:
    """Every move a lesson names exactly: its answers' exact steps, the teacher's moves,
    the other players' replies."""
    for stage in stages:
        yield from stage.replies
        yield from stage.played
        for step in stage.task.steps:
            for option in step.one_of or (step,):
                if option.exact is not None:
                    yield option.exact


__all__ = ["TRAININGS", "WAY_MIRRORS", "allowed_trainings", "picture", "training_refusal"]
