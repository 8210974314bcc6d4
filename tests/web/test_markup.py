"""The markup the page shows: test hooks, marks for choices, prices, the payment note."""

from __future__ import annotations

import re

import attika
from attika.cost import Due
from attika.hexes import format_hex
from tests.web.commands import tap_turn
from web.board.board_svg import board_drawing, board_svg
from web.play.panel import side_panel
from web.play.payment import payment_note
from web.play.scene import table_scene
from web.play.session import Session
from web.play.status import status

from .commands import play
from .test_session import started


def hooks(markup: str, name: str) -> dict[str, str]:
    """data-hex -> value of another data- attribute, for every hex that has it."""
    found = {}
    for tag in re.findall(r"<g [^>]*data-hex=[^>]*>", markup):
        h = re.search(r'data-hex="([^"]+)"', tag)
        v = re.search(rf'data-{name}="([^"]*)"', tag)
        if h and v:
            found[h.group(1)] = v.group(1)
    return found


def test_every_hex_shrine_and_building_carries_its_hook() -> None:
    from e2e.positions import late_game

    session = Session.resume(late_game())
    tap_turn(session, "continue")
    game = session.game
    markup, (_, _, w, h) = board_svg(table_scene(session))
    hexes = re.findall(r'data-hex="([^"]+)"', markup)
    assert sorted(hexes) == sorted(
        format_hex(h) for h in set(game.board.landscape) | game.board.shrines
    )
    assert hooks(markup, "owner") == {
        format_hex(h): str(seat) for h, (seat, _) in game.board.buildings.items()
    }
    assert set(hooks(markup, "shrine")) == {format_hex(h) for h in game.board.shrines}
    assert w > 0 and h > 0
    panel = side_panel(table_scene(session))
    assert sorted(re.findall(r'data-stack="(\d)"', panel)) == ["0", "1", "2", "3"]


def test_the_selected_building_marks_legal_hexes_with_prices_and_free_ones_as_free() -> None:
    session = started(2, 3)
    game = session.game
    kinds = sorted(game.players[game.current].stored)
    tap_turn(session, "select", kinds[0])
    markup, _ = board_svg(table_scene(session))
    legal = re.findall(r'<g class="hex [^"]*\blegal\b[^"]*" data-hex="([^"]+)"', markup)
    assert sorted(legal) == sorted(format_hex(h) for h in session.targets())
    assert 'class="board selecting"' in markup
    for h, build in session.targets().items():
        if build.payment == (0, 0, 0, 0):
            assert f'data-hex="{format_hex(h)}"' in markup


def test_a_free_build_is_marked_free_with_its_reason() -> None:
    # play until some seat has a free placement on offer
    game = attika.new_game(2, 11)
    rng = __import__("random").Random(11)
    for _ in range(2000):
        free = [
            a
            for a in game.legal_actions()
            if isinstance(a, attika.Build) and game.quote(a.building, a.hex).free
        ]
        if free and game.turn.drawn is None:
            break
        game.apply(rng.choice(game.legal_actions()))
    else:
        raise AssertionError("no free build found")
    session = Session.resume(game)
    tap_turn(session, "continue")
    build = free[0]
    tap_turn(session, "select", build.building)
    markup, _ = board_svg(table_scene(session))
    tag = re.search(rf'<g class="([^"]*)" data-hex="{format_hex(build.hex)}"', markup)
    assert tag and "free-here" in tag.group(1)
    tap_turn(session, "hex", format_hex(build.hex))
    panel = side_panel(table_scene(session))
    assert "Free: it stands next to your" in panel
    assert "Build for free" in panel


def test_payment_note_explains_two_for_one_and_refuses_inexact_payments() -> None:
    due = Due((1, 1, 0, 0), 0)
    assert payment_note([1, 1, 0, 0], due) == (True, "This pays exactly.")
    ok, text = payment_note([1, 0, 2, 0], due)
    assert ok and "Missing 1 Mountain card: 2 others stand in for it." in text
    ok, text = payment_note([1, 0, 1, 0], due)
    assert not ok and "1 more card is needed." in text
    ok, text = payment_note([1, 1, 1, 0], due)
    assert not ok and "1 card too many" in text
    assert payment_note([0, 0, 3, 2], Due((0, 0, 0, 0), 5))[0]


def test_status_line_counts_actions() -> None:
    session = started(2, 3)
    assert status(table_scene(session)) == "Draw buildings or build"
    play(session, "draw 1")
    assert status(table_scene(session)).startswith("Build or store the ")
    play(session, "store")
    # what is left, not the step ("Draw 2 of 2" read as done)
    assert status(table_scene(session)) == "Draw: 1 more of 2"
    named = status(table_scene(session), named=True)
    assert named == f"{session.name(session.seat)}: Draw: 1 more of 2"


def test_a_selection_redraws_only_the_hexes_it_marks() -> None:
    """The page patches only changed hexes; the rest of a late-game board stays as it was."""
    from e2e.positions import late_game

    session = Session.resume(late_game())
    tap_turn(session, "continue")
    before = board_drawing(table_scene(session))
    # the stored building with the fewest places: a choice that leaves most of the board alone
    stored = sorted(session.game.players[session.seat].stored)
    kind = min(stored, key=lambda k: len(attika.targets(session.game, k)))
    tap_turn(session, "select", kind)
    after = board_drawing(table_scene(session))
    changed = after.changed(before)
    assert changed is not None
    assert {after.pieces[i][0] for i in changed} == {format_hex(h) for h in session.targets()}
    assert len(changed) < len(after.pieces) // 10
    assert after.mode == "board selecting" and f'class="{after.mode}"' in after.markup()
    assert after.changed(after) == []


def test_a_revealed_tile_redraws_the_whole_board() -> None:
    from e2e.positions import last_building_in_a_stack, play_until

    game = play_until(2, 4, last_building_in_a_stack)
    session = Session.resume(game)
    tap_turn(session, "continue")
    stack = next(i for i, s in enumerate(game.players[game.current].stacks) if len(s) == 1)
    tap_turn(session, "draw", str(stack))
    before = board_drawing(table_scene(session))
    tap_turn(session, "store")
    assert session.phase == "tile"
    after = board_drawing(table_scene(session))
    assert after.changed(before) is None
    assert any(key.startswith("site ") for key, _ in after.pieces)
