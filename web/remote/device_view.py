"""A player's own device, drawn: joining (the answer to show the table), then the seat.

Pure: the device's model in, markup out. Once the host's table has come, the seat's screen
is the turn's own screen (web/play/), drawn from a scene of the game dealt from the seat's
view, so it shows exactly what the seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board.board_svg import Drawing, board_drawing
from ..core.html import Markup, el
from ..core.text import player_name, t
from ..core.widgets import button
from ..play.news import news_html, news_words
from ..play.notes import shown
from ..play.panel import side_panel
from ..play.scene import table_scene
from ..play.spoken import Said, turn_said
from ..play.status import status_strip
from .device import Device


@dataclass(frozen=True)
class Joining:
    """Before the seat can be shown: the answer for the table, or why there is none yet."""

    #: The answer code to show the host (typed there, or scanned from its QR code).
    answer: str | None
    #: Why this page cannot join (no invitation, an unreadable one), worded.
    problem: str | None
    #: Joined through a relayed room: a lost link is tried again by itself.
    room: bool = False


@dataclass(frozen=True)
class DeviceView:
    joining: Markup
    #: The seat's screen, once the table has come (None before).
    board: Drawing | None
    side: Markup
    status: Markup
    news: Markup
    said: tuple[Said, ...]
    #: Whose phone this is ("You play Corinth."), once seated.
    you: str = ""


def device_view(device: Device, joining: Joining) -> DeviceView:
    session = device.session
    if session is None:
        return DeviceView(
            _joining(device, joining),
            None,
            Markup(""),
            _link_status(device, joining),
            Markup(""),
            (),
        )
    scene = table_scene(session)
    top = status_strip(scene)
    if device.link != "open":
        top = _link_status(device, joining)
    you = ""
    if device.seat is not None:  # whose phone this is, in the top bar beside the name
        you = t("join.seat", name=player_name(session.game.players[device.seat].name))
    return DeviceView(
        joining=Markup("") if device.link == "open" else _joining(device, joining),
        board=board_drawing(scene),
        side=side_panel(scene),
        status=top,
        news=news_html(news_words(scene)),
        said=tuple(turn_said(scene)),
        you=you,
    )


def _link_status(device: Device, joining: Joining) -> Markup:
    lost = "join.lost-room" if joining.room else "join.lost"
    key = {"joining": "join.waiting", "open": "join.connected", "lost": lost}[device.link]
    return el("span", {"class": "now"}, t(key))


def _seats(device: Device) -> list[Markup | None]:
    """The seats this device may take (joined through the room's shared link)."""
    open_seats = device.open_seats
    if open_seats is None:
        return []
    if not open_seats.seats:
        return [el("p", {"class": "message", "role": "status"}, t("join.no-seat"))]
    return [
        el("p", None, t("join.choose")),
        el(
            "ul",
            {"class": "seat-choice"},
            [
                el(
                    "li",
                    None,
                    button(
                        el(
                            "span",
                            {"class": f"device-name cs-{cs}"},
                            t("join.take", name=player_name(name)),
                        ),
                        "claim",
                        str(seat),
                        cls="primary",
                    ),
                )
                for seat, name, cs in open_seats.seats
            ],
        ),
    ]


def _joining(device: Device, joining: Joining) -> Markup:
    parts: list[Markup | None] = [el("h2", {"id": "joining-title"}, t("join.title"))]
    if joining.problem is not None:
        parts.append(el("p", {"class": "message error", "role": "alert"}, joining.problem))
    elif device.link == "lost":
        lost = "join.lost-room" if joining.room else "join.lost"
        parts.append(el("p", {"class": "message error", "role": "alert"}, t(lost)))
    elif device.open_seats is not None and device.table is None and not device.token:
        parts += _seats(device)
        if device.note is not None:
            parts.append(el("p", {"class": "message", "role": "status"}, _note_words(device)))
    elif joining.answer is not None:
        parts += [
            el("p", None, t("join.answer")),
            el(
                "div",
                {"class": "qr", "data-qr": joining.answer, "data-qr-label": t("join.answer-qr")},
            ),
            el(
                "textarea",
                {
                    "readonly": True,
                    "rows": "3",
                    "class": "answer-code",
                    "aria-label": t("join.answer-qr"),
                },
                joining.answer,
            ),
            el("p", {"class": "hint", "role": "status"}, t("join.waiting")),
        ]
    else:
        parts.append(el("p", {"role": "status"}, t("join.waiting")))
    return el("div", {"class": "joining-inner"}, parts)


def _note_words(device: Device) -> str:
    found = shown(device.note)
    return "" if found is None else found[1]
