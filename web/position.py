"""A live board position that teaches a rule: a scenario, a session around it, the verdict.

Holds no DOM: :func:`position_html` returns the markup for one position, and
web/positions.py (the page glue for embed.html and rules.html) puts it in the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from attika import Action, Scenario, format_hex, parse_action, to_pixel

from .board_svg import HEX_POINTS, SIZE, board_drawing
from .panels import button, icon, side_panel
from .session import Session
from .text import escape, language, t


@dataclass
class Position:
    """One scenario being tried by a reader; ``key`` tells positions on one page apart."""

    key: str
    scenario: Scenario
    session: Session = field(init=False)
    verdict: str = "going"

    def __post_init__(self) -> None:
        self.restart()

    def restart(self) -> None:
        self.session = Session(self.scenario.fresh(), list(self.scenario.city_states))
        self.session.handover = False  # one reader, nothing to hide
        self.session.sync()
        self.verdict = "going"

    def made(self) -> list[Action]:
        return [parse_action(a) for a in self.session.game.actions]

    def handle(self, command: str, arg: str) -> None:
        """A tap in this position: "again" starts over; the rest goes to the session."""
        if command == "again":
            self.restart()
            return
        self.session.handle(command, arg)
        # no one else is at the table: never hide a hand behind "pass to ..."
        self.session.handover = False
        task = self.scenario.task
        if task is not None:
            self.verdict = task.check(self.made(), self.scenario.game, self.session.game)


def _text(texts: dict[str, str]) -> str:
    return texts.get(language()) or texts.get("en", "")


def _marks(scenario: Scenario) -> str:
    """Rings around the spaces the scenario points at, drawn over the board."""
    out = []
    for h in scenario.marks:
        x, y = to_pixel(h, SIZE)
        out.append(
            f'<polygon class="spot" transform="translate({x:.2f},{y:.2f}) scale(0.92)" '
            f'points="{HEX_POINTS}"><title>{escape(t("pos.marked", hex=format_hex(h)))}'
            "</title></polygon>"
        )
    return "".join(out)


def verdict_text(pos: Position) -> str:
    """What a screen reader hears when the verdict changes (the page's live region)."""
    task = pos.scenario.task
    if task is None or pos.verdict == "going":
        return ""
    if pos.verdict == "solved":
        return _text(task.solved)
    return f"{t('pos.not-yet')} {_text(task.hint)}"


def _board_markup(pos: Position, pieces: tuple[tuple[str, str], ...]) -> str:
    """The board's pieces, the marked spaces saying so in their text alternative."""
    marked = {format_hex(h) for h in pos.scenario.marks}
    prefix = escape(t("pos.marked-prefix")) + " "
    return "".join(
        markup.replace('aria-label="', 'aria-label="' + prefix, 1) if key in marked else markup
        for key, markup in pieces
    )


def feedback_html(pos: Position) -> str:
    task = pos.scenario.task
    if task is None:
        return ""
    again = button(icon("ui-replay") + escape(t("pos.again")), "again")
    if pos.verdict == "solved":
        return (
            f'<div class="feedback solved">{icon("ui-check")}'
            f"<p>{escape(_text(task.solved))}</p>{again}</div>"
        )
    if pos.verdict == "wrong":
        return (
            f'<div class="feedback wrong"><p><strong>{escape(t("pos.not-yet"))}'
            f"</strong> {escape(_text(task.hint))}</p>{again}</div>"
        )
    if not pos.session.game.actions:
        return ""
    return f'<div class="feedback going">{again}</div>'


def position_html(pos: Position) -> str:
    """The whole position: title, task, board, panel, verdict."""
    scenario = pos.scenario
    drawing = board_drawing(pos.session)
    x, y, w, h = drawing.bounds
    title_id = f"pos-{pos.key}-title"
    task = ""
    if scenario.task is not None:
        task = (
            f'<p class="task"><strong>{escape(t("pos.task"))}</strong> '
            f"{escape(_text(scenario.task.text))}</p>"
        )
    intro = f'<p class="intro">{escape(_text(scenario.intro))}</p>' if scenario.intro else ""
    board = (
        f'<svg class="board-svg" viewBox="{x:g} {y:g} {w:g} {h:g}" role="group" '
        f'aria-label="{escape(t("aria.board"))}"><g class="{drawing.mode}">'
        f"{_board_markup(pos, drawing.pieces)}</g>{_marks(scenario)}</svg>"
    )
    return (
        f'<section class="pos" aria-labelledby="{title_id}">'
        f'<header class="poshead" tabindex="-1">'
        f'<h3 id="{title_id}">{escape(_text(scenario.title))}</h3>'
        f"{intro}{task}{feedback_html(pos)}</header>"
        f'<div class="posbody"><div class="posboard">{board}</div>'
        f'<div class="side posside">{side_panel(pos.session)}</div></div></section>'
    )
