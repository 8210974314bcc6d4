"""A hand that is not the viewer's cannot reach the markup: it is not even in the scene.

Every screen is drawn for every seat at many moments of whole games (passing the device on,
playing, choosing a building, paying, laying a tile, stepping through the game, the end).
Then the other seats' hands are shuffled between the landscapes (their sizes stay, as those
are public) and everything is drawn again: not one character may change. While the device is
passed on or a game is stepped through, nobody is the viewer, and that holds for every hand.
"""

from __future__ import annotations

import dataclasses

import pytest

import attika
from attika.bots import greedy_bot
from attika.rng import Rng
from tests.web.commands import tap_turn
from web.board.board_svg import board_drawing
from web.play.log import log_html
from web.play.news import news_html, news_words
from web.play.panel import side_panel
from web.play.scene import Scene, table_scene
from web.play.session import Session
from web.play.status import status
from web.table.review import Stepping
from web.table.scenes import ReviewScene
from web.table.screens import handover_html, result_html, review_bar

from .commands import taps


def _screens(scene: Scene) -> dict[str, str]:
    names = [p.name for p in scene.players]
    city_states = [p.city_state for p in scene.players]
    out = {
        "board": board_drawing(scene).markup(),
        "panel": side_panel(scene),
        "status": status(scene, named=True),
        "log": log_html(scene.log, names, city_states),
        "handover": handover_html(scene),
        "news": news_html(news_words(scene)),
    }
    if scene.over:
        out["result"] = result_html(scene)
    return out


def _other_hand(hand: list[int]) -> list[int]:
    """The same number of cards, spread differently over the landscapes."""
    moved = hand[1:] + hand[:1]
    if moved == hand and sum(hand):
        moved = [sum(hand), 0, 0, 0] if hand[0] != sum(hand) else [0, sum(hand), 0, 0]
    return moved


def _with_hands_changed(game: attika.Game, keep: int | None) -> attika.Game:
    other = game.copy()
    for seat, player in enumerate(other.players):
        if seat != keep:
            player.hand = _other_hand(player.hand)
    return other


def _check(session: Session) -> int:
    """Draw the session's screens, then again with every hand but the viewer's changed."""
    scene = table_scene(session)
    viewer = scene.viewer
    for p in scene.players:
        assert (p.hand is not None) == (p.seat == viewer), (p.seat, viewer)
    if viewer is None:
        assert scene.offer is None and scene.payment is None and not scene.marks.targets
    taken = {  # the cards another seat took are as hidden as its hand
        seat: tuple(_other_hand(list(cards))) if seat != viewer else cards
        for seat, cards in session.taken.items()
    }
    changed = dataclasses.replace(
        session,
        game=_with_hands_changed(session.game, viewer),
        _targets=None,
        taken=taken,  # type: ignore[arg-type]
    )
    assert _screens(table_scene(changed)) == _screens(scene), f"a hand leaked (viewer {viewer})"
    return 1


@pytest.mark.slow
def test_no_screen_shows_a_hand_that_is_not_the_viewers() -> None:
    checked = 0
    seen_viewers: set[int | None] = set()
    for players, seed in ((2, 5), (3, 8), (4, 2)):
        session = Session.start([f"P{i}" for i in range(players)], seed)
        twin = attika.new_game([f"P{i}" for i in range(players)], seed)
        rng = Rng(seed)
        while not twin.is_over and len(twin.actions) < 70:
            action = greedy_bot(twin, rng)
            if session.handover:
                checked += _check(session)
                seen_viewers.add(None)
                tap_turn(session, "continue")
            for cmd, arg in taps(session, action):
                tap_turn(session, cmd, arg)
                checked += _check(session)
                seen_viewers.add(table_scene(session).viewer)
            twin.apply(action)
        review = Stepping.of(session.game, session.city_states)
        for step in range(0, review.length + 1, 7):
            review.step = step
            scene = review.scene()
            assert scene.viewer is None and all(p.hand is None for p in scene.players)
            review_bar(ReviewScene(review.step, review.length, review.latest_line()))
            _screens(scene)
    assert seen_viewers >= {None, 0, 1, 2, 3}
    assert checked > 150


def test_the_viewers_own_hand_is_shown_so_the_check_can_fail() -> None:
    session = Session.start(["Ann", "Bo"], 4)
    tap_turn(session, "continue")
    viewer = session.seat
    before = _screens(table_scene(session))
    changed = dataclasses.replace(
        session, game=_with_hands_changed(session.game, None), _targets=None
    )
    after = _screens(table_scene(changed))
    assert after["panel"] != before["panel"]
    hand = session.game.players[viewer].hand
    assert table_scene(session).players[viewer].hand == tuple(hand)


def test_the_seed_is_not_in_a_running_games_scene_but_is_once_it_is_over() -> None:
    """With the seed anyone could replay the shuffles and learn every hand and stack."""
    session = Session.start(["Ann", "Bo"], 4)
    tap_turn(session, "continue")
    assert table_scene(session).seed is None
    review = Stepping.of(session.game, session.city_states)
    assert review.scene().seed is None
    game = session.game
    rng = Rng(4)
    while not game.is_over:
        game.apply(greedy_bot(game, rng))
    assert table_scene(session).seed == 4
    assert "4" in result_html(table_scene(session))
