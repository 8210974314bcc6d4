"""Where a small lesson's board looks while its reader chooses a place: the places on offer
(and the spaces the task marks), with a ring of hexes around them. A big board from a real
game in a small frame would otherwise show those places too small to tap; a choice that
spans the whole board shows the whole board. Pure: a scene in, a view box out."""

from __future__ import annotations

from attika import neighbours

from ..board.board_svg import SIZE, Bounds, bounds
from ..play.scene import Scene

#: The smallest box shown, in hexes across and down: a single place keeps its surroundings
#: (the symbols around it set its price).
LEAST_ACROSS = 4
LEAST_DOWN = 4


def task_view(scene: Scene, board: Bounds) -> Bounds:
    """The part of ``board`` (the whole drawing's box) to show now."""
    marks = scene.marks
    if scene.status.phase == "tile":
        places = list(marks.sites)
    elif marks.selected and marks.targets:
        places = list(marks.targets)
    else:
        return board
    around = {n for h in places for n in neighbours(h)} | set(places) | set(marks.spots)
    x, y, w, h = bounds(sorted(around))
    least_w, least_h = LEAST_ACROSS * SIZE * 1.75, LEAST_DOWN * SIZE * 1.5
    if w < least_w:
        x, w = x - (least_w - w) / 2, least_w
    if h < least_h:
        y, h = y - (least_h - h) / 2, least_h
    bx, by, bw, bh = board
    # never past the board's own edges, never larger than the board
    w, h = min(w, bw), min(h, bh)
    x = min(max(x, bx), bx + bw - w)
    y = min(max(y, by), by + bh - h)
    return (round(x, 1), round(y, 1), round(w, 1), round(h, 1))
