"""A lesson's position seen in a mirror: the hex grid's mirror top to bottom, its mirror
left to right, and the half turn (both at once), applied to every place a lesson file names.

Each keeps every neighbour a neighbour, so the rules judge the mirrored position as they
judged the first: the same prices (the symbols around a place are mirrored with it), the
same settlements, the same free builds, the same payments; only the places move. A board
tile is a fixed arrangement of landscapes: turned half round it is the same tile at
another rotation, but mirrored it is no tile of the game, so a board laid from tiles (and
a tile laid exactly in an answer) can only be turned. :mod:`attika.training` uses this
on a lesson file the rules have read whole.
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from .actions import Action, Build, PlaceTile
from .fields import ScenarioError
from .hexes import Hex, format_hex, parse_hex
from .kinds import parse_action

Mirror = Literal["top-bottom", "left-right", "half-turn"]
#: Every mirror, in the order training offers them.
MIRRORS: tuple[Mirror, ...] = ("top-bottom", "left-right", "half-turn")
#: A tile has six rotations; the half turn adds three of them.
_HALF = 3


def mirror_hex(h: Hex, how: Mirror) -> Hex:
    """Where ``h`` lies in the mirror ``how`` (pointy-top hexes, axial coordinates)."""
    q, r = h
    if how == "top-bottom":
        return (q + r, -r)
    if how == "left-right":
        return (-q - r, r)
    if how == "half-turn":
        return (-q, -r)
    raise ValueError(f"no mirror {how!r}: one of {', '.join(MIRRORS)}")


def mirror_action(action: Action, how: Mirror, where: str = "") -> Action:
    """``action`` played in the mirrored position: a build's place mirrored, a tile's place
    and rotation turned; ScenarioError (naming ``where``) for a tile in a mirror."""
    if isinstance(action, Build):
        return Build(action.building, mirror_hex(action.hex, how), action.payment)
    if isinstance(action, PlaceTile):
        if how != "half-turn":
            raise ScenarioError(where, "a tile laid exactly can be turned, never mirrored")
        return PlaceTile(mirror_hex(action.centre, how), (action.rotation + _HALF) % 6)
    return action


def mirror_data(data: dict[str, Any], how: Mirror) -> dict[str, Any]:
    """A copy of the lesson file ``data`` (one the rules have read) with every place it
    names mirrored: the board's hexes, tiles, shrines and buildings, the marks, and each
    step's answer, the teacher's moves and the other players' replies. Its picture is left
    out (it shows the first position). ScenarioError names what cannot be mirrored."""
    out = copy.deepcopy(data)
    out.pop("still", None)

    def place(text: str) -> str:
        return format_hex(mirror_hex(parse_hex(text), how))

    board = out["board"]
    tiles = board.get("tiles") or []
    if tiles and how != "half-turn":
        raise ScenarioError(
            "board.tiles",
            "a board laid from tiles can be turned, never mirrored: a mirrored "
            "tile is no tile of the game",
        )
    for tile in tiles:
        tile["centre"] = place(tile["centre"])
        tile["rotation"] = (tile.get("rotation", 0) + _HALF) % 6
    if "hexes" in board:
        board["hexes"] = {place(h): land for h, land in board["hexes"].items()}
    if "shrines" in board:
        board["shrines"] = [place(h) for h in board["shrines"]]
    if "buildings" in board:
        board["buildings"] = {place(h): b for h, b in board["buildings"].items()}
    if "marks" in out:
        out["marks"] = [place(h) for h in out["marks"]]
    stages = [("task", out.get("task"))] + [
        (f"then[{i}]", stage) for i, stage in enumerate(out.get("then") or [])
    ]
    for where, stage in stages:
        if not isinstance(stage, dict):
            continue
        for key in ("played", "reply"):
            if key in stage:
                stage[key] = [
                    _moved(a, how, f"{where}.{key}[{i}]") for i, a in enumerate(stage[key])
                ]
        answer = stage.get("answer")
        if isinstance(answer, dict) and "steps" in answer:
            answer["steps"] = [
                _step(s, how, f"{where}.answer.steps[{i}]") for i, s in enumerate(answer["steps"])
            ]
    return out


def _moved(text: str, how: Mirror, where: str) -> str:
    return str(mirror_action(parse_action(text), how, where))


def _step(step: Any, how: Mirror, where: str) -> Any:
    """An answer's step as written, mirrored: an exact action, a place, or each choice."""
    if isinstance(step, str):
        return _moved(step, how, where)
    if not isinstance(step, dict):
        return step
    out = dict(step)
    if "one_of" in out:
        out["one_of"] = [_step(s, how, f"{where}.one_of[{i}]") for i, s in enumerate(out["one_of"])]
    if isinstance(out.get("hex"), str):
        out["hex"] = format_hex(mirror_hex(parse_hex(out["hex"]), how))
    return out


__all__ = ["MIRRORS", "Mirror", "mirror_action", "mirror_data", "mirror_hex"]
