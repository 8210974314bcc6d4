"""The action area: what the player whose turn it is can do now, one section at a time.

Which section shows follows the turn (a tile to lay, a building just drawn, a payment being
made, the question before ending with actions unused); what is enabled is the rules' answer
carried by the scene (``Scene.offer``).
"""

from __future__ import annotations

from attika import BUILDINGS

from ..board.board_text import tile_words
from ..core.html import Markup, el, join
from ..core.text import building_name, group_name, plural, t
from ..core.widgets import button, icon, minicards
from .computer_turn import computer_area, hint_row
from .hand import stack_buttons, stored_buttons
from .payment import payment_panel
from .scene import Scene


def undo_row(scene: Scene) -> Markup | None:
    """Take back, or why not: a final action says it is final, in plain sight."""
    why = scene.offer.undo if scene.offer is not None else "undo-turn"
    if why is None:
        return el(
            "div", {"class": "row undo"}, button(join(icon("ui-undo"), t("act.undo")), "undo")
        )
    if why == "undo-turn":
        return None
    return el("p", {"class": "hint final"}, icon("ui-lock", "tiny"), " ", t("undo." + why))


def confirm_end(scene: Scene) -> Markup:
    return el(
        "section",
        {
            "class": "act confirm-end",
            "role": "alertdialog",
            "aria-modal": "true",  # the table binder makes the rest inert while it asks
            "aria-labelledby": "confirm-end-q",
        },
        el(
            "p",
            {"id": "confirm-end-q", "class": "question"},
            plural("end.confirm", scene.status.unused),
        ),
        el(
            "div",
            {"class": "row"},
            button(join(icon("ui-end"), t("end.sure")), "end", "sure", cls="primary"),
            button(t("end.keep"), "cancel"),
        ),
    )


def _tile_section(scene: Scene) -> Markup:
    return el(
        "section",
        {"class": "act tile-act"},
        el("p", None, t("tile.explain")),
        # the tile as turned now, to read again at will (each turn is also said once)
        el("p", {"class": "sr-only"}, tile_words(scene)),
        el(
            "div",
            {"class": "row"},
            # a step of the rules' rotation turns the tile counter-clockwise on the screen
            # (attika/hexes.py DIRECTIONS): "Turn left" is +1
            button(join(icon("ui-rotate-ccw"), t("tile.rotate-ccw")), "rotate", "1"),
            button(join(icon("ui-rotate-cw"), t("tile.rotate-cw")), "rotate", "-1"),
            button(
                join(icon("ui-check"), t("tile.place")),
                "confirm",
                cls="primary",
                enabled=scene.marks.site is not None,
            ),
        ),
        undo_row(scene),
    )


def _drawn_section(scene: Scene, kind: str) -> Markup:
    b = BUILDINGS[kind]
    targets = scene.marks.targets or {}
    where = plural("drawn.where", len(targets)) if targets else t("drawn.nowhere")
    return el(
        "section",
        {"class": "act drawn"},
        el(
            "div",
            {"class": "drawn-card"},
            el(
                "span",
                {"class": f"badge big cs-{scene.current.city_state}"},
                icon("b-" + kind),
            ),
            el(
                "div",
                None,
                el("strong", None, building_name(kind)),
                el("div", None, group_name(b.group), " · ", minicards(b.cost, b.any_cost)),
            ),
        ),
        el("p", {"class": "hint"}, where),
        el("div", {"class": "row"}, button(t("drawn.store"), "store", cls="primary")),
        undo_row(scene),
    )


def amphora_section(scene: Scene, heading: str) -> Markup | None:
    """The seat's amphorae and the two ways to spend one, under a heading of the given level
    (the game's panel and a position's side differ); nothing when it has none."""
    player = scene.current
    if not player.amphorae:
        return None
    offer = scene.offer
    return join(
        el(heading, None, icon("amphora"), " ", plural("act.amphorae", player.amphorae)),
        el(
            "div",
            {"class": "row"},
            button(
                t("amphora.action"),
                "amphora",
                "action",
                enabled=offer is not None and offer.amphora_action,
            ),
            button(
                t("amphora.card"),
                "amphora",
                "card",
                enabled=offer is not None and offer.amphora_card,
            ),
        ),
    )


def _turn_section(scene: Scene) -> Markup:
    targets = scene.marks.targets or {}
    amphorae = amphora_section(scene, "h2")
    unused = scene.status.unused
    return el(
        "section",
        {"class": "act"},
        el("h2", None, t("act.draw")),
        stack_buttons(scene),
        el("h2", None, t("act.build")),
        stored_buttons(scene),
        el("p", {"class": "hint"}, plural(tap_key(scene), len(targets)))
        if scene.marks.selected and targets
        else None,
        amphorae,
        el(
            "div",
            {"class": "row end"},
            button(
                join(icon("ui-end"), plural("act.end", unused)),
                "end",
                cls="primary" if scene.status.actions_left == 0 else None,
            ),
        ),
        undo_row(scene),
    )


def tap_key(scene: Scene) -> str:
    """A teaching position that keeps the prices back does not point at them."""
    return "build.tap-hex-unpriced" if scene.hide & {"price", "free"} else "build.tap-hex"


def action_area(scene: Scene) -> Markup:
    """The part of the panel that changes with every tap of the player whose turn it is."""
    if scene.over:
        return Markup("")
    if scene.computer_turn and not scene.handover:
        return computer_area(scene)
    if not scene.acting:
        return Markup("")
    if scene.payment is not None:
        return payment_panel(scene.payment)
    if scene.confirm_end:
        return confirm_end(scene)
    if scene.status.phase == "tile":
        return join(hint_row(scene), _tile_section(scene))
    if scene.status.drawn is not None:
        return join(hint_row(scene), _drawn_section(scene, scene.status.drawn))
    return join(hint_row(scene), _turn_section(scene))
