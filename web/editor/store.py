"""The editor page's store: its state (:class:`Desk`), and :func:`update`, its one entry.

A message (web/editor/messages.py, read by web/editor/reader.py) comes in; the desk changes
and the effects to carry out come back as frozen values (web/editor/effects.py): keep a
draft, delete one, clear the hand-over, offer a download, read the import box. The
position's own changes are this update's part in web/editor/edits.py; a message that cannot
be read, or a change the editor cannot make now, changes nothing and is said (``said``). The
store never touches the browser's storage: it is handed the editor's stored entries once
(``Found``), keeps its own copy of them as its effects change them, and hears back from the
page whether a draft was kept (``DraftKept``/``DraftNotKept``). Every change is kept at once;
a save the browser refuses is said (``not_kept``) and the draft stays open, to download,
until a save succeeds.
Leaving a draft that is not kept, and deleting anything, is asked first (``asking``).

The desk is one mutable object, changed in place and handed back: it holds the editor
(web/editor/editor.py), which is mutable for the reason given there. The clock and the
source of new ids are the page's, handed in so that tests can fix them. Pure Python, no DOM.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, field

from attika import shorten

from ..core.text import t
from ..play.messages import Unreadable
from .checks import NAME_CHARS, blank, measured_json
from .drafts import (
    CURRENT,
    DRAFT,
    STORE_KEY,
    Draft,
    DraftUnreadable,
    DraftWouldNotRead,
    UnreadableEntry,
    entry_text,
    fits,
    is_editors,
    name_of,
    read_draft,
    survey,
)
from .editor import Editor, lesson_filename
from .edits import apply_edit, import_text, text_of
from .effects import (
    ClearHandOver,
    DeleteEntry,
    Effect,
    MoveAside,
    NoteOpen,
    OfferFile,
    ReadField,
    SaveDraft,
)
from .messages import (
    AskImport,
    ChangedElsewhere,
    DeleteDraft,
    DeleteUnreadable,
    DownloadDraft,
    DownloadLesson,
    DownloadUnreadable,
    DraftKept,
    DraftNotKept,
    Edit,
    Found,
    Import,
    ImportNew,
    LanguageChanged,
    Message,
    NewDraft,
    No,
    NotMovedAside,
    OpenDraft,
    RenameDraft,
    WriteText,
    Yes,
)

#: The messages that are the page's own reports, not a reader's doing: they leave what the
#: page said to the reader (``said``) as it is.
Report = Found | ChangedElsewhere | DraftKept | DraftNotKept | NotMovedAside | LanguageChanged
REPORTS = (Found, ChangedElsewhere, DraftKept, DraftNotKept, NotMovedAside, LanguageChanged)


# -- the state ---------------------------------------------------------------------------


@dataclass
class Desk:
    """The editor page's state: the drafts of this browser and the one open."""

    now: Callable[[], int]
    new_id: Callable[[], str]
    editor: Editor = field(default_factory=Editor)
    draft: Draft = field(default_factory=lambda: Draft("", "", 0))
    #: Why the open draft's last change is not kept in the browser, or None.
    not_kept: str | None = None
    #: A question waiting for yes or no: (what is asked, the message to do on yes).
    asking: tuple[str, Message] | None = None
    listed: list[Draft] = field(default_factory=list)
    unreadable: list[UnreadableEntry] = field(default_factory=list)
    #: The editor's stored entries as the store's effects leave them (key to text).
    stored: dict[str, str] = field(default_factory=dict)
    #: The data as last kept.
    kept: str = ""
    #: The open draft was changed in another tab and is shown as that tab left it.
    elsewhere: bool = False
    #: What became of a text being typed here when the other tab's change came: ``added``
    #: to that version, or ``copied`` to a new draft (that tab changed the same text).
    typing_kept: str = ""
    #: This tab's draft as it was kept before another tab's change, while that is taken.
    typing_base: Editor | None = None
    #: What the page says of the last tap it could not take: a text key and its values.
    said: tuple[str, tuple[tuple[str, str], ...]] | None = None

    def __post_init__(self) -> None:
        if not self.draft.id:
            self.draft = Draft(self.new_id(), t("editor.draft-name", n=1), 0)


def update(desk: Desk, message: Message) -> tuple[Desk, tuple[Effect, ...]]:
    """The page's one update: answer one message; the desk changed, and the effects for
    the page to carry out."""
    effects: list[Effect] = []
    if isinstance(message, REPORTS):
        _report(desk, message, effects)
        return desk, tuple(effects)
    desk.said = None
    match message:
        case Yes():
            if desk.asking is not None:
                asked = desk.asking[1]
                desk.asking = None
                _answer(desk, asked, True, effects)
        case No():
            desk.asking = None
        case _:
            _answer(desk, message, False, effects)
    return desk, tuple(effects)


def _answer(desk: Desk, message: Message, sure: bool, effects: list[Effect]) -> None:
    """One message answered; ``sure`` when it is the one a question asked about, and the
    answer was yes."""
    match message:
        case OpenDraft() | NewDraft() | ImportNew() if desk.not_kept is not None and not sure:
            desk.asking = ("leave", message)  # leaving a draft that is not kept
        case OpenDraft(draft_id):
            if draft_id != desk.draft.id:
                _open(desk, draft_id, effects)
        case NewDraft():
            _refresh(desk)
            _fresh(desk, Editor())
        case RenameDraft(name):
            name = shorten(name, NAME_CHARS)
            if name:
                desk.draft = Draft(desk.draft.id, name, desk.draft.updated)
                _save(desk, effects, after="refresh")
        case DownloadDraft():
            effects.append(OfferFile(f"attika-draft-{desk.draft.id}.json", desk.editor.text()))
        case DownloadLesson():
            lesson = OfferFile(lesson_filename(desk.editor.data), desk.editor.text(), True)
            effects.append(lesson)
        case DeleteDraft() if not sure:
            desk.asking = ("delete", message)
        case DeleteDraft():
            _delete(desk, DRAFT + desk.draft.id, effects)
            _open_latest(desk, effects)
        case DownloadUnreadable(key):
            found = [u for u in desk.unreadable if u.key == key]
            if found:
                effects.append(OfferFile(f"{key}.txt", found[0].text))
        case DeleteUnreadable() if not sure:
            desk.asking = ("delete-unreadable", message)
        case DeleteUnreadable(key):
            _delete(desk, key, effects)
        case AskImport():
            effects.append(ReadField("import"))
        case Import(text):
            _import(desk, text, sure, effects)
        case ImportNew(text):
            data = measured_json(text)
            _refresh(desk)
            _fresh(desk, Editor(data=data), name_of(data))
            _save(desk, effects)
        case Yes() | No():
            pass
        case Unreadable(command, ""):
            desk.said = ("error.unknown-command", (("command", command),))
        case Unreadable(_, detail):
            desk.said = ("error.bad-input", (("detail", shorten(detail, 200)),))
        case (
            Found() | ChangedElsewhere() | DraftKept() | DraftNotKept() | NotMovedAside()
        ) | LanguageChanged():
            _report(desk, message, effects)
        case _:
            _edit(desk, message, effects)


def _edit(desk: Desk, message: Edit, effects: list[Effect]) -> None:
    """A change to the position (web/editor/edits.py), kept at once; one the editor cannot
    make now is said instead."""
    refused = apply_edit(desk.editor, message)
    if refused is not None:
        desk.said = ("error.bad-input", (("detail", shorten(refused, 200)),))
        return
    desk.elsewhere = False
    desk.typing_kept = ""
    if json.dumps(desk.editor.data) != desk.kept:
        _save(desk, effects)


def _report(desk: Desk, message: Report, effects: list[Effect]) -> None:
    """What the page reports back: the entries found at the start, another tab's change,
    whether the browser kept a draft or a hand-over, a language chosen."""
    match message:
        case Found(entries):
            desk.stored = {k: v for k, v in entries if is_editors(k)}
            _start(desk, effects)
        case ChangedElsewhere(key, text, typing):
            _changed_elsewhere(desk, key, text, effects)
            if typing is not None and desk.elsewhere:
                _keep_typing(desk, typing, effects)
        case DraftKept(draft_id, text, after):
            desk.stored[DRAFT + draft_id] = text
            desk.stored[CURRENT] = draft_id
            desk.kept = json.dumps(desk.editor.data)
            desk.not_kept = None
            if all(d.id != desk.draft.id for d in desk.listed):
                _refresh(desk)
            _then(desk, after, effects)
        case DraftNotKept(why, after):
            desk.not_kept = why
            if after:
                _refresh(desk)
        case NotMovedAside(key, text):
            desk.stored.pop(key, None)
            desk.stored[STORE_KEY] = text
            _refresh(desk)
        case LanguageChanged():
            desk.editor.check()  # its messages in the new language
            _refresh(desk)


def _changed_elsewhere(desk: Desk, key: str, text: str | None, effects: list[Effect]) -> None:
    """Another tab kept or removed an entry. Every change is kept at once, so the open draft
    as stored is all this tab has done: when the other tab changed it, this tab takes that
    version rather than writing its older one over it with its next change."""
    if not is_editors(key) or key == CURRENT:
        return  # each tab keeps its own draft open
    if text is None:
        desk.stored.pop(key, None)
    else:
        desk.stored[key] = text
    _refresh(desk)
    if key != DRAFT + desk.draft.id:
        return
    if text is None:  # deleted there: this tab follows
        _open_latest(desk, effects)
        return
    try:
        draft, data = read_draft(desk.draft.id, text)
    except DraftUnreadable:
        return
    if json.dumps(data) != desk.kept or draft.name != desk.draft.name:
        desk.typing_base = Editor(data=json.loads(desk.kept)) if desk.kept else Editor()
        desk.typing_base.step = desk.editor.step
        _open(desk, desk.draft.id, effects)
        desk.elsewhere = True


def _keep_typing(desk: Desk, typing: WriteText, effects: list[Effect]) -> None:
    """The text this tab was typing when another tab's change came: added to that version
    when the other tab left that text as it was, else kept in a new draft beside it (both
    tabs wrote the same text: neither is written over). Said on the page either way."""
    before = desk.typing_base
    desk.typing_base = None
    if before is None:
        return
    what, lang = typing.what, typing.lang
    desk.editor.step = min(before.step, max(0, len(desk.editor.data.get("then") or [])))
    if text_of(desk.editor, what, lang) != text_of(before, what, lang):
        name = t("editor.typed-copy", name=desk.draft.name)
        step = desk.editor.step
        _fresh(desk, Editor(data=copy.deepcopy(desk.editor.data)), name)
        desk.editor.step = step
        how = "copied"
    else:
        how = "added"
    _edit(desk, typing, effects)
    desk.elsewhere = how == "added"
    desk.typing_kept = how


# -- opening -----------------------------------------------------------------------------


def _start(desk: Desk, effects: list[Effect]) -> None:
    """The hand-over from the game page first (as a new draft), else the draft open last,
    else the latest draft, else a new one."""
    _refresh(desk)
    handed = desk.stored.get(STORE_KEY)
    if handed is not None:
        _take_handed(desk, handed, effects)
        return
    wanted = desk.stored.get(CURRENT)
    ids = [d.id for d in desk.listed]
    if ids:
        _open(desk, wanted if wanted in ids else ids[0], effects)
    else:
        _fresh(desk, Editor())


def _take_handed(desk: Desk, text: str, effects: list[Effect]) -> None:
    if not fits(text):  # kept as an unreadable draft: listed with why, to download or delete
        key = DRAFT + desk.new_id()
        effects.append(MoveAside(key, text))
        desk.stored[key] = text
        desk.stored.pop(STORE_KEY, None)
        _refresh(desk)
        _open_latest(desk, effects)
        return
    data = measured_json(text)
    _fresh(desk, Editor(data=data), name_of(data))
    _save(desk, effects, after="hand-over")


def _refresh(desk: Desk) -> None:
    """Read the list of drafts again (after a draft was added, renamed or deleted)."""
    desk.listed, desk.unreadable = survey(desk.stored)


def _open(desk: Desk, draft_id: str, effects: list[Effect]) -> None:
    try:
        draft, data = read_draft(draft_id, desk.stored.get(DRAFT + draft_id))
    except DraftUnreadable:
        _refresh(desk)
        return
    desk.editor = Editor(data=data)
    desk.draft = draft
    desk.kept = json.dumps(data)
    desk.not_kept = None
    desk.elsewhere = False
    desk.typing_kept = ""
    desk.stored[CURRENT] = draft_id
    effects.append(NoteOpen(draft_id))


def _open_latest(desk: Desk, effects: list[Effect]) -> None:
    if desk.listed:
        _open(desk, desk.listed[0].id, effects)
    else:
        _fresh(desk, Editor())


def _fresh(desk: Desk, editor: Editor, name: str = "") -> None:
    """A new draft (kept with its first change)."""
    desk.editor = editor
    n = len(desk.listed) + 1
    draft_id = desk.new_id()
    while DRAFT + draft_id in desk.stored:  # never write over one
        draft_id = desk.new_id()
    desk.draft = Draft(draft_id, name or t("editor.draft-name", n=n), desk.now())
    desk.kept = json.dumps(blank())
    desk.not_kept = None
    desk.elsewhere = False


# -- keeping -----------------------------------------------------------------------------


def _save(desk: Desk, effects: list[Effect], after: str = "") -> None:
    try:
        text = entry_text(desk.draft.name, desk.editor.data, desk.now())
    except DraftWouldNotRead as exc:  # refused before the browser is asked
        _report(desk, DraftNotKept(str(exc), after), effects)
        return
    effects.append(SaveDraft(desk.draft.id, text, after))


def _then(desk: Desk, after: str, effects: list[Effect]) -> None:
    """What follows a kept draft: the list read again, the hand-over taken away."""
    if after == "hand-over":
        effects.append(ClearHandOver())
        desk.stored.pop(STORE_KEY, None)
    if after:
        _refresh(desk)


def _delete(desk: Desk, key: str, effects: list[Effect]) -> None:
    """Delete a draft or an unreadable entry (only the editor's), and list them again."""
    if key.startswith(DRAFT) or key == STORE_KEY:
        effects.append(DeleteEntry(key))
        desk.stored.pop(key, None)
    _refresh(desk)


def pristine(desk: Desk) -> bool:
    """Whether the open draft is still the blank start, never changed."""
    return desk.editor.data == blank() and desk.not_kept is None


def _import(desk: Desk, text: str, sure: bool, effects: list[Effect]) -> None:
    """A pasted file opens as a new draft (the open one stays kept), or in the open draft
    when that is still blank."""
    trial = Editor()
    import_text(trial, text)
    if trial.import_error is not None:
        desk.editor.import_error = trial.import_error
        return
    desk.editor.import_error = None
    if pristine(desk):
        import_text(desk.editor, text)
        desk.draft = Draft(desk.draft.id, name_of(trial.data) or desk.draft.name, 0)
        _save(desk, effects)
        return
    _answer(desk, ImportNew(json.dumps(trial.data)), sure, effects)
