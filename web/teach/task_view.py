"""Where a small lesson's board looks while its reader chooses a place: the places the task
is about (the answer's place, every equally cheap place of a least-price task, the spaces
the task marks) with the places on offer around them, else every place on offer, with a
ring of hexes around them. A big board from a real game in a small frame would otherwise
show its places too small to tap (23 places on offer spread over the whole board drew them
at 29 px in a 400x300 frame). Pure: a scene in, a view box out."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from attika import Build, Game, Hex, least_places, neighbours, to_pixel

if TYPE_CHECKING:
    from attika import Task

from ..board.board_svg import SIZE, Bounds, bounds
from ..play.scene import Scene

#: The smallest box shown, in hexes across and down: a single place keeps its surroundings
#: (the symbols around it set its price).
LEAST_ACROSS = 4
LEAST_DOWN = 4
#: The largest box that still draws a place 44 px or more in a 400x300 frame's board (a box
#: of 4 by 4 draws it at 60 px there): the task's places are shown in a box of this size,
#: filled with the places on offer around them, so the answer is not alone in its view.
MOST_ACROSS = 5
MOST_DOWN = 5
#: A view of every place on offer up to this many hexes across and down is shown whole, the
#: task's places among them: a shipped lesson's board of 19 hexes (about 5.8 by 6.1) keeps
#: all of it in view, each place 43 px in a 400x300 frame (measured), every place tappable.
WHOLE_ACROSS = 6.5
WHOLE_DOWN = 6.5


def task_places(task: Task | None, done: int, game: Game) -> frozenset[Hex]:
    """The places the task's next step (after ``done`` actions) is about, on the position
    ``game`` it is tried in: its exact build's place, the place it names, or every place
    where its building costs the least (a least-price task); none for a step that names no
    place (any build of a kind), or a task to win."""
    if task is None or task.win is not None or done >= len(task.steps):
        return frozenset()
    return _step_places(task.steps[done], game)


def _step_places(step: Any, game: Game) -> frozenset[Hex]:
    """One step's places (a :class:`attika.answers.Step`)."""
    if step.one_of:
        return frozenset(h for option in step.one_of for h in _step_places(option, game))
    if isinstance(step.exact, Build):
        return frozenset({step.exact.hex})
    if step.exact is not None:
        return frozenset()
    if step.hex is not None:
        return frozenset({step.hex})
    if step.least and step.building not in (None, "*"):
        return least_places(game, str(step.building))
    return frozenset()


def task_view(scene: Scene, board: Bounds, focus: frozenset[Hex] = frozenset()) -> Bounds:
    """The part of ``board`` (the whole drawing's box) to show now; ``focus``: the places
    the task is about (:func:`task_places`)."""
    marks = scene.marks
    if scene.status.phase == "tile":
        places = list(marks.sites)
    elif marks.selected and marks.targets:
        places = list(marks.targets)
    else:
        return board
    about = (focus & set(places)) | set(marks.spots) if focus & set(places) else set()
    _, _, all_w, all_h = bounds(sorted(set(places) | set(marks.spots)))
    if about and (all_w > WHOLE_ACROSS * SIZE * 1.75 or all_h > WHOLE_DOWN * SIZE * 1.5):
        return _around_task(sorted(about), places, board)
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


def _around_task(about: list[Hex], places: Iterable[Hex], board: Bounds) -> Bounds:
    """A box of :data:`MOST_ACROSS` by :data:`MOST_DOWN` hexes (larger only when the task's
    own places need it) holding every place the task is about, set where it holds the most
    places on offer besides: the view is the task's neighbourhood, not its answer alone."""
    x, y, w, h = bounds(about)
    most_w, most_h = MOST_ACROSS * SIZE * 1.75, MOST_DOWN * SIZE * 1.5
    bx, by, bw, bh = board
    box_w, box_h = min(max(w, most_w), bw), min(max(h, most_h), bh)
    points = [to_pixel(p, SIZE) for p in places]
    # every position of the box that holds the task's places (and stays on the board), in
    # half-hex steps; the one with most places on offer, nearest the middle on a tie
    lo_x, hi_x = max(bx, x + w - box_w), min(x, bx + bw - box_w)
    lo_y, hi_y = max(by, y + h - box_h), min(y, by + bh - box_h)
    best: tuple[int, float, float, float] | None = None
    steps_x = max(1, int((hi_x - lo_x) // (SIZE * 0.875)) + 1)
    steps_y = max(1, int((hi_y - lo_y) // (SIZE * 0.75)) + 1)
    for i in range(steps_x + 1):
        left = lo_x + (hi_x - lo_x) * i / steps_x if hi_x > lo_x else min(lo_x, hi_x)
        for j in range(steps_y + 1):
            top = lo_y + (hi_y - lo_y) * j / steps_y if hi_y > lo_y else min(lo_y, hi_y)
            held = sum(
                left + SIZE <= px <= left + box_w - SIZE and top + SIZE <= py <= top + box_h - SIZE
                for px, py in points
            )
            off = abs(left - (lo_x + hi_x) / 2) + abs(top - (lo_y + hi_y) / 2)
            if best is None or (held, -off) > (best[0], -best[1]):
                best = (held, off, left, top)
    assert best is not None
    _, _, left, top = best
    return (round(left, 1), round(top, 1), round(box_w, 1), round(box_h, 1))
