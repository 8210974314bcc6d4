"""What a reader does to the live lessons of a page, as values, and the one reader of them.

A tap carries a command and its argument in its markup (``data-cmd="again"``, or a still
preview's ``data-try``); the binder (web/teach/page.py) finds which lesson it was in and
hands both to :func:`lesson_message`, the one place where the lesson page's command words
become a message. A turn's words are read by web/play/messages.py inside it, so a lesson
and the game understand a tap the same way; a word neither knows is ``Unreadable``, which
the lesson's session answers with a note. The rest is what the page reports back: a
lesson's scenario fetched or not, a language chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.common_messages import OpenPlayer
from ..play.messages import TurnMessage, Unreadable, seat_number, turn_message


@dataclass(frozen=True)
class Again:
    """Start the position over, as the scenario set it."""


@dataclass(frozen=True)
class Restart:
    """Start a lesson of several steps over from its first step."""


@dataclass(frozen=True)
class GoOn:
    """A step solved: the other players' recorded replies, then the next step."""


@dataclass(frozen=True)
class Train:
    """The lesson solved: play it again as training, on a position it has not shown (the
    next round of attika.train: mirrored, turned or dealt anew)."""


@dataclass(frozen=True)
class FoldMore:
    """Open or close the "More" fold of a compact position (whose turn, the hand, ...)."""


@dataclass(frozen=True)
class TryIt:
    """Bring a still preview to life (its ``data-try``): its scenario is fetched first."""


#: What one lesson answers (the editor's recording and preview answer these too).
PositionMessage = Again | Restart | GoOn | Train | OpenPlayer | FoldMore | TryIt | TurnMessage


@dataclass(frozen=True)
class InLesson:
    """A tap inside the lesson whose holder has ``data-key`` ``key``."""

    key: str
    message: PositionMessage


@dataclass(frozen=True)
class Failure:
    """Why a lesson could not be set up: a text key and its values, worded when drawn so
    that a language switch rewords it too."""

    text: str
    values: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Fetched:
    """A lesson's scenario file as fetched, with what its holder asked: a small frame's
    layout (``compact``) and a language (None: the page's)."""

    key: str
    name: str
    text: str
    compact: bool = False
    lang: str | None = None


@dataclass(frozen=True)
class NotFetched:
    """A lesson's scenario could not be fetched (no name, a foreign address, no answer)."""

    key: str
    failure: Failure


@dataclass(frozen=True)
class LanguageChosen:
    """The reader chose a language on the page: every lesson speaks it from now on."""

    lang: str


#: Everything the lesson page's store answers (web/teach/store.py).
LessonMessage = InLesson | Fetched | NotFetched | LanguageChosen


def position_message(command: str, arg: str = "") -> PositionMessage:
    """The message a tap's command and argument stand for in one lesson; a turn's words
    are read as the table reads them, and anything else is :class:`Unreadable`."""
    match command:
        case "again":
            return Again()
        case "restart":
            return Restart()
        case "next":
            return GoOn()
        case "train":
            return Train()
        case "more":
            return FoldMore()
        case "try":
            return TryIt()
        case "player":
            try:
                return OpenPlayer(seat_number(arg))
            except ValueError as exc:
                return Unreadable(command, str(exc))
    return turn_message(command, arg)


def lesson_message(key: str, command: str, arg: str = "") -> InLesson:
    """A tap in the lesson ``key`` as the page's message: the page's one reader."""
    return InLesson(key, position_message(command, arg))
