"""A live board position that teaches a rule: a scenario, a session around it, the verdict.

Holds no DOM: :func:`position_html` returns the markup for one position, and
web/main.py (the binder, for embed.html and rules.html too) puts it in the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from attika import Action, Scenario, format_hex, parse_action, to_pixel

from .board_svg import HEX_POINTS, SIZE, board_drawing
from .html import Markup, el, join
from .panel import side_panel
from .scene import Scene, table_scene
from .session import Session
from .text import language, t
from .widgets import button, icon


@dataclass
class Position:
    """One scenario being tried by a reader; ``key`` tells positions on one page apart."""

    key: str
    scenario: Scenario
    session: Session = field(init=False)
    verdict: str = "going"
    #: Another player's board opened from the overview.
    open_player: int | None = None

    def __post_init__(self) -> None:
        self.restart()

    def restart(self) -> None:
        self.session = Session(self.scenario.fresh(), list(self.scenario.city_states))
        self.session.handover = False  # one reader, nothing to hide
        self.session.hints = "hint" not in self.scenario.hide  # a teacher may switch it off
        self.session.sync()
        self.verdict = "going"

    def made(self) -> list[Action]:
        return [parse_action(a) for a in self.session.game.actions]

    def handle(self, command: str, arg: str) -> None:
        """A tap in this position: "again" starts over; the rest goes to the session."""
        if command == "again":
            self.restart()
            return
        if command == "player":
            seat = int(arg)
            self.open_player = None if self.open_player == seat else seat
            return
        self.session.handle(command, arg)
        # no one else is at the table: never hide a hand behind "pass to ..."
        self.session.handover = False
        task = self.scenario.task
        if task is not None:
            self.verdict = task.check(self.made(), self.scenario.game, self.session.game)


def _text(texts: dict[str, str]) -> str:
    return texts.get(language()) or texts.get("en", "")


def _marks(scenario: Scenario) -> list[Markup]:
    """Rings around the spaces the scenario points at, drawn over the board."""
    out = []
    for h in scenario.marks:
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


def verdict_text(pos: Position) -> str:
    """What a screen reader hears when the verdict changes (the page's live region)."""
    task = pos.scenario.task
    if task is None or pos.verdict == "going":
        return ""
    if pos.verdict == "solved":
        return _text(task.solved)
    return f"{t('pos.not-yet')} {_text(task.hint)}"


def scene_of(pos: Position) -> Scene:
    """The position as its reader sees it, the scenario's marked spaces said so on the board."""
    scene = table_scene(pos.session, pos.open_player)
    return replace(scene, marks=replace(scene.marks, spots=frozenset(pos.scenario.marks)))


def feedback_html(pos: Position) -> Markup | None:
    task = pos.scenario.task
    if task is None:
        return None
    again = button(join(icon("ui-replay"), t("pos.again")), "again")
    if pos.verdict == "solved":
        return el(
            "div",
            {"class": "feedback solved"},
            icon("ui-check"),
            el("p", None, _text(task.solved)),
            again,
        )
    if pos.verdict == "wrong":
        return el(
            "div",
            {"class": "feedback wrong"},
            el("p", None, el("strong", None, t("pos.not-yet")), " ", _text(task.hint)),
            again,
        )
    if not pos.session.game.actions:
        return None
    return el("div", {"class": "feedback going"}, again)


def position_html(pos: Position) -> Markup:
    """The whole position: title, task, board, panel, verdict."""
    scenario = pos.scenario
    scene = scene_of(pos)
    drawing = board_drawing(scene)
    x, y, w, h = drawing.bounds
    title_id = f"pos-{pos.key}-title"
    task = None
    if scenario.task is not None:
        task = el(
            "p",
            {"class": "task"},
            el("strong", None, t("pos.task")),
            " ",
            _text(scenario.task.text),
        )
    intro = el("p", {"class": "intro"}, _text(scenario.intro)) if scenario.intro else None
    board = el(
        "svg",
        {
            "class": "board-svg",
            "viewBox": f"{x:g} {y:g} {w:g} {h:g}",
            "role": "group",
            "aria-label": t("aria.board"),
        },
        drawing.markup(),
        _marks(scenario),
    )
    return el(
        "section",
        {"class": "pos", "aria-labelledby": title_id},
        el(
            "header",
            {"class": "poshead", "tabindex": "-1"},
            el("h2", {"id": title_id}, _text(scenario.title)),
            intro,
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
