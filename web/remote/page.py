"""The binder of a player's own device (join.html): the peer link in, the seat's screen out.

Opened from the host's invitation (``join.html#join=<code>``): the page answers it through
the peer link and shows the answer for the host to scan or type. Opened from the link of
the table's room (``join.html#room=...``, over the internet): it joins the room through the
relays and takes the seat kept on this device for that room, or lets the player choose an
open one. From then on it turns the host's texts and the player's taps into the device's
messages (web/remote/device.py) and carries out what its update asks: texts to send, the
seat's token to keep. The only code that touches join.html's DOM and storage.
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from web.board.board_svg import Drawing
from web.browser.dom import (
    attr,
    fatal,
    find,
    rove,
    say,
    switch_language,
    tapped,
    tasks,
    write_words,
)
from web.browser.window import document, window
from web.core.storage import Storage
from web.core.text import language, t
from web.play.panel import NEXT_FOCUS
from web.play.spoken import fresh
from web.remote.device import (
    Device,
    DeviceEffect,
    DeviceMessage,
    HostSaid,
    KeepSeat,
    LinkChanged,
    Send,
    device_message,
    update,
)
from web.remote.device_view import Joining, device_view

HOST = "host"
#: Storage key prefix: the seat and token this device holds in a room ("<seat>.<token>").
SEAT = "attika.seat."
#: Where the keyboard goes when its element was redrawn away: the panel's own order (shared
#: with the game page), then joining's buttons, else the board (the page's one Tab stop that
#: is always there).
KEEP_FOCUS = (*NEXT_FOCUS, "#joining button", "#board")


class DevicePage:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.device = Device()
        self.joining = Joining(None, None)
        self._peer: object | None = None
        self._written: dict[str, str] = {}
        self._said: set[str] = set()
        self._words = ""
        self._drawing: Drawing | None = None
        #: The room joined through its link (its id), or "" on one table.
        self._room = ""

    async def start(self) -> None:
        """Answer the invitation in the page's address, if there is one."""
        self._peer = peer = await window.attikaLoadPeer()
        for event, handler in (
            ("open", self._opened),
            ("message", self._heard),
            ("close", self._closed),
        ):
            peer.on(event, create_proxy(handler))  # type: ignore[attr-defined]
        invitation = peer.readInvitation(str(window.location.hash))  # type: ignore[attr-defined]
        # an invitation for one table carries a code; the room's link, a link to join
        code, link = _field(invitation, "code"), _field(invitation, "link")
        try:
            if code:
                answer = await peer.join(code)  # type: ignore[attr-defined]
                self.joining = Joining(str(answer), None)
            elif link:
                self._room = link.partition("#room=")[2].partition(".")[0]
                self.device.seat, self.device.token = self._kept_seat()
                self.joining = Joining(None, None, room=True)
                await peer.joinRoom(link)  # type: ignore[attr-defined]
            else:
                self.joining = Joining(None, t("join.no-invitation"))
        except Exception as exc:
            reason = str(getattr(exc, "message", exc))[:200]
            self.joining = Joining(None, t("join.bad-invitation", reason=reason))
        self.render()

    # -- the peer link's events ------------------------------------------------------------

    def _opened(self, peer: object, detail: object) -> None:
        if str(peer) == HOST:
            self.send(LinkChanged("open"))

    def _heard(self, peer: object, text: object) -> None:
        if str(peer) == HOST:
            self.send(HostSaid(str(text)))

    def _closed(self, peer: object, reason: object) -> None:
        if str(peer) == HOST:
            self.send(LinkChanged("lost"))

    # -- messages and effects ---------------------------------------------------------------

    def send(self, message: DeviceMessage) -> None:
        try:
            _, effects = update(self.device, message)
            self.carry_out(effects)
            self.render()
        except Exception as exc:
            fatal(exc)

    def carry_out(self, effects: list[DeviceEffect]) -> None:
        for effect in effects:
            if isinstance(effect, Send) and self._peer is not None:
                self._peer.send(HOST, effect.text)  # type: ignore[attr-defined]
            elif isinstance(effect, KeepSeat) and self._room:
                try:
                    if effect.token:
                        self.storage.setItem(SEAT + self._room, f"{effect.seat}.{effect.token}")
                    else:
                        self.storage.removeItem(SEAT + self._room)
                except Exception:  # storage full or off: the seat is kept for this visit only
                    pass

    def _kept_seat(self) -> tuple[int | None, str]:
        """The seat and token kept for this room, if any (read as untrusted text)."""
        text = self.storage.getItem(SEAT + self._room)
        seat, _, token = str(text or "").partition(".")
        if seat in ("0", "1", "2", "3") and 16 <= len(token) <= 64 and token.isalnum():
            return int(seat), token
        return None, ""

    # -- drawing ------------------------------------------------------------------------------

    def _put(self, node: object, markup: str) -> bool:
        key = node.id  # type: ignore[attr-defined]
        if self._written.get(key) == markup:
            return False
        node.innerHTML = markup  # type: ignore[attr-defined]
        self._written[key] = markup
        return True

    def render(self) -> None:
        focused = document.activeElement
        keys = (attr(focused, "data-key"), attr(focused, "data-hex"))
        self._draw()
        self._keep_focus(focused, keys)

    def _keep_focus(self, focused: object, keys: tuple[str | None, str | None]) -> None:
        """A redraw replaced the button or place that had the keyboard (End turn, a place,
        the seat's choice): put it back on the same one, else on the next meaningful thing
        (the board when nothing is to be done), never on the top of the page."""
        body = document.body
        if focused is None or focused == body or document.activeElement != body:
            return
        key, hex_ = keys
        places = [f'[data-key="{key}"]' if key else "", f'[data-hex="{hex_}"]' if hex_ else ""]
        for selector in [*places, *KEEP_FOCUS]:
            found = find(selector) if selector else None
            if found is not None:
                found.focus()  # type: ignore[attr-defined]
                return

    def _draw(self) -> None:
        if self._words != language():
            self._words = language()
            write_words()
        view = device_view(self.device, self.joining)
        joining = document.getElementById("joining")
        if self._put(joining, view.joining) and self._peer is not None:
            for place in document.querySelectorAll("#joining [data-qr]"):
                self._peer.drawQr(place.dataset.qr, place, place.dataset.qrLabel)  # type: ignore[attr-defined]
        joining.hidden = not view.joining
        self._put(document.getElementById("status-top"), view.status)
        document.getElementById("you").textContent = view.you
        seat = document.getElementById("seat")
        seat.hidden = view.board is None
        if view.board is not None:
            board = document.getElementById("board")
            if self._drawing is None or view.board.changed(self._drawing) is None:
                board.innerHTML = view.board.markup()
            else:
                group = board.firstElementChild
                group.setAttribute("class", view.board.mode)
                for i in view.board.changed(self._drawing) or []:
                    group.children.item(i).outerHTML = view.board.pieces[i][1]
            x, y, w, h = view.board.bounds
            board.dataset.bounds = f"{x} {y} {w} {h}"
            self._drawing = view.board
            self._put(document.getElementById("side"), view.side)
            news = document.getElementById("news")
            self._put(news, view.news)
            news.hidden = not view.news
            say(document.getElementById("announce"), fresh(view.said, self._said))
            self._said = {key for key, _ in view.said}
            board_view = getattr(window, "attikaBoard", None)
            if board_view is not None:
                board_view.refresh()
        document.body.dataset.ready = "1"
        document.body.dataset.link = self.device.link
        # the position the seat's screen shows (the host's action count), "" before the first
        # table: what a test or a benchmark waits for after a tap
        table = self.device.table
        document.body.dataset.position = "" if table is None else str(table.n)

    # -- the DOM's events -------------------------------------------------------------------

    def on_click(self, event: object) -> None:
        found = tapped(event)
        if found is not None:
            self.send(device_message(found[1], found[2]))

    def on_key(self, event: object) -> None:
        if rove(event):
            return
        key = str(event.key)  # type: ignore[attr-defined]
        node = event.target  # type: ignore[attr-defined]
        if key not in ("Enter", " ") or node.tagName in ("BUTTON", "INPUT", "SELECT", "TEXTAREA"):
            return
        found = tapped(event)
        if found is not None:
            event.preventDefault()  # type: ignore[attr-defined]
            self.send(device_message(found[1], found[2]))

    def on_change(self, event: object) -> None:
        node = event.target  # type: ignore[attr-defined]
        if getattr(node, "id", "") == "language":
            switch_language(self.storage, str(node.value))
            self._written.clear()
            self._drawing = None
            self.render()


def _field(found: object, name: str) -> str:
    """A text field of the transport's answer, "" when it has none."""
    if found is None:
        return ""
    value = getattr(found, name, None)
    return "" if value is None else str(value)


def begin(page: DevicePage) -> None:
    """Start answering the invitation (kept until done)."""
    # a new invitation opened in this same tab changes only the address's fragment: answer it
    window.addEventListener("hashchange", create_proxy(lambda event: window.location.reload()))
    task = asyncio.ensure_future(page.start())
    tasks.add(task)
    task.add_done_callback(tasks.discard)
    if find("#device") is not None:
        document.getElementById("device").hidden = False
