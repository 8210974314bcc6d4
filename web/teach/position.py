"""A live board position that teaches a rule: a scenario, a session around it, the verdict.

Holds no DOM: :func:`position_html` returns the markup for one position, and
web/main.py (the binder, for embed.html and rules.html too) puts it in the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from attika import (
    ACTION_KINDS,
    KIND_NAMED,
    Action,
    Cards,
    PaymentVerdict,
    Quote,
    Refusal,
    Scenario,
    format_hex,
    not_free,
    parse_action,
    payment_verdict,
    to_pixel,
)

from ..board.board_svg import HEX_POINTS, SIZE, board_drawing
from ..core.html import Markup, el, join, raw
from ..core.text import building_name, language, plural, t
from ..core.widgets import button, icon, minicards
from ..play.actions import action_area, amphora_section, tap_key, undo_row
from ..play.computer_turn import hint_row
from ..play.hand import hand_html, stack_buttons, stored_buttons
from ..play.panel import side_panel
from ..play.payment import KEPT_BACK, quote_lines, verdict_note
from ..play.player_board import overview, player_board
from ..play.scene import Scene, table_scene
from ..play.session import Session

#: An action's kind, as a scenario's task names it.
KINDS: dict[type, str] = {kind.action: kind.name for kind in ACTION_KINDS}
#: Every kind of action: what a position without a task (or with a "win" task) may need.
EVERY_KIND = frozenset(KIND_NAMED)


@dataclass(frozen=True)
class Explanation:
    """What the reader's build cost and why: shown with the verdict, once the reader acted."""

    quote: Quote
    #: The building whose arrow made it free, or why it was not free (the rules' code).
    free_source: str | None
    not_free: Refusal | None
    paid: Cards
    verdict: PaymentVerdict
    #: The payment did not pay exactly, so nothing was built.
    refused: bool = False


@dataclass
class Position:
    """One scenario being tried by a reader; ``key`` tells positions on one page apart."""

    key: str
    scenario: Scenario
    session: Session = field(init=False)
    verdict: str = "going"
    #: Another player's board opened from the overview.
    open_player: int | None = None
    #: Laid out for a small frame (embed.html, <attika-position>): the board, the task and
    #: the controls the task needs; the full panel folded away under "More".
    compact: bool = False
    more_open: bool = False
    #: The reader's last build (or refused payment), explained with the verdict.
    explained: Explanation | None = None

    def __post_init__(self) -> None:
        self.restart()

    def restart(self) -> None:
        self.session = Session(self.scenario.fresh(), list(self.scenario.city_states))
        self.session.handover = False  # one reader, nothing to hide
        self.session.hints = "hint" not in self.scenario.hide  # a teacher may switch it off
        self.session.sync()
        self.verdict = "going"
        self.explained = None

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
        if command == "more":
            self.more_open = not self.more_open
            return
        kept = self.scenario.hide & KEPT_BACK
        if command == "cheapest" and kept:
            return  # the reader works the payment out
        if command == "confirm" and self._judge():
            return
        self.session.handle(command, arg)
        # no one else is at the table: never hide a hand behind "pass to ..."
        self.session.handover = False
        session = self.session
        if command == "hex" and "payment" in self.scenario.hide and session.payment is not None:
            session.payment = [0, 0, 0, 0]  # not filled in: the reader puts the cards forward
        task = self.scenario.task
        if task is not None:
            self.verdict = task.check(self.made(), self.scenario.game, self.session.game)

    def _judge(self) -> bool:
        """Before a build is confirmed: explain it, and refuse a payment that is not exact
        (a position keeping the payment back lets any payment be put forward). True when
        the payment was refused and nothing was built."""
        session = self.session
        game = session.game
        kind, h, pay = session.selected, session.target, session.payment
        if kind is None or h is None or pay is None or session.phase == "tile":
            return False
        q = game.quote(kind, h)
        paid = (pay[0], pay[1], pay[2], pay[3])
        verdict = payment_verdict(paid, q.due)
        source = None if q.free_from is None else game.board.buildings[q.free_from][1]
        why = None if q.free_from is not None else not_free(game, kind, h)
        refused = not verdict.exact
        self.explained = Explanation(q, source, why, paid, verdict, refused)
        if refused:
            session.handle("cancel")
            self.verdict = "wrong"
        return refused


def _text(texts: dict[str, str]) -> str:
    return texts.get(language()) or texts.get("en", "")


def intro_and_task(scenario: Scenario) -> tuple[Markup | None, Markup | None]:
    """A position's intro and task paragraphs, the same in the still preview and live."""
    intro = el("p", {"class": "intro"}, _text(scenario.intro)) if scenario.intro else None
    if scenario.task is None:
        return intro, None
    task = el(
        "p", {"class": "task"}, el("strong", None, t("pos.task")), " ", _text(scenario.task.text)
    )
    return intro, task


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
    refused = pos.explained is not None and pos.explained.refused
    said = f"{t('pos.not-yet')} {t('pay.refused')}" if refused else t("pos.not-yet")
    return f"{said} {_text(task.hint)}"


def hidden_now(pos: Position) -> frozenset[str]:
    """What the page keeps back now: the scenario's ``hide`` until the reader has acted and
    has a verdict (which then explains the answer)."""
    return pos.scenario.hide if pos.verdict == "going" else frozenset()


def scene_of(pos: Position) -> Scene:
    """The position as its reader sees it, the scenario's marked spaces said so on the board
    and what the lesson keeps back left out."""
    scene = table_scene(pos.session, pos.open_player)
    hide = hidden_now(pos)
    payment = None if scene.payment is None else replace(scene.payment, hide=hide)
    return replace(
        scene,
        marks=replace(scene.marks, spots=frozenset(pos.scenario.marks)),
        payment=payment,
        hide=hide,
    )


def explain_html(ex: Explanation, hide: frozenset[str]) -> Markup:
    """What the build cost and why: the rules' breakdown, why it was (not) free, the
    payment put forward and how it reads against the price."""
    q = ex.quote
    why = None
    telling = ("main-building", "skips", "against-arrow", "not-yours")
    if ex.not_free is not None and (ex.not_free.code in telling or "free" in hide):
        params = dict(ex.not_free.params)
        words = {
            "building": building_name(q.building),
            "source": building_name(str(params["source"])) if "source" in params else "",
            "hex": format_hex(params["hex"]) if "hex" in params else "",  # type: ignore[arg-type]
        }
        why = el("p", {"class": "why"}, t("notfree." + ex.not_free.code, **words))
    paid = el(
        "p",
        {"class": "paid"},
        t("explain.offered" if ex.refused else "explain.paid"),
        " ",
        minicards(ex.paid),
        " ",
        raw("&ndash;"),
        " ",
        verdict_note(ex.verdict),
    )
    return el(
        "div",
        {"class": "explain"},
        el(
            "p",
            {"class": "what"},
            t("explain.title", building=building_name(q.building), hex=format_hex(q.hex)),
        ),
        quote_lines(q, ex.free_source),
        why,
        paid,
    )


def feedback_html(pos: Position) -> Markup | None:
    """The verdict, explained, with "Start again" (first in a compact position, where the
    explanation may run long)."""
    task = pos.scenario.task
    if task is None:
        return None
    again = button(join(icon("ui-replay"), t("pos.again")), "again")
    if pos.compact and pos.verdict != "going":
        again = Markup("")
        first = button(join(icon("ui-replay"), t("pos.again")), "again")
    else:
        first = None
    ex = pos.explained
    explained = None if ex is None else explain_html(ex, pos.scenario.hide)
    if explained is not None and pos.compact:
        # a low frame has no room for the whole explanation: there it folds under "Why?"
        # (embed.css picks one of the two by the frame's height)
        explained = join(
            el("div", {"class": "why-long"}, explained),
            el(
                "details",
                {"class": "why-short"},
                el("summary", None, t("pos.why")),
                explain_html(ex, pos.scenario.hide),  # type: ignore[arg-type]
            ),
        )
    if pos.verdict == "solved":
        return el(
            "div",
            {"class": "feedback solved"},
            first,
            icon("ui-check"),
            el("p", None, _text(task.solved)),
            explained,
            again,
        )
    if pos.verdict == "wrong":
        refused = None
        if ex is not None and ex.refused:
            refused = join(el("strong", None, t("pay.refused")), " ")
        return el(
            "div",
            {"class": "feedback wrong"},
            first,
            el(
                "p",
                None,
                el("strong", None, t("pos.not-yet")),
                " ",
                refused,
                # a small frame has room for one explanation: a refused payment's price
                None if pos.compact and refused is not None else _text(task.hint),
            ),
            explained,
            again,
        )
    if not pos.session.game.actions:
        return None
    return el("div", {"class": "feedback going"}, again)


def task_needs(task: Any) -> frozenset[str]:
    """The kinds of action the task asks for (``draw``, ``build``, ...): the controls a
    compact position shows outside its "More" fold."""
    if task is None or task.win is not None:
        return EVERY_KIND
    kinds: set[str] = set()

    def walk(step: Any) -> None:
        if step.one_of:
            for other in step.one_of:
                walk(other)
        elif step.exact is not None:
            kinds.add(KINDS[type(step.exact)])
        else:
            kinds.add(step.kind)

    for step in task.steps:
        walk(step)
    return frozenset(kinds)


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


def compact_panel(pos: Position, scene: Scene) -> tuple[Markup, Markup]:
    """What a compact position shows beside its board (the message, the verdict and the
    controls the task needs) and what it folds away under "More" (whose turn, the hand,
    the player boards, every other control)."""
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
        needed, rest = _turn_controls(scene, task_needs(pos.scenario.task))
        controls = join(hint_row(scene), el("section", {"class": "act"}, needed))
    else:
        controls = action_area(scene)
    if pos.verdict != "going" and turn:
        rest = _turn_controls(scene, frozenset())[1]
    near = join(
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


def _compact_html(pos: Position, head: Markup, board: Markup, scene: Scene) -> Markup:
    near, folded = compact_panel(pos, scene)
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


def position_html(pos: Position) -> Markup:
    """The whole position: title, task, board, panel, verdict."""
    scenario = pos.scenario
    scene = scene_of(pos)
    drawing = board_drawing(scene)
    x, y, w, h = drawing.bounds
    title_id = f"pos-{pos.key}-title"
    intro, task = intro_and_task(scenario)
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
    if pos.compact:
        head = el(
            "header",
            {"class": "poshead", "tabindex": "-1"},
            el("h2", {"id": title_id}, _text(scenario.title)),
            intro,
            task,
        )
        return el(
            "section",
            {"class": "pos compact", "aria-labelledby": title_id},
            _compact_html(pos, head, board, scene),
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
