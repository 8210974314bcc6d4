"""The still picture of a position, shown before any Python runs in the reader's browser.

Made at install time (scripts/previews.py) from the same drawing the live board uses, so the
first paint of an embed or of rules.html is plain markup: title, intro, task and the board,
with a "Try it" button that starts Python only when the reader asks for it (web/preview.js).
"""

from __future__ import annotations

from attika import Scenario

from .board_svg import board_drawing
from .html import Markup, el
from .position import Position, _marks, _text, intro_and_task, scene_of
from .text import t


def preview_html(name: str, scenario: Scenario) -> Markup:
    """One position as a still: the same header as the live one, the board as a picture."""
    pos = Position(f"preview-{name}", scenario)
    drawing = board_drawing(scene_of(pos))
    x, y, w, h = drawing.bounds
    title_id = f"preview-{name}-title"
    intro, task = intro_and_task(scenario)
    board = el(
        "svg",
        {
            "class": "board-svg",
            "viewBox": f"{x:g} {y:g} {w:g} {h:g}",
            "role": "img",
            "aria-label": t("pos.preview", title=_text(scenario.title)),
            "inert": "",
        },
        drawing.markup(),
        _marks(scenario),
    )
    return el(
        "section",
        {"class": "pos preview", "aria-labelledby": title_id, "data-preview": name},
        el(
            "header",
            {"class": "poshead"},
            el("h2", {"id": title_id}, _text(scenario.title)),
            intro,
            task,
            el(
                "button",
                {"type": "button", "class": "primary try", "data-try": name},
                t("pos.try"),
            ),
        ),
        el("div", {"class": "posbody"}, el("div", {"class": "posboard"}, board)),
    )
