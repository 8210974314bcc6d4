"""The lesson page's store: every live lesson on the page (:class:`Lessons`), and
:func:`update`, its one entry.

A message (web/teach/messages.py) comes in; the lessons change and the effects for the
binder (web/teach/page.py) come back as frozen values: fetch a lesson's scenario, draw a
lesson again. A *Try it* is a message like any tap: the first asks for the scenario
(:class:`FetchScenario`), and the binder's answer (``Fetched`` or ``NotFetched``) is a
message again, which sets the lesson up or keeps why it could not be. A tap inside a live
lesson goes to :func:`position_update`, the part of the update for one lesson, which the
lesson editor's recording and preview use as well. Pure Python, no DOM.

The store is changed in place and handed back: a lesson's session is the rules' mutable
game (see web/play/session.py), and copying it on every tap would cost time for nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from attika import ScenarioError, load_scenario, not_free, payment_verdict, shorten

from ..core.common_messages import OpenPlayer
from ..core.refusals import file_refusal
from ..play.messages import Cancel, Cheapest, Confirm, Undo
from ..play.payment import KEPT_BACK
from .messages import (
    Again,
    Failure,
    Fetched,
    FoldMore,
    GoOn,
    InLesson,
    LanguageChosen,
    LessonMessage,
    NotFetched,
    PositionMessage,
    Restart,
    Train,
    TryIt,
)
from .position import Explanation, Position

# -- effects: what the binder carries out for the store ------------------------------------


@dataclass(frozen=True)
class FetchScenario:
    """Fetch the scenario the lesson ``key``'s holder names; the binder answers ``Fetched``
    or ``NotFetched``."""

    key: str


@dataclass(frozen=True)
class Redraw:
    """Redraw the lesson ``key`` again (None: every lesson); ``to_task``: the control tapped
    is gone after the redraw, so the keyboard goes to the lesson's task."""

    key: str | None
    to_task: bool = False


Effect = FetchScenario | Redraw


# -- the state ------------------------------------------------------------------------------


@dataclass
class Lessons:
    """Every lesson of the page that a reader brought to life, by its holder's key: those
    that play, those that could not be set up (and why), those being fetched."""

    positions: dict[str, Position] = field(default_factory=dict)
    failed: dict[str, Failure] = field(default_factory=dict)
    fetching: set[str] = field(default_factory=set)

    def tried(self, key: str) -> bool:
        """Whether the lesson ``key`` left its still preview (live, failed or on its way)."""
        return key in self.positions or key in self.failed or key in self.fetching


def update(lessons: Lessons, message: LessonMessage) -> tuple[Lessons, tuple[Effect, ...]]:
    """Answer one message: the lessons changed, and the effects for the binder."""
    match message:
        case InLesson(key, TryIt()):
            if not lessons.tried(key):
                lessons.fetching.add(key)
                return lessons, (FetchScenario(key),)
            if key in lessons.fetching:
                return lessons, ()  # tapped again while its scenario is on its way
            return lessons, (Redraw(key, to_task=True),)
        case InLesson(key, inner):
            pos = lessons.positions.get(key)
            if pos is None:
                return lessons, ()  # still a preview, or could not be set up
            return lessons, (Redraw(key, to_task=position_update(pos, inner)),)
        case Fetched(key, name, text, compact, lang):
            lessons.fetching.discard(key)
            _set_up(lessons, key, name, text, compact, lang)
            return lessons, (Redraw(key, to_task=True),)
        case NotFetched(key, failure):
            lessons.fetching.discard(key)
            lessons.failed[key] = failure
            return lessons, (Redraw(key, to_task=True),)
        case LanguageChosen(lang):
            for pos in lessons.positions.values():
                pos.lang = lang  # asked for now, over what the page said
            return lessons, (Redraw(None),)
    return lessons, ()


def _set_up(
    lessons: Lessons, key: str, name: str, text: str, compact: bool, lang: str | None
) -> None:
    """The lesson ``key`` from its scenario file, or why it could not be set up."""
    try:
        scenario = load_scenario(text, name)
    except ScenarioError as exc:
        lessons.failed[key] = Failure(
            "pos.bad-scenario", (("name", name), ("detail", file_refusal(exc)))
        )
        return
    except Exception as exc:  # the rules refuse a bad file with ScenarioError; said all the same
        lessons.failed[key] = Failure(
            "pos.no-fetch", (("name", name), ("detail", shorten(str(exc), 200)))
        )
        return
    lessons.positions[key] = Position(key, scenario, compact=compact, lang=lang)


# -- one lesson ------------------------------------------------------------------------------


def position_update(pos: Position, message: PositionMessage) -> bool:
    """Apply one message to a lesson (changed in place, as its session is); True when the
    control tapped is gone after it, so the keyboard goes to the task. The session decides
    the turn; nothing here overrides it."""
    match message:
        case Again():
            pos.again()
            return True
        case Restart():
            pos.restart()
            return True
        case GoOn():
            if pos.verdict == "solved" and not pos.last_step:
                pos.go_on()
                return True
        case Train():
            if pos.trainable:
                pos.train()
                return True
        case OpenPlayer(seat=seat):
            pos.open_player = None if pos.open_player == seat else seat
        case FoldMore():
            pos.more_open = not pos.more_open
        case TryIt():
            pass  # already live: the page's update draws it again
        case Cheapest() if pos.scenario.hide & KEPT_BACK:
            pass  # the reader works the payment out
        case Undo() if not pos.made():
            pass  # the replies and the steps before are the lesson's, not to take back
        case Confirm() if _judge(pos):
            return True  # refused: nothing was built
        case _:
            pos.session.update(message)
            task = pos.task
            if task is not None:
                pos.verdict = task.check(pos.made(), pos.step_start, pos.session.game)
            return isinstance(message, Confirm)
    return False


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
