"""The players' devices, drawn: who is connected, who is awaited, and each invitation.

Pure: a frozen :class:`DevicesScene` in, markup out. An invitation's QR code is drawn by the
binder into the ``data-qr`` place after the markup is written (the QR library draws into an
element); the link is also shown as text to copy, and the answer is typed or pasted here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.html import Markup, el, join
from ..core.text import t
from ..core.widgets import button, icon


@dataclass(frozen=True)
class DeviceRow:
    seat: int
    name: str
    city_state: str
    connected: bool
    #: The invitation's link (for the QR code and to copy), once made.
    link: str | None
    answer: str
    error: str | None
    #: A device took the seat through the room (its token is out): it may be given on.
    claimed: bool = False
    #: The camera is reading this seat's answer.
    scanning: bool = False


@dataclass(frozen=True)
class RoomScene:
    """The table over the internet: how it stands (``closed``, ``opening``, ``open``,
    ``failed``, ``off``), its link once open, and why it failed, worded."""

    state: str
    link: str | None
    error: str


@dataclass(frozen=True)
class DevicesScene:
    rows: tuple[DeviceRow, ...]
    #: The panel is open (else only who is awaited shows, in the status strip's words).
    open: bool
    room: RoomScene = RoomScene("closed", None, "")

    @property
    def awaited(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.rows if not r.connected)


def devices_button(scene: DevicesScene) -> Markup:
    """The top bar's way into the panel, saying how many devices are awaited."""
    waiting = len(scene.awaited)
    label = t("devices.button-waiting", n=waiting) if waiting else t("devices.button")
    return button(join(icon("ui-players"), el("span", None, label)), "devices", aria_label=label)


def devices_html(scene: DevicesScene) -> Markup:
    """The panel: a row a seat played on its own device."""
    return el(
        "div",
        {"class": "devices-inner"},
        el(
            "div",
            {"class": "log-head"},
            el("h2", {"id": "devices-title", "tabindex": "-1"}, t("devices.title")),
            button(join(icon("ui-close"), el("span", None, t("devices.close"))), "devices"),
        ),
        _room(scene.room),
        el("p", {"class": "hint"}, t("devices.how")),
        el("ul", {"class": "device-rows"}, [_row(r) for r in scene.rows]),
    )


def _room(room: RoomScene) -> Markup:
    """Over the internet: a button to open the room, its link and QR code once open, or
    why there is none (then the invitations below are the way)."""
    parts: list[Markup | None] = [el("h3", None, t("devices.room-title"))]
    if room.state == "open" and room.link is not None:
        parts += [
            el("div", {"class": "qr", "data-qr": room.link, "data-qr-label": t("devices.room-qr")}),
            el(
                "label",
                {"class": "device-link"},
                t("devices.room-link"),
                el("input", {"readonly": True, "value": room.link, "data-key": "room-link"}),
            ),
        ]
    elif room.state == "opening":
        parts.append(el("p", {"role": "status"}, t("devices.room-opening")))
    elif room.state == "off":
        parts.append(el("p", {"class": "hint"}, t("devices.room-off")))
    else:
        if room.state == "failed":
            parts.append(
                el(
                    "p",
                    {"class": "message error", "role": "alert"},
                    t("devices.room-failed", reason=room.error),
                )
            )
        parts.append(button(t("devices.room-open"), "room", cls="primary"))
    return el("section", {"class": "device-room"}, parts)


def _row(row: DeviceRow) -> Markup:
    state = t("devices.connected") if row.connected else t("devices.awaited")
    parts: list[Markup | None] = [
        el(
            "h3",
            None,
            el("span", {"class": f"device-name cs-{row.city_state}"}, row.name),
            " ",
            el("span", {"class": "device-state"}, state),
        )
    ]
    if not row.connected:
        again = row.link is not None
        parts.append(
            button(
                t("devices.invite-again" if again else "devices.invite", name=row.name),
                "invite",
                str(row.seat),
                cls=None if again else "primary",
            )
        )
    if not row.connected and row.link is not None:
        answer_id = f"answer-{row.seat}"
        parts += [
            el(
                "div",
                {
                    "class": "qr",
                    "data-qr": row.link,
                    "data-qr-label": t("devices.qr", name=row.name),
                },
            ),
            el(
                "label",
                {"class": "device-link"},
                t("devices.link", name=row.name),
                el("input", {"readonly": True, "value": row.link, "data-key": f"link:{row.seat}"}),
            ),
            el(
                "label",
                {"class": "device-answer"},
                t("devices.answer", name=row.name),
                el(
                    "textarea",
                    {
                        "name": answer_id,
                        "rows": "3",
                        "autocomplete": "off",
                        "spellcheck": "false",
                        "data-key": answer_id,
                    },
                    row.answer,
                ),
            ),
            button(t("devices.connect", name=row.name), "connect", str(row.seat), cls="primary"),
            button(
                t("devices.scan-stop" if row.scanning else "devices.scan", name=row.name),
                "scan",
                str(row.seat),
            ),
        ]
        if row.scanning:  # the binder plays the camera into it
            parts.append(
                el(
                    "video",
                    {
                        "class": "scan",
                        "data-scan": str(row.seat),
                        "playsinline": True,
                        "muted": True,
                        "aria-label": t("devices.scan-view", name=row.name),
                    },
                )
            )
    if not row.connected:  # a player gone for good: the seat to a computer, or another device
        parts.append(
            el(
                "p",
                {"class": "hand-over"},
                button(t("devices.hand-computer", name=row.name), "hand", f"{row.seat}:normal"),
                " ",
                button(t("devices.hand-device", name=row.name), "hand", f"{row.seat}:device")
                if row.claimed
                else None,
            )
        )
    if row.error:
        parts.append(el("p", {"class": "message error", "role": "alert"}, row.error))
    return el("li", {"class": "device-row", "data-device": str(row.seat)}, parts)
