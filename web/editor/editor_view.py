"""The editor's screen as markup: the drafts, the board to paint, the tools, the players,
the texts, the check, recording the answer, and the file with its snippets. Pure: a frozen
scene in (web/editor/scene.py), markup out; web/editor/page.py puts it on the page."""

from __future__ import annotations

from attika import BUILDINGS, LANDSCAPES, REACHES, Hex, format_hex

from ..board.board_svg import HEX_POINTS, bounds, to_screen, token, use
from ..core.html import Markup, el, join
from ..core.text import LANGUAGES, building_name, landscape_name, t
from ..core.widgets import button
from .checks import TOOLS
from .drafts_view import drafts_html, not_kept_html
from .scene import EditorScene, PageScene

#: The snippets: every path from the site's root (the game's folder as this page is
#: served), so they work from a page in any folder of the site.
SNIPPET_IFRAME = (
    '<iframe src="{base}embed.html?scenario={file}" title="Attika" width="640" height="480">'
    "</iframe>"
)
SNIPPET_ELEMENT = (
    '<script type="module" src="{base}web/attika-embed.js"></script>\n'
    '<attika-position scenario="{file}"></attika-position>'
)


def _tool_name(tool: str) -> str:
    if tool in LANDSCAPES:
        return landscape_name(LANDSCAPES.index(tool))
    return t(f"editor.tool.{tool}")


def editor_board(scene: EditorScene) -> Markup:
    """Every hex of the position, and the empty places around it, each a button."""
    pieces = []
    places: list[Hex] = []
    for place in scene.places:
        h = place.hex
        x, y = to_screen(h)
        inner = [el("polygon", {"class": "face", "points": HEX_POINTS})]
        if place.kind == "new":
            places.append(h)
            pieces.append(_place(h, x, y, "hex new-place", t("editor.empty-place"), inner))
            continue
        if place.kind == "shrine":
            classes, words = "hex shrine", t("aria.shrine")
            inner.append(use("shrine", -22, -22, 44))
        else:
            land = place.land
            name = LANDSCAPES[land] if land is not None else "plain"
            classes = f"hex l-{name}"
            words = t("aria.plain") if land is None else landscape_name(land)
            if place.building is not None:
                kind, city_state, owner = place.building
                words = t("aria.building", building=building_name(kind), name=owner)
                inner.append(token(kind, city_state))
            elif land is not None:
                inner.append(use(f"land-{LANDSCAPES[land]}", -12, -16, 24, "sym"))
        if place.marked:
            classes += " hinted"
            inner.append(el("polygon", {"class": "hint-ring", "points": HEX_POINTS}))
            words = t("pos.marked-prefix") + " " + words
        places.append(h)
        pieces.append(_place(h, x, y, classes, words, inner))
    x0, y0, w, h_ = bounds(places)
    return el(
        "svg",
        {
            "class": "board-svg editor-board",
            "viewBox": f"{x0} {y0} {w} {h_}",
            "role": "group",
            "aria-label": t("editor.board", tool=_tool_name(scene.tool)),
        },
        el("g", {"class": "board"}, pieces),
    )


def _place(h: Hex, x: float, y: float, classes: str, words: str, inner: list[Markup]) -> Markup:
    return el(
        "g",
        {
            "class": classes,
            "data-cmd": "hex",
            "data-arg": format_hex(h),
            "data-hex": format_hex(h),
            "role": "button",
            "tabindex": "0",
            "transform": f"translate({x:g},{y:g})",
            "aria-label": words,
        },
        inner,
    )


def _tools(scene: EditorScene) -> Markup:
    buttons = [_toggle(_tool_name(tool), "tool", tool, tool == scene.tool) for tool in TOOLS]
    kinds = [
        el("option", {"value": k, "selected": k == scene.building}, building_name(k))
        for k in BUILDINGS
    ]
    owners = [
        el("option", {"value": str(i), "selected": i == scene.owner}, name)
        for i, name in enumerate(scene.players)
    ]
    return el(
        "section",
        {"class": "editor-tools", "aria-labelledby": "ed-tools"},
        el("h2", {"id": "ed-tools"}, t("editor.tools")),
        el("div", {"class": "row wrap", "role": "group", "aria-label": t("editor.tools")}, buttons),
        el(
            "div",
            {"class": "row wrap"},
            _choice(t("editor.building"), "building", kinds),
            _choice(t("editor.owner"), "owner", owners),
        ),
    )


def _toggle(label: str, cmd: str, arg: str, on: bool) -> Markup:
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


def _choice(label: str, name: str, options: list[Markup]) -> Markup:
    """A labelled drop-down whose change is the editor command ``name``."""
    return el("label", None, label, el("select", {"name": name, "data-key": f"ed-{name}"}, options))


def _stepper(label: str, cmd: str, arg: str, value: int, what: str) -> Markup:
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


def _players(scene: EditorScene) -> Markup:
    players = scene.players
    counts = [_toggle(str(n), "players", str(n), n == len(players)) for n in (2, 3, 4)]
    seats = [
        el("option", {"value": str(i), "selected": i == scene.seat}, name)
        for i, name in enumerate(players)
    ]
    current = [
        el("option", {"value": str(i), "selected": i == scene.current}, name)
        for i, name in enumerate(players)
    ]
    seat = scene.chosen
    rows = [
        _stepper(landscape_name(i), "hand", land, seat.hand[i], landscape_name(i))
        for i, land in enumerate(LANDSCAPES)
    ]
    return el(
        "section",
        {"class": "editor-players", "aria-labelledby": "ed-players"},
        el("h2", {"id": "ed-players"}, t("editor.players")),
        el("div", {"class": "row", "role": "group", "aria-label": t("setup.players")}, counts),
        el(
            "div",
            {"class": "row wrap"},
            _choice(t("editor.seat"), "seat", seats),
            _choice(t("editor.current"), "current", current),
        ),
        _choice(t("editor.phase"), "phase", _phases(scene.phase)),
        el("h3", None, t("editor.hand")),
        rows,
        _stepper(t("editor.amphorae"), "amphorae", "", seat.amphorae, t("editor.amphorae")),
        _choice(
            t("editor.stored-which"),
            "stored-building",
            [
                el("option", {"value": kind, "selected": kind == scene.stored_kind}, name)
                for kind, name in sorted(
                    ((k, building_name(k)) for k in BUILDINGS), key=lambda kn: kn[1]
                )
            ],
        ),
        _stepper(
            t("editor.stored", building=building_name(scene.stored_kind)),
            "stored",
            "",
            seat.stored,
            building_name(scene.stored_kind),
        ),
    )


def _phases(now: str) -> list[Markup]:
    choices = [("none", t("editor.phase.none"))]
    choices += [(f"draw {n}", t("editor.phase.draw", n=n)) for n in (1, 2)]
    choices += [(f"build {n}", t("editor.phase.build", n=n)) for n in (1, 2, 3)]
    return [el("option", {"value": v, "selected": v == now}, words) for v, words in choices]


def _texts(scene: EditorScene) -> Markup:
    """The title, introduction and task's texts, English open, the other languages folded
    (a missing language falls back to English)."""
    groups = []
    for lang, texts in scene.texts:
        fields = []
        for what, words in texts:
            box = (
                el("input", {"name": f"text {what} {lang}", "value": words})
                if what == "title"
                else el("textarea", {"name": f"text {what} {lang}", "rows": "2"}, words)
            )
            fields.append(
                el("label", {"class": "edtext"}, t(f"editor.text.{what}", lang=lang), box)
            )
        if lang == "en":
            groups.append(el("div", None, fields))
            continue
        # a fold that stays as the teacher left it (a <details> closed at every redraw)
        shown = lang in scene.open_texts
        groups.append(
            el(
                "div",
                {"class": "fold"},
                el(
                    "button",
                    {
                        "type": "button",
                        "data-cmd": "texts",
                        "data-arg": lang,
                        "data-key": f"texts:{lang}",
                        "aria-expanded": "true" if shown else "false",
                    },
                    LANGUAGES[lang],
                ),
                fields if shown else None,
            )
        )
    return el(
        "section",
        {"class": "editor-texts", "aria-labelledby": "ed-texts"},
        el(
            "h2",
            {"id": "ed-texts"},
            t("editor.texts") if scene.steps == 1 else t("editor.texts-step", n=scene.step + 1),
        ),
        groups,
    )


def _check(scene: EditorScene) -> Markup:
    if scene.error is None:
        missing = [LANGUAGES[lang] for lang in scene.untranslated]
        return join(
            el("p", {"class": "message info", "role": "status"}, t("editor.ok")),
            el("p", {"class": "message warn"}, t("editor.untranslated", langs=", ".join(missing)))
            if missing
            else None,
        )
    where, why = scene.error
    edited = "task.answer" if scene.step == 0 else f"then[{scene.step - 1}].answer"
    if where == edited and scene.answer is None and scene.position_ok:
        # a task written before its answer is recorded is the usual order, not a mistake
        return el("p", {"class": "message info", "role": "status"}, t("editor.record-next"))
    return el(
        "p", {"class": "message error", "role": "status"}, t("editor.error", field=where, why=why)
    )


def _answer(scene: EditorScene) -> Markup:
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
    recording = scene.recording
    if scene.preview is not None:
        return el(
            "section",
            {"class": "editor-answer previewing", "aria-labelledby": "ed-answer"},
            el("h2", {"id": "ed-answer"}, t("editor.preview-title")),
            el("p", {"class": "hint"}, t("editor.preview-hint")),
            button(t("editor.preview-close"), "drop"),
            el(
                "div",
                {"class": "attika-position recording-board", "data-play": "1"},
                scene.preview,
            ),
        )
    if recording is None:
        return el(
            "section",
            {"class": "editor-answer", "aria-labelledby": "ed-answer"},
            el("h2", {"id": "ed-answer"}, t("editor.answer-title")),
            said,
            [_reach(i, move, how) for i, move, how in scene.reaches],
            el(
                "div",
                {"class": "row"},
                button(t("editor.record-also"), "record-also", enabled=scene.can_record_also),
                button(t("editor.only-first"), "only-first") if scene.several else None,
            ),
            _kept_back(scene),
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


def _steps(scene: EditorScene) -> Markup:
    """The lesson's steps, one edited at a time: after a step, the other players may reply
    and the reader gets a new task (a lesson of several steps)."""
    tabs = [
        _toggle(t("editor.step", n=i + 1), "step", str(i), i == scene.step)
        for i in range(scene.steps)
    ]
    last = scene.steps > 1 and scene.step == scene.steps - 1
    return el(
        "section",
        {"class": "editor-steps", "aria-labelledby": "ed-steps"},
        el("h2", {"id": "ed-steps"}, t("editor.steps-title")),
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
                _toggle(t(f"editor.hide.{what}"), "hide", what, what in scene.hidden)
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


def _export(scene: EditorScene) -> Markup:
    text = scene.file
    # text for the teacher to copy (shown escaped), not markup of this page
    path = f"{scene.base}lessons/{scene.lesson_file}"
    iframe = SNIPPET_IFRAME.format(base=scene.base, file=path)
    element = SNIPPET_ELEMENT.format(base=scene.base, file=path)
    return el(
        "section",
        {"class": "editor-file", "aria-labelledby": "ed-file"},
        el("h2", {"id": "ed-file"}, t("editor.file")),
        el(
            "div",
            {"class": "row"},
            button(t("editor.download"), "download", cls="primary", enabled=scene.error is None),
        ),
        el(
            "label",
            None,
            t("editor.json"),
            el("textarea", {"name": "import", "rows": "8", "class": "mono"}, text),
        ),
        button(t("editor.import"), "import-text"),
        el(
            "p",
            {"class": "message error", "role": "alert"},
            t("editor.import-error", field=scene.import_error[0], why=scene.import_error[1]),
        )
        if scene.import_error
        else None,
        el("h3", None, t("editor.snippets", path=path)),
        el("pre", {"class": "mono"}, iframe),
        el("pre", {"class": "mono"}, element),
    )


def editor_html(scene: EditorScene) -> Markup:
    """The whole editor: the board beside its panels."""
    return el(
        "div",
        {"class": "editor"},
        el("div", {"class": "editor-boardwrap"}, editor_board(scene), _check(scene)),
        el(
            "div",
            {"class": "editor-side"},
            _tools(scene),
            _players(scene),
            _steps(scene),
            _texts(scene),
            _answer(scene),
            _export(scene),
        ),
    )


def editor_page_html(scene: PageScene) -> Markup:
    """The editor page: the drafts above the editor of the open one."""
    return join(drafts_html(scene.drafts), editor_html(scene.editor), not_kept_html(scene.drafts))
