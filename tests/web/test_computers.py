"""Computer players at the table: seats, no hand-over with one person, thinking answered by
the controller, pause and step, saves that remember who played, and the hint."""

from __future__ import annotations

import itertools
import json

import pytest

import attika
from attika.actions import Build, DrawBuilding, EndTurn, PlaceTile
from attika.bots import random_position
from tests.hidden import reshuffle_hidden
from tests.web.commands import HeldTable, opened, play, run, tap, tap_turn
from web.core.storage import MemoryStorage
from web.core.text import set_language
from web.play.actions import action_area
from web.play.computers import Think, Thinking, seed_for
from web.play.hand import hand_html
from web.play.notes import shown
from web.play.panel import side_panel
from web.play.scene import table_scene
from web.play.session import Session
from web.table.effects import Save, StopThinking
from web.table.messages import ComputerMoved
from web.table.saves import Shelf, export_text, read_game_file
from web.table.update import autosave, update


def tab(storage: MemoryStorage | None = None) -> HeldTable:
    ids = (f"g{i}" for i in itertools.count(1))
    clock = itertools.count(1000, 1000)
    return HeldTable(
        shelf=Shelf(storage if storage is not None else MemoryStorage()),
        new_id=lambda: next(ids),
        now=lambda: next(clock),
        random_seed=lambda: 77,
    )


def thought(effects: list) -> Think | None:
    found = [e for e in effects if isinstance(e, (Think, StopThinking))]
    return found[-1] if found and isinstance(found[-1], Think) else None


def answer(ctl: HeldTable, asked: Think) -> list:
    """What the binder does with a Think: search to the end, hand the action back."""
    assert ctl.session is not None
    action = Thinking(ctl.session.game, asked.level).finish()
    effects = update(ctl, ComputerMoved(asked, action))[1]
    run(ctl, list(effects))
    return effects


def test_against_one_computer_there_is_no_hand_over_and_my_hand_stays_in_view() -> None:
    ctl = tab()
    effects = opened(ctl, {"players": "2", "seed": "4", "seats": "human,easy"})
    session = ctl.session
    assert session is not None and not session.handover
    game = session.game
    me = 0
    if game.current != me:  # the computer begins: it is asked at once
        asked = thought(effects)
        assert asked is not None and asked.seat == 1
        while game.current != me:
            asked = thought(answer(ctl, asked)) or asked
    assert thought(tap(ctl, "end", "sure")) == Think("g1", 1, "easy", len(game.actions))
    scene = ctl.shown()
    assert scene is not None and not scene.handover
    assert scene.viewer == me and scene.players[me].hand is not None  # my cards, in view
    assert scene.players[1].hand is None  # never the computer's
    assert "computer" in side_panel(scene)  # the panel says a computer is playing
    assert 'data-cmd="draw"' not in action_area(scene)  # and I cannot act for it
    tap(ctl, "draw", "0")
    assert shown(session.note) is not None and shown(session.note)[0] == "info"
    assert len(game.actions) == thought([ctl.asked]).asked_at  # type: ignore[union-attr,list-item]


def test_a_whole_game_of_computers_is_watched_paused_and_stepped() -> None:
    ctl = tab()
    effects = opened(ctl, {"players": "3", "seed": "9", "seats": "easy,easy,normal"})
    assert ctl.paused and thought(effects) is None  # a demonstration waits to be started
    asked = thought(tap(ctl, "step"))
    assert asked is not None
    effects = answer(ctl, asked)
    assert thought(effects) is None and len(ctl.session.game.actions) == 1  # type: ignore[union-attr]
    asked = thought(tap(ctl, "pause"))  # play on
    assert asked is not None and not ctl.paused
    turns = 0
    while asked is not None:
        asked = thought(answer(ctl, asked))
        turns += 1
        assert turns < 3000, "the game does not end"
    game = ctl.session.game  # type: ignore[union-attr]
    assert game.is_over
    stored = read_game_file(
        json.dumps(json.loads(ctl.shelf.storage.getItem("attika.game.g1"))["file"])
    )
    assert stored.seats == ["easy", "easy", "normal"] and stored.game.actions == game.actions


def test_an_answer_to_an_old_position_is_dropped() -> None:
    ctl = tab()
    opened(ctl, {"players": "2", "seed": "3", "seats": "easy,easy"})
    asked = thought(tap(ctl, "pause"))
    assert asked is not None
    action = Thinking(ctl.session.game, "easy").finish()  # type: ignore[union-attr]
    assert isinstance(tap(ctl, "pause")[-1], StopThinking)  # paused again meanwhile
    update(ctl, ComputerMoved(asked, action))
    assert ctl.session.game.actions == []  # type: ignore[union-attr]
    tap(ctl, "pause")
    assert thought([ctl.asked]) is not None  # type: ignore[list-item]
    tap(ctl, "new-game")
    assert ctl.asked is None  # the start screen stops the search
    tap(ctl, "setup-start")
    update(ctl, ComputerMoved(asked, action))  # another game now: nothing happens to it
    assert ctl.session is not None and ctl.session.game.actions == []


def test_a_reloaded_game_goes_on_with_the_same_players_and_the_same_move() -> None:
    storage = MemoryStorage()
    first = tab(storage)
    effects = opened(first, {"players": "2", "seed": "12", "seats": "strong,human"})
    run(first, effects)
    session = first.session
    assert session is not None
    while session.computer(session.seat) is None:  # the person begins: hand it over
        play(session, "end")
        run(first, autosave(first))
    assert first.thinker() is not None
    again = tab(storage)
    effects = run(again, opened(again, {"game": "g1"}))
    assert again.session is not None and again.session.seats == ["strong", "human"]
    assert thought(effects) is not None  # the computer thinks again after the reload
    before = Thinking(first.session.game, "strong").finish()  # type: ignore[union-attr]
    after = Thinking(again.session.game, "strong").finish()
    assert before == after  # the same seed from the same position: the same move


def test_the_new_game_form_seats_computers_and_play_against_the_computer_is_one_tap() -> None:
    ctl = tab()
    run(ctl, opened(ctl, {}))
    effects = tap(ctl, "setup-vs-computer")
    assert ctl.session is not None and ctl.session.seats == ["human", "normal"]
    assert not ctl.session.handover
    tap(ctl, "new-game")
    assert ctl.setup is not None and ctl.setup.seats[:2] == ["human", "normal"]
    tap(ctl, "setup-count", "3")
    tap(ctl, "setup-seat", "2:strong")
    tap(ctl, "setup-seat", "1:human")
    tap(ctl, "setup-seat", "0:grandmaster")  # not a choice: ignored
    tap(ctl, "setup-start")
    assert ctl.session.seats == ["human", "human", "strong"]
    assert ctl.session.handover == (ctl.session.seat != 2)  # two people share the device
    assert effects


def test_two_people_and_a_computer_pass_the_device_only_between_people() -> None:
    session = Session.start(["Ann", "Bo", "Cy"], 5, start=0, seats=["human", "easy", "human"])
    assert session.handover
    tap_turn(session, "continue")
    play(session, "end")
    assert not session.handover and session.seat == 1  # the computer: nobody is handed it
    assert session.viewer is None  # and no hand is shown while it plays
    scene = table_scene(session)
    assert all(p.hand is None for p in scene.players)
    session.play_computer(EndTurn(), len(session.game.actions))
    assert session.handover and session.seat == 2


def test_a_game_file_remembers_who_played_and_a_bad_seat_is_named() -> None:
    game = attika.new_game(["Ann", "Bot"], 4)
    text = export_text(game, ["athens", "sparta"], ["human", "strong"])
    assert read_game_file(text).seats == ["human", "strong"]
    data = json.loads(text)
    data["seats"] = ["human", "grandmaster"]
    with pytest.raises(attika.SaveError, match="human, device, easy, normal, strong"):
        read_game_file(json.dumps(data))
    del data["seats"]  # a file from before computer players: everyone a person
    assert read_game_file(json.dumps(data)).seats == ["human", "human"]


@pytest.mark.slow
def test_the_computer_sees_only_its_seat() -> None:
    """Two games that differ only in what the computer's seat cannot see: the same move."""
    for seed in range(6):
        game = random_position(2 + seed % 3, seed, seed * 9)
        if game.is_over:
            continue
        other = reshuffle_hidden(game, game.current, seed + 100)
        assert other.to_json() != game.to_json()
        for level in ("easy", "normal", "strong"):
            assert Thinking(game, level).finish() == Thinking(other, level).finish(), (seed, level)


def test_thinking_in_slices_gives_the_move_of_thinking_at_once() -> None:
    game = attika.new_game(2, 8)
    sliced = Thinking(game, "strong")
    slices = 0
    while sliced.work(0.001) is None:
        slices += 1
    assert slices > 1
    assert sliced.action == Thinking(game, "strong").finish()
    assert seed_for(game) != seed_for(attika.new_game(2, 9))


def test_a_hint_marks_a_legal_move_says_why_and_goes_after_the_move() -> None:
    set_language("en")
    seen = set()
    for seed in range(8):
        session = Session.start(["Ann", "Bo"], seed, seats=["human", "human"])
        tap_turn(session, "continue")
        for _ in range(30):
            if session.game.is_over:
                break
            if session.handover:
                tap_turn(session, "continue")
            tap_turn(session, "hint")
            hinted = session.hint
            assert hinted is not None and session.game.is_legal(hinted.action)
            scene = table_scene(session)
            panel = side_panel(scene)
            assert "hint-box" in panel
            seen.add(hinted.reason)
            if isinstance(hinted.action, Build):
                assert scene.marks.hint == hinted.action.hex
            if isinstance(hinted.action, DrawBuilding):
                assert f'class="stack hinted" data-stack="{hinted.action.stack}"' in panel
            if isinstance(hinted.action, PlaceTile):
                assert scene.marks.hint == hinted.action.centre
            play(session, hinted.action)  # a hint followed by taps is played as shown
            assert session.hint is None
    assert {"draw", "chain"} <= seen


def test_hints_can_be_switched_off() -> None:
    session = Session.start(["Ann", "Bo"], 1, seats=["human", "human"])
    tap_turn(session, "continue")
    session.hints = False
    tap_turn(session, "hint")
    assert session.hint is None and "hint" not in action_area(table_scene(session))
    assert "Hint" not in hand_html(table_scene(session))


def test_the_panel_shows_a_paused_computer_with_its_controls() -> None:
    ctl = tab()
    opened(ctl, {"players": "2", "seed": "2", "seats": "normal,strong"})
    scene = ctl.shown()
    assert scene is not None and scene.paused and not scene.thinking
    area = action_area(scene)
    assert 'data-cmd="step"' in area and 'data-cmd="pause"' in area
    assert 'data-cmd="skip"' not in area  # nobody to skip to


def test_saving_records_the_seats() -> None:
    effects = opened(tab(), {"players": "2", "seed": "2", "seats": "human,easy"})
    saves = [e for e in effects if isinstance(e, Save)]
    assert saves and json.loads(saves[0].entry.file)["seats"] == ["human", "easy"]


def test_the_kept_games_list_names_the_computers() -> None:
    from web.table.scenes import KeptScene
    from web.table.screens import saved_games_html

    set_language("en")
    ctl = tab()
    run(ctl, opened(ctl, {"players": "2", "seed": "2", "seats": "human,strong"}))
    games = ctl.shelf.games()
    assert games[0].seats == ("human", "strong")
    listed = saved_games_html(KeptScene(tuple(games), (), None, None, None))
    assert "Athens, Corinth: computer (strong)" in listed


def test_a_lesson_can_hide_the_hint_and_every_other_shipped_one_hints_a_legal_move() -> None:
    from pathlib import Path

    from web.play.messages import AskHint
    from web.teach.position import Position
    from web.teach.store import position_update

    set_language("en")
    hidden = []
    for path in sorted(Path("scenarios").glob("*.json")):
        pos = Position("k", attika.load_scenario(path.read_text("utf-8"), path.stem))
        position_update(pos, AskHint())
        scene = table_scene(pos.session)
        if "hint" in pos.scenario.hide:
            hidden.append(path.stem)
            assert pos.session.hint is None and "hint-button" not in action_area(scene)
        elif scene.acting:
            assert pos.session.hint is not None
            assert pos.session.game.is_legal(pos.session.hint.action), path.stem
    assert {"cost-by-landscape", "free-build", "two-for-one"} <= set(hidden)
    with pytest.raises(attika.ScenarioError, match=r"hide\[0\].*hint"):
        data = json.loads(Path("scenarios/roads.json").read_text("utf-8"))
        data["hide"] = ["answer"]
        attika.load_scenario(data, "roads")
