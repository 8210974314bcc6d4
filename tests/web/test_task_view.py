"""A small lesson's board looks at the places on offer while its reader chooses one: a big
board from a real game shows them larger; a choice that spans the board shows all of it."""

from __future__ import annotations

import attika
from e2e.positions import late_game
from web.board.board_svg import SIZE, board_drawing
from web.core.text import set_language
from web.teach.messages import position_message
from web.teach.position import Position
from web.teach.position_scene import position_scene
from web.teach.position_view import position_html
from web.teach.store import position_update
from web.teach.task_view import task_view


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
