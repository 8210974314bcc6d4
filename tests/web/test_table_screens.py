"""What the table's panel says, turn by turn, at the moment a player needs it (issue 40):
drawn from scenes of seeded games, in English."""

from __future__ import annotations

import html
import re
from pathlib import Path

import attika
from attika.bots import greedy_bot
from attika.hexes import format_hex
from attika.rng import Rng
from tests.web.commands import tap_turn
from web.board.board_text import board_words
from web.core.storage import MemoryStorage
from web.core.text import set_language
from web.play.hand import stored_buttons
from web.play.notes import shown
from web.play.panel import side_panel
from web.play.scene import table_scene
from web.play.session import Session
from web.play.spoken import turn_said
from web.table.saves import Shelf

from .commands import HeldTable, opened, play, run, tap


def _resumed(seed: int, actions: int) -> Session:
    """A 2-player game of people after the greedy bot's first ``actions`` actions."""
    set_language("en")
    game = attika.new_game(2, seed)
    rng = Rng(seed)
    for _ in range(actions):
        game.apply(greedy_bot(game, rng))
    session = Session.resume(game)
    tap_turn(session, "continue")
    return session


def _button(markup: str, kind: str) -> str:
    found = re.search(rf'<button[^>]*data-arg="{kind}"[^>]*>', markup)
    assert found is not None, kind
    return found.group(0)


def test_a_building_with_no_place_is_greyed_and_says_why_beside_it() -> None:
    """Seed 4 after four actions: the Silver mine may be built this turn, but there is no
    hex its owner can pay for; the Theatre has places."""
    session = _resumed(4, 4)
    game = session.game
    assert attika.placeable(game, "silvermine") is None and not attika.targets(game, "silvermine")
    markup = stored_buttons(table_scene(session))
    silver = _button(markup, "silvermine")
    assert "disabled" in silver
    assert 'aria-describedby="nowhere-silvermine"' in silver
    reason = re.search(r'<p class="hint nowhere" id="nowhere-silvermine">([^<]*)</p>', markup)
    assert reason is not None
    assert reason.group(1) == (
        "The Silver mine cannot go anywhere now: no free hex you can pay for."
    )
    assert "disabled" not in _button(markup, "theatre")
    assert "nowhere-theatre" not in markup


def test_after_a_draw_the_greyed_player_board_says_why() -> None:
    """A draw makes the turn a drawing turn: the waiting buildings are greyed and say so
    (the stacks said why when a build greyed them; the buildings said nothing)."""
    session = _resumed(4, 4)
    tap_turn(session, "draw", "1")
    scene = table_scene(session)
    drawn = session.game.turn.drawn
    if drawn is not None and scene.current.stored:  # the drawn building first, then the rule
        first = re.search(r'<p class="hint" id="build-why">([^<]*)</p>', stored_buttons(scene))
        assert first is not None and first.group(1).startswith("First build or store the")
    if drawn is not None:
        tap_turn(session, "store", "")
        scene = table_scene(session)
    markup = stored_buttons(scene)
    reason = re.search(r'<p class="hint" id="build-why">([^<]*)</p>', markup)
    assert reason is not None
    assert reason.group(1) == "This turn you chose to draw buildings, so no building this turn."
    for kind, _ in scene.current.stored:
        button = _button(markup, kind)
        assert "disabled" in button and 'aria-describedby="build-why"' in button


def test_the_log_shuts_when_the_device_goes_to_the_next_player() -> None:
    """Two people at one device: the first opens the log and ends the turn; the next player
    starts on the table (the log had stayed open over their turn and its Hint button)."""
    set_language("en")
    table = HeldTable(new_id=lambda: "g1", now=lambda: 0, random_seed=lambda: 7)
    run(table, opened(table, {"players": "2", "seed": "8"}))
    run(table, tap(table, "continue"))
    run(table, tap(table, "log"))
    assert table.log_open
    run(table, tap(table, "end"))
    run(table, tap(table, "end", "sure"))
    assert table.session is not None and table.session.handover
    assert not table.log_open


def test_a_build_that_costs_nothing_says_paying_nothing_as_the_log_does() -> None:
    """Seed 2: the Agora on 4,2 costs nothing (its symbols cover the price), which is not
    the arrow's "free": the button says "paying nothing", the word the log uses after."""
    session = _resumed(2, 0)
    tap_turn(session, "select", "agora")
    tap_turn(session, "hex", "4,2")
    panel = side_panel(table_scene(session))
    assert "Build, paying nothing" in panel and "Build for free" not in panel
    tap_turn(session, "confirm", "")
    assert "built the Agora, paying nothing." in session.log[-1].text


def test_no_two_places_to_build_share_a_name() -> None:
    """The first turns of ten seeded games, every waiting building chosen: each marked hex
    has a name of its own (choosing the Village, three places were all called "Empty hex,
    paying 1 Mountain, 1 Forest, 1 Water"), and none names coordinates."""
    alike_seen = 0
    for seed in range(1, 11):
        session = _resumed(seed, 0)
        for kind, _ in table_scene(session).current.stored:
            tap_turn(session, "select", kind)
            scene = table_scene(session)
            targets = scene.marks.targets
            if session.selected != kind or not targets:
                continue
            words = board_words(scene, targets, targets, ()).hexes
            names = [words[h] for h in targets]
            assert len(set(names)) == len(names), (seed, kind, sorted(names))
            assert not any(re.search(r"-?\d+,-?\d+", n) for n in names)
            alike_seen += sum("alike)" in n or "of the board" in n for n in names)
            tap_turn(session, "select", kind)  # chosen again: let go
    assert alike_seen, "no two places were alike in ten games: the test tests nothing"


def test_each_card_put_forward_is_said_with_the_whole_payment() -> None:
    """Seed 1, the Quarry for 1 Hill and 2 Mountain: every step of the payment is said
    whole (each landscape's count, then how it reads), the steppers are named with their
    count, and the counts are no <output> (each step drew four anew, each one read out)."""
    session = _resumed(1, 0)
    tap_turn(session, "select", "quarry")
    spot = next(h for h, b in session.targets().items() if b.payment == (1, 2, 0, 0))
    tap_turn(session, "hex", format_hex(spot))
    scene = table_scene(session)
    assert ("Paying 1 Hill, 2 Mountain. This pays exactly.") in [w for _, w in turn_said(scene)]
    panel = side_panel(scene)
    assert "<output" not in panel
    assert 'aria-label="One Mountain card fewer (2 put forward)"' in panel
    tap_turn(session, "pay", "-1")
    said = [w for _, w in turn_said(table_scene(session))]
    assert any(w.startswith("Paying 1 Hill, 1 Mountain. ") and "needed" in w for w in said)
    assert 'aria-label="One more Mountain card (1 put forward)"' in side_panel(table_scene(session))


def test_what_to_do_is_said_when_it_changes_never_on_a_computers_move() -> None:
    """Against the easy computer: the person hears whose turn and what to do when that
    changes (their turn starts, a draw is made), and nothing of it while the computer plays
    (the status strip was a live region, redrawn and read on each of its moves)."""
    session = Session.start(["Ann", "Bot"], 8, seats=["human", "easy"])
    rng = Rng(8)
    before: set[str] = set()
    starts = 0
    index = (Path(__file__).resolve().parents[2] / "index.html").read_text()
    strip = re.search(r'<p id="status-top"[^>]*>', index)
    assert strip is not None and "aria-live" not in strip.group(0)
    while not session.game.is_over and session.game.turn_number <= 10:
        if session.handover:
            tap_turn(session, "continue")
        said = turn_said(table_scene(session))
        fresh = [words for key, words in said if key.startswith("turn:") and key not in before]
        if session.computer(session.seat) is not None:
            assert fresh == [], fresh
            session.play_computer(greedy_bot(session.game.copy(), rng), len(session.game.actions))
        else:
            assert len(fresh) <= 1
            if session.game.turn.mode is None and session.game.turn.drawn is None:
                starts += fresh == ["Ann: Draw buildings or build"]
            play(session, greedy_bot(session.game.copy(), rng))
        before = {key for key, _ in said}
    assert starts >= 3


class _Full(MemoryStorage):
    """A browser's storage with no room left: its refusal is the browser's own words."""

    def setItem(self, key: str, value: str) -> None:
        raise RuntimeError(
            "QuotaExceededError: Failed to execute 'setItem' on 'Storage': Setting the value"
            f" of '{key}' exceeded the quota."
        )


def test_a_full_storage_is_told_in_the_players_words() -> None:
    """The move is played and the player is told, in words of the game, that it was not
    kept and what to do; never the browser's "QuotaExceededError: Failed to execute..."."""
    set_language("en")
    table = HeldTable(new_id=lambda: "g1", now=lambda: 0, random_seed=lambda: 7)
    run(table, opened(table, {"players": "2", "seed": "8"}))
    run(table, tap(table, "continue"))
    full = _Full()
    full.items = dict(table.shelf.storage.items)  # type: ignore[attr-defined]
    table.shelf = Shelf(full)
    run(table, tap(table, "draw", "1"))
    assert table.session is not None and table.session.game.actions == ["draw 1"]
    words = table.session.note and shown(table.session.note)
    assert words is not None
    assert words[1].startswith("This browser has no room left to save the game")
    assert "Quota" not in words[1] and "setItem" not in words[1]


def test_the_hosts_hand_says_whose_it_is_while_a_device_seat_moves() -> None:
    """Ann plays at the host, Bo on his own device: while Bo moves, the host shows Ann's
    cards under Bo's turn, named as hers in every language ("Your cards" read as Bo's);
    on Ann's own turn, and while a computer moves, they are "your" cards."""
    names = {"en": "Ann's cards", "de": "Karten von Ann", "nl": "Kaarten van Ann"}
    for language, words in names.items():
        set_language(language)
        session = Session.start(["Ann", "Bo"], 6, start=0, seats=["human", "device"])
        own = side_panel(table_scene(session))
        assert words not in own and "<h2>Ann" not in own
        play(session, "end")
        assert session.seat == 1 and session.viewer == 0
        held = sum(session.game.players[0].hand)
        heading = re.search(
            r'<section class="hand"><h2>([^<]*)</h2>', side_panel(table_scene(session))
        )
        assert heading is not None and html.unescape(heading.group(1)) == f"{words} ({held})"
    set_language("en")
    session = Session.start(["Ann", "Cy"], 6, start=0, seats=["human", "normal"])
    play(session, "end")
    assert session.seat == 1 and "Your cards (" in side_panel(table_scene(session))


def test_several_buildings_with_no_place_share_one_line_of_why() -> None:
    """Seed 11: the second player spends every card on the Gymnasium, and three of the
    four buildings still waiting have no place: one line under them names them all (a line each
    took a phone's whole screen), and each greyed button points to it."""
    set_language("en")
    game = attika.new_game(2, 11)
    rng = Rng(11)
    while not (
        len(game.actions) > 12
        and game.turn.mode is None
        and len(game.players[game.current].stored) >= 5
    ):
        game.apply(greedy_bot(game, rng))
    game.apply("build gymnasium -1,0 MMFWW")
    session = Session.resume(game)
    tap_turn(session, "continue")
    scene = table_scene(session)
    markup = stored_buttons(scene)
    assert scene.offer is not None
    waiting = [kind for kind, _ in scene.current.stored if kind in scene.offer.nowhere]
    assert len(waiting) == 3
    reasons = re.findall(r'<p class="hint nowhere" id="([^"]*)">([^<]*)</p>', markup)
    names = ", ".join(attika.COMPONENTS.buildings[kind].names["en"] for kind in waiting)
    assert reasons == [
        ("nowhere-all", f"Nowhere to build now, no free hex you can pay for: {names}.")
    ]
    for kind in waiting:
        button = _button(markup, kind)
        assert "disabled" in button and 'aria-describedby="nowhere-all"' in button
