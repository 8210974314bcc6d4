"""The editor's answer and steps as markup: the answer recorded and how far each of its
builds goes, what the lesson keeps back, recording it (the live position inside), trying the
lesson, and the lesson's steps. Pure: a frozen scene in (web/editor/scene.py), markup out."""

from __future__ import annotations

from attika import REACHES

from ..core.html import Markup, el, join
from ..core.text import t
from ..core.widgets import button
from .controls_view import panel, toggle
from .scene import EditorScene, Recording


def answer_html(scene: EditorScene) -> Markup:
    """The answer's panel: trying the lesson, recording its answer, or the answer as kept."""
    if scene.preview is not None:
        return _previewing(scene.preview)
    if scene.recording is not None:
        return _recording(scene, scene.recording)
    return _answered(scene)


def _previewing(preview: Markup) -> Markup:
    """The lesson tried as its reader meets it (the exported file, live)."""
    return panel(
        "editor-answer previewing",
        "ed-answer",
        t("editor.preview-title"),
        el("p", {"class": "hint"}, t("editor.preview-hint")),
        button(t("editor.preview-close"), "drop"),
        el(
            "div",
            {"class": "attika-position recording-board", "data-play": "1"},
            preview,
        ),
    )


def _answered(scene: EditorScene) -> Markup:
    """The answer as kept (and the replies before this step), with what may be done next."""
    if scene.answer is not None and scene.answer[0] == "steps":
        said = el("p", None, t("editor.answer", steps=scene.answer[1]))
    elif scene.answer is not None:
        said = el("p", None, t("editor.answer-win", how=scene.answer[1]))
    else:
        said = el("p", {"class": "hint"}, t("editor.no-answer"))
    if scene.step:
        before = ", ".join(scene.replies)
        replies = el(
            "p", None, t("editor.replies", moves=before) if before else t("editor.no-replies")
        )
        said = join(replies, said)
    return panel(
        "editor-answer",
        "ed-answer",
        t("editor.answer-title"),
        said,
        [_reach(i, move, how) for i, move, how in scene.reaches],
        el(
            "div",
            {"class": "row"},
            button(t("editor.record-also"), "record-also", enabled=scene.can_record_also),
            button(t("editor.only-first"), "only-first") if scene.several else None,
        ),
        _kept_back(scene),
        el(
            "div",
            {"class": "row training"},
            toggle(t("editor.training"), "training", "", scene.trains),
        ),
        button(t("editor.preview"), "preview", enabled=scene.error is None),
        button(
            t("editor.record" if scene.step == 0 else "editor.record-step"),
            "record",
            cls="primary",
            enabled=scene.can_record,
        ),
        None
        if scene.can_record or not scene.position_ok
        else el("p", {"class": "hint"}, t("editor.record-first")),
    )


def _recording(scene: EditorScene, recording: Recording) -> Markup:
    """The answer being played on the live position, who moves now, keep or cancel."""
    return el(
        "section",
        {"class": "editor-answer recording", "aria-labelledby": "ed-answer"},
        el(
            "h2",
            {"id": "ed-answer"},
            t("editor.recording-also" if scene.also else "editor.recording"),
        ),
        el("p", {"class": "message warn", "role": "alert"}, t(scene.note[0], n=scene.note[1]))
        if scene.note
        else None,
        el("p", None, t("editor.played", steps=", ".join(recording.played) or "-")),
        el(
            "p",
            {"class": "message info", "role": "status"},
            t(
                "editor.now-reply" if recording.replying else "editor.now-answer",
                name=recording.mover,
            ),
        )
        if scene.step and not scene.also
        else None,
        el(
            "div",
            {"class": "row"},
            button(t("editor.keep"), "keep", cls="primary"),
            button(t("common.cancel"), "drop"),
        ),
        el(
            "div",
            {"class": "attika-position recording-board", "data-play": "1"},
            recording.board,
        ),
    )


def steps_html(scene: EditorScene) -> Markup:
    """The lesson's steps, one edited at a time: after a step, the other players may reply
    and the reader gets a new task (a lesson of several steps)."""
    tabs = [
        toggle(t("editor.step", n=i + 1), "step", str(i), i == scene.step)
        for i in range(scene.steps)
    ]
    last = scene.steps > 1 and scene.step == scene.steps - 1
    return panel(
        "editor-steps",
        "ed-steps",
        t("editor.steps-title"),
        el("p", {"class": "hint"}, t("editor.steps-hint")),
        el("div", {"class": "row", "role": "group", "aria-labelledby": "ed-steps"}, tabs),
        el(
            "div",
            {"class": "row"},
            button(t("editor.add-step"), "add-step", enabled=scene.can_add_step),
            button(t("editor.remove-step"), "remove-step") if last else None,
        ),
    )


def _kept_back(scene: EditorScene) -> Markup:
    """What the lesson keeps from its reader until they have acted, each a pressed toggle."""
    return el(
        "div",
        {"class": "kept-back", "role": "group", "aria-labelledby": "ed-hide"},
        el("p", {"id": "ed-hide"}, t("editor.hide")),
        el(
            "div",
            {"class": "row"},
            [
                toggle(t(f"editor.hide.{what}"), "hide", what, what in scene.hidden)
                for what in ("hint", "payment", "price", "free")
            ],
        ),
    )


def _reach(index: int, move: str, how: str) -> Markup:
    """How far a recorded build goes as the answer: the rules judge each choice."""
    options = [
        el("option", {"value": f"{index}:{way}", "selected": way == how}, t(f"editor.reach.{way}"))
        for way in REACHES
    ]
    return el(
        "label",
        {"class": "reach"},
        t("editor.reach", n=index + 1, move=move),
        el("select", {"name": "reach", "data-key": f"ed-reach-{index}"}, options),
    )
