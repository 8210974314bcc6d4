"""Whole bot games played through the page's session, every view drawn after every tap."""

from __future__ import annotations

import re

import pytest

import attika
from attika.bots import greedy_bot, random_bot
from attika.rng import Rng
from tests.web.commands import tap_turn
from web.board.board_svg import board_svg
from web.play.log import log_html
from web.play.notes import shown
from web.play.panel import side_panel
from web.play.scene import table_scene
from web.play.session import Session
from web.table.screens import handover_html, result_html

from .commands import taps

pytestmark = pytest.mark.slow  # minutes of self-play: left out of -m 'not slow'


@pytest.mark.parametrize(
    ("players", "seed", "bot"),
    [(2, 1, "greedy"), (3, 2, "random"), (4, 3, "greedy")],
)
def test_a_whole_game_through_the_session(players: int, seed: int, bot: str) -> None:
    session = Session.start([f"P{i}" for i in range(players)], seed)
    twin = attika.new_game([f"P{i}" for i in range(players)], seed)
    rng = Rng(seed)
    choose = greedy_bot if bot == "greedy" else random_bot
    while not twin.is_over:
        action = choose(twin, rng)
        if session.handover:
            assert "cardcount" not in side_panel(table_scene(session))  # the hand stays hidden
            tap_turn(session, "continue")
        for cmd, arg in taps(session, action):
            tap_turn(session, cmd, arg)
            assert shown(session.note) is None or shown(session.note)[0] != "error", shown(
                session.note
            )
            markup, _ = board_svg(table_scene(session))
            side_panel(table_scene(session))
        twin.apply(action)
        assert session.game.state() == twin.state()
        assert len(re.findall(r"data-owner=", markup)) == len(twin.board.buildings)
    assert len(session.log) >= len(twin.actions)
    result = result_html(table_scene(session))
    assert twin.players[twin.winner].name in result  # type: ignore[index]
    markup, _ = board_svg(table_scene(session))
    assert markup.count(" win") >= len(twin.winning_hexes)
    scene = table_scene(session)
    log_html(scene.log, [p.name for p in scene.players], session.city_states)
    handover_html(scene)
