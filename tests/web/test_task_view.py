"""A small lesson's board looks at the places on offer while its reader chooses one: a big
board from a real game shows them larger; a choice that spans the board shows all of it."""

from __future__ import annotations

import json
from pathlib import Path

import attika
from e2e.positions import late_game
from web.board.board_svg import SIZE, board_drawing
from web.core.text import set_language
from web.teach.messages import position_message
from web.teach.position import Position
from web.teach.position_scene import position_scene
from web.teach.position_view import position_html
from web.teach.store import position_update
from web.teach.task_view import most_box, task_places, task_view

ROOT = Path(__file__).resolve().parents[2]


def view_box(pos: Position) -> tuple[float, ...]:
    html = str(position_html(position_scene(pos)))
    box = html.split('viewBox="', 1)[1].split('"', 1)[0]
    return tuple(float(v) for v in box.split())


def real_game_lesson(compact: bool) -> Position:
    set_language("en")
    game = late_game()
    seat = game.current
    data = attika.lesson_from_view(game.view(seat), ["athens", "corinth", "sparta", "thebes"])
    return Position("k", attika.load_scenario(data, "real"), compact=compact)


def test_choosing_a_building_on_a_big_board_zooms_to_its_places_and_back() -> None:
    pos = real_game_lesson(compact=True)
    whole = view_box(pos)
    stored = [k for k, n in pos.session.game.players[pos.session.seat].stored.items() if n]
    places: dict[str, set[attika.Hex]] = {}
    for kind in stored:  # the building with the fewest places on offer
        position_update(pos, position_message("select", kind))
        places[kind] = set(pos.session.targets())
        position_update(pos, position_message("cancel"))
    kind = min(places, key=lambda k: len(places[k]))
    position_update(pos, position_message("select", kind))
    zoomed = view_box(pos)
    assert zoomed[2] < whole[2] or zoomed[3] < whole[3]  # a closer look
    drawing = board_drawing(position_scene(pos).table)
    assert task_view(position_scene(pos).table, drawing.bounds) == zoomed
    for h in places[kind]:  # every place on offer is in view
        x, y = attika.to_pixel(h, SIZE)
        assert zoomed[0] <= x <= zoomed[0] + zoomed[2] and zoomed[1] <= y <= zoomed[1] + zoomed[3]
    position_update(pos, position_message("cancel"))
    assert view_box(pos) == whole


def test_a_roomy_page_keeps_the_whole_board() -> None:
    pos = real_game_lesson(compact=False)
    whole = view_box(pos)
    stored = [k for k, n in pos.session.game.players[pos.session.seat].stored.items() if n]
    position_update(pos, position_message("select", stored[0]))
    assert view_box(pos) == whole


def least_market_lesson() -> Position:
    """The late game's lesson with a task: the market where it costs the least. The market
    may go on 34 places spread over the whole board; 2 of them cost the least."""
    set_language("en")
    game = late_game()
    data = attika.lesson_from_view(
        game.view(game.current), ["athens", "corinth", "sparta", "thebes"]
    )
    data["task"] = {
        "text": {"en": "Build the market where it costs the fewest cards."},
        "hint": "Count the symbols.",
        "solved": "Right.",
        "answer": {"steps": [{"kind": "build", "building": "market", "price": "least"}]},
    }
    return Position("k", attika.load_scenario(data, "real"), compact=True)


def inside(box: tuple[float, ...], h: attika.Hex) -> bool:
    x, y = attika.to_pixel(h, SIZE)
    return box[0] <= x <= box[0] + box[2] and box[1] <= y <= box[1] + box[3]


def test_a_task_on_a_big_board_zooms_to_its_places_not_to_every_place_on_offer() -> None:
    """With places on offer all over the board, the view is the task's own: both least
    places in a box that draws a place 44 px or more in a 400x300 and a 320x480 frame,
    with other places on offer in it too, so the answer is not shown alone."""
    pos = least_market_lesson()
    whole = view_box(pos)
    position_update(pos, position_message("select", "market"))
    offered = set(pos.session.targets())
    assert len(offered) == 34
    least = task_places(pos.task, 0, pos.session.game)
    assert len(least) == 2
    zoomed = view_box(pos)
    assert all(inside(zoomed, h) for h in least)
    most_w, most_h = most_box(tiling=False)
    assert zoomed[2] <= most_w + 0.1 < whole[2]
    assert zoomed[3] <= most_h + 0.1 < whole[3]
    assert len({h for h in offered if inside(zoomed, h)} - least) >= 2
    position_update(pos, position_message("cancel"))
    assert view_box(pos) == whole


def test_an_exact_answers_place_is_the_tasks_place() -> None:
    pos = least_market_lesson()
    game = pos.session.game
    build = next(
        a for a in game.legal_actions() if isinstance(a, attika.Build) and a.building == "ship"
    )
    seats = ["athens", "corinth", "sparta", "thebes"]
    data = attika.lesson_from_view(game.view(game.current), seats)
    data["task"] = {"text": "Sail.", "hint": "Sea.", "solved": "Yes."}
    data["task"]["answer"] = {"steps": [str(build)]}
    task = attika.load_scenario(data, "exact").task
    assert task_places(task, 0, game) == {build.hex}
    assert task_places(task, 1, game) == frozenset()  # no step left


def test_a_small_board_keeps_every_place_in_view_while_a_task_names_its_places() -> None:
    """The fortress lesson (a board of 19 hexes, the least price on three places): choosing
    the fortress leaves every place in view, so a wrong, dearer place can be tapped, and
    draws them no smaller than a finger: the board's margin is left out."""
    set_language("en")
    data = json.loads((ROOT / "examples" / "fortress.json").read_text("utf-8"))
    pos = Position("k", attika.load_scenario(data, "fortress"), compact=True)
    whole = view_box(pos)
    position_update(pos, position_message("select", "fortress"))
    assert task_places(pos.task, 0, pos.session.game)  # the task names its places
    zoomed = view_box(pos)
    assert all(inside(zoomed, h) for h in pos.session.targets())
    most_w, most_h = most_box(tiling=False)
    assert zoomed[2] <= min(most_w, whole[2]) and zoomed[3] <= min(most_h, whole[3])


def shipped(name: str) -> Position:
    set_language("en")
    text = (ROOT / "scenarios" / f"{name}.json").read_text("utf-8")
    return Position("k", attika.load_scenario(text, name), compact=True)


def test_a_free_build_looks_at_its_free_places_in_a_box_of_finger_sized_places() -> None:
    """A board of 37 hexes whole draws its places at 32 px in a 400x300 frame: choosing the
    fortress looks at the places where it is free, with places on offer around them."""
    pos = shipped("free-build")
    position_update(pos, position_message("select", "fortress"))
    free = {b.hex for b in pos.session.targets().values() if sum(b.payment) == 0}
    assert free and task_places(pos.task, 0, pos.session.game) == free
    zoomed = view_box(pos)
    most_w, most_h = most_box(tiling=False)
    assert zoomed[2] <= most_w + 0.1 and zoomed[3] <= most_h + 0.1
    assert all(inside(zoomed, h) for h in free)
    assert sum(inside(zoomed, h) for h in pos.session.targets()) >= 3 * len(free)


def test_a_tile_looks_at_some_of_its_places_each_a_fingers_width() -> None:
    """The ring of 24 places for a new tile round a board of 19 hexes (25 px each in a
    400x300 frame, whole): the view holds as many of them as fit at 44 px."""
    pos = shipped("board-expansion")
    position_update(pos, position_message("draw", "1"))
    position_update(pos, position_message("store"))
    assert pos.session.phase == "tile"
    sites = position_scene(pos).table.marks.sites
    zoomed = view_box(pos)
    most_w, most_h = most_box(tiling=True)
    assert zoomed[2] <= most_w + 0.1 and zoomed[3] <= most_h + 0.1
    assert sum(inside(zoomed, h) for h in sites) >= 6


def test_a_task_to_win_looks_at_the_place_that_wins() -> None:
    pos = shipped("win-shrines")
    position_update(pos, position_message("select", "tower"))
    assert task_places(pos.task, 0, pos.session.game) == {(0, 0)}
    assert inside(view_box(pos), (0, 0))
