"""Where a small lesson's board looks while its reader chooses a place: a box in which each
place is a finger's width (44 px) in the smallest frame a lesson is made for, holding the
places the task is about (the answer's place, every equally cheap or free place, where a
build wins, the teacher's marked spaces, the hinted or chosen place), then as many other
places on offer as fit, then the reader's own buildings and the others' last moves. A big
board from a real game, a board of 37 hexes, or the ring of places for a new tile would
otherwise draw its places too small to tap (23 places spread over a whole board drew them
at 29 px in a 400x300 frame, a tile's 24 places at 25 px). Pure: a scene in, a view box out.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Collection, Iterable
from math import sqrt
from typing import TYPE_CHECKING

from attika import Game, Hex, answer_places, neighbours, to_pixel, winning_places

if TYPE_CHECKING:
    from attika import Task

from ..board.board_scene import BoardScene
from ..board.board_svg import SIZE, Bounds
from ..play.scene import Scene

#: A place's centre and how far it reaches round it, across and down.
Point = tuple[float, float, float, float]

#: The board of the smallest frames, in CSS px: 254 by 288-292 in a 400x300 frame (beside
#: the task's column), 312 by 302-307 in a 320x480 one (under the task), measured in frames
#: and sized elements; 4 px less, for a frame a host page lays out a little narrower (one
#: in a page of frames drew its board 250 px wide).
FRAME_BOARDS = ((250.0, 284.0), (308.0, 298.0))
#: The least width and the least height of the two.
SMALL_BOARD = (250.0, 284.0)
#: The "More" button over the board's bottom left corner, in CSS px from that corner
#: (measured: 72 by 46, in each language), with a little room: a place whose middle lies
#: under it cannot be tapped there.
MORE = (74.0, 48.0)
#: A finger's width, 44 px, and half a pixel more for rounding.
FINGER = 44.5
#: How wide a place is drawn, in the drawing's units: a (pointy-top) hex's face, and the
#: ring of a place for a new tile (board_svg.py draws it with r=24).
FACE = SIZE * sqrt(3)
RING = 48.0
#: Room kept round a place's edge for its outline.
EDGE = 2.0
#: The smallest box shown, in hexes across and down: a single place keeps its surroundings
#: (the symbols around it set its price).
LEAST_ACROSS = 4
LEAST_DOWN = 4


def task_places(task: Task | None, done: int, game: Game) -> frozenset[Hex]:
    """The places the task's next step (after ``done`` actions) is about, on the position
    ``game`` it is tried in (attika's :func:`~attika.answer_places`); for a task to win,
    every place where a build wins that way now."""
    if task is None:
        return frozenset()
    if task.win is not None:
        return winning_places(game, task.win)
    if done >= len(task.steps):
        return frozenset()
    return answer_places(game, task.steps[done], task.payment)


def most_box(tiling: bool) -> tuple[float, float]:
    """The largest view box (width, height in the drawing's units) that draws each place
    :data:`FINGER` px wide on the smallest frames' board: a hex or a tile's ring."""
    wide = RING if tiling else FACE
    return SMALL_BOARD[0] * wide / FINGER, SMALL_BOARD[1] * wide / FINGER


def land_view(scene: BoardScene) -> Bounds:
    """The whole board of a lesson with no margin round it: every hex (a shrine too) whole.
    The game's board keeps half a hex round its land; a lesson's has nothing there to see,
    and in a small frame that half hex is what a 19-hex board's places need to be 44 px."""
    land = set(scene.board.landscape) | scene.board.shrines | scene.marks.spots
    if not land:
        return (-SIZE, -SIZE, 2 * SIZE, 2 * SIZE)
    x, y, w, h = _Spots(()).bounds(land)
    return (round(x, 1), round(y, 1), round(w, 1), round(h, 1))


def whole_view(scene: BoardScene, board: Bounds) -> Bounds:
    """A roomy page's view, and a still picture's: the whole land, and the places for a new
    tile round it while one is laid (``board``: the whole drawing's box)."""
    return board if scene.status.phase == "tile" else land_view(scene)


def task_view(scene: Scene, board: Bounds, focus: frozenset[Hex] = frozenset()) -> Bounds:
    """The part of ``board`` (the whole drawing's box) to show now; ``focus``: the places
    the task is about (:func:`task_places`). Nothing to choose: the whole land."""
    marks = scene.marks
    tiling = scene.status.phase == "tile"
    if tiling:
        places = set(marks.sites)
    elif marks.selected and marks.targets:
        places = set(marks.targets)
    else:
        return land_view(scene)
    land = set(scene.board.landscape) | scene.board.shrines
    # what must be seen: the task's places on offer (else every place), the marked spaces,
    # the hinted and the chosen place, and a chosen tile place's hexes
    about = (focus & places) or set(places)
    about |= set(marks.spots) | {h for h in (marks.hint, marks.target, marks.site) if h}
    if tiling and marks.site is not None:
        about |= set(neighbours(marks.site))
    # the places in their surroundings, and what else the reader may look for
    around = places | about | ({n for h in places for n in neighbours(h)} & land)
    own = {h for h, (seat, _) in scene.board.buildings.items() if seat == scene.status.current}
    wanted = own | set(marks.recent)
    spot = _Spots(set(marks.sites) if tiling else set())
    _, _, w, h = spot.bounds(around)
    least_w, least_h = LEAST_ACROSS * SIZE * 1.75, LEAST_DOWN * SIZE * 1.5
    most_w, most_h = most_box(tiling)
    w, h = min(max(w, least_w), most_w), min(max(h, least_h), most_h)
    bx, by, bw, bh = board
    w, h = min(w, bw), min(h, bh)  # never larger than the board
    # where the box may go: over the board, holding all the task is about when it can; it
    # may hang over the sea off the board's left or foot by the reach of "More", so that the
    # button covers sea rather than a place (a full board has one under it wherever the box
    # lies on it)
    ax, ay, aw, ah = spot.bounds(about)
    blind = _blind(w, h)
    lefts = _span(bx - blind[0], bx + bw - w, ax + aw - w, ax, FACE / 2)
    tops = _span(by, by + bh - h + blind[1], ay + ah - h, ay, SIZE * 0.75)
    centre = (ax + aw / 2, ay + ah / 2)
    held = [
        _held(lefts, tops, (w, h), blind, spot.points(hexes))
        for hexes in (about, places, around, wanted)
    ]
    under = _under(lefts, tops, (w, h), blind, spot.points(places))
    best: tuple[tuple[int, ...], float, float, float] | None = None
    for i, left in enumerate(lefts):
        for j, top in enumerate(tops):
            # the task's places; then no place with its middle under "More", where it
            # cannot be tapped (better at the box's edge); then the most places on offer,
            # their surroundings, the reader's own buildings and the last moves
            score = (held[0][i][j], -under[i][j], held[1][i][j], held[2][i][j], held[3][i][j])
            off = abs(left + w / 2 - centre[0]) + abs(top + h / 2 - centre[1])
            if best is None or score > best[0] or (score == best[0] and off < best[1]):
                best = (score, off, left, top)
    assert best is not None
    _, _, left, top = best
    return (round(left, 1), round(top, 1), round(w, 1), round(h, 1))


class _Spots:
    """Where a hex or a tile's place lies, and how far it reaches round its centre."""

    def __init__(self, rings: Collection[Hex]) -> None:
        self.rings = rings

    def reach(self, h: Hex) -> tuple[float, float]:
        if h in self.rings:
            return RING / 2 + EDGE, RING / 2 + EDGE
        return FACE / 2 + EDGE, SIZE + EDGE

    def bounds(self, hexes: Iterable[Hex]) -> Bounds:
        """The box holding every one of ``hexes`` whole."""
        boxes = self.points(hexes)
        x0 = min(x - rx for x, _, rx, _ in boxes)
        y0 = min(y - ry for _, y, _, ry in boxes)
        x1 = max(x + rx for x, _, rx, _ in boxes)
        y1 = max(y + ry for _, y, _, ry in boxes)
        return (x0, y0, x1 - x0, y1 - y0)

    def points(self, hexes: Iterable[Hex]) -> list[Point]:
        """Each hex's centre and reach, for :func:`_held`."""
        return [(*to_pixel(h, SIZE), *self.reach(h)) for h in hexes]


def _blind(w: float, h: float) -> tuple[float, float]:
    """How far the "More" button reaches into a view box of ``w`` by ``h`` from its bottom
    left corner (in the drawing's units), in either small frame: the box is drawn as large
    as the board allows and centred, so its corner may lie off the board's."""
    reach = [0.0, 0.0]
    for bw, bh in FRAME_BOARDS:
        scale = min(bw / w, bh / h)
        off_x, off_y = (bw - w * scale) / 2, (bh - h * scale) / 2
        reach[0] = max(reach[0], (MORE[0] - off_x) / scale)
        reach[1] = max(reach[1], (MORE[1] - off_y) / scale)
    return reach[0], reach[1]


def _held(
    lefts: list[float],
    tops: list[float],
    size: tuple[float, float],
    blind: tuple[float, float],
    points: list[Point],
) -> list[list[int]]:
    """How many of ``points`` (centre and reach) a box of ``size`` shows whole, and not
    under the ``blind`` corner (:func:`_blind`), for each of its places (``lefts`` by
    ``tops``, each list rising): each point adds one to the block of places that hold it
    and takes it off the block where it lies under the corner (a late game's board has
    hundreds of places for the box and of hexes to count)."""
    w, h = size
    add = _Blocks(len(lefts), len(tops))
    for x, y, rx, ry in points:
        i0, i1 = bisect_left(lefts, x + rx - w - 0.5), bisect_right(lefts, x - rx + 0.5)
        j0, j1 = bisect_left(tops, y + ry - h - 0.5), bisect_right(tops, y - ry + 0.5)
        add.block(i0, i1, j0, j1, 1)
        # under the corner: the box's left edge less than its reach to the left of the
        # middle, its foot less than its reach below it
        under_i, under_j = bisect_right(lefts, x - blind[0]), bisect_left(tops, y - h + blind[1])
        add.block(max(i0, under_i), i1, j0, min(j1, under_j), -1)
    return add.sums()


def _under(
    lefts: list[float],
    tops: list[float],
    size: tuple[float, float],
    blind: tuple[float, float],
    points: list[Point],
) -> list[list[int]]:
    """How many of ``points`` have their middle in the box's ``blind`` corner, whole or not,
    for each place of the box (as :func:`_held`)."""
    h = size[1]
    add = _Blocks(len(lefts), len(tops))
    for x, y, _, _ in points:
        i0, i1 = bisect_right(lefts, x - blind[0]), bisect_right(lefts, x)
        j0, j1 = bisect_left(tops, y - h), bisect_left(tops, y - h + blind[1])
        add.block(i0, i1, j0, j1, 1)
    return add.sums()


class _Blocks:
    """Counts over a grid, added a block at a time and summed once."""

    def __init__(self, rows: int, columns: int) -> None:
        self.add = [[0] * (columns + 1) for _ in range(rows + 1)]

    def block(self, i0: int, i1: int, j0: int, j1: int, n: int) -> None:
        """Add ``n`` to every cell of rows ``i0`` to ``i1`` and columns ``j0`` to ``j1``
        (the ends left out)."""
        if i0 < i1 and j0 < j1:
            add = self.add
            add[i0][j0] += n
            add[i1][j0] -= n
            add[i0][j1] -= n
            add[i1][j1] += n

    def sums(self) -> list[list[int]]:
        add = self.add
        for row in add:
            for j in range(1, len(row)):
                row[j] += row[j - 1]
        for i in range(1, len(add)):
            above, row = add[i - 1], add[i]
            for j in range(len(row)):
                row[j] += above[j]
        return add


def _span(low: float, high: float, least: float, most: float, step: float) -> list[float]:
    """Where a box's edge may lie, about ``step`` apart: from ``low`` to ``high`` (over the
    board), and from ``least`` to ``most`` (holding all that must be seen) where it can."""
    if least <= most and max(low, least) <= min(high, most):
        low, high = max(low, least), min(high, most)
    if high <= low:
        return [low]
    n = max(1, int((high - low) // step))
    return sorted({low + (high - low) * i / n for i in range(n + 1)} | {(low + high) / 2})
