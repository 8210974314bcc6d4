"""The game page's link to the players' own devices: the transport's side of its binder.

Carries out the effects that need the peer link (web/peer/index.js, loaded on first use
through ``attikaLoadPeer``): invitations, answers, the relayed room, texts to send, links
to close; and turns the transport's events (a device came, said something, left) into the
page's messages. It touches the DOM only to draw QR codes into the places the panel's
markup made for them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from pyodide.ffi import create_proxy, jsnull  # type: ignore[import-not-found]

from web.browser.dom import fatal, tasks
from web.browser.window import document, window
from web.core.text import t
from web.table.device_messages import (
    DeviceCame,
    DeviceLeft,
    DeviceSaid,
    InvitationFailed,
    Invited,
    RoomFailed,
    RoomOpened,
    ScanEnded,
    Scanned,
)
from web.table.effects import (
    Hangup,
    MakeInvitation,
    OpenRoomLink,
    SendTo,
    StartScan,
    StopScan,
    TakeAnswer,
)
from web.table.messages import (
    Message,
)

LinkEffect = MakeInvitation | TakeAnswer | SendTo | Hangup | OpenRoomLink | StartScan | StopScan
LINK_EFFECTS = (MakeInvitation, TakeAnswer, SendTo, Hangup, OpenRoomLink, StartScan, StopScan)


class TableLink:
    """The host's end of the peer link; ``send`` hands a message to the page's update."""

    def __init__(self, send: Callable[[Message], None]) -> None:
        self.send = send
        self._peer: object | None = None
        #: The camera's scan under way (the scanner's handle, with its stop()).
        self._scan: object | None = None

    def carry_out(self, effect: LinkEffect) -> None:
        task = asyncio.ensure_future(self._carry_out(effect))
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    async def _load(self) -> object:
        if self._peer is None:
            peer = await window.attikaLoadPeer()
            for event, handler in (
                ("open", self._came),
                ("message", self._said),
                ("close", self._left),
            ):
                peer.on(event, create_proxy(handler))
            self._peer = peer
        return self._peer

    async def _carry_out(self, effect: LinkEffect) -> None:
        peer = await self._load()
        try:
            if isinstance(effect, MakeInvitation):
                page = str(window.URL.new("join.html", window.location.href).href)
                made = await peer.invite(effect.peer, page)  # type: ignore[attr-defined]
                self.send(Invited(effect.seat, str(made.code), str(made.link)))
            elif isinstance(effect, TakeAnswer):
                if not effect.code:
                    self.send(InvitationFailed(effect.seat, t("devices.no-answer")))
                    return
                await peer.accept(effect.peer, effect.code)  # type: ignore[attr-defined]
            elif isinstance(effect, OpenRoomLink):
                await self._open_room(peer, effect)
            elif isinstance(effect, StartScan):
                await self._read_camera(peer, effect.seat)
            elif isinstance(effect, StopScan):
                self._stop_camera()
            elif isinstance(effect, SendTo):
                peer.send(effect.peer, effect.text)  # type: ignore[attr-defined]
            else:
                await peer.drop(effect.peer)  # type: ignore[attr-defined]
        except Exception as exc:  # a code typed wrong: the transport's words say why
            if isinstance(effect, (MakeInvitation, TakeAnswer)):
                self.send(InvitationFailed(effect.seat, _reason(exc)))
            elif isinstance(effect, OpenRoomLink):
                self.send(RoomFailed(_reason(exc)))
            elif isinstance(effect, StartScan):
                self._scan = None
                self.send(ScanEnded(effect.seat, t("devices.scan-failed", reason=_reason(exc))))
            else:
                fatal(exc)

    async def _open_room(self, peer: object, effect: OpenRoomLink) -> None:
        if not bool(peer.internet):  # type: ignore[attr-defined]
            self.send(RoomFailed("", off=True))
            return
        if not bool(window.navigator.onLine):
            self.send(RoomFailed(t("devices.offline")))
            return
        page = str(window.URL.new("join.html", window.location.href).href)
        kept = effect.room
        link, key = (jsnull, jsnull) if kept is None else (kept.link, kept.key)
        opened = await peer.openRoom(page, link, key)  # type: ignore[attr-defined]
        self.send(RoomOpened(str(opened.link), str(opened.key)))

    async def _read_camera(self, peer: object, seat: int) -> None:
        """Play the camera into the seat's video place (drawn by now: this runs after the
        redraw) until a code shows; a cancelled scan ends quietly."""
        self._stop_camera()
        video = document.querySelector(f'#devices video[data-scan="{seat}"]')
        if video is None:
            return
        scan = peer.scanQr(video)  # type: ignore[attr-defined]
        self._scan = scan
        text = await scan.done
        if self._scan is scan:
            self._scan = None
            self.send(Scanned(seat, str(text)))

    def _stop_camera(self) -> None:
        scan, self._scan = self._scan, None
        if scan is not None:
            scan.stop()  # type: ignore[attr-defined]

    def _came(self, peer: object, detail: object) -> None:
        self.send(DeviceCame(str(peer), _seconds()))

    def _said(self, peer: object, text: object) -> None:
        self.send(DeviceSaid(str(peer), str(text), _seconds()))

    def _left(self, peer: object, reason: object) -> None:
        self.send(DeviceLeft(str(peer)))

    def draw_codes(self) -> None:
        """The QR code of every invitation and of the room's link, drawn by the QR library
        into its place (once: a place rewritten by the panel is empty again)."""
        peer = self._peer
        if peer is None:
            return
        for place in document.querySelectorAll("#devices [data-qr]"):
            if not place.firstElementChild:
                peer.drawQr(place.dataset.qr, place, place.dataset.qrLabel)  # type: ignore[attr-defined]


def _reason(exc: Exception) -> str:
    return str(getattr(exc, "message", exc))[:300]


def _seconds() -> float:
    return float(window.performance.now()) / 1000.0
