"""The page's session: taps become rules actions only when a choice is complete."""

from __future__ import annotations

import attika
from attika.hexes import format_hex
from tests.web.commands import tap_turn
from web.play.notes import shown
from web.play.panel import side_panel
from web.play.scene import table_scene
from web.play.session import Session

from .commands import play


def started(players: int = 3, seed: int = 42) -> Session:
    session = Session.start([f"P{i}" for i in range(players)], seed)
    tap_turn(session, "continue")
    return session


def test_the_hand_stays_hidden_until_the_player_takes_over() -> None:
    session = Session.start(["Ann", "Bo"], 5)
    assert session.handover
    tap_turn(session, "draw", "1")
    assert shown(session.note) is not None
    assert session.name(session.seat) in shown(session.note)[1]
    assert session.game.actions == []
    tap_turn(session, "continue")
    assert not session.handover


def test_selecting_marks_exactly_the_legal_sites_with_their_cheapest_price() -> None:
    session = started()
    game = session.game
    for kind in sorted(game.players[game.current].stored):
        tap_turn(session, "select", kind)
        expected = {
            b.hex: b
            for b in game.legal_actions()
            if isinstance(b, attika.Build) and b.building == kind
        }
        assert session.targets() == expected
        tap_turn(session, "select", kind)  # a second tap puts it back
        assert session.selected is None


def test_a_tap_on_a_hex_that_is_not_marked_changes_nothing_and_says_why() -> None:
    session = started(2, 9)
    game = session.game
    kind = sorted(game.players[game.current].stored)[0]
    tap_turn(session, "select", kind)
    before = game.state()
    shrine = sorted(game.board.shrines)[0]
    tap_turn(session, "hex", format_hex(shrine))
    assert shown(session.note) is not None and shown(session.note)[0] == "error"
    assert "shrine" in shown(session.note)[1]
    tap_turn(session, "hex", "40,40")
    assert shown(session.note) is not None and "not a space of the board" in shown(session.note)[1]
    assert session.target is None and game.state() == before


def test_payment_steps_stay_within_the_hand_and_only_exact_payments_build() -> None:
    session = started()
    game = session.game
    seat = game.current
    build = next(b for b in game.legal_actions() if isinstance(b, attika.Build) and sum(b.payment))
    tap_turn(session, "select", build.building)
    tap_turn(session, "hex", format_hex(build.hex))
    assert session.payment == list(build.payment)
    hand = list(game.players[seat].hand)
    for i in range(4):
        for _ in range(10):
            tap_turn(session, "pay", f"+{i}")
    assert session.payment == hand
    before = game.state()
    if sum(hand) > sum(build.payment):
        tap_turn(session, "confirm")
        assert shown(session.note) is not None and shown(session.note)[0] == "error"
        assert game.state() == before
    tap_turn(session, "cheapest")
    tap_turn(session, "confirm")
    assert game.board.buildings[build.hex] == (seat, build.building)
    assert sum(game.players[seat].hand) == sum(hand) - sum(build.payment)
    assert session.selected is None and session.target is None


def test_a_drawn_building_is_selected_and_must_be_dealt_with_first() -> None:
    session = started(2, 3)
    tap_turn(session, "draw", "1")
    drawn = session.game.turn.drawn
    assert drawn is not None and session.selected == drawn[0]
    other = next(k for k in session.game.players[session.seat].stored if k != drawn[0])
    tap_turn(session, "select", other)
    assert shown(session.note) is not None and "drew" in shown(session.note)[1]
    assert session.selected == drawn[0]
    tap_turn(session, "store")
    assert session.selected is None and session.game.turn.drawn is None


def test_ending_a_turn_hands_over_and_logs_the_cards_taken() -> None:
    session = started(2, 3)
    seat = session.seat
    tap_turn(session, "end", "sure")
    assert session.handover and session.seat != seat
    assert session.log[-1].text.endswith("took 3 cards.")


def test_laying_a_tile_takes_a_site_a_turn_and_a_confirmation() -> None:
    from e2e.positions import last_building_in_a_stack, play_until

    game = play_until(2, 4, last_building_in_a_stack)
    session = Session.resume(game)
    tap_turn(session, "continue")
    stack = next(i for i, s in enumerate(game.players[game.current].stacks) if len(s) == 1)
    tap_turn(session, "draw", str(stack))
    tap_turn(session, "store")
    assert session.phase == "tile"
    sites = session.game.board.tile_sites()
    tap_turn(session, "confirm")
    assert session.phase == "tile" and shown(session.note) is not None
    tap_turn(session, "site", "50,50")
    assert shown(session.note) is not None and shown(session.note)[0] == "error"
    site = format_hex(sites[0])
    tap_turn(session, "site", site)
    tap_turn(session, "rotate", "-1")
    assert session.rotation == 5
    hexes = len(session.game.board.landscape)
    tap_turn(session, "site", site)  # a second tap on the chosen place lays the tile
    assert len(session.game.board.landscape) == hexes + 7
    assert session.game.actions[-1] == f"tile {site} 5"


def test_resume_rebuilds_the_same_game_and_its_log() -> None:
    session = started(3, 8)
    for text in ("draw 2", "store", "draw 3", "store", "end"):
        play(session, text)
    again = Session.resume(attika.Game.from_json(session.game.to_json()))
    assert again.game.state() == session.game.state()
    assert [line.text for line in again.log] == [line.text for line in session.log]
    assert again.handover


def test_names_are_escaped_and_setup_rejects_bad_choices() -> None:
    import pytest

    from web.table.setup import Setup

    setup = Setup(count=2)
    setup.names[:2] = ["Ann", "ann "]
    with pytest.raises(ValueError, match="same name"):
        setup.start_session()
    setup.names[1] = "<b>Bo</b>"
    setup.choose(1, "athens")
    assert setup.city_states[:2] == ["corinth", "athens"]
    setup.seed_text = "12x"
    with pytest.raises(ValueError, match="whole number"):
        setup.apply_seed_text()
    setup.seed_text = "12"
    setup.apply_seed_text()
    session = setup.start_session()
    assert session.game.seed == 12 and session.city_states == ["corinth", "athens"]
    panel = side_panel(table_scene(session))
    assert "<b>Bo</b>" not in panel and "&lt;b&gt;Bo&lt;/b&gt;" in panel


def test_ending_with_actions_left_asks_first_and_keep_playing_changes_nothing() -> None:
    session = started(2, 5)
    play(session, "draw 1")
    play(session, "store")
    before = session.game.state()
    tap_turn(session, "end")
    assert session.confirm_end and session.game.state() == before
    panel = side_panel(table_scene(session))
    assert "You still have 1 action" in panel and 'data-arg="sure"' in panel
    tap_turn(session, "cancel")
    assert not session.confirm_end and session.game.state() == before
    tap_turn(session, "end")
    tap_turn(session, "end", "sure")
    assert session.game.actions[-1] == "end" and session.handover


def test_ending_with_every_action_used_does_not_ask() -> None:
    session = started(2, 5)
    for action in ("draw 1", "store", "draw 2", "store"):
        play(session, action)
    tap_turn(session, "end")
    assert not session.confirm_end and session.game.actions[-1] == "end"


def test_undo_takes_back_a_build_with_its_log_lines_but_never_a_draw() -> None:
    session = started(3, 42)
    game = session.game
    build = next(a for a in game.legal_actions() if isinstance(a, attika.Build))
    hand = list(game.players[game.current].hand)
    log = list(session.log)
    play(session, build)
    assert 'data-cmd="undo"' in side_panel(table_scene(session))
    tap_turn(session, "undo")
    assert shown(session.note) is not None and shown(session.note)[0] == "info"
    assert "Taken back:" in shown(session.note)[1] and "built" in shown(session.note)[1]
    assert session.log == log and game.players[game.current].hand == hand
    assert game.board.buildings.get(build.hex) is None
    tap_turn(session, "undo")  # nothing left this turn
    assert shown(session.note) == ("error", "Nothing to take back yet this turn.")

    drawing = started(3, 42)
    play(drawing, "draw 1")
    panel = side_panel(table_scene(drawing))
    assert 'data-cmd="undo"' not in panel and "the draw is final" in panel
    tap_turn(drawing, "undo")
    assert shown(drawing.note) is not None and shown(drawing.note)[0] == "error"
    assert drawing.game.actions == ["draw 1"]


def test_a_resumed_game_can_still_take_back_this_turns_build() -> None:
    """Resuming replays the record with attika.replay: the log and the take-back come along."""
    session = started(2, 42)
    build = next(a for a in session.game.legal_actions() if isinstance(a, attika.Build))
    play(session, build)
    resumed = Session.resume(attika.Game.from_json(session.game.to_json()))
    assert [line.text for line in resumed.log] == [line.text for line in session.log]
    tap_turn(resumed, "continue")
    tap_turn(resumed, "undo")
    assert shown(resumed.note) is not None and shown(resumed.note)[0] == "info"
    assert resumed.game.actions == [] and resumed.log == []


def _stored_building_with_no_place() -> tuple[Session, str]:
    """A session whose player may place a waiting building by the rules but has no hex for
    it they can pay for (found by playing seeded games with the easy computer)."""
    from attika.bots import greedy_bot
    from attika.rng import Rng

    for seed in range(1, 60):
        session = started(2, seed)
        rng = Rng(seed)
        game = session.game
        for _ in range(400):
            if game.is_over:
                break
            if not session.handover and game.turn.drawn is None:
                for kind in sorted(game.players[game.current].stored):
                    builds = [
                        b
                        for b in game.legal_actions()
                        if isinstance(b, attika.Build) and b.building == kind
                    ]
                    if attika.placeable(game, kind) is None and not builds:
                        return session, kind
            play(session, greedy_bot(game, rng))
    raise AssertionError("no seeded game has a waiting building with no place")


def test_a_building_with_no_place_is_not_chosen_and_the_reason_is_an_alert() -> None:
    session, kind = _stored_building_with_no_place()
    before = session.game.state()
    tap_turn(session, "select", kind)
    assert session.selected is None, "the board would be dimmed with nothing to choose"
    note = shown(session.note)
    assert note is not None and note[0] == "error" and "cannot go anywhere" in note[1]
    assert session.game.state() == before


def test_greyed_stacks_say_why_and_no_longer_offer_a_draw() -> None:
    import re

    session = started(2, 9)
    game = session.game
    panel = str(side_panel(table_scene(session)))
    assert "draw from it" in panel and 'id="draw-why"' not in panel
    build = next(b for b in game.legal_actions() if isinstance(b, attika.Build))
    play(session, build)  # a build turn: no drawing now
    panel = str(side_panel(table_scene(session)))
    why = re.search(r'<p class="hint" id="draw-why">([^<]+)</p>', panel)
    assert why is not None and "build" in why.group(1).lower()
    assert "draw from it" not in panel
    assert panel.count('aria-describedby="draw-why"') == 4
