"""The editor's small controls, each written once: a pressed toggle, a labelled drop-down,
a count with a minus and a plus, a choice of seat, and a panel with its heading. Pure
markup (web/core/html.py), used by web/editor/editor_view.py and answer_view.py."""

from __future__ import annotations

from ..core.html import Markup, el
from ..core.text import t
from ..core.widgets import button


def toggle(label: str, cmd: str, arg: str, on: bool) -> Markup:
    """A button that stays pressed while its choice holds (a tool, a player count)."""
    return el(
        "button",
        {
            "type": "button",
            "class": "tool on" if on else "tool",
            "data-cmd": cmd,
            "data-arg": arg,
            "data-key": f"{cmd}:{arg}",
            "aria-pressed": "true" if on else "false",
        },
        label,
    )


def choice(label: str, name: str, options: list[Markup]) -> Markup:
    """A labelled drop-down whose change is the editor command ``name``."""
    return el("label", None, label, el("select", {"name": name, "data-key": f"ed-{name}"}, options))


def stepper(label: str, cmd: str, arg: str, value: int, what: str) -> Markup:
    """One count with a minus and a plus: ``cmd`` gets ``arg`` with "-" or "+" after it."""
    lead = f"{arg} " if arg else ""
    return el(
        "div",
        {"class": "row"},
        el("span", {"class": "edname"}, label),
        button("\u2212", cmd, f"{lead}-", aria_label=t("editor.less", what=what)),
        el("output", {"aria-label": label}, str(value)),
        button("+", cmd, f"{lead}+", aria_label=t("editor.more", what=what)),
    )


def seat_options(players: tuple[str, ...], chosen: object) -> list[Markup]:
    """One option per seat, by the player's name, the ``chosen`` seat selected."""
    return [
        el("option", {"value": str(i), "selected": i == chosen}, name)
        for i, name in enumerate(players)
    ]


def panel(cls: str, heading: str, title: str, *body: object) -> Markup:
    """One of the editor's panels: a section named by its heading (id ``heading``)."""
    return el(
        "section",
        {"class": cls, "aria-labelledby": heading},
        el("h2", {"id": heading}, title),
        *body,
    )
