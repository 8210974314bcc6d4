"""The one line that says what happens now: "Build 2 of 3", "Waiting for Ann"."""

from __future__ import annotations

from ..core.html import Markup, el
from ..core.text import building_name, plural, t
from ..core.widgets import icon, seat_mark
from .scene import Scene


def status(scene: Scene, named: bool = False) -> str:
    """What happens now; ``named`` adds whose turn it is (the top bar)."""
    line = _status(scene)
    if named and not scene.over and not scene.handover:
        return t("status.with-name", name=scene.current.name, status=line)
    return line


def status_strip(scene: Scene) -> Markup:
    """The strip that stays on screen: whose turn (colour, shape and name), what to do now,
    and the cards and amphorae that player holds (both public). While the device is passed
    on, only whose turn comes next."""
    if scene.over or scene.handover:
        return el("span", {"class": "now"}, _status(scene))
    player = scene.current
    return el(
        "span",
        {"class": "strip"},
        seat_mark(player.city_state),
        el("strong", {"class": "who"}, player.name),
        el("span", {"class": "now"}, _status(scene)),
        el(
            "span",
            {"class": "holds"},
            el(
                "span",
                {"class": "held"},
                icon("ui-card", "tiny"),
                el("span", {"class": "sr-only"}, plural("over.cards", player.hand_size)),
                el("span", {"aria-hidden": "true"}, str(player.hand_size)),
            ),
            el(
                "span",
                {"class": "held"},
                icon("amphora", "tiny"),
                el("span", {"class": "sr-only"}, plural("act.amphorae", player.amphorae)),
                el("span", {"aria-hidden": "true"}, str(player.amphorae)),
            ),
        ),
    )


def _status(scene: Scene) -> str:
    now = scene.status
    name = scene.current.name
    if now.winner is not None:
        return t("status.won", name=scene.name(now.winner))
    if scene.handover:
        return t("status.handover", name=name)
    if scene.computer_turn:
        return t("status.computer-paused" if scene.paused else "status.computer", name=name)
    if now.phase == "drawn" and now.drawn is None:  # the mover looks at it alone
        return t("status.drawn-hidden", name=name)
    if now.phase == "tile":
        return t("status.tile", name=name)
    if now.drawn is not None:
        return t("status.drawn", name=name, building=building_name(now.drawn))
    if now.actions_left == 0:
        return t("status.done", name=name)
    if now.mode is None:
        return t("status.choose", name=name)
    # what is left to do, not which step this is ("Draw 2 of 2" read as done)
    return t(f"status.{now.mode}", name=name, n=now.actions_left, of=now.allowance)
