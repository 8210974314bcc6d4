"""The editor's screen as markup: the drafts, the board to paint, the tools, the players,
the texts, the check, recording the answer, and the file with its snippets. Pure: a frozen
scene in (web/editor/scene.py), markup out; web/editor/page.py puts it on the page."""

from __future__ import annotations

from attika import BUILDINGS, LANDSCAPES, Hex, format_hex

from ..board.board_svg import HEX_POINTS, bounds, to_screen, token, use
from ..core.html import Markup, el, join
from ..core.text import LANGUAGES, building_name, landscape_name, t
from ..core.widgets import button
from .answer_view import answer_html, steps_html
from .checks import TOOLS
from .controls_view import choice, panel, seat_options, stepper, toggle
from .drafts_view import drafts_html, not_kept_html
from .scene import EditorPageScene, EditorScene

#: The snippets: every path from the site's root (the game's folder as this page is
#: served), so they work from a page in any folder of the site.
#: The frame's size the docs give (docs/teaching.md): the lesson is laid out for it.
FRAME_SIZE = ("400", "300")
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
    buttons = [toggle(_tool_name(tool), "tool", tool, tool == scene.tool) for tool in TOOLS]
    kinds = [
        el("option", {"value": k, "selected": k == scene.building}, building_name(k))
        for k in BUILDINGS
    ]
    owners = seat_options(scene.players, scene.owner)
    return panel(
        "editor-tools",
        "ed-tools",
        t("editor.tools"),
        el("div", {"class": "row wrap", "role": "group", "aria-label": t("editor.tools")}, buttons),
        el(
            "div",
            {"class": "row wrap"},
            choice(t("editor.building"), "building", kinds),
            choice(t("editor.owner"), "owner", owners),
        ),
    )


def _players(scene: EditorScene) -> Markup:
    players = scene.players
    counts = [toggle(str(n), "players", str(n), n == len(players)) for n in (2, 3, 4)]
    seats = seat_options(players, scene.seat)
    current = seat_options(players, scene.current)
    seat = scene.chosen
    rows = [
        stepper(landscape_name(i), "hand", land, seat.hand[i], landscape_name(i))
        for i, land in enumerate(LANDSCAPES)
    ]
    return panel(
        "editor-players",
        "ed-players",
        t("editor.players"),
        el("div", {"class": "row", "role": "group", "aria-label": t("setup.players")}, counts),
        el(
            "div",
            {"class": "row wrap"},
            choice(t("editor.seat"), "seat", seats),
            choice(t("editor.current"), "current", current),
        ),
        choice(t("editor.phase"), "phase", _phases(scene.phase)),
        el("h3", None, t("editor.hand")),
        rows,
        stepper(t("editor.amphorae"), "amphorae", "", seat.amphorae, t("editor.amphora")),
        choice(
            t("editor.stored-which"),
            "stored-building",
            [
                el("option", {"value": kind, "selected": kind == scene.stored_kind}, name)
                for kind, name in sorted(
                    ((k, building_name(k)) for k in BUILDINGS), key=lambda kn: kn[1]
                )
            ],
        ),
        stepper(
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


def _export(scene: EditorScene) -> Markup:
    text = scene.file
    # text for the teacher to copy (shown escaped), not markup of this page
    path = f"{scene.base}lessons/{scene.lesson_file}"
    # made as markup (its title escaped for the teacher's page), shown as text
    iframe = str(
        el(
            "iframe",
            {
                "src": f"{scene.base}embed.html?scenario={path}",
                "title": t("editor.frame-title", title=scene.lesson_title or "Attika"),
                "width": FRAME_SIZE[0],
                "height": FRAME_SIZE[1],
            },
        )
    )
    element = SNIPPET_ELEMENT.format(base=scene.base, file=path)
    return panel(
        "editor-file",
        "ed-file",
        t("editor.file"),
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
        el(
            "div",
            {"class": "editor-boardwrap"},
            editor_board(scene),
            _check(scene),
            # a tap the page could not take (a stale or hand-made command): said, not lost
            el("p", {"class": "message error", "role": "alert"}, scene.said)
            if scene.said
            else None,
        ),
        el(
            "div",
            {"class": "editor-side"},
            _tools(scene),
            _players(scene),
            steps_html(scene),
            _texts(scene),
            answer_html(scene),
            _export(scene),
        ),
    )


def editor_page_html(scene: EditorPageScene) -> Markup:
    """The editor page: the drafts above the editor of the open one."""
    return join(drafts_html(scene.drafts), editor_html(scene.editor), not_kept_html(scene.drafts))
