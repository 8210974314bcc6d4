"""Over the internet: the table's room, seats claimed from one shared link, tokens kept beside
the game across a reload, a gone player's seat handed on, and a host's texts read as
untrusted by the device.

The game page's store is driven as its binder drives it (tests/web/commands.py); the
transport's part is played by hand: a relayed phone is a peer id the host has not invited,
and its texts are carried at once.
"""

from __future__ import annotations

import json

from tests.web.commands import HeldTable, opened, run, tap
from web.play.notes import shown
from web.remote import host, wire
from web.remote.device import Device, HostSaid, KeepSeat, LinkChanged, Send, TakeSeat, update
from web.remote.device_view import Joining, device_view
from web.table.device_messages import (
    DeviceCame,
    DeviceLeft,
    DeviceSaid,
    Invited,
    RoomFailed,
    RoomOpened,
    ScanEnded,
    Scanned,
)
from web.table.effects import (
    Hangup,
    KeepRoom,
    OpenRoomLink,
    SendTo,
    StartScan,
    StopScan,
    TakeAnswer,
)
from web.table.room import KeptRoom, read_room, room_text
from web.table.scenes import page_scene
from web.table.update import update as table_update
from web.table.view import page_view

LINK = "https://example.org/join.html#room=" + "r" * 22 + "." + "p" * 43 + "." + "k" * 87


class Tokens:
    def __init__(self) -> None:
        self.n = 0

    def __call__(self) -> str:
        self.n += 1
        return f"token{self.n:02d}" + "x" * 16


def host_table() -> HeldTable:
    table = HeldTable(new_id=lambda: "g1", now=lambda: 0, random_seed=lambda: 7, new_token=Tokens())
    run(table, opened(table, {"players": "3", "seed": "11", "seats": "human,device,device"}))
    assert table.session is not None
    return table


def said(table: HeldTable, message: object) -> list[object]:
    return list(run(table, table_update(table, message)[1]))  # type: ignore[arg-type]


def to(peer: str, effects: list[object]) -> list[str]:
    return [e.text for e in effects if isinstance(e, SendTo) and e.peer == peer]


def phone_hears(phone: Device, texts: list[str]) -> list[object]:
    out: list[object] = []
    for text in texts:
        out += update(phone, HostSaid(text))[1]
    return out


def phone_says(table: HeldTable, peer: str, phone: Device, effects: list[object]) -> list[object]:
    """Carry a phone's texts to the host and the host's answers back; the host's effects."""
    back: list[object] = []
    for effect in effects:
        if isinstance(effect, Send):
            host_effects = said(table, DeviceSaid(peer, effect.text, 1.0))
            back += host_effects
            phone_hears(phone, to(peer, host_effects))
    return back


def open_room(table: HeldTable) -> None:
    assert [type(e) for e in tap(table, "room")] == [OpenRoomLink]
    kept = [e for e in said(table, RoomOpened(LINK, "secret-key")) if isinstance(e, KeepRoom)]
    assert kept == []  # carried out into storage by run(): it is there now
    assert read_room(table.shelf.room("g1")) == KeptRoom(LINK, "secret-key", {})


def test_a_newcomer_through_the_shared_link_chooses_an_open_seat_and_keeps_its_token() -> None:
    table = host_table()
    open_room(table)
    phone = Device()
    texts = to("relay-a", said(table, DeviceCame("relay-a", 0.0)))
    phone_hears(phone, texts)
    assert phone.open_seats is not None
    names = [p.name for p in table.session.game.players]  # type: ignore[union-attr]
    assert [(s, name) for s, name, _ in phone.open_seats.seats] == [(1, names[1]), (2, names[2])]
    markup = device_view(phone, Joining(None, None, room=True)).joining
    assert 'data-cmd="claim"' in markup and names[1] in markup and names[2] in markup

    kept = phone_says(table, "relay-a", phone, update(phone, TakeSeat(2))[1])
    assert phone.seat == 2 and phone.token == "token01" + "x" * 16
    assert phone.session is not None and phone.table is not None  # the seat's screen is up
    assert read_room(table.shelf.room("g1")) == KeptRoom(LINK, "secret-key", {2: phone.token})
    assert not [e for e in kept if isinstance(e, Hangup)]

    # a second newcomer is offered only the seat still open, and cannot take Cy's
    other = Device()
    phone_hears(other, to("relay-b", said(table, DeviceCame("relay-b", 0.0))))
    assert other.open_seats is not None and [s for s, _, _ in other.open_seats.seats] == [1]
    before = json.dumps(table.session.game.record()) if table.session else ""
    phone_says(table, "relay-b", other, [Send(wire.device_text(wire.Claim(2)))])
    assert other.seat is None and table.devices.seated == {"relay-a": 2}
    assert shown(other.note) is not None and "taken" in shown(other.note)[1]
    assert table.session is not None and json.dumps(table.session.game.record()) == before


def test_after_a_reload_the_host_opens_the_same_room_and_the_phone_takes_its_seat_again() -> None:
    table = host_table()
    open_room(table)
    phone = Device()
    phone_hears(phone, to("relay-a", said(table, DeviceCame("relay-a", 0.0))))
    phone_says(table, "relay-a", phone, update(phone, TakeSeat(1))[1])
    token = phone.token
    assert table.session is not None and not table.session.handover  # one person here
    run(table, tap(table, "draw", "0"))
    assert len(table.session.game.actions) == 1

    # the host's page reloads: a new store over the same storage
    again = HeldTable(new_id=lambda: "g2", now=lambda: 0, random_seed=lambda: 7, shelf=table.shelf)
    effects = run(again, opened(again, {}))
    assert again.session is not None and again.game_id == "g1"
    assert again.session.game.actions == table.session.game.actions  # type: ignore[union-attr]
    assert [e for e in effects if isinstance(e, OpenRoomLink)] == [
        OpenRoomLink(KeptRoom(LINK, "secret-key", {1: token}))
    ]
    assert again.room_state == "opening"
    said(again, RoomOpened(LINK, "secret-key"))
    assert again.room_state == "open"

    # the phone (its link to the old page lost) finds the room again and says Hello
    update(phone, LinkChanged("lost"))
    phone_hears(phone, to("relay-a2", said(again, DeviceCame("relay-a2", 5.0))))
    back = phone_says(again, "relay-a2", phone, update(phone, LinkChanged("open"))[1])
    assert again.devices.seated == {"relay-a2": 1}
    assert phone.table is not None and phone.table.n == len(again.session.game.actions)
    assert to("relay-a2", back)  # it was sent its seat's table


def test_a_forged_token_takes_no_seat_and_changes_nothing() -> None:
    table = host_table()
    open_room(table)
    phone = Device()
    phone_hears(phone, to("relay-a", said(table, DeviceCame("relay-a", 0.0))))
    phone_says(table, "relay-a", phone, update(phone, TakeSeat(1))[1])
    thief = Device(seat=1, token="y" * 32)
    phone_hears(thief, to("relay-t", said(table, DeviceCame("relay-t", 0.0))))
    phone_says(table, "relay-t", thief, update(thief, LinkChanged("open"))[1])
    assert table.devices.seated == {"relay-a": 1}
    assert thief.table is None and thief.token == "" and thief.seat is None
    # the thief's void token is forgotten, and it is offered what is open: Cy's seat only
    assert thief.open_seats is not None and [s for s, _, _ in thief.open_seats.seats] == [2]


def test_a_gone_players_seat_goes_to_the_computer_or_to_another_device() -> None:
    table = host_table()
    open_room(table)
    phone = Device()
    phone_hears(phone, to("relay-a", said(table, DeviceCame("relay-a", 0.0))))
    phone_says(table, "relay-a", phone, update(phone, TakeSeat(1))[1])
    said(table, DeviceLeft("relay-a"))
    panel = page_view(page_scene(table, [], [])).devices or ""
    assert 'data-arg="1:normal"' in panel and 'data-arg="1:device"' in panel

    # freed for another device: the old token no longer seats anyone, a newcomer may claim
    run(table, tap(table, "hand", "1:device"))
    assert 1 not in table.devices.tokens
    assert read_room(table.shelf.room("g1")) == KeptRoom(LINK, "secret-key", {})
    newcomer = Device()
    phone_hears(newcomer, to("relay-n", said(table, DeviceCame("relay-n", 0.0))))
    assert newcomer.open_seats is not None and 1 in [s for s, _, _ in newcomer.open_seats.seats]

    # to the computer: the seat is a computer's and is kept so with the game
    run(table, tap(table, "hand", "2:normal"))
    assert table.session is not None and table.session.seats == ["human", "device", "normal"]
    assert table.shelf.load("g1")[2] == ["human", "device", "normal"]


def test_without_the_internet_way_the_panel_says_so_and_keeps_the_invitations() -> None:
    table = host_table()
    run(table, tap(table, "devices"))
    tap(table, "room")
    said(table, RoomFailed("", off=True))
    panel = page_view(page_scene(table, [], [])).devices or ""
    assert "not turned on" in panel and 'data-cmd="invite"' in panel
    assert 'data-cmd="room"' not in panel


def test_a_kept_room_that_storage_garbled_is_not_opened() -> None:
    for text in (
        "",
        "{",
        '{"link": 3}',
        json.dumps({"link": "x", "key": "k", "tokens": {"9": "a" * 20}}),
    ):
        assert read_room(text) is None
    good = KeptRoom(LINK, "k", {0: "a" * 20})
    assert read_room(room_text(good)) == good
    table = host_table()
    table.shelf.keep_room("g1", "{not json")
    again = HeldTable(new_id=lambda: "g2", now=lambda: 0, random_seed=lambda: 7, shelf=table.shelf)
    effects = run(again, opened(again, {}))
    assert again.session is not None and not [e for e in effects if isinstance(e, OpenRoomLink)]


# -- a hostile host: what the device is sent is untrusted too ----------------------------


def seated_phone() -> tuple[HeldTable, Device, str]:
    table = host_table()
    open_room(table)
    phone = Device()
    phone_hears(phone, to("relay-a", said(table, DeviceCame("relay-a", 0.0))))
    phone_says(table, "relay-a", phone, update(phone, TakeSeat(1))[1])
    assert phone.table is not None
    good = wire.host_text(phone.table)
    return table, phone, good


def test_a_host_text_with_an_event_nobody_can_word_is_refused_and_the_last_table_kept() -> None:
    _, phone, good = seated_phone()
    before = (phone.table, len(phone.log))
    data = json.loads(good)
    data["log_from"] = len(phone.log)
    data["log"] = [[1, 0, {"event": "build", "seat": 0}]]  # a build with no building, no hex
    update(phone, HostSaid(json.dumps(data)))
    assert (phone.table, len(phone.log)) == before
    assert shown(phone.note) is not None and shown(phone.note)[0] == "error"


def test_hostile_host_texts_are_refused_with_a_reason_and_change_nothing() -> None:
    _, phone, good = seated_phone()
    data = json.loads(good)
    hostile: list[object] = [
        "x" * (wire.HOST_CHARS + 1),
        "[" * 200 + "]" * 200,
        json.dumps({**data, "view": {"players": "none"}}),
        json.dumps({**data, "seat": 2}),  # another seat's table
        json.dumps({**data, "log_from": 10_000}),
        json.dumps({"v": 1, "t": "seats", "open": [[1, "<b>x</b>", "athens"]] * 9}),
        json.dumps({"v": 1, "t": "refused", "code": "<script>", "params": {}}),
        json.dumps({"v": 1, "t": "seated", "seat": 3, "token": "short"}),
        json.dumps({"v": 1, "t": "what"}),
    ]
    for text in hostile:
        before = (phone.table, phone.seat, phone.token, list(phone.log))
        update(phone, HostSaid(text))  # never raises
        assert (phone.table, phone.seat, phone.token, list(phone.log)) == before, str(text)[:80]
        assert shown(phone.note) is not None and shown(phone.note)[0] == "error", str(text)[:80]
        assert "<script>" not in (shown(phone.note) or ("", ""))[1]
    # and the device still plays: the good table again is taken
    update(phone, HostSaid(good))
    assert phone.note is None


def test_names_from_the_host_are_text_never_markup() -> None:
    phone = Device()
    update(
        phone, HostSaid(json.dumps({"v": 1, "t": "seats", "open": [[1, "<img src=x>", "athens"]]}))
    )
    markup = device_view(phone, Joining(None, None, room=True)).joining
    assert "<img" not in markup and "&lt;img" in markup
    assert [type(e) for e in update(phone, TakeSeat(3))[1]] == []  # not an open seat: no text
    assert [type(e) for e in update(phone, TakeSeat(1))[1]] == [Send]
    assert not [
        e
        for e in update(phone, HostSaid(wire.welcome_text(wire.Welcome(1, "z" * 20))))[1]
        if not isinstance(e, KeepSeat)
    ]
    assert host.invitation(0) == "seat-1"


def test_the_hosts_camera_reads_an_answer_and_connects_that_device() -> None:
    table = host_table()
    run(table, tap(table, "devices"))
    said(table, Invited(1, "offer", "https://example.org/join.html#join=offer"))
    panel = page_view(page_scene(table, [], [])).devices or ""
    assert 'data-cmd="scan"' in panel and "<video" not in panel
    assert tap(table, "scan", "1") == [StartScan(1)]
    panel = page_view(page_scene(table, [], [])).devices or ""
    assert '<video class="scan" data-scan="1"' in panel
    effects = said(table, Scanned(1, " ANSWER-code "))
    assert TakeAnswer(1, host.invitation(1), "ANSWER-code") in effects
    assert table.scanning is None
    # a second tap stops the camera; closing the panel stops it too
    tap(table, "scan", "1")
    assert tap(table, "scan", "1") == [StopScan()] and table.scanning is None
    tap(table, "scan", "1")
    assert StopScan() in tap(table, "devices") and table.scanning is None
    # a camera the browser refused: said in the row, the typed way still there
    tap(table, "devices")
    tap(table, "scan", "1")
    said(table, ScanEnded(1, "Permission denied"))
    panel = page_view(page_scene(table, [], [])).devices or ""
    assert "Permission denied" in panel and 'name="answer-1"' in panel
