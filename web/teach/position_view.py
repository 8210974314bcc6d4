"""A live position drawn: title, task, board, panel and verdict, wide or compact.

Every renderer here reads a frozen :class:`~web.teach.position_scene.PositionScene`; the
binder (web/teach/page.py) puts the markup in the page."""

from __future__ import annotations

from collections.abc import Iterable

from attika import Hex, format_hex, to_pixel

from ..board.board_svg import HEX_POINTS, SIZE, board_drawing
from ..core.html import Markup, el, join
from ..core.text import plural, t
from ..core.widgets import button, icon
from ..play.actions import action_area, amphora_section, tap_key, undo_row
from ..play.computer_turn import hint_row
from ..play.hand import hand_html, stack_buttons, stored_buttons
from ..play.panel import side_panel
from ..play.player_board import overview, player_board
from ..play.scene import Scene
from .feedback import feedback_html, in_language, training_label
from .position_scene import PositionScene
from .task_view import task_view, whole_view


def intro_and_task(pos: PositionScene) -> tuple[Markup | None, Markup | None]:
    """A position's intro and task paragraphs (a lesson of several steps names the step)."""
    intro = el("p", {"class": "intro"}, in_language(pos.intro)) if pos.intro else None
    if pos.task is None:
        return intro, None
    label = t("pos.task") if pos.steps == 1 else t("pos.step", step=pos.step + 1, steps=pos.steps)
    if pos.round is not None:  # training: which round, and how its position was changed
        said = training_label(pos.round)
        label = said if pos.steps == 1 else f"{said} {label}"
    task = el("p", {"class": "task"}, el("strong", None, label), " ", in_language(pos.task.text))
    return intro, task


def replies_html(pos: PositionScene) -> Markup | None:
    """What the other players did before this step: the moves the teacher recorded, ringed
    on the board too. A small frame folds the list (its screen reader hears it anyway)."""
    if not pos.replied:
        return None
    said = el("ul", None, [el("li", None, line) for line in pos.replied])
    why = el("p", {"class": "hint"}, t("pos.teacher-line")) if pos.teacher_line else None
    if pos.compact:
        summary = el("summary", None, t("pos.replied-count", n=len(pos.replied)))
        return el("details", {"class": "replies"}, summary, said, why)
    return el(
        "div", {"class": "replies"}, el("p", None, el("strong", None, t("pos.replied"))), said, why
    )


def marks_html(marks: Iterable[Hex]) -> list[Markup]:
    """Rings around the spaces the scenario points at, drawn over the board (the still
    preview draws them too)."""
    out = []
    for h in marks:
        x, y = to_pixel(h, SIZE)
        out.append(
            el(
                "polygon",
                {
                    "class": "spot",
                    "transform": f"translate({x:.2f},{y:.2f}) scale(0.92)",
                    "points": HEX_POINTS,
                },
                el("title", None, t("pos.marked", hex=format_hex(h))),
            )
        )
    return out


def _turn_controls(scene: Scene, needs: frozenset[str]) -> tuple[list[Markup], list[Markup]]:
    """A turn's controls split in two: those the task needs, and the rest (for the fold)."""
    offer = scene.offer
    targets = scene.marks.targets or {}
    build = join(
        el("h3", None, t("act.build")),
        stored_buttons(scene),
        el("p", {"class": "hint"}, plural(tap_key(scene), len(targets)))
        if scene.marks.selected and targets
        else None,
    )
    draw = join(el("h3", None, t("act.draw")), stack_buttons(scene))
    amphorae = amphora_section(scene, "h3")
    end = el(
        "div",
        {"class": "row end"},
        button(
            join(icon("ui-end"), plural("act.end", scene.status.unused)),
            "end",
            cls="primary" if scene.status.actions_left == 0 else None,
        ),
    )
    # what the task asks for and the rules allow now (no building can be built in a turn
    # of draws, say): the rest waits in the fold
    usable = {
        "amphora": True,
        "draw": offer is not None and offer.draw,
        "build": offer is not None and bool(offer.placeable),
        "end": True,
    }
    needed: list[Markup] = []
    rest: list[Markup] = []
    for kind, part in (("amphora", amphorae), ("draw", draw), ("build", build), ("end", end)):
        if part is not None:
            (needed if kind in needs and usable[kind] else rest).append(part)
    undo = undo_row(scene)
    if undo is not None:
        rest.append(undo)
    return needed, rest


def compact_panel(pos: PositionScene) -> tuple[Markup, Markup]:
    """What a compact position shows beside its board (the message, the verdict and the
    controls the task needs) and what it folds away under "More" (whose turn, the hand,
    the player boards, every other control)."""
    scene = pos.table
    message = None
    if scene.message:
        kind, text = scene.message
        message = el("p", {"class": f"message {kind}", "role": "alert"}, text)
    turn = (
        scene.acting
        and scene.payment is None
        and not scene.confirm_end
        and scene.status.phase == "turn"
        and scene.status.drawn is None
    )
    rest: list[Markup] = []
    if pos.verdict != "going":
        controls = None  # done: the verdict and "Start again" are what is needed now
    elif turn:
        needed, rest = _turn_controls(scene, pos.needs)
        controls = join(hint_row(scene), el("section", {"class": "act"}, needed))
    else:
        controls = action_area(scene)
    if pos.verdict != "going" and turn:
        rest = _turn_controls(scene, frozenset())[1]
    near = join(
        replies_html(pos) if pos.verdict == "going" else None,
        el("div", {"class": "messages", "aria-live": "polite"}, message),
        feedback_html(pos),
        controls,
    )
    p = scene.current
    folded = join(
        el("section", {"class": "act"}, rest) if rest else None,
        hand_html(scene),
        el(
            "section",
            {"class": "mine"},
            el("h3", None, t("board.title", name=p.name)),
            player_board(p),
        ),
        overview(scene),
    )
    return near, folded


def _compact_html(pos: PositionScene, head: Markup, board: Markup) -> Markup:
    near, folded = compact_panel(pos)
    more = el(
        "details",
        {"class": "more", "open": pos.more_open},
        el(
            "summary",
            {"data-cmd": "more", "data-key": "more:", "aria-expanded": None},
            t("pos.more"),
        ),
        el("div", {"class": "side morepanel"}, folded),
    )
    return join(
        head,
        el(
            "div",
            {"class": "posbody"},
            el("div", {"class": "posboard"}, board),
            el("div", {"class": "side posside needs"}, near),
        ),
        more,
    )


def position_html(pos: PositionScene) -> Markup:
    """The whole position: title, task, board, panel, verdict."""
    scene = pos.table
    drawing = board_drawing(scene)
    # a small frame looks at the places on offer; a roomy page keeps the whole board, and the
    # places for a new tile round it
    if pos.compact:
        x, y, w, h = task_view(scene, drawing.bounds, pos.focus)
    else:
        x, y, w, h = whole_view(scene, drawing.bounds)
    title_id = f"pos-{pos.key}-title"
    intro, task = intro_and_task(pos)
    board = el(
        "svg",
        {
            "class": "board-svg",
            "viewBox": f"{x:g} {y:g} {w:g} {h:g}",
            "role": "group",
            "aria-label": t("aria.board"),
        },
        drawing.markup(),
        marks_html(pos.marks),
    )
    if pos.compact:
        # the intro folds: in a small frame the board keeps its room, the task stays in view
        folded = (
            el("details", {"class": "intro-fold"}, el("summary", None, t("pos.intro-fold")), intro)
            if intro is not None
            else None
        )
        head = el(
            "header",
            {"class": "poshead", "tabindex": "-1"},
            el("h2", {"id": title_id}, in_language(pos.title)),
            folded,
            task,
        )
        return el(
            "section",
            {"class": "pos compact", "aria-labelledby": title_id},
            _compact_html(pos, head, board),
        )
    return el(
        "section",
        {"class": "pos", "aria-labelledby": title_id},
        el(
            "header",
            {"class": "poshead", "tabindex": "-1"},
            el("h2", {"id": title_id}, in_language(pos.title)),
            intro,
            replies_html(pos),
            task,
            feedback_html(pos),
        ),
        el(
            "div",
            {"class": "posbody"},
            el("div", {"class": "posboard"}, board),
            el("div", {"class": "side posside"}, side_panel(scene)),
        ),
    )
