"""The editor's screen as markup: the drafts, the board to paint, the tools, the players,
the texts, the check, recording the answer, and the file with its snippets. Pure: an
Editor (and the Desk of drafts) in, markup out (web/editor/editor.py holds the state, web/main.py
binds it)."""

from __future__ import annotations

from attika import BUILDINGS, LANDSCAPES, Hex, format_hex

from ..board.board_svg import HEX_POINTS, bounds, to_screen, token, use
from ..core.html import Markup, el, join
from ..core.text import LANGUAGES, building_name, city_state_name, landscape_name, t
from ..core.widgets import button
from ..teach.position import position_html
from .drafts import Desk
from .editor import LANGS, TASK_TEXTS, TOOLS, Editor, step_words

#: Where the snippets say the exported file lies (next to embed.html, as the docs say).
LESSON = "lessons/my-lesson.json"
SNIPPET_IFRAME = (
    '<iframe src="embed.html?scenario={file}" title="Attika" width="640" height="480"></iframe>'
)
SNIPPET_ELEMENT = (
    '<script type="module" src="web/attika-embed.js"></script>\n'
    '<attika-position scenario="{file}"></attika-position>'
)


def _tool_name(tool: str) -> str:
    if tool in LANDSCAPES:
        return landscape_name(LANDSCAPES.index(tool))
    return t(f"editor.tool.{tool}")


def editor_board(ed: Editor) -> Markup:
    """Every hex of the position, and the empty places around it, each a button."""
    pieces = []
    good = ed.good
    board = good.game.board if good is not None else None
    cs = good.city_states if good is not None else []
    places: list[Hex] = []
    if board is not None:
        for h in sorted(set(board.landscape) | board.shrines, key=lambda h: (h[1], h[0])):
            x, y = to_screen(h)
            inner = [el("polygon", {"class": "face", "points": HEX_POINTS})]
            if h in board.shrines:
                classes, words = "hex shrine", t("aria.shrine")
                inner.append(use("shrine", -22, -22, 44))
            else:
                land = board.landscape[h]
                name = LANDSCAPES[land] if land is not None else "plain"
                classes = f"hex l-{name}"
                words = t("aria.plain") if land is None else landscape_name(land)
                placed = board.buildings.get(h)
                if placed is not None:
                    seat, kind = placed
                    owner = board_owner(ed, seat)
                    words = t("aria.building", building=building_name(kind), name=owner)
                    inner.append(token(kind, cs[seat]))
                elif land is not None:
                    inner.append(use(f"land-{LANDSCAPES[land]}", -12, -16, 24, "sym"))
            if format_hex(h) in ed.data.get("marks", []):
                classes += " hinted"
                inner.append(el("polygon", {"class": "hint-ring", "points": HEX_POINTS}))
                words = t("pos.marked-prefix") + " " + words
            places.append(h)
            pieces.append(_place(h, x, y, classes, words, inner))
    for h in ed.around():
        x, y = to_screen(h)
        inner = [el("polygon", {"class": "face", "points": HEX_POINTS})]
        places.append(h)
        pieces.append(_place(h, x, y, "hex new-place", t("editor.empty-place"), inner))
    x0, y0, w, h_ = bounds(places)
    return el(
        "svg",
        {
            "class": "board-svg editor-board",
            "viewBox": f"{x0} {y0} {w} {h_}",
            "role": "group",
            "aria-label": t("editor.board", tool=_tool_name(ed.tool)),
        },
        el("g", {"class": "board"}, pieces),
    )


def board_owner(ed: Editor, seat: int) -> str:
    players = ed.data["players"]
    return _name(players[seat]) if seat < len(players) else str(seat)


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


def _tools(ed: Editor) -> Markup:
    buttons = [_toggle(_tool_name(tool), "tool", tool, tool == ed.tool) for tool in TOOLS]
    kinds = [
        el("option", {"value": k, "selected": k == ed.building}, building_name(k))
        for k in BUILDINGS
    ]
    owners = [
        el("option", {"value": str(i), "selected": i == ed.owner}, _name(p))
        for i, p in enumerate(ed.data["players"])
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


def _name(player: dict[str, object]) -> str:
    return str(player.get("name") or city_state_name(str(player["city_state"])))


def _players(ed: Editor) -> Markup:
    players = ed.data["players"]
    counts = [_toggle(str(n), "players", str(n), n == len(players)) for n in (2, 3, 4)]
    seat = players[ed.seat]
    seats = [
        el("option", {"value": str(i), "selected": i == ed.seat}, _name(p))
        for i, p in enumerate(players)
    ]
    current = [
        el("option", {"value": str(i), "selected": i == ed.data.get("current", 0)}, _name(p))
        for i, p in enumerate(players)
    ]
    hand = seat.get("hand", {})
    rows = [
        _stepper(landscape_name(i), "hand", land, hand.get(land, 0), landscape_name(i))
        for i, land in enumerate(LANDSCAPES)
    ]
    stored = seat.get("stored", {})
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
        _choice(t("editor.phase"), "phase", _phases(ed)),
        el("h3", None, t("editor.hand")),
        rows,
        _stepper(
            t("editor.amphorae"), "amphorae", "", seat.get("amphorae", 0), t("editor.amphorae")
        ),
        _stepper(
            t("editor.stored", building=building_name(ed.building)),
            "stored",
            "",
            stored.get(ed.building, 0),
            building_name(ed.building),
        ),
    )


def _phases(ed: Editor) -> list[Markup]:
    turn = ed.data.get("turn", {})
    now = f"{turn['mode']} {turn.get('used', 1)}" if turn.get("mode") else "none"
    choices = [("none", t("editor.phase.none"))]
    choices += [(f"draw {n}", t("editor.phase.draw", n=n)) for n in (1, 2)]
    choices += [(f"build {n}", t("editor.phase.build", n=n)) for n in (1, 2, 3)]
    return [el("option", {"value": v, "selected": v == now}, words) for v, words in choices]


def _texts(ed: Editor) -> Markup:
    """The title, introduction and task's texts, English open, the other languages folded
    (a missing language falls back to English)."""
    task = ed.data.get("task", {})
    groups = []
    for lang in LANGS:
        fields = []
        for what in ("title", "intro", *TASK_TEXTS):
            source = task.get(TASK_TEXTS[what]) if what in TASK_TEXTS else ed.data.get(what)
            if not isinstance(source, dict):  # none (or null), or one text for every language
                source = {} if source is None else {"en": source}
            words = source.get(lang, "")
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
        else:
            groups.append(el("details", None, el("summary", None, LANGUAGES[lang]), fields))
    return el(
        "section",
        {"class": "editor-texts", "aria-labelledby": "ed-texts"},
        el("h2", {"id": "ed-texts"}, t("editor.texts")),
        groups,
    )


def _check(ed: Editor) -> Markup:
    if ed.error is None:
        return el("p", {"class": "message info", "role": "status"}, t("editor.ok"))
    where, why = ed.error
    return el(
        "p", {"class": "message error", "role": "status"}, t("editor.error", field=where, why=why)
    )


def _answer(ed: Editor) -> Markup:
    answer = ed.data.get("task", {}).get("answer")
    if isinstance(answer, dict) and answer.get("steps"):
        steps = ", ".join(step_words(s) for s in answer["steps"])
        said = el("p", None, t("editor.answer", steps=steps))
    elif isinstance(answer, dict) and answer.get("win"):
        said = el("p", None, t("editor.answer-win", how=str(answer["win"])))
    else:
        said = el("p", {"class": "hint"}, t("editor.no-answer"))
    if ed.recording is None:
        return el(
            "section",
            {"class": "editor-answer", "aria-labelledby": "ed-answer"},
            el("h2", {"id": "ed-answer"}, t("editor.answer-title")),
            said,
            button(t("editor.record"), "record", cls="primary", enabled=ed.position_ok),
        )
    return el(
        "section",
        {"class": "editor-answer recording", "aria-labelledby": "ed-answer"},
        el("h2", {"id": "ed-answer"}, t("editor.recording")),
        el(
            "p", None, t("editor.played", steps=", ".join(ed.recording.session.game.actions) or "-")
        ),
        el(
            "div",
            {"class": "row"},
            button(t("editor.keep"), "keep", cls="primary"),
            button(t("common.cancel"), "drop"),
        ),
        el(
            "div",
            {"class": "attika-position recording-board", "data-play": "1"},
            position_html(ed.recording),
        ),
    )


def _export(ed: Editor) -> Markup:
    text = ed.text()
    # text for the teacher to copy (shown escaped), not markup of this page
    iframe = SNIPPET_IFRAME.format(file=LESSON)
    element = SNIPPET_ELEMENT.format(file=LESSON)
    return el(
        "section",
        {"class": "editor-file", "aria-labelledby": "ed-file"},
        el("h2", {"id": "ed-file"}, t("editor.file")),
        el(
            "div",
            {"class": "row"},
            button(t("editor.download"), "download", cls="primary", enabled=ed.error is None),
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
            t("editor.import-error", field=ed.import_error[0], why=ed.import_error[1]),
        )
        if ed.import_error
        else None,
        el("h3", None, t("editor.snippets")),
        el("pre", {"class": "mono"}, iframe),
        el("pre", {"class": "mono"}, element),
    )


def editor_html(ed: Editor) -> Markup:
    """The whole editor: the board beside its panels."""
    return el(
        "div",
        {"class": "editor"},
        el("div", {"class": "editor-boardwrap"}, editor_board(ed), _check(ed)),
        el(
            "div",
            {"class": "editor-side"},
            _tools(ed),
            _players(ed),
            _texts(ed),
            _answer(ed),
            _export(ed),
        ),
    )


def drafts_html(desk: Desk) -> Markup:
    """The drafts kept in this browser: which one is open (switch by choosing another),
    its name, a new one, download or delete it; a question waiting for an answer; the
    entries that could not be read, each to download or delete."""
    listed = list(desk.listed)
    if all(d.id != desk.draft.id for d in listed):
        listed.insert(0, desk.draft)  # a new draft, kept with its first change
    options = [
        el("option", {"value": d.id, "selected": d.id == desk.draft.id}, d.name) for d in listed
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
                    {"name": "draft-name", "value": desk.draft.name, "data-key": "ed-draft-name"},
                ),
            ),
            button(t("editor.new"), "draft-new"),
            button(t("editor.draft-download"), "draft-download"),
            button(t("editor.draft-delete"), "draft-delete"),
        ),
        _asking(desk),
        _unreadable(desk),
    )


def _asking(desk: Desk) -> Markup | None:
    if desk.asking is None:
        return None
    what = desk.asking[0]
    if what == "delete":
        question = t("editor.ask-delete", name=desk.draft.name)
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


def _unreadable(desk: Desk) -> Markup | None:
    if not desk.unreadable:
        return None
    items = [  # each a group named by its reason, so its two buttons say whose they are
        el(
            "div",
            {"role": "group", "aria-labelledby": f"ed-bad-{i}", "class": "entry"},
            el("p", {"id": f"ed-bad-{i}"}, t("editor.unreadable", reason=u.reason)),
            el(
                "div",
                {"class": "row wrap"},
                button(t("saves.broken-download"), "unreadable-download", u.key),
                button(t("saves.delete"), "unreadable-delete", u.key),
            ),
        )
        for i, u in enumerate(desk.unreadable)
    ]
    return el(
        "div",
        {"class": "message error unreadable", "role": "alert"},
        el("h3", None, t("editor.unreadable-title")),
        items,
    )


def not_kept_html(desk: Desk) -> Markup | None:
    """The open draft's last change is not kept in the browser: said at once, over the
    page, with the way out (download the draft)."""
    if desk.not_kept is None:
        return None
    return el(
        "div",
        {"class": "editor-unsaved", "role": "alert"},
        el("p", None, t("editor.not-kept", why=desk.not_kept)),
        button(t("editor.draft-download"), "draft-download", cls="primary"),
    )


def editor_page_html(desk: Desk) -> Markup:
    """The editor page: the drafts above the editor of the open one."""
    return join(drafts_html(desk), editor_html(desk.editor), not_kept_html(desk))
