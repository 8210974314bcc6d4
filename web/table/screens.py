"""Whole-screen cards: the new-game form, the hand-over between players, the result."""

from __future__ import annotations

from ..core.html import Markup, el, join
from ..core.text import CITY_STATE_IDS, LANGUAGES, city_state_name, language, shape, t
from ..core.widgets import button, icon
from ..play.computers import HUMAN, SEATS
from ..play.news import since_html
from ..play.scene import Scene
from .saves import NAME_LENGTH, Broken, Saved
from .scenes import KeptScene, ReviewScene, SetupScene


def setup_html(setup: SetupScene, playing: bool = False) -> Markup:
    """The new-game form; ``playing`` offers a way back to the game in progress."""
    counts = _counts(setup)
    seats = [_seat_row(setup, i) for i in range(setup.count)]
    start_options = _start_options(setup)
    error = (
        el("p", {"class": "message error", "role": "alert"}, setup.error) if setup.error else None
    )
    return el(
        "form",
        # named by its heading, the form is a landmark: everything on the screen is in one.
        # No onsubmit (the pages' CSP refuses inline handlers), none needed: every button is
        # type="button" and there are several text fields, so Enter never submits it.
        {
            "class": "setup",
            "id": "setup-form",
            "aria-labelledby": "setup-title",
        },
        el(
            "div",
            {"class": "setup-head"},
            el("h2", {"id": "setup-title"}, t("setup.title")),
            _languages(),
        ),
        el(
            "div",
            {"class": "row quick"},
            button(t("setup.vs-computer"), "setup-vs-computer", cls="primary big"),
            el("span", {"class": "hint"}, t("setup.vs-computer-hint")),
        ),
        el("div", {"class": "counts", "role": "group", "aria-label": t("setup.players")}, counts),
        el("p", {"class": "hint", "id": "name-limit"}, t("setup.name-limit", n=NAME_LENGTH)),
        seats,
        el(
            "div",
            {"class": "row"},
            el("label", None, t("setup.start"), el("select", {"name": "start"}, start_options)),
            el(
                "label",
                None,
                t("setup.seed"),
                el(
                    "input",
                    {
                        "name": "seed",
                        "inputmode": "numeric",
                        "pattern": "[0-9]*",
                        "value": setup.seed_text or str(setup.seed),
                    },
                ),
            ),
            button(t("setup.new-seed"), "setup-seed"),
        ),
        el("p", {"class": "hint"}, t("setup.seed-hint")),
        error,
        el(
            "div",
            {"class": "row"},
            button(t("setup.go"), "setup-start", cls="primary big"),
            button(t("setup.back"), "setup-close") if playing else None,
        ),
    )


def _counts(setup: SetupScene) -> list[Markup]:
    """The player count, as three pressed-or-not buttons."""
    return [
        el(
            "button",
            {
                "type": "button",
                "class": "count chosen" if n == setup.count else "count",
                "data-cmd": "setup-count",
                "data-arg": str(n),
                "data-key": f"setup-count:{n}",
                "aria-pressed": "true" if n == setup.count else "false",
            },
            t("setup.players-n", n=n),
        )
        for n in (2, 3, 4)
    ]


def _seat_row(setup: SetupScene, i: int) -> Markup:
    """One seat of the form: its name, who plays it, its city-state."""
    options = [
        el(
            "button",
            {
                "type": "button",
                "class": f"cs cs-{cs} chosen" if setup.city_states[i] == cs else f"cs cs-{cs}",
                "data-cmd": "setup-cs",
                "data-arg": f"{i}:{cs}",
                "data-key": f"setup-cs:{i}:{cs}",
                "aria-pressed": "true" if setup.city_states[i] == cs else "false",
                "aria-label": t("setup.cs-aria", n=i + 1, city=city_state_name(cs)),
            },
            icon("seat-" + shape(cs), "mark"),
            el("span", None, city_state_name(cs)),
        )
        for cs in CITY_STATE_IDS
    ]
    return el(
        "div",
        {"class": "seatrow"},
        el(
            "label",
            None,
            t("setup.name", n=i + 1),
            el(
                "input",
                {
                    "name": f"name-{i}",
                    "maxlength": str(NAME_LENGTH),
                    "aria-describedby": "name-limit",
                    "autocomplete": "off",
                    "value": setup.names[i],
                    "placeholder": setup.default_names[i],
                },
            ),
        ),
        el(
            "label",
            None,
            t("setup.who", n=i + 1),
            el(
                "select",
                {"name": f"who-{i}", "data-key": f"setup-who:{i}"},
                [
                    el(
                        "option",
                        {"value": who, "selected": setup.seats[i] == who},
                        t(f"seat.{who}"),
                    )
                    for who in SEATS
                ],
            ),
        ),
        el(
            "div",
            {"class": "cslist", "role": "group", "aria-label": t("setup.cs", n=i + 1)},
            options,
        ),
    )


def _start_options(setup: SetupScene) -> list[Markup]:
    """Who starts: at random, or a seat by its name."""
    return [el("option", {"value": ""}, t("setup.start-random"))] + [
        el(
            "option",
            {"value": str(i), "selected": setup.start == str(i)},
            setup.names[i].strip() or setup.default_names[i],
        )
        for i in range(setup.count)
    ]


def _languages() -> Markup:
    """The language switch inside the form: the form is modal and covers the top bar's."""
    lang = language()
    options = [
        el("option", {"value": code, "lang": code, "selected": code == lang}, name)
        for code, name in LANGUAGES.items()
    ]
    return el(
        "label",
        {"class": "setup-lang"},
        icon("ui-language"),
        el("span", {"class": "sr-only"}, t("menu.language")),
        el("select", {"data-key": "language"}, options),
    )


def _with_level(saved: Saved) -> list[str]:
    """The players of a kept game, computers with their level: "Ann, Corinth: computer
    (strong)"."""
    out = []
    for i, name in enumerate(saved.names):
        who = saved.seats[i] if i < len(saved.seats) else HUMAN
        out.append(
            name if who == HUMAN else t("saves.computer-name", name=name, level=t(f"seat.{who}"))
        )
    return out


def handover_html(scene: Scene) -> Markup:
    """Pass the device on: the next player's colour and name, and nothing of any hand."""
    player = scene.current
    cs = player.city_state
    first = scene.status.turn_number == 1
    title = t("handover.title" if not first else "handover.first-title", name=player.name)
    return el(
        "div",
        {
            "class": f"card-screen handover cs-{cs}",
            "role": "dialog",
            "aria-modal": "true",
            "aria-labelledby": "handover-title",
        },
        el("span", {"class": f"seat big cs-{cs}"}, icon("seat-" + shape(cs), "mark")),
        el("h2", {"id": "handover-title"}, title),
        el("p", None, t("handover.explain")),
        button(t("handover.go", name=player.name), "continue", cls="primary big"),
        since_html(scene.since),
    )


def result_html(scene: Scene) -> Markup:
    """Who won and how, and what to do next."""
    winner = scene.status.winner
    assert winner is not None
    cs = scene.players[winner].city_state
    return el(
        "div",
        {
            "class": f"card-screen result cs-{cs}",
            "role": "dialog",
            "aria-modal": "true",
            "aria-labelledby": "result-title",
        },
        el("span", {"class": f"seat big cs-{cs}"}, icon("seat-" + shape(cs), "mark")),
        el("h2", {"id": "result-title"}, t("result.title", name=scene.name(winner))),
        el("p", None, t(f"result.{scene.status.win_reason}")),
        el("p", {"class": "hint"}, t("result.seed", seed=scene.seed)),
        el(
            "div",
            {"class": "row"},
            button(t("result.look"), "close"),
            button(join(icon("ui-replay"), t("saves.review")), "review"),
            button(t("result.again"), "new-game", cls="primary"),
        ),
    )


def saved_games_html(kept: KeptScene) -> Markup:
    """The start screen's second half: games kept in this browser, and opening a file."""
    saved, broken, confirm_delete = kept.saved, kept.broken, kept.confirm_delete
    playing, notice = kept.playing, kept.notice
    parts: list[Markup] = [el("h2", {"id": "saved-title"}, t("saves.title"))]
    if notice:
        kind, text = notice
        parts.append(el("p", {"class": f"message {kind}", "role": "alert"}, text))
    if not saved:
        parts.append(el("p", {"class": "hint"}, t("saves.none")))
    rows = [_saved_row(g, playing, confirm_delete) for g in saved]
    if rows:
        parts.append(el("ul", {"class": "savedlist"}, rows))
    parts.extend(_broken_row(b) for b in broken)
    parts.append(
        el(
            "div",
            {"class": "row"},
            el(
                "label",
                {"class": "filebtn"},
                icon("ui-import"),
                el("span", None, t("saves.import")),
                el(
                    "input",
                    {"type": "file", "id": "import-file", "accept": ".json,application/json"},
                ),
            ),
        )
    )
    parts.append(el("p", {"class": "hint"}, t("saves.import-hint")))
    return el("section", {"class": "saved", "aria-labelledby": "saved-title"}, parts)


def _saved_row(g: Saved, playing: str | None, confirm_delete: str | None) -> Markup:
    """One kept game: who plays, how far it is, and resume, step through, delete."""
    marks = [
        el("span", {"class": f"seat small cs-{cs}"}, icon("seat-" + shape(cs), "mark"))
        for cs in g.city_states
    ]
    state = (
        t("saves.won", name=g.winner)
        if g.winner
        else t("saves.turn", turn=g.turn, actions=g.actions)
    )
    here = (
        join(" ", el("strong", {"class": "tag"}, t("saves.open-now"))) if g.id == playing else None
    )
    sure = confirm_delete == g.id
    delete_label = t("saves.delete-sure") if sure else t("saves.delete")
    return el(
        "li",
        {"data-saved": g.id},
        el(
            "div",
            {"class": "who"},
            marks,
            el("span", {"class": "names"}, ", ".join(_with_level(g))),
            here,
        ),
        el("div", {"class": "hint"}, state),
        el(
            "div",
            {"class": "row"},
            button(join(icon("ui-play"), t("saves.resume")), "resume", g.id, cls="primary"),
            button(join(icon("ui-replay"), t("saves.review")), "review", g.id),
            button(
                join(icon("ui-trash"), delete_label),
                "delete",
                g.id,
                cls="danger" if sure else None,
            ),
        ),
    )


def _broken_row(b: Broken) -> Markup:
    """A kept entry that cannot be read: why, and download or delete it."""
    return el(
        "div",
        {"class": "message error broken", "data-broken": b.id},
        el("p", None, t("saves.broken", reason=b.reason)),
        el(
            "div",
            {"class": "row"},
            button(join(icon("ui-export"), t("saves.broken-download")), "broken-download", b.id),
            button(join(icon("ui-trash"), t("saves.delete")), "broken-delete", b.id),
        ),
    )


def log_tools(reviewing: bool) -> Markup:
    """Buttons above the log: step through the game, save it to a file."""
    review = None if reviewing else button(join(icon("ui-replay"), t("saves.review")), "review")
    lesson = None if reviewing else button(join(icon("ui-export"), t("lesson.save")), "lesson")
    return join(review, button(join(icon("ui-export"), t("saves.export")), "export"), lesson)


def review_bar(review: ReviewScene) -> Markup:
    """The step buttons and what the step's action did, while stepping through a game."""
    at_start, at_end = review.step == 0, review.step == review.length

    def step(symbol: str, arg: str, label: str, enabled: bool) -> Markup:
        return button(
            join(icon(symbol), el("span", {"class": "sr-only"}, t(label))),
            "step",
            arg,
            cls="stepbtn",
            enabled=enabled,
            aria_label=t(label),
        )

    return el(
        "section",
        {"class": "act review", "aria-label": t("review.title")},
        el("h2", None, icon("ui-replay"), " ", t("review.title")),
        el(
            "p",
            {"class": "stepcount"},  # the top strip and #announce say it (web/play/spoken.py)
            t("review.step", n=review.step, of=review.length),
        ),
        el("p", {"class": "latest"}, review.latest),
        el(
            "div",
            {"class": "row steps"},
            step("ui-first", "first", "review.first", not at_start),
            step("ui-back", "-1", "review.back", not at_start),
            step("ui-forward", "+1", "review.forward", not at_end),
            step("ui-last", "last", "review.last", not at_end),
        ),
        el("p", {"class": "hint"}, t("review.keys")),
        el(
            "div",
            {"class": "row"},
            button(join(icon("ui-close"), t("review.exit")), "review-exit", cls="primary"),
        ),
    )
