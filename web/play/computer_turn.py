"""What the panel shows about computer players: who is thinking, the pause, step, speed and
skip buttons, and a hint put into words.

A hint comes from the rules package as an action and a reason code (``attika.hint``);
this module words both in the player's language and nothing else: the page works out no
rule of its own.
"""

from __future__ import annotations

from attika import Build, DrawBuilding, Hint, PlaceTile, kind_of

from ..board.board_text import site_label
from ..core.html import Markup, el
from ..core.text import building_name, group_name, plural, stack_name, t
from ..core.widgets import button
from .scene import Scene


def level_name(level: str) -> str:
    """ "computer (strong)", in the player's language."""
    return t(f"seat.{level}")


def computer_area(scene: Scene) -> Markup:
    """A computer player's turn: what it is doing, and the controls of the demonstration."""
    player = scene.current
    level = player.computer or ""
    if scene.paused:
        line = t("computer.paused", name=player.name)
    else:
        line = t("computer.thinking", name=player.name, level=level_name(level))
    people = any(p.computer is None for p in scene.players)
    return el(
        "section",
        {"class": "act computer", "aria-busy": "true" if scene.thinking else "false"},
        el("p", {"class": "computer-line"}, line),
        el(
            "div",
            {"class": "row"},
            button(
                t("computer.play") if scene.paused else t("computer.pause"),
                "pause",
                cls="primary" if scene.paused else None,
            ),
            button(t("computer.step"), "step") if scene.paused else None,
            button(
                t("computer.fast") if scene.speed == "normal" else t("computer.slow"),
                "speed",
            ),
            button(t("computer.skip"), "skip") if people and not scene.paused else None,
        ),
    )


def hint_row(scene: Scene) -> Markup | None:
    """The Hint button and, once asked, the suggested move and why."""
    if not scene.hints:
        return None
    toggle = button(t("hint.hide" if scene.hint else "hint.ask"), "hint", cls="hint-button")
    if scene.hint is None:
        return el("div", {"class": "row hint-row"}, toggle)
    place = hint_place(scene.hint, scene)
    return el(
        "div",
        # said once through the page's live region (play/spoken.py; a lesson's: pos-live)
        {"class": "hint-box"},
        el(
            "p",
            None,
            el("strong", None, hint_move(scene.hint)),
            " ",
            hint_reason(scene),
            " " + place if place else None,
        ),
        el("div", {"class": "row"}, toggle),
    )


def hint_move(hinted: Hint) -> str:
    """The suggested move in words, the place shown on the board (never as coordinates):
    the key is the one the rules' registry gives the action (attika.kind_of)."""
    action = hinted.action
    key = kind_of(action).hint_key(action)
    if isinstance(action, Build):  # the only move whose words name one of its fields
        return t(key, building=building_name(action.building))
    return t(key)


def hint_place(hinted: Hint, scene: Scene) -> str:
    """The marked stack or tile place said in words, as its button names it ("The marked
    stack is Stack 3."); "" for a move that marks neither (a build's place is the marked
    hex's own name)."""
    action = hinted.action
    if isinstance(action, DrawBuilding):
        return t("hint.stack-is", stack=stack_name(action.stack))
    if isinstance(action, PlaceTile):
        return t("hint.site-is", place=site_label(scene, action.centre))
    return ""


def hint_words(scene: Scene) -> str:
    """The whole hint as a screen reader is told it once: the move, why, and the marked
    stack or place in words ("" without a hint)."""
    if scene.hint is None:
        return ""
    words = f"{hint_move(scene.hint)} {hint_reason(scene)}"
    place = hint_place(scene.hint, scene)
    return f"{words} {place}" if place else words


def hint_reason(scene: Scene) -> str:
    """Why: one line from the reason code and its facts."""
    hinted = scene.hint
    assert hinted is not None
    p = hinted.params
    code = hinted.reason
    if code == "block":
        return t("hint.why.block", name=scene.name(int(str(p["seat"]))))
    if code == "free" or code == "store":
        return t(f"hint.why.{code}", building=building_name(str(p["building"])))
    if code == "amphora":
        return t("hint.why.amphora", group=group_name(str(p["group"])))
    if code == "chain":
        return plural("hint.why.chain", int(str(p["left"])))
    if code == "cheap" and not p["cards"]:
        return t("hint.why.costless")
    if code in ("cheap", "take-cards"):
        return plural(f"hint.why.{code}", int(str(p["cards"])))
    return t(f"hint.why.{code}")
