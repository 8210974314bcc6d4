"""A live board position that teaches a rule: a scenario, a session around it, the verdict.

The store alone: :func:`update` applies a reader's message (web/teach/messages.py) and says
what the page must do after it; web/teach/position_scene.py freezes what a reader sees and
web/teach/position_view.py draws it. web/teach/page.py (the binder) puts it in the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from attika import (
    Action,
    Cards,
    PaymentVerdict,
    Quote,
    Refusal,
    Scenario,
    not_free,
    parse_action,
    payment_verdict,
)

from ..play.messages import Cancel, Cheapest, Confirm
from ..play.payment import KEPT_BACK
from ..play.session import Session
from .messages import Again, FoldMore, OpenPlayer, PositionMessage, TryIt, position_message


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


@dataclass(frozen=True)
class FocusTask:
    """The control tapped is gone after the redraw: the keyboard goes to the task."""


Effect = FocusTask


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
    #: The language the page asked this lesson to speak (its element's ``lang``, the
    #: embed's ``lang=``), None for the page's own; see position_scene.lesson_language.
    lang: str | None = None
    more_open: bool = False
    #: The reader's last build (or refused payment), explained with the verdict.
    explained: Explanation | None = None

    def __post_init__(self) -> None:
        self.restart()

    def restart(self) -> None:
        """The scenario as set, around a session that knows it has one reader."""
        hide = self.scenario.hide
        self.session = Session(
            self.scenario.fresh(),
            list(self.scenario.city_states),
            one_reader=True,  # no one else is at the table: no hand hides behind "pass to"
            blank_payment="payment" in hide,  # the reader puts the cards forward
            hints="hint" not in hide,  # a teacher may switch the Hint button off
        )
        self.session.sync()
        self.verdict = "going"
        self.explained = None

    def made(self) -> list[Action]:
        return [parse_action(a) for a in self.session.game.actions]

    def handle(self, command: str, arg: str = "") -> tuple[Effect, ...]:
        """A tap's command words (the lesson editor records so): read, then :func:`update`."""
        return update(self, position_message(command, arg))[1]


def update(pos: Position, message: PositionMessage) -> tuple[Position, tuple[Effect, ...]]:
    """Apply one message to the position (changed in place, as its session is) and say
    what the page does after it. The session decides the turn; nothing here overrides it."""
    match message:
        case Again():
            pos.restart()
            return pos, (FocusTask(),)
        case OpenPlayer(seat=seat):
            pos.open_player = None if pos.open_player == seat else seat
        case FoldMore():
            pos.more_open = not pos.more_open
        case TryIt():
            pass  # already live
        case Cheapest() if pos.scenario.hide & KEPT_BACK:
            pass  # the reader works the payment out
        case Confirm() if _judge(pos):
            return pos, (FocusTask(),)  # refused: nothing was built
        case _:
            pos.session.update(message)
            task = pos.scenario.task
            if task is not None:
                pos.verdict = task.check(pos.made(), pos.scenario.game, pos.session.game)
            if isinstance(message, Confirm):
                return pos, (FocusTask(),)
    return pos, ()


def _judge(pos: Position) -> bool:
    """Before a build is confirmed: explain it, and refuse a payment that is not exact
    (a position keeping the payment back lets any payment be put forward). True when
    the payment was refused and nothing was built."""
    session = pos.session
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
    pos.explained = Explanation(q, source, why, paid, verdict, refused)
    if refused:
        session.update(Cancel())
        pos.verdict = "wrong"
    return refused
