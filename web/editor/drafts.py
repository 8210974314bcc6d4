"""A teacher's work kept in this browser: named drafts, and the editor page's state.

Each draft is stored exactly as typed, right or not yet (:class:`Drafts`); :class:`Desk` is
the page's state: the drafts and the one open in the editor (editor.py). Stored data comes
from outside, so it is measured before it is parsed (``attika.inputs``) and checked for the
shape the editor writes; what cannot be read is listed apart, never dropped or written over.
Pure Python over the storage interface of web/table/saves.py, no DOM: web/main.py binds it.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from attika import ScenarioError, shorten

from ..core.text import t
from ..table.saves import Storage
from .editor import NAME_CHARS, Editor, blank, measured_json, refused_words, shape_problem

#: The hand-over: "Make a lesson from this position" on the game page leaves the scenario
#: here for the editor (and an older editor kept its one position here). The editor opens
#: it as a new draft and only then removes it.
STORE_KEY = "attika.editor"
#: Each draft is one entry under this prefix and its id: ``{"name", "updated", "data"}``.
DRAFT = "attika.editor.draft."
#: The id of the draft open last, opened again on the next visit.
CURRENT = "attika.editor.current"


class DraftUnreadable(ValueError):
    """A stored draft the editor cannot open; the message says why, in the player's words."""


class DraftNotKept(OSError):
    """A draft the browser did not keep (storage full, or the draft too long)."""


@dataclass(frozen=True)
class Draft:
    """One draft of the list: its id (the storage key's tail) and name."""

    id: str
    name: str
    updated: int


@dataclass(frozen=True)
class Unreadable:
    """A stored entry that cannot be opened: its whole storage key, why, and its text as
    it is, to download or delete."""

    key: str
    reason: str
    text: str


def _name_of(data: object) -> str:
    """A name for a draft made from a file: its English title."""
    title = data.get("title") if isinstance(data, dict) else None
    if isinstance(title, dict):
        title = title.get("en")
    return shorten(title, NAME_CHARS) if isinstance(title, str) and title.strip() else ""


class Drafts:
    """The drafts of this browser, one storage entry each. Reading never writes, and an
    entry that cannot be read is left exactly where it is (moving it needs room that a full
    storage does not have): it is listed apart with the reason, and no draft is ever saved
    under its key."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def _keys(self) -> list[str]:
        keys = [self.storage.key(i) for i in range(self.storage.length)]
        return sorted(k for k in keys if k is not None and k.startswith(DRAFT))

    def read(self, draft_id: str) -> tuple[Draft, dict[str, Any]]:
        """The draft and its data; DraftUnreadable with the reason if it cannot be opened."""
        text = self.storage.getItem(DRAFT + draft_id)
        if text is None:
            raise DraftUnreadable(t("editor.draft-gone"))
        try:
            entry = measured_json(text)
        except ScenarioError as exc:
            raise DraftUnreadable(refused_words(exc.code, exc.params, exc.problem)) from None
        if not isinstance(entry, dict) or "data" not in entry:
            raise DraftUnreadable(t("editor.draft-bad", field="(draft)"))
        where = shape_problem(entry["data"])
        if where is not None:
            raise DraftUnreadable(t("editor.draft-bad", field=shorten(where, NAME_CHARS)))
        name = entry.get("name")
        updated = entry.get("updated")
        return (
            Draft(
                draft_id,
                shorten(name, NAME_CHARS) if isinstance(name, str) and name.strip() else "?",
                updated if isinstance(updated, int) and not isinstance(updated, bool) else 0,
            ),
            entry["data"],
        )

    def survey(self) -> tuple[list[Draft], list[Unreadable]]:
        """Every draft that opens (the latest first), and every entry that does not."""
        good: list[Draft] = []
        bad: list[Unreadable] = []
        for key in self._keys():
            try:
                good.append(self.read(key[len(DRAFT) :])[0])
            except DraftUnreadable as exc:
                bad.append(Unreadable(key, str(exc), self.storage.getItem(key) or ""))
        good.sort(key=lambda d: (d.updated, d.id), reverse=True)
        return good, bad

    def save(self, draft_id: str, name: str, data: dict[str, Any], now: int) -> None:
        """Keep the draft; DraftNotKept with the reason when the browser refuses it."""
        entry = {"name": name, "updated": now, "data": data}
        text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
        try:
            measured_json(text)  # a draft that would not read back is not kept
        except ScenarioError as exc:
            raise DraftNotKept(refused_words(exc.code, exc.params, exc.problem)) from None
        try:
            self.storage.setItem(DRAFT + draft_id, text)
        except Exception:  # the browser's quota error arrives as a JS exception
            raise DraftNotKept(t("editor.storage-full")) from None
        with contextlib.suppress(Exception):
            self.storage.setItem(CURRENT, draft_id)

    def delete(self, key: str) -> None:
        """Delete a draft or an unreadable entry by its whole key (only the editor's)."""
        if key.startswith(DRAFT) or key == STORE_KEY:
            self.storage.removeItem(key)

    def current(self) -> str | None:
        return self.storage.getItem(CURRENT)


def _fits(text: str) -> bool:
    """Whether a stored text is data the editor can open."""
    try:
        return shape_problem(measured_json(text)) is None
    except ScenarioError:
        return False


#: Commands that leave the open draft for another one.
LEAVING = ("draft-open", "draft-new", "import-new")


class Desk:
    """The editor page's state: the drafts of this browser and the one open.

    Every change is saved at once; a save the browser refuses is reported with the reason
    (``not_kept``) and the draft stays open, to download, until a save succeeds. Leaving a
    draft that is not kept, and deleting anything, is asked first (``asking``)."""

    def __init__(self, storage: Storage, now: Callable[[], int], new_id: Callable[[], str]):
        self.drafts = Drafts(storage)
        self.storage = storage
        self.now = now
        self.new_id = new_id
        self.editor = Editor()
        self.draft = Draft(new_id(), t("editor.draft-name", n=1), 0)
        #: Why the open draft's last change is not kept in the browser, or None.
        self.not_kept: str | None = None
        #: A question waiting for yes or no: (what is asked, the command, its argument).
        self.asking: tuple[str, str, str] | None = None
        #: A file for the binder to offer as a download: (file name, text).
        self.download: tuple[str, str] | None = None
        self.listed: list[Draft] = []
        self.unreadable: list[Unreadable] = []
        self._kept = ""  # the data as last kept
        self._start()

    # -- opening ------------------------------------------------------------------------

    def _start(self) -> None:
        """The hand-over from the game page first (as a new draft), else the draft open
        last, else the latest draft, else a new one."""
        self.refresh()
        handed = self.storage.getItem(STORE_KEY)
        if handed is not None:
            self._take_handed(handed)
            return
        wanted = self.drafts.current()
        ids = [d.id for d in self.listed]
        if ids:
            self._open(wanted if wanted in ids else ids[0])
        else:
            self._fresh(Editor())

    def _take_handed(self, text: str) -> None:
        if not _fits(text):  # kept as an unreadable draft: listed with why, to download or delete
            with contextlib.suppress(Exception):
                self.storage.setItem(DRAFT + self.new_id(), text)
                self.storage.removeItem(STORE_KEY)
            self.refresh()
            if self.listed:
                self._open(self.listed[0].id)
            else:
                self._fresh(Editor())
            return
        data = measured_json(text)
        self._fresh(Editor(data=data), _name_of(data))
        self._save()
        if self.not_kept is None:
            self.storage.removeItem(STORE_KEY)
        self.refresh()

    def refresh(self) -> None:
        """Read the list of drafts again (after a draft was added, renamed or deleted)."""
        self.listed, self.unreadable = self.drafts.survey()
        handed = self.storage.getItem(STORE_KEY)
        if handed is not None and not _fits(handed):  # could not be moved aside: still listed
            self.unreadable.append(
                Unreadable(STORE_KEY, t("editor.draft-bad", field="(file)"), handed)
            )

    def _open(self, draft_id: str) -> None:
        try:
            draft, data = self.drafts.read(draft_id)
        except DraftUnreadable:
            self.refresh()
            return
        self.editor = Editor(data=data)
        self.draft = draft
        self._kept = json.dumps(data)
        self.not_kept = None
        with contextlib.suppress(Exception):
            self.storage.setItem(CURRENT, draft_id)

    def _fresh(self, editor: Editor, name: str = "") -> None:
        """A new draft (kept with its first change)."""
        self.editor = editor
        n = len(self.listed) + 1
        draft_id = self.new_id()
        while self.storage.getItem(DRAFT + draft_id) is not None:  # never write over one
            draft_id = self.new_id()
        self.draft = Draft(draft_id, name or t("editor.draft-name", n=n), self.now())
        self._kept = json.dumps(blank())
        self.not_kept = None

    # -- keeping ------------------------------------------------------------------------

    def _save(self) -> None:
        try:
            self.drafts.save(self.draft.id, self.draft.name, self.editor.data, self.now())
        except DraftNotKept as exc:
            self.not_kept = str(exc)
            return
        self._kept = json.dumps(self.editor.data)
        self.not_kept = None
        if all(d.id != self.draft.id for d in self.listed):
            self.refresh()

    def pristine(self) -> bool:
        """Whether the open draft is still the blank start, never changed."""
        return self.editor.data == blank() and self.not_kept is None

    # -- commands -----------------------------------------------------------------------

    def command(self, cmd: str, arg: str = "") -> None:
        """A tap or form change on the editor page."""
        if cmd == "yes" and self.asking is not None:
            _, cmd, arg = self.asking
            self.asking = None
            self._do(cmd, arg, sure=True)
        elif cmd == "no":
            self.asking = None
        else:
            self._do(cmd, arg, sure=False)

    def _do(self, cmd: str, arg: str, sure: bool) -> None:
        if cmd in LEAVING and self.not_kept is not None and not sure:
            self.asking = ("leave", cmd, arg)
            return
        if cmd == "draft-open":
            if arg != self.draft.id:
                self._open(arg)
        elif cmd in ("draft-new", "new"):
            self.refresh()
            self._fresh(Editor())
        elif cmd == "draft-name":
            name = shorten(arg, NAME_CHARS)
            if name:
                self.draft = Draft(self.draft.id, name, self.draft.updated)
                self._save()
                self.refresh()
        elif cmd == "draft-download":
            self.download = (f"attika-draft-{self.draft.id}.json", self.editor.text())
        elif cmd == "draft-delete":
            if not sure:
                self.asking = ("delete", cmd, arg)
                return
            self.drafts.delete(DRAFT + self.draft.id)
            self.refresh()
            if self.listed:
                self._open(self.listed[0].id)
            else:
                self._fresh(Editor())
        elif cmd == "unreadable-download":
            found = [u for u in self.unreadable if u.key == arg]
            if found:
                self.download = (f"{arg}.txt", found[0].text)
        elif cmd == "unreadable-delete":
            if not sure:
                self.asking = ("delete-unreadable", cmd, arg)
                return
            self.drafts.delete(arg)
            self.refresh()
        elif cmd == "import":
            self._import(arg, sure)
        elif cmd == "import-new":  # a file import() has read (and asked about leaving)
            data = measured_json(arg)
            self.refresh()
            self._fresh(Editor(data=data), _name_of(data))
            self._save()
        else:
            self.editor.handle(cmd, arg)
            if json.dumps(self.editor.data) != self._kept:
                self._save()

    def _import(self, text: str, sure: bool) -> None:
        """A pasted file opens as a new draft (the open one stays kept), or in the open
        draft when that is still blank."""
        trial = Editor()
        trial.handle("import", text)
        if trial.import_error is not None:
            self.editor.import_error = trial.import_error
            return
        self.editor.import_error = None
        if self.pristine():
            self.editor.handle("import", text)
            self.draft = Draft(self.draft.id, _name_of(trial.data) or self.draft.name, 0)
            self._save()
            return
        self._do("import-new", json.dumps(trial.data), sure)
