"""Own-device play without a network: the host's referee and two players' devices, with the
texts passed by hand as the transport would pass them.

A whole game is played to its end with one person at the host and two on their own
devices; every device's screen is drawn from what it was sent; a device that reloads takes
its seat again; what a device is sent does not change when only what its seat may not see
changes; and hostile texts are refused with a reason and change nothing.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

import attika
from attika.bots import greedy_bot
from attika.rng import Rng
from tests.web.commands import tap_turn
from web.play.computers import DEVICE, HUMAN
from web.play.log_lines import LogLine
from web.play.panel import side_panel
from web.play.scene import table_scene
from web.play.session import Session
from web.remote import host, wire
from web.remote.device import Device, HostSaid, LinkChanged, Send, update

from .commands import taps
from .test_hidden_hands import _with_hands_changed

TOKENS = {1: "a" * 24, 2: "b" * 24}


class Table:
    """A host and its devices, the texts between them carried at once."""

    def __init__(self, seed: int = 21) -> None:
        self.session = Session.start(
            ["Ann", "Bo", "Cy"], seed, start=0, seats=[HUMAN, DEVICE, DEVICE]
        )
        self.devices = host.Devices(tokens=dict(TOKENS))
        self.phones: dict[str, Device] = {}
        self.now = 0.0
        self.changes = 0

    def join(self, peer: str, seat: int, token: str | None = None) -> Device:
        assert host.came(self.devices, peer, self.now) is not None
        phone = Device(seat, token or TOKENS[seat])
        self.phones[peer] = phone
        self.deliver(peer, update(phone, LinkChanged("open"))[1])  # says Hello with its token
        return phone

    def deliver(self, peer: str, effects: list[object]) -> None:
        for effect in effects:
            if isinstance(effect, Send):
                self.hear(peer, effect.text)

    def hear(self, peer: str, text: str) -> host.Heard:
        self.now += 1.0
        heard = host.heard(self.session, self.devices, peer, text, self.now)
        self.changes += heard.changed
        for to, answer in heard.send:
            if to in self.phones:
                update(self.phones[to], HostSaid(answer))
        return heard

    def tap(self, peer: str, cmd: str, arg: str = "") -> None:
        from web.play.messages import turn_message

        self.deliver(peer, update(self.phones[peer], turn_message(cmd, arg))[1])


def test_a_whole_game_with_two_players_on_their_own_devices() -> None:
    table = Table()
    a, b = table.join("pa", 1), table.join("pb", 2)
    by_seat = {1: "pa", 2: "pb"}
    twin = attika.new_game(["Ann", "Bo", "Cy"], 21, start=0)
    rng = Rng(5)
    session = table.session
    while not twin.is_over and len(twin.actions) < 600:
        action = greedy_bot(twin, rng)
        seat = twin.current
        if seat == 0:  # the person at the host taps on the host's screen
            if session.handover:
                tap_turn(session, "continue")
            for cmd, arg in taps(session, action):
                tap_turn(session, cmd, arg)
        else:
            peer = by_seat[seat]
            phone = table.phones[peer]
            assert phone.session is not None and phone.session.viewer == seat
            # the device's screen shows its own hand, the others' as counts only
            scene = table_scene(phone.session)
            assert scene.players[seat].hand is not None
            assert all(p.hand is None for p in scene.players if p.seat != seat)
            side_panel(scene)
            for cmd, arg in taps(phone.session, action):
                if cmd == "continue":
                    continue
                table.tap(peer, cmd, arg)
                assert phone.note is None or phone.note.kind != "error", phone.note
        twin.apply(action)
        if seat == 0:  # the host's own moves reach the devices with the next update
            for to, text in host.updates(session, table.devices):
                update(table.phones[to], HostSaid(text))
        assert session.game.state() == twin.state()
        for phone in (a, b):
            assert phone.table is not None and phone.table.n == len(twin.actions)
            assert phone.table.view == twin.view(phone.seat)
    assert twin.is_over
    for phone in (a, b):  # every device kept the whole log, as its seat witnessed it
        assert phone.session is not None
        assert [line.event["event"] for line in phone.session.log] == [
            line.event["event"] for line in session.log
        ]


def test_a_device_that_reloads_takes_its_seat_again_and_the_old_link_is_closed() -> None:
    table = Table()
    table.join("pa", 1)
    table.join("pb", 2)
    twin = attika.new_game(["Ann", "Bo", "Cy"], 21, start=0)
    for cmd, arg in taps(table.session, twin.legal_actions()[0]):
        tap_turn(table.session, cmd, arg)
    again = table.join("pa-2", 1)  # the same phone, its page reopened
    heard = table.hear("pa-2", wire.device_text(wire.Hello(1, TOKENS[1])))
    assert "pa" not in table.devices.seated and table.devices.seated["pa-2"] == 1
    assert heard.close is None  # already replaced when it joined
    assert again.table is not None and again.table.n == len(table.session.game.actions)
    assert again.session is not None and len(again.session.log) == len(table.session.log)


def _changed_hidden(session: Session, keep: int) -> Session:
    """The same table with everything ``keep`` may not see dealt otherwise: other hands,
    every stack's order, the deck, the tile stack, and the building another seat just drew."""
    game = _with_hands_changed(session.game, keep)
    rng = Rng(99)
    for player in game.players:
        for stack in player.stacks:
            rng.shuffle(stack)
    rng.shuffle(game.deck)
    rng.shuffle(game.tile_stack)
    game.rng = Rng(12345)
    log = [
        dataclasses.replace(line, event={**line.event, "building": "mint"})
        if line.event["event"] == "draw" and line.seat != keep
        else line
        for line in session.log
    ]
    return dataclasses.replace(session, game=game, log=log, _targets=None)


def test_what_a_device_is_sent_does_not_change_when_only_hidden_facts_do() -> None:
    table = Table(seed=8)
    table.join("pa", 1)
    twin = attika.new_game(["Ann", "Bo", "Cy"], 8, start=0)
    rng = Rng(1)
    compared = 0
    while not twin.is_over and len(twin.actions) < 120:
        action = greedy_bot(twin, rng)
        twin.apply(action)
        table.session = Session.resume(twin.copy(), seats=[HUMAN, DEVICE, DEVICE])
        session = table.session
        sent = wire.host_text(host.seat_table(session, table.devices, 1, 0))
        other = _changed_hidden(session, keep=1)
        assert wire.host_text(host.seat_table(other, table.devices, 1, 0)) == sent
        # and the check can fail: seat 1's own hand is in what it is sent
        own = dataclasses.replace(session, game=_with_hands_changed(session.game, None))
        if own.game.players[1].hand != session.game.players[1].hand:
            assert wire.host_text(host.seat_table(own, table.devices, 1, 0)) != sent
            compared += 1
    assert compared > 50


def test_a_drawn_building_is_named_only_to_its_drawer() -> None:
    table = Table()
    session = table.session
    tap_turn(session, "continue")
    tap_turn(session, "draw", "0")
    drawn = [line.event for line in session.log if line.event["event"] == "draw"]
    assert drawn and drawn[0]["building"] != "hidden"
    for seat in (1, 2):
        sent = json.loads(wire.host_text(host.seat_table(session, table.devices, seat, 0)))
        events = [event for _, _, event in sent["log"] if event["event"] == "draw"]
        assert events and all(e["building"] == "hidden" for e in events)


def _state(table: Table) -> str:
    return table.session.game.to_json()


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json at all", "wire.not-json"),
        ("[" * 200 + "]" * 200, "wire.too-deep"),
        ('{"v": 1, "t": "act", "n": 0, "action": "' + "x" * 2000 + '"}', "wire.too-long"),
        ('{"v": 2, "t": "act", "n": 0, "action": "end"}', "wire.version"),
        ('{"v": 1, "t": "shout"}', "wire.kind"),
        ('{"v": 1, "t": "act", "n": -1, "action": "end"}', "wire.shape"),
        ('{"v": 1, "t": "act", "n": 0, "action": "fly away"}', "wire.action"),
        ('{"v": 1, "t": "act", "n": 0, "action": "build tower 99,99 H"}', "position"),
    ],
)
def test_a_malformed_or_impossible_message_is_refused_and_changes_nothing(
    text: str, code: str
) -> None:
    table = Table()
    table.join("pa", 1)
    tap_turn(table.session, "continue")
    tap_turn(table.session, "end", "sure")  # seat 1 is to move
    before = _state(table)
    heard = table.hear("pa", text)
    assert not heard.changed and _state(table) == before
    phone = table.phones["pa"]
    assert phone.table is not None and phone.table.refused is not None
    if code != "position":
        assert phone.table.refused.code == code
    assert phone.note is not None and phone.note.kind == "error"


def test_another_seats_action_and_an_action_out_of_turn_are_refused() -> None:
    table = Table()
    table.join("pa", 1)
    table.join("pb", 2)
    tap_turn(table.session, "continue")
    tap_turn(table.session, "end", "sure")  # seat 1 is to move
    before = _state(table)
    # seat 2 acts out of turn; a guessed token for seat 1 does not seat anyone
    heard = table.hear("pb", wire.device_text(wire.Act(len(table.session.game.actions), "end")))
    assert not heard.changed and _state(table) == before
    assert table.phones["pb"].table.refused.code == "not-your-turn"  # type: ignore[union-attr]
    assert host.came(table.devices, "intruder", table.now) is not None
    table.hear("intruder", wire.device_text(wire.Hello(1, "c" * 24)))
    assert "intruder" not in table.devices.seated
    heard = table.hear("intruder", wire.device_text(wire.Act(0, "end")))
    assert not heard.changed and _state(table) == before
    # a stale position: the action named the game as it was before the last action
    stale = wire.device_text(wire.Act(len(table.session.game.actions) - 1, "draw 1"))
    assert not table.hear("pa", stale).changed and _state(table) == before
    # the right seat, on its turn, is still heard
    assert table.hear(
        "pa", wire.device_text(wire.Act(len(table.session.game.actions), "draw 1"))
    ).changed


def test_a_flood_is_dropped_unread_and_the_table_goes_on() -> None:
    table = Table()
    table.join("pa", 1)
    before = _state(table)
    answered = 0
    for _ in range(500):  # all at one moment
        heard = host.heard(table.session, table.devices, "pa", '{"v":1,"t":"act"}', table.now)
        answered += bool(heard.send)
    assert answered <= wire.BURST and _state(table) == before
    tap_turn(table.session, "continue")
    tap_turn(table.session, "end", "sure")
    table.now += 60
    n = len(table.session.game.actions)
    assert table.hear("pa", wire.device_text(wire.Act(n, "draw 1"))).changed


def test_no_more_connections_than_a_table_takes() -> None:
    devices = host.Devices(tokens=dict(TOKENS))
    assert all(host.came(devices, f"p{i}", 0.0) is not None for i in range(host.PEERS))
    assert host.came(devices, "one-too-many", 0.0) is None


def test_a_device_refuses_a_hostile_table_and_keeps_what_it_had() -> None:
    table = Table()
    phone = table.join("pa", 1)
    kept = phone.table
    for text in ("{}", "[" * 300, json.dumps({"v": 1, "t": "table", "seat": 7}), "x" * 500_000):
        update(phone, HostSaid(text))
        assert phone.table is kept and phone.note is not None and phone.note.kind == "error"


def test_log_lines_on_a_device_are_worded_like_the_hosts() -> None:
    table = Table()
    phone = table.join("pa", 1)
    tap_turn(table.session, "continue")
    tap_turn(table.session, "draw", "0")
    for to, text in host.updates(table.session, table.devices):
        update(table.phones[to], HostSaid(text))
    assert phone.session is not None
    mine = [line.text for line in phone.session.log]
    theirs = [
        LogLine(line.turn, line.seat, line.event, line.names).text for line in table.session.log
    ]
    assert mine == theirs  # a drawn building is never named in a line anyway
