"""The board for the keyboard and the ear: arrow keys between places, a text alternative on
every hex (owner, building, landscape, neighbours; never coordinates), a list view."""

from __future__ import annotations

import re

import attika
from attika.bots import greedy_bot
from attika.rng import Rng
from web.board.board_svg import board_drawing
from web.board.board_text import board_list
from web.core.roving import next_place
from web.core.text import building_name, set_language
from web.play.scene import table_scene
from web.play.session import Session

from .commands import play

COORDINATES = re.compile(r"-?\d+,-?\d+")


def test_arrows_move_to_the_nearest_place_in_their_direction() -> None:
    row = ["0,0", "1,0", "2,0", "0,2"]
    assert next_place("0,0", row, "ArrowRight") == "1,0"
    assert next_place("1,0", row, "ArrowRight") == "2,0"
    assert next_place("2,0", row, "ArrowRight") is None  # the edge: stay
    assert next_place("1,0", row, "ArrowLeft") == "0,0"
    assert next_place("0,0", row, "ArrowDown") == "0,2"
    assert next_place("0,2", row, "ArrowUp") in {"0,0", "1,0"}
    assert next_place("0,0", row, "Tab") is None


def _won() -> Session:
    set_language("en")
    session = Session.start(["Ann", "Bo", "Cy"], 4)
    rng = Rng(4)
    while not session.game.is_over:
        play(session, greedy_bot(session.game.copy(), rng))
    return session


def test_every_hex_says_what_stands_there_and_whose_it_is_without_coordinates() -> None:
    session = _won()
    scene = table_scene(session)
    markup = str(board_drawing(scene).markup())
    labels = re.findall(r'data-hex="([^"]+)"[^>]*aria-label="([^"]*)"', markup)
    assert len(labels) == len(scene.board.landscape) + len(scene.board.shrines)
    for place, label in labels:
        assert not COORDINATES.search(label), label
        h = attika.parse_hex(place)
        if h in scene.board.buildings:
            seat, kind = scene.board.buildings[h]
            assert label.startswith(f"{building_name(kind)} of {scene.name(seat)}"), label
        if h in scene.board.winning:
            assert "winning chain" in label
    assert sum("winning chain" in label for _, label in labels) == len(scene.board.winning) >= 2


def test_the_list_view_tells_who_has_built_where() -> None:
    session = _won()
    scene = table_scene(session)
    html = str(board_list(scene))
    assert html.startswith("<details")
    sections = html.split("<section")[1:]
    for p, section in zip(scene.players, sections, strict=False):
        built = [h for h, (seat, _) in scene.board.buildings.items() if seat == p.seat]
        assert p.name in section and section.count("<li") == len(built)
    assert "The winning chain" in html
    assert not COORDINATES.search(re.sub(r"<[^>]+>", "", html))
