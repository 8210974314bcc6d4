"""Arrow keys on the board: from one place to choose to the nearest one in that direction.

The board is one Tab stop: of the places to choose (marked hexes, tile places) one is
in the Tab order and the arrow keys move between them, as in a grid of buttons. Which
place lies "up" on a hex board is a question of the picture, not of the rules: the
places' centres on screen decide it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from attika import parse_hex, to_pixel

#: Screen directions of the arrow keys (y grows downwards, as in SVG).
DIRECTIONS: dict[str, tuple[float, float]] = {
    "ArrowRight": (1.0, 0.0),
    "ArrowLeft": (-1.0, 0.0),
    "ArrowUp": (0.0, -1.0),
    "ArrowDown": (0.0, 1.0),
}
#: A place counts as lying in a direction when it is within this angle of it (degrees):
#: wide enough for a hex grid's diagonal neighbours (30 degrees off up and down).
CONE = 75.0


def centre(place: str) -> tuple[float, float]:
    """The centre of a place, ``q,r``, in board units."""
    return to_pixel(parse_hex(place), 1.0)


def next_place(current: str, places: Iterable[str], key: str) -> str | None:
    """The place an arrow key moves to from ``current``: the nearest in the key's
    direction, where being off to the side counts as being further; None at the edge."""
    direction = DIRECTIONS.get(key)
    if direction is None:
        return None
    cx, cy = centre(current)
    best, best_score = None, math.inf
    for place in places:
        if place == current:
            continue
        x, y = centre(place)
        dx, dy = x - cx, y - cy
        dist = math.hypot(dx, dy)
        if dist == 0:
            continue
        cos = (dx * direction[0] + dy * direction[1]) / dist
        if cos < math.cos(math.radians(CONE)):
            continue
        score = dist * (1 + 2 * (1 - cos))
        if score < best_score:
            best, best_score = place, score
    return best
