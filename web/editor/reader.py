"""The editor page's one reader: a tap's ``data-cmd``/``data-arg``, or a form field's name
and new value, become a typed message (web/editor/messages.py) here and nowhere else.

Every value is checked as it is read (a tool the page offers, a seat, a place of the board),
so the store never meets a string it must read again; a command the page does not offer, or
a value it cannot read (a hand-made or stale tap), is ``Unreadable``, which the store answers
with a note and no change. A tap on the live position inside the editor (its recording or
its preview) is read as a lesson reads it and carried in :class:`Play`. Pure Python, no DOM.
"""

from __future__ import annotations

from collections.abc import Callable, Container

from attika import BUILDINGS, HIDEABLE, LANDSCAPES, REACHES, parse_hex

from ..play.messages import Unreadable
from ..teach.messages import position_message
from .checks import LANGS, TASK_TEXTS, TOOLS
from .messages import (
    AddStep,
    AskImport,
    ChooseBuilding,
    ChooseCurrent,
    ChooseOwner,
    ChoosePhase,
    ChooseSeat,
    ChooseStep,
    ChooseStored,
    ChooseTool,
    DeleteDraft,
    DeleteUnreadable,
    DownloadDraft,
    DownloadLesson,
    DownloadUnreadable,
    Drop,
    Import,
    Keep,
    KeepBack,
    Message,
    NewDraft,
    No,
    OnlyFirst,
    OpenDraft,
    OpenTexts,
    Play,
    Preview,
    Reach,
    Record,
    RecordAlso,
    RemoveStep,
    RenameDraft,
    SetPlayers,
    StepAmphorae,
    StepHand,
    StepStored,
    TapPlace,
    Training,
    WriteText,
    Yes,
)

#: The texts a teacher writes, by the name their fields carry ("text WHAT LANG").
TEXTS = ("title", "intro", *TASK_TEXTS)


def read(name: str, value: str = "", *, live: bool = False) -> Message:
    """The message a tap's command and argument (or a field's name and value) stand for;
    ``live``: the tap was on the live position (the recording or the preview).
    :class:`~web.play.messages.Unreadable` for anything the page does not offer."""
    if live:
        return Play(position_message(name, value))
    try:
        if name.startswith("text "):  # the text fields are named "text WHAT LANG"
            what, _, lang = name[5:].partition(" ")
            return WriteText(
                _offered(what, TEXTS, "text"), _offered(lang, LANGS, "language"), value
            )
        reader = READERS.get(name)
        if reader is None:
            return Unreadable(name[:40])
        return reader(value)
    except (ValueError, IndexError) as exc:
        return Unreadable(name[:40], str(exc))


def _offered(value: str, known: Container[str], what: str) -> str:
    """A choice the page offers; ValueError for any other (a forged tap changes nothing)."""
    if value not in known:
        raise ValueError(f"no {what} {value[:40]!r}")
    return value


def _seat(value: str) -> int:
    """A seat from a drop-down (0 to 3: a game has at most four players)."""
    seat = int(value) if value.isascii() and value.isdigit() and len(value) == 1 else -1
    if not 0 <= seat <= 3:
        raise ValueError(f"no seat {value[:20]!r}")
    return seat


def _step(sign: str) -> int:
    """One more (``+``) or one fewer (``-``)."""
    if sign not in ("+", "-"):
        raise ValueError(f"no step {sign[:20]!r}")
    return 1 if sign == "+" else -1


def _players(value: str) -> SetPlayers:
    count = int(value)
    if not 2 <= count <= 4:
        raise ValueError("2 to 4 players")
    return SetPlayers(count)


def _hand(value: str) -> StepHand:
    land, step = value.split()
    return StepHand(_offered(land, LANDSCAPES, "landscape"), _step(step))


def _phase(value: str) -> ChoosePhase:
    """``none``, or ``draw N`` / ``build N`` (that many made this turn, 1 to 3)."""
    mode, _, used = value.partition(" ")
    if value != "none" and not (mode in ("draw", "build") and used in ("1", "2", "3")):
        raise ValueError(f"no phase {value[:20]!r}")
    return ChoosePhase(value)


def _reach(value: str) -> Reach:
    """``STEP:HOW``, from the answer's drop-down."""
    step, _, how = value.partition(":")
    return Reach(int(step), _offered(how, REACHES, "answer reach"))


def _step_number(value: str) -> ChooseStep:
    step = int(value)
    if step < 0:
        raise ValueError(f"no step {step + 1}")
    return ChooseStep(step)


#: The page's command words and fields, each with how its value is read.
READERS: dict[str, Callable[[str], Message]] = {
    "tool": lambda v: ChooseTool(_offered(v, TOOLS, "tool")),
    "building": lambda v: ChooseBuilding(_offered(v, BUILDINGS, "building")),
    "stored-building": lambda v: ChooseStored(_offered(v, BUILDINGS, "building")),
    "texts": lambda v: OpenTexts(_offered(v, LANGS, "language")),
    "owner": lambda v: ChooseOwner(_seat(v)),
    "seat": lambda v: ChooseSeat(_seat(v)),
    "hex": lambda v: TapPlace(parse_hex(v)),
    "players": _players,
    "hand": _hand,
    "amphorae": lambda v: StepAmphorae(_step(v)),
    "stored": lambda v: StepStored(_step(v)),
    "current": lambda v: ChooseCurrent(_seat(v)),
    "phase": _phase,
    "record": lambda v: Record(),
    "record-also": lambda v: RecordAlso(),
    "only-first": lambda v: OnlyFirst(),
    "step": _step_number,
    "add-step": lambda v: AddStep(),
    "remove-step": lambda v: RemoveStep(),
    "keep": lambda v: Keep(),
    "drop": lambda v: Drop(),
    "preview": lambda v: Preview(),
    "hide": lambda v: KeepBack(_offered(v, HIDEABLE, "thing to keep back")),
    "training": lambda v: Training(),
    "reach": _reach,
    "import-text": lambda v: AskImport(),
    "import": Import,
    "download": lambda v: DownloadLesson(),
    "draft": OpenDraft,
    "draft-new": lambda v: NewDraft(),
    "draft-name": RenameDraft,
    "draft-download": lambda v: DownloadDraft(),
    "draft-delete": lambda v: DeleteDraft(),
    "unreadable-download": DownloadUnreadable,
    "unreadable-delete": DeleteUnreadable,
    "yes": lambda v: Yes(),
    "no": lambda v: No(),
}
