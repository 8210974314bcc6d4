"""The drafts on the editor page as markup: the one open (switch by choosing another), its
name, a new one, download or delete; a question waiting for an answer; the entries that
could not be read; a change the browser did not keep. Pure: a frozen scene in
(web/editor/scene.py), markup out."""

from __future__ import annotations

from ..core.html import Markup, el
from ..core.text import t
from ..core.widgets import button
from .scene import DraftsScene


def drafts_html(scene: DraftsScene) -> Markup:
    """The drafts kept in this browser: which one is open (switch by choosing another),
    its name, a new one, download or delete it; a question waiting for an answer; the
    entries that could not be read, each to download or delete."""
    options = [
        el("option", {"value": d.id, "selected": d.id == scene.open.id}, d.name)
        for d in scene.listed
    ]
    return el(
        "section",
        {"class": "editor-drafts", "aria-labelledby": "ed-drafts"},
        el("h2", {"id": "ed-drafts"}, t("editor.drafts")),
        el(
            "div",
            {"class": "row wrap"},
            el(
                "label",
                None,
                t("editor.draft-open"),
                el("select", {"name": "draft", "data-key": "ed-draft"}, options),
            ),
            el(
                "label",
                None,
                t("editor.draft-rename"),
                el(
                    "input",
                    {"name": "draft-name", "value": scene.open.name, "data-key": "ed-draft-name"},
                ),
            ),
            button(t("editor.new"), "draft-new"),
            button(t("editor.draft-download"), "draft-download"),
            button(t("editor.draft-delete"), "draft-delete"),
        ),
        _asking(scene),
        _unreadable(scene),
    )


def _asking(scene: DraftsScene) -> Markup | None:
    what = scene.asking
    if what is None:
        return None
    if what == "delete":
        question = t("editor.ask-delete", name=scene.open.name)
    elif what == "delete-unreadable":
        question = t("editor.ask-delete-unreadable")
    else:
        question = t("editor.ask-leave")
    yes = t("editor.delete-yes") if what.startswith("delete") else t("editor.leave-yes")
    return el(
        "div",
        {"class": "confirm", "role": "alertdialog", "aria-labelledby": "ed-ask"},
        el("p", {"id": "ed-ask"}, question),
        el(
            "div",
            {"class": "row wrap"},
            button(yes, "yes", cls="danger"),
            button(t("common.cancel"), "no", cls="primary"),
            button(t("editor.draft-download"), "draft-download") if what == "leave" else None,
        ),
    )


def _unreadable(scene: DraftsScene) -> Markup | None:
    if not scene.unreadable:
        return None
    items = [  # each a group named by its reason, so its two buttons say whose they are
        el(
            "div",
            {"role": "group", "aria-labelledby": f"ed-bad-{i}", "class": "entry"},
            el("p", {"id": f"ed-bad-{i}"}, t("editor.unreadable", reason=reason)),
            el(
                "div",
                {"class": "row wrap"},
                button(t("saves.broken-download"), "unreadable-download", key),
                button(t("saves.delete"), "unreadable-delete", key),
            ),
        )
        for i, (key, reason) in enumerate(scene.unreadable)
    ]
    return el(
        "div",
        {"class": "message error unreadable", "role": "alert"},
        el("h3", None, t("editor.unreadable-title")),
        items,
    )


def not_kept_html(scene: DraftsScene) -> Markup | None:
    """The open draft's last change is not kept in the browser: said at once, over the
    page, with the way out (download the draft). Or it was changed in another tab, and is
    shown as that tab left it."""
    if scene.not_kept is None:
        if scene.typing_kept:
            said = t(f"editor.typing-{scene.typing_kept}", name=scene.open.name)
            return el("p", {"class": "message info", "role": "status"}, said)
        if scene.elsewhere:
            return el(
                "p", {"class": "message info", "role": "status"}, t("editor.changed-elsewhere")
            )
        return None
    return el(
        "div",
        {"class": "editor-unsaved", "role": "alert"},
        el("p", None, t("editor.not-kept", why=scene.not_kept)),
        button(t("editor.draft-download"), "draft-download", cls="primary"),
    )
