"""The side panel: whose turn, what to do next, the hand, the player boards, everyone."""

from __future__ import annotations

from ..board.board_text import board_list
from ..core.html import Markup, el, join
from ..core.text import plural, t
from ..core.widgets import icon, seat_mark
from .actions import action_area
from .hand import hand_html
from .player_board import overview, player_board
from .scene import Scene
from .status import status

#: Where the keyboard goes when a redraw took away the control that had it, most meaningful
#: first: the question that appeared, the payment's button, the place to choose, the
#: building to store, else the panel's first live button. Both pages that draw this panel
#: (the game, web/table/focus.py, and a player's device, web/remote/page.py) follow it.
NEXT_FOCUS = (
    ".confirm-end button",
    ".payment [data-cmd=confirm]:not([disabled])",
    ".payment button:not([disabled])",
    '#board [tabindex="0"]',
    "#side [data-cmd=store]",
    "#side .act button:not([disabled])",
    "#side button:not([disabled])",
)


def side_panel(scene: Scene, actions: Markup | None = None) -> Markup:
    """The whole side panel; ``actions`` replaces the action area (stepping through)."""
    p = scene.current
    head = el(
        "header",
        {"class": "turnhead"},
        seat_mark(p.city_state),
        el(
            "div",
            None,
            el("div", {"class": "who"}, p.name),
            el("div", {"class": "status", "id": "status-line"}, status(scene)),
        ),
        el(
            "div",
            {"class": "amph", "aria-label": plural("act.amphorae", p.amphorae)},
            icon("amphora"),
            el("span", None, str(p.amphorae)),
        ),
    )
    message = None
    if scene.message:
        kind, text = scene.message
        # said once through the page's live region (web/play/spoken.py): a region drawn
        # again with the panel would say it again, or not at all
        message = el("p", {"class": f"message {kind}"}, text)
    return join(
        head,
        el("div", {"class": "messages"}, message),
        action_area(scene) if actions is None else actions,
        hand_html(scene),
        el(
            "section",
            {"class": "mine"},
            el("h2", None, t("board.title", name=p.name)),
            player_board(p),
        ),
        overview(scene),
        board_list(scene),
    )
