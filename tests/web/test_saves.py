"""Saved games, resuming, import and export, stepping through: the page's memory."""

from __future__ import annotations

import itertools
import json

import pytest

import attika
from tests.web.commands import HeldTable, opened, run, tap
from web.core.storage import MemoryStorage
from web.play.notes import shown
from web.table.effects import Address, Download, Effect
from web.table.messages import FileChosen, Kept
from web.table.saves import (
    BROKEN,
    GAME,
    SaveError,
    Shelf,
    export_text,
    read_game_file,
)
from web.table.update import autosave, update

from .commands import play, taps


class Tab:
    """A browser tab without the browser: the page's store, and its effects carried out at
    once over a dict for storage, as the binder carries them out over localStorage."""

    def __init__(self, ctl: HeldTable) -> None:
        self.ctl = ctl
        self.download: Download | None = None
        self.address: str | None = None

    def __getattr__(self, name: str) -> object:
        return getattr(self.ctl, name)

    def _run(self, effects: list[Effect]) -> None:
        self.download = None
        for effect in run(self.ctl, effects, self.ctl.now()):
            if isinstance(effect, Download):
                self.download = effect
            elif isinstance(effect, Address):
                self.address = effect.game_id

    def open(self, params: dict[str, str], fetched: tuple[str | None, str] | None = None) -> None:
        self._run(opened(self.ctl, params, fetched))

    def command(self, cmd: str, arg: str = "") -> None:
        self._run(tap(self.ctl, cmd, arg))

    def autosave(self) -> None:
        self._run(autosave(self.ctl))

    def import_text(self, text: str) -> bool:
        before = self.ctl.session
        self._run(update(self.ctl, FileChosen(text))[1])
        return self.ctl.session is not before


def controller(storage: MemoryStorage | None = None) -> HeldTable:
    ids = (f"g{i}" for i in itertools.count(1))
    clock = itertools.count(1000, 1000)  # a second between reads, like a person
    return Tab(
        HeldTable(
            shelf=Shelf(storage if storage is not None else MemoryStorage()),
            new_id=lambda: next(ids),
            now=lambda: next(clock),
            random_seed=lambda: 77,
        )
    )


def played(ctl: HeldTable, n: int) -> None:
    """Play ``n`` actions through the page's commands (bot's choice: the first legal one)."""
    session = ctl.session
    assert session is not None
    for _ in range(n):
        action = session.game.legal_actions()[0]
        before = session.game.actions[:]
        for cmd, arg in taps(session, action):
            ctl.command(cmd, arg)
        assert session.game.actions != before


def test_every_action_is_saved_and_a_reload_resumes_exactly() -> None:
    storage = MemoryStorage()
    ctl = controller(storage)
    ctl.open({"players": "3", "seed": "42"})
    assert ctl.session is not None and ctl.address == "g1"
    ctl.command("continue")
    played(ctl, 7)
    game = ctl.session.game
    # a reload: a new page over the same storage, at the address the page set
    again = controller(storage)
    again.open({"game": "g1"})
    assert again.session is not None
    assert again.session.game.state() == game.state()  # hands, stacks, deck order, rng
    assert again.session.handover  # the hand stays hidden after a reload
    assert [line.text for line in again.session.log] == [line.text for line in ctl.session.log]
    # a plain address resumes the game last played
    plain = controller(storage)
    plain.open({})
    assert plain.game_id == "g1" and plain.setup is None


def test_undo_is_saved_too_and_survives_a_reload() -> None:
    storage = MemoryStorage()
    ctl = controller(storage)
    ctl.open({"players": "3", "seed": "42"})
    ctl.command("continue")
    session = ctl.session
    assert session is not None
    before = session.game.state()
    build = next(a for a in session.game.legal_actions() if isinstance(a, attika.Build))
    play(session, build)
    ctl.autosave()
    ctl.command("undo")
    again = controller(storage)
    again.open({"game": "g1"})
    assert again.session is not None and again.session.game.state() == before


def test_several_games_are_kept_and_listed_newest_first() -> None:
    storage = MemoryStorage()
    ctl = controller(storage)
    ctl.open({"players": "2", "seed": "1"})
    ctl.command("new-game")
    ctl.command("setup-count", "4")
    ctl.command("setup-start")
    games = ctl.shelf.games()
    assert [g.id for g in games] == ["g2", "g1"]
    assert len(games[0].names) == 4 and games[1].turn == 1
    ctl.command("resume", "g1")
    assert ctl.session is not None and len(ctl.session.game.players) == 2
    ctl.command("delete", "g2")  # the first tap only asks
    assert len(ctl.shelf.games()) == 2 and ctl.confirm_delete == "g2"
    ctl.command("delete", "g2")
    assert [g.id for g in ctl.shelf.games()] == ["g1"]


def test_a_save_that_cannot_be_read_is_set_aside_reported_and_kept() -> None:
    storage = MemoryStorage()
    ctl = controller(storage)
    ctl.open({"players": "2", "seed": "3"})
    ctl.command("continue")
    played(ctl, 3)
    entry = json.loads(storage.items[GAME + "g1"])
    entry["file"]["actions"][1] = "draw 3"  # tampered: the snapshot no longer matches
    damaged = json.dumps(entry)
    storage.items[GAME + "g1"] = damaged
    again = controller(storage)
    again.open({})
    assert again.session is None and again.setup is not None  # the start screen
    assert again.notice is not None and shown(again.notice)[0] == "error"
    assert "Nothing was overwritten" in shown(again.notice)[1]
    assert again.shelf.broken()[0].reason  # the why is kept with the entry itself
    assert GAME + "g1" not in storage.items
    kept = json.loads(storage.items[BROKEN + "g1"])
    assert kept["text"] == damaged  # kept exactly as it was
    [broken] = again.shelf.broken()
    again.command("broken-download", broken.id)
    assert again.download is not None and again.download.text == damaged
    # a new game never overwrites it, even under the same id
    again.ctl.new_id = lambda: "g1"
    again.command("setup-start")
    storage.items[GAME + "g1"] = "{not json"
    assert [g.id for g in again.shelf.games()] == []  # listing it writes nothing...
    assert GAME + "g1" in storage.items
    again.command("new-game")  # ...the start screen sets it aside
    assert json.loads(storage.items[BROKEN + "g1"])["text"] == damaged
    assert json.loads(storage.items[BROKEN + "g1-2"])["text"] == "{not json"


def test_export_then_import_gives_the_same_game() -> None:
    ctl = controller()
    ctl.open({"players": "4", "seed": "8"})
    ctl.command("continue")
    played(ctl, 12)
    assert ctl.session is not None
    original = ctl.session.game.state()
    ctl.command("export")
    assert ctl.download is not None
    text = ctl.download.text
    assert ctl.download.filename.endswith(".json")
    data = json.loads(text)
    assert data["seed"] == 8 and len(data["actions"]) == 12  # readable: seed and actions
    assert "\n" in text  # indented for people
    other = controller()  # another browser
    assert other.import_text(text)
    assert other.session is not None and other.session.game.state() == original
    assert other.session.city_states == ctl.session.city_states
    assert [g.id for g in other.shelf.games()] == ["g1"]


def test_a_malformed_or_tampered_file_is_refused_and_changes_nothing() -> None:
    ctl = controller()
    ctl.open({"players": "2", "seed": "5"})
    ctl.command("continue")
    played(ctl, 2)
    assert ctl.session is not None
    good = ctl.session.game.to_json()
    state, games = ctl.session.game.state(), ctl.shelf.games()
    tampered = json.loads(good)
    tampered["state"]["players"][0]["hand"][0] += 3
    cases = {
        "not json at all": "not valid JSON",
        json.dumps({"format": "chess"}): "not an Attika game file",
        json.dumps(tampered): "changed or damaged",
        json.dumps({**json.loads(good), "city_states": ["athens", "athens"]}): "city_states",
    }
    for text, reason in cases.items():
        assert not ctl.import_text(text)
        assert ctl.notice is not None and reason in shown(ctl.notice)[1], ctl.notice
        assert ctl.session.game.state() == state and ctl.shelf.games() == games


def test_stepping_through_a_game_shows_each_position_and_plays_nothing() -> None:
    ctl = controller()
    ctl.open({"players": "2", "seed": "5"})
    ctl.command("continue")
    played(ctl, 6)
    session = ctl.session
    assert session is not None
    state = session.game.state()
    ctl.command("review")
    review = ctl.review
    assert review is not None and review.step == review.length == 6
    ctl.command("step", "first")
    shown = ctl.shown()
    assert shown is not None and shown.log == () and shown.watching and shown.viewer is None
    assert not shown.board.buildings and shown.status.turn_number == 1
    ctl.command("step", "+1")
    assert review.positions[review.step].actions == session.game.actions[:1]
    assert review.latest_line()  # the action in words
    ctl.command("draw", "1")  # a game command does nothing while looking back
    ctl.command("step", "last")
    assert review.positions[review.step].state() == state
    shown = ctl.shown()
    assert shown is not None and shown.board.buildings == session.game.board.buildings
    ctl.command("review-exit")
    shown = ctl.shown()
    assert shown is not None and not shown.watching and session.game.state() == state


def test_a_bad_address_shows_the_start_screen_with_the_reason() -> None:
    ctl = controller()
    ctl.open({"players": "9"})
    assert ctl.session is None and ctl.setup is not None
    assert ctl.notice is not None and "players=9" in shown(ctl.notice)[1]
    ctl.open({"game": "nope"})
    assert ctl.session is None and ctl.notice is not None


def test_two_tabs_on_one_game_never_overwrite_each_others_moves() -> None:
    storage = MemoryStorage()
    tab_a = controller(storage)
    tab_a.open({"players": "2", "seed": "3"}, None)
    tab_a.command("continue")
    game_id = tab_a.game_id
    assert game_id is not None
    tab_b = controller(storage)
    tab_b.open({"game": game_id}, None)
    tab_b.command("continue")
    tab_a.command("draw", "1")
    tab_a.command("store")
    assert Shelf(storage).stored_actions(game_id) == ["draw 1", "store"]
    tab_b.command("draw", "2")  # tab B still shows the game without A's moves
    assert Shelf(storage).stored_actions(game_id) == ["draw 1", "store"]
    assert tab_b.session is not None and shown(tab_b.session.note) is not None
    assert "another tab" in shown(tab_b.session.note)[1]


def test_a_saved_entry_naming_an_unknown_city_state_is_set_aside_not_fatal() -> None:
    storage = MemoryStorage()
    shelf = Shelf(storage)
    shelf.save("x", attika.new_game(2, 4), ["athens", "corinth"], 1)
    entry = json.loads(storage.items[GAME + "x"])
    entry["city_states"] = ["athens", "rome"]
    storage.items[GAME + "x"] = json.dumps(entry)
    assert shelf.games() == []
    [(game_id, text, reason)] = shelf.unreadable()
    shelf.set_aside(game_id, text, reason)
    assert [b.id for b in shelf.broken()] == ["x"]


def test_a_game_file_with_nonsense_city_states_is_refused_plainly() -> None:
    data = json.loads(export_text(attika.new_game(2, 4), ["athens", "corinth"]))
    data["city_states"] = [[1], [2]]
    with pytest.raises(SaveError):
        read_game_file(json.dumps(data))


def test_leaving_a_review_with_no_game_open_returns_to_the_start_screen() -> None:
    storage = MemoryStorage()
    ctl = controller(storage)
    ctl.open({"players": "2", "seed": "3"}, None)
    first = ctl.game_id
    ctl.command("new-game")
    ctl.command("setup-start")
    assert ctl.game_id != first
    ctl.command("new-game")
    ctl.command("delete", ctl.game_id or "")
    ctl.command("delete", ctl.game_id or "")  # the second tap deletes
    ctl.command("review", first or "")
    assert ctl.review is not None
    ctl.command("review-exit")
    assert ctl.review is None and (ctl.session is not None or ctl.setup is not None)


def test_a_double_tap_on_delete_is_not_a_yes() -> None:
    ticks = iter([1000, 1001, 1100, 1101, 1150, 1151, 2000, 2001, 2002, 2003])
    ctl = Tab(
        HeldTable(
            shelf=Shelf(MemoryStorage()),
            new_id=lambda: "g1",
            now=lambda: next(ticks),
            random_seed=lambda: 7,
        )
    )
    ctl.open({"players": "2", "seed": "1"})
    ctl.command("new-game")
    ctl.command("delete", "g1")
    ctl.command("delete", "g1")  # 50 ms later: the same finger, not an answer
    assert [g.id for g in ctl.shelf.games()] == ["g1"]
    ctl.command("delete", "g1")  # later: a deliberate yes
    assert ctl.shelf.games() == []


def test_a_link_to_a_game_kept_elsewhere_says_so() -> None:
    ctl = controller()
    ctl.open({"game": "somewhere-else"})
    assert ctl.notice is not None and "per browser" in shown(ctl.notice)[1]


def test_a_game_file_with_twin_or_endless_names_is_refused() -> None:
    for names in (["Ann", "Ann"], ["Ann", "B" * 500]):
        text = export_text(attika.new_game(names, 4), ["athens", "corinth"])
        with pytest.raises(SaveError, match="names"):
            read_game_file(text)


class ReadOnly(MemoryStorage):
    """Storage that fails the test on any write: for the store, which only reads."""

    def setItem(self, key: str, value: str) -> None:
        raise AssertionError(f"the store wrote {key}")

    def removeItem(self, key: str) -> None:
        raise AssertionError(f"the store removed {key}")


def test_the_store_never_writes_it_returns_effects_for_the_binder() -> None:
    from web.table.effects import Forget, Load, Save, SetAsideUnreadable, carry_out
    from web.table.messages import Loaded

    storage = MemoryStorage()
    tab = controller(storage)
    tab.open({"players": "2", "seed": "3"})
    tab.command("continue")
    played(tab, 4)
    storage.items[GAME + "bad"] = "{not json"
    kept = dict(storage.items)
    quiet = ReadOnly()
    quiet.items = dict(kept)
    clock = itertools.count(0, 1000)
    ctl = HeldTable(
        shelf=Shelf(quiet), new_id=lambda: "g9", now=lambda: next(clock), random_seed=lambda: 1
    )
    effects = opened(ctl, {"game": "g1"})
    assert effects == [Load("open", "g1")]  # the binder reads it: reading never writes
    told, rest = carry_out(effects, ctl.shelf, 0)
    assert rest == [] and [type(m) for m in told] == [Loaded]
    effects = update(ctl, told[0])[1]
    assert [type(e) for e in effects] == [Address, Save]
    tap(ctl, "continue")
    effects = tap(ctl, "end", "sure")
    assert [type(e) for e in effects] == [Save] and effects[0].game_id == "g1"  # type: ignore[union-attr]
    update(ctl, Kept("g1", tuple(ctl.session.game.actions)))  # type: ignore[union-attr]
    assert tap(ctl, "new-game") == [SetAsideUnreadable()]
    tap(ctl, "delete", "g1")
    assert tap(ctl, "delete", "g1") == [Forget("g1")]
    assert quiet.items == kept


def test_a_game_of_the_first_rules_edition_resumes_and_steps_through_as_played() -> None:
    """A record replays under the edition it was played under, in every place the page
    replays one: resuming (the log) and stepping through (every position)."""
    from attika.bots import greedy_bot
    from attika.rng import Rng

    game = attika.Game.new(2, 6, edition=1)
    rng = Rng(6)
    while len(game.actions) < 260 and not game.is_over:
        game.apply(greedy_bot(game, rng))
    again = attika.Game.from_json(game.to_json())
    assert again.edition == 1 and again.state() == game.state()
    current = attika.new_game(2, 6)  # the same moves under today's edition part ways
    with pytest.raises(attika.IllegalAction):
        for text in game.actions:
            current.apply(text)
    tab = controller()
    assert tab.import_text(game.to_json())
    assert tab.session is not None and tab.session.game.state() == game.state()
    tab.command("review")
    assert tab.review is not None and tab.review.positions[-1].state() == game.state()


def test_a_player_board_opened_from_the_overview_closes_when_the_device_is_passed_on() -> None:
    tab = controller()
    tab.open({"players": "3", "seed": "2"})
    tab.command("player", "2")  # looking at the boards is allowed while the device is passed
    shown = tab.shown()
    assert (
        shown is not None
        and shown.open_player == 2
        and 'aria-expanded="true"'
        in str(__import__("web.play.panel", fromlist=["side_panel"]).side_panel(shown))
    )
    tab.command("continue")
    tab.command("player", "2")
    assert tab.ctl.open_player is None
    tab.command("player", "1")
    tab.command("end", "sure")
    assert tab.ctl.open_player is None and tab.session is not None and tab.session.handover


@pytest.mark.parametrize(
    ("cmd", "arg"),
    [
        ("setup-count", "99"),
        ("setup-count", "x"),
        ("setup-seat", "7:strong"),
        ("setup-cs", "-1:athens"),
        ("setup-cs", "9" * 5000 + ":athens"),
        ("player", "12"),
        ("pay", ""),
        ("nonsense", "1"),
    ],
)
def test_a_hand_made_command_changes_nothing_and_is_answered(cmd: str, arg: str) -> None:
    """A command edited into the page (or left from an older page) is read as unreadable:
    the new-game form and the table stay as they were, and the player is told why."""
    ctl = controller()
    ctl.open({"players": "2", "seed": "1"})
    ctl.command("continue")
    ctl.command("new-game")
    setup = ctl.ctl.setup
    assert setup is not None
    before = (setup.count, list(setup.seats), list(setup.city_states), ctl.ctl.open_player)
    ctl.command(cmd, arg)
    after = (setup.count, list(setup.seats), list(setup.city_states), ctl.ctl.open_player)
    assert after == before
    note = ctl.ctl.session.note  # type: ignore[union-attr]
    assert note is not None and note.kind == "error"
