"""What can happen on the editor page, as typed messages (frozen, as the rules' actions are).

A tap's ``data-cmd``/``data-arg`` and a form field's change become one of these in one place,
web/editor/reader.py's ``read``, and nowhere else; a command it cannot read is the turn's
:class:`~web.play.messages.Unreadable`, answered with a note. The page's store
(web/editor/store.py) answers each message in its one ``update``. The last group is what the
page itself reports back: the entries it found stored, a draft the browser kept or refused, a
field read for the store, a language chosen. Pure Python, no DOM.
"""

from __future__ import annotations

from dataclasses import dataclass

from attika import Hex

from ..play.messages import Unreadable
from ..teach.messages import PositionMessage

# -- the position being built (web/editor/edits.py) -------------------------------------


@dataclass(frozen=True)
class ChooseTool:
    """What a tap on the board does from now on (a landscape, erase, shrine...)."""

    tool: str


@dataclass(frozen=True)
class ChooseBuilding:
    kind: str


@dataclass(frozen=True)
class ChooseStored:
    """Which waiting building the player panel's counter counts (not the tap tool's)."""

    kind: str


@dataclass(frozen=True)
class OpenTexts:
    """Show or fold one language's texts (they stay as chosen while the teacher types)."""

    lang: str


@dataclass(frozen=True)
class ChooseOwner:
    seat: int


@dataclass(frozen=True)
class ChooseSeat:
    """The seat whose hand, amphorae and stored buildings the panel changes."""

    seat: int


@dataclass(frozen=True)
class TapPlace:
    """A tap on a place of the board being built, a hex or an empty place beside it: what
    it does is the tool's (paint, erase, put a building...)."""

    hex: Hex


@dataclass(frozen=True)
class SetPlayers:
    count: int


@dataclass(frozen=True)
class StepHand:
    """One card of a landscape more (``step`` 1) or less (-1) in the chosen seat's hand."""

    land: str
    step: int


@dataclass(frozen=True)
class StepAmphorae:
    """One amphora more (1) or less (-1) for the chosen seat."""

    step: int


@dataclass(frozen=True)
class StepStored:
    """One building of the chosen kind more (1) or less (-1) in the chosen seat's store."""

    step: int


@dataclass(frozen=True)
class ChooseCurrent:
    """Whose turn it is."""

    seat: int


@dataclass(frozen=True)
class ChoosePhase:
    """How far the turn has gone: ``none``, ``draw N`` or ``build N``."""

    phase: str


@dataclass(frozen=True)
class WriteText:
    """A text in a language: ``what`` is title, intro, task, hint or solved."""

    what: str
    lang: str
    words: str


@dataclass(frozen=True)
class Record:
    """Start playing the task's answer on the position as it is."""


@dataclass(frozen=True)
class RecordAlso:
    """Play another answer that is right as well: each of its moves joins the answer's
    move at the same place as one of its choices ("any of these")."""


@dataclass(frozen=True)
class OnlyFirst:
    """Keep only the answer first recorded (the other right answers go)."""


@dataclass(frozen=True)
class ChooseStep:
    """Edit another step of the lesson (0: the first task; then those that follow it)."""

    step: int


@dataclass(frozen=True)
class AddStep:
    """Add a step after the last one: the other players' replies, then a new task."""


@dataclass(frozen=True)
class RemoveStep:
    """Take the last step away."""


@dataclass(frozen=True)
class Play:
    """A tap on the live position while recording or trying the lesson, read as a lesson
    reads it (web/teach/messages.py)."""

    message: PositionMessage


@dataclass(frozen=True)
class Keep:
    """Keep what was played as the task's answer."""


@dataclass(frozen=True)
class Drop:
    """Stop recording and keep the old answer."""


@dataclass(frozen=True)
class Preview:
    """Try the lesson as its reader will meet it (what it keeps back kept back)."""


@dataclass(frozen=True)
class KeepBack:
    """Keep ``what`` (hint, payment, price, free) back from the reader until they act, or
    show it again."""

    what: str


@dataclass(frozen=True)
class Training:
    """Offer the reader "Train again" once the lesson is solved (every way the rules allow),
    or not: a lesson whose texts name a side of the board opts out."""


@dataclass(frozen=True)
class Reach:
    """Say how far the answer's ``step`` (a recorded build) goes: exactly that move, the
    building anywhere at the least price, any payment of that sum there, any payment there."""

    step: int
    how: str


# -- the page: files and drafts (web/editor/store.py) -----------------------------------


@dataclass(frozen=True)
class AskImport:
    """The import button: the page reads the text box for the store (``ReadField``)."""


@dataclass(frozen=True)
class Import:
    """A scenario file pasted into the page's text box."""

    text: str


@dataclass(frozen=True)
class DownloadLesson:
    """The open scenario, offered as a file."""


@dataclass(frozen=True)
class OpenDraft:
    draft_id: str


@dataclass(frozen=True)
class NewDraft:
    pass


@dataclass(frozen=True)
class RenameDraft:
    name: str


@dataclass(frozen=True)
class DownloadDraft:
    pass


@dataclass(frozen=True)
class DeleteDraft:
    pass


@dataclass(frozen=True)
class DownloadUnreadable:
    """A stored entry that cannot be opened, offered as a file (by its whole key)."""

    key: str


@dataclass(frozen=True)
class DeleteUnreadable:
    key: str


@dataclass(frozen=True)
class Yes:
    """The answer to the question asked (leave an unkept draft, delete)."""


@dataclass(frozen=True)
class No:
    pass


# -- what the page reports back ----------------------------------------------------------


@dataclass(frozen=True)
class Found:
    """The editor's entries found in the browser's storage when the page opens: (key, text)
    for every key of the editor's, in storage order."""

    entries: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class ChangedElsewhere:
    """Another tab of this browser wrote one of the editor's entries (None: removed it);
    ``typing``: a text this tab's teacher was typing and had not yet left, not lost."""

    key: str
    text: str | None
    typing: WriteText | None = None


@dataclass(frozen=True)
class DraftKept:
    """The browser kept the draft's text (a :class:`~web.editor.effects.SaveDraft` done)."""

    draft_id: str
    text: str
    after: str


@dataclass(frozen=True)
class DraftNotKept:
    """The browser refused to keep the draft (storage full): why, in the player's words."""

    why: str
    after: str


@dataclass(frozen=True)
class NotMovedAside:
    """A hand-over the editor cannot open stayed where it was (no room to move it to
    ``key``): its text, listed again under the hand-over's key."""

    key: str
    text: str


@dataclass(frozen=True)
class LanguageChanged:
    """The page speaks another language: the messages are worded again."""


@dataclass(frozen=True)
class ImportNew:
    """A pasted file the editor has read, to open as a new draft (asked first when the open
    one is not kept)."""

    text: str


#: What changes the position being built (the store's update hands them to web/editor/edits.py).
Edit = (
    ChooseTool
    | ChooseBuilding
    | ChooseStored
    | OpenTexts
    | ChooseOwner
    | ChooseSeat
    | TapPlace
    | SetPlayers
    | StepHand
    | StepAmphorae
    | StepStored
    | ChooseCurrent
    | ChoosePhase
    | WriteText
    | Record
    | RecordAlso
    | OnlyFirst
    | ChooseStep
    | AddStep
    | RemoveStep
    | Play
    | Keep
    | Drop
    | Reach
    | KeepBack
    | Training
    | Preview
)
#: Everything the editor page's store answers.
Message = (
    Edit
    | AskImport
    | Import
    | DownloadLesson
    | OpenDraft
    | NewDraft
    | RenameDraft
    | DownloadDraft
    | DeleteDraft
    | DownloadUnreadable
    | DeleteUnreadable
    | Yes
    | No
    | Found
    | ChangedElsewhere
    | DraftKept
    | DraftNotKept
    | NotMovedAside
    | LanguageChanged
    | ImportNew
    | Unreadable
)
