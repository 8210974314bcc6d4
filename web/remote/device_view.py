"""A player's own device, drawn: joining (the answer to show the table), then the seat.

Pure: the device's model in, markup out. Once the host's table has come, the seat's screen
is the turn's own screen (web/play/), drawn from a scene of the game dealt from the seat's
view, so it shows exactly what the seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board.board_svg import Drawing, board_drawing
from ..core.html import Markup, el
from ..core.text import t
from ..play.news import news_html, news_words
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


@dataclass(frozen=True)
class DeviceView:
    joining: Markup
    #: The seat's screen, once the table has come (None before).
    board: Drawing | None
    side: Markup
    status: Markup
    news: Markup
    said: tuple[Said, ...]


def device_view(device: Device, joining: Joining) -> DeviceView:
    session = device.session
    if session is None:
        return DeviceView(
            _joining(device, joining), None, Markup(""), _link_status(device), Markup(""), ()
        )
    scene = table_scene(session)
    top = status_strip(scene)
    if device.link != "open":
        top = _link_status(device)
    return DeviceView(
        joining=Markup("") if device.link == "open" else _joining(device, joining),
        board=board_drawing(scene),
        side=side_panel(scene),
        status=top,
        news=news_html(news_words(scene)),
        said=tuple(turn_said(scene)),
    )


def _link_status(device: Device) -> Markup:
    key = {"joining": "join.waiting", "open": "join.waiting", "lost": "join.lost"}[device.link]
    return el("span", {"class": "now"}, t(key))


def _joining(device: Device, joining: Joining) -> Markup:
    parts: list[Markup | None] = [el("h2", {"id": "joining-title"}, t("join.title"))]
    if joining.problem is not None:
        parts.append(el("p", {"class": "message error", "role": "alert"}, joining.problem))
    elif device.link == "lost":
        parts.append(el("p", {"class": "message error", "role": "alert"}, t("join.lost")))
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
